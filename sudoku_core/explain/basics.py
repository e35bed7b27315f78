"""Singles, Locked Candidates and subsets in words.

A single's nudge names the unit (a Full House's or a Hidden Single's unit, a Naked Single's
box: the units the page outlines at level 1), never the cell and never the digit. With the
unit and the digit a Hidden Single is found in one glance, and with the cell only a subtraction
is left, while the unit leaves the player the search that the technique is about. Its pattern
level shows why the other digits (or the other cells) are ruled out without naming the answer:
a Naked Single's row, column and box and the digits each holds; a Hidden Single's digit and
the placed digits that rule out the unit's other cells. The answer comes at level 3.
"""

from __future__ import annotations

from sudoku_core.explain import words
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.grid import PEERS, UNITS, UNITS_OF, Cell, Digit, cell_name
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["full_house", "hidden_single", "locked_candidates", "naked_single", "subset"]


def _placed(board: Board, u: int) -> set[Digit]:
    return {board.values[c] for c in UNITS[u]} - {0}


def full_house(step: Step, board: Board) -> Levels:
    """The last empty cell of a unit."""
    (cell, digit), u = step.placements[0], step.units[0]
    return levels(
        f"Look at {words.unit(u)}: a Full House is there",
        f"{words.unit(u)} has one empty cell left, {cell_name(cell)}, and its other eight cells "
        "hold every digit but one",
        f"the one digit {words.unit(u)} lacks is {digit}: place {digit} in {cell_name(cell)}",
    )


def naked_single(step: Step, board: Board) -> Levels:
    """A cell that sees eight digits: its row, column and box, each with the digits it adds."""
    cell, digit = step.placements[0]
    seen: set[Digit] = set()
    parts = []
    for u in UNITS_OF[cell]:
        new = _placed(board, u) - seen
        seen |= new
        if new:
            parts.append(f"{words.unit(u)} has {words.digits(new)}")
    gone = set(range(1, 10)) - seen - {digit}
    if gone:
        parts.append(
            f"{words.digits(gone)} {'is' if len(gone) == 1 else 'are'} no longer among its candidates"
        )
    name = cell_name(cell)
    why = (
        f"none of its row, column and box holds {digit}"
        if seen
        else f"{digit} is its only candidate left"
    )
    return levels(
        f"Look at {words.unit(step.units[0])}: a Naked Single is there",
        f"{name} sees every digit but one: {_clauses(parts)}",
        f"the digit left for {name} is {digit} ({why}): place {digit} in {name}",
    )


def _clauses(parts: list[str]) -> str:
    """Clauses that hold lists of their own: ``a; b; and c``."""
    return parts[0] if len(parts) == 1 else "; ".join(parts[:-1]) + "; and " + parts[-1]


def _blockers(board: Board, u: int, cell: Cell, digit: Digit) -> tuple[list[Cell], list[Cell]]:
    """The placed ``digit``s that rule it out of the unit's other empty cells (few, greedily),
    and the empty cells no placed digit rules it out of (their mark was removed)."""
    others = [c for c in UNITS[u] if c != cell and not board.values[c]]
    sources = {
        p: {c for c in others if p in PEERS[c]}
        for c in others
        for p in PEERS[c]
        if board.values[p] == digit
    }
    left = set(others)
    chosen: list[Cell] = []
    while left:
        best = max(sources, key=lambda p: (len(sources[p] & left), -p), default=None)
        if best is None or not sources[best] & left:
            break
        chosen.append(best)
        left -= sources[best]
    return sorted(chosen), sorted(left)


def hidden_single(step: Step, board: Board) -> Levels:
    """The one place left for a digit in a unit: the placed digits that rule out the rest."""
    (cell, digit), u = step.placements[0], step.units[0]
    where = words.unit(u)
    blockers, unmarked = _blockers(board, u, cell, digit)
    if blockers:
        which = f"{digit} in" if len(blockers) == 1 else f"{digit}s in"
        verb = "rules" if len(blockers) == 1 else "rule"
        pattern = (
            f"in {where}, the {which} {words.cells(blockers)} {verb} {digit} out of every "
            "empty cell but one"
        )
        if unmarked:
            has = "has" if len(unmarked) == 1 else "have"
            pattern += f", and {words.cells(unmarked)} no longer {has} {digit} as a candidate"
    else:
        pattern = f"in {where}, {digit} is a candidate in one cell only"
    return levels(
        f"Look at {where}: a Hidden Single is there",
        pattern,
        f"the only place left for {digit} in {where} is {cell_name(cell)}: "
        f"place {digit} in {cell_name(cell)}",
    )


def locked_candidates(step: Step, board: Board) -> Levels:
    """A digit of one unit confined to where it crosses another: the rest of the other loses it."""
    base, cover = step.units[0], step.units[1]
    digit = step.candidates[0][1]
    phrase = words.a_technique(step.technique)
    return levels(
        f"Look at the {digit}s in {words.unit(base)}: {phrase} are there",
        f"in {words.unit(base)} the {digit}s lie only in {words.unit(cover)} "
        f"({words.cells(step.cells)})",
        f"the {digit} of {words.unit(base)} must go in {words.unit(cover)}, so no other cell of "
        f"{words.unit(cover)} can be {digit}: {words.removing(step.eliminations)}",
    )


def subset(step: Step, board: Board) -> Levels:
    """Naked, Locked and Hidden Pairs, Triples and Quadruples."""
    n = len(step.cells)
    found = sorted({d for _, d in step.candidates})
    where = words.units(step.units)
    phrase = words.a_technique(step.technique)
    if step.technique.startswith("Hidden"):
        lie = words.join(f"{d}s" for d in found)
        return levels(
            f"Look at {where}: {phrase} is there",
            f"in {where}, the {lie} lie only in {words.cells(step.cells)}",
            f"those {words.number(n)} cells must hold {words.digits(found)}, so they lose their "
            f"other candidates: {words.removing(step.eliminations)}",
        )
    losing = [
        u
        for u in range(27)
        if all(c in UNITS[u] for c in step.cells)
        and any(c in UNITS[u] for c, _ in step.eliminations)
    ]
    return levels(
        f"Look at {where}: {phrase} is there",
        f"in {where}, the cells {words.cells(step.cells)} hold only {words.digits(found)} "
        "between them",
        f"these {words.number(n)} digits must fill these {words.number(n)} cells, so the other "
        f"cells of {words.units(losing)} cannot hold them: {words.removing(step.eliminations)}",
    )
