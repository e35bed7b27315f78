"""Graded generation: a puzzle of the asked level, unique, and the same again from its seed."""

from __future__ import annotations

import pytest

from sudoku_core import count_solutions
from sudoku_core.graded import generate_graded
from sudoku_core.grading import grade


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generation_to_a_level_is_reproducible(level: str) -> None:
    made = generate_graded(difficulty=level, seed=11, max_seconds=20)
    assert made.target_met and made.grade.level.value == level
    assert count_solutions(made.generated.puzzle, limit=2) == 1
    assert grade(made.generated.puzzle).level.value == level
    again = generate_graded(difficulty=level, seed=11, max_seconds=20)
    assert again.generated.puzzle == made.generated.puzzle
    assert made.to_dict()["level"] == level
