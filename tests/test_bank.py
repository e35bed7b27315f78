"""Puzzle banks: the same bank locally and on a real Dask cluster, resumed after a kill, bad input
reported by line, nothing wrong stored."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sudoku_core.bank import Bank
from sudoku_core.bank.store import BankError
from sudoku_core.bank.work import GenerateUnit, do_unit
from sudoku_core.canonical import minlex
from sudoku_core.cli import main
from sudoku_core.formats import format_line
from sudoku_core.grader import grade
from sudoku_core.solver import count_solutions
from test_canonical import random_transform

ROOT = Path(__file__).resolve().parents[1]
TOP95 = ROOT / "tests" / "data" / "top95.txt"


def _as_in_a_terminal() -> None:
    """Ctrl+C as a terminal's foreground command has it: a test run started in the background
    (`cmd &` in a script) ignores SIGINT, and every process it starts would inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def bank_cli(db: Path, *words: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_core", "bank", "--db", str(db), *words],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_in_a_terminal,  # noqa: PLW1509 (no thread here starts a process)
    )


def contents(db: Path) -> list[tuple[Any, ...]]:
    """Every stored puzzle with what decides it, in storing order."""
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT id, canonical, puzzle, solution, level, score, hardest, techniques, seed "
            "FROM puzzles ORDER BY id"
        ).fetchall()


def units_done(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM units_done").fetchone()[0])
    except sqlite3.OperationalError:  # the schema is being created
        return 0


def generate(db: Path, count: int, *extra: str) -> None:
    assert main(["bank", "--db", str(db), "generate", "--level", "easy", "--count", str(count),
                 "--seed", "5", *extra]) == 0  # fmt: skip


def test_a_bank_holds_checked_unique_puzzles(tmp_path: Path) -> None:
    db = tmp_path / "b.sqlite"
    generate(db, 12, "--workers", "1")
    rows = contents(db)
    assert len(rows) == 12
    for _, canonical, puzzle, _solution, level, *_ in rows:
        assert level == "easy"
        assert canonical == minlex(puzzle)
        assert count_solutions(puzzle, 2) == 1
    assert len({row[1] for row in rows}) == 12
    generate(db, 12, "--workers", "1")  # the same command again: already done, nothing added
    assert contents(db) == rows
    generate(db, 20, "--workers", "1")  # a bigger count continues the same seeds
    at_once = tmp_path / "at-once.sqlite"
    generate(at_once, 20, "--workers", "1")
    assert contents(db) == contents(at_once)  # 12 then 20: a cut unit is done again, not skipped


def test_a_dask_cluster_makes_the_same_bank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    local, clustered = tmp_path / "local.sqlite", tmp_path / "dask.sqlite"
    generate(local, 20, "--workers", "2")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        capsys.readouterr()
        generate(clustered, 20, "--scheduler", cluster.scheduler_address)
        assert "Dask: 2 workers, dashboard http" in capsys.readouterr().err
    assert contents(clustered) == contents(local)
    single = tmp_path / "single.sqlite"
    generate(single, 20, "--workers", "1")
    assert contents(single) == contents(local)


def test_a_killed_run_resumes_to_the_same_bank(tmp_path: Path) -> None:
    reference, killed = tmp_path / "ref.sqlite", tmp_path / "killed.sqlite"
    generate(reference, 40, "--workers", "1")
    process = bank_cli(
        killed, "generate", "--level", "easy", "--count", "40", "--seed", "5", "--workers", "1"
    )
    deadline = time.monotonic() + 120
    while units_done(killed) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert process.poll() is None, "the run ended before it could be killed"
    process.kill()
    process.wait()
    partial = contents(killed)
    assert 0 < len(partial) < 40
    assert partial == contents(reference)[: len(partial)]  # what was committed is whole
    process = bank_cli(
        killed, "generate", "--level", "easy", "--count", "40", "--seed", "5", "--workers", "1"
    )
    process.communicate(timeout=300)
    assert process.returncode == 0
    assert contents(killed) == contents(reference)


def test_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "b.sqlite"
    # far more than it can make before the signal (400 were made in 13.6 s on a loaded machine)
    process = bank_cli(db, "generate", "--level", "easy", "--count", "100000", "--workers", "2")
    deadline = time.monotonic() + 120
    while units_done(db) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.poll() is None, "the run ended before it could be interrupted"
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "run the same command again to continue" in err
    assert "Traceback" not in err
    assert len(contents(db)) >= 1


def test_grading_a_file_reports_bad_lines_and_stores_each_puzzle_once(tmp_path: Path) -> None:
    lines = [line for line in TOP95.read_text().splitlines() if line and not line.startswith("#")][
        :3
    ]
    moved = random_transform(lines[0][:81], __import__("random").Random(1))
    text = "\n".join([lines[0], "12345", lines[1], "." * 81, moved, lines[2], ""])
    source = tmp_path / "mixed.txt"
    source.write_text(text)
    db = tmp_path / "b.sqlite"
    process = bank_cli(db, "grade", "-f", str(source), "--workers", "1")
    _, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    assert f"{source}:2:" in err  # the short line
    assert f"{source}:4: the puzzle has more than one solution" in err
    rows = contents(db)
    assert sorted(row[2] for row in rows) == sorted(format_line(line[:81]) for line in lines)
    again = bank_cli(db, "grade", "-f", str(source), "--workers", "1")
    again.communicate(timeout=300)
    assert contents(db) == rows  # resumed: every unit was done


def test_export_and_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "b.sqlite"
    generate(db, 6, "--workers", "1")
    capsys.readouterr()
    assert main(["bank", "--db", str(db), "export", "--level", "easy", "--count", "4"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4
    assert main(["bank", "--db", str(db), "export", "--count", "2", "--format", "pool"]) == 0
    pool = json.loads(capsys.readouterr().out)
    assert [entry["seed"] for entry in pool["puzzles"]] == [5, 6]
    assert main(["bank", "--db", str(db), "stats", "--format", "json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["puzzles"] == 6 and stats["levels"] == {"easy": 6}
    assert stats["techniques"]["Naked Single"] + stats["techniques"].get("Hidden Single", 0) >= 6
    assert sum(stats["givens"].values()) == 6


def test_a_wrong_record_is_refused(tmp_path: Path) -> None:
    (record,) = do_unit(GenerateUnit(0, "easy", "none", 7, 1))
    wrong = dict(record, solution=record["solution"][::-1])
    with Bank(tmp_path / "b.sqlite") as bank:
        run = bank.run_id({"kind": "test"})
        with pytest.raises(BankError, match="not unique, or the solution is wrong"):
            bank.commit_unit(run, 0, [wrong])
        with pytest.raises(BankError, match="canonical form"):
            bank.commit_unit(run, 0, [dict(record, canonical=record["canonical"][1:] + "1")])
        assert bank.stored(run) == 0 and bank.units_done(run) == 0
        assert bank.commit_unit(run, 0, [record]) == (1, [])


def test_not_a_bank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(os.urandom(4096))
    assert main(["bank", "--db", str(junk), "stats"]) == 2
    assert "not a puzzle bank" in capsys.readouterr().err
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()
    assert main(["bank", "--db", str(other), "generate", "--level", "easy", "--count", "1"]) == 2
    assert "an SQLite file of other tables" in capsys.readouterr().err
    with sqlite3.connect(other) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    connection.close()
    assert tables == {"notes"}  # left alone
    typo = tmp_path / "typo.sqlite"
    for words in (["bank", "--db", str(typo), "stats"], ["bank", "--db", str(typo), "export"],
                  ["pool", "--from-bank", str(typo)]):  # fmt: skip
        assert main(words) == 2
        assert "no such bank" in capsys.readouterr().err
    assert not typo.exists()


def test_the_pool_from_a_bank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "b.sqlite"
    out = tmp_path / "pool.json"
    generate(db, 2, "--workers", "1")
    assert main(["pool", "--from-bank", str(db), "--per-level", "2", "-o", str(out)]) == 3
    assert "0 generated Medium puzzles, 2 needed" in capsys.readouterr().err
    assert not out.exists()
    for level in ("medium", "hard", "unfair", "extreme"):
        assert main(["bank", "--db", str(db), "generate", "--level", level, "--count", "2",
                     "--workers", "1"]) == 0  # fmt: skip
    assert main(["pool", "--from-bank", str(db), "--per-level", "2", "-o", str(out)]) == 0
    pool = json.loads(out.read_text())
    assert [entry["level"] for entry in pool["puzzles"]] == [
        level for level in ("easy", "medium", "hard", "unfair", "extreme") for _ in range(2)
    ]


def test_bank_bench_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "bank",
                "--db",
                "/nonexistent/never.sqlite",
                "bench",
                "--level",
                "easy",
                "--count",
                "4",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "| puzzles/s |" in out and "canonical form:" in out and "Ten million easy puzzles" in out


def test_a_full_disk_is_said_and_keeps_what_was_committed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "b.sqlite"
    generate(db, 8, "--workers", "1")
    kept = contents(db)

    def full(*_: object, **__: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Bank, "commit_unit", full)
    capsys.readouterr()
    assert main(["bank", "--db", str(db), "generate", "--level", "easy", "--count", "16",
                 "--seed", "5", "--workers", "1"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert "database or disk is full" in err and "units committed before are kept" in err
    assert "Traceback" not in err
    assert contents(db) == kept


SOLVED = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def test_grading_a_file_with_a_solved_line_completes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full grid is refused like a puzzle with several solutions (said with its line, kept in
    `rejected`); a line whose grading fails is refused too; every other line is stored."""
    lines = [line[:81] for line in TOP95.read_text().splitlines() if line[:1] not in ("", "#")]
    source = tmp_path / "with-solved.txt"
    source.write_text("\n".join([lines[0], SOLVED, lines[1], lines[2], ""]))

    def fails_on_the_fourth(puzzle: Any) -> Any:
        if format_line(puzzle) == format_line(lines[2]):
            raise RuntimeError("an engine bug")
        return grade(puzzle)

    monkeypatch.setattr("sudoku_core.bank.work.grade", fails_on_the_fourth)
    db = tmp_path / "b.sqlite"
    words = ["bank", "--db", str(db), "grade", "-f", str(source), "--workers", "1"]
    assert main(words) == 0
    err = capsys.readouterr().err
    assert f"{source}:2: already solved: a full grid is not a puzzle" in err
    assert f"{source}:4: cannot grade: an engine bug (RuntimeError)" in err
    assert sorted(row[2] for row in contents(db)) == sorted(format_line(p) for p in lines[:2])
    assert main(["bank", "--db", str(db), "stats", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["rejected"] == 2
    connection = sqlite3.connect(db)
    with connection:  # and a damaged row: the bank is still read to the end
        connection.execute("UPDATE puzzles SET techniques = 'x' WHERE id = 1")
    connection.close()
    assert main(["bank", "--db", str(db), "stats", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["puzzles"] == 1
    assert main(["bank", "--db", str(db), "export"]) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 1 and "row 1: its techniques are not JSON" in err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


READ_ONLY = (["stats"], ["stats", "--format", "json"], ["export"], ["export", "--format", "json"],
             ["export", "--format", "pool"])  # fmt: skip


def foreign_file(path: Path, kind: str) -> str:
    """Another program's file of ``kind``; the message that refuses it."""
    if kind == "text":
        path.write_text("not a database\n" * 100)
        return "not a puzzle bank (file is not a database)"
    connection = sqlite3.connect(path)
    if kind == "sqlite-wal":  # at rest in WAL mode: even reading it read-only makes files
        connection.execute("PRAGMA journal_mode = WAL")
    with connection:
        connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        connection.execute("INSERT INTO meta VALUES ('schema', '1')")
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()
    return "not a puzzle bank (an SQLite file of other tables)"


@pytest.mark.parametrize("kind", ["sqlite", "sqlite-wal", "text"])
def test_a_foreign_file_is_never_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Another program's file, even an SQLite one with a table named `meta`, is identified
    before anything is written, by every command; nothing is added beside it either."""
    other = tmp_path / "other.sqlite"
    message = foreign_file(other, kind)
    before = digest(other)
    commands = [["bank", "--db", str(other), *words] for words in READ_ONLY]
    commands += [
        ["pool", "--from-bank", str(other), "--per-level", "1"],
        ["pool", "--from-bank", str(other), "--per-level", "1", "-o", str(tmp_path / "x.json")],
        ["bank", "--db", str(other), "generate", "--level", "easy", "--count", "1"],
        ["bank", "--db", str(other), "grade", "-f", str(TOP95), "--workers", "1"],
    ]
    for words in commands:
        assert main(words) == 2, words
        assert message in capsys.readouterr().err
        assert digest(other) == before, words
        assert sorted(tmp_path.iterdir()) == [other], words
    if kind == "sqlite":  # bench makes its banks in a temporary folder: --db is not opened
        words = ["bank", "--db", str(other), "bench", "--level", "easy", "--count", "2"]
        assert main(words) == 0
        assert digest(other) == before and sorted(tmp_path.iterdir()) == [other]


def test_read_only_commands_change_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "b.sqlite"
    generate(db, 3, "--workers", "1")
    before = digest(db)
    for words in READ_ONLY:
        assert main(["bank", "--db", str(db), *words]) == 0, words
        assert digest(db) == before and sorted(tmp_path.iterdir()) == [db], words
    assert main(["pool", "--from-bank", str(db), "--per-level", "1"]) == 3  # Easy only
    assert digest(db) == before and sorted(tmp_path.iterdir()) == [db]
    connection = sqlite3.connect(db)  # a bank an earlier version left in WAL mode
    connection.execute("PRAGMA journal_mode = WAL")
    connection.close()
    before = digest(db)
    for words in READ_ONLY:
        assert main(["bank", "--db", str(db), *words]) == 0, words
        assert digest(db) == before and sorted(tmp_path.iterdir()) == [db], words
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    assert main(["bank", "--db", str(empty), "stats"]) == 2
    assert "not a puzzle bank (an empty file)" in capsys.readouterr().err
    assert empty.read_bytes() == b""


def test_damaged_rows_are_reported_by_id_and_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One row's techniques is not JSON, another's puzzle was changed by hand (a given its
    stored solution does not keep), a third's hardest technique holds a byte that is not UTF-8: stats and
    export finish without them, say which rows they skipped (exit 1), and export never writes
    the changed puzzle."""
    db = tmp_path / "b.sqlite"
    generate(db, 5, "--workers", "1")
    rows = contents(db)
    first, (broken_id, *_), (changed_id, _, puzzle, solution, *_), (byte_id, *_), last = rows
    empty = puzzle.index(".")
    wrong_digit = str(int(solution[empty]) % 9 + 1)
    connection = sqlite3.connect(db)
    with connection:
        connection.execute("UPDATE puzzles SET techniques = '{\"Naked Sin' WHERE id = ?",
                           (broken_id,))  # fmt: skip
        connection.execute(
            "UPDATE puzzles SET puzzle = ? WHERE id = ?",
            (puzzle[:empty] + wrong_digit + puzzle[empty + 1 :], changed_id),
        )
        connection.execute("UPDATE puzzles SET hardest = CAST(X'4EFF' AS TEXT) WHERE id = ?",
                           (byte_id,))  # fmt: skip
    connection.close()
    capsys.readouterr()
    assert main(["bank", "--db", str(db), "stats", "--format", "json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["puzzles"] == 3
    assert f"row {broken_id}: its techniques are not JSON" in err and "Traceback" not in err
    assert f"row {byte_id}: its hardest is not UTF-8 text" in err
    assert main(["bank", "--db", str(db), "export", "--format", "json"]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line)["puzzle"] for line in out.splitlines()] == [first[2], last[2]]
    assert f"row {broken_id}: its techniques are not JSON" in err
    assert f"row {changed_id}: its puzzle does not agree with its stored solution" in err
    assert f"row {byte_id}: its hardest is not UTF-8 text" in err
    assert "locked" not in err and "Traceback" not in err
    assert main(["bank", "--db", str(db), "export", "--count", "2"]) == 1  # two good ones
    assert capsys.readouterr().out.splitlines() == [first[2], last[2]]
