"""Full House, Naked Single and Hidden Single: the techniques that place digits."""

from __future__ import annotations

from sudoku_core.grid import CELLS, UNITS_OF, cell_name, unit_name
from sudoku_core.logic.board import BIT_COUNT, UNIT_BITS, Board, first_cell
from sudoku_core.logic.steps import Step, make_step

HIDDEN_SINGLE_UNITS = tuple(range(18, 27)) + tuple(range(9)) + tuple(range(9, 18))
"""Boxes first, then rows, then columns: the order people look (and HoDoKu searches)."""


def find_full_house(board: Board) -> Step | None:
    """The last empty cell of a unit takes the one digit the unit lacks."""
    unsolved = board.unsolved
    for u in HIDDEN_SINGLE_UNITS:
        left = unsolved & UNIT_BITS[u]
        if left and not left & (left - 1):
            cell = first_cell(left)
            mask = board.cands[cell]
            if BIT_COUNT[mask] != 1:
                continue
            d = mask.bit_length()
            return make_step(
                "Full House",
                f"Full House in {unit_name(u)}: {cell_name(cell)} is its last empty cell",
                placements=[(cell, d)],
                cells=[cell],
                candidates=[(cell, d)],
                units=[u],
            )
    return None


def find_naked_single(board: Board) -> Step | None:
    """A cell with one candidate left takes it."""
    cands = board.cands
    for cell in CELLS:
        mask = cands[cell]
        if mask and not mask & (mask - 1):
            d = mask.bit_length()
            return make_step(
                "Naked Single",
                f"Naked Single: {d} is the only candidate left in {cell_name(cell)}",
                placements=[(cell, d)],
                cells=[cell],
                candidates=[(cell, d)],
                units=[UNITS_OF[cell][2]],
            )
    return None


def find_hidden_single(board: Board) -> Step | None:
    """A digit with one place left in a unit goes there."""
    where = board.where
    for u in HIDDEN_SINGLE_UNITS:
        bits = UNIT_BITS[u]
        for d in range(1, 10):
            spots = where[d] & bits
            if spots and not spots & (spots - 1):
                cell = first_cell(spots)
                return make_step(
                    "Hidden Single",
                    f"Hidden Single: {cell_name(cell)} is the only place for {d} in {unit_name(u)}",
                    placements=[(cell, d)],
                    cells=[cell],
                    candidates=[(cell, d)],
                    units=[u],
                )
    return None
