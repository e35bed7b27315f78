"""The text formats of desktop programs that carry progress: HoDoKu's library lines,
SudoCue's ``.sdx`` and ``.sdk`` (with SadMan's ``[Puzzle]``/``[State]`` sections), and the
writers of the givens-only files (Simple Sudoku's ``.ss``, ``.sdk``).

- HoDoKu (1to9only/HoDoKu ``MainFrame.java``, library format):
  ``:type:digits:grid:deleted candidates:...`` with ``+`` before each digit the player placed
  and the deleted candidates as ``<digit><row><col>`` triples. Candidates are counted from
  what the filled cells allow, so a line with no deletions has no marks to carry: it is read
  with none.
- ``.sdx`` (SudoCue): nine lines of nine space-separated cells: a digit is a given, ``u`` and
  a digit the player's, and several digits (or none) an empty cell's candidates. SudoCue
  writes every cell's candidates, so a file whose candidates are all the filled cells allow
  is read with no marks (as HoDoKu's line with no deletions), and a position without marks is
  written with those. A cell with one candidate would read back as a given, so it is written
  with none.
"""

from __future__ import annotations

import re

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats._position import Position, allowed, digits_mask, mask_digits

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Final

HODOKU_LINE: Final = re.compile(r"^:[0-9]{4}(?:-[0-9x]+)?:[0-9x]*:([.0-9+]{81,162}):([0-9 ]*):")
_SDX_CELL: Final = re.compile(r"^(u?[1-9]|1?2?3?4?5?6?7?8?9?)$")
_SDK_HEADER: Final = re.compile(r"^#([A-Z])(.*)$")


def read_hodoku(text: str, source: str) -> Position:
    """A HoDoKu library line: givens, placed digits and the candidates left."""
    found = HODOKU_LINE.match(text.strip())
    if not found:
        raise InvalidPuzzleError(f"{source} is not a HoDoKu library line")
    givens: list[int] = []
    entries: list[int] = []
    placed = False
    for char in found.group(1):
        if char == "+":
            placed = True
            continue
        digit = 0 if char in ".0" else int(char)
        givens.append(0 if placed else digit)
        entries.append(digit if placed else 0)
        placed = False
    if len(givens) != 81:
        raise InvalidPuzzleError(f"{source} has {len(givens)} cells; a puzzle has 81")
    deleted = found.group(2).split()
    position = Position(tuple(givens), tuple(entries), source=source)
    if not deleted:
        return position
    marks = list(allowed(position.filled))
    for item in deleted:
        if len(item) != 3 or "0" in item:
            raise InvalidPuzzleError(
                f"{source}: {item!r} is not a deleted candidate (digit, row, column)"
            )
        digit, row, col = map(int, item)
        marks[9 * (row - 1) + col - 1] &= ~(1 << (digit - 1))
    return Position(position.givens, position.entries, centre=marks, source=source)


def write_hodoku(position: Position) -> str:
    """A HoDoKu library line; the candidates go with it when every empty cell has some and
    none is one the filled cells rule out (HoDoKu can only delete candidates)."""
    grid = "".join(
        str(g) if g else (f"+{e}" if e else ".")
        for g, e in zip(position.givens, position.entries, strict=True)
    )
    deleted: list[str] = []
    if _candidates_carried(position):
        free = allowed(position.filled)
        for cell, (mask, marks) in enumerate(zip(free, position.centre, strict=True)):
            for digit in mask_digits(mask & ~marks):
                deleted.append(f"{digit}{cell // 9 + 1}{cell % 9 + 1}")
    return f":0000:x:{grid}:{' '.join(deleted)}::"


def _candidates_carried(position: Position) -> bool:
    """True when the centre marks are a full candidate grid a format with one layer of
    deletions can carry: every empty cell has some, none ruled out by the filled cells."""
    free = allowed(position.filled)
    filled = position.filled
    return any(position.centre) and all(
        d or (marks and not marks & ~mask)
        for d, marks, mask in zip(filled, position.centre, free, strict=True)
    )


def looks_sdx(lines: list[str]) -> bool:
    """Nine lines of nine space-separated ``.sdx`` cells, some of them not a single digit."""
    if len(lines) != 9:
        return False
    cells = [cell for line in lines for cell in line.rstrip("\r\n").split(" ")]
    return (
        all(len(line.rstrip("\r\n").split(" ")) == 9 for line in lines)
        and all(_SDX_CELL.match(cell) for cell in cells)
        and any(len(cell) != 1 for cell in cells)
    )


def read_sdx(lines: list[str], source: str) -> Position:
    """SudoCue's ``.sdx``: givens, the player's digits, and every empty cell's candidates."""
    givens: list[int] = []
    entries: list[int] = []
    centre: list[int] = []
    for line in lines:
        for cell in line.rstrip("\r\n").split(" "):
            is_given = len(cell) == 1
            is_entry = cell.startswith("u")
            givens.append(int(cell) if is_given else 0)
            entries.append(int(cell[1:]) if is_entry else 0)
            centre.append(digits_mask(cell) if not is_given and not is_entry else 0)
    position = Position(tuple(givens), tuple(entries), source=source)
    free = allowed(position.filled)
    if all(not marks or marks == mask for marks, mask in zip(centre, free, strict=True)):
        return position  # the candidates SudoCue writes for a grid without the player's marks
    return Position(position.givens, position.entries, centre=centre, source=source)


def write_sdx(position: Position) -> str:
    """SudoCue's ``.sdx``: the centre marks are the candidates (a lone one is left out), or
    what the filled cells allow when the position has no full candidate grid."""
    carried = _candidates_carried(position)
    free = allowed(position.filled)
    rows = []
    for r in range(9):
        cells = []
        for cell in range(9 * r, 9 * r + 9):
            if position.givens[cell]:
                cells.append(str(position.givens[cell]))
            elif position.entries[cell]:
                cells.append(f"u{position.entries[cell]}")
            else:
                marks = mask_digits(position.centre[cell] if carried else free[cell])
                cells.append(marks if len(marks) > 1 else "")
        rows.append(" ".join(cells))
    return "\n".join(rows) + "\n"


def sdk_headers(text: str) -> dict[str, str]:
    """The ``#A``/``#D``/... header lines of an ``.sdk`` file, by letter."""
    headers: dict[str, str] = {}
    for line in text.splitlines():
        found = _SDK_HEADER.match(line.strip())
        if found:
            headers.setdefault(found.group(1), found.group(2).strip())
    return headers


def read_sadman(text: str, source: str) -> Position:
    """A SadMan ``.sdk`` with sections: ``[Puzzle]`` the givens, ``[State]`` every digit now
    on the board (the player's are those that are not givens)."""
    from sudoku_core.formats._text import parse_plain as parse

    sections: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            current = stripped[1:-1].lower()
            sections[current] = []
        elif current and stripped and not stripped.startswith("#"):
            sections[current].append(stripped)
    if "puzzle" not in sections:
        raise InvalidPuzzleError(f"{source} has no [Puzzle] section")
    givens = parse("\n".join(sections["puzzle"]))
    state = parse("\n".join(sections["state"])) if sections.get("state") else givens
    headers = sdk_headers(text)
    return Position(
        givens, state, title=headers.get("D", ""), author=headers.get("A", ""), source=source
    )


def write_sdk(position: Position) -> str:
    """SudoCue's ``.sdk``: the author (``#A``) and title (``#D``), then nine rows."""
    head = [f"#A{position.author}"] if position.author else []
    head += [f"#D{position.title}"] if position.title else []
    line = "".join(str(d) if d else "." for d in position.givens)
    return "\n".join([*head, *(line[i : i + 9] for i in range(0, 81, 9))]) + "\n"


def write_ss(position: Position) -> str:
    """Simple Sudoku's ``.ss``: rows of ``53.|.7.|...`` and a rule between bands."""
    line = "".join(str(d) if d else "." for d in position.givens)
    rows = []
    for r in range(9):
        cells = line[9 * r : 9 * r + 9]
        rows.append("|".join(cells[i : i + 3] for i in (0, 3, 6)))
        if r in (2, 5):
            rows.append("-----------")
    return "\n".join(rows) + "\n"
