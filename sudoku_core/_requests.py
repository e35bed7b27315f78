"""Reading the page's requests: the argument checks shared by every bridge operation."""

from __future__ import annotations

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
    return value


_MARK_DIGITS = frozenset("123456789")


def check_marks(marks: object) -> list[int | str]:
    """Pencil marks as the page or the command line sends them, checked strictly.

    81 cells, each a string of at most 9 ASCII digits 1-9 (``"137"``) or a 9-bit mask
    (0..511). Checked here, before the library sees them, because Python's ``int`` reads
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
        else:
            raise BadRequestError(
                f"cell {cell}: must be a string of digits or a mask, got {type(item).__name__}"
            )
    return marks
