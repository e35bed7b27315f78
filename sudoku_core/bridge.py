"""The page's worker calls the library through this module only, with JSON text both ways.

Why JSON text: only plain data should cross between JavaScript and Python (no proxies to
leak, no Python objects kept alive by the page), and a string is the plainest.

Every operation is a *task* advanced in time slices, so that a long one (counting the
solutions of a sparse grid, generating, grading) lets the worker read its messages (cancel,
new requests) between slices::

    task = bridge.start("count_solutions", '{"grid": "...", "limit": 10000}')
    reply = json.loads(task.run_slice(50))   # at most ~50 ms of work
    # {"done": false, "progress": {...}} until
    # {"done": true, "ok": true, "result": {...}}
    # or {"done": true, "ok": false, "error": {"type": "InvalidPuzzleError", "message": ...}}

Operation names are the library's function names; grids are 81-character strings. What each
operation takes and gives is declared once, in :data:`sudoku_core.operations.OPERATIONS`: a
request's arguments are read there into typed values, once, and the operation's generator
yields progress dicts and returns the result dict.
"""

from __future__ import annotations

import json
import time
from functools import partial

from sudoku_core._requests import BadRequestError
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.operations import OPERATIONS as _DECLARED
from sudoku_core.operations import run

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable

    from sudoku_core._requests import Json, Work


OPERATIONS: dict[str, Callable[[Json], Work]] = {name: partial(run, name) for name in _DECLARED}
"""What the page may ask for: each operation's work from its request's JSON arguments
(read and checked as :data:`sudoku_core.operations.OPERATIONS` declares them)."""

ARGUMENTS: dict[str, frozenset[str]] = {
    name: frozenset(argument.name for argument in op.arguments) for name, op in _DECLARED.items()
}
"""The arguments each operation takes: :func:`start` refuses any other, naming it."""


def _error(error: BaseException) -> str:
    body: Json = {"type": type(error).__name__, "message": str(error)}
    if isinstance(error, InvalidPuzzleError):
        body["line"] = error.line
        body["column"] = error.column
    return json.dumps({"done": True, "ok": False, "error": body})


class Task:
    """One request in progress; :meth:`run_slice` advances it by one time slice."""

    def __init__(self, work: Work | None, error: BaseException | None = None) -> None:
        self._work = work
        self._error = error

    def run_slice(self, slice_ms: float = 50.0) -> str:
        """Work for about ``slice_ms`` milliseconds; return the JSON reply (see module doc)."""
        if self._error is not None or self._work is None:
            return _error(self._error or RuntimeError("the task has already finished"))
        if type(slice_ms) not in (int, float) or not 0 < slice_ms < 3_600_000:
            self.close()  # an error reply is the task's last
            shown = repr(slice_ms)[:40]
            return _error(BadRequestError(f"slice_ms must be 0 < ms < 3600000, got {shown}"))
        deadline = time.perf_counter() + slice_ms / 1000
        progress: Json = {}
        try:
            while True:
                progress = next(self._work)
                if time.perf_counter() >= deadline:
                    return json.dumps({"done": False, "progress": progress})
        except StopIteration as done:
            self._work = None
            return json.dumps({"done": True, "ok": True, "result": done.value})
        except Exception as error:  # every failure becomes one error reply, never a crash
            self._work = None
            return _error(error)

    def close(self) -> None:
        """Abandon the task (the page cancelled it)."""
        if self._work is not None:
            self._work.close()
            self._work = None


def start(op: str, args_json: str) -> Task:
    """Begin an operation; errors in the request are reported by the first
    :meth:`Task.run_slice`."""
    try:
        if not isinstance(op, str) or not isinstance(args_json, str):
            raise BadRequestError(
                "start(op, args_json) takes two strings, got "
                f"{type(op).__name__} and {type(args_json).__name__}"
            )
        operation = OPERATIONS.get(op)
        if operation is None:
            raise BadRequestError(
                f"unknown operation {op[:40]!r}; known: {', '.join(sorted(OPERATIONS))}"
            )
        args = json.loads(args_json)
        if not isinstance(args, dict):
            raise BadRequestError("the arguments must be a JSON object")
        return Task(operation(args))
    except Exception as error:  # a bad request is one error reply, like a failed slice
        return Task(None, error)


def call(op: str, args_json: str) -> str:
    """Run an operation to the end in one go and return its final JSON reply."""
    task = start(op, args_json)
    while True:
        reply = task.run_slice(1000.0)
        if json.loads(reply)["done"]:
            return reply
