"""The benchmarks, one command: ``python -m sudoku_core bench [FILE ...]``.

Three measurements, one module each: the solver on puzzle files (:mod:`.solving`, the
default), the generator (``--generate SEEDS``, :mod:`.generation`) and the logic grader
(``--grading ...``, :mod:`.grading`: speed, soundness and agreement with HoDoKu). This module
holds the command itself: its options and the table it prints. Speed is reported here, never
asserted in tests.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from sudoku_core.bench.generation import bench_generator, format_generator_markdown
from sudoku_core.bench.solving import bench_set, format_markdown, run_benchmark
from sudoku_core.puzzle_files import CURATED_FOLDER, default_folder, default_paths

__all__ = ["add_arguments", "bench_generator", "bench_set", "run_benchmark", "run_from_args"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``bench`` subcommand's options (``--format text|json`` comes with the command)."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="puzzle files (default: $SUDOKU_PUZZLES, ../shared/puzzles, else tests/data)",
    )
    parser.add_argument("--limit", type=int, help="only the first N puzzles of each file")
    parser.add_argument(
        "--generate",
        type=int,
        metavar="SEEDS",
        help="benchmark the generator instead, over SEEDS seeds per option set",
    )
    parser.add_argument(
        "--grading",
        nargs=argparse.REMAINDER,
        metavar="ARGS",
        help="benchmark the logic grader instead; the rest goes to it (try: --grading --help)",
    )


def run_from_args(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the benchmark from parsed arguments; exit 1 if any answer was wrong."""
    if args.grading is not None:
        from sudoku_core.bench.grading import main as grading_main

        return grading_main([*args.files, *args.grading])
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
        return 1 if failures else 0
    paths = [Path(f) for f in args.files] or default_paths()
    if not paths:
        err.write("no puzzle files: name some, or set SUDOKU_PUZZLES to a folder of *.txt\n")
        return 2
    if not args.files:
        folder = default_folder()
        sample = " (the repo's curated samples)" if folder == CURATED_FOLDER else ""
        err.write(f"puzzle sets from {folder}{sample}\n")
    rows = []
    for path in paths:
        err.write(f"benchmarking {path.name} ...\n")
        err.flush()
        rows.append(bench_set(path, args.limit))
    out.write(json.dumps(rows, indent=1) if args.format == "json" else format_markdown(rows))
    out.write("\n")
    wrong = sum(r["wrong"] for r in rows)
    bad = sum(r["bad_lines"] for r in rows)
    if bad:
        err.write(f"{bad} lines could not be read as puzzles\n")
    err.write(f"{wrong} wrong answers\n")
    return 1 if wrong else 0
