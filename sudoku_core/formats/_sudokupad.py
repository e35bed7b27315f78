"""SudokuPad: ``https://sudokupad.app/<payload>`` (also ``/sudoku/<payload>`` and
``?puzzleid=<payload>``, and the same on crackingthecryptic.com).

Payloads: ``scl…``/``ctc…`` are lz-string base64 of SudokuPad's puzzle JSON, usually "zipped"
(short keys, unquoted names, ``'`` for ``"``: SudokuPad/sudokutools ``src/puzzlezipper_lib.js``,
whose :func:`unzip` this follows); ``fpuzzles…``/``fpuz…`` an f-puzzles payload; ``scf…`` the
legacy classic form (``decodeSCF`` in ``src/puzzletools_lib.js``: one character per digit and
the run of empty cells after it, then rule letters). Any other path is a short id, stored on
SudokuPad's server, which this offline studio does not contact.

SudokuPad's puzzle JSON has ``cells[r][c]{value, pencilMarks, centremarks}``, ``regions``
(lists of ``[row, col]``) and the drawn constraints (``cages``, ``lines``, ``arrows``,
``overlays``, ``underlays``); notes such as the title are cages without cells whose value is
``"title: …"``. A link carries the puzzle, not a player's digits: what is written here carries
the givens and the marks (as SudokuPad's puzzle-level pencil marks).
"""

from __future__ import annotations

import json
import re

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats._lzstring import LzStringError, compress_to_base64, decompress_from_base64
from sudoku_core.formats._position import Position, digit_of, json_rows, marks_of
from sudoku_core.formats._rules import DIAGONALS, KILLER, refuse, regions_rule, size_rule
from sudoku_core.grid import BOXES

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Any, Final

LINK: Final = "https://sudokupad.app/"

_PROPS: Final = {
    "color": "c",
    "cages": "ca",
    "center": "ct",
    "borderColor": "c1",
    "backgroundColor": "c2",
    "cells": "ce",
    "cellSize": "cs",
    "arrows": "a",
    "overlays": "o",
    "underlays": "u",
    "width": "w",
    "height": "h",
    "value": "v",
    "videos": "vd",
    "lines": "l",
    "rounded": "r",
    "regions": "re",
    "fontSize": "fs",
    "thickness": "th",
    "headLength": "hl",
    "wayPoints": "wp",
    "title": "t",
    "text": "te",
    "duration": "d",
}
_LONG: Final = {short: long for long, short in _PROPS.items()}
_UNZIP: Final = (
    (re.compile(r"([,{\[])([a-zA-Z0-9]+):"), r'\1"\2":'),
    (re.compile(r"([,{\[])(?=[,}\]])"), r"\1_"),
    (re.compile(r"{_}"), "{}"),
    (re.compile(r"([,{\[])_"), r"\1{}"),
    (re.compile(r"(:)f([,}\]])"), r"\1false\2"),
    (re.compile(r"(:)t([,}\]])"), r"\1true\2"),
    (re.compile(r"(:)#0([,}\]])"), r'\1"#000000"\2'),
    (re.compile(r"(:)#F([,}\]])"), r'\1"#FFFFFF"\2'),
    (re.compile(r"(:)([0-9a-fA-F]{6})([,}\]])"), r'\1"#\2"\3'),
)
_ZIP: Final = (
    (re.compile(r'([,{\[])"([a-zA-Z0-9]+)":'), r"\1\2:"),
    (re.compile(r"([,{\[]){}(?=[,}\]])"), r"\1"),
    (re.compile(r"(:)false([,}\]])"), r"\1f\2"),
    (re.compile(r"(:)true([,}\]])"), r"\1t\2"),
)
_META_CAGE: Final = re.compile(r"^([a-zA-Z]+):\s*(.*)$", re.DOTALL)
_SCF_RULES: Final = {"x": DIAGONALS, "w": "Windoku (extra regions)"}
_DIAGONAL_ENDS: Final = (
    frozenset({(0, 0), (9, 9)}),
    frozenset({(0, 9), (9, 0)}),
)


def unzip(zipped: str) -> Any:
    """SudokuPad's zipped JSON, read (``PuzzleZipper.unzip`` then ``JSON.parse``)."""
    if '"' not in zipped:
        zipped = zipped.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    for pattern, replacement in _UNZIP:
        zipped = pattern.sub(replacement, zipped)
    return _renamed(json.loads(zipped), _LONG)


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """JSON with its keys renamed, at every depth (SudokuPad's short keys, and back)."""
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def zip_json(puzzle: dict[str, Any]) -> str:
    """SudokuPad's zipped form of puzzle JSON (``PuzzleZipper.zip``), for the keys written here."""
    text = json.dumps(_renamed(puzzle, _PROPS), separators=(",", ":"), ensure_ascii=False)
    for pattern, replacement in _ZIP:
        text = pattern.sub(replacement, text)
    return text.replace("'", "\\'").replace('"', "'")


def decode_payload(payload: str, source: str) -> dict[str, Any]:
    """The puzzle JSON of an ``scl``/``ctc`` payload (without its prefix)."""
    try:
        text = decompress_from_base64(payload.replace(" ", "+"))
    except LzStringError as error:
        raise InvalidPuzzleError(f"{source} could not be decoded: {error}") from None
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = unzip(text)
        except ValueError:
            raise InvalidPuzzleError(f"{source} does not hold SudokuPad puzzle data") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise InvalidPuzzleError(f"{source} does not hold a SudokuPad grid")
    return data


def _cell_index(point: object) -> int | None:
    if (
        isinstance(point, list)
        and len(point) == 2
        and all(type(v) is int and 0 <= v <= 8 for v in point)
    ):
        row, col = point
        return int(9 * row + col)
    return None


def _rules(data: dict[str, Any]) -> list[str]:
    cells = data["cells"]
    if len(cells) != 9 or any(not isinstance(row, list) or len(row) != 9 for row in cells):
        width = max((len(row) for row in cells if isinstance(row, list)), default=0)
        return [size_rule(len(cells), width)]
    rules: list[str] = []
    regions = data.get("regions") or []
    read = [[_cell_index(p) for p in region] for region in regions if isinstance(region, list)]
    if any(None in region for region in read) or len(read) != len(regions):
        rules.append("regions that are not 3x3 boxes")
    else:
        rules += regions_rule([[c for c in region if c is not None] for region in read])
    for cage in data.get("cages") or []:
        if not isinstance(cage, dict) or not cage.get("cells"):
            continue
        if cage.get("hidden") and cage.get("unique") is False:
            continue  # f-puzzles' cells without a region, drawn as nothing
        rules.append(KILLER if cage.get("sum") is not None or cage.get("value") else "cages")
    for line in data.get("lines") or []:
        ends = line.get("wayPoints") if isinstance(line, dict) else None
        points = frozenset(tuple(p) for p in ends or [] if isinstance(p, list) and len(p) == 2)
        rules.append(DIAGONALS if points in _DIAGONAL_ENDS else "lines (such as thermometers)")
    if data.get("arrows"):
        rules.append("arrows")
    if data.get("overlays"):
        rules.append("dots, circles or clues drawn on the grid")
    if data.get("underlays"):
        rules.append("shaded cells or shapes under the grid")
    if data.get("foglight") or data.get("fogofwar"):
        rules.append("fog of war")
    return rules


def _notes(data: dict[str, Any]) -> dict[str, str]:
    notes: dict[str, str] = {}
    for cage in data.get("cages") or []:
        if isinstance(cage, dict) and not cage.get("cells"):
            found = _META_CAGE.match(str(cage.get("value", "")))
            if found:
                notes.setdefault(found.group(1).lower(), found.group(2).strip())
    metadata = data.get("metadata")
    if isinstance(metadata, dict):
        for key in ("title", "author"):
            if isinstance(metadata.get(key), str):
                notes.setdefault(key, metadata[key])
    return notes


def position_of(data: dict[str, Any], source: str) -> Position:
    """The classic puzzle of SudokuPad's JSON; :class:`NotClassicError` for a variant."""
    refuse(_rules(data), source)
    givens: list[int] = []
    centre: list[int] = []
    corner: list[int] = []
    for row in data["cells"]:
        for cell in row:
            cell = cell if isinstance(cell, dict) else {}
            givens.append(digit_of(cell.get("value")))
            centre.append(marks_of(cell.get("centremarks")))
            corner.append(marks_of(cell.get("pencilMarks")))
    notes = _notes(data)
    return Position(
        tuple(givens),
        centre=centre,
        corner=corner,
        title=notes.get("title", ""),
        author=notes.get("author", ""),
        source=source,
    )


def decode_scf(payload: str, source: str) -> Position:
    """The legacy classic form (without its ``scf`` prefix): each character a digit and the
    empty cells after it, then the rules' letters. As SudokuPad reads it, the first 81 cells
    are the puzzle, and what follows the characters that made them names its rules."""
    digits: list[int] = []
    read = 0
    for char in payload:
        if len(digits) >= 81:
            break
        if "0" <= char <= "9":
            value = ord(char) - 48
        elif "A" <= char <= "Z":
            value = ord(char) - 55
        elif "a" <= char <= "z":
            value = ord(char) - 61
        else:
            raise InvalidPuzzleError(f"{source} has a character {char!r} no puzzle is written with")
        digits.append(value % 10)
        digits.extend([0] * (value // 10))
        read += 1
    if len(digits) < 81:
        raise InvalidPuzzleError(f"{source} holds {len(digits)} cells; a puzzle has 81")
    refuse([_SCF_RULES.get(ch, f"rule {ch!r}") for ch in payload[read:]], source)
    return Position(tuple(digits[:81]), source=source)


def payload_of(position: Position) -> str:
    """The ``scl`` payload (with its prefix) of a position: givens, title, author and marks."""

    def digit(cell: int) -> dict[str, Any]:
        return {"value": position.givens[cell]} if position.givens[cell] else {}

    cells = json_rows(position, digit, "centremarks", "pencilMarks")
    regions = [[[cell // 9, cell % 9] for cell in box] for box in BOXES]
    notes = [
        {"value": f"{key}: {text}"}
        for key, text in (("title", position.title), ("author", position.author))
        if text
    ]
    puzzle: dict[str, Any] = {"cellSize": 50, "cells": cells, "regions": regions}
    if notes:
        puzzle["cages"] = notes
    return "scl" + compress_to_base64(zip_json(puzzle))
