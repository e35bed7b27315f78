"""Which format a text is in, and reading it into a :class:`Position`.

:func:`read_position` is the one reader: links and payloads of other apps (f-puzzles,
SudokuPad, sudokuwiki, sudoku.coach), HoDoKu lines, pencil-mark grids, SudoCue and SadMan
files, this studio's share links, and everything :func:`sudoku_core.formats.parse` reads.
:func:`parse` gives the givens of the same texts, so every front end (the command line, the
page's engine) reads every format.
"""

from __future__ import annotations

import re

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats._files import (
    HODOKU_LINE,
    lone_candidates_line,
    looks_sdx,
    read_hodoku,
    read_sadman,
    read_sdx,
    sdk_headers,
)
from sudoku_core.formats._pencil import looks_damaged, pm_fields, read_pm_grid
from sudoku_core.formats._position import Position
from sudoku_core.grid import Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

_HINT: Final = re.compile(
    r"://|^\s*(?:www\.|scl|ctc|fpuz|scf|S9B|N4|bd=|#?puzzle=|#?p=|:\d{4}|\[)|\[Puzzle\]|^#[AD]|u[1-9]"
    r"|f-puzzles\.|sudokupad\.|crackingthecryptic\.|sudokuwiki\.|sudoku\.coach|^\s*[IE](?![A-Za-z])"
    r"|^#\s*lone candidate",
    re.IGNORECASE | re.MULTILINE,
)
"""Something in the text that only another format has: the usual 81-character line and the
plain grids skip every other test."""
_GRID_CHARS: Final = frozenset("0123456789.-_* \t\n\r|+=:'")
"""Every character of the plain lines and grids, ``.sdx`` files and pencil-mark grids (HoDoKu
rules its with ``:`` and ``'``) that hold nothing else (checked in C first)."""
_TOKEN: Final = re.compile(r"^\S+$")
_SS_HISTORY: Final = re.compile(r"^\s*[IE](?![A-Za-z])")
"""A line of Simple Sudoku's placements (``I…``) or eliminations (``E…``) after its grid."""
_ONE_LINE_LINK: Final = re.compile(r"^(?:https?://|www\.)[^\n]*$", re.IGNORECASE)
"""A link on one line, spaces and all: a payload read as form data has spaces for its ``+``."""
_LZ_TOKEN: Final = re.compile(r"^N4[A-Za-z0-9+/= %]{10,}$")


def read_position(text: str) -> Position:
    """Any puzzle text, with the player's digits and marks where its format carries them.

    Raises :class:`~sudoku_core.errors.InvalidPuzzleError` (its subclass ``NotClassicError``
    for a puzzle with extra rules, naming them) and nothing else.

    Examples:
        >>> read_position("https://sudoku.coach/en/play/" + "0" * 80 + "5").givens[-1]
        5
        >>> read_position(":0000:x:+5" + "." * 80 + ":::").entries[0]
        5
    """
    from sudoku_core.formats._text import MAX_INPUT_CHARS, parse

    if not isinstance(text, str):
        return Position(parse(text), source="the puzzle")
    if len(text) > MAX_INPUT_CHARS:
        return Position(parse(text), source="the puzzle")  # refused there, with the limit said
    reader = sniff(text)
    if reader is not None:
        return _as_sentence(reader, text)
    return Position(parse(text), source="the puzzle")


def read_other(text: str) -> Position | None:
    """The position of a text in another app's format, or None at once for the plain layouts
    (a file of 81-character lines costs one regular-expression search a line)."""
    reader = sniff(text)
    return None if reader is None else _as_sentence(reader, text)


def _as_sentence(reader: Callable[[str], Position], text: str) -> Position:
    """The reader's position; its error's message starts with a capital, as a sentence of its
    own ("The sudokuwiki link: S9B is followed by…"): the readers name their source first."""
    try:
        return reader(text)
    except InvalidPuzzleError as error:
        message = str(error)
        error.args = (message[:1].upper() + message[1:],)
        raise


def other_givens(text: str) -> Grid | None:
    """The givens of a text in another app's format, or None for the plain layouts."""
    position = read_other(text)
    return None if position is None else position.givens


def sniff(text: str) -> Callable[[str], Position] | None:
    """The reader of a text in another app's format, or None for the plain layouts."""
    if _GRID_CHARS.issuperset(text) and not (":" in text and HODOKU_LINE.match(text.strip())):
        # digits, dots and rules: a plain layout, an .sdx or a pencil-mark grid
        lines = _content(text)  # an .sdx row of empty cells is eight spaces: still a line
        if " " not in text or len(lines) < 2:
            return None  # one line, or a grid without the spaces between .sdx cells
        if looks_sdx(lines):
            return _read_sdx
        return _read_pm_grid if _pm_grid(lines) else None
    if not _HINT.search(text):
        if "#" in text and _pm_grid(_content(text)):
            return _read_pm_grid  # a pencil-mark grid with comments
        return None
    stripped = text.strip().removeprefix("\ufeff")
    if _TOKEN.match(stripped) or _ONE_LINE_LINK.match(stripped):
        token = _token_reader(stripped)
        if token is not None:
            return token
    if HODOKU_LINE.match(stripped):
        return lambda t: read_hodoku(t, "the HoDoKu line")
    lines = _content(text)
    if any(line.strip().lower() == "[puzzle]" for line in lines):
        return lambda t: read_sadman(t, "the .sdk file")
    if looks_sdx(lines):
        return _read_sdx
    if any(_SS_HISTORY.match(line) for line in lines):
        return _ss_with_history
    headers = sdk_headers(stripped)
    if "A" in headers or "D" in headers:
        return _with_headers
    return None


def _ss_with_history(text: str) -> Position:
    """Simple Sudoku's ``.ss`` with its ``I…`` and ``E…`` lines after the grid: the grid is
    read; those lines are not (their layout is not documented anywhere the studio could check
    it), and the source says so, so the player knows their progress stayed behind."""
    from sudoku_core.formats._text import parse_plain

    grid = [line for line in _content(text) if not _SS_HISTORY.match(line)]
    return Position(
        parse_plain("\n".join(grid)), source="the .ss file (its I and E lines are not read)"
    )


def _pm_grid(lines: list[str]) -> bool:
    """A pencil-mark grid, or one with a cell or a row lost or added (its own reader then says
    which row, not the plain reader an unexpected character)."""
    return pm_fields(lines) is not None or looks_damaged(lines)


def _read_pm_grid(text: str) -> Position:
    return read_pm_grid(_content(text), "the pencil-mark grid")


def _read_sdx(text: str) -> Position:
    return read_sdx(_content(text), "the .sdx text", lone_candidates_line(text))


def _content(text: str) -> list[str]:
    """The lines that are not blank or ``#`` comments, spaces kept (an ``.sdx`` cell may be
    empty, even the first of a row; a row of nine empty cells is its eight spaces)."""
    lines = text.removeprefix("\ufeff").splitlines()
    return [
        ln
        for ln in lines
        if (ln.strip() or ln == _EMPTY_SDX_ROW) and not ln.lstrip().startswith("#")
    ]


_EMPTY_SDX_ROW: Final = " " * 8


def _with_headers(text: str) -> Position:
    from sudoku_core.formats._text import parse_plain as parse

    headers = sdk_headers(text)
    return Position(
        parse(text), title=headers.get("D", ""), author=headers.get("A", ""), source="the .sdk file"
    )


def _token_reader(token: str) -> Callable[[str], Position] | None:
    """The reader of one word: a link, or a bare payload of a link."""
    lowered = token.lower()
    if " " in token or "://" in token or lowered.startswith("www."):
        return _url
    if any(host in lowered for host in _HOSTS):
        return _url
    if lowered.startswith(("#puzzle=", "puzzle=", "#p=", "p=")):
        return _own_link
    if lowered.startswith("bd=") or token.upper().startswith("S9B"):
        return _sudokuwiki_board
    if token.startswith(("scl", "ctc", "fpuz", "scf")):
        return _sudokupad_payload
    if _LZ_TOKEN.match(token):
        return _bare_payload
    return None


_HOSTS: Final = (
    "f-puzzles.com",
    "sudokupad.app",
    "crackingthecryptic.com",
    "sudokuwiki.org",
    "sudoku.coach",
)


# The readers of links and payloads import their modules when first used: json, urllib and
# the codec would cost every reader of plain puzzles (each start of the command line) 13 ms of
# imports it never needs.


def _url(text: str) -> Position:
    from sudoku_core.formats._apps import read_url

    return read_url(text)


def _own_link(text: str) -> Position:
    from sudoku_core.formats._links import read_own_link

    return read_own_link(text.strip(), "the studio's link")


def _sudokuwiki_board(text: str) -> Position:
    from sudoku_core.formats._links import read_sudokuwiki

    board = text.strip()
    if board.lower().startswith("bd="):
        board = board[3:]
    return read_sudokuwiki(board, "the sudokuwiki board")


def _sudokupad_payload(text: str) -> Position:
    from sudoku_core.formats._apps import read_sudokupad_payload

    return read_sudokupad_payload(text.strip(), "the SudokuPad payload")


def _bare_payload(text: str) -> Position:
    from sudoku_core.formats._apps import read_bare_payload

    return read_bare_payload(text.strip())
