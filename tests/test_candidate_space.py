"""The candidate space (sudoku_core.logic.candidate_space) finds the singles a loop over cells
and units finds, a Forcing Net premise's table built on it is the table a copied board gives,
and a table breaks the grid on it exactly when it does digit by digit.

The references below are the net table and the contradiction test as they were written before
(a copy of the board, its singles found cell by cell and unit by unit, placed one by one; the
table read digit by digit): the fast ones must give the same for every premise of boards along
a hard path, including the premises whose trial board makes a cell the only place of two
digits (where the order of the units decides which is placed), and every kind of contradiction.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from sudoku_core.logic import Board, forcing
from sudoku_core.logic.board import ALL_CELLS, BIT_COUNT, MASK_DIGITS, PEER_BITS, UNIT_BITS
from sudoku_core.logic.candidate_space import SPACE, cells_of_space, singles, space_of
from sudoku_core.logic.solving_path import iter_path
from test_franken_search import BEFORE_STEP_22, board_of
from test_logic_forcing import before_chain

OFF = forcing.OFF


class _Reference:
    """The net table on a copied board, counting the trial boards with a cell that is the only
    place of two digits."""

    def __init__(self) -> None:
        self.clashes = 0

    def singles(self, board: Board) -> list[tuple[int, int]]:
        found = [(c, MASK_DIGITS[m][0]) for c, m in enumerate(board.cands) if BIT_COUNT[m] == 1]
        taken = 0
        for bits in UNIT_BITS:
            for d in range(1, 10):
                spots = board.where[d] & bits
                if spots and not spots & (spots - 1):
                    if spots & taken:
                        self.clashes += (spots.bit_length() - 1, d) not in found
                        continue
                    taken |= spots
                    found.append((spots.bit_length() - 1, d))
        return found

    @staticmethod
    def place(board: Board, start: Board, cell: int, digit: int) -> int:
        base = (digit - 1) * 81
        nodes = 1 << (base + cell) | (start.where[digit] & PEER_BITS[cell]) << (OFF + base)
        for e in MASK_DIGITS[start.cands[cell]]:
            if e != digit:
                nodes |= 1 << (OFF + (e - 1) * 81 + cell)
        if not board.values[cell]:
            board.place(cell, digit)
        return nodes

    def net_table(self, start: Board, cell: int, digit: int, is_on: bool) -> int:
        board = start.copy()
        if is_on:
            nodes = self.place(board, start, cell, digit)
        else:
            nodes = 1 << (OFF + forcing.on(cell, digit))
            board.eliminate(cell, digit)
            left = board.cands[cell]
            if left and not left & (left - 1):
                nodes |= self.place(board, start, cell, left.bit_length())
        for _ in range(forcing.LOOKAHEAD):
            found = self.singles(board)
            if not found:
                break
            for c, d in found:
                nodes |= self.place(board, start, c, d)
        return nodes


def _broken_by(tables: forcing.Tables, table: int) -> set[str]:
    """The contradictions a table sets, digit by digit (the test as it was)."""
    board = tables.board
    places = [
        [p for p in (bits & tables.allowed[d] for bits in UNIT_BITS) if p & board.where[d] == p]
        for d in range(10)
    ]
    found = set()
    placed = 0
    none_left = board.unsolved
    for d in range(1, 10):
        base = (d - 1) * 81
        ons = table >> base & ALL_CELLS
        offs = table >> (OFF + base) & ALL_CELLS
        if ons & offs:
            found.add("on and off")
        if ons & placed:
            found.add("two digits in a cell")
        placed |= ons
        none_left &= offs | ~board.where[d]
        if any((ons & bits) & ((ons & bits) - 1) for bits in UNIT_BITS):
            found.add("a digit twice in a unit")
        if offs and any(p and p & offs == p for p in places[d]):
            found.add("a unit without a digit")
    if none_left & ~placed:
        found.add("a cell without a digit")
    return found


def _boards() -> Iterator[Board]:
    yield before_chain()
    board = board_of(BEFORE_STEP_22)
    yield board.copy()
    for count, _ in enumerate(iter_path(board), start=1):
        yield board.copy()
        if count == 6:
            return


def test_a_net_table_on_the_candidate_space_is_the_table_of_a_copied_board() -> None:
    reference = _Reference()
    premises = 0
    for board in _boards():
        space = space_of(board)
        for node in forcing.Tables(board).nodes():
            cand = node % OFF
            cell, digit, is_on = cand % 81, cand // 81 + 1, node < OFF
            expected = reference.net_table(board, cell, digit, is_on)
            assert forcing.net_table(space, cell, digit, is_on) == expected, node
            premises += 1
    assert premises > 2000
    assert reference.clashes > 0  # the units' order did decide some cell's digit


def test_the_singles_of_a_trial_board_are_the_singles_of_the_loop() -> None:
    reference = _Reference()
    checked = 0
    for board in _boards():
        for cell in range(81):
            for digit in MASK_DIGITS[board.cands[cell]]:
                trial = board.copy()
                trial.place(cell, digit)
                expected = 0
                for c, d in reference.singles(trial):
                    expected |= 1 << forcing.on(c, d)
                assert singles(space_of(trial)) == expected
                checked += expected != 0
    assert checked > 100


def test_the_space_holds_every_candidate_and_its_cells() -> None:
    board = before_chain()
    space = space_of(board)
    assert space & ~SPACE == 0
    assert space.bit_count() == sum(BIT_COUNT[m] for m in board.cands)
    assert cells_of_space(space) == board.unsolved


def _tables_to_break(board: Board, tables: forcing.Tables) -> Iterator[int]:
    """The closed tables of the board's premises, and each with one more fact (a candidate on,
    every candidate of a cell off, or every place of a digit in a unit off); one candidate on
    alone, and two that clash."""
    rng = random.Random(7)
    links = forcing.chain_links(board, forcing.group_nodes(board))
    candidates = [forcing.on(c, d) for c in range(81) for d in MASK_DIGITS[board.cands[c]]]
    for node in tables.nodes():
        table = forcing.closure(links, node)
        yield table
        yield table | 1 << rng.choice(candidates)
        cell = rng.choice(candidates) % 81
        yield table | sum(1 << (OFF + forcing.on(cell, d)) for d in MASK_DIGITS[board.cands[cell]])
        d = rng.randrange(1, 10)
        spots = board.where[d] & UNIT_BITS[rng.randrange(27)]
        yield table | sum(1 << (OFF + forcing.on(c, d)) for c in range(81) if spots >> c & 1)
        # and facts alone: one candidate on, two of a cell on, a digit on in two peers
        cand = node % OFF
        cell, d = cand % 81, cand // 81 + 1
        yield 1 << cand
        other = board.cands[cell] & ~(1 << (d - 1))
        if other:
            yield 1 << cand | 1 << forcing.on(cell, other.bit_length())
        peers = board.where[d] & PEER_BITS[cell]
        if peers:
            yield 1 << cand | 1 << forcing.on(peers.bit_length() - 1, d)


def test_a_table_breaks_the_grid_on_the_candidate_space_as_digit_by_digit() -> None:
    alone: set[str] = set()
    broken = before_chain()
    empty = (broken.unsolved & -broken.unsolved).bit_length() - 1
    for d in MASK_DIGITS[broken.cands[empty]]:
        broken.eliminate(empty, d)  # an empty cell without a candidate
    for board in [*_boards(), broken]:
        tables = forcing.Tables(board)
        for table in _tables_to_break(board, tables):
            why = _broken_by(tables, table)
            assert forcing._breaks(tables, table) == bool(why), why
            if len(why) == 1:
                alone |= why
    # each contradiction was the only one of some table: the test would see it missed
    assert alone == {
        "on and off",
        "two digits in a cell",
        "a digit twice in a unit",
        "a unit without a digit",
        "a cell without a digit",
    }
