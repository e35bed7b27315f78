"""Which single comes next: HoDoKu's queues of new singles, kept beside a board.

A path's score depends on which single is taken at each step (a Hidden Single is worth 14,
a Naked Single or Full House 4, and taking one changes which kind the next ones are). HoDoKu
does not scan the grid for singles: it queues each one the moment it appears (a cell left
with one candidate; a unit left with one place for a digit) and takes them oldest first.
:class:`SinglesQueue` keeps those two queues for a :class:`~sudoku_core.logic.board.Board`:
it follows the board's changes (a placement takes the digit from the peers in cell order,
then clears the cell; an elimination step's candidates go in cell order), as HoDoKu's grid
does, so the solver takes the singles in HoDoKu's order.

Every single of the board is in a queue (it was queued when it appeared and leaves the queue
only when taken or found solved), so following the queues never misses one.
"""

from __future__ import annotations

from collections import deque
from typing import Final

from sudoku_core.grid import CELLS, UNITS_OF
from sudoku_core.logic.board import MASK_DIGITS, PEER_BITS, UNIT_BITS, Board, cells_of

_MEMO_KEY: Final = "singles queue"


class SinglesQueue:
    """HoDoKu's bookkeeping of a board: candidates per cell, the count of places per unit
    and digit (``free``), and the queues of naked (cell, digit) and hidden (cell, digit)
    singles in the order they appeared."""

    __slots__ = ("cands", "free", "hidden", "naked", "values", "where")

    def __init__(self) -> None:
        self.values = [0] * 81
        self.cands = [0x1FF] * 81
        self.where = [0] + [(1 << 81) - 1] * 9
        self.free = [[0] + [9] * 9 for _ in range(27)]
        self.naked: deque[tuple[int, int]] = deque()
        self.hidden: deque[tuple[int, int]] = deque()

    def _eliminate(self, cell: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        if not self.cands[cell] & bit:
            return
        self.cands[cell] &= ~bit
        self.where[digit] &= ~(1 << cell)
        for u in UNITS_OF[cell]:
            self.free[u][digit] -= 1
            if self.free[u][digit] == 1:
                left = self.where[digit] & UNIT_BITS[u]
                if left:
                    self.hidden.append(((left & -left).bit_length() - 1, digit))
        rest = self.cands[cell]
        if rest and not rest & (rest - 1):
            self.naked.append((cell, rest.bit_length()))

    def _place(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        for peer in cells_of(PEER_BITS[cell]):
            self._eliminate(peer, digit)
        old = self.cands[cell]
        self.cands[cell] = 0
        for d in MASK_DIGITS[old]:
            self.where[d] &= ~(1 << cell)
            for u in UNITS_OF[cell]:
                self.free[u][d] -= 1
                if self.free[u][d] == 1 and d != digit:
                    left = self.where[d] & UNIT_BITS[u]
                    if left:
                        self.hidden.append(((left & -left).bit_length() - 1, d))

    def follow(self, board: Board) -> None:
        """Catch up with the board: its new digits first, then its lost candidates."""
        if self.cands == board.cands:
            return
        values = board.values
        for cell in CELLS:
            if values[cell] and not self.values[cell]:
                self._place(cell, values[cell])
        for cell in CELLS:
            gone = self.cands[cell] & ~board.cands[cell]
            for d in MASK_DIGITS[gone]:
                self._eliminate(cell, d)


def singles_queue(board: Board) -> SinglesQueue:
    """The board's queue, made on first use (the givens placed in cell order, as HoDoKu
    loads a puzzle) and kept in the board's memo, caught up with the board."""
    queue = board.memo.get(_MEMO_KEY)
    if not isinstance(queue, SinglesQueue):
        queue = SinglesQueue()
        for cell in cells_of(board.givens):
            queue._place(cell, board.values[cell])
        board.memo[_MEMO_KEY] = queue
    queue.follow(board)
    return queue
