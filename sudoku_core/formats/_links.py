"""Links of the sites that carry a classic puzzle in the address itself: sudokuwiki
(``sudoku.htm?bd=``), sudoku.coach (``/play/`` and ``/solver/``) and this studio's own share
links (``#puzzle=…``, and the short ``#p=…`` of printed booklets).

- sudokuwiki's ``bd=`` is 81 digits, or ``S9B`` and 81 two-character base-36 numbers: 0 an
  empty cell, 1-9 a given, 10-18 a solved digit (+9), from 19 up 18 + the cell's candidates
  as a 9-bit mask. Solved digits are the player's entries, candidates their marks.
- The studio's link: ``puzzle`` and ``progress`` 81 digits (0 empty); ``corner``, ``centre``
  and ``colour`` three base64url characters a marked cell (cell * 512 + mask), as
  web/puzzles/share-link.js writes them. The short link (``p=<code>&l=h&s=123``) carries the
  givens alone, as :mod:`._short_link` writes them; its level and seed are not a position's.
"""

from __future__ import annotations

import urllib.parse

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats._position import ALL_DIGITS, Position
from sudoku_core.formats._short_link import BASE64URL, read_short_code

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Final

SUDOKUWIKI: Final = "https://www.sudokuwiki.org/sudoku.htm?bd="
COACH: Final = "https://sudoku.coach/en/play/"
S9B: Final = "S9B"
_BASE36: Final = "0123456789abcdefghijklmnopqrstuvwxyz"


def _digits(text: str, what: str) -> tuple[int, ...]:
    cells = text.replace(".", "0")
    if len(cells) != 81 or not cells.isascii() or not cells.isdigit():
        raise InvalidPuzzleError(f"{what} is not 81 digits (0 or . for empty)")
    return tuple(map(int, cells))


def read_sudokuwiki(board: str, source: str) -> Position:
    """sudokuwiki's ``bd`` value: 81 digits, or ``S9B`` and 81 base-36 pairs."""
    if not board.upper().startswith(S9B):
        return Position(_digits(board, source), source=source)
    pairs = board[len(S9B) :].lower()
    if len(pairs) != 162 or any(ch not in _BASE36 for ch in pairs):
        raise InvalidPuzzleError(
            f"{source}: S9B is followed by {len(pairs)} characters; 162 (81 base-36 pairs) expected"
        )
    givens, entries, centre = [0] * 81, [0] * 81, [0] * 81
    for cell in range(81):
        value = int(pairs[2 * cell : 2 * cell + 2], 36)
        if 1 <= value <= 9:
            givens[cell] = value
        elif 10 <= value <= 18:
            entries[cell] = value - 9
        elif value >= 19:
            mask = value - 18
            if mask > ALL_DIGITS:
                raise InvalidPuzzleError(
                    f"{source}: cell {cell + 1} holds {value}, more than any candidates make"
                )
            centre[cell] = mask
    return Position(tuple(givens), tuple(entries), centre=centre, source=source)


def write_sudokuwiki(position: Position) -> str:
    """The sudokuwiki link: 81 digits, or ``S9B`` with the player's digits and candidates."""
    if not position.has_progress:
        return SUDOKUWIKI + "".join(map(str, position.givens))
    pairs = []
    for g, e, mask in zip(position.givens, position.entries, position.centre, strict=True):
        value = g or (e + 9 if e else (mask + 18 if mask else 0))
        pairs.append(_BASE36[value // 36] + _BASE36[value % 36])
    return SUDOKUWIKI + S9B + "".join(pairs)


def read_coach(cells: str, source: str) -> Position:
    """sudoku.coach's ``/play/<81 digits>`` or ``/solver/<81 digits>``."""
    return Position(_digits(cells, source), source=source)


def write_coach(position: Position) -> str:
    """The sudoku.coach link (the givens)."""
    return COACH + "".join(map(str, position.givens))


def _marks(text: str, what: str) -> list[int]:
    if len(text) % 3:
        raise InvalidPuzzleError(f"the link's {what} are not in groups of 3 characters")
    masks = [0] * 81
    for at in range(0, len(text), 3):
        value = 0
        for ch in text[at : at + 3]:
            digit = BASE64URL.find(ch)
            if digit < 0:
                raise InvalidPuzzleError(f"the link's {what} have a character {ch!r}")
            value = value * 64 + digit
        cell, mask = divmod(value, 512)
        if cell > 80:
            raise InvalidPuzzleError(f"the link's {what} name cell {cell + 1}; the grid has 81")
        masks[cell] = mask
    return masks


def is_own_fragment(fragment: str) -> bool:
    """Whether a link's fragment is this studio's: ``puzzle=…``, or the short ``p=…``."""
    fields = urllib.parse.parse_qs(fragment.lstrip("#"), keep_blank_values=True)
    return "puzzle" in fields or "p" in fields


def read_own_link(fragment: str, source: str) -> Position:
    """This studio's share link's fragment (``puzzle=…&progress=…&corner=…&centre=…``), or its
    short link's (``p=<code>&l=…&s=…``)."""
    fields = urllib.parse.parse_qs(fragment.lstrip("#"), keep_blank_values=True)
    if "puzzle" not in fields and "p" in fields:
        try:
            return Position(read_short_code(fields["p"][0]), source=source)
        except InvalidPuzzleError as error:
            raise InvalidPuzzleError(f"{source}: {error}") from None
    if "puzzle" not in fields:
        raise InvalidPuzzleError(f"{source} holds no puzzle (#puzzle=…)")
    givens = _digits(fields["puzzle"][0], "the link's puzzle")
    entries = (
        _digits(fields["progress"][0], "the link's progress") if "progress" in fields else None
    )
    corner = _marks(fields.get("corner", [""])[0], "corner marks")
    centre = _marks(fields.get("centre", [""])[0], "centre marks")
    return Position(givens, entries or (0,) * 81, centre=centre, corner=corner, source=source)
