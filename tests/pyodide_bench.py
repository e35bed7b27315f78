"""The engine's own benchmark, run *inside Pyodide* by `python build.py bench` (via the Node runner).

`main(data)` calls sudoku_core.bench.run_benchmark with the same sets and limit as the CPython
side, so the two columns of the table measure the same code on the same puzzles.

data: {"paths": ["/puzzles/top95.txt", ...], "limit": 50}
"""

from __future__ import annotations

from typing import Any


def main(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows of run_benchmark (set, puzzles, solve_per_s, check_per_s, ...)."""
    from sudoku_core.bench import run_benchmark

    rows: list[dict[str, Any]] = run_benchmark(data["paths"], data["limit"])
    return rows
