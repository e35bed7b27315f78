"""The ``pool`` subcommand: the page's pre-graded puzzles, ``web/puzzles/puzzle-pool.json``, in one command.

``python -m sudoku_core pool -o web/puzzles/puzzle-pool.json`` makes ``--per-level`` puzzles of each
level (symmetry none) with :func:`sudoku_core.graded.generate_graded`, level ``i`` (0 = Easy)
from the seeds ``--seed + 1000 * i + j``, and writes them one JSON object a line, so the file
diffs well and ``tests/test_pool.py`` can check every entry. Generation has no time limit
here, so the same options always give the same file, byte for byte. ``--from-bank FILE``
takes them from a puzzle bank instead (the first ``--per-level`` generated puzzles of each
level, in the order the bank stored them).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from sudoku_core.cli.command import (
    Command,
    Exit,
    Progress,
    Streams,
    add_jobs_argument,
    at_least,
    processes,
    seed_number,
    seeds_run_out,
    worst,
)
from sudoku_core.cli.generate import iter_generated
from sudoku_core.logic import LEVELS

POOL_VERSION = 1
POOL_FIELDS = ("seed", "level", "score", "givens", "symmetry", "puzzle")
"""What the page reads of each puzzle (see ``web/puzzles/puzzle-pool.js``), in this order."""


def pool_jobs(per_level: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """The seeds and options of every puzzle of the pool, level by level.

    Examples:
        >>> [job[0] for job in pool_jobs(2, 1000)]
        [1000, 1001, 2000, 2001, 3000, 3001, 4000, 4001, 5000, 5001]
    """
    return [
        (
            seed + 1000 * index + j,
            {"difficulty": level.value, "symmetry": "none", "max_seconds": None},
        )
        for index, level in enumerate(LEVELS)
        for j in range(per_level)
    ]


def pool_text(puzzles: list[dict[str, Any]]) -> str:
    """The pool file: ``{"v": 1, "puzzles": [...]}`` with one puzzle a line.

    Examples:
        >>> entry = {"seed": 1, "level": "easy", "score": 9, "givens": 0, "symmetry": "none",
        ...          "puzzle": "." * 81, "tries": 3}
        >>> print(pool_text([entry]).replace("." * 81, "..."))
        {"v": 1, "puzzles": [
        {"seed": 1, "level": "easy", "score": 9, "givens": 0, "symmetry": "none", "puzzle": "..."}
        ]}
        <BLANKLINE>
    """
    rows = [json.dumps({key: made[key] for key in POOL_FIELDS}) for made in puzzles]
    return f'{{"v": {POOL_VERSION}, "puzzles": [\n' + ",\n".join(rows) + "\n]}\n"


def _unwritable(output: str) -> str | None:
    """Why ``output`` cannot be written (None: it can be tried), asked before any work, so a
    mistyped folder does not cost a whole generation."""
    if output == "-":
        return None
    path = Path(output)
    if path.is_dir():
        return f"{output}: is a folder; name the file to write"
    if not path.parent.is_dir():
        return f"{output}: no such folder {path.parent}"
    return None


def _write(text: str, output: str, streams: Streams) -> int:
    """Write to ``output`` ('-' = stdout) whole or not at all (a temporary file, then rename);
    exit 2 with the reason if it cannot be written."""
    if output == "-":
        streams.stdout.write(text)
        return Exit.OK
    path = Path(output)
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        streams.stderr.write(f"pool: {output}: cannot write: {error.strerror or error}\n")
        return Exit.BAD_INPUT
    return Exit.OK


def bank_entry(row: dict[str, Any]) -> dict[str, Any]:
    """A pool entry from a bank row (a generated puzzle: it has a seed and options)."""
    entry = {key: row.get(key) for key in POOL_FIELDS}
    entry["symmetry"] = (row.get("options") or {}).get("symmetry", "none")
    return entry


def report_damaged(damaged: list[str], where: str, streams: Streams) -> Exit:
    """Name on stderr each row that reading a bank skipped (``Bank.damaged``); exit 1 if there
    was one. ``where``: the command and the bank's file, said before each."""
    for message in damaged:
        streams.stderr.write(f"{where}: {message}\n")
    return Exit.NOT_UNIQUE if damaged else Exit.OK


def _from_bank(args: argparse.Namespace, streams: Streams) -> int:
    """The pool from a bank's generated puzzles, the first ``--per-level`` of each level.

    The bank is imported here: it needs ``sqlite3``, which Pyodide's core runtime lacks, and
    the page's snapshot imports this module."""
    from sudoku_core.bank.store import Bank, BankError

    puzzles: list[dict[str, Any]] = []
    try:
        bank = Bank(args.from_bank, create=False)
    except BankError as error:
        streams.stderr.write(f"pool: {error}\n")
        return Exit.BAD_INPUT
    with bank:
        for level in LEVELS:
            rows = list(bank.rows(level.value, args.per_level, generated=True))
            if len(rows) < args.per_level:
                report_damaged(bank.damaged, f"pool: {bank.path}", streams)
                streams.stderr.write(
                    f"{args.from_bank}: {len(rows)} generated {level.title} puzzles, "
                    f"{args.per_level} needed (python -m sudoku_core bank generate --level "
                    f"{level.value} --count {args.per_level}); pool not written\n"
                )
                return Exit.GAVE_UP
            puzzles.extend(bank_entry(row) for row in rows[: args.per_level])
    written = _write(pool_text(puzzles), args.output, streams)
    return worst(Exit(written), report_damaged(bank.damaged, f"pool: {bank.path}", streams))


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Make the pool; nothing is written if a puzzle missed its level (exit 3)."""
    problem = _unwritable(args.output)
    if problem is None and not args.from_bank:
        problem = seeds_run_out(args.seed, 1000 * (len(LEVELS) - 1) + args.per_level)
    if problem is not None:
        streams.stderr.write(f"pool: {problem}\n")
        return Exit.BAD_INPUT
    if args.from_bank:
        return _from_bank(args, streams)
    jobs = pool_jobs(args.per_level, args.seed)
    progress = Progress(len(jobs), streams.stderr)
    puzzles: list[dict[str, Any]] = []
    for done, made in enumerate(iter_generated(jobs, processes(args.jobs, streams.stderr)), 1):
        puzzles.append(made)
        progress.update(done)
    missed = [made for made in puzzles if not made["target_met"]]
    for made in missed:
        streams.stderr.write(f"seed {made['seed']}: {made['message']}\n")
    if missed:
        streams.stderr.write("pool not written: every puzzle must reach its level\n")
        return Exit.GAVE_UP
    return _write(pool_text(puzzles), args.output, streams)


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--per-level",
        type=at_least(1),
        default=10,
        metavar="N",
        help="puzzles per level (default 10)",
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=1000,
        help="level i uses seeds S + 1000 i + j (default 1000)",
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="FILE", help="where to write it (default stdout)"
    )
    parser.add_argument(
        "--from-bank",
        metavar="FILE",
        help="take the puzzles from a bank (python -m sudoku_core bank) instead of generating",
    )
    add_jobs_argument(parser)


COMMAND = Command(
    "pool",
    "make the page's pool of pre-graded puzzles (web/puzzles/puzzle-pool.json)",
    _add_arguments,
    run,
)
