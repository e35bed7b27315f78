"""The generator: every puzzle unique, symmetric, minimal when asked, reproducible by seed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from reference_solver import reference_count
from sudoku_core import InvalidPuzzleError, count_solutions, is_solution, parse
from sudoku_core.cli import main
from sudoku_core.generator import SYMMETRIES, Symmetry, generate, is_minimal, is_symmetric, orbits
from sudoku_core.grid import Grid

OPTION_SETS: list[dict[str, Any]] = [
    *({"symmetry": symmetry} for symmetry in SYMMETRIES),
    {"minimal": True},
    {"symmetry": "rot180", "minimal": True},
    {"max_givens": 24},
    {"max_givens": 30, "symmetry": "rot180"},
]
"""Cycled over the seeds; the slower minimal-with-symmetry cases have their own test below.
No time budget: with tries as the only bound, every run is the same on any machine."""


def _independently_minimal(puzzle: Grid) -> bool:
    """Minimality by brute force with the reference solver: every given is needed."""
    for cell in range(81):
        if puzzle[cell]:
            reduced = (*puzzle[:cell], 0, *puzzle[cell + 1 :])
            if reference_count(reduced, limit=2) < 2:
                return False
    return True


@pytest.mark.parametrize("seed", range(200))
def test_two_hundred_seeds(seed: int) -> None:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    result = generate(seed=seed, max_seconds=None, **options)
    assert result.seed == seed and result.target_met
    assert count_solutions(result.puzzle, limit=2) == 1
    assert is_solution(result.solution, result.puzzle)
    assert is_symmetric(result.puzzle, result.symmetry)
    if options.get("minimal"):
        assert result.minimal is True
    if result.minimal and seed % 10 == 0:
        assert _independently_minimal(result.puzzle)
    if "max_givens" in options:
        assert result.givens <= options["max_givens"]
    if seed % 20 == 0:
        assert generate(seed=seed, max_seconds=None, **options).puzzle == result.puzzle


def test_no_symmetry_single_pass_is_minimal() -> None:
    result = generate(seed=11)
    assert result.minimal is True and is_minimal(result.puzzle)
    assert _independently_minimal(result.puzzle)


def test_a_non_minimal_puzzle_is_told_apart() -> None:
    result = generate(seed=3)
    solution = result.solution
    extra = next(c for c in range(81) if not result.puzzle[c])
    padded = (*result.puzzle[:extra], solution[extra], *result.puzzle[extra + 1 :])
    assert not is_minimal(padded)


@pytest.mark.parametrize(
    ("symmetry", "seed"),
    [("rot90", 0), ("horizontal", 4), ("vertical", 1), ("diagonal", 5), ("antidiagonal", 3)],
)
def test_minimal_with_every_symmetry(symmetry: Symmetry, seed: int) -> None:
    """Minimal cell by cell and symmetric: found by local search (seeds picked to be quick)."""
    result = generate(seed=seed, symmetry=symmetry, minimal=True, max_seconds=None)
    assert result.target_met and result.minimal is True
    assert is_symmetric(result.puzzle, symmetry) and is_minimal(result.puzzle)
    assert _independently_minimal(result.puzzle)


def test_without_a_seed_one_is_chosen_and_reproduces() -> None:
    first = generate()
    assert generate(seed=first.seed).puzzle == first.puzzle


def test_orbits_partition_the_grid() -> None:
    for symmetry in SYMMETRIES:
        cells = [c for orbit in orbits(symmetry) for c in orbit]
        assert sorted(cells) == list(range(81))
    with pytest.raises(ValueError, match="unknown symmetry"):
        orbits("spiral")  # type: ignore[arg-type]


def test_a_starting_pattern_is_kept() -> None:
    pattern = parse("123456789" + "." * 72)
    result = generate(seed=5, givens=pattern)
    assert result.puzzle[:9] == pattern[:9]
    assert count_solutions(result.puzzle, limit=2) == 1


def test_cells_to_keep_stay_givens() -> None:
    keep = {0, 10, 20, 30, 40, 50, 60, 70, 80}
    result = generate(seed=9, keep=keep, symmetry="rot180")
    assert all(result.puzzle[c] for c in keep)
    assert is_symmetric(result.puzzle, "rot180")


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("11" + "." * 79, "the starting pattern breaks the rules: digit 1 appears twice in row 1"),
        ("12345678." + "........9" + "." * 63, "cannot be completed to a full grid"),
        ("1x", "unexpected character 'x'"),
    ],
)
def test_impossible_patterns_are_rejected_clearly(pattern: str, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        generate(seed=1, givens=pattern)


def test_an_unreachable_target_is_reported_honestly() -> None:
    result = generate(seed=2, max_givens=16, max_tries=3)
    assert not result.target_met and result.tries == 3
    assert result.givens > 16
    assert count_solutions(result.puzzle, limit=2) == 1
    assert "no puzzle with at most 16 givens was found in 3 tries" in result.describe()
    strict = generate(
        seed=2, symmetry="rot90", minimal=True, max_tries=1
    )  # needs hundreds of tries
    assert not strict.target_met and strict.minimal is False and not strict.timed_out
    assert "no minimal puzzle was found in 1 tries" in strict.describe()
    assert "seed may not reproduce" not in strict.describe()
    hurried = generate(seed=2, symmetry="rot90", minimal=True, max_seconds=0.01)
    assert not hurried.target_met and hurried.timed_out
    assert "the time limit ended the search, so the seed may not reproduce it" in hurried.describe()


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="max_givens must be between 0 and 81"):
        generate(max_givens=90)
    with pytest.raises(ValueError, match=r"cells to keep must be 0\.\.80"):
        generate(keep={81})


def test_cli_generate(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["generate", "-n", "3", "--seed", "40", "--show-seed", "--symmetry", "diagonal"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[1] for line in lines] == ["40", "41", "42"]
    for line in lines:
        puzzle, seed, givens = line.split("\t")
        again = generate(seed=int(seed), symmetry="diagonal")
        assert parse(puzzle) == again.puzzle and int(givens) == again.givens


def test_cli_generate_jobs_match_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "-n", "4", "--seed", "7", "--format", "json"]) == 0
    single = capsys.readouterr().out
    assert main(["generate", "-n", "4", "--seed", "7", "--format", "json", "--jobs", "2"]) == 0
    double = capsys.readouterr().out

    def stable(out: str) -> list[dict[str, object]]:
        lines = [json.loads(line) for line in out.splitlines()]
        return [
            {k: v for k, v in line.items() if k not in ("seconds", "message")} for line in lines
        ]

    assert stable(single) == stable(double)


def test_cli_generate_unreachable_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--seed", "1", "--clues", "15", "--max-tries", "2"]) == 3
    assert "no puzzle with at most 15 givens" in capsys.readouterr().err


def test_bench_generate_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--generate", "2"]) == 0
    out, err = capsys.readouterr()
    rows = out.splitlines()
    assert rows[0].startswith("| options | puzzles | median ms | p90 ms")
    assert len(rows) == 2 + 6 and all(row.endswith("| 0 | 0 |") for row in rows[2:])
    assert "0 non-unique puzzles" in err
