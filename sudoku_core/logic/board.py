"""The candidate grid the techniques work on, and the bit geometry they share.

Vocabulary (see :mod:`sudoku_core.grid`): cell 0..80, digit 1..9, *mask* = 9-bit digit set.
Added here: a *cellset* is an 81-bit int, bit ``c`` for cell ``c``. The board keeps, besides
each cell's candidate mask, one cellset per digit (``where[d]``: the cells where ``d`` is still
a candidate), so that fish, colouring and chains ask "where can 5 go in row 3" with one AND.

A :class:`Board` is changed in place by :meth:`Board.place` and :meth:`Board.eliminate`
(a solve path applies a few hundred steps; copying per step would cost more than the steps).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from sudoku_core.grid import (
    BOXES,
    CELLS,
    COLS,
    PEERS,
    ROWS,
    UNITS,
    Cell,
    Digit,
    Grid,
    Mask,
)

Cellset = int
"""81-bit set of cells, bit ``c`` for cell ``c``."""
Candidate = tuple[Cell, Digit]

CELL_BIT: Final = tuple(1 << c for c in CELLS)
UNIT_BITS: Final = tuple(sum(1 << c for c in unit) for unit in UNITS)
"""Per unit 0..26 (rows, columns, boxes): its cellset."""
ROW_BITS: Final = UNIT_BITS[:9]
COL_BITS: Final = UNIT_BITS[9:18]
BOX_BITS: Final = UNIT_BITS[18:]
PEER_BITS: Final = tuple(sum(1 << p for p in PEERS[c]) for c in CELLS)
ALL_CELLS: Final = (1 << 81) - 1
BIT_COUNT: Final = tuple(m.bit_count() for m in range(512))
MASK_DIGITS: Final = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))

__all__ = [
    "ALL_CELLS",
    "BIT_COUNT",
    "BOXES",
    "BOX_BITS",
    "CELL_BIT",
    "COLS",
    "COL_BITS",
    "MASK_DIGITS",
    "PEER_BITS",
    "ROWS",
    "ROW_BITS",
    "UNIT_BITS",
    "Board",
    "Candidate",
    "Cellset",
    "cells_of",
    "cellset",
    "first_cell",
]


def cells_of(bits: Cellset) -> Iterator[Cell]:
    """The cells of a cellset, ascending.

    Examples:
        >>> list(cells_of(0b1010))
        [1, 3]
    """
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def first_cell(bits: Cellset) -> Cell:
    """The lowest cell of a non-empty cellset."""
    return (bits & -bits).bit_length() - 1


def cellset(cells: Iterable[Cell]) -> Cellset:
    """The cellset of some cells."""
    bits = 0
    for c in cells:
        bits |= 1 << c
    return bits


class Board:
    """Digits placed so far and the candidates left, kept consistent with each other.

    ``values[c]`` is the digit in cell ``c`` (0 when empty), ``cands[c]`` its candidate mask
    (0 once solved), ``where[d]`` the cellset of cells that still have candidate ``d``.
    ``memo`` is work a finder keeps for its next call on this board, stored with the candidates
    it saw since the board changes in place (one scan finds both finned and sashimi fish).
    ``givens`` is the cellset of the digits the board started with: Avoidable Rectangles may
    use only digits placed since (a given cannot be swapped with another digit).

    Examples:
        >>> board = Board.from_grid((0,) * 80 + (9,))
        >>> board.cands[0] == 0x1FF, board.cands[80], bin(board.where[9]).count("1")
        (True, 0, 60)
    """

    __slots__ = ("cands", "givens", "memo", "unsolved", "values", "where")

    def __init__(self, values: list[int], cands: list[int]) -> None:
        self.values = values
        self.cands = cands
        self.where = [0] * 10
        self.unsolved = 0
        self.memo: dict[object, object] = {}
        for c in CELLS:
            mask = cands[c]
            if not values[c]:
                self.unsolved |= 1 << c
            while mask:
                low = mask & -mask
                self.where[low.bit_length()] |= 1 << c
                mask ^= low
        self.givens = ALL_CELLS & ~self.unsolved

    @classmethod
    def from_grid(cls, grid: Sequence[int]) -> Board:
        """The board of a grid with every candidate its placed digits allow."""
        values = list(grid)
        cands = [0] * 81
        for c in CELLS:
            if not values[c]:
                used = 0
                for p in PEERS[c]:
                    if values[p]:
                        used |= 1 << (values[p] - 1)
                cands[c] = 0x1FF & ~used
        return cls(values, cands)

    @classmethod
    def from_marks(cls, grid: Sequence[int], marks: Sequence[Mask]) -> Board:
        """A player's board: their digits and pencil marks (kept only where the rules allow)."""
        board = cls.from_grid(grid)
        for c in CELLS:
            if not board.values[c]:
                for d in MASK_DIGITS[board.cands[c] & ~marks[c]]:
                    board.eliminate(c, d)
        return board

    def copy(self) -> Board:
        """An independent copy (used by forcing chains and by hints, never per step)."""
        other = Board.__new__(Board)
        other.values = self.values[:]
        other.cands = self.cands[:]
        other.where = self.where[:]
        other.unsolved = self.unsolved
        other.givens = self.givens
        other.memo = {}
        return other

    def place(self, cell: Cell, digit: Digit) -> None:
        """Put ``digit`` in ``cell`` and take it out of the candidates of the cell's peers."""
        self.values[cell] = digit
        bit = 1 << cell
        for d in MASK_DIGITS[self.cands[cell]]:
            self.where[d] &= ~bit
        self.cands[cell] = 0
        self.unsolved &= ~bit
        mask = ~(1 << (digit - 1))
        seen = self.where[digit] & PEER_BITS[cell]
        self.where[digit] ^= seen
        while seen:
            low = seen & -seen
            self.cands[low.bit_length() - 1] &= mask
            seen ^= low

    def eliminate(self, cell: Cell, digit: Digit) -> bool:
        """Take a candidate out; False when it was not there."""
        bit = 1 << (digit - 1)
        if not self.cands[cell] & bit:
            return False
        self.cands[cell] &= ~bit
        self.where[digit] &= ~(1 << cell)
        return True

    def has(self, cell: Cell, digit: Digit) -> bool:
        """True when ``digit`` is still a candidate of ``cell``."""
        return bool(self.cands[cell] >> (digit - 1) & 1)

    @property
    def is_solved(self) -> bool:
        """True when every cell holds a digit."""
        return not self.unsolved

    def grid(self) -> Grid:
        """The placed digits as a grid."""
        return tuple(self.values)

    def candidates(self) -> list[Candidate]:
        """Every remaining candidate, by cell then digit."""
        return [(c, d) for c in CELLS for d in MASK_DIGITS[self.cands[c]]]

    def is_consistent(self) -> bool:
        """False when some empty cell has no candidate left or a unit lost a digit entirely."""
        if any(not self.values[c] and not self.cands[c] for c in CELLS):
            return False
        for u, bits in enumerate(UNIT_BITS):
            placed = 0
            for c in UNITS[u]:
                if self.values[c]:
                    placed |= 1 << (self.values[c] - 1)
            for d in range(1, 10):
                if not placed >> (d - 1) & 1 and not self.where[d] & bits:
                    return False
        return True
