"""The exceptions the library raises on purpose, each with a message meant for a person,
and the argument checks every public function shares."""

from __future__ import annotations

import math


class InvalidPuzzleError(ValueError):
    """The input is not a puzzle: the message says what is wrong and where.

    The parser raises nothing else, whatever the input, so a caller needs one ``except``.
    ``line`` and ``column`` (1-based, in the input text) are set when a position is known.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class GaveUpError(RuntimeError):
    """A search ran out of its budget (nodes or seconds) before it could answer."""


def whole_number(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    """``value`` when it is an int in ``minimum..maximum``, else a ValueError naming ``name``.

    Every count the library takes (limits, node budgets, givens) goes through here, because
    Python would otherwise take ``2.5`` or ``True`` and round or coerce it in silence, and a
    string like ``"100"`` would fail later with a message about something else.

    Examples:
        >>> whole_number("limit", 2.5, 1)
        Traceback (most recent call last):
        ...
        ValueError: limit must be a whole number, got 2.5
        >>> whole_number("max_givens", 90, 0, 81)
        Traceback (most recent call last):
        ...
        ValueError: max_givens must be between 0 and 81, got 90
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if maximum is not None and not minimum <= value <= maximum:
        raise ValueError(f"{name} must be between {minimum} and {maximum}, got {value}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


def positive_seconds(name: str, value: object) -> float:
    """``value`` when it is a finite number of seconds above 0, else a ValueError naming ``name``.

    NaN compares false with everything, so an unchecked ``seconds=nan`` never runs out, and
    ``inf`` is "no limit" spelled in a way the caller may not mean: None says that.

    Examples:
        >>> positive_seconds("seconds", float("inf"))
        Traceback (most recent call last):
        ...
        ValueError: seconds must be a finite number above 0 (None for no limit), got inf
    """
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ValueError(
            f"{name} must be a finite number above 0 (None for no limit), got {value!r}"
        )
    return float(value)
