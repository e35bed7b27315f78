"""The verdict and rule conflicts: each status with its evidence."""

from __future__ import annotations

import pytest

from sudoku_core import (
    Budget,
    InvalidPuzzleError,
    Status,
    check,
    conflicts,
    find_mistakes,
    is_solution,
    iter_check,
    parse,
)
from sudoku_core.validate import conflicting_cells
from sudoku_core.verdict import mistakes, unique_solution

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def test_unique_carries_the_solution() -> None:
    verdict = check(UNIQUE)
    assert verdict.status is Status.UNIQUE
    assert verdict.solution == parse(SOLUTION)
    assert verdict.differences == ()
    assert verdict.to_dict()["solution"] == SOLUTION
    assert verdict.describe() == "Unique: the puzzle has exactly one solution."


def test_conflicts_name_digit_unit_and_cells() -> None:
    grid = parse("5...5....." + "." * 8 + "5" + "." * 62)  # r1c1, r1c5 and r3c1 hold 5
    found = [(c.digit, c.kind, c.number, c.cells) for c in conflicts(grid)]
    assert found == [(5, "row", 1, (0, 4)), (5, "column", 1, (0, 18)), (5, "box", 1, (0, 18))]
    verdict = check(grid)
    assert verdict.status is Status.INVALID
    assert "digit 5 appears twice in row 1: r1c1, r1c5" in verdict.describe()
    assert "digit 5 appears twice in column 1: r1c1, r3c1" in verdict.describe()
    assert conflicting_cells(grid) == {0, 4, 18}


def test_three_times_is_said() -> None:
    (conflict,) = [c for c in conflicts("555" + "." * 78) if c.kind == "row"]
    assert conflict.describe() == "digit 5 appears 3 times in row 1: r1c1, r1c2, r1c3"


def test_no_solution_is_not_invalid() -> None:
    verdict = check("12345678." + "........9" + "." * 63)
    assert verdict.status is Status.NO_SOLUTION
    assert verdict.conflicts == ()
    assert "cannot be completed" in verdict.describe()


def test_multiple_shows_two_solutions_and_where_they_differ() -> None:
    puzzle = UNIQUE[:-3] + "..."  # drop the 9 at r9c7: now several solutions
    verdict = check(puzzle)
    assert verdict.status is Status.MULTIPLE
    first, second = verdict.solutions
    assert (
        first != second and is_solution(first, parse(puzzle)) and is_solution(second, parse(puzzle))
    )
    assert verdict.differences == tuple(c for c in range(81) if first[c] != second[c])
    assert len(verdict.differences) >= 4  # two solutions always differ in at least 4 cells
    assert f"differ in {len(verdict.differences)} cells" in verdict.describe()


def test_too_few_givens_is_flagged_but_still_answered() -> None:
    verdict = check("1" + "." * 80)
    assert verdict.status is Status.MULTIPLE and verdict.too_few_givens
    assert "only 1 givens" in verdict.describe()
    assert not check(UNIQUE).too_few_givens


def test_gave_up_is_a_status() -> None:
    verdict = check("." * 81, budget=Budget(nodes=1))
    assert verdict.status is Status.GAVE_UP
    assert verdict.describe().startswith("Gave up after 1 search nodes")


def test_iter_check_yields_progress_then_the_verdict() -> None:
    steps = iter_check("1" + "." * 80, tick_nodes=1)
    progress = next(steps)
    assert progress.nodes >= 1
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    assert done.value.value.status is Status.MULTIPLE


def test_find_mistakes() -> None:
    entries = "5" + "." * 80  # right
    assert find_mistakes(UNIQUE, entries) == []
    wrong = "4" + "." * 80
    assert find_mistakes(UNIQUE, wrong) == [0]
    assert find_mistakes("." * 81, entries) is None


def test_unique_solution_or_why_not() -> None:
    assert unique_solution(UNIQUE) == parse(SOLUTION)
    cases = [
        (
            "11" + "." * 79,
            "the puzzle breaks the rules: digit 1 appears twice in row 1: r1c1, r1c2",
        ),
        ("12345678." + "........9" + "." * 63, "the puzzle has no solution"),
        (UNIQUE[:-3] + "...", "the puzzle has several solutions"),
    ]
    for puzzle, reason in cases:
        with pytest.raises(InvalidPuzzleError) as error:
            unique_solution(puzzle, purpose="cannot grade")
        assert str(error.value).startswith(f"cannot grade: {reason}")
    with pytest.raises(InvalidPuzzleError, match=r"^the puzzle could not be checked in time$"):
        unique_solution("1" + "." * 80, Budget(nodes=1))


def test_mistakes_are_entries_that_differ_from_the_solution() -> None:
    solution = parse(SOLUTION)
    assert mistakes(UNIQUE, solution) == ()  # the givens agree with their solution
    assert mistakes("." * 81, solution) == ()  # an empty cell is not a mistake
    wrong = "4" + SOLUTION[1:80] + "1"
    assert mistakes(wrong, SOLUTION) == (0, 80)
