"""Reading the page's requests: the argument checks shared by every bridge operation."""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

Json = dict[str, Any]
Work = Generator[Json, None, Json]
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


_MARK_DIGITS = frozenset("123456789")


def check_marks(marks: object) -> list[int | str | list[int]]:
    """Pencil marks as the page or the command line sends them, checked strictly.

    81 cells, each a string of at most 9 ASCII digits 1-9 (``"137"``), a list of such digits
    (``[1, 3, 7]``) or a 9-bit mask (0..511). Checked here, before the library sees them, because Python's ``int`` reads
    other scripts' digits (Arabic-Indic one, ``"\\u0661"``, is 1), iterating a dict or a
    huge string "works", and ``True`` is an int: each of those would pass as marks, or cost
    time for nothing.

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
    if len(marks) != 81:
        raise BadRequestError(f"81 cells, got {len(marks)}")
    for cell, item in enumerate(marks, 1):
        if type(item) is int:
            if not 0 <= item <= 0x1FF:
                raise BadRequestError(f"cell {cell}: a mask must be 0..511, got {item}")
        elif type(item) is str:
            if len(item) > 9 or not _MARK_DIGITS.issuperset(item):
                shown = repr(item) if len(item) <= 20 else repr(item[:20]) + "..."
                raise BadRequestError(f"cell {cell}: {shown} is not up to 9 digits 1-9")
        elif type(item) is list:
            if len(item) > 9 or any(type(d) is not int or not 1 <= d <= 9 for d in item):
                raise BadRequestError(f"cell {cell}: a list of marks must hold up to 9 digits 1-9")
        else:
            raise BadRequestError(
                f"cell {cell}: must be a string of digits, a list of digits or a mask,"
                f" got {type(item).__name__}"
            )
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
