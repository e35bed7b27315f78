"""The plain layouts of a puzzle's givens: lines, grids and boards.

Parsing is tolerant of layout and strict about content: any of the common layouts is read,
but a stray character, a short row or a missing cell is an :class:`InvalidPuzzleError` that
says what is wrong and where, in the input's own terms (row and column of the puzzle, line
and character of the text). The parser raises nothing else, for any input.

Accepted:

- one line of 81 cells: ``1``-``9`` for digits, ``.``, ``0``, ``-``, ``_`` or ``*`` for empty
  (spaces, commas and ``|`` between cells are ignored);
- a 9-line grid with separators (``|``, lines of ``-``, ``+``, ``=``, ``*``), as written by
  :func:`format_grid`, ``.sdk`` and ``.ss`` files (``#`` lines are comments, and so is
  the rest of a line after a space and ``#``);
- a LeetCode-style board, as text (``[["5","3",".",...],...]``) or as 9 lists of 9 strings;
- 81 ints (0 for empty), or 81 one-character strings;
- and, through :func:`sudoku_core.formats.read_position`, the links, payloads and files of
  other apps (f-puzzles, SudokuPad, sudokuwiki, sudoku.coach, HoDoKu, SudoCue) and the
  studio's own share links: :func:`parse` gives their givens.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.grid import Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final, TypeAlias

GridLike: TypeAlias = str | Sequence[int] | Sequence[Sequence[str]] | Sequence[str]
"""Anything :func:`parse` reads: text, 81 ints, or 9 rows of 9 one-character strings."""

Marks: TypeAlias = Sequence[int] | Sequence[str] | Sequence[Sequence[int]]
"""Pencil marks for the 81 cells, as :func:`parse_marks` reads them: masks, strings of digits
(``"137"``) or lists of digits."""

MAX_INPUT_CHARS: Final = 10_000
"""Longer text is refused before it is read: no layout of one puzzle needs more."""

EMPTY_CHARS: Final = ".0-_*"
_CELL_VALUE: Final = {str(d): d for d in range(1, 10)} | dict.fromkeys(EMPTY_CHARS, 0)
_CELL_CHARS: Final = frozenset(_CELL_VALUE)
_IGNORED_IN_ROW: Final = frozenset(" \t|,")
_SEPARATOR_CHARS: Final = frozenset("-+=*|: \t")
_INNER_LIST: Final = re.compile(r"\[([^\[\]]*)\]")
_MARK_DIGITS: Final = frozenset("123456789")
_COMMENT_START: Final = re.compile(r"\s#")
r"""A comment after a row or line of cells (``<81 cells>  # from my book``, HoDoKu's
``#1 Hidden Single``): ``#`` after a space; glued to a cell it is still a stray character.
Two fixed characters, so the search stays linear on a long run of spaces (``\s+#`` is not)."""


def _without_comment(line: str) -> str:
    """The line up to its comment, the spaces before it dropped; the line itself if it has none."""
    found = _COMMENT_START.search(line)
    return line[: found.start()].rstrip() if found else line


def _show(char: str) -> str:
    """A character as a message can print it, even a control or invisible one."""
    return repr(char) if char.isprintable() and not char.isspace() else f"U+{ord(char):04X}"


def parse(puzzle: object) -> Grid:
    """Read a puzzle in any accepted format into a grid of 81 digits.

    Examples:
        >>> parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[:9]
        (5, 3, 0, 0, 7, 0, 0, 0, 0)
        >>> parse("1" * 80)
        Traceback (most recent call last):
        ...
        sudoku_core.errors.InvalidPuzzleError: 80 cells, expected 81
    """
    if isinstance(puzzle, bytes | bytearray):
        try:
            puzzle = bytes(puzzle).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidPuzzleError(f"the input is not UTF-8 text ({error.reason})") from None
    if isinstance(puzzle, str):
        return _parse_text(puzzle)
    if isinstance(puzzle, Sequence):
        return _parse_sequence(puzzle)
    raise InvalidPuzzleError(
        f"expected text, 81 numbers or 9 rows of 9 cells, got {type(puzzle).__name__}"
    )


other_formats: Callable[[str], Grid | None] | None = None
"""The givens of a text in another app's format, or None for a plain layout: set by the
package (:mod:`sudoku_core.formats`) once it has imported those readers, which read the grids
inside their formats with this module and so cannot be imported by it."""

_DIGITS: Final = frozenset(range(10))
_INT_ONLY: Final = {int}


def as_grid(puzzle: GridLike) -> Grid:
    """The grid of a puzzle: a valid grid is returned as it is, anything else is parsed.

    The test is two set builds in C (every item's type is ``int``, not ``bool``; every value is
    0..9) rather than a generator over the 81 cells: every public call starts here, and the
    generator was 10% of ``solve -f`` on 17-clue puzzles.
    """
    if (
        type(puzzle) is tuple
        and len(puzzle) == 81
        and set(map(type, puzzle)) == _INT_ONLY
        and _DIGITS.issuperset(puzzle)
    ):
        return puzzle
    return parse(puzzle)


def parse_plain(text: str) -> Grid:
    """The givens of a text in one of the plain layouts only (no other app's format): what
    the readers of those formats use for the grids inside them."""
    return _parse_text(text, others=False)


def _parse_text(text: str, others: bool = True) -> Grid:
    if len(text) > MAX_INPUT_CHARS:
        raise InvalidPuzzleError(
            f"the input is {len(text)} characters long; one puzzle needs at most {MAX_INPUT_CHARS}"
        )
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if len(text) == 81 and _CELL_CHARS.issuperset(text):  # the usual line, read in C
        return tuple(map(_CELL_VALUE.__getitem__, text))
    if others and other_formats is not None:
        found = other_formats(text)
        if found is not None:
            return found
    if text.strip().startswith("["):
        return _parse_leetcode_text(text.strip())
    lines = [
        (number, _without_comment(line))
        for number, line in enumerate(text.split("\n"), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise InvalidPuzzleError("the input is empty: no cells")
    if len(lines) == 1:
        number, line = lines[0]
        if len(line) == 81 and _CELL_CHARS.issuperset(line):  # the usual line, read in C
            return tuple(map(_CELL_VALUE.__getitem__, line))
        cells = _read_cells(line, number, row=None)
        if len(cells) != 81:
            raise InvalidPuzzleError(f"{len(cells)} cells, expected 81", line=number)
        return tuple(cells)
    return _parse_lines(lines)


def _read_cells(line: str, number: int, row: int | None) -> list[int]:
    """The cells of one line of text; ``row`` is the puzzle row it holds, if one."""
    cells: list[int] = []
    for index, char in enumerate(line, start=1):
        if char in _IGNORED_IN_ROW:
            continue
        value = _CELL_VALUE.get(char)
        if value is None:
            if row is None:
                at_row, at_col = len(cells) // 9 + 1, len(cells) % 9 + 1
            else:
                at_row, at_col = row, len(cells) + 1
            raise InvalidPuzzleError(
                f"unexpected character {_show(char)} at row {at_row}, column {at_col} "
                f"(line {number}, character {index})",
                line=number,
                column=index,
            )
        cells.append(value)
    return cells


def _is_separator(line: str) -> bool:
    """A ruled line between bands (``------+-------``), not a row of ``-`` or ``*`` empties.

    Exactly nine ``-``/``*`` with nothing but cell separators between them is a row of nine
    empty cells (``| - - - | - - - | - - - |``, as :func:`format_grid` writes one with
    ``empty="-"``); a rule has a ``+``, ``=`` or ``:``, or some other number of dashes.
    """
    stripped = line.strip()
    if not set(stripped) <= _SEPARATOR_CHARS:
        return False
    dashes = sum(ch in "-*" for ch in stripped)
    return bool(set(stripped) & set("+=:")) or dashes != 9


def _wrapped(rows: list[list[int]]) -> bool:
    """True for nine lines of text wrapped at one width other than 9: every line but the last
    is that wide and the last no wider (81 cells at width 10 make nine lines, 8 of 10 and one
    of 1), unlike a grid whose rows of 8 and 10 would shift cells between rows."""
    width = len(rows[0])
    return width != 9 and all(len(r) == width for r in rows[:-1]) and len(rows[-1]) <= width


def _parse_lines(lines: list[tuple[int, str]]) -> Grid:
    """Nine rows of nine cells, or plain text wrapped at some width (not in nine lines).

    Nine lines are a grid, so every row must hold nine cells: rows of 8 and 10 add up to 81
    but would shift a cell from one row to the next, so each short or long row is named.
    """
    rows = [(number, line) for number, line in lines if not _is_separator(line)]
    read = [_read_cells(line, number, row=i + 1) for i, (number, line) in enumerate(rows)]
    if len(rows) == 9 and all(len(cells) == 9 for cells in read):
        return tuple(d for cells in read for d in cells)
    if len(rows) == len(lines) and sum(map(len, read)) == 81 and (len(rows) != 9 or _wrapped(read)):
        # Plain text wrapped at some width: the cells are in order, only the breaks differ.
        return tuple(d for cells in read for d in cells)
    wrong = [
        (number, f"row {i + 1} has {len(cells)} cells, expected 9 (line {number})")
        for i, ((number, _), cells) in enumerate(zip(rows, read, strict=True))
        if len(cells) != 9
    ]
    if wrong:
        raise InvalidPuzzleError("; ".join(text for _, text in wrong), line=wrong[0][0])
    raise InvalidPuzzleError(f"{len(rows)} rows, expected 9")


def _parse_leetcode_text(text: str) -> Grid:
    if not text.endswith("]"):
        raise InvalidPuzzleError("a board starting with '[' must end with ']'")
    body = text[1:-1]
    rows = _INNER_LIST.findall(body)
    if not rows:
        return tuple(_parse_tokens(body.split(","), row=None))
    leftover = _INNER_LIST.sub("", body)
    stray = leftover.replace(",", "").strip()
    if stray:
        raise InvalidPuzzleError(f"unexpected text {stray[:20]!r} between the rows of the board")
    if len(rows) != 9:
        raise InvalidPuzzleError(f"{len(rows)} rows, expected 9")
    grid: list[int] = []
    for r, row in enumerate(rows, start=1):
        grid.extend(_parse_tokens(row.split(","), row=r))
    return tuple(grid)


def _parse_tokens(tokens: Sequence[object], row: int | None) -> list[int]:
    """Cells given one per item: ints 0-9, or one-character strings (quotes allowed)."""
    expected = 81 if row is None else 9
    if len(tokens) != expected:
        where = f"row {row} has" if row is not None else "the board has"
        raise InvalidPuzzleError(f"{where} {len(tokens)} cells, expected {expected}")
    cells: list[int] = []
    for i, token in enumerate(tokens):
        at_row, at_col = (row, i + 1) if row is not None else (i // 9 + 1, i % 9 + 1)
        value: int | None = None
        shown = repr(token)[:20]
        if type(token) is int:
            value = token if 0 <= token <= 9 else None
        elif isinstance(token, str):
            bare = token.strip().strip("\"'").strip()
            value = _CELL_VALUE.get(bare or "?")
            shown = repr(bare)[:20]
        if value is None:
            raise InvalidPuzzleError(f"unexpected {shown} at row {at_row}, column {at_col}")
        cells.append(value)
    return cells


def _parse_sequence(items: Sequence[object]) -> Grid:
    if len(items) == 81:
        return tuple(_parse_tokens(items, row=None))
    if len(items) == 9 and all(
        isinstance(row, Sequence) and not isinstance(row, str | bytes) for row in items
    ):
        grid: list[int] = []
        for r, row in enumerate(items, start=1):
            assert isinstance(row, Sequence)
            grid.extend(_parse_tokens(row, row=r))
        return tuple(grid)
    if len(items) == 9 and all(isinstance(row, str) for row in items):
        return _parse_lines([(i, str(row)) for i, row in enumerate(items, start=1)])
    raise InvalidPuzzleError(f"{len(items)} items: expected 81 cells or 9 rows of 9")


def format_line(grid: GridLike, empty: str = ".") -> str:
    """The puzzle as one line of 81 characters, ``empty`` for an empty cell.

    Takes any form :func:`parse` reads and checks it the same way (an
    :class:`InvalidPuzzleError` says what is wrong), so text in another layout is rewritten
    rather than passed through.

    Examples:
        >>> format_line((0, 1) * 40 + (9,), empty="0")[:6]
        '010101'
        >>> format_line([10] * 3)
        Traceback (most recent call last):
        ...
        sudoku_core.errors.InvalidPuzzleError: 3 items: expected 81 cells or 9 rows of 9
    """
    if not isinstance(empty, str) or len(empty) != 1 or empty not in EMPTY_CHARS:
        raise ValueError(f"empty must be one of {EMPTY_CHARS!r}, got {empty!r}")
    return "".join(map((empty + "123456789").__getitem__, as_grid(grid)))


def format_grid(grid: GridLike, empty: str = ".") -> str:
    """The puzzle as a boxed 9-line picture (13 lines with the rules).

    Examples:
        >>> print(format_grid(parse("123456789" + "." * 72)).splitlines()[1])
        | 1 2 3 | 4 5 6 | 7 8 9 |
    """
    line = format_line(grid, empty)
    rule = "+-------+-------+-------+"
    out = [rule]
    for r in range(9):
        cells = line[9 * r : 9 * r + 9]
        boxes = [" ".join(cells[i : i + 3]) for i in (0, 3, 6)]
        out.append("| " + " | ".join(boxes) + " |")
        if r % 3 == 2:
            out.append(rule)
    return "\n".join(out)


def format_board(grid: GridLike) -> list[list[str]]:
    """The puzzle as a LeetCode-style board: 9 lists of 9 strings, ``"."`` for empty.

    Examples:
        >>> format_board(parse("5" + "." * 80))[0][:3]
        ['5', '.', '.']
    """
    line = format_line(grid, ".")
    return [list(line[9 * r : 9 * r + 9]) for r in range(9)]


def parse_marks(marks: Marks) -> list[int]:
    """Pencil marks as 81 masks, from masks, strings of digits (``"137"``) or lists of digits.

    Checked strictly, because Python's ``int`` reads other scripts' digits (Arabic-Indic one,
    ``"\\u0661"``, is 1), ``True`` is an int, and iterating a huge string "works": each of those
    would pass as marks. The bridge, the command line and :func:`sudoku_core.hints.hint` read marks here.

    Examples:
        >>> parse_marks(["137"] + [""] * 80)[:2]
        [69, 0]
        >>> parse_marks(["", "120"] + [""] * 79)
        Traceback (most recent call last):
        ...
        ValueError: cell 2: '120' is not up to 9 digits 1-9
    """
    if isinstance(marks, str | bytes) or not hasattr(marks, "__len__"):
        raise ValueError(f"candidates must be a list of 81 cells, got {type(marks).__name__}")
    if len(marks) != 81:
        raise ValueError(f"81 cells, got {len(marks)}")
    masks = []
    for cell, item in enumerate(marks, 1):
        if type(item) is int:
            if not 0 <= item <= 0x1FF:
                raise ValueError(f"cell {cell}: a mask must be 0..511, got {item}")
            masks.append(item)
        elif type(item) is str:
            if len(item) > 9 or not _MARK_DIGITS.issuperset(item):
                shown = repr(item) if len(item) <= 20 else repr(item[:20]) + "..."
                raise ValueError(f"cell {cell}: {shown} is not up to 9 digits 1-9")
            masks.append(sum(1 << (int(d) - 1) for d in set(item)))
        elif isinstance(item, list | tuple):
            if len(item) > 9 or any(type(d) is not int or not 1 <= d <= 9 for d in item):
                raise ValueError(f"cell {cell}: a list of marks must hold up to 9 digits 1-9")
            masks.append(sum(1 << (d - 1) for d in set(item)))
        else:
            raise ValueError(
                f"cell {cell}: must be a string of digits, a list of digits or a mask,"
                f" got {type(item).__name__}"
            )
    return masks
