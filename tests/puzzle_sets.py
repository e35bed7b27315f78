"""Where the shared puzzle sets live, for data-driven tests (they are never copied here).

A data-driven test asserts that its file was found, so an empty suite cannot pass.
"""

from __future__ import annotations

from pathlib import Path

from sudoku_core.bench import Case, default_paths, load_cases


def puzzle_file(name: str) -> Path:
    """The path of a shared set, e.g. ``top95``; fails the test when it is missing."""
    for path in default_paths():
        if path.stem == name:
            return path
    raise AssertionError(
        f"puzzle set {name!r} not found: set SUDOKU_PUZZLES or place ../shared/puzzles"
    )


def cases(name: str, limit: int | None = None, every: int = 1) -> list[Case]:
    """The puzzles of a set with their expected answers; every ``every``-th for a sample."""
    found, bad = load_cases(puzzle_file(name))
    assert not bad, f"{bad} unreadable lines in {name}"
    assert found, f"no puzzles in {name}"
    sample = found[::every]
    return sample[:limit] if limit else sample
