"""The engine's own benchmark, run *inside Pyodide* by `python build.py bench` (via the Node runner).

`main(data)` calls sudoku_core.bench.run_benchmark with the same sets and limit as the CPython
side, so the two columns of the table measure the same code on the same puzzles.

data: {"paths": ["/puzzles/top95.txt", ...], "limit": 50}
"""

from __future__ import annotations

import importlib
from typing import Any


def allocator() -> str:
    """The memory allocator Python runs on: this Pyodide is built without pymalloc, so "malloc"
    unless PYTHONMALLOC chose another at start (`python build.py bench --pyodide-env`)."""
    try:  # CPython's own test module (no stubs); the function moved between versions
        return str(importlib.import_module("_testinternalcapi").pymem_getallocatorsname())
    except (ImportError, AttributeError):
        return "unknown"


def main(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows of run_benchmark (set, puzzles, solve_per_s, check_per_s, ...), each with the allocator."""
    from sudoku_core.bench import run_benchmark

    rows: list[dict[str, Any]] = run_benchmark(data["paths"], data["limit"])
    return [{**row, "allocator": allocator()} for row in rows]
