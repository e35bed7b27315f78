"""Reading the links and payloads of other apps: f-puzzles, SudokuPad, sudokuwiki and
sudoku.coach links, and bare f-puzzles and SudokuPad payloads. Imported only when a text is one
of them (:mod:`._read` tells), so that reading plain puzzles never loads ``json`` or
``urllib``."""

from __future__ import annotations

import re
import urllib.parse

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import _fpuzzles, _sudokupad
from sudoku_core.formats._links import (
    is_own_fragment,
    read_coach,
    read_own_link,
    read_sudokuwiki,
)
from sudoku_core.formats._position import Position

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Final

_COACH_PATH: Final = re.compile(r"^/(?:[a-z]{2}(?:-[a-zA-Z]+)?/)?(?:play|solver)/([0-9.]{81})/?$")
_SHORT_ID: Final = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_SUDOKUPAD_HOSTS: Final = ("sudokupad.app", "crackingthecryptic.com")
SHORT_LINK_HELP: Final = (
    "names a puzzle kept on SudokuPad's server, and the studio works offline: it never asks "
    "another site. Open the link in SudokuPad, then copy the puzzle's full link (it starts "
    "sudokupad.app/scl, /ctc or /fpuzzles; the setter's page or f-puzzles often gives it) and "
    "paste that here"
)


def read_url(text: str) -> Position:
    """A link of another app (or of this studio): its puzzle, or why it has none the studio
    reads."""
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
        return _guarded(_fpuzzles.position_of, data, "the f-puzzles link")
    if host.endswith(_SUDOKUPAD_HOSTS):
        return _read_sudokupad_url(url)
    if host.endswith("sudokuwiki.org"):
        board = _raw_parameter(url.query, "bd")
        if not board:
            raise InvalidPuzzleError("the sudokuwiki link holds no board (?bd=…)")
        return read_sudokuwiki(urllib.parse.unquote(board), "the sudokuwiki link")
    if host.endswith("sudoku.coach"):
        found = _COACH_PATH.match(url.path)
        if not found:
            raise InvalidPuzzleError(
                "the sudoku.coach link holds no puzzle: it should end /play/ or /solver/ and 81 digits"
            )
        return read_coach(found.group(1), "the sudoku.coach link")
    if is_own_fragment(url.fragment):
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
        return read_sudokupad_payload(payload, "the SudokuPad link")
    if _SHORT_ID.match(payload):
        raise InvalidPuzzleError(f"the SudokuPad link sudokupad.app/{payload} {SHORT_LINK_HELP}.")
    raise InvalidPuzzleError("the SudokuPad link holds no puzzle the studio can read")


def read_sudokupad_payload(payload: str, source: str) -> Position:
    """A SudokuPad payload, its prefix included (``scl``, ``ctc``, ``fpuzzles``, ``fpuz``,
    ``scf``)."""
    if payload.startswith("scf"):
        return _sudokupad.decode_scf(payload[3:], source)
    if payload.startswith(("fpuzzles", "fpuz")):
        body = payload.removeprefix("fpuzzles") if payload.startswith("fpuzzles") else payload[4:]
        data = _fpuzzles.decode_payload(body, source)
        return _guarded(_fpuzzles.position_of, data, source)
    data = _sudokupad.decode_payload(payload[3:], source)
    return _guarded(_sudokupad.position_of, data, source)


def read_bare_payload(payload: str) -> Position:
    """An f-puzzles payload without its link (what f-puzzles' "Export" gives)."""
    data = _fpuzzles.decode_payload(payload, "the f-puzzles payload")
    return _guarded(_fpuzzles.position_of, data, "the f-puzzles payload")


def _guarded(
    read: Callable[[dict[str, Any], str], Position], data: dict[str, Any], source: str
) -> Position:
    """Another app's JSON, read. Its shape is that app's, not ours: a value of an unexpected
    type anywhere (a number where a list goes) is said to be the data's fault, as every bad
    input is, never a traceback."""
    try:
        return read(data, source)
    except InvalidPuzzleError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:
        raise InvalidPuzzleError(
            f"{source} holds data the studio cannot read ({type(error).__name__}: {error})"
        ) from None
