"""The command line, run as a user runs it: arguments, files, stdin, exit codes, --jobs."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzle_sets import puzzle_file
from sudoku_core import is_solution, parse
from sudoku_core.cli import COMMANDS, main

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_a_puzzle_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", UNIQUE) == (0, SOLUTION + "\n", "")


def test_solve_with_zeros_and_grid_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--empty", "0", "--format", "grid", UNIQUE)
    assert code == 0 and parse(out) == parse(SOLUTION)
    assert out.startswith("+-------+")


def test_check_conflicts_names_digit_unit_and_cells(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "11" + UNIQUE[2:])
    assert code == 1
    assert "digit 1 appears twice in row 1: r1c1, r1c2" in out


def test_check_multiple_shows_where_two_solutions_differ(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", UNIQUE[:-3] + "...")
    assert code == 1
    assert "Multiple solutions: two of them differ in" in out
    assert "solution 1:" in out and "solution 2:" in out


def test_bad_input_exits_2_with_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", UNIQUE[:5] + "x" + UNIQUE[6:])
    assert out == "# bad input\n"
    assert code == 2
    assert "argument 1:1: unexpected character 'x' at row 1, column 6" in err


def test_a_file_reports_the_failing_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# comment\n\n{UNIQUE}\n{'1' * 80}\n{'12345678.' + '........9' + '.' * 63}\n")
    code, out, err = run(capsys, "solve", "-f", str(path))
    assert code == 2
    assert out.splitlines() == [SOLUTION, "# bad input", "# no_solution"]
    assert f"{path}:4: 80 cells, expected 81" in err
    assert f"{path}:5: No solution" in err


def test_a_grid_file_is_one_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.sdk"
    path.write_text("#A someone\n" + "\n".join(UNIQUE[i : i + 9] for i in range(0, 81, 9)) + "\n")
    assert run(capsys, "solve", "-f", str(path))[:2] == (0, SOLUTION + "\n")


def test_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "-f", "/nonexistent/p.txt")
    assert code == 2 and "/nonexistent/p.txt:0: cannot read" in err


def test_count_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "count", "--limit", "50", "." * 81)[:2] == (0, "50+\n")
    assert run(capsys, "count", UNIQUE)[:2] == (0, "1\n")
    code, out, err = run(capsys, "count", "--limit", "100000", "--max-nodes", "10", "." * 81)
    assert code == 3 and "gave up" in err and out.endswith("+\n")


def test_format_conversions(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(capsys, "format", "--to", "line", "--empty", "0", UNIQUE)[1]
        == UNIQUE.replace(".", "0") + "\n"
    )
    board = json.loads(run(capsys, "format", "--to", "board", UNIQUE)[1])
    assert parse(board) == parse(UNIQUE)


def test_json_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--format", "json", UNIQUE)
    assert code == 0 and json.loads(out)["status"] == "unique"


def test_jobs_give_the_same_output_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    path = puzzle_file("top95")
    single = run(capsys, "solve", "-f", str(path))
    double = run(capsys, "solve", "--jobs", "2", "-f", str(path))
    assert single == double
    lines = single[1].splitlines()
    assert len(lines) == 95 and all(is_solution(line) for line in lines)


def test_module_entry_point_reads_stdin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_core", "solve"],
        input=UNIQUE + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, SOLUTION + "\n")


def test_no_input_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, "check")
    assert code == 2 and "no puzzle given" in err


def test_bench_prints_a_table_and_validates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "bench",
        "--limit",
        "20",
        "--reference",
        "2",
        "--slice-puzzles",
        "3",
        str(puzzle_file("top95")),
        str(puzzle_file("counted")),
        str(puzzle_file("serg_benchmark_multi")),
    )
    assert code == 0, err
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert table[0].startswith("| set | puzzles | solve/s")
    assert "| x reference | longest slice ms |" in table[0]
    assert all(row.split("|")[12].strip().endswith("(2)") for row in table[2:])
    assert [row.split("|")[1].strip() for row in table[2:]] == [
        "top95",
        "counted",
        "serg_benchmark_multi",
    ]
    assert "0 wrong answers" in err


def test_bench_counts_a_wrong_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wrong = SOLUTION[::-1]
    path = tmp_path / "lies.txt"
    path.write_text(f"{UNIQUE}:1:{wrong}\n{UNIQUE}:2\n")
    code, out, err = run(capsys, "bench", str(path))
    assert code == 1
    # The lie is caught by solve and check; the second line is caught by check (it has one solution).
    assert out.splitlines()[2].endswith("| 3 |")
    assert "3 wrong answers" in err


def test_grade_hint_and_path_are_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "grade", "--format", "json", UNIQUE)
    assert code == 0 and json.loads(out)["level"] in {"easy", "medium", "hard", "unfair", "extreme"}
    code, out, _ = run(capsys, "hint", UNIQUE)
    assert code == 0 and out.startswith("nudge: ")
    code, out, _ = run(capsys, "path", UNIQUE)
    assert code == 0 and len(out.splitlines()) >= 81 - 27


def test_generate_to_a_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--difficulty", "easy", "--seed", "4", "--show-seed"]) == 0
    puzzle, seed, givens, level = capsys.readouterr().out.split()
    assert (seed, level) == ("4", "easy")
    from sudoku_core import grade

    assert grade(puzzle).level.value == "easy" and int(givens) == 81 - puzzle.count(".")
    assert main(["generate", "--difficulty", "easy", "--minimal"]) == 2
    assert "cannot be combined" in capsys.readouterr().err


def test_bench_grading_is_forwarded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--grading", "easy50", "--limit", "3")
    assert code == 0 and "easy50: 3 puzzles" in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_only_on_a_terminal() -> None:
    from sudoku_core.cli.command import Progress

    terminal = _Terminal()
    progress = Progress(3, terminal)
    for done in (1, 2, 3):
        progress.update(done)
    assert terminal.getvalue().startswith("\r1/3 puzzles") and terminal.getvalue().endswith(
        "\r3/3 puzzles\n"
    )
    piped = io.StringIO()
    quiet = Progress(3, piped)
    for done in (1, 2, 3):
        quiet.update(done)
    assert piped.getvalue() == ""


# grade, hint and path with human techniques (they were once a separate command line).

MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_grade_text_and_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, "grade", MEDIUM)
    assert code == 0 and out.startswith("Medium (score 696")
    monkeypatch.setattr(sys, "stdin", io.StringIO(MEDIUM + "\n"))
    code, out, _ = run(capsys, "grade", "--format", "json")
    assert code == 0 and json.loads(out)["level"] == "medium"


def test_path_lists_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "path", MEDIUM)
    assert code == 0 and out.splitlines()[0].startswith("  1. Hidden Single")


def test_hint_levels_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "--level", "nudge", MEDIUM)
    assert code == 0 and out.startswith("Look at ") and "a Hidden Single is there" in out
    code, _, err = run(capsys, "hint", "." * 81)
    assert (code == 1 and "several" in err) or "multiple" in err
    code, _, err = run(capsys, "grade", "not a puzzle")
    assert code == 2


# One registry, one exit-code table, one --format vocabulary.


def test_every_command_has_one_handler() -> None:
    names = [command.name for command in COMMANDS]
    assert len(names) == len(set(names))
    assert set(names) >= {"solve", "check", "count", "format", "generate", "grade", "hint"}
    assert set(names) >= {"path", "pool", "bench"}
    handlers = {command.name: command.run for command in COMMANDS}
    assert handlers["solve"] is not handlers["grade"]


def test_the_lazy_registry_knows_every_command_in_order() -> None:
    from sudoku_core import cli

    assert list(cli._HOMES) == [command.name for command in COMMANDS]


def test_solve_imports_neither_the_technique_engine_nor_the_generator() -> None:
    """Start-up: a one-puzzle command loads only what it runs (see sudoku_core.cli._HOMES)."""
    code = (
        "import sys; from sudoku_core.cli import main; main(['solve', sys.argv[1]]); "
        "print(sorted(m for m in sys.modules if m.startswith(('sudoku_core.logic', "
        "'sudoku_core.generator', 'sudoku_core.grader', 'sudoku_core.bench', 'multiprocessing'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, UNIQUE], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == [SOLUTION, "[]"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--format", "text"], "solve does not write text: use line, grid, board or json"),
        (["grade", "--format", "grid"], "grade does not write grid: use text or json"),
        (
            ["generate", "--format", "board"],
            "generate does not write board: use line, grid or json",
        ),
        (["check", "--format", "xml"], "unknown format 'xml': the formats are line, grid, board"),
        (["format", "--to", "text"], "format does not write text"),
    ],
)
def test_a_format_a_command_does_not_write_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*args, UNIQUE])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_bench_accepts_its_old_format_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "--limit", "2", "--format", "markdown", str(puzzle_file("top95"))
    )
    assert code == 0 and out.startswith("| set | puzzles | solve/s")


def test_bench_reads_the_shipped_corpus_on_a_fresh_clone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudoku_core import puzzle_files

    monkeypatch.delenv("SUDOKU_PUZZLES", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(puzzle_files, "SHARED_FOLDER", tmp_path / "no-shared")
    assert puzzle_files.default_folder() == puzzle_files.CURATED_FOLDER
    names = {path.stem for path in puzzle_files.default_paths()}
    assert {"easy50", "top95", "counted", "17_clue", "serg_benchmark_multi"} <= names
    monkeypatch.setenv("SUDOKU_PUZZLES", str(puzzle_file("top95").parent))
    assert puzzle_files.default_folder() == puzzle_file("top95").parent
