"""Work kept from one board state to the next must give what a fresh search gives.

The ALS listing (:mod:`sudoku_core.logic.als`) reuses the ALSs and restricted commons of the
last state listed where a step changed none of their cells, and a forcing closure
(:mod:`sudoku_core.logic.forcing`) reuses the closures of premises closed before it. Both are
checked here against the same work done from nothing, along a hard path.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_core._steps import run_to_end
from sudoku_core.logic import als, forcing
from sudoku_core.logic.board import Board, cells_of
from sudoku_core.logic.solver import iter_path
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
