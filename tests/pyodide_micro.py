"""Per-operation micro-benchmarks of the solver's building blocks, run in CPython and in Pyodide.

`python build.py bench` runs `main(data)` in both runtimes and prints each operation's time
side by side, so the question "which operations of this design cost more in WebAssembly" is
answered by measurement: the board's big-int operations (810-bit board, 2430-bit record),
the table look-ups, function calls, tuple packing and the generator step of the search loop,
and one whole `propagate` call. Each time is the best of a few repeats, less the empty loop.

data: {"repeats": 5, "loops": 20000}
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def _cases() -> dict[str, tuple[str, dict[str, Any]]]:
    """Name -> (statement, its namespace), on a board from the middle of a real search."""
    from sudoku_core import _bitboard
    from sudoku_core._propagate import branch_cell, initial_state, locked_candidates, propagate
    from sudoku_core.formats import parse

    puzzle = parse(  # the first of forum_hardest_1905_11plus: propagation alone stalls
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
    )
    state = initial_state(puzzle)
    assert state is not None
    propagated = propagate(*state)
    assert propagated is not None
    x, record, multi = propagated
    assert multi, "the board must still need a guess"

    def call(a: int, b: int) -> int:
        return a

    def steps() -> Any:
        while True:
            yield 1

    gen = steps()
    scope = {
        "x": x,
        "r": record,
        "m": multi,
        "low": _bitboard.LOW,
        "guards": _bitboard.GUARDS,
        "spread": _bitboard.SPREAD_ROW,
        "small": 12345,
        "table": _bitboard.PLACE_CLEAR,
        "i": 437,
        "call": call,
        "gen": gen,
        "nxt": next,
        "propagate": propagate,
        "locked": locked_candidates,
        "branch": branch_cell,
    }
    statements = {
        "empty loop": "pass",
        "small int add": "small + 1",
        "board AND (810 bits)": "x & guards",
        "board OR": "x | low",
        "board add (SWAR)": "x + guards",
        "board shift >> 10": "x >> 10",
        "board shift >> 90": "x >> 90",
        "record AND (2430 bits)": "r & guards",
        "record OR (2430 bits)": "r | low",
        "board x & -x (lowest bit)": "x & -x",
        "board bit_length": "x.bit_length()",
        "board bit_count": "x.bit_count()",
        "board * spread (multiply)": "(x & guards) * spread",
        "board == compare": "x == low",
        "list look-up table[i]": "table[i]",
        "function call f(a, b)": "call(1, 2)",
        "tuple pack and unpack": "a, b = x, r",
        "generator next()": "nxt(gen)",
        "locked_candidates(board)": "locked(x)",
        "branch_cell(board, multi)": "branch(x, m)",
        "propagate (one node, no change)": "propagate(x, r)",
    }
    return {name: (stmt, scope) for name, stmt in statements.items()}


def _time(statement: str, scope: dict[str, Any], loops: int, repeats: int) -> float:
    """Best nanoseconds per execution of ``statement`` over ``repeats`` runs of ``loops``."""
    code = f"def _run(_n):\n    for _ in range(_n):\n        {statement}\n"
    namespace = dict(scope)
    exec(code, namespace)
    run: Callable[[int], None] = namespace["_run"]
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter_ns()
        run(loops)
        best = min(best, (time.perf_counter_ns() - started) / loops)
    return best


def main(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per operation: its name and nanoseconds (the empty loop subtracted)."""
    loops = int(data.get("loops", 20000))
    repeats = int(data.get("repeats", 5))
    cases = _cases()
    empty = _time("pass", {}, loops, repeats)
    rows = []
    for name, (statement, scope) in cases.items():
        heavy = "propagate" in name or ("(" in statement and "call" not in statement)
        count = max(100, loops // 20) if heavy else loops
        ns = _time(statement, scope, count, repeats)
        rows.append({"op": name, "ns": ns if name == "empty loop" else max(0.0, ns - empty)})
    return rows


if __name__ == "__main__":
    for row in main({}):
        print(f"{row['op']:<36}{row['ns']:>10.1f} ns")
