"""The command line at its edges: bad option values, bad lines, invalid puzzles, --jobs.

Every bad value is a usage error (exit 2) that names the option; a bad input line or an invalid
puzzle keeps its place in the output, whatever the format.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sudoku_core.cli import main
from sudoku_core.formats import format_line
from sudoku_core.grader import grade_in_slices
from sudoku_core.grid import Grid
from sudoku_core.hints import hint_in_slices

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The message of an argparse usage error (exit 2, no traceback)."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "--limit", "0"], "argument --limit: must be at least 1, got 0"),
        (["count", "--limit", "-5"], "argument --limit: must be at least 1, got -5"),
        (["count", "--limit", "2.5"], "argument --limit: not a whole number: '2.5'"),
        (["solve", "--max-nodes", "0"], "argument --max-nodes: must be at least 1, got 0"),
        (["check", "--max-seconds", "inf"], "argument --max-seconds: must be a finite number"),
        (["check", "--max-seconds", "nan"], "argument --max-seconds: must be a finite number"),
        (["check", "--max-seconds", "-1"], "argument --max-seconds: must be more than 0"),
        (["solve", "--jobs", "-1"], "argument -j/--jobs: must be at least 0, got -1"),
        (["generate", "--max-seconds", "inf"], "argument --max-seconds: must be a finite number"),
        (["generate", "--max-tries", "0"], "argument --max-tries: must be at least 1, got 0"),
        (["generate", "--count", "0"], "argument -n/--count: must be at least 1, got 0"),
        (["generate", "--clues", "100"], "argument --clues: must be from 0 to 81, got 100"),
        (["generate", "--clues", "-5"], "argument --clues: must be from 0 to 81, got -5"),
        (["generate", "--seed", str(2**64)], "argument --seed: must be from -9223372036854775808"),
        (["pool", "--seed", str(-(2**64))], "argument --seed: must be from -9223372036854775808"),
        (["bench", "--generate", "-1"], "argument --generate: must be at least 1, got -1"),
        (["bench", "--generate", "0"], "argument --generate: must be at least 1, got 0"),
        (["bench", "--limit", "-1"], "argument --limit: must be at least 1, got -1"),
    ],
)
def test_a_bad_number_is_a_usage_error_naming_the_option(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert message in usage_error(capsys, *args, UNIQUE)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--digits", "abc"], "argument --digits: unexpected character 'a' at row 1, column 1"),
        (["--digits", "123"], "argument --digits: 3 cells, expected 81"),
        (["--candidates", "12,3"], "argument --candidates: 81 cells, got 2"),
        (["--candidates", "١٢" + "," * 80], "argument --candidates: cell 1: '١٢' is not"),
        (["--candidates", "0" + "," * 80], "argument --candidates: cell 1: '0' is not"),
    ],
)
def test_a_bad_hint_option_is_a_usage_error_not_a_bad_puzzle(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    err = usage_error(capsys, "hint", *args, UNIQUE)
    assert message in err and "argument 1" not in err


@pytest.fixture
def mixed_file(tmp_path: Path) -> Path:
    """A unique puzzle, a bad line (80 cells), then an invalid puzzle (two 5s in row 1)."""
    path = tmp_path / "mixed.txt"
    path.write_text(f"{UNIQUE}\n{'1' * 80}\n55{'.' * 79}\n")
    return path


@pytest.mark.parametrize("command", ["solve", "check", "count", "format"])
def test_json_output_keeps_a_record_for_every_line(
    capsys: pytest.CaptureFixture[str], mixed_file: Path, command: str
) -> None:
    main([command, "--format", "json", "-f", str(mixed_file)])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["source"], r["line"]) for r in records] == [(str(mixed_file), n) for n in (1, 2, 3)]
    assert records[0]["puzzle"] == UNIQUE and records[2]["puzzle"] == "55" + "." * 79
    assert records[1]["puzzle"] is None and records[1]["input"] == "1" * 80
    assert records[1]["error"] == "80 cells, expected 81"


@pytest.mark.parametrize("output", ["board", "grid"])
def test_board_and_grid_output_mark_a_bad_line(
    capsys: pytest.CaptureFixture[str], mixed_file: Path, output: str
) -> None:
    code = main(["format", "--format", output, "-f", str(mixed_file)])
    out, err = capsys.readouterr()
    assert code == 2 and f"{mixed_file}:2: 80 cells, expected 81" in err
    answers = [line for line in out.splitlines() if line.startswith(("[", "#", "+"))]
    if output == "grid":  # a boxed picture starts and ends with a border line
        answers = [line for n, line in enumerate(answers) if line.startswith("#") or n % 4 == 0]
    assert [line.startswith("#") for line in answers] == [False, True, False]


def test_count_says_an_invalid_puzzle_is_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["count", "55" + "." * 79])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "# invalid\n")
    assert "argument 1:1: Invalid: digit 5 appears twice in row 1: r1c1, r1c2" in err
    assert main(["count", "--format", "json", "55" + "." * 79]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["invalid"] is True and record["count"] == 0


def test_jobs_are_capped_at_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    code = main(["solve", "--jobs", "1000", UNIQUE])
    out, err = capsys.readouterr()
    assert (code, out) == (0, SOLUTION + "\n")
    assert f"--jobs 1000: this machine has {cores} cores; using {cores} processes" in err
    assert main(["solve", "--jobs", str(cores), UNIQUE]) == 0
    assert capsys.readouterr().err == ""


def test_jobs_stream_answers_in_order_as_they_are_ready(tmp_path: Path) -> None:
    """The first answers arrive while a later puzzle is still being counted (no timing: the
    slow puzzle's answer must simply not be there yet when the first one is)."""
    path = tmp_path / "quick-then-slow.txt"
    path.write_text(f"{UNIQUE}\n" * 300 + "." * 81 + "\n")
    command = [sys.executable, "-m", "sudoku_core", "count", "--jobs", "2", "--limit", "1000000"]
    with subprocess.Popen(
        [*command, "--max-seconds", "20", "-f", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        bufsize=0,
    ) as process:
        assert process.stdout is not None
        received = b""
        while b"\n" not in received:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            received += chunk
        try:
            assert received.startswith(b"1\n")
            assert process.poll() is None and b"+" not in received  # the slow one is not done
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=60)


@pytest.mark.parametrize("command", ["grade", "hint", "path"])
def test_explain_json_keeps_a_record_for_every_line(
    capsys: pytest.CaptureFixture[str], mixed_file: Path, command: str
) -> None:
    assert main([command, "--format", "json", "-f", str(mixed_file)]) == 2
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["source"], r["line"]) for r in records] == [(str(mixed_file), n) for n in (1, 2, 3)]
    assert [r["puzzle"] for r in records] == [UNIQUE, None, "55" + "." * 79]
    assert "error" not in records[0] and records[1]["error"] == "80 cells, expected 81"
    assert records[1]["input"] == "1" * 80
    assert "digit 5 appears twice in row 1" in records[2]["error"]


@pytest.mark.parametrize("command", ["grade", "hint", "path"])
def test_a_solved_grid_has_a_clear_answer(capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert main([command, SOLUTION]) == 0
    out, err = capsys.readouterr()
    if command == "hint":  # said once, not as each of the three levels
        assert out == "The puzzle is solved.\n"
    else:
        assert out.startswith("Already solved: no step to take (Easy, score 0).\n")
    assert err == ""
    assert main([command, "--format", "json", SOLUTION]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["puzzle"] == SOLUTION and "error" not in record
    assert record["kind"] == "solved" if command == "hint" else record["steps"] == 0


@pytest.mark.parametrize("command", ["grade", "hint", "path"])
def test_a_file_goes_on_after_any_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """A solved line, a bad line and a line whose work fails among good ones: every line is
    answered, the failure said for its line."""
    path = tmp_path / "mixed.txt"
    failing = UNIQUE[:-1] + "3"
    path.write_text(f"{SOLUTION}\n{UNIQUE}\n{'1' * 80}\n{failing}\n{UNIQUE}\n")
    name = "hint_in_slices" if command == "hint" else "grade_in_slices"
    real: Any = hint_in_slices if command == "hint" else grade_in_slices

    def fails_on_line_4(grid: Grid, *args: Any, **options: Any) -> Any:
        if format_line(grid) == failing:
            raise ValueError("something inside went wrong")
        return real(grid, *args, **options)

    monkeypatch.setattr(f"sudoku_core.cli.explain.{name}", fails_on_line_4)
    assert main([command, "--format", "json", "-f", str(path)]) == 2
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert ["error" in r for r in records] == [False, False, True, True, False]
    assert f"{path}:4: cannot {command}: something inside went wrong (ValueError)" in err
    assert records[3]["error"] == f"cannot {command}: something inside went wrong (ValueError)"
    assert main([command, "-f", str(path)]) == 2  # the text output goes on too
    out = capsys.readouterr().out  # lines 2 and 5 answered (UNIQUE is Hard)
    assert out.count("nudge: " if command == "hint" else "Hard (score") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pool", "-o", "/nonexistent/dir/x.json", "--per-level", "1"],
         "pool: /nonexistent/dir/x.json: no such folder /nonexistent/dir"),
        (["pool", "-o", "{tmp}", "--per-level", "1"], "pool: {tmp}: is a folder"),
        (["pool", "-o", "{tmp}/x.json", "--seed", str(2**63 - 10)],
         "pool: --seed 9223372036854775798: 4010 seeds from it pass the last seed"),
        (["bench", "{tmp}/missing.txt"], "{tmp}/missing.txt: no such puzzle file"),
        (["bank", "--db", "{tmp}/no/b.sqlite", "generate", "--level", "easy", "--count", "1"],
         "bank: {tmp}/no/b.sqlite: no such folder {tmp}/no"),
        (["bank", "--db", "{tmp}/b.sqlite", "generate", "--level", "easy", "--count", "1",
          "--workers", "1", "--seed", str(2**63 - 2)], "seeds from it pass the last seed"),
        (["bank", "--db", "{tmp}/b.sqlite", "grade", "-f", "{tmp}/missing.txt"],
         "{tmp}/missing.txt: no such file"),
        (["bank", "--db", "{tmp}/b.sqlite", "grade", "-f", "{tmp}/puzzle.txt", "--scheduler", "-1"],
         "bank: --scheduler"),
        (["bank", "bench", "--seed", str(2**63 - 5)], "bank: --seed 9223372036854775803: at most"),
        (["bench", "--slices", "{tmp}/empty.txt"], "{tmp}/empty.txt: no puzzle with one solution"),
        (["bench", "--grading", "--limit", "1", "nowhere"], "puzzle set 'nowhere' not found"),
        (["bench", "--grading", "--limit", "1", "{tmp}"], "not found"),
        (["bench", "--grading", "--limit", "1", "{tmp}/empty.txt"], "holds no puzzle with one"),
        (["bench", "--grading", "--limit", "1", "--fingerprints", "{tmp}/no/f.json", "{tmp}/puzzle.txt"],
         "bench --grading: [Errno 2] No such file or directory: '{tmp}/no/f.json'"),
        (["bench", "--grading", "--limit", "-1"], "--limit must be at least 0, got -1"),
        (["bench", "--grading", "--every", "0"], "--every must be at least 1, got 0"),
        (["bench", "--grading", "--soundness-set", "top95"], "--soundness-set 'top95': expected NAME:N"),
    ],
)  # fmt: skip
def test_an_argument_that_cannot_work_is_said_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    """Exit 2 with the reason, no traceback, no output file; a folder that does not exist is
    found before a pool is generated, a missing file before a bank is made."""
    (tmp_path / "puzzle.txt").write_text(UNIQUE + "\n")
    (tmp_path / "empty.txt").write_text("")
    code: int | str | None
    try:
        code = main([word.replace("{tmp}", str(tmp_path)) for word in args])
    except SystemExit as stop:  # a usage error of the grading benchmark's own parser
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert message.replace("{tmp}", str(tmp_path)) in err and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()
    if "grade" in args and "--scheduler" not in args:
        assert not (tmp_path / "b.sqlite").exists()
