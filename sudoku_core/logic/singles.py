"""Full House, Naked Single and Hidden Single: the techniques that place digits.

Which single is taken first follows HoDoKu: the oldest one in the queues of
:mod:`sudoku_core.logic.single_queue` (a path's score depends on it). Should the queues
hold none, a scan of the grid (boxes first, then rows, then columns) makes sure none is missed.
"""

from __future__ import annotations

from sudoku_core.grid import CELLS, UNITS_OF, cell_name, unit_name
from sudoku_core.logic.board import BIT_COUNT, UNIT_BITS, Board, first_cell
from sudoku_core.logic.single_queue import singles_queue
from sudoku_core.logic.steps import Step, make_step

HIDDEN_SINGLE_UNITS = tuple(range(18, 27)) + tuple(range(9)) + tuple(range(9, 18))
"""Boxes first, then rows, then columns: the order people look."""
_BOX_FIRST = tuple((box, row, col) for row, col, box in UNITS_OF)
"""Per cell, its units in that order: the unit a single is named by."""


def _full_house(cell: int, d: int, u: int) -> Step:
    return make_step(
        "Full House",
        f"Full House in {unit_name(u)}: {cell_name(cell)} is its last empty cell",
        placements=[(cell, d)],
        cells=[cell],
        candidates=[(cell, d)],
        units=[u],
    )


def _naked_single(cell: int, d: int) -> Step:
    return make_step(
        "Naked Single",
        f"Naked Single: {d} is the only candidate left in {cell_name(cell)}",
        placements=[(cell, d)],
        cells=[cell],
        candidates=[(cell, d)],
        units=[UNITS_OF[cell][2]],
    )


def _hidden_single(cell: int, d: int, u: int) -> Step:
    return make_step(
        "Hidden Single",
        f"Hidden Single: {cell_name(cell)} is the only place for {d} in {unit_name(u)}",
        placements=[(cell, d)],
        cells=[cell],
        candidates=[(cell, d)],
        units=[u],
    )


def find_full_house(board: Board) -> Step | None:
    """The last empty cell of a unit takes the one digit the unit lacks (the oldest such
    naked single in HoDoKu's queue)."""
    values, unsolved = board.values, board.unsolved
    for cell, d in singles_queue(board).naked:
        if values[cell]:
            continue
        for u in _BOX_FIRST[cell]:
            if unsolved & UNIT_BITS[u] == 1 << cell:
                return _full_house(cell, d, u)
    return _scan_full_house(board)


def _scan_full_house(board: Board) -> Step | None:
    unsolved = board.unsolved
    for u in HIDDEN_SINGLE_UNITS:
        left = unsolved & UNIT_BITS[u]
        if left and not left & (left - 1):
            cell = first_cell(left)
            mask = board.cands[cell]
            if BIT_COUNT[mask] != 1:
                continue
            return _full_house(cell, mask.bit_length(), u)
    return None


def find_naked_single(board: Board) -> Step | None:
    """A cell with one candidate left takes it (the oldest in HoDoKu's queue)."""
    naked = singles_queue(board).naked
    while naked:
        cell, d = naked[0]
        if not board.values[cell]:
            return _naked_single(cell, d)
        naked.popleft()
    cands = board.cands
    for cell in CELLS:
        mask = cands[cell]
        if mask and not mask & (mask - 1):
            return _naked_single(cell, mask.bit_length())
    return None


def find_hidden_single(board: Board) -> Step | None:
    """A digit with one place left in a unit goes there (the oldest in HoDoKu's queue)."""
    where = board.where
    hidden = singles_queue(board).hidden
    while hidden:
        cell, d = hidden[0]
        if not board.values[cell]:
            for u in _BOX_FIRST[cell]:
                spots = where[d] & UNIT_BITS[u]
                if spots == 1 << cell:
                    return _hidden_single(cell, d, u)
        hidden.popleft()
    for u in HIDDEN_SINGLE_UNITS:
        bits = UNIT_BITS[u]
        for d in range(1, 10):
            spots = where[d] & bits
            if spots and not spots & (spots - 1):
                return _hidden_single(first_cell(spots), d, u)
    return None
