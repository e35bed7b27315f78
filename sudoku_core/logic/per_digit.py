"""Single-digit techniques kept per digit in the board's memo.

A technique that looks at one digit's candidates at a time (Skyscraper, 2-String Kite, Turbot
Fish, Empty Rectangle, Simple and Multi Colours) finds on each digit what that digit's
cellset allows, nothing else. A path asks for each of them after every step, hundreds of times
on the hardest puzzles, while a step changes a few digits: what was found on a digit is kept
with the digit's cellset and searched again only once that changed. The first digit with a
step gives the step, as the loop over the digits did. The fish (:mod:`sudoku_core.logic.fish`)
keep theirs the same way, through :func:`each_digit`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar, cast

from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["each_digit", "first_on_digits"]

_T = TypeVar("_T")


def each_digit(board: Board, key: object, find_on: Callable[[Board, int], _T]) -> Iterator[_T]:
    """``find_on(board, d)`` for each digit in order, lazily, each answer kept in the board's
    memo under ``key`` with the digit's cellset and not asked again while it stays the same
    (``find_on`` must depend on ``board.where[d]`` alone)."""
    kept = cast("dict[int, tuple[int, _T]]", board.memo.setdefault(key, {}))
    for d in range(1, 10):
        where_d = board.where[d]
        seen = kept.get(d)
        if seen is None or seen[0] != where_d:
            seen = kept[d] = (where_d, find_on(board, d))
        yield seen[1]


def first_on_digits(
    board: Board, technique: str, find_on: Callable[[Board, int], Step | None]
) -> Step | None:
    """The step ``find_on(board, d)`` gives for the first digit ``d`` that has one, each
    digit's answer kept in the board's memo with the digit's cellset (``find_on`` must depend
    on ``board.where[d]`` alone)."""
    found = each_digit(board, ("per digit", technique), find_on)
    return next((step for step in found if step is not None), None)
