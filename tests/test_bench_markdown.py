"""``bench --markdown``: tables ready for docs/performance.md, with where they were measured.

Each report starts with the command that measures it again, the machine, the date and the
load, and ends with the run time and the load at the end. Small runs only: the figures
themselves are never asserted (speed is not tested), only what a reader needs around them.
"""

from __future__ import annotations

import re
import shlex

import pytest

from puzzle_sets import puzzle_file
from sudoku_core.bench.report import cores
from sudoku_core.cli import main

LOAD = r"(unknown|\d+\.\d\d / \d+\.\d\d / \d+\.\d\d)"


def bench(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["bench", *args])
    out, err = capsys.readouterr()
    return code, out, err


def command_of(report: str) -> str:
    """The command named in a report's first line."""
    found = re.match(r"- Command: `(.*)`\n", report)
    assert found, report[:200]
    return found.group(1)


def test_the_solver_table_comes_with_command_machine_date_and_load(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SUDOKU_PUZZLES", raising=False)
    top95 = str(puzzle_file("top95"))
    code, out, err = bench(
        capsys, "--markdown", "--limit", "5", "--reference", "1", "--slice-puzzles", "1", top95
    )
    assert code == 0, err
    assert command_of(out) == (
        "python -m sudoku_core bench --markdown --limit 5 --reference 1 --slice-puzzles 1 "
        + shlex.quote(top95)
    )
    lines = out.splitlines()
    assert lines[1].startswith(f"- Machine: {cores()}-core ")
    assert "Python 3." in lines[1]
    assert re.fullmatch(r"- Date: \d{4}-\d\d-\d\d \d\d:\d\d UTC", lines[2])
    assert re.fullmatch(rf"- Load average \(1 / 5 / 15 min\) at the start: {LOAD}", lines[3])
    table = [line for line in lines if line.startswith("|")]
    assert table[0].startswith("| set | puzzles | solve/s")
    assert table[2].startswith("| top95 | 5 |")
    assert re.fullmatch(rf"Run time \d+ s; load average at the end: {LOAD}\.", lines[-1])


def test_the_command_printed_measures_the_same_thing_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SUDOKU_PUZZLES", raising=False)
    _, first, _ = bench(capsys, "--markdown", "--limit", "3", str(puzzle_file("easy50")))
    words = shlex.split(command_of(first))
    assert words[:3] == ["python", "-m", "sudoku_core"]
    code, again, _ = bench(capsys, *words[4:])
    assert code == 0 and command_of(again) == command_of(first)
    assert "--reference 10 --slice-puzzles 50" in command_of(first)  # the defaults, said


def test_the_puzzle_folder_and_its_setting_are_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = puzzle_file("easy50").parent
    monkeypatch.setenv("SUDOKU_PUZZLES", str(folder))
    code, out, err = bench(capsys, "--markdown", "--grading", "easy50", "--limit", "2")
    assert code == 0, err
    assert command_of(out) == (
        f"SUDOKU_PUZZLES={shlex.quote(str(folder))} python -m sudoku_core bench --markdown "
        "--grading easy50 --limit 2"
    )
    assert f"- Puzzle sets: {folder}\n" in out


def test_grading_sections_become_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = bench(
        capsys, "--grading", "easy50", "--limit", "2", "--hints", "--soundness", "1", "--markdown"
    )
    assert code == 0, err
    assert "--markdown" not in command_of(out).split("--grading")[1]
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert table[0].startswith("| set | puzzles | levels | wall median ms |")
    assert table[0].endswith("| hint before the hardest step, CPU ms median / max |")
    assert table[2].startswith("| easy50 | 2 | easy 2 |")
    assert table[3] == "| puzzles | steps applied | unsound |"
    assert re.fullmatch(r"\| 1 \| \d+ \| 0 \|", table[5])
    assert "techniques:" not in out


def test_without_markdown_the_grading_output_is_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = bench(capsys, "--grading", "easy50", "--limit", "2")
    assert code == 0
    assert out.startswith("## Grading time per puzzle\n- easy50: 2 puzzles, median ")
    assert "  techniques: {" in out and "Command:" not in out


def test_the_generator_table_says_its_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = bench(capsys, "--markdown", "--generate", "1")
    assert code == 0, err
    assert command_of(out) == "python -m sudoku_core bench --markdown --generate 1"
    assert "- Puzzle sets:" not in out
    assert "| options | puzzles | median ms |" in out


def test_markdown_and_json_cannot_be_combined(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = bench(capsys, "--markdown", "--format", "json", "--generate", "1")
    assert (code, out) == (2, "")
    assert "--markdown and --format json" in err
