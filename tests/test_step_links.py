"""What a step carries for drawing: a chain's links, a fish's base, cover and fins,
a colouring's colour classes. Checked on every step of the solving paths of a sample of the
shipped sets, against the board as it was when the step was found: the links form one chain
in order, alternate strong and weak, each strong link is a conjugate pair or a bivalue cell
and each weak link two candidates that cannot both be true, and the chain's ends prove the
step's eliminations (or placement). The soundness of the steps themselves is
test_logic_soundness.py's.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

from puzzle_sets import cases
from sudoku_core import solve
from sudoku_core.grid import PEERS, UNITS
from sudoku_core.logic import Board
from sudoku_core.logic.board import Candidate
from sudoku_core.logic.solving_path import find_step
from sudoku_core.logic.steps import Link, Step, chain_links
from sudoku_core.logic.techniques import CATALOGUE

CHAINS = frozenset(
    {
        "X-Chain",
        "XY-Chain",
        "Nice Loop/AIC",
        "Grouped Nice Loop/AIC",
        "Remote Pair",
        "Skyscraper",
        "2-String Kite",
        "Turbot Fish",
        "W-Wing",
        "XY-Wing",
    }
)
"""The techniques whose steps carry links (every step of them)."""
FISH = frozenset(
    t.name for t in CATALOGUE if t.finder and t.finder.__module__.endswith((".fish", ".franken"))
)
COLOURS = frozenset({"Simple Colors", "Multi Colors"})
MUST_SEE = frozenset({"X-Chain", "XY-Chain", "Nice Loop/AIC", "Grouped Nice Loop/AIC"})
"""Chain techniques the sample must reach, so the checks below cannot pass empty."""

Node = tuple[int, frozenset[int]]
"""(digit, cells): a candidate, or a group node of a grouped chain."""


@cache
def sample_steps() -> tuple[tuple[Step, Board], ...]:
    """Every step of the sample's paths with a copy of the board it was found on."""
    found = []
    puzzles = [c.grid for c in cases("top95")] + [
        c.grid for c in cases("magictour_top1465", limit=25, every=41)
    ]
    for puzzle in puzzles:
        solution = solve(puzzle)
        assert solution is not None
        board = Board.from_grid(puzzle)
        while not board.is_solved:
            step = find_step(board, unique=True)
            if step is None:
                break
            found.append((step, board.copy()))
            step.apply(board)
    return tuple(found)


def start(link: Link) -> Node:
    return link.start[1], frozenset(link.start_cells or (link.start[0],))


def end(link: Link) -> Node:
    return link.end[1], frozenset(link.end_cells or (link.end[0],))


def sees(a: int, b: int) -> bool:
    return b in PEERS[a]


def is_weak(a: Node, b: Node) -> bool:
    """The two nodes cannot both be true."""
    (da, ca), (db, cb) = a, b
    if da == db:
        return not ca & cb and all(sees(x, y) for x in ca for y in cb)
    return len(ca) == len(cb) == 1 and ca == cb


def is_strong(board: Board, a: Node, b: Node) -> bool:
    """The two nodes cannot both be false: a bivalue cell, or a digit's only places in a unit."""
    (da, ca), (db, cb) = a, b
    if da != db:
        (cell,) = ca
        return ca == cb and board.cands[cell] == (1 << (da - 1) | 1 << (db - 1))
    places = ca | cb
    if ca & cb:
        return False
    return any(
        {c for c in unit if board.has(c, da)} == places for unit in UNITS if places <= set(unit)
    )


def is_candidate_node(board: Board, node: Node) -> bool:
    d, cells = node
    return all(board.has(c, d) for c in cells)


def sees_node(candidate: Candidate, node: Node) -> bool:
    """The candidate and the node cannot both be true."""
    cell, digit = candidate
    return is_weak((digit, frozenset({cell})), node)


def test_chain_links_alternate_from_strong() -> None:
    links = chain_links([(0, 5), (0, 7), (8, 7), (8, 5)])
    assert [link.strong for link in links] == [True, False, True]
    assert links[1].to_dict() == {"from": [0, 7], "to": [8, 7], "strong": False}
    grouped = Link((0, 5), (9, 5), strong=True, end_cells=(9, 18))
    assert grouped.to_dict() == {"from": [0, 5], "to": [9, 5], "strong": True, "to_cells": [9, 18]}


def test_the_sample_reaches_the_chains() -> None:
    seen = Counter(step.technique for step, _ in sample_steps())
    assert set(seen) >= MUST_SEE, seen
    assert seen.keys() & FISH and seen.keys() & COLOURS, seen


def test_every_chain_step_has_links_that_form_its_chain() -> None:
    checked = loops = 0
    for step, board in sample_steps():
        links = step.links
        if step.technique not in CHAINS:
            assert not links, step.text
            continue
        assert links, f"{step.technique} without links: {step.text}"
        checked += 1
        for one, following in itertools.pairwise(links):
            assert end(one) == start(following), f"not connected: {step.text}"
        for i, link in enumerate(links):
            assert link.strong == (i % 2 == 0), f"link {i} not alternating: {step.text}"
            a, b = start(link), end(link)
            assert is_candidate_node(board, a) and is_candidate_node(board, b), step.text
            if link.strong:
                assert is_strong(board, a, b), f"link {i} is not strong: {step.text}"
            else:
                assert is_weak(a, b), f"link {i} is not weak: {step.text}"
        first, last = start(links[0]), end(links[-1])
        if not links[-1].strong:  # a continuous Nice Loop: its last, weak link closes it
            assert step.technique == "Nice Loop/AIC" and first == last, step.text
            weak = [(start(link), end(link)) for link in links if not link.strong]
            for candidate in step.eliminations:
                assert any(sees_node(candidate, a) and sees_node(candidate, b) for a, b in weak)
            loops += 1
            continue
        for cell, digit in step.placements:  # a loop that proves its start
            assert first == last == (digit, frozenset({cell})), step.text
        for cell, digit in step.eliminations:
            if step.technique == "Remote Pair":  # one chain for x, read backwards for y
                (head,), (tail,) = first[1], last[1]
                assert sees(cell, head) and sees(cell, tail), step.text
                assert board.has(head, digit), step.text
                continue
            assert sees_node((cell, digit), first) and sees_node((cell, digit), last), (
                f"{step.text}: {cell, digit} does not see both ends"
            )
    assert checked > 20 and loops, (checked, loops)


def test_fish_keep_base_cover_and_fins_apart() -> None:
    for step, board in sample_steps():
        if step.technique not in FISH:
            assert not (step.base or step.cover or step.fins), step.text
            continue
        assert step.units == step.base, step.text
        assert len(step.base) == len(step.cover) and step.base and step.cover
        lines = [u for u in step.base if u < 18] or [u for u in step.cover if u < 18]
        rows = lines[0] < 9 if lines[0] in step.base else lines[0] >= 9
        assert all(u >= 18 or (u < 9) == rows for u in step.base), step.text
        assert all(u >= 18 or (9 <= u < 18 if rows else u < 9) for u in step.cover), step.text
        franken = "Franken" in step.technique
        assert franken == any(u >= 18 for u in step.base + step.cover), step.text
        digit = step.eliminations[0][1]
        base_cells = {c for u in step.base for c in UNITS[u] if board.has(c, digit)}
        cover_cells = {c for u in step.cover for c in UNITS[u]}
        endo = {
            c
            for u, v in itertools.combinations(step.base, 2)
            for c in set(UNITS[u]) & set(UNITS[v])
        } & base_cells
        assert set(step.fins) == (base_cells - cover_cells) | endo, step.text
        assert bool(step.fins) == step.technique.startswith(("Finned", "Sashimi")), step.text
        for cell, _ in step.eliminations:
            assert cell in cover_cells and cell not in base_cells, step.text
        body = step.to_dict()
        assert body["base"] == body["units"] and len(body["cover"]) == len(body["base"])
        assert body["fins"] == list(step.fins)


def test_colouring_steps_carry_their_colours() -> None:
    for step, board in sample_steps():
        if step.technique not in COLOURS:
            assert not step.colours, step.text
            continue
        digit = step.eliminations[0][1]
        classes = step.colours
        assert len(classes) == (2 if step.technique == "Simple Colors" else 4), step.text
        cells = [c for cls in classes for c in cls]
        assert len(cells) == len(set(cells)) and set(cells) == set(step.cells), step.text
        assert all(board.has(c, digit) for c in cells), step.text
        for i in range(0, len(classes), 2):  # each cluster: its two colours see each other
            on, off = classes[i], classes[i + 1]
            assert any(sees(a, b) for a in on for b in off), step.text
        assert step.to_dict()["colours"] == [list(cls) for cls in classes]


ALS_STEPS = frozenset({"ALS-XZ", "ALS-XY-Wing", "ALS-XY-Chain"})


def test_als_steps_carry_their_sets() -> None:
    """``als``: each set is N cells of one unit with N+1 candidates; together, the pattern."""
    seen = 0
    for step, board in sample_steps():
        if step.technique not in ALS_STEPS:
            assert not step.als, step.text
            continue
        seen += 1
        assert len(step.als) == {"ALS-XZ": 2, "ALS-XY-Wing": 3}.get(step.technique, len(step.als))
        assert len(step.als) >= 2, step.text
        for cells in step.als:
            assert any(set(cells) <= set(unit) for unit in UNITS), step.text
            digits = 0
            for c in cells:
                digits |= board.cands[c]
            assert digits.bit_count() == len(cells) + 1, step.text
        assert {c for cells in step.als for c in cells} == set(step.cells), step.text
        assert step.to_dict()["als"] == [list(cells) for cells in step.als]
    assert seen, "the sample has no ALS step"


@pytest.mark.parametrize("technique", sorted(MUST_SEE))
def test_to_dict_exports_links(technique: str) -> None:
    step = next(s for s, _ in sample_steps() if s.technique == technique)
    body = step.to_dict()
    assert body["links"] == [link.to_dict() for link in step.links]
    for link in body["links"]:
        assert set(link) <= {"from", "to", "strong", "from_cells", "to_cells"}
        for cell, digit in (link["from"], link["to"]):
            assert 0 <= cell <= 80 and 1 <= digit <= 9
        assert isinstance(link["strong"], bool)
    assert body["base"] == body["cover"] == body["fins"] == body["colours"] == []


def test_a_step_without_drawing_has_empty_lists() -> None:
    step = next(s for s, _ in sample_steps() if s.technique == "Hidden Single")
    body = step.to_dict()
    assert (
        body["links"],
        body["base"],
        body["cover"],
        body["fins"],
        body["colours"],
        body["als"],
    ) == ([], [], [], [], [], [])
