"""Locked Candidates: a digit confined to the intersection of a box and a line.

Type 1 (pointing): in a box the digit lies in one row or column, so the rest of that line
loses it. Type 2 (claiming): in a row or column the digit lies in one box, so the rest of the
box loses it.
"""

from __future__ import annotations

from sudoku_core.grid import BOXES_OF_LINE, LINES_OF_BOX, unit_name
from sudoku_core.logic.board import BOX_BITS, COL_BITS, ROW_BITS, UNIT_BITS, Board, cells_of
from sudoku_core.logic.steps import Step, make_step


def _step(kind: str, d: int, base: int, cover: int, board: Board) -> Step | None:
    inside = board.where[d] & UNIT_BITS[base]
    removed = board.where[d] & UNIT_BITS[cover] & ~inside
    if not removed:
        return None
    name = (
        "Locked Candidates Type 1 (Pointing)"
        if kind == "pointing"
        else "Locked Candidates Type 2 (Claiming)"
    )
    text = f"{name}: in {unit_name(base)}, {d} lies only in {unit_name(cover)}"
    return make_step(
        name,
        text,
        eliminations=[(c, d) for c in cells_of(removed)],
        cells=list(cells_of(inside)),
        candidates=[(c, d) for c in cells_of(inside)],
        units=[base, cover],
    )


def find_pointing(board: Board) -> Step | None:
    """Locked Candidates Type 1: a box's digit in one line clears the rest of the line."""
    for b in range(9):
        for d in range(1, 10):
            inside = board.where[d] & BOX_BITS[b]
            if not inside or not inside & (inside - 1):
                continue
            for line in LINES_OF_BOX[b][0] + LINES_OF_BOX[b][1]:
                if not inside & ~UNIT_BITS[line]:
                    step = _step("pointing", d, 18 + b, line, board)
                    if step:
                        return step
    return None


def find_claiming(board: Board) -> Step | None:
    """Locked Candidates Type 2: a line's digit in one box clears the rest of the box."""
    for line, bits in enumerate(ROW_BITS + COL_BITS):
        for d in range(1, 10):
            inside = board.where[d] & bits
            if not inside or not inside & (inside - 1):
                continue
            for box in BOXES_OF_LINE[line]:
                if not inside & ~UNIT_BITS[box]:
                    step = _step("claiming", d, line, box, board)
                    if step:
                        return step
    return None
