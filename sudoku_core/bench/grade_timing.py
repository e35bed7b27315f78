"""CPU time of ``grade`` and ``hint`` per puzzle, and a fingerprint of every grade.

The goal on the hardest puzzles: ``grade`` median at most 0.5 s and max 2 s in
CPython, ``hint`` median at most 0.1 s. Times are the process's CPU time (on a machine shared
with other work, wall time also counts the time spent waiting for a core); wall time is kept
beside it. A hint is timed twice per puzzle: at the start, and on the board just before the
path's hardest step (the board as the path has it, with its candidates), where every cheaper
technique is searched first on a fresh board.

The *fingerprint* of a grade is the sha256 of ``Grade.to_dict(with_path=True)`` without its
``seconds``: equal fingerprints mean the same level, score and path, step for step. A speed
change must keep them all: ``--fingerprints FILE`` records them on a first run and compares
every later run with them.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from sudoku_core.grader import Grade, grade
from sudoku_core.grid import Grid
from sudoku_core.hints import hint
from sudoku_core.logic.board import Board


@dataclass(frozen=True)
class Timed:
    """One puzzle graded: its grade, the grade's CPU and wall seconds, and optionally the
    CPU seconds of a hint at the start and before the hardest step."""

    result: Grade
    cpu: float
    wall: float
    hint_start: float | None = None
    hint_hardest: float | None = None

    @property
    def fingerprint(self) -> str:
        """The grade's fingerprint (see the module doc)."""
        return fingerprint(self.result)


def fingerprint(result: Grade) -> str:
    """sha256 of the grade as plain data, its timing left out."""
    body = result.to_dict(with_path=True)
    body.pop("seconds")
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _cpu_seconds_of_hint(
    grid: Grid, digits: Grid | None = None, marks: list[int] | None = None
) -> float:
    started = time.process_time()
    hint(grid, digits, marks)
    return time.process_time() - started


def _hint_before_hardest(grid: Grid, result: Grade) -> float:
    """CPU seconds of a hint on the board the path has just before its hardest step."""
    hardest = result.bottleneck
    board = Board.from_grid(grid)
    for step in result.path:
        if step is hardest:
            break
        step.apply(board)
    return _cpu_seconds_of_hint(grid, board.grid(), board.cands[:])


def time_grade(grid: Grid, *, hints: bool = False) -> Timed:
    """Grade one puzzle, timed; with ``hints``, time the two hints too."""
    started, started_cpu = time.perf_counter(), time.process_time()
    result = grade(grid)
    cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started
    if not hints:
        return Timed(result, cpu, wall)
    return Timed(result, cpu, wall, _cpu_seconds_of_hint(grid), _hint_before_hardest(grid, result))


def spread(seconds: list[float]) -> dict[str, float]:
    """Median, 90th percentile, max and total, in milliseconds."""
    ordered = sorted(seconds)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "total_ms": round(sum(ordered) * 1000, 1),
    }


def check_fingerprints(path: Path, found: dict[str, str]) -> list[str]:
    """Compare ``found`` (puzzle line -> fingerprint) with the ones kept in ``path`` (a JSON
    object) and keep the new ones there; the puzzles whose grade changed."""
    kept: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
    changed = [p for p, f in found.items() if p in kept and kept[p] != f]
    path.write_text(json.dumps({**found, **kept}, indent=0, sort_keys=True) + "\n")
    return changed
