"""Reading and writing puzzles in the formats people paste, open and share.

:func:`parse` reads the givens of any accepted text; :func:`read_position` reads a puzzle with
the player's digits and pencil marks, where its format carries them; :func:`format_position`
writes one in any format of :data:`FORMATS`; :func:`format_line`, :func:`format_grid` and
:func:`format_board` write the givens alone; :func:`short_code` and :func:`short_fragment`
write the short link printed in booklets (:func:`read_short_code` reads it back). The plain
layouts are read in :mod:`._text`; other apps' links and files in the modules named after
them. A puzzle with rules beyond classic Sudoku's is refused with :class:`NotClassicError`,
which names them.
"""

from __future__ import annotations

from sudoku_core.formats import _text
from sudoku_core.formats._position import Position
from sudoku_core.formats._read import other_givens, read_other, read_position
from sudoku_core.formats._rules import NotClassicError
from sudoku_core.formats._short_link import read_short_code, short_code, short_fragment
from sudoku_core.formats._text import (
    EMPTY_CHARS,
    MAX_INPUT_CHARS,
    GridLike,
    Marks,
    as_grid,
    format_board,
    format_grid,
    format_line,
    parse,
    parse_marks,
)

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from sudoku_core.formats._write import FORMATS, format_position

_text.other_formats = other_givens  # parse() reads every format (see _text.other_formats)


def __getattr__(name: str) -> object:
    """:data:`FORMATS` and :func:`format_position`, imported on first use (PEP 562): the
    writers bring ``json`` and the codec, which reading a plain puzzle never needs."""
    if name in ("FORMATS", "format_position"):
        from sudoku_core.formats import _write

        value = getattr(_write, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EMPTY_CHARS",
    "FORMATS",
    "MAX_INPUT_CHARS",
    "GridLike",
    "Marks",
    "NotClassicError",
    "Position",
    "as_grid",
    "format_board",
    "format_grid",
    "format_line",
    "format_position",
    "parse",
    "parse_marks",
    "read_other",
    "read_position",
    "read_short_code",
    "short_code",
    "short_fragment",
]
