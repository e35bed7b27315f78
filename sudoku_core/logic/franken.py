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


def _is_franken(base: tuple[int, ...], cover: tuple[int, ...]) -> bool:
    """At least one box: else the fish is a basic one (rows and columns only)."""
    return any(u >= 18 for u in base) or any(u >= 18 for u in cover)


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

    Pruned once the units left cannot cover all but the allowed fins, or the fins that are
    certain (no later unit covers them) are too many or see no cell the cover could clear.
    """
    n = len(base)
    allowed = _MAX_FINS if finned else 0
    # Per index: the cells of the units from there on, and the most base cells one covers.
    later = [0] * (len(eligible) + 1)
    widest = [0] * (len(eligible) + 1)
    for k in range(len(eligible) - 1, -1, -1):
        later[k] = later[k + 1] | eligible[k][1]
        widest[k] = max(widest[k + 1], (eligible[k][1] & base_cells).bit_count())
    # Finned: the cells that could lose d, each with the base cells that must then be covered
    # (a fin sees every cell cleared, so the base cells it does not see cannot be fins).
    targets = [
        (1 << t, base_cells & ~PEER_BITS[t] & ~(1 << t))
        for t in cells_of(where_d & ~endo)
        if finned and not endo & ~PEER_BITS[t]
    ]
    targets = [(bit, needed) for bit, needed in targets if not needed & ~later[0]]
    if finned and not targets:
        return None
    chosen: list[int] = []

    def finish(covered: int, twice: int) -> tuple[tuple[int, ...], int, int] | None:
        fins = (base_cells & ~covered) | endo
        clear = (where_d & covered & ~base_cells) | (where_d & twice)
        if finned:
            if not fins or fins.bit_count() > _MAX_FINS:
                return None
            clear &= _common_peers(fins)
        elif fins:
            return None
        cover = tuple(eligible[k][0] for k in chosen)
        if clear and _is_franken(base, cover):
            return cover, clear, fins
        return None

    def grow(start: int, covered: int, twice: int) -> tuple[tuple[int, ...], int, int] | None:
        if len(chosen) == n:
            return finish(covered, twice)
        left = n - len(chosen)
        for k in range(start, len(eligible) - left + 1):
            open_cells = base_cells & ~covered
            if open_cells.bit_count() - left * widest[k] > allowed:
                return None  # the units left cannot cover enough
            certain = (open_cells & ~later[k]) | endo
            if certain and (
                not finned
                or certain.bit_count() > _MAX_FINS
                or not where_d & (covered | later[k]) & _common_peers(certain)
            ):
                return None
            reachable = covered | later[k]
            if finned and not any(
                bit & reachable and not needed & ~reachable for bit, needed in targets
            ):
                return None  # no cell can still be cleared
            cells = eligible[k][1]
            if finned and left > 1 and not base_cells & ~(covered | cells):
                continue  # as HoDoKu: a partial cover with no fin left is not extended
            chosen.append(k)
            found = grow(k + 1, covered | cells, twice | (covered & cells))
            chosen.pop()
            if found:
                return found
        return None

    return grow(0, 0, 0)


def iter_franken(board: Board, n: int, finned: bool) -> Search:
    """The first Franken fish of size ``n`` (finned or not) in HoDoKu's order, in slices."""
    tried = 0
    # A digit's fish depend on its candidates alone: a digit whose candidates are as they were
    # when it last had no fish of this kind has none now either (most steps change few digits).
    memo = cast("dict[int, int]", board.memo.setdefault(("franken", n, finned), {}))
    for d in range(1, 10):
        where_d = board.where[d]
        if memo.get(d) == where_d:
            continue
        for base_units, cover_units in _SIDES:
            pool = [(u, where_d & UNIT_BITS[u]) for u in base_units]
            pool = [(u, c) for u, c in pool if c and (finned or c.bit_count() <= n)]
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
                used = {u for u, _ in base}
                eligible = [
                    (u, where_d & UNIT_BITS[u])
                    for u in cover_units
                    if u not in used and where_d & UNIT_BITS[u] & base_cells
                ]
                if len(eligible) < n:
                    continue
                base_ids = tuple(u for u, _ in base)
                found = _first_cover(where_d, base_ids, base_cells, endo, eligible, finned=finned)
                if found:
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
        memo[d] = where_d
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
