"""Pencil-mark grids: the candidate grid HoDoKu copies ("Copy PM grid"), Sudoku Explainer and
sudokuwiki print, and players paste into forums.

Nine rows of nine cell fields between rules of any kind (HoDoKu's ``.---.---.`` /
``:---+---:`` / ``'---'---'``, Sudoku Explainer's ``*-----*`` and ``|---+---|``): a field is
an unsolved cell's candidates (``1378``), a solved cell's digit, or ``.`` / ``0`` for a cell
with none. HoDoKu writes every solved cell, given or placed, as its one digit, and a cell with
one candidate the same way; it reads a single digit back as a given unless another cell in its
row, column or box lists that digit, and so does the studio (:func:`cells_position`). The grid
does not say which digits the player placed, so every solved cell is read as a given.
"""

from __future__ import annotations

import re

from sudoku_core.formats._files import cells_position
from sudoku_core.formats._position import Position

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Final

_FIELD: Final = re.compile(r"^(?:[1-9]{1,9}|[.0])$")
_HAS_DIGIT: Final = re.compile(r"[0-9]")


def pm_fields(lines: list[str]) -> list[str] | None:
    """The 81 cell fields of a pencil-mark grid (its rules skipped), or None when the lines
    are not one: nine rows of nine fields, some of them several candidates (a grid of single
    digits is a plain grid, read as one)."""
    rows = [line.replace("|", " ").split() for line in lines if _HAS_DIGIT.search(line)]
    if len(rows) != 9 or any(len(row) != 9 for row in rows):
        return None
    fields = [field for row in rows for field in row]
    if not all(_FIELD.match(field) for field in fields):
        return None
    return fields if any(len(field) > 1 for field in fields) else None


def read_pm_grid(lines: list[str], source: str) -> Position:
    """A pencil-mark grid: its single digits as givens (or lone candidates, as HoDoKu reads
    them), its candidates as centre marks."""
    fields = pm_fields(lines)
    if fields is None:
        from sudoku_core.errors import InvalidPuzzleError

        raise InvalidPuzzleError(f"{source} is not nine rows of nine cells")
    return cells_position(fields, source, None)
