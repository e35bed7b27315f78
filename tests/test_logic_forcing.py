"""Forcing Chains and Forcing Nets by tables (sudoku_core.logic.forcing): every link sound, the
step HoDoKu takes, nothing on a board without a conclusion, trial and error's cell."""

from __future__ import annotations

import pytest

from sudoku_core import parse, solve
from sudoku_core.grid import Grid
from sudoku_core.logic import Board, forcing
from sudoku_core.logic.board import cells_of
from sudoku_core.logic.candidate_space import space_of

PUZZLE = "2........3.4..6.1..1.3...75....89.439..4..1..........2.526........73...6......8.."
"""A magictour_top1465 puzzle (permuted): HoDoKu grades it Extreme with a Forcing Chain."""
BEFORE_CHAIN = (
    "2.5...3..3.4..6.1..1.3...75....89.439..4..1..........2.526...3....73...6......8..",
    "0001600001811490490001a01880001400001921520001020001800a00001a000010a00a12a00000007102"
    "20610130000000700000000000a60e40000720560000b00c00f90ac0e50110710551701b00000c90000000"
    "0010908914800014908918818100000009b11811200006912c16511311b01b000112149",
)
"""HoDoKu's board (digits, then each cell's candidate mask in three hex digits) just before the
first Forcing Chain of its path for PUZZLE, taken from hodoku-py 0.2.1. On it, HoDoKu's
chains prove three eliminations and its nets 55 facts."""


def before_chain() -> Board:
    digits, masks = BEFORE_CHAIN
    marks = [int(masks[3 * c : 3 * c + 3], 16) for c in range(81)]
    return Board.from_marks(parse(digits), marks)


def truth(solution: Grid, groups: list[forcing.GroupNode], node: int) -> bool:
    """Whether a node of the tables holds in the solution."""
    if node >= forcing.GROUPS:
        group = groups[(node - forcing.GROUPS) // 2]
        placed = any(solution[c] == group.digit for c in cells_of(group.cells))
        return placed == (node % 2 == 0)
    cand = node % forcing.OFF
    return (solution[cand % 81] == cand // 81 + 1) == (node < forcing.OFF)


def net_links(board: Board, groups: list[forcing.GroupNode]) -> list[int]:
    links = [0] * (forcing.GROUPS + 2 * len(groups))
    space = space_of(board)
    for node in forcing.Tables(board).nodes():
        cand = node % forcing.OFF
        links[node] = forcing.net_table(space, cand % 81, cand // 81 + 1, node < forcing.OFF)
    return links


@pytest.mark.parametrize("kind", ["chain", "net"])
def test_every_link_from_a_true_fact_leads_to_a_true_fact(kind: str) -> None:
    board = before_chain()
    solution = solve(board.grid())
    assert solution is not None
    groups = forcing.group_nodes(board)
    assert groups  # the group nodes' links are checked too
    if kind == "chain":
        links = forcing.chain_links(board, groups)
    else:
        links = net_links(board, groups)
        forcing._link_groups(board, groups, links)
    checked = 0
    for node, targets in enumerate(links):
        if targets and truth(solution, groups, node):
            for target in cells_of(targets):  # cells_of lists the set bits of any int
                assert truth(solution, groups, target), (node, target)
                checked += 1
    assert checked > 500


def test_forcing_chain_takes_hodokus_step() -> None:
    step = forcing.find_forcing_chain(before_chain())
    assert step is not None and step.technique == "Forcing Chain"
    # HoDoKu's chains prove r5c8<>6, r6c1<>7, r9c3<>9; with no placement, the lowest cell first
    assert step.placements == () and step.eliminations == ((43, 6),)
    assert "if r5c8 were 6" in step.text


def test_forcing_net_places_before_it_eliminates() -> None:
    step = forcing.find_forcing_net(before_chain())
    assert step is not None and step.technique == "Forcing Net"
    # HoDoKu's nets prove four placements (r1c9=4 the lowest cell) and 51 eliminations
    assert step.placements == ((8, 4),) and step.eliminations == ()


def test_the_forcing_steps_are_right() -> None:
    board = before_chain()
    solution = solve(board.grid())
    assert solution is not None
    for find in (forcing.find_forcing_chain, forcing.find_forcing_net):
        step = find(board)
        assert step is not None
        assert all(solution[c] == d for c, d in step.placements)
        assert all(solution[c] != d for c, d in step.eliminations)


def test_nothing_is_forced_on_an_open_board() -> None:
    board = Board.from_grid((0,) * 81)
    assert forcing.find_forcing_chain(board) is None
    assert forcing.find_forcing_net(board) is None


def test_a_net_reaches_all_a_chain_does_and_more() -> None:
    board = before_chain()
    groups = forcing.group_nodes(board)
    chains = forcing.chain_links(board, groups)
    nets = net_links(board, groups)
    forcing._link_groups(board, groups, nets)
    further = 0
    for node in forcing.Tables(board).nodes():
        chained, netted = forcing.closure(chains, node), forcing.closure(nets, node)
        assert chained & ~netted == 0
        further += netted != chained
    assert further > 100


def test_trial_and_error_places_the_middle_unsolved_cell() -> None:
    grid = parse(PUZZLE)
    solution = solve(grid)
    assert solution is not None
    board = Board.from_grid(grid)
    step = forcing.trial_and_error(board, solution)
    unsolved = list(cells_of(board.unsolved))
    ((cell, digit),) = step.placements
    assert cell == unsolved[len(unsolved) // 2] and digit == solution[cell]
    assert "Trial and Error" in step.text
