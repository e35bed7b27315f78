"""Work kept from one board state to the next must give what a fresh search gives.

The ALS listing (:mod:`sudoku_core.logic.als`) reuses the ALSs and restricted commons of the
last state listed where a step changed none of their cells, a forcing closure
(:mod:`sudoku_core.logic.forcing`) reuses the closures of premises closed before it, and Sue
de Coq (:mod:`sudoku_core.logic.sue_de_coq`) skips the lines and boxes where it found nothing
while their cells stay the same; the forcing searches keep a board's group nodes and their
links for the other one. Each is checked here against the same work done from nothing, along a
hard path.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_core import parse, solve
from sudoku_core._slices import run_to_end
from sudoku_core.logic import als, forcing, sue_de_coq
from sudoku_core.logic.board import (
    ALL_CELLS,
    BOX_BITS,
    COL_BITS,
    PEER_BITS,
    ROW_BITS,
    Board,
    cells_of,
)
from sudoku_core.logic.solving_path import iter_path
from test_franken_search import BEFORE_STEP_22, board_of

Listed = tuple[
    list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]], list[list[tuple[int, int]]]
]


def _listed(board: Board) -> Listed:
    alses, table = run_to_end(als._iter_alses_and_rcs(board))
    return [(a.cells, a.mask, a.unit, a.spots, a.seen) for a in alses], [list(r) for r in table]


def _boards(steps: int) -> Iterator[Board]:
    board = board_of(BEFORE_STEP_22)
    yield board
    for count, _ in enumerate(iter_path(board), start=1):
        yield board
        if count == steps:
            return


def test_an_als_listing_from_the_last_state_is_a_fresh_listing() -> None:
    als._last = None
    reused = 0
    for board in _boards(12):
        before = als._last
        kept = _listed(board)
        if before is not None and before.cands != board.cands:
            reused += 1
        als._last = None
        assert kept == _listed(board)
    als._last = None
    assert reused >= 10  # the listings above did start from the state before


def test_the_rc_table_holds_every_pair_with_a_restricted_common() -> None:
    states = [board.copy() for board in _boards(6)]
    pairs = 0
    # forwards along the path, and backwards: a listing kept from a later state (fewer
    # candidates) must not miss the restricted commons of the earlier ones
    for boards in (states, states[::-1]):
        als._last = None
        for board in boards:
            alses, table = run_to_end(als._iter_alses_and_rcs(board))
            plain = [
                [(j, rc) for j, b in enumerate(alses) if (rc := als.restricted_commons(a, b))]
                for a in alses
            ]
            assert table == plain
            pairs += sum(map(len, table))
    als._last = None
    assert pairs > 1000


def _reached(links: list[int], start: int) -> int:
    """The nodes ``start`` reaches, one node at a time from a stack (the plain way)."""
    seen = {start}
    stack = [start]
    while stack:
        node = stack.pop()
        for target in cells_of(links[node]):  # cells_of lists the set bits of any int
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return sum(1 << node for node in seen)


def test_a_closure_reusing_earlier_closures_is_the_plain_closure() -> None:
    board = board_of(BEFORE_STEP_22)
    links = forcing.chain_links(board, forcing.group_nodes(board))
    closed = [0] * len(links)
    for node in forcing.Tables(board).nodes():
        closed[node] = forcing.closure(links, node, closed)
        assert closed[node] == forcing.closure(links, node) == _reached(links, node)


SUE_DE_COQ_LATE = (
    "98.7..6..7..........5.4..9.36......8..2.1..4......3....5...2.1...91.........5.4.9"
)
"""forum_hardest_1905_11plus (tests/data, line 9): step 11 of its path is a Sue de Coq, on a
board searched for one (in vain) at earlier steps."""


def test_sue_de_coq_skipping_what_it_saw_finds_what_a_fresh_search_finds() -> None:
    grid = parse(SUE_DE_COQ_LATE)
    board = Board.from_grid(grid)
    found_with_memo = 0
    for count, _ in enumerate(iter_path(board, solve(grid), unique=True), start=1):
        kept = sue_de_coq.find_sue_de_coq(board)
        assert kept == sue_de_coq.find_sue_de_coq(board.copy())
        found_with_memo += kept is not None
        if count == 12:
            break
    assert found_with_memo  # a Sue de Coq was found on a board whose memo was not empty


def test_the_forcing_searches_keeping_group_links_find_what_fresh_searches_find() -> None:
    kept_found = 0
    for board in _boards(8):
        for find in (forcing.find_forcing_chain, forcing.find_forcing_net):
            kept = find(board)
            assert kept == find(board.copy())
            kept_found += kept is not None
    assert kept_found > 4


def test_the_group_nodes_are_every_box_line_crossing_with_two_places() -> None:
    board = board_of(BEFORE_STEP_22)
    plain = []
    for line in ROW_BITS + COL_BITS:
        for d in range(1, 10):
            for box in BOX_BITS:
                cells = board.where[d] & line & box
                if cells.bit_count() >= 2:
                    seen = ALL_CELLS
                    for c in cells_of(cells):
                        seen &= PEER_BITS[c]
                    plain.append(forcing.GroupNode(d, cells, seen, box, line))
    assert forcing.group_nodes(board) == plain and len(plain) > 20
