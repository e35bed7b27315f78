"""The solver benchmark, tdoku-style: ``python -m sudoku_core bench [FILE ...]``.

Method: read every puzzle first (parsing is not timed), warm up on the first puzzles, then
time each puzzle alone with ``perf_counter_ns`` for two tasks: *solve* (first solution,
``limit=1``) and *check* (uniqueness, ``limit=2``). Every answer is validated against the
rules, the givens and what the file says (``puzzle:count:solution`` lines, or a file named
``*multi*`` whose puzzles all have several solutions); a wrong answer is counted, never
hidden. Speed is reported here, never asserted in tests.
"""

from __future__ import annotations

import importlib.util
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sudoku_core.grid import Grid
from sudoku_core.puzzle_files import CURATED_FOLDER, Case, load_cases
from sudoku_core.solver import is_solution, search

WARMUP_PUZZLES = 100

REFERENCE_SOLVER = CURATED_FOLDER.parent / "reference_solver.py"
"""The readable oracle of the tests (tdoku's ``solver_basic``): the in-repo yardstick."""

ReferenceCount = Callable[[Grid, int], int]


def load_reference() -> ReferenceCount | None:
    """The reference solver's ``reference_count``, when the repo's tests are beside the
    package (a source checkout; an installed wheel has none)."""
    if not REFERENCE_SOLVER.is_file():
        return None
    spec = importlib.util.spec_from_file_location("_reference_solver", REFERENCE_SOLVER)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    count: ReferenceCount = module.reference_count
    return count


def reference_ratio(cases: list[Case], reference: ReferenceCount, puzzles: int) -> float:
    """How many times faster than the reference solver the uniqueness check is, on the first
    ``puzzles`` cases of a set (both count to 2 on the same grids in this process; the
    reference is slow, up to a second a puzzle, hence the sample). A count that disagrees
    with the reference is a wrong answer: ValueError."""
    clock = time.perf_counter_ns
    ours = theirs = 0
    for case in cases[:puzzles]:
        started = clock()
        count = search(case.grid, limit=2, keep=0).count
        ours += clock() - started
        started = clock()
        expected = reference(case.grid, 2)
        theirs += clock() - started
        if count != expected:
            raise ValueError(f"the reference counts {expected} solutions, the solver {count}")
    return theirs / ours if ours else 0.0


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


def bench_set(
    path: Path, limit: int | None = None, reference: tuple[ReferenceCount, int] | None = None
) -> dict[str, Any]:
    """One row of the table: solve and uniqueness-check figures for a puzzle file, and with
    ``reference`` (the solver and a sample size) the check's speed-up over it."""
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
    if reference is not None:
        row["vs_reference"] = reference_ratio(cases, *reference)
        row["reference_puzzles"] = min(reference[1], len(cases))
    return row | {"wrong": wrong}


def run_benchmark(paths: Sequence[str | Path], limit: int | None = None) -> list[dict[str, Any]]:
    """Benchmark every file (the first ``limit`` puzzles of each); one dict per file."""
    return [bench_set(Path(p), limit) for p in paths]


def format_markdown(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table (with the reference and slice columns when measured)."""
    head = (
        "| set | puzzles | solve/s | median µs | max µs | guesses | no guess | "
        "check/s | median µs | max µs | guesses | x reference | longest slice ms | wrong |"
    )
    lines = [head, "|" + "---|" * 14]
    for r in rows:
        if not r["puzzles"]:
            lines.append(f"| {r['set']} | 0 | | | | | | | | | | | | {r['wrong']} |")
            continue
        ratio = r.get("vs_reference")
        shown_ratio = "-"
        if ratio is not None:
            shown_ratio = f"{ratio:,.{0 if ratio >= 10 else 1}f} ({r['reference_puzzles']})"
        longest = r.get("longest_slice_ms")
        shown_slice = f"{longest:.1f}" if longest is not None else "-"
        lines.append(
            f"| {r['set']} | {r['puzzles']} | {r['solve_per_s']:,.0f} | {r['solve_median_us']:,.0f} | "
            f"{r['solve_max_us']:,.0f} | {r['solve_guesses']:.1f} | {r['no_guess_pct']:.1f}% | "
            f"{r['check_per_s']:,.0f} | {r['check_median_us']:,.0f} | {r['check_max_us']:,.0f} | "
            f"{r['check_guesses']:.1f} | {shown_ratio} | {shown_slice} | {r['wrong']} |"
        )
    lines.append("")
    lines.append(
        "x reference: the uniqueness check's speed-up over tests/reference_solver.py on the "
        "first (n) puzzles, same process; longest slice: the longest bridge step (CPU ms) of "
        "count_solutions(limit=2) on the set's first puzzles, as the page's worker runs it."
    )
    return "\n".join(lines)
