"""Forcing Chains and Forcing Nets in words: each supposition, what it forces, and the end.

A forcing Step keeps its premise's cell and candidates, not the chains themselves, so they
are followed again here (:func:`~sudoku_core.explain.trial.suppose`). The shape of the Step
says which proof it is: one candidate whose own fact is the effect (the premise breaks the
grid, so its opposite holds), one candidate and another fact (both premises of the candidate
agree), all candidates of one cell, or all places of a digit in one unit (each agrees).
"""

from __future__ import annotations

from sudoku_core.explain import words
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.explain.trial import Fact, suppose
from sudoku_core.grid import cell_name
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["forcing"]


def _effect(step: Step) -> Fact:
    if step.placements:
        cell, digit = step.placements[0]
        return Fact(cell, digit, True)
    cell, digit = step.eliminations[0]
    return Fact(cell, digit, False)


def forcing(step: Step, board: Board) -> Levels:
    """Forcing Chain and Forcing Net."""
    effect = _effect(step)
    phrase = words.a_technique(step.technique)
    order = words.effect(step.placements, step.eliminations)
    if len(step.candidates) == 1 and step.candidates[0] == (effect.cell, effect.digit):
        cell, digit = step.candidates[0]
        premise = Fact(cell, digit, not effect.on)
        proof = suppose(board, premise)
        if proof is not None and proof.broke:
            pattern = proof.reading(premise)
        else:
            pattern = (
                f"suppose {premise.said()} and follow what it forces: the grid breaks "
                "(a cell or a unit is left without a digit)"
            )
        return levels(
            f"Suppose something about {cell_name(cell)} and follow where it leads: "
            f"{phrase} starts there",
            pattern,
            f"the supposition breaks the grid, so it is false and {effect.said()}: {order}",
        )
    if step.units:
        u, digit = step.units[0], step.candidates[0][1]
        premises = [Fact(c, digit, True) for c in step.cells]
        where, cases = words.unit(u), f"{digit} goes somewhere in {words.unit(u)}"
        look = f"Try each place of a digit in {where}"
    elif len(step.candidates) > 1:
        cell = step.cells[0]
        premises = [Fact(cell, d, True) for c, d in step.candidates]
        cases = (
            f"{cell_name(cell)} holds one of {words.digits([d for _, d in step.candidates], 'or')}"
        )
        look = f"Try each candidate of {cell_name(cell)}"
    else:
        cell, digit = step.candidates[0]
        premises = [Fact(cell, digit, True), Fact(cell, digit, False)]
        cases = f"{cell_name(cell)} is {digit} or it is not"
        look = f"Suppose something about {cell_name(cell)}, then its opposite"
    readings = []
    broken = False
    for premise in premises:
        proof = suppose(board, premise, effect)
        if proof is None:
            readings.append(f"if {premise.said('would be')}, {effect.said('would be')} too")
        else:
            broken = broken or proof.broke
            cannot = " (so that case cannot be)" if proof.broke else ""
            readings.append(proof.reading(premise) + cannot)
    return levels(
        f"{look} and follow where each leads: {phrase} is there",
        words.sentences([cases, *readings]),
        f"every case {'that can be ' if broken else ''}leads to the same fact, so "
        f"{effect.said()}: {order}",
    )
