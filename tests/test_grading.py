"""Grading: HoDoKu's levels and scores, the ratings and the path."""

from __future__ import annotations

import pytest

from puzzle_sets import cases
from sudoku_core import InvalidPuzzleError
from sudoku_core.grader import Level, grade, level_of, parse_level

HODOKU_MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""HoDoKu (via hodoku-py) grades this Medium, score 696: 37 naked singles, 19 full houses,
8 hidden singles, 6 pointing locked candidates and one locked triple."""


def test_level_rule_raises_with_the_score() -> None:
    assert level_of(Level.EASY, 800) is Level.EASY
    assert level_of(Level.EASY, 801) is Level.MEDIUM
    assert level_of(Level.HARD, 1601) is Level.UNFAIR
    assert level_of(Level.UNFAIR, 1801) is Level.EXTREME
    assert parse_level("Hard") is Level.HARD
    with pytest.raises(ValueError, match="unknown level"):
        parse_level("diabolical")


def test_a_puzzle_graded_exactly_as_hodoku_does() -> None:
    result = grade(HODOKU_MEDIUM)
    assert (result.level, result.score) == (Level.MEDIUM, 696)
    assert result.histogram == {
        "Naked Single": 37,
        "Full House": 19,
        "Hidden Single": 8,
        "Locked Candidates Type 1 (Pointing)": 6,
        "Locked Triple": 1,
    }
    assert result.bottleneck is not None and result.bottleneck.technique == "Locked Triple"
    assert result.rating == max(step.info.rating for step in result.path)
    body = result.to_dict()
    assert body["level"] == "medium" and len(body["path"]) == len(result.path)


def test_every_easy50_puzzle_is_graded_with_a_full_path() -> None:
    for case in cases("easy50"):
        result = grade(case.grid)
        assert result.logical and result.level in (Level.EASY, Level.MEDIUM, Level.HARD)
        assert sum(result.histogram.values()) == len(result.path) > 0
        assert result.score == sum(step.info.score for step in result.path)


def test_puzzles_without_exactly_one_solution_are_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="several solutions"):
        grade("." * 81)
    with pytest.raises(InvalidPuzzleError, match="breaks the rules"):
        grade("11" + "." * 79)


def test_a_solved_grid_grades_as_an_empty_path() -> None:
    """Nothing to do is HoDoKu's start: Easy, score 0; no step, so no rating (0.0)."""
    solved = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
    result = grade(solved)
    assert (result.level, result.score, result.path, result.histogram) == (Level.EASY, 0, (), {})
    assert (result.rating, result.pearl, result.diamond) == (0.0, 0.0, 0.0)
    assert result.bottleneck is None and result.logical
    assert result.describe() == "Already solved: no step to take (Easy, score 0)."
    body = result.to_dict()
    assert (body["steps"], body["path"], body["bottleneck"]) == (0, [], None)
    assert body["solution"] == solved and body["message"] == result.describe()
    with pytest.raises(InvalidPuzzleError, match="breaks the rules"):
        grade("11" + solved[2:])
