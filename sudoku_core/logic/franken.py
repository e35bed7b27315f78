"""Franken fish: fish whose base or cover sets include boxes.

A fish of size n on digit d takes n *base* units and n *cover* units: when every base
candidate of d lies in a cover unit, the n base units hold n d's (their cells do not overlap),
one in each cover unit, so the cover units lose d everywhere outside the base. A cell in two
cover units would use two of them at once, so it loses d too (a *cannibal* elimination).
In a *Franken* fish the base is rows and boxes and the cover columns and boxes (or base
columns and boxes, cover rows and boxes), with at least one box; a plain rows-and-columns
fish is :mod:`sudoku_core.logic.fish`'s.

*Finned*: some base candidates (the fins, at most five, plus cells shared by two base units,
the *endo fins*, at most two) lie outside the cover. Either the fish holds or a fin is true,
so only the cells that also see every fin lose d.

As HoDoKu's default configuration: Franken X-Wing and Swordfish, finned Franken X-Wing and
Swordfish; the step is the first found (digits 1-9, rows as base first, base units in unit
order, then cover units in unit order), as HoDoKu's ``FishSolver`` returns it.

The finned search first asks of each base set whether any cell could be cleared at all (the
*target filter*, below): on a hard board thousands of base sets have covers with few fins but
none with a cell that sees them all, and the filter rules them out a pair of base units at a
time, about 10x cheaper than trying their covers (same first fish).

The search is a generator (``iter_*``) that yields every few base sets (finned) or every
150 (not finned), and every few target tests.

Why over 500 lines in one module: it is one search, with its cover search, its target filter
and what it remembers of a digit between boards (``_Fishless``); none of those parts serves
anything else.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import Final, cast

from sudoku_core._slices import run_to_end
from sudoku_core.grid import unit_name
from sudoku_core.logic.board import ALL_CELLS, PEER_BITS, ROW_BITS, UNIT_BITS, Board, cells_of
from sudoku_core.logic.fish import fish_step
from sudoku_core.logic.steps import Search, Step

__all__ = [
    "find_finned_franken_swordfish",
    "find_finned_franken_x_wing",
    "find_franken_swordfish",
    "find_franken_x_wing",
    "iter_franken",
]

_NAMES: Final = {2: "X-Wing", 3: "Swordfish"}
_MAX_FINS: Final = 5
_MAX_ENDO_FINS: Final = 2
_BASES_PER_SLICE: Final = {False: 150, True: 4}
"""Base sets tried between two yields: a finned fish's covers take a few hundred calls each."""
_BOXES: Final = tuple(range(18, 27))
_SIDES: Final = (
    (tuple(range(9)) + _BOXES, tuple(range(9, 18)) + _BOXES),  # base rows, cover columns
    (tuple(range(9, 18)) + _BOXES, tuple(range(9)) + _BOXES),  # base columns, cover rows
)
"""Per orientation: the units the base and the cover are taken from, in unit order."""


@lru_cache(maxsize=8192)
def _common_peers(cells: int) -> int:
    """The cells that see every one of ``cells`` (kept: the same fins come back often)."""
    seen = ALL_CELLS
    for c in cells_of(cells):
        seen &= PEER_BITS[c]
    return seen


_UNSEEN: Final = tuple(ALL_CELLS & ~PEER_BITS[c] & ~(1 << c) for c in range(81))
"""Per cell: the cells that do not see it (a fin there rules it out as an elimination)."""


def _first_cover(
    where_d: int,
    base: tuple[int, ...],
    base_cells: int,
    endo: int,
    eligible: list[tuple[int, int]],
    *,
    finned: bool,
) -> tuple[tuple[int, ...], int, int] | None:
    """The first cover of ``len(base)`` units from ``eligible`` (unit, its d cells), in
    order, that makes a Franken fish with eliminations: (cover units, eliminations, fins).

    Plain loops, one per cover unit (sizes 2 and 3 only), instead of a recursion with a list
    of the units chosen (a third of the time went to calls and list upkeep). The first units
    are pruned once the units left cannot cover all but the allowed fins, or the fins that are
    certain (no later unit covers them) are too many or see no cell the cover could clear;
    the last unit is just tried (about 30 tries per base set on the hardest boards, checking
    them for prunes cost more than it saved). Cells seeing every fin are found by ANDing the
    fins' peers one by one until none is left (an LRU cache of fins sets missed one call in
    five). Every prune only skips covers that are not fish, so the first fish is as before.
    """
    n = len(base)
    units = [u for u, _ in eligible]
    cells = [c for _, c in eligible]
    m = len(cells)
    # A Franken fish has a box: when the base has none (bases and covers are in unit order,
    # boxes last), the last cover unit is one.
    last_from = 0 if base[-1] >= 18 else next((k for k in range(m) if units[k] >= 18), m)
    if last_from == m:
        return None
    allowed = _MAX_FINS if finned else 0
    # Per index: the cells of the units from there on, and the most base cells one covers.
    later = [0] * (m + 1)
    widest = [0] * (m + 1)
    widths = [(c & base_cells).bit_count() for c in cells]
    for k in range(m - 1, -1, -1):
        later[k] = later[k + 1] | cells[k]
        width = widths[k]
        widest[k] = width if width > widest[k + 1] else widest[k + 1]
    # Finned: some cell of the cover units must see every fin that is certain already (an
    # endo fin, a base cell no cover unit holds). (Listing each cell that could be cleared with
    # the base cells it needs covered, as before, pruned no cover more and cost a fifth of the
    # search: one pass over the digit's cells per base set.)
    if finned:
        certain = (base_cells & ~later[0]) | endo
        if not where_d & later[0] & _common_peers(certain):
            return None

    def last(covered: int, open_cells: int, twice: int, start: int) -> tuple[int, int, int] | None:
        """The first last unit from ``start`` that completes a fish: (index, clear, fins)."""
        short = open_cells.bit_count() - allowed
        for k in range(start if start > last_from else last_from, m):
            if widths[k] < short:
                continue  # the unit holds too few base cells: too many fins left
            cells_k = cells[k]
            fins = (open_cells & ~cells_k) | endo
            if finned:
                if not fins or fins.bit_count() > _MAX_FINS:
                    continue
            elif fins:
                continue
            clear = where_d & (((covered | cells_k) & ~base_cells) | twice | (covered & cells_k))
            while clear and fins:  # the cells that see every fin; most fins leave none
                low = fins & -fins
                clear &= PEER_BITS[low.bit_length() - 1]
                fins ^= low
            if clear:
                return k, clear, (open_cells & ~cells_k) | endo
        return None

    # The prunes below (written out where they were a function, ``hopeless``, called twice a
    # cover pair: calls were a sixth of the search) skip the first units once the units left
    # cannot cover all but the allowed fins, or the fins that are certain (no later unit covers
    # them) are too many or see no cell the cover could clear.
    base_count = base_cells.bit_count()
    for i in range(m - n + 1):
        later_i = later[i]
        if base_count - n * widest[i] > allowed:
            return None
        certain = (base_cells & ~later_i) | endo
        if certain and (
            not finned
            or certain.bit_count() > _MAX_FINS
            or not where_d & later_i & _common_peers(certain)
        ):
            return None
        first = cells[i]
        open_first = base_cells & ~first
        if finned and not open_first:
            continue  # as HoDoKu: a partial cover with no fin left is not extended
        if n == 2:
            found = last(first, open_first, 0, i + 1)
            if found:
                k, clear, fins = found
                return (units[i], units[k]), clear, fins
            continue
        open_count = open_first.bit_count()
        for j in range(i + 1, m - 1):
            later_j = later[j]
            if open_count - 2 * widest[j] > allowed:
                break
            certain = (open_first & ~later_j) | endo
            if certain and (
                not finned
                or certain.bit_count() > _MAX_FINS
                or not where_d & (first | later_j) & _common_peers(certain)
            ):
                break
            cells_j = cells[j]
            open_cells = open_first & ~cells_j
            if finned and not open_cells:
                continue
            if open_cells.bit_count() - widest[j + 1] > allowed:
                continue  # no last unit covers enough
            found = last(first | cells_j, open_cells, first & cells_j, j + 1)
            if found:
                k, clear, fins = found
                return (units[i], units[j], units[k]), clear, fins
    return None


# The target filter (finned fish only), a necessary condition tested before the cover search.
#
# A finned fish clears a cell (the *target*) that sees every fin and lies in a cover unit. So
# the base cells that do not see the target, and the target, are all covered: with base rows and
# boxes and cover columns and boxes (the other orientation is the same on the transposed grid),
# by at most n columns and boxes that are not base boxes. Covering cells by columns and boxes is
# a vertex cover of a bipartite graph (a cell is the edge between its column and its box), which
# falls apart into the three stacks: 3 columns, 3 boxes and at most 9 edges each (a 9-bit *edge
# mask*, bit 3 * band + column in the stack), so the smallest cover is a sum of table lookups.
# The target adds one unit (its column and box lose all other edges: it is alone). The test is
# monotone in the base units (another unit only adds cells to cover, and a box that may not
# cover), so a pair of base units that no target passes rules out every triple holding it, and
# a triple is tested only on the targets its three pairs let through. Measured: on the first
# boards of 40 forum_hardest puzzles, 162,000 base sets leave few enough fins for some cover,
# none has a fish and none passes; on 20 boards along their paths 1 of 17,491 base sets that
# passed without the cannibal rule (a target in a base row takes two units) has a fish, and with
# it only that one passes. The finned Swordfish went from 191 to 12 ms on such a first board.

_COLUMN_EDGES: Final = (0o111, 0o222, 0o444)
"""Per column of a stack: its edges in the stack's edge mask."""
_BOX_EDGES: Final = (0o7, 0o70, 0o700)
"""Per band: the edges of the stack's box in that band."""
_STACKS: list[tuple[int, tuple[int, ...]] | None] = [None] * 4096
"""Per stack key (forbidden boxes << 9 | edge mask), filled as met (a list: indexing it is
cheaper than a dict's ``get``; all of it would take 0.14 s to fill up front): the least
number of units covering the edges, and per band * 3 + budget (0 to 2) the 3-bit set of the
columns where a target (in that band) leaves edges that ``budget`` units cover."""


_KEPT: Final = tuple(
    0o777 & ~sum(_COLUMN_EDGES[i] for i in range(3) if columns >> i & 1) for columns in range(8)
)
"""Per 3-bit set of a stack's columns: the edges they leave uncovered."""


def _least_cover(mask: int, forbidden: int) -> int:
    """The fewest columns and boxes (not ``forbidden``, a 3-bit set of bands) covering ``mask``."""
    best = 3  # the three columns cover everything
    for columns in range(7):
        left = mask & _KEPT[columns]
        bands = (left | left >> 1 | left >> 2) & 0o111  # bit 3 * band: the box has an edge left
        if not bands & (forbidden & 1 | (forbidden & 2) << 2 | (forbidden & 4) << 4):
            best = min(best, columns.bit_count() + bands.bit_count())
    return best


def _stack(key: int) -> tuple[int, tuple[int, ...]]:
    """The entry of ``_STACKS`` for ``key``, worked out and kept."""
    mask, forbidden = key & 0o777, key >> 9
    viable = []
    for band in range(3):
        after = [
            _least_cover(mask & ~(_COLUMN_EDGES[i] | _BOX_EDGES[band]), forbidden) for i in range(3)
        ]
        viable += [sum(1 << i for i in range(3) if after[i] <= budget) for budget in range(3)]
    found = _STACKS[key] = (_least_cover(mask, forbidden), tuple(viable))
    return found


def _edges(cells: int) -> int:
    """The edge masks of ``cells`` for the three stacks, stack s at bit 9 * s."""
    edges = 0
    for band in range(3):
        rows = cells >> (27 * band)
        columns = (rows | rows >> 9 | rows >> 18) & 0o777
        edges |= ((columns & 0o7) | (columns & 0o70) << 6 | (columns & 0o700) << 12) << (3 * band)
    return edges


def _edges_off_row(cells: int, box: bool) -> list[int]:
    """Per row: the edges of ``cells`` (one row or box's) outside that row."""
    edges = _edges(cells)
    off = [edges] * 9
    for r in range(9):
        row_cells = cells & ROW_BITS[r]
        if row_cells:
            off[r] = _edges(cells & ~row_cells) if box else 0
    return off


def _targets(
    off_row: list[list[int]], forbidden: int, base_rows: int, candidates: int, n: int
) -> int:
    """Of ``candidates``, the cells a fish on the base units (their edges off each row,
    ``off_row``; ``forbidden``, the base boxes, bit 3 * stack + band; ``base_rows``, the base
    rows, bit r) could clear: the cells such that the base cells not seeing it, and itself, can be
    covered by n columns and boxes. A target in a base row is cleared only as a cannibal, by
    its column and its box both: it takes two units."""
    found = 0
    f0, f1, f2 = (forbidden & 7) << 9, (forbidden >> 3 & 7) << 9, (forbidden >> 6) << 9
    while candidates:
        r = (candidates.bit_length() - 1) // 9
        row = candidates >> (9 * r)
        candidates &= (1 << (9 * r)) - 1
        edges = 0
        for off in off_row:
            edges |= off[r]
        k0, k1, k2 = f0 | (edges & 0o777), f1 | (edges >> 9 & 0o777), f2 | (edges >> 18)
        s0 = _STACKS[k0] or _stack(k0)
        s1 = _STACKS[k1] or _stack(k1)
        s2 = _STACKS[k2] or _stack(k2)
        spare = n - 1 - s0[0] - s1[0] - s2[0] - (base_rows >> r & 1)
        if spare < -2:
            continue  # a target takes at most two units off its stack's cover
        band = 3 * (r // 3)
        viable = 0
        if row & 0o7 and spare + s0[0] >= 0:
            viable = s0[1][band + spare + s0[0]]
        if row & 0o70 and spare + s1[0] >= 0:
            viable |= s1[1][band + spare + s1[0]] << 3
        if row & 0o700 and spare + s2[0] >= 0:
            viable |= s2[1][band + spare + s2[0]] << 6
        found |= (viable & row) << (9 * r)
    return found


def _transposed(cells: int) -> int:
    """``cells`` mirrored on the main diagonal (rows become columns)."""
    out = 0
    while cells:
        low = cells & -cells
        c = low.bit_length() - 1
        out |= 1 << (9 * (c % 9) + c // 9)
        cells ^= low
    return out


def _mirrored_unit(u: int) -> int:
    """The unit that ``u`` (a column or a box) becomes on the transposed grid."""
    if u < 18:
        return u - 9
    band, stack = divmod(u - 18, 3)
    return 18 + 3 * stack + band


_TESTS_PER_SLICE: Final = 32
"""Target tests between two pauses of :func:`_passing_bases` (a test costs about a base set's
cover search at most)."""


_Targets = dict[tuple[int, ...], tuple[tuple[int, ...], int]]
"""Per (orientation, base units): the units' cells when tested, and the targets that passed."""


def _passing_bases(
    where_d: int, orient: int, pool: list[tuple[int, int]], n: int, kept: _Targets
) -> Iterator[tuple[tuple[int, int], ...] | None]:
    """The base sets of ``pool`` (in the order of ``combinations(pool, n)``) that pass the target
    filter, and ``None`` every few tests (a pause for the caller's slices).

    A unit's or a pair's targets depend on its cells alone (and where the candidates are), so
    they are kept in ``kept`` and reused while the cells stay the same: a step changes a few
    units of a digit, and the pairs were two thirds of the tests (the finned searches took
    2.6 s on the paths of 40 forum_hardest puzzles without this, 1.4 s with it).
    """
    grid = where_d if orient == 0 else _transposed(where_d)
    m = len(pool)
    units = [u if orient == 0 else _mirrored_unit(u) for u, _ in pool]
    cells = [grid & UNIT_BITS[u] for u in units]
    off: list[list[int] | None] = [None] * m
    boxes = [1 << (3 * ((u - 18) % 3) + (u - 18) // 3) if u >= 18 else 0 for u in units]
    rows = [1 << u if u < 9 else 0 for u in units]

    def off_row(i: int) -> list[int]:
        found = off[i]
        if found is None:
            found = off[i] = _edges_off_row(cells[i], units[i] >= 18)
        return found

    tests = 0
    single = []
    for i in range(m):
        key: tuple[int, ...] = (orient, pool[i][0])
        seen = kept.get(key)
        if seen is not None and seen[0][0] == cells[i]:
            single.append(seen[1] & grid)
            continue
        # A target in a base box is in the base: only a base row's cell can be cleared (cannibal).
        free = grid & ~UNIT_BITS[units[i]] if units[i] >= 18 else grid
        found = _targets([off_row(i)], boxes[i], rows[i], free, n)
        kept[key] = ((cells[i],), found)
        single.append(found)
        tests += 1
    pairs = [[0] * m for _ in range(m)]
    for i in range(m):
        for j in range(i + 1, m):
            candidates = single[i] & single[j]
            if not candidates:
                continue
            key = (orient, pool[i][0], pool[j][0])
            seen = kept.get(key)
            if seen is not None and seen[0] == (cells[i], cells[j]):
                pairs[i][j] = seen[1] & candidates
                continue
            candidates &= _common_peers(cells[i] & cells[j])
            if candidates:
                tests += 1
                if tests % _TESTS_PER_SLICE == 0:
                    yield None
                candidates = _targets(
                    [off_row(i), off_row(j)], boxes[i] | boxes[j], rows[i] | rows[j], candidates, n
                )
            kept[key] = ((cells[i], cells[j]), candidates)
            pairs[i][j] = candidates
    if n == 2:
        for i in range(m):
            for j in range(i + 1, m):
                if pairs[i][j]:
                    yield pool[i], pool[j]
        return
    for i in range(m):
        row_i = pairs[i]
        for j in range(i + 1, m):
            if not row_i[j]:
                continue
            row_j = pairs[j]
            for k in range(j + 1, m):
                candidates = row_i[j] & row_i[k] & row_j[k]
                if not candidates:
                    continue
                endo = (cells[i] & cells[j]) | (cells[i] & cells[k]) | (cells[j] & cells[k])
                if endo:
                    candidates &= _common_peers(endo)
                if not candidates:
                    continue
                tests += 1
                if tests % _TESTS_PER_SLICE == 0:
                    yield None
                three = [off_row(i), off_row(j), off_row(k)]
                forbidden = boxes[i] | boxes[j] | boxes[k]
                if _targets(three, forbidden, rows[i] | rows[j] | rows[k], candidates, n):
                    yield pool[i], pool[j], pool[k]


class _Fishless:
    """What the search learnt about one digit on one board: the candidates it last saw, whether
    the whole digit had no fish then, and per base set (orientation, base units) the base cells
    it had no fish with.

    Sound while the digit's candidates only shrink (a board only loses candidates): with the
    same base cells, a cover gives the same fins and the same cover of the base, and can only
    clear fewer cells, so a base set with no fish before has none now. On the first three
    forum_hardest puzzles it skips about a fifth of the base sets left to search (a step and
    the singles after it change many rows and boxes of a digit).
    """

    __slots__ = ("bases", "searched", "targets", "where")

    def __init__(self, where: int) -> None:
        self.where = where
        self.searched = False
        self.bases: dict[tuple[int, tuple[int, ...]], int] = {}
        self.targets: _Targets = {}

    def catch_up(self, where: int) -> None:
        """Keep what is still sound for the candidates ``where`` (all of it when they shrank)."""
        if where & ~self.where:
            self.bases.clear()
            self.targets.clear()
        self.searched = self.searched and where == self.where
        self.where = where


def iter_franken(board: Board, n: int, finned: bool) -> Search:
    """The first Franken fish of size ``n`` (finned or not) in HoDoKu's order, in slices."""
    tried = 0
    memo = cast("dict[int, _Fishless]", board.memo.setdefault(("franken", n, finned), {}))
    for d in range(1, 10):
        where_d = board.where[d]
        kept = memo.get(d)
        if kept is None:
            kept = memo[d] = _Fishless(where_d)
        else:
            kept.catch_up(where_d)
        if kept.searched:
            continue
        fishless = kept.bases
        for orient, (base_units, cover_units) in enumerate(_SIDES):
            pool = [(u, where_d & UNIT_BITS[u]) for u in base_units]
            pool = [(u, c) for u, c in pool if c and (finned or c.bit_count() <= n)]
            covers = [(u, where_d & UNIT_BITS[u]) for u in cover_units]
            bases = (
                _passing_bases(where_d, orient, pool, n, kept.targets)
                if finned
                else combinations(pool, n)
            )
            for base in bases:
                if base is None:
                    yield
                    continue
                tried += 1
                if tried % _BASES_PER_SLICE[finned] == 0:
                    yield
                base_cells = endo = 0
                for _, cells in base:
                    overlap = base_cells & cells
                    if overlap:
                        endo |= overlap
                    base_cells |= cells
                if endo and (not finned or endo.bit_count() > _MAX_ENDO_FINS):
                    continue
                base_ids = tuple(u for u, _ in base)
                key = (orient, base_ids)
                if fishless.get(key) == base_cells:
                    continue
                eligible = [(u, c) for u, c in covers if c & base_cells and u not in base_ids]
                if len(eligible) < n:
                    continue
                found = _first_cover(where_d, base_ids, base_cells, endo, eligible, finned=finned)
                if not found:
                    fishless[key] = base_cells
                    continue
                cover, removed, fins = found
                return _step(
                    board,
                    d,
                    n=n,
                    finned=finned,
                    base=base_ids,
                    cover=cover,
                    removed=removed,
                    fins=fins,
                )
        kept.searched = True
    return None


def _step(
    board: Board,
    d: int,
    *,
    n: int,
    finned: bool,
    base: tuple[int, ...],
    cover: tuple[int, ...],
    removed: int,
    fins: int,
) -> Step:
    name = ("Finned Franken " if finned else "Franken ") + _NAMES[n]
    text = (
        f"{name} on {d}: base {', '.join(unit_name(u) for u in base)}, "
        f"cover {', '.join(unit_name(u) for u in cover)}"
    )
    return fish_step(board, name, d, text, base=base, cover=cover, removed=removed, fins=fins)


def find_franken_x_wing(board: Board) -> Step | None:
    """Franken X-Wing: two base and two cover units, a box among them."""
    return run_to_end(iter_franken(board, 2, False))


def find_franken_swordfish(board: Board) -> Step | None:
    """Franken Swordfish: three base and three cover units, a box among them."""
    return run_to_end(iter_franken(board, 3, False))


def find_finned_franken_x_wing(board: Board) -> Step | None:
    """Finned Franken X-Wing."""
    return run_to_end(iter_franken(board, 2, True))


def find_finned_franken_swordfish(board: Board) -> Step | None:
    """Finned Franken Swordfish."""
    return run_to_end(iter_franken(board, 3, True))


def iter_franken_x_wing(board: Board) -> Search:
    """:func:`find_franken_x_wing` in slices."""
    return iter_franken(board, 2, False)


def iter_franken_swordfish(board: Board) -> Search:
    """:func:`find_franken_swordfish` in slices."""
    return iter_franken(board, 3, False)


def iter_finned_franken_x_wing(board: Board) -> Search:
    """:func:`find_finned_franken_x_wing` in slices."""
    return iter_franken(board, 2, True)


def iter_finned_franken_swordfish(board: Board) -> Search:
    """:func:`find_finned_franken_swordfish` in slices."""
    return iter_franken(board, 3, True)
