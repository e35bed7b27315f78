"""Almost Locked Sets: ALS-XZ, ALS-XY-Wing and ALS-XY-Chain.

An *almost locked set* (ALS) is N cells of one unit with N+1 candidates between them (a
bivalue cell is the smallest). Take any one digit away and the rest is locked: the N cells
hold exactly the other N digits.

A *restricted common* (RC) of two ALSs that share no cell is a digit x both hold where every
x of one sees every x of the other: x is true in at most one of them.

- ALS-XZ: ALSs A and B with RC x. One of them loses x and is then locked, so every other
  digit z they share is in A or B: a cell that sees every z of both loses z. With two RCs
  (doubly linked) both sets are locked but for one RC each: every non-RC digit of A is in A
  (cells seeing all of them lose it), likewise for B, and each RC digit is in A or B.
- ALS-XY-Wing: pivot C with RC x to A and RC y to B (x != y). If neither A nor B held z
  (z != x, y), A would hold x and B y, leaving C with too few digits: cells that see every z
  of A and B lose z.
- ALS-XY-Chain: ALSs A1 .. An (n >= 4), each linked to the next by an RC whose digit differs
  from the link before. If A1 lacks the first link's digit it is locked; else A2 lacks it,
  is locked and holds the next link's digit, so A3 lacks that, and so on to An. Either way a
  digit z of A1 and An (not a digit of the end links) is in A1 or An: cells that see every
  z of both lose z. As in HoDoKu, a chain only moves forward in HoDoKu's list of ALSs.

As in HoDoKu's default solving, linked ALSs may not overlap.

The searches are generators (``iter_*``) that yield after each unit and each ALS they
extend: listing the ALSs and their RCs and trying every pair takes up to 0.18 s on the
hardest puzzles in CPython, longer than the bridge's 30 ms slices, which can only stop at a
yield. ``find_*`` runs them to the end.

Why over 500 lines in one module: the three techniques share one listing of the board's ALSs
and their RC table, kept between searches (``_last``: a step changes a few cells, so the next
board's listing reuses the rest); apart, each module would need that cache from another.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

from sudoku_core._record import Frozen, Record, frozen_init
from sudoku_core._slices import run_to_end
from sudoku_core.grid import UNITS
from sudoku_core.logic.board import (
    ALL_CELLS,
    BIT_COUNT,
    MASK_DIGITS,
    PEER_BITS,
    UNIT_BITS,
    Board,
    Cellset,
    cells_of,
)
from sudoku_core.logic.steps import Search, Step, cells_text, digits_text, make_step, spread

__all__ = [
    "Als",
    "alses_and_rcs",
    "find_als_xy_chain",
    "find_als_xy_wing",
    "find_als_xz",
    "find_alses",
    "iter_als_xy_chain",
    "iter_als_xy_wing",
    "iter_als_xz",
    "restricted_commons",
]


class Als(Frozen):
    """N cells of ``unit`` with the N+1 digits of ``mask``.

    ``spots[d]``: the cells of the set that hold candidate ``d``; ``seen[d]``: every cell that
    sees all of them (so it cannot hold ``d`` if the set does). ``digits``: per digit of the
    set, the digit and its spots as a tuple of cells (for the RC table, :func:`_seers`).
    """

    _fields = ("cells", "mask", "unit", "spots", "seen", "digits")
    _compared = _fields[:5]
    __slots__ = _fields
    cells: Cellset
    mask: int
    unit: int
    spots: tuple[Cellset, ...]
    seen: tuple[Cellset, ...]
    digits: tuple[tuple[int, tuple[int, ...]], ...]

    def __init__(
        self,
        cells: Cellset,
        mask: int,
        unit: int,
        spots: tuple[Cellset, ...],
        seen: tuple[Cellset, ...],
        *,
        digits: tuple[tuple[int, tuple[int, ...]], ...],
    ) -> None:
        frozen_init(self, cells, mask, unit, spots, seen, digits)

    def name(self) -> str:
        """``{r1c2, r1c5} 1/2/3``."""
        return f"{{{cells_text(cells_of(self.cells))}}} {digits_text(MASK_DIGITS[self.mask])}"


def _make_als(board: Board, cells: Cellset, mask: int, unit: int) -> Als:
    spots = [0] * 10
    seen = [0] * 10
    digits = []
    for d in MASK_DIGITS[mask]:
        spots[d] = board.where[d] & cells
        common = ALL_CELLS
        for c in cells_of(spots[d]):
            common &= PEER_BITS[c]
        seen[d] = common
        digits.append((d, tuple(cells_of(spots[d]))))
    return Als(cells, mask, unit, tuple(spots), tuple(seen), digits=tuple(digits))


def _unit_alses(cands: list[int], unit: tuple[int, ...]) -> list[tuple[Cellset, int]]:
    """The ALSs of one unit as (cells, digits), in the order the search lists them."""
    found = []
    free = [c for c in unit if cands[c]]
    # Depth-first over subsets of the unit's empty cells (never all of them):
    # (next index, cells so far, their candidates, how many).
    stack = [(0, 0, 0, 0)]
    while stack:
        start, cells, mask, size = stack.pop()
        for i in range(start, len(free)):
            c = free[i]
            bits = cells | 1 << c
            both = mask | cands[c]
            if BIT_COUNT[both] == size + 2:
                found.append((bits, both))
            if size + 2 < len(free):
                stack.append((i + 1, bits, both, size + 1))
    return found


class _Listing(Record):
    """The ALSs of one board state and their RC table, with what the next state can reuse.

    ``units[u]``: unit ``u``'s ALSs as (cells, digits); ``made[(cells, unit)]``: the ALS.
    An ALS depends on the candidates of its cells alone, and an RC on its two ALSs alone, so
    after a step only the units and ALSs with a changed cell are listed again and only the
    pairs with a new ALS are tried (a step changes a few cells: along the paths of 4
    forum_hardest puzzles, the boards ALS techniques are asked about, this took the listing
    from 11 to 4 ms a board, CPU).
    """

    _fields = ("cands", "units", "made", "alses", "table")
    __slots__ = _fields

    def __init__(
        self,
        cands: list[int],
        units: list[list[tuple[Cellset, int]]],
        made: dict[tuple[Cellset, int], Als],
        alses: list[Als],
        table: list[list[tuple[int, int]]],
    ) -> None:
        self.cands = cands
        self.units = units
        self.made = made
        self.alses = alses
        self.table = table


def _iter_listing(board: Board, before: _Listing | None) -> Generator[None, None, _Listing]:
    """The ALSs and RC table of ``board``, reusing ``before`` (the last state listed) where
    the candidates they depend on did not change."""
    cands = board.cands[:]
    changed = ALL_CELLS
    if before is not None:
        changed = 0
        for c, (now, then) in enumerate(zip(cands, before.cands, strict=True)):
            if now != then:
                changed |= 1 << c
    units: list[list[tuple[Cellset, int]]] = []
    made: dict[tuple[Cellset, int], Als] = {}
    found: dict[Cellset, Als] = {}
    for u, unit in enumerate(UNITS):
        yield
        kept = before is not None and not changed & UNIT_BITS[u]
        listed = before.units[u] if before is not None and kept else _unit_alses(cands, unit)
        units.append(listed)
        for bits, both in listed:
            if bits in found:
                continue
            als = None
            if before is not None and not bits & changed:
                als = before.made.get((bits, u))
            if als is None:
                als = _make_als(board, bits, both, u)
            found[bits] = made[(bits, u)] = als
    alses = list(found.values())
    table = yield from _iter_rc_table(alses, board.where, before)
    return _Listing(cands, units, made, alses, table)


def _iter_alses(board: Board) -> Generator[None, None, list[Als]]:
    listing = yield from _iter_listing(board, None)
    return listing.alses


def find_alses(board: Board) -> list[Als]:
    """Every ALS of the board (each cell set once), in unit order: rows, columns, boxes."""
    return run_to_end(_iter_alses(board))


def restricted_commons(a: Als, b: Als) -> int:
    """The mask of the RC digits of two ALSs that share no cell (0 when none or overlapping)."""
    if a.cells & b.cells:
        return 0
    rc = 0
    for d in MASK_DIGITS[a.mask & b.mask]:
        if not a.spots[d] & ~b.seen[d]:
            rc |= 1 << (d - 1)
    return rc


def _seers(alses: list[Als], where: list[int]) -> tuple[list[list[int]], list[int]]:
    """The ALSs as sets of their indexes (bit ``k`` for ``alses[k]``): per digit and cell that
    holds it (``where``), those holding the digit whose every cell with it sees the cell; per
    cell, those containing it."""
    seeing = [[0] * 81 for _ in range(10)]
    containing = [0] * 81
    for k, a in enumerate(alses):
        bit = 1 << k
        for c in cells_of(a.cells):
            containing[c] |= bit
        for d, _ in a.digits:
            of_digit = seeing[d]
            seen = a.seen[d] & where[d]
            while seen:
                low = seen & -seen
                seen ^= low
                of_digit[low.bit_length() - 1] |= bit
    return seeing, containing


def _iter_rc_table(
    alses: list[Als], where: list[int], before: _Listing | None = None
) -> Generator[None, None, list[list[tuple[int, int]]]]:
    """Per ALS index: (other index, RC mask) for every ALS it has an RC with, by index.

    With ``before`` (the last state listed), a pair of two ALSs kept from it keeps its RCs
    and only the pairs with a new ALS are tried.

    The partners of an ALS are found for all ALSs at once, as sets of indexes: x is an RC of
    A and B when every x of B sees every cell of A with x, so B is in the set of ALSs seeing
    each of those cells with x (:func:`_seers`; and shares no cell with A). Instead of a test
    per pair (some 24,000 a board) that is an AND per cell and digit of A: the table of a
    board went from 23 to 4.7 ms, and from 4.7 to 1.7 ms with the table of the state before
    (CPU, the boards of 5 forum_hardest paths ALS-XZ is asked about), the same table.
    """
    table: list[list[tuple[int, int]]] = [[] for _ in alses]
    count = len(alses)
    is_new = [True] * count
    if before is not None:
        old_index = {id(a): i for i, a in enumerate(before.alses)}
        now_of_old = [-1] * len(before.alses)
        for j, a in enumerate(alses):
            i = old_index.get(id(a), -1)
            if i >= 0:
                now_of_old[i] = j
                is_new[j] = False
        for i, row in enumerate(before.table):
            mine = now_of_old[i]
            if mine >= 0:
                table[mine] = [(now_of_old[j], rc) for j, rc in row if now_of_old[j] >= 0]
    seeing, containing = _seers(alses, where)
    # An RC is symmetric: each pair is tried once, from its first new ALS (so from A, never a
    # new ALS listed before A; without ``before``, every ALS is new).
    new_so_far = 0
    for i, a in enumerate(alses):
        if not is_new[i]:
            continue
        new_so_far |= 1 << i
        yield
        barred = new_so_far
        for c in cells_of(a.cells):
            barred |= containing[c]
        partners = 0
        per_digit = []
        for d, spots in a.digits:
            of_digit = seeing[d]
            linked = ~barred
            for c in spots:
                linked &= of_digit[c]
            if linked:
                per_digit.append((1 << (d - 1), linked))
                partners |= linked
        a_row = table[i]
        while partners:
            low = partners & -partners
            partners ^= low
            j = low.bit_length() - 1
            rc = 0
            for digit_bit, linked in per_digit:
                if linked & low:
                    rc |= digit_bit
            a_row.append((j, rc))
            table[j].append((i, rc))
    if before is not None:
        for row in table:
            row.sort()
    return table


_last: _Listing | None = None


def _iter_alses_and_rcs(
    board: Board,
) -> Generator[None, None, tuple[list[Als], list[list[tuple[int, int]]]]]:
    global _last  # noqa: PLW0603  (a one-entry cache; boards change in place, so keyed by candidates)
    if _last is None or _last.cands != board.cands:
        # only once complete: an abandoned search leaves no half
        _last = yield from _iter_listing(board, _last)
    return _last.alses, _last.table


def alses_and_rcs(board: Board) -> tuple[list[Als], list[list[tuple[int, int]]]]:
    """The ALSs of the board and their RC table, kept for the last board state seen
    (ALS-XZ and ALS-XY-Wing ask for the same state one after the other)."""
    return run_to_end(_iter_alses_and_rcs(board))


def _xz_eliminations(board: Board, a: Als, b: Als, rc: int) -> list[tuple[int, int]]:
    removed: list[tuple[int, int]] = []
    where = board.where
    for z in MASK_DIGITS[a.mask & b.mask & ~rc]:
        removed.extend((c, z) for c in cells_of(where[z] & a.seen[z] & b.seen[z]))
    if BIT_COUNT[rc] == 2:
        for x in MASK_DIGITS[rc]:
            removed.extend((c, x) for c in cells_of(where[x] & a.seen[x] & b.seen[x]))
        for one, other in ((a, b), (b, a)):
            for d in MASK_DIGITS[one.mask & ~rc]:
                removed.extend((c, d) for c in cells_of(where[d] & one.seen[d] & ~other.cells))
    return removed


def _pattern(board: Board, cells: Cellset) -> list[tuple[int, int]]:
    return [(c, d) for c in cells_of(cells) for d in MASK_DIGITS[board.cands[c]]]


def _rc_order(alses: list[Als]) -> list[int]:
    """Per ALS index, its place in HoDoKu's list of ALSs (:func:`_hodoku_order`)."""
    place = [0] * len(alses)
    for n, i in enumerate(_hodoku_order(alses)):
        place[i] = n
    return place


def _rc_key(place: list[int], i: int, j: int) -> tuple[int, int]:
    """Where the RC of ALSs ``i`` and ``j`` comes in HoDoKu's list of RCs (by its first ALS,
    then its second, in its list of ALSs)."""
    return (place[i], place[j]) if place[i] < place[j] else (place[j], place[i])


def find_als_xz(board: Board) -> Step | None:
    """ALS-XZ: two ALSs with a restricted common x; a shared digit z is in one of them.
    The first HoDoKu finds (its ALSs' RCs in its order, :func:`_rc_key`)."""
    return run_to_end(iter_als_xz(board))


def iter_als_xz(board: Board) -> Search:
    """:func:`find_als_xz` in slices: yields after each unit searched for ALSs, each ALS's row
    of RCs and each ALS whose pairs are tried."""
    alses, table = yield from _iter_alses_and_rcs(board)
    place = _rc_order(alses)
    best: tuple[tuple[int, int], Als, Als, int, list[tuple[int, int]]] | None = None
    for i, a in enumerate(alses):
        yield
        for j, rc in table[i]:
            if j < i:
                continue
            key = _rc_key(place, i, j)
            if best is not None and key >= best[0]:
                continue
            b = alses[j]
            removed = sorted(set(_xz_eliminations(board, a, b, rc)))
            if removed:
                best = (key, a, b, rc, removed)
    if best is None:
        return None
    _, a, b, rc, removed = best
    linked = "doubly linked, " if BIT_COUNT[rc] == 2 else ""
    zs = a.mask & b.mask & ~rc
    return make_step(
        "ALS-XZ",
        f"ALS-XZ ({linked}A={a.name()}, B={b.name()}, x={digits_text(MASK_DIGITS[rc])}"
        + (f", z={digits_text(MASK_DIGITS[zs])})" if zs else ")"),
        eliminations=removed,
        cells=list(cells_of(a.cells | b.cells)),
        candidates=_pattern(board, a.cells | b.cells),
        units=[a.unit, b.unit],
        als=[list(cells_of(a.cells)), list(cells_of(b.cells))],
    )


def find_als_xy_wing(board: Board) -> Step | None:
    """ALS-XY-Wing: pivot ALS C with RC x to A and RC y to B; a digit z of A and B is in one of them.
    The first HoDoKu finds: by its two RCs in HoDoKu's order (:func:`_rc_key`); its z are the
    digits of A and B that are no RC of either link (as HoDoKu's)."""
    return run_to_end(iter_als_xy_wing(board))


def iter_als_xy_wing(board: Board) -> Search:
    """:func:`find_als_xy_wing` in slices: yields while listing as :func:`iter_als_xz` does,
    then after each pivot tried."""
    alses, table = yield from _iter_alses_and_rcs(board)
    where = board.where
    place = _rc_order(alses)
    best: (
        tuple[
            tuple[tuple[int, int], tuple[int, int]], Als, Als, Als, int, int, list[tuple[int, int]]
        ]
        | None
    ) = None
    for k, c_als in enumerate(alses):
        yield
        partners = table[k]
        for p, (i, rc_a) in enumerate(partners):
            a = alses[i]
            key_a = _rc_key(place, k, i)
            for j, rc_b in partners[p + 1 :]:
                b = alses[j]
                if a.cells & b.cells or (rc_a == rc_b and BIT_COUNT[rc_a] == 1):
                    continue
                key_b = _rc_key(place, k, j)
                key = (key_a, key_b) if key_a < key_b else (key_b, key_a)
                if best is not None and key >= best[0]:
                    continue
                zs = a.mask & b.mask & ~rc_a & ~rc_b
                removed = [
                    (c, z)
                    for z in MASK_DIGITS[zs]
                    for c in cells_of(where[z] & a.seen[z] & b.seen[z])
                ]
                if removed:
                    best = (key, c_als, a, b, rc_a, rc_b, removed)
    if best is None:
        return None
    _, c_als, a, b, rc_a, rc_b, removed = best
    y = MASK_DIGITS[rc_b][0]
    x = next((d for d in MASK_DIGITS[rc_a] if d != y), MASK_DIGITS[rc_a][0])
    z_digits = sorted({z for _, z in removed})
    everything = a.cells | b.cells | c_als.cells
    return make_step(
        "ALS-XY-Wing",
        f"ALS-XY-Wing (C={c_als.name()}, A={a.name()}, B={b.name()}, x={x}, y={y}, z={digits_text(z_digits)})",
        eliminations=removed,
        cells=list(cells_of(everything)),
        candidates=_pattern(board, everything),
        units=[c_als.unit, a.unit, b.unit],
        als=[list(cells_of(one.cells)) for one in (c_als, a, b)],
    )


_CHAIN_MIN_LINKS: Final = 3
"""An ALS-XY-Chain has at least three restricted commons (two are an ALS-XY-Wing)."""
_CHAIN_MAX_LINKS: Final = 50
"""HoDoKu's limit (``MAX_RC``)."""
_NODES_PER_SLICE: Final = 400
"""Chain extensions tried between two yields of :func:`iter_als_xy_chain`."""


def _hodoku_order(alses: list[Als]) -> list[int]:
    """The ALS indexes in the order HoDoKu lists them: by the unit they were found in (rows,
    columns, boxes), then by their cells in the unit's order. A chain only moves forward in
    this order, so which chains exist depends on it."""
    return sorted(range(len(alses)), key=lambda i: (alses[i].unit, tuple(cells_of(alses[i].cells))))


def _forward_links(
    alses: list[Als], table: list[list[tuple[int, int]]]
) -> tuple[list[int], list[list[tuple[int, tuple[int, ...]]]]]:
    """The ALSs in HoDoKu's order and, per position, its links to later positions: (position,
    the RC digits, at most the two lowest as HoDoKu keeps)."""
    order = _hodoku_order(alses)
    position = [0] * len(alses)
    for k, i in enumerate(order):
        position[i] = k
    links: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in order]
    for k, i in enumerate(order):
        row = [(position[j], MASK_DIGITS[rc][:2]) for j, rc in table[i] if position[j] > k]
        row.sort()
        links[k] = row
    return order, links


def iter_als_xy_chain(board: Board) -> Search:
    """:func:`find_als_xy_chain` in slices: yields while listing as :func:`iter_als_xz` does,
    then after each start ALS and every few hundred chain extensions."""
    alses, table = yield from _iter_alses_and_rcs(board)
    order, links = _forward_links(alses, table)
    where = board.where
    kept: dict[tuple[tuple[int, int], ...], tuple[int, list[int]]] = {}
    in_chain = [False] * len(order)
    path: list[int] = []
    tried = 0

    def record(start: Als, end: Als, ends: tuple[int, ...]) -> None:
        spare = start.mask & end.mask
        for d in ends:
            spare &= ~(1 << (d - 1))
        removed = [
            (c, z)
            for z in MASK_DIGITS[spare]
            for c in cells_of(where[z] & start.seen[z] & end.seen[z])
        ]
        if removed:
            key = tuple(sorted(removed))
            size = sum(alses[order[p]].cells.bit_count() for p in path)
            if key not in kept or kept[key][0] > size:  # the smallest chain per removal set
                kept[key] = (size, list(path))

    def extend(at: int, came: tuple[int, ...], first: tuple[int, ...]) -> Search:
        nonlocal tried
        came_digit = came[0] if came else 0
        for to, digits in links[at]:
            if in_chain[to]:
                continue
            # The first link may use either of two RC digits (each is its own chain). A later
            # one can carry the chain on with its digits but the one the link before came by:
            # HoDoKu drops that digit (only the first when it had two). Written out for the
            # two digits a link has at most, not a generator per link: a search went from 5.1
            # to 2.8 ms (CPU, 279 boards of 5 forum_hardest paths), the same chains.
            options: list[tuple[int, ...]]
            if not came:
                options = [(d,) for d in digits]
            elif came_digit in digits:
                if len(digits) == 1:
                    continue
                options = [(digits[1],) if digits[0] == came_digit else (digits[0],)]
            else:
                options = [digits]
            for active in options:
                tried += 1
                if tried % _NODES_PER_SLICE == 0:
                    yield
                path.append(to)
                in_chain[to] = True
                if len(path) - 1 >= _CHAIN_MIN_LINKS:
                    record(alses[order[path[0]]], alses[order[to]], (first or active) + active)
                if len(path) - 1 < _CHAIN_MAX_LINKS:
                    yield from extend(to, active, first or active)
                path.pop()
                in_chain[to] = False
        return None

    for start_at in range(len(order)):
        yield
        path.append(start_at)
        in_chain[start_at] = True
        yield from extend(start_at, (), ())
        in_chain[start_at] = False
        path.pop()
    if not kept:
        return None
    removed_key, (_, best) = max(
        kept.items(), key=lambda kv: (len(kv[0]), -spread(kv[0]), -len(kv[1][1]), -kv[1][0])
    )
    removed = list(removed_key)
    chain = [alses[order[p]] for p in best]
    everything = 0
    for one in chain:
        everything |= one.cells
    zs = sorted({z for _, z in removed})
    return make_step(
        "ALS-XY-Chain",
        "ALS-XY-Chain (" + " - ".join(one.name() for one in chain) + f", z={digits_text(zs)})",
        eliminations=removed,
        cells=list(cells_of(everything)),
        candidates=_pattern(board, everything),
        units=[one.unit for one in chain],
        als=[list(cells_of(one.cells)) for one in chain],
    )


def find_als_xy_chain(board: Board) -> Step | None:
    """ALS-XY-Chain: ALSs linked one to the next by restricted commons, each link on another
    digit than the one before; a digit z of the first and last ALS (not a digit of the end
    links) is in one of them, so cells seeing every z of both lose z. Of all, the one HoDoKu
    would pick (most removals, then :func:`~sudoku_core.logic.steps.spread`, then the shortest)."""
    return run_to_end(iter_als_xy_chain(board))
