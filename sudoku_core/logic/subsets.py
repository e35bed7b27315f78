"""Naked and Hidden Pairs, Triples and Quadruples, and Locked Pairs and Triples.

A *naked* subset: n cells of a unit whose candidates together are n digits; those digits
leave every other cell of the units the n cells share. A *locked* pair or triple is a naked
one inside a box and a line at once that clears both (HoDoKu scores it lower). A *hidden*
subset: n digits of a unit confined to n cells; those cells lose every other digit.
"""

from __future__ import annotations

from itertools import combinations

from sudoku_core.grid import UNITS, UNITS_OF, unit_name
from sudoku_core.logic.board import (
    BIT_COUNT,
    MASK_DIGITS,
    UNIT_BITS,
    Board,
    cells_of,
)
from sudoku_core.logic.steps import Step, cells_text, digits_text, make_step

SEARCH_UNITS = tuple(range(18, 27)) + tuple(range(18))
"""Boxes first, then rows and columns, as HoDoKu searches."""
_SIZE_NAMES = {2: "Pair", 3: "Triple", 4: "Quadruple"}


def _shared_units(cells: tuple[int, ...]) -> list[int]:
    first = UNITS_OF[cells[0]]
    return [first[k] for k in range(3) if all(UNITS_OF[c][k] == first[k] for c in cells)]


def _naked(board: Board, n: int, locked: bool) -> Step | None:
    cands = board.cands
    units = SEARCH_UNITS[:9] if locked else SEARCH_UNITS
    for u in units:
        pool = [c for c in UNITS[u] if cands[c] and BIT_COUNT[cands[c]] <= n]
        if len(pool) < n:
            continue
        for group in combinations(pool, n):
            mask = 0
            for c in group:
                mask |= cands[c]
            if BIT_COUNT[mask] != n:
                continue
            shared = _shared_units(group)
            inside = 0
            for c in group:
                inside |= 1 << c
            removed: list[tuple[int, int]] = []
            box = UNITS_OF[group[0]][2]
            hit: set[int] = set()
            for su in shared:
                outside = UNIT_BITS[su] & ~inside
                outside_box = outside & ~UNIT_BITS[box]
                for d in MASK_DIGITS[mask]:
                    hits = board.where[d] & outside
                    if not hits:
                        continue
                    removed.extend((c, d) for c in cells_of(hits) if (c, d) not in removed)
                    if su >= 18 or hits & outside_box:
                        hit.add(su)
            if not removed:
                continue
            is_locked = n < 4 and box in hit and len(hit) > 1
            if is_locked != locked:
                continue
            name = ("Locked " if locked else "Naked ") + _SIZE_NAMES[n]
            where = " and ".join(unit_name(s) for s in shared) if locked else unit_name(u)
            return make_step(
                name,
                f"{name} {digits_text(MASK_DIGITS[mask])} in {where} ({cells_text(group)})",
                eliminations=removed,
                cells=group,
                candidates=[(c, d) for c in group for d in MASK_DIGITS[cands[c]]],
                units=shared if locked else [u],
            )
    return None


def _hidden(board: Board, n: int) -> Step | None:
    where = board.where
    cands = board.cands
    for u in SEARCH_UNITS:
        bits = UNIT_BITS[u]
        if (board.unsolved & bits).bit_count() <= n:
            continue
        digits = [d for d in range(1, 10) if 0 < (where[d] & bits).bit_count() <= n]
        if len(digits) < n:
            continue
        for group in combinations(digits, n):
            spots = 0
            for d in group:
                spots |= where[d] & bits
            if spots.bit_count() != n:
                continue
            mask = 0
            for d in group:
                mask |= 1 << (d - 1)
            removed = [(c, d) for c in cells_of(spots) for d in MASK_DIGITS[cands[c] & ~mask]]
            if not removed:
                continue
            name = "Hidden " + _SIZE_NAMES[n]
            cells = list(cells_of(spots))
            return make_step(
                name,
                f"{name} {digits_text(group)} in {unit_name(u)} ({cells_text(cells)})",
                eliminations=removed,
                cells=cells,
                candidates=[(c, d) for c in cells for d in group if board.has(c, d)],
                units=[u],
            )
    return None


def find_locked_pair(board: Board) -> Step | None:
    """Locked Pair: a naked pair in a box and a line, clearing both."""
    return _naked(board, 2, True)


def find_locked_triple(board: Board) -> Step | None:
    """Locked Triple: a naked triple in a box and a line, clearing both."""
    return _naked(board, 3, True)


def find_naked_pair(board: Board) -> Step | None:
    """Naked Pair: two cells of a unit with the same two candidates."""
    return _naked(board, 2, False)


def find_naked_triple(board: Board) -> Step | None:
    """Naked Triple: three cells of a unit with three candidates between them."""
    return _naked(board, 3, False)


def find_naked_quadruple(board: Board) -> Step | None:
    """Naked Quadruple: four cells of a unit with four candidates between them."""
    return _naked(board, 4, False)


def find_hidden_pair(board: Board) -> Step | None:
    """Hidden Pair: two digits of a unit confined to the same two cells."""
    return _hidden(board, 2)


def find_hidden_triple(board: Board) -> Step | None:
    """Hidden Triple: three digits of a unit confined to three cells."""
    return _hidden(board, 3)


def find_hidden_quadruple(board: Board) -> Step | None:
    """Hidden Quadruple: four digits of a unit confined to four cells."""
    return _hidden(board, 4)
