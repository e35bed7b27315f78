"""The solver benchmark, tdoku-style: ``python -m sudoku_core bench [FILE ...]``.

``--generate SEEDS`` benchmarks the generator instead, ``--grading ...`` the logic grader.

Method: read every puzzle first (parsing is not timed), warm up on the first puzzles, then
time each puzzle alone with ``perf_counter_ns`` for two tasks: *solve* (first solution,
``limit=1``) and *check* (uniqueness, ``limit=2``). Every answer is validated against the
rules, the givens and what the file says (``puzzle:count:solution`` lines, or a file named
``*multi*`` whose puzzles all have several solutions); a wrong answer is counted, never
hidden. Speed is reported here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from sudoku_core.puzzle_files import (
    CURATED_FOLDER,
    Case,
    default_folder,
    default_paths,
    load_cases,
)
from sudoku_core.solver import is_solution, search

WARMUP_PUZZLES = 100


def _timed(cases: list[Case], limit: int) -> tuple[list[int], int, int, int]:
    """Per-puzzle nanoseconds, total guesses, puzzles solved without guessing, wrong answers."""
    times: list[int] = []
    guesses = no_guess = wrong = 0
    clock = time.perf_counter_ns
    for case in cases:
        started = clock()
        result = search(case.grid, limit=limit, keep=1)
        times.append(clock() - started)
        guesses += result.stats.guesses
        no_guess += result.stats.guesses == 0
        if result.count != min(case.expected, limit):
            wrong += 1
        elif result.solutions:
            found = result.solutions[0]
            if not is_solution(found, case.grid) or (case.solution and found != case.solution):
                wrong += 1
    return times, guesses, no_guess, wrong


def bench_set(path: Path, limit: int | None = None) -> dict[str, Any]:
    """One row of the table: solve and uniqueness-check figures for a puzzle file."""
    cases, bad = load_cases(path, limit)
    row: dict[str, Any] = {"set": path.stem, "puzzles": len(cases), "bad_lines": bad}
    if not cases:
        return row | {"wrong": 0}
    _timed(cases[:WARMUP_PUZZLES], 1)
    wrong = 0
    for task, search_limit in (("solve", 1), ("check", 2)):
        times, guesses, no_guess, task_wrong = _timed(cases, search_limit)
        total = sum(times) / 1e9
        row |= {
            f"{task}_per_s": len(cases) / total if total else 0.0,
            f"{task}_median_us": statistics.median(times) / 1e3,
            f"{task}_max_us": max(times) / 1e3,
            f"{task}_guesses": guesses / len(cases),
        }
        if task == "solve":
            row["no_guess_pct"] = 100.0 * no_guess / len(cases)
        wrong += task_wrong
    return row | {"wrong": wrong}


def run_benchmark(paths: Sequence[str | Path], limit: int | None = None) -> list[dict[str, Any]]:
    """Benchmark every file (the first ``limit`` puzzles of each); one dict per file."""
    return [bench_set(Path(p), limit) for p in paths]


def format_markdown(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table."""
    head = (
        "| set | puzzles | solve/s | median µs | max µs | guesses | no guess | "
        "check/s | median µs | max µs | guesses | wrong |"
    )
    lines = [head, "|" + "---|" * 12]
    for r in rows:
        if not r["puzzles"]:
            lines.append(f"| {r['set']} | 0 | | | | | | | | | | {r['wrong']} |")
            continue
        lines.append(
            f"| {r['set']} | {r['puzzles']} | {r['solve_per_s']:,.0f} | {r['solve_median_us']:,.0f} | "
            f"{r['solve_max_us']:,.0f} | {r['solve_guesses']:.1f} | {r['no_guess_pct']:.1f}% | "
            f"{r['check_per_s']:,.0f} | {r['check_median_us']:,.0f} | {r['check_max_us']:,.0f} | "
            f"{r['check_guesses']:.1f} | {r['wrong']} |"
        )
    return "\n".join(lines)


GENERATOR_OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"symmetry": "rot180"},
    {"minimal": True},
    {"symmetry": "rot180", "minimal": True},
    {"symmetry": "horizontal", "minimal": True},
    {"max_givens": 22},
]
"""What ``bench --generate`` measures: the default, symmetry, strict minimality, a low target."""


def bench_generator(seeds: int, first_seed: int = 0) -> list[dict[str, Any]]:
    """Generation time and givens per option set over ``seeds`` seeds; every puzzle re-checked."""
    from sudoku_core.generator import generate
    from sudoku_core.verdict import Status, check

    rows = []
    for options in GENERATOR_OPTION_SETS:
        times: list[float] = []
        givens: list[int] = []
        not_unique = missed = 0
        for seed in range(first_seed, first_seed + seeds):
            started = time.perf_counter()
            made = generate(seed=seed, max_seconds=None, **options)
            times.append(time.perf_counter() - started)
            givens.append(made.givens)
            missed += not made.target_met
            not_unique += check(made.puzzle).status is not Status.UNIQUE
        times.sort()
        rows.append(
            {
                "options": ", ".join(f"{k}={v}" for k, v in options.items())
                or "defaults (minimal, no symmetry)",
                "puzzles": seeds,
                "median_ms": statistics.median(times) * 1e3,
                "p90_ms": times[int(0.9 * (len(times) - 1))] * 1e3,
                "max_ms": times[-1] * 1e3,
                "givens_mean": statistics.mean(givens),
                "givens_min": min(givens),
                "givens_max": max(givens),
                "givens_histogram": {g: givens.count(g) for g in sorted(set(givens))},
                "target_missed": missed,
                "not_unique": not_unique,
            }
        )
    return rows


def format_generator_markdown(rows: list[dict[str, Any]]) -> str:
    """The generator rows as a Markdown table."""
    lines = [
        "| options | puzzles | median ms | p90 ms | max ms | givens mean | min | max "
        "| givens: puzzles | missed | not unique |",
        "|" + "---|" * 11,
    ]
    for r in rows:
        histogram = " ".join(f"{g}:{n}" for g, n in r["givens_histogram"].items())
        lines.append(
            f"| {r['options']} | {r['puzzles']} | {r['median_ms']:.1f} | {r['p90_ms']:.1f} | {r['max_ms']:.1f} | "
            f"{r['givens_mean']:.1f} | {r['givens_min']} | {r['givens_max']} | {histogram} | "
            f"{r['target_missed']} | {r['not_unique']} |"
        )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``bench`` subcommand's options."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="puzzle files (default: $SUDOKU_PUZZLES, ../shared/puzzles, else tests/data)",
    )
    parser.add_argument("--limit", type=int, help="only the first N puzzles of each file")
    parser.add_argument("--format", choices=["markdown", "json"], default="markdown")
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
        from sudoku_core.logic.bench import main as grading_main

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
