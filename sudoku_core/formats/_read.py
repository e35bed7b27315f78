"""Which format a text is in, and reading it into a :class:`Position`.

:func:`read_position` is the one reader: links and payloads of other apps (f-puzzles,
SudokuPad, sudokuwiki, sudoku.coach), HoDoKu lines, SudoCue and SadMan files, this studio's
share links, and everything :func:`sudoku_core.formats.parse` reads. :func:`parse` gives the
givens of the same texts, so every front end (the command line, the page's engine) reads
every format.
"""

from __future__ import annotations

import re
import urllib.parse

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import _fpuzzles, _sudokupad
from sudoku_core.formats._files import (
    HODOKU_LINE,
    looks_sdx,
    read_hodoku,
    read_sadman,
    read_sdx,
    sdk_headers,
)
from sudoku_core.formats._links import read_coach, read_own_link, read_sudokuwiki
from sudoku_core.formats._position import Position
from sudoku_core.grid import Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

_HINT: Final = re.compile(
    r"://|^\s*(?:www\.|scl|ctc|fpuz|scf|S9B|N4|bd=|#?puzzle=|:\d{4}|\[)|\[Puzzle\]|^#[AD]|u[1-9]"
    r"|f-puzzles\.|sudokupad\.|crackingthecryptic\.|sudokuwiki\.|sudoku\.coach",
    re.IGNORECASE | re.MULTILINE,
)
"""Something in the text that only another format has: the usual 81-character line and the
plain grids skip every other test."""
_PLAIN_CHARS: Final = frozenset("0123456789.-_* \t\n\r|+=")
"""Every character of the plain lines and grids that hold nothing else (checked in C first)."""
_TOKEN: Final = re.compile(r"^\S+$")
_ONE_LINE_LINK: Final = re.compile(r"^(?:https?://|www\.)[^\n]*$", re.IGNORECASE)
"""A link on one line, spaces and all: a payload read as form data has spaces for its ``+``."""
_LZ_TOKEN: Final = re.compile(r"^N4[A-Za-z0-9+/= %]{10,}$")
_COACH_PATH: Final = re.compile(r"^/(?:[a-z]{2}(?:-[a-zA-Z]+)?/)?(?:play|solver)/([0-9.]{81})/?$")
_SHORT_ID: Final = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_SUDOKUPAD_HOSTS: Final = ("sudokupad.app", "crackingthecryptic.com")
SHORT_LINK_HELP: Final = (
    "names a puzzle kept on SudokuPad's server, and the studio works offline: it never asks "
    "another site. Open the link in SudokuPad, then copy the puzzle's full link (it starts "
    "sudokupad.app/scl, /ctc or /fpuzzles; the setter's page or f-puzzles often gives it) and "
    "paste that here"
)


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
    from sudoku_core.formats._text import parse

    if not isinstance(text, str):
        return Position(parse(text), source="the puzzle")
    reader = sniff(text)
    if reader is not None:
        return reader(text)
    return Position(parse(text), source="the puzzle")


def read_other(text: str) -> Position | None:
    """The position of a text in another app's format, or None at once for the plain layouts
    (a file of 81-character lines costs one regular-expression search a line)."""
    reader = sniff(text)
    return None if reader is None else reader(text)


def other_givens(text: str) -> Grid | None:
    """The givens of a text in another app's format, or None for the plain layouts."""
    position = read_other(text)
    return None if position is None else position.givens


def sniff(text: str) -> Callable[[str], Position] | None:
    """The reader of a text in another app's format, or None for the plain layouts."""
    if _PLAIN_CHARS.issuperset(text):  # digits, dots and rules: a plain layout or an .sdx
        if "\n" not in text.strip():
            return None
        lines = _content(text)
        return _read_sdx if looks_sdx(lines) else None
    if not _HINT.search(text):
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
    headers = sdk_headers(stripped)
    if "A" in headers or "D" in headers:
        return _with_headers
    return None


def _read_sdx(text: str) -> Position:
    return read_sdx(_content(text), "the .sdx text")


def _content(text: str) -> list[str]:
    """The lines that are not blank or ``#`` comments, spaces kept (an ``.sdx`` cell may be
    empty, even the first of a row)."""
    lines = text.removeprefix("\ufeff").splitlines()
    return [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def _with_headers(text: str) -> Position:
    from sudoku_core.formats._text import parse_plain as parse

    headers = sdk_headers(text)
    return Position(
        parse(text), title=headers.get("D", ""), author=headers.get("A", ""), source="the .sdk file"
    )


def _token_reader(token: str) -> Callable[[str], Position] | None:
    """The reader of one word: a link, or a bare payload of a link."""
    lowered = token.lower()
    if " " in token:
        return _read_url
    if (
        "://" in token
        or lowered.startswith("www.")
        or any(h in lowered for h in _HOSTS + _HOSTS_ALSO)
    ):
        return _read_url
    if lowered.startswith(("#puzzle=", "puzzle=")):
        return lambda t: read_own_link(t.strip(), "the studio's link")
    if lowered.startswith("bd="):
        return lambda t: read_sudokuwiki(t.strip()[3:], "the sudokuwiki board")
    if token.upper().startswith("S9B"):
        return lambda t: read_sudokuwiki(t.strip(), "the sudokuwiki board")
    if token.startswith(("scl", "ctc", "fpuz", "scf")):
        return lambda t: _sudokupad_payload(t.strip(), "the SudokuPad payload")
    if _LZ_TOKEN.match(token):
        return lambda t: _bare_payload(t.strip())
    return None


_HOSTS: Final = ("f-puzzles.com", "sudokupad.app", "crackingthecryptic.com", "sudokuwiki.org")
_HOSTS_ALSO: Final = ("sudoku.coach",)


def _read_url(text: str) -> Position:
    token = text.strip()
    if "://" not in token:
        token = "https://" + token
    try:
        url = urllib.parse.urlsplit(token)
        host = (url.hostname or "").lower()
    except ValueError:
        raise InvalidPuzzleError("the address could not be read as a link") from None
    if host.endswith("f-puzzles.com"):
        payload = _raw_parameter(url.query, "load")
        if not payload:
            raise InvalidPuzzleError("the f-puzzles link holds no puzzle (?load=…)")
        data = _fpuzzles.decode_payload(payload, "the f-puzzles link")
        return _fpuzzles.position_of(data, "the f-puzzles link")
    if host.endswith(_SUDOKUPAD_HOSTS):
        return _read_sudokupad_url(url)
    if host.endswith("sudokuwiki.org"):
        board = _raw_parameter(url.query, "bd")
        if not board:
            raise InvalidPuzzleError("the sudokuwiki link holds no board (?bd=…)")
        return read_sudokuwiki(urllib.parse.unquote(board), "the sudokuwiki link")
    if host.endswith(_HOSTS_ALSO):
        found = _COACH_PATH.match(url.path)
        if not found:
            raise InvalidPuzzleError(
                "the sudoku.coach link holds no puzzle: it should end /play/ or /solver/ and 81 digits"
            )
        return read_coach(found.group(1), "the sudoku.coach link")
    if "puzzle=" in url.fragment:
        return read_own_link(url.fragment, "the studio's link")
    raise InvalidPuzzleError(
        f"that is an address of {host or 'another site'}, not a puzzle link the studio reads "
        "(f-puzzles, SudokuPad, sudokuwiki, sudoku.coach, or its own share link)"
    )


def _raw_parameter(query: str, name: str) -> str:
    """A query parameter as written (``+`` kept: f-puzzles payloads are base64, not form data)."""
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if key == name:
            return value
    return ""


def _read_sudokupad_url(url: urllib.parse.SplitResult) -> Position:
    payload = _raw_parameter(url.query, "puzzleid")
    if not payload:
        path = urllib.parse.unquote(url.path)
        payload = path.removeprefix("/sudoku/").removeprefix("/")
    payload = urllib.parse.unquote(payload)
    if not payload:
        raise InvalidPuzzleError("the SudokuPad link holds no puzzle")
    if payload.startswith(("scl", "ctc", "fpuz", "scf")):
        return _sudokupad_payload(payload, "the SudokuPad link")
    if _SHORT_ID.match(payload):
        raise InvalidPuzzleError(f"the SudokuPad link sudokupad.app/{payload} {SHORT_LINK_HELP}.")
    raise InvalidPuzzleError("the SudokuPad link holds no puzzle the studio can read")


def _sudokupad_payload(payload: str, source: str) -> Position:
    if payload.startswith("scf"):
        return _sudokupad.decode_scf(payload[3:], source)
    if payload.startswith(("fpuzzles", "fpuz")):
        body = payload.removeprefix("fpuzzles") if payload.startswith("fpuzzles") else payload[4:]
        data = _fpuzzles.decode_payload(body, source)
        return _fpuzzles.position_of(data, source)
    data = _sudokupad.decode_payload(payload[3:], source)
    return _sudokupad.position_of(data, source)


def _bare_payload(payload: str) -> Position:
    """An f-puzzles payload without its link (what f-puzzles' "Export" gives)."""
    data = _fpuzzles.decode_payload(payload, "the f-puzzles payload")
    return _fpuzzles.position_of(data, "the f-puzzles payload")
