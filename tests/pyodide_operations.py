"""Every operation the page's bridge offers, run through sudoku_core.bridge as the worker runs
it (start, then slices to the end): inside Pyodide by tests/pyodide_runner.mjs, and in CPython
by tests/test_pyodide.py, which compares the two.

The site's python_stdlib.zip holds only the modules the engine's interpreter can import
(tools/buildpy/stdlib_scan.py): an operation that reached a module the trim left out would
fail here with ModuleNotFoundError. Each request is reproducible (seeded), so the replies can be
compared with CPython's; fields that measure time are left out.
"""

from __future__ import annotations

import importlib.util
import json
import traceback
from typing import Any

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED_EASY = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# One request per operation (the bridge's names), each with the arguments the page sends.
REQUESTS: dict[str, dict[str, Any]] = {
    "version": {},
    "parse": {"text": EASY},
    "format": {"grid": EASY, "to": "grid"},
    "read": {"text": "\n".join(EASY[i : i + 9] for i in range(0, 81, 9))},
    "export": {"grid": EASY, "to": "sudokupad", "title": "t"},
    "conflicts": {"grid": "11" + "." * 79},
    "check": {"grid": PUZZLE},
    "solve": {"grid": EASY},
    "find_mistakes": {"grid": EASY, "entries": "4" + EASY[1:]},
    "count_solutions": {"grid": "." * 17 + EASY[17:], "limit": 50},
    "generate": {"seed": 7, "symmetry": "rot180"},
    "grade": {"grid": EASY, "path": True},
    "hint": {"grid": EASY},
    "generate_graded": {"difficulty": "medium", "seed": 3},
    "study": {"grid": EASY},
    "minimize": {"grid": SOLVED_EASY[:40] + EASY[40:], "choices": 2, "seed": 1},
    "booklet": {"count": 2, "levels": "easy", "seed": 1},
    "drill": {"technique": "Naked Pair", "seed": 2},
    "review": {"grid": EASY, "moves": "r1c1=4 r1c2=8 r1c2x r1c2=8"},
}
TIMING_FIELDS = frozenset({"seconds", "bootMs"})


def without_timings(value: Any) -> Any:
    """A reply without the fields that measure time (they differ run to run).

    Examples:
        >>> without_timings({"a": [{"seconds": 1.5, "b": 2}], "seconds": 3})
        {'a': [{'b': 2}]}
    """
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k not in TIMING_FIELDS}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


def run_operation(op: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One request run to its end through the bridge's slices; its last reply."""
    from sudoku_core import bridge

    task = bridge.start(op, json.dumps(arguments))
    while True:
        reply: dict[str, Any] = json.loads(task.run_slice(30))
        if reply["done"]:
            return reply


def main(data: dict[str, Any]) -> dict[str, Any]:
    """Every operation's reply, a Python exception's traceback formatted (as Pyodide does when
    Python fails under JavaScript), and which of a few modules can be found (the trimmed zip
    has json, and none of the others)."""
    replies = {op: without_timings(run_operation(op, args)) for op, args in REQUESTS.items()}
    try:
        json.loads("{")
    except ValueError:
        formatted = traceback.format_exc()
    importable = {
        name: importlib.util.find_spec(name) is not None
        for name in ("json", "unittest", "pydoc", "_pyrepl")
    }
    # Imported for real: a module the interpreter's C code loads finds its own imports only
    # when it runs (find_spec finds decimal even when _decimal cannot start).
    imported = {name: can_import(name) for name in ("_pylong", "decimal", "_strptime")}
    return {
        "replies": replies, "traceback": formatted, "importable": importable, "imported": imported,
    }  # fmt: skip


def can_import(name: str) -> str:
    """The word ok, or the error that importing `name` raised."""
    try:
        importlib.import_module(name)
    except ImportError as error:
        return f"{type(error).__name__}: {error}"
    return "ok"
