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
_CANDIDATES: Final = re.compile(r"^[1-9]{2,9}$")
_HAS_DIGIT: Final = re.compile(r"[0-9]")
_COMMENT: Final = re.compile(r"\s#")


def _rows(lines: list[str]) -> list[list[str]]:
    """The fields of each line that holds cells: rules skipped, a comment after " #" cut."""
    rows = []
    for line in lines:
        comment = _COMMENT.search(line)
        cells = line[: comment.start()] if comment else line
        if _HAS_DIGIT.search(cells):
            rows.append(cells.replace("|", " ").split())
    return rows


def pm_fields(lines: list[str]) -> list[str] | None:
    """The 81 cell fields of a pencil-mark grid (its rules skipped), or None when the lines
    are not one: nine rows of nine fields, some of them several candidates (a grid of single
    digits is a plain grid, read as one)."""
    rows = _rows(lines)
    if len(rows) != 9 or any(len(row) != 9 for row in rows):
        return None
    fields = [field for row in rows for field in row]
    if not all(_FIELD.match(field) for field in fields):
        return None
    return fields if any(len(field) > 1 for field in fields) else None


def looks_damaged(lines: list[str]) -> bool:
    """Lines that are a pencil-mark grid with a cell or a row too many or too few: most rows
    hold seven to eleven fields and several hold candidate lists. A plain grid has single
    characters or three-cell blocks (``53.|.7.|...``), never this."""
    rows = _rows(lines)
    if not 7 <= len(rows) <= 11:
        return False
    wide = sum(7 <= len(row) <= 11 for row in rows)
    lists = sum(bool(_CANDIDATES.match(field)) for row in rows for field in row)
    return wide >= len(rows) - 1 and lists >= 9


def problem(lines: list[str]) -> str:
    """What keeps the lines from being a pencil-mark grid, as a player can find it."""
    rows = _rows(lines)
    if len(rows) != 9:
        return f"it has {len(rows)} rows of cells, expected 9"
    for number, row in enumerate(rows, start=1):
        if len(row) != 9:
            return f"its row {number} has {len(row)} cells, expected 9"
        for column, field in enumerate(row, start=1):
            if not _FIELD.match(field):
                return f"r{number}c{column} holds {field!r}, not a digit or candidates"
    return "it holds no candidates"


def read_pm_grid(lines: list[str], source: str) -> Position:
    """A pencil-mark grid: its single digits as givens (or lone candidates, as HoDoKu reads
    them), its candidates as centre marks."""
    fields = pm_fields(lines)
    if fields is None:
        from sudoku_core.errors import InvalidPuzzleError

        raise InvalidPuzzleError(f"{source[:1].upper()}{source[1:]} is not read: {problem(lines)}")
    return cells_position(fields, source, None)
