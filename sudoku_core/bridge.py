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

Operation names are the library's function names; grids are 81-character strings. Each
operation (``_op_*``) is a generator that checks its arguments (:mod:`sudoku_core._requests`),
calls the library's public step-wise functions, yields progress dicts and returns the result
dict; :data:`OPERATIONS` lists them all.
"""

from __future__ import annotations

import json
import time

from sudoku_core._requests import BadRequestError, arg, check_request
from sudoku_core._version import __version__
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_board, format_grid, format_line, parse
from sudoku_core.grid import givens_count
from sudoku_core.solver import Budget, SearchResult, SearchStats, iter_count
from sudoku_core.validate import conflicts
from sudoku_core.verdict import iter_check, mistakes

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable

    from sudoku_core._requests import Json, Work
    from sudoku_core.generator import Symmetry
    from sudoku_core.graded import GradedPuzzle
    from sudoku_core.grader import Grade

# The generator, grading and hints (which load the technique engine) are imported by the
# operations that use them: the worker then starts on what parse, check and count need
# (CPython: 40 ms of CPU over a bare start against 60 ms).

MAX_COUNT_LIMIT = 1_000_000
TICK_NODES = 200


def _budget(args: Json) -> Budget | None:
    nodes = arg(args, "max_nodes", int)
    seconds = arg(args, "max_seconds", float)
    if nodes is None and seconds is None:
        return None
    if (nodes is not None and nodes < 1) or (seconds is not None and seconds <= 0):
        raise BadRequestError("max_nodes and max_seconds must be positive")
    return Budget(nodes=nodes, seconds=seconds)


def _stats(stats: SearchStats) -> Json:
    return {"nodes": stats.nodes, "guesses": stats.guesses, "seconds": round(stats.seconds, 6)}


def _op_version(args: Json) -> Work:
    return {"version": __version__}
    yield {}  # pragma: no cover  (makes this a generator like the others)


def _op_parse(args: Json) -> Work:
    grid = parse(arg(args, "text", str, required=True))
    return {
        "grid": format_line(grid),
        "givens": givens_count(grid),
        "conflicts": [c.to_dict() for c in conflicts(grid)],
    }
    yield {}  # pragma: no cover


def _op_format(args: Json) -> Work:
    grid = parse(arg(args, "grid", str, required=True))
    to = arg(args, "to", str, "line")
    empty = arg(args, "empty", str, ".")
    if to == "line":
        text = format_line(grid, empty)
    elif to == "grid":
        text = format_grid(grid, empty)
    elif to == "board":
        text = json.dumps(format_board(grid))
    else:
        raise BadRequestError(f"unknown format {to!r}: use line, grid or board")
    return {"text": text}
    yield {}  # pragma: no cover


def _op_conflicts(args: Json) -> Work:
    grid = parse(arg(args, "grid", str, required=True))
    return {"conflicts": [c.to_dict() for c in conflicts(grid)]}
    yield {}  # pragma: no cover


def _op_check(args: Json) -> Work:
    steps = iter_check(arg(args, "grid", str, required=True), _budget(args), TICK_NODES)
    while True:
        try:
            stats = next(steps)
        except StopIteration as done:
            return dict(done.value.to_dict())
        yield _stats(stats)


def _op_find_mistakes(args: Json) -> Work:
    entries = parse(arg(args, "entries", str, required=True))
    verdict = yield from _op_check(args)
    solution = verdict["solution"]
    wrong = None if solution is None else list(mistakes(entries, solution))
    return {"verdict": verdict, "mistakes": wrong}


def _op_count_solutions(args: Json) -> Work:
    grid = parse(arg(args, "grid", str, required=True))
    limit = arg(args, "limit", int, 1000)
    if not 1 <= limit <= MAX_COUNT_LIMIT:
        raise BadRequestError(f"limit must be between 1 and {MAX_COUNT_LIMIT}")
    invalid = bool(conflicts(grid))  # clashing givens: no search, a count of 0
    steps = iter_count(grid, limit, _budget(args), keep=0, tick_nodes=TICK_NODES)
    while True:
        try:
            running = next(steps)
        except StopIteration as done:
            result: SearchResult = done.value
            break
        yield {"count": running.count, **_stats(running.stats)}
    return {
        "count": result.count,
        "limit": limit,
        "complete": result.complete,
        "gave_up": result.gave_up,
        "invalid": invalid,
        "stats": _stats(result.stats),
    }


def _op_generate(args: Json) -> Work:
    from sudoku_core.generator import iter_generate

    symmetry = _symmetry(args)
    steps = iter_generate(
        seed=arg(args, "seed", int),
        symmetry=symmetry,
        max_givens=arg(args, "max_givens", int),
        minimal=arg(args, "minimal", bool, False),
        givens=arg(args, "givens", str),
        max_tries=arg(args, "max_tries", int, 1000),
        max_seconds=arg(args, "max_seconds", float, 10.0),
    )
    made = yield from steps
    return made.to_dict()


def _symmetry(args: Json) -> Symmetry:
    from sudoku_core.generator import SYMMETRIES

    symmetry: Symmetry = arg(args, "symmetry", str, "none")
    if symmetry not in SYMMETRIES:
        raise BadRequestError(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")
    return symmetry


def _op_grade(args: Json) -> Work:
    from sudoku_core.grader import iter_grade

    grid = parse(arg(args, "grid", str, required=True))
    with_path = arg(args, "path", bool, True)
    result: Grade = yield from iter_grade(grid)
    return result.to_dict(with_path=with_path)


def _op_hint(args: Json) -> Work:
    from sudoku_core.hints import iter_hint, parse_marks

    grid = parse(arg(args, "grid", str, required=True))
    digits = arg(args, "digits", str)
    marks = arg(args, "candidates", list)  # checked by check_request (parse_marks)
    if marks is not None:
        marks = parse_marks(marks)
    found = yield from iter_hint(grid, parse(digits) if digits else None, marks)
    return found.to_dict()


def _op_generate_graded(args: Json) -> Work:
    from sudoku_core.graded import iter_generate_graded
    from sudoku_core.grader import parse_level

    symmetry = _symmetry(args)
    try:
        level = parse_level(arg(args, "difficulty", str, required=True))
    except ValueError as error:
        raise BadRequestError(str(error)) from None
    steps = iter_generate_graded(
        difficulty=level,
        seed=arg(args, "seed", int),
        symmetry=symmetry,
        max_seconds=arg(args, "max_seconds", float, 30.0),
    )
    made: GradedPuzzle = yield from steps
    return made.to_dict()


OPERATIONS: dict[str, Callable[[Json], Work]] = {
    "version": _op_version,
    "parse": _op_parse,
    "format": _op_format,
    "conflicts": _op_conflicts,
    "check": _op_check,
    "solve": _op_check,
    "find_mistakes": _op_find_mistakes,
    "count_solutions": _op_count_solutions,
    "generate": _op_generate,
    "grade": _op_grade,
    "hint": _op_hint,
    "generate_graded": _op_generate_graded,
}
"""What the page may ask for (``web/protocol.js`` types each one's args, progress and result).
``solve`` answers with the full verdict (the solution included): the page has to explain an
invalid, unsolvable or ambiguous puzzle anyway. ``grade {grid, path?}`` -> ``Grade.to_dict()``;
``hint {grid, digits?, candidates?}`` -> ``Hint.to_dict()``; ``generate_graded {difficulty,
seed?, symmetry?, max_seconds?}`` -> ``GradedPuzzle.to_dict()``."""


_BUDGET = ("max_nodes", "max_seconds")
ARGUMENTS: dict[str, frozenset[str]] = {
    name: frozenset(names)
    for name, names in {
        "version": (),
        "parse": ("text",),
        "format": ("grid", "to", "empty"),
        "conflicts": ("grid",),
        "check": ("grid", *_BUDGET),
        "solve": ("grid", *_BUDGET),
        "find_mistakes": ("grid", "entries", *_BUDGET),
        "count_solutions": ("grid", "limit", *_BUDGET),
        "generate": (
            "seed",
            "symmetry",
            "max_givens",
            "minimal",
            "givens",
            "max_tries",
            "max_seconds",
        ),
        "grade": ("grid", "path"),
        "hint": ("grid", "digits", "candidates"),
        "generate_graded": ("difficulty", "seed", "symmetry", "max_seconds"),
    }.items()
}
"""The arguments each operation takes (``web/protocol.js`` types the same): :func:`start`
refuses any other, naming it, rather than ignoring a misspelt budget."""


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

    step = run_slice
    """The worker's name for :meth:`run_slice` (``web/solver-worker.js`` calls ``task.step``)."""

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
        check_request(op, args, ARGUMENTS[op])
        return Task(operation(args))
    except Exception as error:  # a bad request is one error reply, like a failed step
        return Task(None, error)


def call(op: str, args_json: str) -> str:
    """Run an operation to the end in one go and return its final JSON reply."""
    task = start(op, args_json)
    while True:
        reply = task.run_slice(1000.0)
        if json.loads(reply)["done"]:
            return reply
