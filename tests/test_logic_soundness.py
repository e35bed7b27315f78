"""Every step the engine takes agrees with the solution: a sample of the public sets.

The benchmark (``python -m sudoku_core bench --grading --soundness N``) runs the same check over
5,000+ puzzles; CI runs a sample that fits in a few tens of seconds.
"""

from __future__ import annotations

import pytest

from puzzle_sets import Corpus, cases, corpora
from sudoku_core import solve
from sudoku_core.grid import Grid, cell_name
from sudoku_core.logic import Board, iter_path


def assert_sound_path(puzzle: Grid) -> list[str]:
    """Solve by techniques, checking each step against the solution; returns the techniques."""
    solution = solve(puzzle)
    assert solution is not None
    board = Board.from_grid(puzzle)
    used = []
    for step in iter_path(board, solution, unique=True):
        for cell, digit in step.placements:
            assert solution[cell] == digit, f"{step.text}: {cell_name(cell)} is {solution[cell]}"
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, (
                f"{step.text}: removes the solution {digit} from {cell_name(cell)}"
            )
        assert step.placements or step.eliminations, f"{step.text}: does nothing"
        used.append(step.technique)
    assert board.grid() == solution
    return used


@pytest.mark.parametrize("name", ["easy50", "top95"])
def test_every_puzzle_of_the_classic_sets_is_solved_soundly(name: str) -> None:
    for case in cases(name):
        assert_sound_path(case.grid)


SOUNDNESS_PLANS = {  # set, every, limit: the full sets' plans, and the same spread on the sample
    "full": [
        ("magictour_top1465", 49, 30),
        ("17_clue", 4999, 10),
        ("forum_hardest_1905_11plus", 16000, 3),
    ],
    "sample": [
        ("magictour_top1465", 33, 30),
        ("17_clue", 100, 10),
        ("forum_hardest_1905_11plus", 333, 3),
    ],
}


@pytest.mark.parametrize(
    ("corpus", "name", "every", "limit"),
    [
        pytest.param(corpus, *plan, id=f"{corpus}-{plan[0]}")
        for corpus in corpora()
        for plan in SOUNDNESS_PLANS[corpus.name]
    ],
)
def test_a_sample_of_the_larger_sets_is_solved_soundly(
    corpus: Corpus, name: str, every: int, limit: int
) -> None:
    techniques: set[str] = set()
    for case in corpus.cases(name, limit=limit, every=every):
        techniques.update(assert_sound_path(case.grid))
    assert "Hidden Single" in techniques
    if name == "magictour_top1465":  # the sample exercises ALS, Sue de Coq and grouped chains too
        assert {"ALS-XZ", "ALS-XY-Wing", "Sue de Coq", "Grouped Nice Loop/AIC"} <= techniques


def test_candidates_marked_by_a_player_are_respected() -> None:
    puzzle = cases("top95", limit=1)[0].grid
    solution = solve(puzzle)
    assert solution is not None
    full = Board.from_grid(puzzle)
    marks = list(full.cands)
    wrong_cell = next(c for c in range(81) if not puzzle[c])
    marks[wrong_cell] &= ~(1 << (solution[wrong_cell] - 1))  # the player removed the true digit
    board = Board.from_marks(puzzle, marks)
    assert not board.has(wrong_cell, solution[wrong_cell])
