"""The ``bank`` subcommand: build, grade, export and count a puzzle bank (a SQLite file).

    python -m sudoku_core bank generate --level hard --count 1000 [--symmetry ...] [--seed S]
    python -m sudoku_core bank grade -f big.txt
    python -m sudoku_core bank export --level medium --count 50 --format json
    python -m sudoku_core bank stats

``--workers N`` shares the work among N local processes (0 = one per core, the default);
``--scheduler tcp://host:8786`` sends it to a Dask cluster instead. Either way the results are
committed in the same order, so the same options make the same bank. A stopped or killed run
continues where it stopped when the same command is run again. ``export`` and ``stats`` open
the file read-only; a row they cannot read (edited or damaged) is named by its id and skipped,
and the exit code is 1. See docs/bank.md.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from sudoku_core.bank import Bank, GenerateUnit, GradeUnit, run_units
from sudoku_core.bank.run import ClusterError, Unit
from sudoku_core.bank.store import BankError
from sudoku_core.bank.work import UNIT_LINES, UNIT_SEEDS, Record
from sudoku_core.cli.command import (
    SEEDS,
    Command,
    Exit,
    Streams,
    at_least,
    cores,
    seed_number,
    seeds_run_out,
    worst,
)
from sudoku_core.cli.pool import bank_entry, pool_text, report_damaged
from sudoku_core.formats import format_line
from sudoku_core.generator import SYMMETRIES
from sudoku_core.logic import LEVELS
from sudoku_core.puzzle_files import read_file

LEVEL_NAMES = [level.value for level in LEVELS]


class Meter:
    """Progress on stderr with rate and ETA: one line redrawn at most five times a second on a
    terminal, a new line every 30 s in a log (a long run under nohup or a batch system); and a
    summary line at the end."""

    def __init__(self, stream: TextIO, target: int | None, start: int) -> None:
        self.stream = stream
        self.target = target
        self.start = start
        self.stored = start
        self.began = time.monotonic()
        self.live = stream.isatty()
        self.shown = 0.0 if self.live else self.began

    def rate(self) -> float:
        elapsed = time.monotonic() - self.began
        return (self.stored - self.start) / elapsed if elapsed > 0 else 0.0

    def update(self, stored: int) -> None:
        self.stored = stored
        now = time.monotonic()
        if now - self.shown < (0.2 if self.live else 30.0):
            return
        self.shown = now
        rate = self.rate()
        text = (
            f"{stored:,}" + (f"/{self.target:,}" if self.target else "") + f" stored, {rate:.2f}/s"
        )
        if self.target and rate > 0:
            text += f", ETA {_clock((self.target - stored) / rate)}"
        self.stream.write("\r" + text + "   " if self.live else text + "\n")
        self.stream.flush()

    def summary(self, verb: str) -> str:
        elapsed = time.monotonic() - self.began
        added = self.stored - self.start
        if self.live:
            self.stream.write("\n")
        return f"{verb} {added:,} puzzles in {elapsed:.1f} s ({self.rate():.2f}/s); {self.stored:,} in this run"


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _workers(args: argparse.Namespace) -> int:
    return min(args.workers, cores()) if args.workers > 0 else cores()


def _generate_units(args: argparse.Namespace, first: int) -> Iterator[GenerateUnit]:
    """Unit after unit of seeds from ``--seed`` on, while they are seeds the generator takes."""
    for index in itertools.count(first):
        problem = seeds_run_out(args.seed, (index + 1) * UNIT_SEEDS)
        if problem is not None:
            raise BankError(f"{problem}: the run stops here")
        yield GenerateUnit(
            index, args.level, args.symmetry, args.seed + index * UNIT_SEEDS, UNIT_SEEDS
        )


def _grade_units(path: Path, first: int) -> Iterator[GradeUnit]:
    lines = read_file(path)
    for index in itertools.count():
        chunk = list(itertools.islice(lines, UNIT_LINES))
        if not chunk:
            return
        if index < first:
            continue
        good = tuple((item.line, format_line(item.grid)) for item in chunk if item.grid is not None)
        bad = tuple(
            (item.line, item.error or "not a puzzle") for item in chunk if item.grid is None
        )
        yield GradeUnit(index, str(path), good, bad)


def _file_key(path: Path) -> dict[str, Any]:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return {
        "kind": "grade",
        "file": str(path.resolve()),
        "sha256": digest.hexdigest(),
        "unit": UNIT_LINES,  # the lines of unit k depend on it: a resume must agree
    }


def _fill(
    bank: Bank,
    run: int,
    units: Iterator[Unit],
    args: argparse.Namespace,
    streams: Streams,
    *,
    target: int | None,
    verb: str,
) -> int:
    """Run the units into the bank; the exit code (130 after Ctrl+C)."""
    meter = Meter(streams.stderr, target, bank.stored(run))
    stored = meter.stored

    def commit(unit: Unit, records: list[Record]) -> bool:
        nonlocal stored
        added, rejected = bank.commit_unit(run, unit.index, records, target)
        for message in rejected:
            streams.stderr.write(message + "\n")
        stored += added
        meter.update(stored)
        return target is None or stored < target

    try:
        if target is None or stored < target:
            run_units(
                units, commit, workers=_workers(args), scheduler=args.scheduler, log=streams.stderr
            )
    except KeyboardInterrupt:
        streams.stderr.write(
            f"\nstopped: {stored:,} puzzles of this run are in {bank.path}; "
            "run the same command again to continue\n"
        )
        return Exit.INTERRUPTED
    streams.stderr.write(meter.summary(verb) + "\n")
    return Exit.OK


def _run_generate(args: argparse.Namespace, bank: Bank, streams: Streams) -> int:
    run = bank.run_id(
        {
            "kind": "generate",
            "level": args.level,
            "symmetry": args.symmetry,
            "seed": args.seed,
            "unit": UNIT_SEEDS,  # the seeds of unit k depend on it: a resume must agree
        }
    )
    units = _generate_units(args, bank.units_done(run))
    return _fill(bank, run, units, args, streams, target=args.count, verb="generated")


def _run_grade(args: argparse.Namespace, bank: Bank, streams: Streams) -> int:
    code: int = Exit.OK
    for name in args.file:
        path = Path(name)
        if not path.is_file():
            streams.stderr.write(f"{name}: no such file\n")
            code = Exit.BAD_INPUT
            continue
        run = bank.run_id(_file_key(path))
        units = _grade_units(path, bank.units_done(run))
        code = max(code, _fill(bank, run, units, args, streams, target=None, verb="graded"))
        if code == Exit.INTERRUPTED:
            break
    return code


def _run_export(args: argparse.Namespace, bank: Bank, streams: Streams) -> int:
    levels = [args.level] if args.level else LEVEL_NAMES
    chosen = [row for level in levels for row in bank.rows(level, args.count)]
    out = streams.stdout
    if args.format == "line":
        out.writelines(row["puzzle"] + "\n" for row in chosen)
    elif args.format == "json":
        for row in chosen:
            out.write(json.dumps({k: v for k, v in row.items() if k not in ("id", "run")}) + "\n")
    else:
        if any(row["seed"] is None for row in chosen):
            streams.stderr.write("--format pool needs generated puzzles (with seeds)\n")
            return Exit.BAD_INPUT
        out.write(pool_text([bank_entry(row) for row in chosen]))
    return Exit.OK


def _run_stats(args: argparse.Namespace, bank: Bank, streams: Streams) -> int:
    stats = bank.stats()
    out = streams.stdout
    if args.format == "json":
        out.write(json.dumps(stats, indent=1) + "\n")
        return Exit.OK
    out.write(
        f"{stats['puzzles']:,} puzzles in {bank.path} ({stats['rejected']:,} input lines rejected)\n"
    )
    out.write("\nlevel        puzzles\n")
    for level in LEVEL_NAMES:
        out.write(f"{level:<12} {stats['levels'].get(level, 0):>8,}\n")
    out.write("\ntechnique                         used by   hardest in\n")
    for technique, used in stats["techniques"].items():
        out.write(f"{technique:<32} {used:>8,}   {stats['hardest'].get(technique, 0):>10,}\n")
    out.write("\ngivens  puzzles\n")
    for givens, count in stats["givens"].items():
        out.write(f"{givens:>6}  {count:>7,}\n")
    return Exit.OK


def _run_bench(args: argparse.Namespace, streams: Streams) -> int:
    """Temporary banks only: ``--db`` is not touched."""
    from sudoku_core.bank.bench import bench_bank, format_bank_markdown

    if args.seed > SEEDS[1] - 1_000_000:  # room for the seeds of ``--count`` puzzles and more
        streams.stderr.write(f"bank: --seed {args.seed}: at most {SEEDS[1] - 1_000_000}\n")
        return Exit.BAD_INPUT

    streams.stdout.write(format_bank_markdown(bench_bank(args.level, args.count, args.seed)) + "\n")
    return Exit.OK


_ACTIONS = {
    "generate": _run_generate,
    "grade": _run_grade,
    "export": _run_export,
    "stats": _run_stats,
}


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Open the bank (read-only for export and stats) and do the action; a damaged row that
    reading skipped is named on stderr, and makes the exit code 1."""
    if args.action == "bench":
        return _run_bench(args, streams)
    writes = args.action in ("generate", "grade")
    if args.action == "grade" and not any(Path(name).is_file() for name in args.file):
        for name in args.file:  # no file to grade: no bank to make either
            streams.stderr.write(f"{name}: no such file\n")
        return Exit.BAD_INPUT
    try:
        with Bank(args.db, create=writes) as bank:
            code = _ACTIONS[args.action](args, bank, streams)
            return worst(Exit(code), report_damaged(bank.damaged, f"bank: {bank.path}", streams))
    except (BankError, ClusterError) as error:
        streams.stderr.write(f"bank: {error}\n")
        return Exit.BAD_INPUT
    except sqlite3.Error as error:  # a full disk, a file damaged or locked while in use
        kept = "; the units committed before are kept, and the same command continues after them"
        streams.stderr.write(f"bank: {args.db}: {error}{kept if writes else ''}\n")
        return Exit.BAD_INPUT


def _add_work_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=at_least(0),
        default=0,
        metavar="N",
        help="local worker processes (0 = one per core, the default)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786): the work runs on its cluster",
    )


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", default="bank.sqlite", metavar="FILE", help="the bank (default bank.sqlite)"
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    generate = actions.add_parser("generate", help="generate graded unique puzzles into the bank")
    generate.add_argument("--level", choices=LEVEL_NAMES, required=True)
    generate.add_argument(
        "--count", type=at_least(1), required=True, metavar="N", help="puzzles this run stores"
    )
    generate.add_argument("--symmetry", choices=SYMMETRIES, default="none")
    generate.add_argument("--seed", type=seed_number, default=1, help="the first seed (default 1)")
    _add_work_arguments(generate)
    grade = actions.add_parser("grade", help="grade a collection into the bank")
    grade.add_argument(
        "-f",
        "--file",
        action="append",
        required=True,
        metavar="FILE",
        help="a puzzle file (repeatable)",
    )
    _add_work_arguments(grade)
    export = actions.add_parser("export", help="write puzzles from the bank")
    export.add_argument("--level", choices=LEVEL_NAMES)
    export.add_argument(
        "--count", type=at_least(1), metavar="N", help="puzzles (per level without --level)"
    )
    export.add_argument("--format", choices=("line", "json", "pool"), default="line")
    bench = actions.add_parser(
        "bench", help="puzzles/s on 1 and 2 workers, costs, a cluster estimate"
    )
    bench.add_argument("--level", choices=LEVEL_NAMES, default="hard")
    bench.add_argument("--count", type=at_least(2), default=300, metavar="N")
    bench.add_argument("--seed", type=seed_number, default=1)
    stats = actions.add_parser("stats", help="counts per level, technique and givens")
    stats.add_argument("--format", choices=("text", "json"), default="text")


COMMAND = Command(
    "bank", "generate, grade, export and count a puzzle bank (SQLite)", _add_arguments, run
)
