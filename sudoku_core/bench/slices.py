"""The slice benchmark: the longest time slice of each bridge operation.

The page's worker advances every request with :meth:`sudoku_core.bridge.Task.run_slice` and reads
its messages (cancel, new requests) only between steps, so a step that overruns its slice
freezes Cancel for that long. This runs each operation the page uses through the bridge
exactly as the worker does (``step`` with the bridge's default slice, until done) on the
hardest puzzles of a set and reports, per operation, the longest step in milliseconds (the
target is 100 ms in CPython), the median step and how many requests and steps were timed.

Each step is timed twice: wall-clock time (what the page feels) and the thread's CPU time
(what the code decides: on a busy machine a step's wall time includes the time the process
waited for a core). Speed is reported here, never asserted in tests.
"""

from __future__ import annotations

import inspect
import json
import statistics
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

from sudoku_core.bridge import Task, start
from sudoku_core.formats import format_line
from sudoku_core.puzzle_files import CURATED_FOLDER, default_folder, load_cases

OPERATIONS = ("check", "count_solutions", "generate", "grade", "hint", "generate_graded")
"""The operations that can run long, in the bridge's names."""

DEFAULT_SLICE_MS: float = inspect.signature(Task.run_slice).parameters["slice_ms"].default
"""The bridge's own default slice, read from :meth:`Task.run_slice` so the two cannot drift."""

HARDEST_SET = "forum_hardest_1905_11plus.txt"
"""The set the page's slowest requests come from: every puzzle rated 11 or more."""

_GRADED_LEVELS = ("medium", "hard", "unfair", "extreme")


def _requests(op: str, puzzles: Sequence[str], seeds: int) -> Iterable[dict[str, Any]]:
    """The arguments of each request timed for ``op``: one per puzzle, or one per seed."""
    if op == "generate":
        return ({"seed": s, "symmetry": "rot180"} for s in range(seeds))
    if op == "generate_graded":
        return (
            {"difficulty": _GRADED_LEVELS[s % len(_GRADED_LEVELS)], "seed": s, "max_seconds": 10.0}
            for s in range(seeds)
        )
    if op == "count_solutions":
        return ({"grid": p, "limit": 2} for p in puzzles)
    return ({"grid": p} for p in puzzles)


def time_steps(
    op: str, args: dict[str, Any], slice_ms: float = DEFAULT_SLICE_MS
) -> list[tuple[float, float]]:
    """Run one request through the bridge as the worker does; the (wall, CPU) milliseconds
    of each step.

    Raises RuntimeError if the operation answered with an error (a benchmark that timed an
    error reply would time the wrong thing).
    """
    task = start(op, json.dumps(args))
    times: list[tuple[float, float]] = []
    wall, cpu = time.perf_counter, time.thread_time
    while True:
        started, started_cpu = wall(), cpu()
        reply = json.loads(task.run_slice(slice_ms))
        times.append(((wall() - started) * 1000, (cpu() - started_cpu) * 1000))
        if reply["done"]:
            if not reply["ok"]:
                raise RuntimeError(f"{op} {args}: {reply['error']}")
            return times


def bench_slices(
    path: Path,
    limit: int = 100,
    seeds: int = 4,
    operations: Sequence[str] = OPERATIONS,
    slice_ms: float = DEFAULT_SLICE_MS,
) -> list[dict[str, Any]]:
    """One row per operation: the longest and median step over the first ``limit`` unique
    puzzles of ``path`` (``seeds`` requests for the generators)."""
    cases, _ = load_cases(path, None)
    puzzles = [format_line(c.grid) for c in cases if c.expected == 1][:limit]
    rows = []
    for op in operations:
        steps: list[tuple[float, float]] = []
        worst = ""
        requests = 0
        for args in _requests(op, puzzles, seeds):
            requests += 1
            times = time_steps(op, args, slice_ms)
            if not steps or max(cpu for _, cpu in times) > max(cpu for _, cpu in steps):
                worst = args.get("grid") or json.dumps(args)
            steps += times
        rows.append(
            {
                "op": op,
                "slice_ms": slice_ms,
                "requests": requests,
                "steps": len(steps),
                "median_ms": statistics.median(w for w, _ in steps),
                "max_ms": max(w for w, _ in steps),
                "max_cpu_ms": max(cpu for _, cpu in steps),
                "worst": worst,
            }
        )
    return rows


def format_slices_markdown(rows: list[dict[str, Any]], source: str) -> str:
    """The rows as a Markdown table, with the set and the slice asked for."""
    slice_ms = rows[0]["slice_ms"] if rows else DEFAULT_SLICE_MS
    lines = [
        f"Longest bridge step per operation on {source} (slice {slice_ms:g} ms; target <= 100 ms)",
        "",
        "| operation | requests | steps | median ms | max ms | max CPU ms | longest (CPU) in |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['op']} | {r['requests']} | {r['steps']} | {r['median_ms']:.1f} | "
            f"{r['max_ms']:.1f} | {r['max_cpu_ms']:.1f} | {r['worst']} |"
        )
    return "\n".join(lines)


class _Streams(Protocol):
    """Where ``bench --slices`` writes (the CLI's streams)."""

    @property
    def stdout(self) -> TextIO: ...

    @property
    def stderr(self) -> TextIO: ...


def run_slices(files: Sequence[str], limit: int | None, as_json: bool, streams: _Streams) -> int:
    """``bench --slices``: the table (or JSON) for the first FILE, else the hardest set of the
    default folder (the shared sets, else the repo's samples); exit status 0, or 2 without a
    puzzle file (the CLI's "bad input")."""
    folder = default_folder()
    if files:
        path = Path(files[0])
    elif folder is not None:
        path = folder / HARDEST_SET
        sample = " (the repo's curated samples)" if folder == CURATED_FOLDER else ""
        streams.stderr.write(f"puzzles from {path}{sample}\n")
    else:
        path = Path(HARDEST_SET)
    if not path.is_file():
        streams.stderr.write(f"no puzzle file {path}: name one with FILE\n")
        return 2
    if not any(case.expected == 1 for case in load_cases(path, None)[0]):
        streams.stderr.write(f"{path}: no puzzle with one solution to time\n")
        return 2
    streams.stderr.write("timing every bridge step ...\n")
    streams.stderr.flush()
    rows = bench_slices(path, limit or 100)
    text = json.dumps(rows, indent=1) if as_json else format_slices_markdown(rows, path.name)
    streams.stdout.write(text + "\n")
    return 0
