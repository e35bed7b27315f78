"""f-puzzles: the JSON of ``https://www.f-puzzles.com/?load=<payload>``, lz-string base64.

The JSON is ``{size, grid[r][c]{value, given, centerPencilMarks, cornerPencilMarks, region},
title, author, ...}`` with one key per kind of constraint (``"diagonal+"``, ``killercage``,
``thermometer``, ...); references: SudokuPad/sudokutools ``src/fpuzzlesdecoder.js`` and
lisudoku/sudoku_formats. A value with ``given`` is a given, one without is the player's digit.

A link read as form data loses its ``+`` (to spaces), and some chat apps collapse ``//``:
:func:`repair_payload` puts both back, as SudokuPad does, trying the fewest changes first.
"""

from __future__ import annotations

import itertools
import json
import re
import urllib.parse

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats._lzstring import LzStringError, compress_to_base64, decompress_from_base64
from sudoku_core.formats._position import Position, digit_of, json_rows, marks_of
from sudoku_core.formats._rules import DIAGONALS, IRREGULAR, KILLER, refuse, size_rule

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Any, Final

LINK: Final = "https://www.f-puzzles.com/?load="

_METADATA: Final = frozenset(
    {"size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts"}
    | {"disabledlogic", "truecandidatesoptions", "version", "activeConstraints"}
)
"""Keys that say nothing about the rules (the ruleset is prose; the solution is the answer)."""
_RULES: Final = {
    "diagonal+": DIAGONALS,
    "diagonal-": DIAGONALS,
    "killercage": KILLER,
    "cage": "cages",
    "thermometer": "thermometers",
    "arrow": "arrows",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "disjointgroups": "disjoint groups",
    "nonconsecutive": "non-consecutive",
    "littlekillersum": "little killer sums",
    "sandwichsum": "sandwich sums",
    "difference": "difference dots (Kropki)",
    "ratio": "ratio dots (Kropki)",
    "xv": "XV",
    "even": "even cells",
    "odd": "odd cells",
    "extraregion": "extra regions",
    "clone": "clones",
    "quadruple": "quadruples",
    "betweenline": "between lines",
    "palindrome": "palindromes",
    "minimum": "minimum cells",
    "maximum": "maximum cells",
    "lockout": "lockout lines",
    "renban": "renban lines",
    "whispers": "German whispers",
    "regionsumline": "region sum lines",
    "xsum": "X-sums",
    "skyscraper": "skyscrapers",
    "entropicline": "entropic lines",
    "line": "lines",
    "rectangle": "shapes",
    "circle": "shapes",
    "text": "text on the grid",
    "negative": "negative constraints",
}
MAX_REPAIRS: Final = 12
"""At most the first this many ``/`` are tried doubled, as SudokuPad limits its own."""
MAX_REPAIR_TRIES: Final = 100
"""At most this many decodings: every single ``/`` and every pair of the first 12, and some
triples; a damaged 1,300-character link that none of them repairs costs 0.05 s in CPython.
All 2**12 tries took 2 s, too long for one of the worker's requests (Pyodide is 3-5 times
slower), and a link loses one or two ``//``, not many."""
_META_CAGE: Final = re.compile(r"^[a-zA-Z]+: ")


def repair_payload(payload: str) -> str:
    """The payload as f-puzzles wrote it: ``%``-escapes undone, spaces back to ``+``, and
    each collapsed ``//`` found by trying which ``/`` decodes when doubled, fewest first.

    Examples:
        >>> repair_payload("N4IgzglgXgpiBcBOAvkA")
        'N4IgzglgXgpiBcBOAvkA'
    """
    text = urllib.parse.unquote(payload.strip()).replace(" ", "+")
    if _decodes(text):
        return text
    slashes = [i for i, ch in enumerate(text) if ch == "/"][:MAX_REPAIRS]
    choices = itertools.chain.from_iterable(
        itertools.combinations(slashes, count) for count in range(1, len(slashes) + 1)
    )
    for chosen in itertools.islice(choices, MAX_REPAIR_TRIES):
        fixed = "".join(ch + ("/" if i in chosen else "") for i, ch in enumerate(text))
        if _decodes(fixed):
            return fixed
    return text


def _decodes(text: str) -> bool:
    try:
        json.loads(decompress_from_base64(text))
    except (LzStringError, ValueError):
        return False
    return True


def decode_payload(payload: str, source: str) -> dict[str, Any]:
    """The f-puzzles JSON of a payload (repaired first), or why it is not one."""
    text = repair_payload(payload)
    try:
        data = json.loads(decompress_from_base64(text))
    except LzStringError as error:
        raise InvalidPuzzleError(f"{source} could not be decoded: {error}") from None
    except ValueError:
        raise InvalidPuzzleError(f"{source} does not hold f-puzzles data (not JSON)") from None
    if not isinstance(data, dict) or not isinstance(data.get("grid"), list):
        raise InvalidPuzzleError(f"{source} does not hold an f-puzzles grid")
    return data


def _rules(data: dict[str, Any]) -> list[str]:
    rules: list[str] = []
    size = data.get("size", 9)
    grid = data["grid"]
    if size != 9 or len(grid) != 9 or any(not isinstance(r, list) or len(r) != 9 for r in grid):
        rows = len(grid)
        rules.append(size_rule(rows, rows) if isinstance(size, int) else "a grid of another size")
        return rules
    for key, value in data.items():
        if key in _METADATA or not value:
            continue
        if key == "cage" and isinstance(value, list):
            value = [c for c in value if not _is_meta_cage(c)]
            if not value:
                continue
        rules.append(_RULES.get(key, key))
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            region = cell.get("region") if isinstance(cell, dict) else None
            if region is not None and region != (r // 3) * 3 + c // 3:
                rules.append(IRREGULAR)
            if isinstance(cell, dict) and cell.get("givenPencilMarks"):
                rules.append("given pencil marks")
    return rules


def _is_meta_cage(cage: object) -> bool:
    """A cage that only carries a note (``"title: ..."``), with no cells: not a rule."""
    if not isinstance(cage, dict):
        return False
    return not cage.get("cells") and bool(_META_CAGE.match(str(cage.get("value", ""))))


def position_of(data: dict[str, Any], source: str) -> Position:
    """The classic puzzle and progress of f-puzzles JSON; :class:`NotClassicError` for a
    variant."""
    refuse(_rules(data), source)
    givens: list[int] = []
    entries: list[int] = []
    centre: list[int] = []
    corner: list[int] = []
    for row in data["grid"]:
        for cell in row:
            cell = cell if isinstance(cell, dict) else {}
            digit = digit_of(cell.get("value"))
            given = bool(cell.get("given"))
            givens.append(digit if given else 0)
            entries.append(0 if given else digit)
            centre.append(marks_of(cell.get("centerPencilMarks")))
            corner.append(marks_of(cell.get("cornerPencilMarks")))
    title, author = data.get("title"), data.get("author")
    return Position(
        tuple(givens),
        tuple(entries),
        centre=centre,
        corner=corner,
        title=title if isinstance(title, str) else "",
        author=author if isinstance(author, str) else "",
        source=source,
    )


def payload_of(position: Position) -> str:
    """The f-puzzles payload of a position: givens, the player's digits and both layers of
    marks."""

    def digit(cell: int) -> dict[str, Any]:
        if position.givens[cell]:
            return {"value": position.givens[cell], "given": True}
        return {"value": position.entries[cell]} if position.entries[cell] else {}

    grid = json_rows(position, digit, "centerPencilMarks", "cornerPencilMarks")
    data: dict[str, Any] = {"size": 9, "grid": grid}
    if position.title:
        data["title"] = position.title
    if position.author:
        data["author"] = position.author
    return compress_to_base64(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
