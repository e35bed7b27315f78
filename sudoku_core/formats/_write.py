"""Writing a :class:`Position` in each format, with what of the player's progress it can
carry (:data:`FORMATS` says what each keeps)."""

from __future__ import annotations

from sudoku_core.formats import _fpuzzles, _sudokupad
from sudoku_core.formats._files import write_hodoku, write_sdk, write_sdx, write_ss
from sudoku_core.formats._links import write_coach, write_sudokuwiki
from sudoku_core.formats._position import Position

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final


def _line(position: Position) -> str:
    return "".join(str(d) if d else "." for d in position.givens)


def _grid(position: Position) -> str:
    from sudoku_core.formats._text import format_grid

    return format_grid(position.givens)


def _fpuzzles_link(position: Position) -> str:
    return _fpuzzles.LINK + _fpuzzles.payload_of(position)


def _sudokupad_link(position: Position) -> str:
    return _sudokupad.LINK + _sudokupad.payload_of(position)


FORMATS: Final[dict[str, tuple[str, str, Callable[[Position], str]]]] = {
    "line": ("one line of 81 cells", "givens", _line),
    "grid": ("a boxed 9-line grid", "givens", _grid),
    "fpuzzles": ("an f-puzzles link", "givens, digits, corner and centre marks", _fpuzzles_link),
    "sudokupad": ("a SudokuPad link", "givens, corner and centre marks", _sudokupad_link),
    "sudokuwiki": ("a sudokuwiki solver link", "givens, digits, candidates", write_sudokuwiki),
    "coach": ("a sudoku.coach link", "givens", write_coach),
    "hodoku": ("a HoDoKu library line", "givens, digits, candidates", write_hodoku),
    "ss": ("a Simple Sudoku .ss file", "givens", write_ss),
    "sdk": ("a SudoCue .sdk file", "givens, title, author", write_sdk),
    "sdx": ("a SudoCue .sdx progress file", "givens, digits, candidates", write_sdx),
}
"""Every format written: its name, what it is, and what of a position it keeps (candidates
are the centre marks; HoDoKu keeps them only when every empty cell has some, none ruled out by
the filled cells; ``.sdx`` keeps them as they are, a cell without marks left empty)."""


def format_position(position: Position, to: str) -> str:
    """A position written in the format named ``to`` (a key of :data:`FORMATS`).

    Examples:
        >>> format_position(Position((5,) + (0,) * 80), "coach")[-3:]
        '000'
        >>> format_position(Position((5,) + (0,) * 80), "pdf")
        Traceback (most recent call last):
        ...
        ValueError: unknown format 'pdf'; one of: line, grid, fpuzzles, sudokupad, sudokuwiki, ...
    """
    if to not in FORMATS:
        raise ValueError(f"unknown format {to!r}; one of: {', '.join(FORMATS)}")
    return FORMATS[to][2](position)
