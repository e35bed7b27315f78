"""The page's operations for grading, hints and generation to a level, in :mod:`sudoku_core.bridge`'s style.

Each operation takes the request's arguments (a dict from JSON), is a generator that yields
progress dicts between slices of work, and returns the result dict. Grids are 81-character
strings. The lead merges :data:`OPERATIONS` into ``bridge.OPERATIONS``.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_core._requests import BadRequestError, Json, Work, arg
from sudoku_core.formats import parse
from sudoku_core.generator import SYMMETRIES
from sudoku_core.grading import Grade, GradedPuzzle, iter_generate_graded, iter_grade, parse_level
from sudoku_core.hints import hint, parse_marks


def _op_grade(args: Json) -> Work:
    grid = parse(arg(args, "grid", str, required=True))
    with_path = arg(args, "path", bool, True)
    result: Grade = yield from iter_grade(grid)
    return result.to_dict(with_path=with_path)


def _op_hint(args: Json) -> Work:
    grid = parse(arg(args, "grid", str, required=True))
    digits = arg(args, "digits", str)
    marks = arg(args, "candidates", list)
    if marks is not None:
        try:
            marks = parse_marks(marks)
        except (TypeError, ValueError) as error:
            raise BadRequestError(f"argument 'candidates': {error}") from None
    return hint(grid, parse(digits) if digits else None, marks).to_dict()
    yield {}  # pragma: no cover  (makes this a generator like the others)


def _op_generate_graded(args: Json) -> Work:
    symmetry = arg(args, "symmetry", str, "none")
    if symmetry not in SYMMETRIES:
        raise BadRequestError(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")
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
    "grade": _op_grade,
    "hint": _op_hint,
    "generate_graded": _op_generate_graded,
}
"""grade {grid, path?} -> Grade.to_dict(); hint {grid, digits?, candidates?} -> Hint.to_dict();
generate_graded {difficulty, seed?, symmetry?, max_seconds?} -> GradedPuzzle.to_dict()."""
