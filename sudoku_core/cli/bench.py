"""The ``bench`` subcommand: runs one of the benchmarks of :mod:`sudoku_core.bench`.

``--startup`` times the command line's own start instead (:mod:`sudoku_core.bench.startup`).
Without files it reads the default puzzle sets (:func:`sudoku_core.puzzle_files.default_folder`:
``$SUDOKU_PUZZLES``, ``../shared/puzzles``, else the repo's ``tests/data`` samples) and says
which folder on stderr. ``--grading ...`` hands the rest of the line to the grading
benchmark's own options (try ``bench --grading --help``).

``--markdown`` prints every benchmark's results as Markdown tables (the solver, generator,
slice and start-up tables are Markdown already; the grading benchmark's sections become
tables) between the lines that say where they were measured: the command that reproduces
them, the machine, the date and the load (:mod:`sudoku_core.bench.report`), ready for
docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from sudoku_core.bench import (
    bench_generator,
    bench_set,
    format_generator_markdown,
    format_markdown,
)
from sudoku_core.bench.slices import time_steps
from sudoku_core.bench.solving import load_reference
from sudoku_core.cli.command import Command, Exit, Streams, at_least
from sudoku_core.formats import format_line
from sudoku_core.puzzle_files import CURATED_FOLDER, default_folder, default_paths, load_cases


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="puzzle files (default: $SUDOKU_PUZZLES, ../shared/puzzles, else tests/data)",
    )
    parser.add_argument(
        "--limit", type=at_least(1), metavar="N", help="only the first N puzzles of each file"
    )
    parser.add_argument(
        "--reference",
        type=at_least(0),
        default=10,
        metavar="N",
        help="time tests/reference_solver.py on the first N puzzles of each file for the "
        "'x reference' column (default 10; 0 skips it; it needs up to a second a puzzle)",
    )
    parser.add_argument(
        "--slice-puzzles",
        type=at_least(0),
        default=50,
        metavar="N",
        help="run count_solutions through the bridge on the first N puzzles of each file for "
        "the 'longest slice' column (default 50; 0 skips it)",
    )
    parser.add_argument(
        "--generate",
        type=at_least(1),
        metavar="SEEDS",
        help="benchmark the generator instead, over SEEDS seeds per option set",
    )
    parser.add_argument(
        "--slices",
        action="store_true",
        help="time the bridge's steps instead: the longest slice per operation, on the first "
        "--limit (default 100) puzzles of forum_hardest_1905_11plus (or the FILE given)",
    )
    parser.add_argument(
        "--startup",
        action="store_true",
        help="time the command line's start instead: pass, import sudoku_core and solve PUZZLE "
        "as new processes, with cached and with compiled bytecode",
    )
    parser.add_argument(
        "--runs",
        type=at_least(1),
        default=15,
        metavar="N",
        help="--startup: how many times to start each (default 15)",
    )
    parser.add_argument(
        "--grading",
        nargs=argparse.REMAINDER,
        metavar="ARGS",
        help="benchmark the logic grader instead; the rest goes to it (try: --grading --help)",
    )
    parser.add_argument(
        "--markdown",
        action="store_true",
        help="Markdown tables with the command, machine, date and load (for docs/performance.md)",
    )


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the benchmark asked for; exit 1 if any answer was wrong (or a step unsound)."""
    if args.grading is not None and "--markdown" in args.grading:
        args.markdown = True
        args.grading = [word for word in args.grading if word != "--markdown"]
    if not args.markdown:
        return _measure(args, streams)
    if args.format == "json":
        streams.stderr.write("bench: --markdown and --format json: choose one\n")
        return Exit.BAD_INPUT
    from sudoku_core.bench.report import command_line, footer, header

    started = time.perf_counter()
    reads_sets = not (args.startup or args.generate is not None)
    puzzles = None
    if reads_sets and (not args.files or args.grading is not None):
        folder = default_folder()
        puzzles = str(folder) if folder is not None else "none found"
    setting = os.environ.get("SUDOKU_PUZZLES")
    environment = {"SUDOKU_PUZZLES": setting} if reads_sets and setting else {}
    streams.stdout.write(header(command_line(_words(args), environment), puzzles) + "\n")
    streams.stdout.flush()
    code = _measure(args, streams)
    streams.stdout.write(footer(time.perf_counter() - started) + "\n")
    return code


def _words(args: argparse.Namespace) -> list[str]:
    """The ``bench`` command line that measures this again, every option that shapes the
    measurement written out (defaults too, so the line says what was measured)."""
    words = ["bench", "--markdown"]
    limit = ["--limit", str(args.limit)] if args.limit is not None else []
    if args.grading is not None:
        return [*words, *args.files, "--grading", *args.grading]
    if args.startup:
        return [*words, "--startup", "--runs", str(args.runs)]
    if args.slices:
        return [*words, "--slices", *limit, *args.files]
    if args.generate is not None:
        return [*words, "--generate", str(args.generate)]
    shaping = ["--reference", str(args.reference), "--slice-puzzles", str(args.slice_puzzles)]
    return [*words, *limit, *shaping, *args.files]


def _measure(args: argparse.Namespace, streams: Streams) -> int:
    """The benchmark itself: its table (or JSON) on stdout, progress on stderr."""
    out, err = streams.stdout, streams.stderr
    if args.grading is not None:
        from sudoku_core.bench.grading import main as grading_main

        out.flush()
        grading_args = [*args.files, *args.grading, *(["--markdown"] if args.markdown else [])]
        return grading_main(grading_args)  # 1: a step was unsound; 2: a bad option or set
    if args.startup:
        from sudoku_core.bench.startup import bench_startup, format_startup_markdown

        rows = bench_startup(args.runs)
        out.write(
            json.dumps(rows, indent=1)
            if args.format == "json"
            else format_startup_markdown(rows, args.runs)
        )
        out.write("\n")
        return Exit.OK
    if args.slices:
        from sudoku_core.bench.slices import run_slices

        return run_slices(args.files, args.limit, args.format == "json", streams)
    if args.generate is not None:
        generated = bench_generator(args.generate)
        out.write(
            json.dumps(generated, indent=1)
            if args.format == "json"
            else format_generator_markdown(generated)
        )
        out.write("\n")
        failures = sum(r["not_unique"] for r in generated)
        err.write(f"{failures} non-unique puzzles\n")
        return Exit.NOT_UNIQUE if failures else Exit.OK
    paths = [Path(f) for f in args.files] or default_paths()
    if not paths:
        err.write("no puzzle files: name some, or set SUDOKU_PUZZLES to a folder of *.txt\n")
        return Exit.BAD_INPUT
    missing = [path for path in paths if not path.is_file()]
    for path in missing:
        err.write(f"{path}: no such puzzle file\n")
    if missing:
        return Exit.BAD_INPUT
    if not args.files:
        folder = default_folder()
        sample = " (the repo's curated samples)" if folder == CURATED_FOLDER else ""
        err.write(f"puzzle sets from {folder}{sample}\n")
    reference = load_reference() if args.reference else None
    if args.reference and reference is None:
        err.write("no tests/reference_solver.py beside the package: no 'x reference' column\n")
    rows = []
    for path in paths:
        err.write(f"benchmarking {path.name} ...\n")
        err.flush()
        row = bench_set(path, args.limit, (reference, args.reference) if reference else None)
        if args.slice_puzzles:
            row["longest_slice_ms"] = _longest_slice(path, args.slice_puzzles)
        rows.append(row)
    out.write(json.dumps(rows, indent=1) if args.format == "json" else format_markdown(rows))
    out.write("\n")
    wrong = sum(r["wrong"] for r in rows)
    bad = sum(r["bad_lines"] for r in rows)
    if bad:
        err.write(f"{bad} lines could not be read as puzzles\n")
    err.write(f"{wrong} wrong answers\n")
    return Exit.NOT_UNIQUE if wrong else Exit.OK


def _longest_slice(path: Path, puzzles: int) -> float:
    """The longest bridge step of ``count_solutions(limit=2)`` on the first ``puzzles``
    puzzles of a file, stepped as the page's worker steps it: its CPU milliseconds, which
    the code decides (the wall time also counts waiting for a busy machine's cores)."""
    cases, _ = load_cases(path, puzzles)
    return max(
        (
            cpu
            for case in cases
            for _, cpu in time_steps(
                "count_solutions", {"grid": format_line(case.grid), "limit": 2}
            )
        ),
        default=0.0,
    )


COMMAND = Command(
    "bench",
    "benchmark the solver on puzzle files (or the generator, or the grader)",
    _add_arguments,
    run,
    ("text", "json"),
)
