"""Single-digit techniques kept per digit in the board's memo.

A technique that looks at one digit's candidates at a time (Skyscraper, 2-String Kite, Turbot
Fish, Empty Rectangle, Simple and Multi Colours) finds on each digit what that digit's
cellset allows, nothing else. A path asks for each of them after every step, hundreds of times
on the hardest puzzles, while a step changes a few digits: what was found on a digit is kept
with the digit's cellset and searched again only once that changed. The first digit with a
step gives the step, as the loop over the digits did. (The fish keep theirs the same way,
:func:`sudoku_core.logic.fish._per_digit`.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["first_on_digits"]


def first_on_digits(
    board: Board, technique: str, find_on: Callable[[Board, int], Step | None]
) -> Step | None:
    """The step ``find_on(board, d)`` gives for the first digit ``d`` that has one, each
    digit's answer kept in the board's memo with the digit's cellset (``find_on`` must depend
    on ``board.where[d]`` alone)."""
    kept = cast(
        "dict[int, tuple[int, Step | None]]", board.memo.setdefault(("per digit", technique), {})
    )
    for d in range(1, 10):
        where_d = board.where[d]
        seen = kept.get(d)
        if seen is None or seen[0] != where_d:
            seen = kept[d] = (where_d, find_on(board, d))
        if seen[1] is not None:
            return seen[1]
    return None
