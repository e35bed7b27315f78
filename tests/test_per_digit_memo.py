"""Single-digit techniques kept per digit in the board's memo (sudoku_core.logic.per_digit):
the same steps as a fresh search, along a hard path where each is found on boards searched
before, and a digit whose candidates change is searched again."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_core import parse, solve
from sudoku_core.logic import Board, coloring, single_digit
from sudoku_core.logic.solving_path import iter_path
from sudoku_core.logic.steps import Step

FINDERS: tuple[Callable[[Board], Step | None], ...] = (
    single_digit.find_skyscraper,
    single_digit.find_two_string_kite,
    single_digit.find_turbot_fish,
    single_digit.find_empty_rectangle,
    coloring.find_simple_colors,
    coloring.find_multi_colors,
)
PUZZLE = "98.7..6..7..........5.4..9.36......8..2.1..4......3....5...2.1...91.........5.4.9"
"""forum_hardest_1905_11plus (tests/data, line 9)."""


def test_a_kept_step_is_what_a_fresh_search_finds() -> None:
    grid = parse(PUZZLE)
    board = Board.from_grid(grid)
    found = dict.fromkeys(FINDERS, 0)
    for _ in iter_path(board, solve(grid), unique=True):
        for finder in FINDERS:
            kept = finder(board)
            assert kept == finder(board.copy())
            found[finder] += kept is not None
    # every technique found steps on boards whose memo held the digits seen before
    assert all(found[finder] > 0 for finder in FINDERS[:4])
    assert sum(found.values()) > 40


def test_a_changed_digit_is_searched_again() -> None:
    grid = parse(PUZZLE)
    board = Board.from_grid(grid)
    path = iter_path(board, solve(grid), unique=True)
    while single_digit.find_skyscraper(board) is None:
        next(path)
    step = single_digit.find_skyscraper(board)
    assert step is not None
    ((cell, digit), *_) = step.eliminations
    before = board.copy()
    assert single_digit.find_empty_rectangle(board) == single_digit.find_empty_rectangle(before)
    step.apply(board)  # the skyscraper's digit changes: its other finds are searched again
    for finder in FINDERS:
        assert finder(board) == finder(board.copy())
    assert not board.has(cell, digit)
