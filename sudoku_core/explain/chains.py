"""Chains in words: a chain's links read as "if … then …", and the chain techniques.

A chain's :class:`~sudoku_core.logic.steps.Link` list alternates strong and weak links,
strong first. Read from its start assumed false, each strong link makes the next node true
("If r1c6 is not 3, it is 1") and each weak link makes the next one false ("then r3c5 is not
1"), so the chain proves "the start or the end is true". :func:`reading` says that;
X-Chains, XY-Chains and (grouped) Nice Loops/AICs show it as their pattern and conclude from
it, the wings and two-link patterns (:mod:`sudoku_core.explain.patterns`) as their reason.
A group node (a digit in two or three cells of a box-line crossing) reads "r2c1 or r2c2 is 7".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from sudoku_core.explain import words
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.grid import Cell, Digit, box_of, cell_name
from sudoku_core.logic.board import Board, Candidate
from sudoku_core.logic.steps import Link, Step

__all__ = ["Node", "boxes", "chain", "false_facts", "is_off", "is_on", "nodes", "reading"]


class Node(NamedTuple):
    """A chain's node: a digit in one cell, or in the cells of a group."""

    cells: tuple[Cell, ...]
    digit: Digit


def nodes(links: Sequence[Link]) -> list[Node]:
    """The chain's nodes in order, from its links."""
    if not links:
        return []
    first = links[0]
    found = [Node(first.start_cells or (first.start[0],), first.start[1])]
    found += [Node(link.end_cells or (link.end[0],), link.end[1]) for link in links]
    return found


def is_on(node: Node, subject: str = "", verb: str = "is") -> str:
    """``r3c5 is 1``; a group: ``r2c1 or r2c2 is 7``; ``subject`` replaces the cell (``it``)."""
    who = subject or words.either([cell_name(c) for c in node.cells])
    return f"{who} {verb} {node.digit}"


def is_off(node: Node, subject: str = "", verb: str = "is") -> str:
    """``r3c5 is not 1``; a group: ``neither r2c1 nor r2c2 is 7``, ``none of … is 7``."""
    if subject or len(node.cells) == 1:
        return f"{subject or cell_name(node.cells[0])} {verb} not {node.digit}"
    names = [cell_name(c) for c in node.cells]
    if len(names) == 2:
        return f"neither {names[0]} nor {names[1]} {verb} {node.digit}"
    return f"none of {words.join(names)} {verb} {node.digit}"


def reading(links: Sequence[Link]) -> str:
    """The chain as "if … then …", from its start assumed false: "if r1c6 is not 3, it is 1;
    then r3c5 is not 1, so r3c9 is 1" (no capital, no full stop: the caller's sentence)."""
    chain = nodes(links)
    parts: list[str] = []
    for i, link in enumerate(links):
        before, node = chain[i], chain[i + 1]
        same_cell = len(node.cells) == 1 and node.cells == before.cells
        subject = "it" if same_cell and i > 0 else ""
        if i == 0:
            parts.append(f"if {is_off(before)}, {is_on(node, 'it' if same_cell else '')}")
        elif link.strong:
            parts.append(f", so {is_on(node, subject)}")
        else:
            parts.append(f"; then {is_off(node, subject)}")
    return "".join(parts)


def false_facts(eliminations: Iterable[Candidate]) -> str:
    """``r5c6 and r6c6 are not 3``, by digit: what a step's eliminations say."""
    by_digit: dict[Digit, list[Cell]] = {}
    for c, d in sorted(eliminations, key=lambda e: (e[1], e[0])):
        by_digit.setdefault(d, []).append(c)
    return words.join(
        f"{words.cells(cs)} {'is' if len(cs) == 1 else 'are'} not {d}" for d, cs in by_digit.items()
    )


def boxes(cells: Iterable[Cell]) -> str:
    """The boxes that hold some cells: ``boxes 1, 3 and 9``."""
    return words.units(18 + b for b in sorted({box_of(c) for c in cells}))


def conclusion(step: Step) -> str:
    """What a chain read by :func:`reading` proves, and the step's effect."""
    chain = nodes(step.links)
    start, end = chain[0], chain[-1]
    if step.placements:
        return (
            f"so {is_on(start)} in any case (assuming it is not leads back to it): "
            f"{words.placing(step.placements)}"
        )
    if start == end:
        return (
            "the chain closes into a continuous loop, so each weak link in it holds both ways "
            "(one of its two ends is true), and a candidate that sees both ends of one is false: "
            f"{words.removing(step.eliminations)}"
        )
    return (
        f"so {is_on(start)} or {is_on(end)}; either way {false_facts(step.eliminations)}: "
        f"{words.removing(step.eliminations)}"
    )


def chain(step: Step, board: Board) -> Levels:
    """X-Chain, XY-Chain, Nice Loop/AIC and Grouped Nice Loop/AIC."""
    phrase = words.a_technique(step.technique)
    where = boxes(step.cells)
    if step.technique == "X-Chain":
        nudge = f"Look at the {step.links[0].start[1]}s in {where}: {phrase} is there"
    elif step.technique == "XY-Chain":
        nudge = f"Look at the cells with two candidates in {where}: {phrase} joins them"
    else:
        nudge = f"Look at {where}: {phrase} runs through them"
    return levels(nudge, reading(step.links), conclusion(step))
