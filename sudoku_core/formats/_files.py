"""The text formats of desktop programs that carry progress: HoDoKu's library lines,
SudoCue's ``.sdx`` and ``.sdk`` (with SadMan's ``[Puzzle]``/``[State]`` sections), and the
writers of the givens-only files (Simple Sudoku's ``.ss``, ``.sdk``).

- HoDoKu (1to9only/HoDoKu ``MainFrame.java``, library format):
  ``:type:digits:grid:deleted candidates:...`` with ``+`` before each digit the player placed
  and the deleted candidates as ``<digit><row><col>`` triples. Candidates are counted from
  what the filled cells allow, so a line with no deletions has no marks to carry: it is read
  with none.
- ``.sdx`` (SudoCue, sudocue.net/fileformats.php): nine lines of nine space-separated cells:
  a given is its digit, the player's digit ``u`` and the digit, and an unsolved cell its
  candidates (several digits). A cell with one candidate is its digit too, as in SudoCue's own
  example, so a lone digit is read as HoDoKu reads one in a pencil-mark grid: a candidate when
  an unsolved cell in its row, column or box lists the same digit, else a given. The studio
  writes the player's centre marks as the candidates, a cell without marks as an empty field
  (it invents none), and when that rule would read one of its single digits the wrong way
  (a lone candidate no peer lists, or a given whose digit a peer's marks list), a
  ``# lone candidates: r1c7 r4c6`` line (or ``none``) after the grid names every lone
  candidate (readers that take the nine rows skip it); so what it writes reads back as it was.
"""

from __future__ import annotations

import re

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats._position import Position, allowed, digits_mask, mask_digits
from sudoku_core.grid import PEERS

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Final

HODOKU_LINE: Final = re.compile(r"^:[0-9]{4}(?:-[0-9x]+)?:[0-9x]*:([.0-9+]{81,162}):([0-9 ]*):")
_SDX_CELL: Final = re.compile(r"^(u?[1-9]|1?2?3?4?5?6?7?8?9?)$")
_SDK_HEADER: Final = re.compile(r"^#([A-Z])(.*)$")
_LONE_LINE: Final = re.compile(
    r"^#\s*lone candidates?:((?:\s*r[1-9]c[1-9])*|\s*none)\s*$", re.IGNORECASE | re.MULTILINE
)
_CELL_NAME: Final = re.compile(r"r([1-9])c([1-9])", re.I)


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


def lone_candidates_line(text: str) -> frozenset[int] | None:
    """The cells a ``# lone candidates: r1c7 …`` line names, or None without one."""
    found = _LONE_LINE.search(text)
    if not found:
        return None
    return frozenset(9 * (int(r) - 1) + int(c) - 1 for r, c in _CELL_NAME.findall(found.group(1)))


def read_sdx(lines: list[str], source: str, lone: frozenset[int] | None = None) -> Position:
    """SudoCue's ``.sdx``: givens, the player's digits, and the candidates (as centre marks).

    ``lone`` names the cells whose single digit is a candidate (the studio's comment line);
    without it a single digit is a candidate when another cell among its peers lists it (as a
    candidate, or as a single digit too), as HoDoKu reads a pencil-mark grid.
    """
    fields = [cell for line in lines for cell in line.rstrip("\r\n").split(" ")]
    return cells_position(fields, source, lone)


def cells_position(fields: list[str], source: str, lone: frozenset[int] | None) -> Position:
    """81 cell fields (a digit, ``u`` and a digit, candidates, or empty: ``""``, ``.`` or
    ``0``) as a position: a single digit is a given or a lone candidate as :func:`read_sdx`
    says."""
    givens = [0] * 81
    entries = [0] * 81
    centre = [0] * 81
    single: list[int] = []
    for cell, field in enumerate(fields):
        if field.startswith("u"):
            entries[cell] = int(field[1:])
        elif len(field) == 1 and field in "123456789":
            single.append(cell)
        else:
            centre[cell] = digits_mask(field)
    for cell in single:
        centre[cell] = 1 << (int(fields[cell]) - 1)  # for the peers' test below
    listed = _listed_by_peers(centre)
    for cell in single:
        centre[cell] = 0
        digit = int(fields[cell])
        is_candidate = cell in lone if lone is not None else listed[cell] >> (digit - 1) & 1
        if is_candidate:
            centre[cell] = 1 << (digit - 1)
        else:
            givens[cell] = digit
    return Position(tuple(givens), tuple(entries), centre=centre, source=source)


def _listed_by_peers(centre: list[int]) -> list[int]:
    """For each cell, the digits its peers list (their candidates, or their single digits:
    two of one digit in a unit are not both givens, and HoDoKu sets neither)."""
    return [_or(centre[peer] for peer in PEERS[cell]) for cell in range(81)]


def _or(masks: Iterable[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def write_sdx(position: Position) -> str:
    """SudoCue's ``.sdx``: givens, the player's digits (``u5``), and the centre marks as the
    candidates (one as its digit; none as an empty field), then, when a lone digit would be
    read the wrong way, the line that names the lone candidates."""
    fields = []
    for cell in range(81):
        if position.givens[cell]:
            fields.append(str(position.givens[cell]))
        elif position.entries[cell]:
            fields.append(f"u{position.entries[cell]}")
        else:
            fields.append(mask_digits(position.centre[cell]))
    rows = [" ".join(fields[9 * r : 9 * r + 9]) for r in range(9)]
    lone = frozenset(
        cell
        for cell, mask in enumerate(position.centre)
        if mask and not mask & (mask - 1) and not position.filled[cell]
    )
    if cells_position(fields, "", None) != cells_position(fields, "", lone):
        names = " ".join(f"r{cell // 9 + 1}c{cell % 9 + 1}" for cell in sorted(lone))
        rows.append(f"# lone candidates: {names or 'none'}")
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
