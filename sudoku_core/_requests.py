"""Reading the page's requests: the argument checks shared by every bridge operation."""

from __future__ import annotations

import math

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid (the worker starts sooner too)
if TYPE_CHECKING:
    from collections.abc import Generator
    from typing import Any, TypeAlias

    Json: TypeAlias = dict[str, Any]
    Work: TypeAlias = Generator[Json, None, Json]
    """An operation: yields progress dicts, returns the result dict."""


class BadRequestError(ValueError):
    """The request itself is malformed: unknown operation or a wrong argument."""


def arg(args: Json, name: str, kind: type, default: Any = None, required: bool = False) -> Any:
    """The argument ``name`` of a request, checked to be of type ``kind`` (ints pass as floats)."""
    if name not in args or args[name] is None:
        if required:
            raise BadRequestError(f"missing argument {name!r}")
        return default
    value = args[name]
    if kind is float and type(value) is int:
        value = float(value)
    if type(value) is not kind:
        raise BadRequestError(
            f"argument {name!r} must be {kind.__name__}, got {type(value).__name__}"
        )
    if isinstance(value, float) and not math.isfinite(value):  # JSON may say NaN, Infinity
        raise BadRequestError(f"argument {name!r} must be a finite number, got {value}")
    return value


def check_marks(marks: object) -> list[int | str | list[int]]:
    """Pencil marks as the page or the command line sends them: a JSON list, checked by
    :func:`sudoku_core.hints.parse_marks` (the one place that knows what marks are).

    Examples:
        >>> check_marks(["137"] + [""] * 79 + [511])[:2]
        ['137', '']
        >>> check_marks(["", "120"] + [""] * 79)
        Traceback (most recent call last):
        ...
        sudoku_core._requests.BadRequestError: cell 2: '120' is not up to 9 digits 1-9
    """
    if not isinstance(marks, list):
        raise BadRequestError(f"must be a list of 81 cells, got {type(marks).__name__}")
    from sudoku_core.hints import parse_marks  # here: hints loads the technique engine

    try:
        parse_marks(marks)
    except ValueError as error:
        raise BadRequestError(str(error)) from None
    return marks


def check_request(op: str, args: Json, known: frozenset[str]) -> None:
    """Refuse a request whose arguments ``op`` does not take, naming them, and check the
    arguments whose type alone says too little (``candidates``).

    An unknown argument used to be ignored, so a misspelt ``max_second`` silently meant "no
    budget"; saying so at once is cheaper than that search.

    Examples:
        >>> check_request("check", {"grid": "", "max_second": 1}, frozenset({"grid", "max_seconds"}))
        Traceback (most recent call last):
        ...
        sudoku_core._requests.BadRequestError: unknown argument 'max_second' for check; it takes grid, max_seconds
    """
    unknown = sorted(set(args) - known)
    if unknown:
        names = ", ".join(repr(name) for name in unknown)
        takes = ", ".join(sorted(known)) or "no arguments"
        plural = "s" if len(unknown) > 1 else ""
        raise BadRequestError(f"unknown argument{plural} {names} for {op}; it takes {takes}")
    if args.get("candidates") is not None:
        try:
            check_marks(args["candidates"])
        except BadRequestError as error:
            raise BadRequestError(f"argument 'candidates': {error}") from None
