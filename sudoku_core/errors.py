"""The exceptions the library raises on purpose, each with a message meant for a person."""

from __future__ import annotations


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
