"""The puzzles printed in the design articles this project grew from (tests/data/seed_examples.txt).

Their lines are ``puzzle:count[:solution]``, digits with 0 for empty as the articles write them;
the counts were checked with an independent counter. One example has 103 solutions, so "the"
solution its article prints does not exist; another is the empty grid, too big to count, so it is
a comment in the file and is tested here by bounded counting. Only the public API is used.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from puzzle_sets import puzzle_file, puzzle_lines
from sudoku_core import Status, check, count_solutions, is_solution, parse, solve

EMPTY_GRID = "0" * 81


@dataclass(frozen=True)
class Example:
    """One line of seed_examples.txt."""

    puzzle: str
    count: int
    solution: str | None


def read_examples() -> list[Example]:
    """Every example of the file (asserting it was found and is not empty)."""
    examples = []
    for line in puzzle_lines(puzzle_file("seed_examples").read_text()):
        puzzle, count, *solution = line.split(":")
        examples.append(Example(puzzle, int(count), solution[0] if solution else None))
    assert examples, "no examples in seed_examples.txt"
    return examples


EXAMPLES = read_examples()


def test_the_file_holds_the_four_counted_examples_and_notes_the_empty_grid() -> None:
    assert [example.count for example in EXAMPLES] == [1, 103, 1, 1]
    text = puzzle_file("seed_examples").read_text()
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert any("the empty grid" in line for line in comments)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.puzzle[:9]}-{e.count}")
def test_exact_solution_counts(example: Example) -> None:
    assert count_solutions(example.puzzle, limit=example.count + 1) == example.count


def test_the_article_example_with_103_solutions() -> None:
    [several] = [example for example in EXAMPLES if example.count > 1]
    assert several.count == 103 and several.solution is None
    assert count_solutions(several.puzzle, limit=1000) == 103
    verdict = check(several.puzzle)
    assert verdict.status is Status.MULTIPLE
    found = solve(several.puzzle)  # a solution exists, just not a unique one
    assert found is not None and is_solution(found, several.puzzle)


@pytest.mark.parametrize(
    "example", [e for e in EXAMPLES if e.count == 1], ids=lambda e: e.puzzle[:9]
)
def test_unique_examples_solve_to_the_printed_solution(example: Example) -> None:
    assert example.solution is not None
    solution = parse(example.solution)
    assert is_solution(solution, example.puzzle)
    assert solve(example.puzzle) == solution
    verdict = check(example.puzzle)
    assert verdict.status is Status.UNIQUE and verdict.solution == solution


@pytest.mark.parametrize("limit", [1, 2, 103, 10_000])
def test_the_empty_grid_is_counted_only_up_to_a_bound(limit: int) -> None:
    assert count_solutions(EMPTY_GRID, limit=limit) == limit


def test_the_empty_grid_solves_and_is_not_unique() -> None:
    found = solve(EMPTY_GRID)
    assert found is not None and is_solution(found, EMPTY_GRID)
    verdict = check(EMPTY_GRID)
    assert verdict.status is Status.MULTIPLE
    assert "only 0 givens" in verdict.describe()
