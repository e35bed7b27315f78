"""Refusing what is not a classic Sudoku: the extra rules a puzzle of another app carries.

A variant read as a classic puzzle would have several solutions, or the wrong one, so every
reader of a format that can hold variants (f-puzzles, SudokuPad) lists the rules it finds and
:func:`refuse` names them all in one message.
"""

from __future__ import annotations

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.grid import BOXES

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Final

DIAGONALS: Final = "diagonals (X-Sudoku)"
IRREGULAR: Final = "irregular regions (Jigsaw)"
KILLER: Final = "killer cages"

_STANDARD_BOXES: Final = frozenset(frozenset(box) for box in BOXES)


class NotClassicError(InvalidPuzzleError):
    """The puzzle has rules beyond classic Sudoku's; ``rules`` names them, in the order found."""

    def __init__(self, rules: Sequence[str], source: str) -> None:
        self.rules = tuple(dict.fromkeys(rules))
        named = _join(self.rules)
        super().__init__(
            f"{source[:1].upper()}{source[1:]} holds a puzzle with extra rules: {named}. "
            "The studio plays classic 9x9 Sudoku only, so it is not opened."
        )


def _join(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def size_rule(rows: int, cols: int) -> str:
    """The rule of a grid of another size: ``"a 6x6 grid"``."""
    return f"a {rows}x{cols} grid"


def regions_rule(regions: Iterable[Iterable[int]]) -> list[str]:
    """``[IRREGULAR]`` when the regions (cells 0-80) are not the nine 3x3 boxes."""
    found = frozenset(frozenset(region) for region in regions)
    return [] if not found or found == _STANDARD_BOXES else [IRREGULAR]


def refuse(rules: Sequence[str], source: str) -> None:
    """Raise :class:`NotClassicError` when any rule was found."""
    if rules:
        raise NotClassicError(rules, source)
