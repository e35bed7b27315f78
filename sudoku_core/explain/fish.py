"""Fish in words: X-Wing, Swordfish, Jellyfish, their finned and sashimi forms, Franken fish.

The nudge names the digit and the base units ("Look at the 3s in rows 1, 4 and 8"): a fish
only removes candidates, so the digit gives no placement away. The pattern reads "In rows 1, 4
and 8 the 3s lie only in columns 1, 2 and 8", with the fins when there are some.
"""

from __future__ import annotations

from sudoku_core.explain import words
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["fish"]


def fish(step: Step, board: Board) -> Levels:
    """Any fish: base and cover units, the digit, the fins."""
    digit = step.candidates[0][1]
    base, cover = words.units(step.base), words.units(step.cover)
    phrase = words.a_technique(step.technique)
    fins = ""
    if step.fins:
        fins = f", apart from the fin{'' if len(step.fins) == 1 else 's'} {words.cells(step.fins)}"
    fill = f"the {digit}s of {base} fill {cover}, one in each"
    if step.fins:
        fin = "the fin" if len(step.fins) == 1 else "one of the fins"
        why = (
            f"either {fill}, or {fin} {words.cells(step.fins)} is {digit}; a cell of "
            f"{cover} that sees every fin cannot be {digit} either way"
        )
    else:
        why = f"{fill}, so no other cell of {cover} can be {digit}"
    return levels(
        f"Look at the {digit}s in {base}: {phrase} is there",
        f"in {base} the {digit}s lie only in {cover}{fins}",
        f"{why}: {words.removing(step.eliminations)}",
    )
