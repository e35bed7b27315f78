"""Every operation the page may ask for, declared once: its name, the function that does it,
each argument (kind, default, limits) and the fields of its result.

From :data:`OPERATIONS` follow the bridge's argument checks (:mod:`sudoku_core.bridge`
reads every request through :func:`sudoku_core._requests.read_request`), the table of
operations in docs/web.md (:func:`markdown_table`), and a test that holds the ``Ops`` types
of ``web/engine/protocol.js`` and each operation's real result to it (tests/test_operations.py).

Each function takes the typed values the request was read into (a grid, masks, a
:class:`~sudoku_core.solver.Budget`) and is a generator run in the worker's time slices: it
yields progress dicts and returns the result dict. They call the library's ``*_in_slices``
generators, which take grids and do not read their input again.
"""

from __future__ import annotations

import json

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._requests import BUDGET_NAMES, Argument, BadRequestError, read_request
from sudoku_core._slices import relay
from sudoku_core._version import __version__
from sudoku_core.formats import (
    Position,
    format_board,
    format_grid,
    format_line,
    read_position,
)
from sudoku_core.grid import givens_count
from sudoku_core.solver import count_in_slices
from sudoku_core.validate import grid_conflicts
from sudoku_core.verdict import check_in_slices, wrong_entries

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from sudoku_core._requests import Json, Work
    from sudoku_core.generator import Symmetry
    from sudoku_core.grid import Grid
    from sudoku_core.hints import MarksMeaning
    from sudoku_core.logic.steps import Level
    from sudoku_core.solver import Budget, SearchResult, SearchStats

# The generator, grading and hints (which load the technique engine) are imported by the
# operations that use them: the worker then starts on what parse, check and count need
# (CPython: 40 ms of CPU over a bare start against 60 ms).

MAX_COUNT_LIMIT = 1_000_000
TICK_NODES = 200
"""Search nodes between two progress reports: far below a slice of work."""


class Operation(Frozen):
    """One operation: ``run`` takes the arguments' typed values by name (the budget as
    ``budget``) and returns the work; ``result`` names the result's fields, an optional one
    ending in ``?``."""

    _fields = ("name", "run", "arguments", "result", "doc")
    __slots__ = _fields
    name: str
    run: Callable[..., Work]
    arguments: tuple[Argument, ...]
    result: tuple[str, ...]
    doc: str

    def __init__(
        self,
        name: str,
        run: Callable[..., Work],
        arguments: tuple[Argument, ...],
        result: tuple[str, ...],
        doc: str,
    ) -> None:
        frozen_init(self, name, run, arguments, result, doc)


def _stats(stats: SearchStats) -> Json:
    return {"nodes": stats.nodes, "guesses": stats.guesses, "seconds": round(stats.seconds, 6)}


def _counted(running: SearchResult) -> Json:
    return {"count": running.count, **_stats(running.stats)}


def _version() -> Work:
    return {"version": __version__}
    yield {}  # pragma: no cover  (makes this a generator like the others)


def _parse(text: Grid) -> Work:
    return {
        "grid": format_line(text),
        "givens": givens_count(text),
        "conflicts": [c.to_dict() for c in grid_conflicts(text)],
    }
    yield {}  # pragma: no cover


def _format(grid: Grid, to: str, empty: str) -> Work:
    if to == "grid":
        text = format_grid(grid, empty)
    elif to == "board":
        text = json.dumps(format_board(grid))
    else:
        text = format_line(grid, empty)
    return {"text": text}
    yield {}  # pragma: no cover


def _read(text: str) -> Work:
    return read_position(text).to_dict()
    yield {}  # pragma: no cover


def _export(
    *,
    grid: Grid,
    entries: Grid | None,
    centre: list[int] | None,
    corner: list[int] | None,
    to: str,
    title: str,
    author: str,
) -> Work:
    from sudoku_core.formats import format_position

    none = (0,) * 81
    position = Position(
        grid,
        entries or none,
        centre=centre or none,
        corner=corner or none,
        title=title,
        author=author,
    )
    return {"text": format_position(position, to)}
    yield {}  # pragma: no cover


def _conflicts(grid: Grid) -> Work:
    return {"conflicts": [c.to_dict() for c in grid_conflicts(grid)]}
    yield {}  # pragma: no cover


def _check(grid: Grid, budget: Budget | None) -> Work:
    verdict = yield from relay(check_in_slices(grid, budget, TICK_NODES), _stats)
    return verdict.to_dict()


def _find_mistakes(grid: Grid, entries: Grid, budget: Budget | None) -> Work:
    verdict = yield from relay(check_in_slices(grid, budget, TICK_NODES), _stats)
    solution = verdict.solution
    wrong = None if solution is None else list(wrong_entries(entries, solution))
    return {"verdict": verdict.to_dict(), "mistakes": wrong}


def _count_solutions(grid: Grid, limit: int, budget: Budget | None) -> Work:
    invalid = bool(grid_conflicts(grid))  # clashing givens: no search, a count of 0
    counting = count_in_slices(grid, limit, budget, keep=0, tick_nodes=TICK_NODES)
    result = yield from relay(counting, _counted)
    return {
        "count": result.count,
        "limit": limit,
        "complete": result.complete,
        "gave_up": result.gave_up,
        "invalid": invalid,
        "stats": _stats(result.stats),
    }


def _generate(
    *,
    seed: int | None,
    symmetry: Symmetry,
    max_givens: int | None,
    minimal: bool,
    givens: Grid | None,
    max_tries: int,
    max_seconds: float,
) -> Work:
    from sudoku_core.generator import iter_generate

    made = yield from iter_generate(
        seed=seed,
        symmetry=symmetry,
        max_givens=max_givens,
        minimal=minimal,
        givens=givens,
        max_tries=max_tries,
        max_seconds=max_seconds,
    )
    return made.to_dict()


def _grade(grid: Grid, path: bool) -> Work:
    from sudoku_core.explain.words import summary
    from sudoku_core.grader import grade_in_slices

    result = yield from grade_in_slices(grid, tick_nodes=TICK_NODES)
    body = result.to_dict(with_path=path)
    # each step in words too, for the page's list (its notation stays the expert's line)
    if body["bottleneck"] is not None and result.bottleneck is not None:
        body["bottleneck"]["summary"] = summary(result.bottleneck)
    for step, said in zip(result.path, body.get("path", []), strict=False):
        said["summary"] = summary(step)
    return body


def _hint(
    grid: Grid, digits: Grid | None, candidates: list[int] | None, marks: MarksMeaning
) -> Work:
    from sudoku_core.explain.words import summary
    from sudoku_core.hints import hint_in_slices

    found = yield from hint_in_slices(grid, digits, candidates, marks=marks, tick_nodes=TICK_NODES)
    body = found.to_dict()
    if found.step is not None:
        body["step"]["summary"] = summary(found.step)  # what Apply says it did
    return body


def _generate_graded(
    *, difficulty: Level, seed: int | None, symmetry: Symmetry, max_seconds: float
) -> Work:
    from sudoku_core.graded import iter_generate_graded

    made = yield from iter_generate_graded(
        difficulty=difficulty, seed=seed, symmetry=symmetry, max_seconds=max_seconds
    )
    return made.to_dict()


def _drill(*, technique: str, seed: int | None, max_seconds: float) -> Work:
    import random

    from sudoku_core.drills import drill_in_slices

    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    # the drill with the technique's other instances there (right answers too), all in time
    found, steps, puzzles = yield from drill_in_slices(technique, seed, max_seconds=max_seconds)
    if found is None:
        return {"found": False, "puzzles": puzzles, "seed": seed}
    return {"found": True, "puzzles": puzzles, "seed": seed, **found.to_dict(steps[1:])}


def _review(grid: Grid, moves: str, digits: Grid | None, budget: Budget | None) -> Work:
    from sudoku_core.review import check_moves, parse_moves, review_in_slices

    try:
        read = parse_moves(moves)
        check_moves(grid, read)
    except ValueError as error:
        raise BadRequestError(f"argument 'moves': {error}") from None
    found = yield from review_in_slices(grid, read, budget, start=digits, tick_nodes=TICK_NODES)
    return found.to_dict()


def _study(grid: Grid, budget: Budget | None) -> Work:
    from sudoku_core.setter import study_in_slices

    found = yield from study_in_slices(grid, budget)
    return found.to_dict()


def _minimize(grid: Grid, choices: int, seed: int) -> Work:
    from sudoku_core.setter import minimize_in_slices, unique_grid_solution

    solution = unique_grid_solution(grid)
    found = yield from minimize_in_slices(grid, solution, choices, seed)
    return {"choices": [m.to_dict() for m in found]}


def _booklet(count: int, levels: str, seed: int) -> Work:
    from sudoku_core.booklet import iter_booklet, read_levels

    made = yield from iter_booklet(count, read_levels(levels), seed)
    return {"puzzles": [puzzle.to_dict() for puzzle in made]}


def _symmetries() -> tuple[str, ...]:
    from sudoku_core.generator import SYMMETRIES

    return SYMMETRIES


def _marks_meanings() -> tuple[str, ...]:
    from sudoku_core.hints import MARKS_MEANINGS

    return MARKS_MEANINGS


def _export_formats() -> tuple[str, ...]:
    from sudoku_core.formats import FORMATS

    return tuple(FORMATS)


def _levels() -> tuple[str, ...]:
    from sudoku_core.logic.steps import LEVELS

    return tuple(level.value for level in LEVELS)


_GRID = Argument("grid", "grid", required=True)
_BUDGET = (
    Argument(BUDGET_NAMES[0], "int", checked_by="Budget", doc="search nodes, then give up"),
    Argument(BUDGET_NAMES[1], "number", checked_by="Budget", doc="seconds, then give up"),
)
_SYMMETRY = Argument("symmetry", "symmetry", "none", choices=_symmetries)
_SEED = Argument("seed", "int", checked_by="generate", doc="absent: a random one")

VERDICT = (
    "status",
    "message",
    "puzzle",
    "givens",
    "too_few_givens",
    "conflicts",
    "solution",
    "solutions",
    "differences",
    "stats",
)
"""``Verdict.to_dict()``: what ``check`` and ``solve`` answer."""
GENERATED = (
    "puzzle",
    "solution",
    "seed",
    "givens",
    "symmetry",
    "minimal",
    "target_met",
    "timed_out",
    "tries",
    "seconds",
    "message",
)
"""``Generated.to_dict()``."""
GRADE = (
    "puzzle",
    "solution",
    "level",
    "score",
    "rating",
    "histogram",
    "bottleneck",
    "steps",
    "logical",
    "seconds",
    "message",
    "path?",
)
"""``Grade.to_dict()``; ``path`` when asked for."""
STUDY = (
    *VERDICT,
    "clues",
    "single_clues",
    "fewest_proven",
    "repair_message",
    "redundant",
    "symmetry",
)
"""``Study.to_dict()``: the verdict, then what a setter needs."""

OPERATIONS: dict[str, Operation] = {
    op.name: op
    for op in (
        Operation("version", _version, (), ("version",), "the engine's version"),
        Operation(
            "parse",
            _parse,
            (Argument("text", "grid", required=True),),
            ("grid", "givens", "conflicts"),
            "the puzzle as an 81-character line, its givens and conflicts",
        ),
        Operation(
            "format",
            _format,
            (
                _GRID,
                Argument("to", "string", "line", choices=("line", "grid", "board")),
                Argument("empty", "string", ".", checked_by="format_line", doc="for an empty cell"),
            ),
            ("text",),
            "the puzzle as text: one line, a boxed grid, or a LeetCode board (JSON)",
        ),
        Operation(
            "read",
            _read,
            (Argument("text", "string", required=True, doc="any format, links included"),),
            ("givens", "entries", "centre", "corner", "title", "author", "source"),
            "the puzzle with the player's digits and marks where the format has them (masks)",
        ),
        Operation(
            "export",
            _export,
            (
                _GRID,
                Argument("entries", "grid", doc="the player's digits"),
                Argument("centre", "marks", doc="centre marks (candidates)"),
                Argument("corner", "marks", doc="corner marks"),
                Argument("to", "string", required=True, choices=_export_formats),
                Argument("title", "string", ""),
                Argument("author", "string", ""),
            ),
            ("text",),
            "the game in another app's format, with what of the progress it carries",
        ),
        Operation("conflicts", _conflicts, (_GRID,), ("conflicts",), "every repeated given"),
        Operation("check", _check, (_GRID, *_BUDGET), VERDICT, "the verdict"),
        Operation(
            "solve", _check, (_GRID, *_BUDGET), VERDICT, "the verdict (the solution included)"
        ),
        Operation(
            "find_mistakes",
            _find_mistakes,
            (
                _GRID,
                Argument("entries", "grid", required=True, doc="the player's digits"),
                *_BUDGET,
            ),
            ("verdict", "mistakes"),
            "the verdict, and the entries that differ from the unique solution",
        ),
        Operation(
            "count_solutions",
            _count_solutions,
            (_GRID, Argument("limit", "int", 1000, minimum=1, maximum=MAX_COUNT_LIMIT), *_BUDGET),
            ("count", "limit", "complete", "gave_up", "invalid", "stats"),
            "the number of solutions, up to the limit",
        ),
        Operation(
            "generate",
            _generate,
            (
                _SEED,
                _SYMMETRY,
                Argument("max_givens", "int", checked_by="generate"),
                Argument("minimal", "bool", False),
                Argument("givens", "grid", doc="a starting pattern"),
                Argument("max_tries", "int", 1000, checked_by="generate"),
                Argument("max_seconds", "number", 10.0, checked_by="generate"),
            ),
            GENERATED,
            "a unique puzzle, reproducible from its seed",
        ),
        Operation(
            "grade",
            _grade,
            (_GRID, Argument("path", "bool", True, doc="send every step")),
            GRADE,
            "HoDoKu's level and score, the ratings, the techniques and the path",
        ),
        Operation(
            "hint",
            _hint,
            (
                _GRID,
                Argument("digits", "grid", doc="the player's grid"),
                Argument("candidates", "marks", doc="the player's; absent: the rules'"),
                Argument(
                    "marks",
                    "string",
                    "notes",
                    choices=_marks_meanings,
                    doc="the candidates are each marked cell's full list, or notes (then none "
                    "counts as removed)",
                ),
            ),
            ("kind", "message", "mistakes", "missing", "remove", "levels", "step"),
            "the player's mistakes first, then the next step in three levels",
        ),
        Operation(
            "generate_graded",
            _generate_graded,
            (
                Argument("difficulty", "level", required=True, choices=_levels),
                _SEED,
                _SYMMETRY,
                Argument("max_seconds", "number", 30.0, checked_by="generate_graded"),
            ),
            (
                *GENERATED,
                "puzzle_seed",
                "difficulty",
                "level",
                "score",
                "rating",
                "histogram",
            ),
            "a unique puzzle of a level, graded",
        ),
        Operation(
            "study",
            _study,
            (_GRID, *_BUDGET),
            STUDY,
            "the verdict; for several solutions the fewest givens to add (each checked), for one"
            " the redundant givens; the givens' symmetry",
        ),
        Operation(
            "minimize",
            _minimize,
            (
                _GRID,
                Argument("choices", "int", 4, minimum=1, maximum=16),
                Argument("seed", "int", 0, checked_by="minimize", doc="for the orders tried"),
            ),
            ("choices",),
            "minimal puzzles inside a unique one, fewest givens first",
        ),
        Operation(
            "booklet",
            _booklet,
            (
                Argument("count", "int", 12, minimum=1, maximum=120),
                Argument("levels", "string", "easy,medium", doc="level names, comma-separated"),
                Argument("seed", "int", 1, checked_by="iter_booklet", doc="the first puzzle's"),
            ),
            ("puzzles",),
            "a booklet's puzzles: puzzle i of level levels[i % n] from seed + i, graded",
        ),
        Operation(
            "drill",
            _drill,
            (
                Argument("technique", "string", required=True, doc="up to Unfair, by name"),
                Argument("seed", "int", minimum=0, doc="absent: a random one"),
                Argument("max_seconds", "number", 60.0, minimum=1, maximum=3600),
            ),
            (
                "found",
                "puzzles",
                "seed",
                "technique?",
                "level?",
                "puzzle?",
                "digits?",
                "candidates?",
                "solution?",
                "step?",
                "others?",
            ),
            "a position whose next step is the technique, from generated puzzles, with the"
            " technique's other instances there (`others`, when it has more)",
        ),
        Operation(
            "review",
            _review,
            (
                _GRID,
                Argument(
                    "moves",
                    "string",
                    required=True,
                    checked_by="parse_moves",
                    doc="the player's moves in order: r1c3=5 place, r1c3-5 remove a candidate, "
                    "r1c3x erase; ! helped, h after a hint, ~ undone, @seconds of play",
                ),
                Argument("digits", "grid", doc="the player's digits where the moves start"),
                Argument(
                    BUDGET_NAMES[0], "int", checked_by="Budget", doc="technique searches, then stop"
                ),
                _BUDGET[1],
            ),
            ("labels", "complete", "summary", "grader", "seconds"),
            "each move labelled with the simplest technique that justified it then (or a guess,"
            " a wrong digit, a lost candidate), the summary, and the grader's path beside it",
        ),
    )
}
"""What the page may ask for, by name. ``solve`` answers with the full verdict (the solution
included): the page has to explain an invalid, unsolvable or ambiguous puzzle anyway."""


def run(op: str, args: Json) -> Work:
    """The work of one request: its arguments read (:func:`~sudoku_core._requests.read_request`),
    then the operation's function called with them."""
    operation = OPERATIONS.get(op)
    if operation is None:
        raise BadRequestError(
            f"unknown operation {op[:40]!r}; known: {', '.join(sorted(OPERATIONS))}"
        )
    return operation.run(**read_request(op, operation.arguments, args))


def _shown(value: Any) -> str:
    return json.dumps(value) if isinstance(value, str | bool) or value is None else repr(value)


_KIND_SHOWN = {"grid": "puzzle text", "marks": "81 cells of marks"}


def _argument_cell(argument: Argument) -> str:
    """One argument as the docs show it: ``name`` (kind and limits; required or default)."""
    kind = _KIND_SHOWN.get(argument.kind, argument.kind)
    if argument.options:
        kind += ": " + ", ".join(f"`{choice}`" for choice in argument.options)
    if argument.minimum is not None and argument.maximum is not None:
        kind += f" {argument.minimum:,}..{argument.maximum:,}"
    elif argument.minimum is not None:
        kind += f" >= {argument.minimum:,}"
    said = [kind]
    if argument.checked_by:
        said.append(f"limits: `{argument.checked_by}`'s")
    if argument.required:
        said.append("required")
    elif argument.default is not None:
        said.append(f"default `{_shown(argument.default)}`")
    if argument.doc:
        said.append(argument.doc)
    return f"`{argument.name}` ({'; '.join(said)})"


def markdown_table() -> str:
    """The table of operations in docs/web.md, made from :data:`OPERATIONS`.

    Examples:
        >>> markdown_table().splitlines()[0]
        '| operation | arguments | result |'
    """
    lines = ["| operation | arguments | result |", "| --- | --- | --- |"]
    for op in OPERATIONS.values():
        arguments = ", ".join(_argument_cell(a) for a in op.arguments) or "none"
        fields = ", ".join(f"`{field}`" for field in op.result)
        lines.append(f"| `{op.name}` | {arguments} | {op.doc}: {fields} |")
    return "\n".join(lines)
