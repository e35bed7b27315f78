"""Graded generation: a puzzle of the asked level, unique, and the same again from its seed."""

from __future__ import annotations

import pytest

from sudoku_core import count_solutions
from sudoku_core.graded import generate_graded
from sudoku_core.grader import grade


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generation_to_a_level_is_reproducible(level: str) -> None:
    made = generate_graded(difficulty=level, seed=11, max_seconds=20)
    assert made.target_met and made.grade.level.value == level
    assert count_solutions(made.generated.puzzle, limit=2) == 1
    assert grade(made.generated.puzzle).level.value == level
    again = generate_graded(difficulty=level, seed=11, max_seconds=20)
    assert again.generated.puzzle == made.generated.puzzle
    assert made.to_dict()["level"] == level


@pytest.mark.parametrize(
    "options",
    [
        {"seed": 2.5},
        {"seed": "abc"},
        {"max_tries": 0},
        {"max_tries": True},
        {"max_seconds": float("nan")},
    ],
    ids=["float-seed", "text-seed", "no-tries", "bool-tries", "nan-seconds"],
)
def test_graded_generation_refuses_bad_options_by_name(options: dict[str, object]) -> None:
    """As generate does: 2.5, True or NaN are refused, not taken as a seed or as no limit."""
    name = next(iter(options))
    with pytest.raises(ValueError, match=name):
        generate_graded(difficulty="easy", **options)  # type: ignore[arg-type]


def test_a_missed_level_says_so_in_its_message() -> None:
    made = generate_graded(difficulty="extreme", seed=1, max_tries=1)
    assert not made.target_met
    message = made.to_dict()["message"]
    assert "instead of Extreme" in message and made.grade.level.title in message
    met = generate_graded(difficulty="easy", seed=1)
    assert met.to_dict()["message"].startswith("Easy (score")
