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

The search is a generator (``iter_*``) that yields every few base sets (finned) or every
150 (not finned): the finned Swordfish tries thousands of them on a hard board.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Final, cast

from sudoku_core._steps import run_to_end
from sudoku_core.grid import cell_name, unit_name
from sudoku_core.logic.board import ALL_CELLS, PEER_BITS, UNIT_BITS, Board, cells_of
from sudoku_core.logic.steps import Search, Step, make_step

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

    __slots__ = ("bases", "searched", "where")

    def __init__(self, where: int) -> None:
        self.where = where
        self.searched = False
        self.bases: dict[tuple[int, tuple[int, ...]], int] = {}

    def catch_up(self, where: int) -> None:
        """Keep what is still sound for the candidates ``where`` (all of it when they shrank)."""
        if where & ~self.where:
            self.bases.clear()
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
            for base in combinations(pool, n):
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
    body = 0
    for u in base:
        body |= board.where[d] & UNIT_BITS[u]
    text = (
        f"{name} on {d}: base {', '.join(unit_name(u) for u in base)}, "
        f"cover {', '.join(unit_name(u) for u in cover)}"
    )
    if fins:
        text += " with fin " + ", ".join(cell_name(c) for c in cells_of(fins))
    return make_step(
        name,
        text,
        eliminations=[(c, d) for c in cells_of(removed)],
        cells=list(cells_of(body)),
        candidates=[(c, d) for c in cells_of(body)],
        units=base,
        base=base,
        cover=cover,
        fins=list(cells_of(fins)),
    )


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
