"""Start-up: what ``import sudoku_core`` and ``python -m sudoku_core solve`` load, checked by
name so that a slow import cannot come back unnoticed; the time itself is a benchmark's
(``python -m sudoku_core bench --startup``), never a test's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_core.cli import main

REPO = Path(__file__).resolve().parents[1]
PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"

NOT_ON_THE_SOLVE_PATH = (
    "typing",  # annotations only: imported for type checkers (5 ms)
    "pathlib",  # -f FILE and the puzzle sets only (5 ms with urllib and ipaddress)
    "shutil",  # argparse's terminal width, read without it (3 ms)
    "random",  # the generator's (1 ms)
    "dataclasses",  # with inspect, ast, dis and tokenize: 12 ms (see sudoku_core._record)
    "inspect",
    "multiprocessing",  # --jobs only
    "sudoku_core.logic",  # the technique engine: grade, hint, path
    "sudoku_core.generator",
    "sudoku_core.grader",
    "sudoku_core.bench",
)


def _modules_after(code: str) -> list[str]:
    """The modules loaded once ``code`` has run in a new interpreter started in the repo.

    ``-S``: no site-packages, whose ``.pth`` files (the editable install's finder) import
    pathlib and typing before any of our code runs."""
    probe = (
        f"{code}\nimport sys\nloaded = sorted(sys.modules)\nimport json\nprint(json.dumps(loaded))"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    modules: list[str] = json.loads(out.splitlines()[-1])
    return modules


def _loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m in names or m.startswith(tuple(f"{n}." for n in names))]


def test_import_sudoku_core_loads_only_the_version() -> None:
    modules = _modules_after("import sudoku_core")
    assert [m for m in modules if m.startswith("sudoku_core")] == [
        "sudoku_core",
        "sudoku_core._version",
    ]
    assert _loaded(modules, ("typing", "argparse", "importlib", "dataclasses")) == []


def test_solve_on_the_command_line_loads_nothing_it_does_not_run() -> None:
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['sudoku_core', 'solve', {PUZZLE!r}]\n"
        "try:\n"
        "    runpy.run_module('sudoku_core', run_name='__main__', alter_sys=True)\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code"
    )
    modules = _modules_after(code)
    assert "sudoku_core.solver" in modules  # the probe did run the command
    assert _loaded(modules, NOT_ON_THE_SOLVE_PATH) == []


def test_the_worker_entry_point_loads_neither_typing_nor_the_engine() -> None:
    modules = _modules_after("import sudoku_core.bridge")
    assert _loaded(modules, NOT_ON_THE_SOLVE_PATH) == []


def test_the_folders_of_puzzle_sets_are_made_on_first_use() -> None:
    from sudoku_core import puzzle_files

    folders = (puzzle_files.CURATED_FOLDER, puzzle_files.SHARED_FOLDER)
    assert folders == (REPO / "tests" / "data", REPO.parent / "shared" / "puzzles")
    with pytest.raises(AttributeError, match="no attribute 'OTHER_FOLDER'"):
        _ = puzzle_files.OTHER_FOLDER


def test_the_startup_benchmark_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--startup", "--runs", "1"]) == 0
    table = capsys.readouterr().out
    for condition in ("cached", "compiled"):
        for run in ("pass", "import sudoku_core", "solve PUZZLE", "**solve PUZZLE - pass**"):
            assert f"| {condition} | {run} |" in table
    assert "solve over a bare start, medians (target 60 ms): cached" in table


def test_the_startup_benchmark_writes_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--startup", "--runs", "1", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 8
    assert {row["bytecode"] for row in rows} == {"cached", "compiled"}
    assert all(row["min_ms"] <= row["median_ms"] for row in rows if " - " not in row["run"])


def test_solve_answers_as_before() -> None:
    done = subprocess.run(
        [sys.executable, "-S", "-m", "sudoku_core", "solve", PUZZLE],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == SOLUTION + "\n"


@pytest.mark.parametrize("columns", ["50", "123", "", "wide", "-3", None])
def test_the_help_is_as_wide_as_argparse_would_make_it(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    """The formatter that reads the terminal's width without shutil finds the width the stock
    one finds (COLUMNS when it is a positive number, else the terminal's, else 80)."""
    import argparse

    from sudoku_core.cli.command import HelpFormatter

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert HelpFormatter("x")._width == argparse.HelpFormatter("x")._width
    assert HelpFormatter("x", width=30)._width == 30
