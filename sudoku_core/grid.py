"""The vocabulary and geometry of a 9x9 Sudoku, shared by every other module.

Vocabulary (Norvig's, with ints instead of strings):

- *cell*: an index 0..80, row-major (``cell = 9 * row + col``).
- *row*, *col*, *box*: indexes 0..8; boxes are numbered left to right, top to bottom.
- *unit*: the 9 cells of a row, column or box; there are 27.
- *peers*: the 20 other cells that share a unit with a cell.
- *digit*: 1..9; ``0`` marks an empty cell.
- *mask*: a 9-bit set of digits, bit ``d - 1`` for digit ``d``.
- *grid*: a tuple of 81 digits; the *givens* of a puzzle are its non-zero cells.

People count from 1, so every message names rows, columns and boxes 1-based (``r3c5``),
while the code counts from 0. The geometry is a few tables computed once at import.
"""

from __future__ import annotations

TYPE_CHECKING = False
"""True for type checkers only: :mod:`typing` is imported for them alone, as in every module
on the way to ``solve``, because importing it took 5 ms of the command line's start-up."""

if TYPE_CHECKING:
    from typing import Final, Literal, TypeAlias

    UnitKind: TypeAlias = Literal["row", "column", "box"]

Grid = tuple[int, ...]
"""81 digits, row-major, 0 for an empty cell."""

Cell = int
Digit = int
Mask = int

CELLS: Final = range(81)
EMPTY_GRID: Final[Grid] = (0,) * 81


def row_of(cell: Cell) -> int:
    """The row (0..8) of a cell."""
    return cell // 9


def col_of(cell: Cell) -> int:
    """The column (0..8) of a cell."""
    return cell % 9


def box_of(cell: Cell) -> int:
    """The box (0..8) of a cell, numbered left to right, top to bottom."""
    return (cell // 27) * 3 + (cell % 9) // 3


ROWS: Final = tuple(tuple(9 * r + c for c in range(9)) for r in range(9))
COLS: Final = tuple(tuple(9 * r + c for r in range(9)) for c in range(9))
BOXES: Final = tuple(tuple(c for c in CELLS if box_of(c) == b) for b in range(9))
UNITS: Final = ROWS + COLS + BOXES
"""All 27 units: rows 0..8, then columns, then boxes."""

UNIT_KINDS: Final[tuple[UnitKind, ...]] = ("row",) * 9 + ("column",) * 9 + ("box",) * 9

UNITS_OF: Final = tuple((row_of(c), 9 + col_of(c), 18 + box_of(c)) for c in CELLS)
"""Per cell: the indexes in :data:`UNITS` of its row, column and box."""
PEERS: Final = tuple(tuple(sorted({p for u in UNITS_OF[c] for p in UNITS[u]} - {c})) for c in CELLS)
"""Per cell: its 20 peers, ascending."""
LINES_OF_BOX: Final = tuple(
    (
        tuple(sorted({UNITS_OF[c][0] for c in box})),
        tuple(sorted({UNITS_OF[c][1] for c in box})),
    )
    for box in BOXES
)
"""Per box: the indexes in :data:`UNITS` of the three rows and the three columns through it."""
BOXES_OF_LINE: Final = tuple(tuple(sorted({UNITS_OF[c][2] for c in line})) for line in ROWS + COLS)
"""Per line (the units 0..17: rows, then columns): the indexes in :data:`UNITS` of its 3 boxes."""


def cell_name(cell: Cell) -> str:
    """The standard 1-based name of a cell, e.g. ``r3c5``.

    Examples:
        >>> cell_name(0), cell_name(80), cell_name(22)
        ('r1c1', 'r9c9', 'r3c5')
    """
    return f"r{row_of(cell) + 1}c{col_of(cell) + 1}"


def unit_name(unit: int) -> str:
    """A person's name for one of the 27 units, e.g. ``row 3`` or ``box 9``.

    Examples:
        >>> unit_name(2), unit_name(9), unit_name(26)
        ('row 3', 'column 1', 'box 9')
    """
    return f"{UNIT_KINDS[unit]} {unit % 9 + 1}"


def givens_count(grid: Grid) -> int:
    """How many cells of the grid hold a digit."""
    return 81 - grid.count(0)
