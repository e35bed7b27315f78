"""Tools for setters: every suggested given makes the puzzle unique, every "redundant" given can
go, every minimal choice is minimal; checked by the solvers on a few hundred seeded puzzles."""

from __future__ import annotations

import json
import random

import pytest

from puzzle_sets import cases
from reference_solver import reference_count
from sudoku_core import InvalidPuzzleError, count_solutions, parse, solve
from sudoku_core.generator import is_minimal, is_symmetric
from sudoku_core.grid import Grid
from sudoku_core.setter import (
    SAMPLE,
    given_symmetry,
    minimize,
    redundant_givens,
    repair,
    study,
)

PUZZLE_TEXT = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
PUZZLES = [case.grid for case in cases("magictour_top1465", limit=300)]
"""Unique puzzles of the shipped corpus (their solutions are the grids thinned below)."""


def _added(grid: Grid, clues: tuple[tuple[int, int], ...]) -> Grid:
    work = list(grid)
    for cell, digit in clues:
        assert not work[cell], "a suggested given must go in an empty cell"
        work[cell] = digit
    return tuple(work)


def _thinned(index: int) -> Grid:
    """A solution grid with 45-58 cells emptied at random (seeded by ``index``): several
    solutions more often than not, a unique one sometimes."""
    rng = random.Random(index)
    solution = solve(PUZZLES[index])
    assert solution is not None
    empty = set(rng.sample(range(81), rng.randint(45, 58)))
    return tuple(0 if c in empty else d for c, d in enumerate(solution))


def test_the_corpus_was_found() -> None:
    assert len(PUZZLES) == 300


@pytest.mark.parametrize("index", range(0, 300, 3))
def test_every_suggested_given_makes_the_puzzle_unique(index: int) -> None:
    grid = _thinned(index)
    if count_solutions(grid, limit=2) < 2:
        with pytest.raises(InvalidPuzzleError, match="already unique"):
            repair(grid)
        return
    found = repair(grid)
    assert reference_count(_added(grid, found.clues), limit=2) == 1
    for clue in found.single_clues:
        assert reference_count(_added(grid, (clue,)), limit=2) == 1
    if found.single_clues:
        assert len(found.clues) == 1 and found.clues[0] in found.single_clues
    first, second = found.solutions
    assert first != second and all(first[c] != second[c] for c in found.differences)
    if found.counted < SAMPLE and index % 15 == 0:  # "the fewest": no single given was missed
        singles = {
            (cell, digit)
            for cell in range(81)
            if not grid[cell]
            for digit in range(1, 10)
            if count_solutions(_added(grid, ((cell, digit),)), limit=2) == 1
        }
        assert singles == set(found.single_clues)
        assert found.fewest_proven


@pytest.mark.parametrize("index", range(1, 300, 3))
def test_every_redundant_given_can_go_and_no_other(index: int) -> None:
    rng = random.Random(index)
    puzzle = PUZZLES[index]
    solution = solve(puzzle)
    assert solution is not None
    extra = rng.sample([c for c in range(81) if not puzzle[c]], rng.randint(0, 6))
    grid = tuple(solution[c] if c in extra else puzzle[c] for c in range(81))
    redundant = set(redundant_givens(grid))
    for cell in (c for c in range(81) if grid[c]):
        without = (*grid[:cell], 0, *grid[cell + 1 :])
        if cell in redundant:
            assert count_solutions(without, limit=2) == 1
            if index % 10 == 1:  # and by the plain solver (slow on these hard puzzles)
                assert reference_count(without, limit=2) == 1
        else:
            assert count_solutions(without, limit=2) == 2


@pytest.mark.parametrize("index", range(2, 300, 15))
def test_every_minimal_choice_is_minimal_and_inside_the_puzzle(index: int) -> None:
    grid = solve(PUZZLES[index])
    assert grid is not None
    puzzle = PUZZLES[index]
    thick = tuple(d if puzzle[c] or c % 3 else 0 for c, d in enumerate(grid))  # unique, ~60
    choices = minimize(thick, choices=3, seed=index)
    assert 1 <= len(choices) <= 3 and len({m.puzzle for m in choices}) == len(choices)
    assert [m.givens for m in choices] == sorted(m.givens for m in choices)
    for choice in choices:
        assert is_minimal(choice.puzzle)
        assert all(d in (0, thick[c]) for c, d in enumerate(choice.puzzle))
        assert set(choice.removed) == {c for c in range(81) if thick[c] and not choice.puzzle[c]}
        assert all(is_symmetric(choice.puzzle, s) for s in choice.symmetry)


def test_a_symmetric_puzzle_keeps_its_symmetry_where_it_can() -> None:
    solution = solve(PUZZLES[0])
    assert solution is not None
    shapes = [given_symmetry(m.puzzle) for m in minimize(solution, choices=4)]
    assert any("rot180" in s.holding or s.nearest == "rot180" for s in shapes)


def test_symmetry_named_and_nearest() -> None:
    puzzle = parse(
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
    )
    assert given_symmetry(puzzle).holding == ("rot180",)
    broken = (5, *puzzle[1:])  # r1c1 given, its rot180 image r9c9 empty
    near = given_symmetry(broken)
    assert near.holding == () and near.nearest == "rot180" and near.breaks == (0,)
    assert near.missing == (80,)
    assert near.describe() == (
        "No symmetry; nearly rot180: fill r9c9 to complete it (the partner of r1c1)."
    )
    # row 9's last four givens missing: the line names the cells to fill, not the givens left alone
    unpaired = given_symmetry(puzzle[:75] + (0,) * 4 + puzzle[79:])
    assert unpaired.nearest == "rot180" and unpaired.missing == (75, 76, 77, 78)
    assert unpaired.describe().startswith(
        "No symmetry; nearly rot180: fill r9c4, r9c5, r9c6, r9c7 "
    )


def test_study_says_what_create_mode_shows() -> None:
    several = study(
        "519748..2783652419426139875357986241264317598198524..7975863124832491756641275983"
    )
    body = several.to_dict()
    assert body["status"] == "multiple" and body["clues"] == [[6, 3]]
    assert body["differences"] == [6, 7, 51, 52] and body["redundant"] is None
    sparse = study("1" + "." * 80).to_dict()
    assert (
        sparse["status"] == "multiple"
        and sparse["clues"] == []
        and sparse["repair_message"] is None
    )
    invalid = study("11" + "." * 79)
    assert invalid.verdict.status.value == "invalid" and invalid.symmetry.holding == ()


def test_refusals_say_why() -> None:
    with pytest.raises(InvalidPuzzleError, match="breaks the rules"):
        repair("11" + "." * 79)
    with pytest.raises(InvalidPuzzleError, match="must be unique"):
        redundant_givens("." * 81)
    with pytest.raises(ValueError, match="choices"):
        minimize(PUZZLES[0], choices=0)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_core.cli import main

    several = "519748..2783652419426139875357986241264317598198524..7975863124832491756641275983"
    assert main(["repair", several]) == 0
    out = capsys.readouterr().out
    assert "adding r1c7=3 makes it unique" in out and "repaired: 5197483.2" in out
    assert main(["minimize", "--choices", "2", "--format", "json", PUZZLE_TEXT]) == 0
    choices = json.loads(capsys.readouterr().out)["choices"]
    assert [c["givens"] for c in choices] == [25, 26]
    assert main(["minimize", "." * 81]) == 1
    assert "must be unique" in capsys.readouterr().err
