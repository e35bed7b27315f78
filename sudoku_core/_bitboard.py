"""The whole-board bit representation behind the solver.

Why this shape: CPython spends its time per bytecode, not per bit, so the solver keeps the
entire candidate grid in *one* Python int and lets each big-int operation work on all 81 cells
at once. Cell ``c`` owns the 10-bit *field* at bits ``10*c .. 10*c+9``: bits 0..8 are its
candidate mask, bit 9 is a guard bit that stays 1 in the board, so that one subtraction
across the whole int can test every field without a borrow leaking into the next one (the
"SWAR" trick):

- ``(x - LOW) & GUARDS``: the guard bit of every field that is not empty (512 + v - 1 >= 512
  iff v >= 1);
- ``(x - LOW) & x``: every field with its lowest candidate cleared (its guard kept when the
  field is not empty), and that less ``LOW`` again: the guard bit of every field with two or
  more candidates (on a board with no empty field, which the first test has ruled out).

Guard bits kept at 0 instead would need each test to OR them in first (``(x | GUARDS) - LOW``)
or to add ``ALL``: one operation more every propagation round, 1.04-1.05x slower on
forum_hardest (same nodes; CPU time, alternated in one process).

Folding the board onto itself with shifts of 10 (along a row), 90 (down a column) or both
(within a box) counts, for all 27 units at once, which digits occur once and which occur
twice or more: that finds every hidden single in a few dozen operations.

Placing digit ``d`` in cell ``c`` is one AND with a precomputed mask that clears the cell's
other candidates and ``d`` from its 20 peers, and one XOR into the *record*, a second int of
three 810-bit regions. A placed cell keeps its digit on the board, so an empty field always
means a contradiction: two naked singles that clash empty a cell, and the next round's test
for empty fields finds it. Clearing the placed field instead needed a test per single and the
record to vouch for every empty field: keeping the digit made forum_hardest 1.06x faster
(same nodes; CPU time, alternated in one process). It also makes a solved board its own
answer: every field holds the placed digit. The record:

- region 0, same layout as the board: each field's guard bit while the cell is *not* placed
  yet, so that the guard bits of ``multi ^ record`` (``multi`` flagging the fields with two
  or more candidates) are the naked singles, two operations (finding the placed cells with
  ``record + ALL`` added across the whole record: 130 ns against 54 for an AND, every
  propagation round); and in bits 0..8 of each box's first field, the mask of the digits
  already placed in that box;
- regions 1 and 2 (rows, columns): the same masks at the field of each unit's first cell.
  A fold sees a placed digit once in its unit, like a hidden single: these masks tell them
  apart. The boxes' masks share region 0 rather than having a region 3 of their own: the box
  fold, the most frequent, would shift the whole 3240-bit record down 2430 bits every time
  (about 100 ns, 1.01-1.02x slower on forum_hardest); region 0 does not repeat the placed
  digits, which the board has.

A search state is just the pair (board, record).
"""

from __future__ import annotations

from sudoku_core.grid import BOXES, CELLS, COLS, ROWS, UNITS, UNITS_OF, box_of, col_of, row_of

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Final

FIELD_BITS: Final = 10
REGION_BITS: Final = 81 * FIELD_BITS

LOW: Final = sum(1 << (FIELD_BITS * c) for c in CELLS)
"""Bit 0 of every field."""
GUARDS: Final = LOW << 9
"""The guard bit (bit 9) of every field."""
ALL: Final = 0x1FF * LOW
"""Every candidate of every cell."""
BOARD: Final = ALL | GUARDS
"""The board of an empty grid: every candidate, and every guard bit (they stay set)."""

ROW_START: Final = sum(0x1FF << (FIELD_BITS * row[0]) for row in ROWS)
COL_START: Final = sum(0x1FF << (FIELD_BITS * col[0]) for col in COLS)
BOX_START: Final = sum(0x1FF << (FIELD_BITS * box[0]) for box in BOXES)
"""The fields, one per unit, where the folds leave their counts."""


def _field(cell: int, mask: int) -> int:
    return mask << (FIELD_BITS * cell)


_UNIT_LOW = [sum(_field(c, 1) for c in unit) for unit in UNITS]
"""Per unit (rows, columns, boxes): bit 0 of its nine cells' fields."""
_PEERS_LOW = [
    (_UNIT_LOW[row] | _UNIT_LOW[col] | _UNIT_LOW[box]) ^ _field(cell, 1)
    for cell, (row, col, box) in zip(CELLS, UNITS_OF, strict=True)
]
"""Per cell: bit 0 of its 20 peers' fields, the union of its three units' less its own
(summing the 20 peers' bits cell by cell cost 0.3 ms of every start)."""


def _place_tables() -> tuple[list[int], list[int]]:
    """Per candidate, indexed by ``10 * cell + digit`` (see :data:`PLACE_CLEAR`): the board mask
    to AND and the bits to XOR into the *record* (the cell's guard bit, and the digit in each
    of its units). A cell is placed once on a path and a unit gets a digit once, so XOR sets each
    bit but the guard, which it clears; only two clashing singles of one batch place a digit
    twice in a unit, and they leave an empty cell that ends the state first.

    Built from each cell's peer bits shifted by the digit, not summed per (cell, digit): the
    table took 6 ms of every start-up the other way, a third of importing the solver. The
    board mask is XORs off the board less the cell's own field (the digit's bit and the peers'
    bits are inside it), not ``~(field | peers) & ALL``: half the big-int operations, 0.3 ms of
    every start.
    """
    clear = [ALL] * (REGION_BITS + 1)
    record = [0] * (REGION_BITS + 1)
    for cell in CELLS:
        peers_low = _PEERS_LOW[cell]
        others = BOARD ^ _field(cell, 0x1FF)
        units_low = (
            _field(BOXES[box_of(cell)][0], 1)
            | _field(ROWS[row_of(cell)][0], 1) << REGION_BITS
            | _field(COLS[col_of(cell)][0], 1) << (2 * REGION_BITS)
        )
        for di in range(9):
            # the cell keeps its digit: its other digits and the peers' same digit go
            clear[FIELD_BITS * cell + di + 1] = others ^ _field(cell, 1 << di) ^ peers_low << di
            record[FIELD_BITS * cell + di + 1] = units_low << di | _field(cell, 0x200)
    return clear, record


PLACE_CLEAR, PLACE_RECORD = _place_tables()
"""Index: ``10 * cell + digit``, the bit *length* of the candidate's bit (its position plus
one), as every table below: the hot loops take bits with ``n = bits.bit_length()`` and index
with ``n`` itself; the ``- 1`` per bit was 1-2% of the search (measured with the other
length-indexed tables, CPU time, alternated in one process)."""


def _unit_planes(first: int) -> list[int]:
    """Per (unit, digit index) of the nine units from ``first``: that digit's bits in the unit's
    cells (the unit's bit 0 shifted by the digit: summing 81 cells' bits per unit and digit cost
    0.5 ms of every start)."""
    return [_UNIT_LOW[unit] << di for unit in range(first, first + 9) for di in range(9)]


ROW_PLANES: Final = _unit_planes(0)
COL_PLANES: Final = _unit_planes(9)
BOX_PLANES: Final = _unit_planes(18)


def _planes_at(starts: list[int], planes: list[int]) -> list[int]:
    """Per bit length of a fold's result bit (unit start field + digit): that digit's plane in
    that unit."""
    table = [0] * (REGION_BITS + 1)
    for unit, start in enumerate(starts):
        for di in range(9):
            table[FIELD_BITS * start + di + 1] = planes[9 * unit + di]
    return table


ROW_PLANE_AT: Final = _planes_at([row[0] for row in ROWS], ROW_PLANES)
COL_PLANE_AT: Final = _planes_at([col[0] for col in COLS], COL_PLANES)
BOX_PLANE_AT: Final = _planes_at([box[0] for box in BOXES], BOX_PLANES)
"""Where a hidden single's digit can still go in its unit, indexed by the bit that found it."""

SPREAD_ROW: Final = sum(1 << (FIELD_BITS * c) for c in ROWS[0])
SPREAD_COL: Final = sum(1 << (FIELD_BITS * c) for c in COLS[0])
SPREAD_BOX: Final = sum(1 << (FIELD_BITS * c) for c in BOXES[0])
SPREAD_MINI_ROW: Final = sum(1 << (FIELD_BITS * c) for c in ROWS[0][:3])
SPREAD_MINI_COL: Final = sum(1 << (FIELD_BITS * c) for c in COLS[0][:3])
"""Multipliers that copy a field's mask into every field of a unit (no carries: targets differ)."""
PEER_FIELDS: Final = [peers_low * 0x3FF for peers_low in _PEERS_LOW]
"""Per cell: every bit of its 20 peers' fields, to count with one AND and one ``bit_count``
whatever the branch choice marks in a peer's field (see
:func:`sudoku_core._propagate.branch_cell`)."""
PEER_FIELDS_AT: Final = [0] + [PEER_FIELDS[bit // FIELD_BITS] for bit in range(REGION_BITS)]
"""The same indexed by the bit length of any bit of the cell's field (the branch choice has
its guard bit)."""
BELOW: Final = [0] + [(1 << bit) - 1 for bit in range(REGION_BITS)]
"""Per bit length ``n``: every bit below bit ``n - 1``. Taking a board's bits highest first,
``bits &= BELOW[bits.bit_length()]`` drops the top one faster than ``bits ^= 1 << top``,
which builds a new int as long as the position first (58 against 88 ns near the top of the
board)."""
