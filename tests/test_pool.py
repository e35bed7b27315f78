"""web/puzzles/puzzle-pool.json: the page's pre-graded puzzles, made by ``python -m sudoku_core pool``.

Every entry must be a unique puzzle of its stated level and score, and reproducible from its
seed, so that the page's "New puzzle" is honest about what it hands out and a shared seed means
the same puzzle everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudoku_core import count_solutions, format_line, generate_graded, grade
from sudoku_core.cli import main
from sudoku_core.cli.pool import pool_text

POOL = Path(__file__).resolve().parents[1] / "web" / "puzzles" / "puzzle-pool.json"
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
FIELDS = {"seed", "level", "score", "givens", "symmetry", "puzzle"}


def read_pool() -> list[dict[str, Any]]:
    data = json.loads(POOL.read_text())
    assert data["v"] == 1
    puzzles: list[dict[str, Any]] = data["puzzles"]
    assert puzzles, f"no puzzles in {POOL}"
    return puzzles


PUZZLES = read_pool()


def test_every_level_has_puzzles_and_entries_are_well_formed() -> None:
    per_level = {level: [p for p in PUZZLES if p["level"] == level] for level in LEVELS}
    assert all(len(entries) >= 8 for entries in per_level.values()), {
        level: len(entries) for level, entries in per_level.items()
    }
    assert sum(len(entries) for entries in per_level.values()) == len(PUZZLES)  # no other level
    for entry in PUZZLES:
        assert set(entry) == FIELDS, entry
        assert len(entry["puzzle"]) == 81 and set(entry["puzzle"]) <= set(".123456789")
        assert entry["givens"] == 81 - entry["puzzle"].count(".")
        assert entry["symmetry"] == "none"
    assert len({p["puzzle"] for p in PUZZLES}) == len(PUZZLES), "a puzzle appears twice"
    assert len({(p["level"], p["seed"]) for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("entry", PUZZLES, ids=lambda p: f"{p['level']}-{p['seed']}")
def test_entry_is_unique_and_graded_at_its_level(entry: dict[str, Any]) -> None:
    assert count_solutions(entry["puzzle"], limit=2) == 1
    result = grade(entry["puzzle"])
    assert (result.level.value, result.score) == (entry["level"], entry["score"])


# The first entry of each level (about 1-2 s each): the seed makes the same puzzle again.
FIRSTS = [next(p for p in PUZZLES if p["level"] == level) for level in LEVELS]


@pytest.mark.parametrize("entry", FIRSTS, ids=lambda p: f"{p['level']}-{p['seed']}")
def test_entry_is_reproducible_from_its_seed(entry: dict[str, Any]) -> None:
    made = generate_graded(difficulty=entry["level"], seed=entry["seed"])
    assert format_line(made.generated.puzzle) == entry["puzzle"]


def test_the_file_is_exactly_what_the_pool_command_writes() -> None:
    assert POOL.read_text() == pool_text(PUZZLES)


def test_the_pool_command_makes_the_first_entries_again(tmp_path: Path) -> None:
    """One puzzle per level: the same lines as the shipped file's first of each level (the
    full ``pool -o web/puzzles/puzzle-pool.json`` run makes the whole file again, byte for byte)."""
    made = tmp_path / "pool.json"
    assert main(["pool", "--per-level", "1", "-o", str(made)]) == 0
    assert made.read_text() == pool_text(FIRSTS)
