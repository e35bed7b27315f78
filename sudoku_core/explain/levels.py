"""The three levels of a hint, and what every explanation shares.

Level 1, the *nudge*, says where to look and which technique, and never a digit in a cell.
Level 2, the *pattern*, shows the pattern in a sentence made from the step's own cells, units
and digits; a single's keeps back its answer (the pattern is all there is to see). A chain's,
a forcing step's or a failed guess's is its reasoning, which ends where it ends. Level 3, the
*effect*, says what is placed or removed and why it follows.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.explain.words import sentence
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["Explainer", "Levels", "levels"]


class Levels(Frozen):
    """A step in words, one sentence (or two) per level; revealed one at a time."""

    _fields = ("nudge", "pattern", "effect")
    __slots__ = _fields
    nudge: str
    pattern: str
    effect: str

    def __init__(self, nudge: str, pattern: str, effect: str) -> None:
        frozen_init(self, nudge, pattern, effect)

    @property
    def texts(self) -> tuple[str, str, str]:
        """The three levels in order."""
        return (self.nudge, self.pattern, self.effect)


def levels(nudge: str, pattern: str, effect: str) -> Levels:
    """The three levels, each made a sentence (:func:`~sudoku_core.explain.words.sentence`)."""
    return Levels(sentence(nudge), sentence(pattern), sentence(effect))


Explainer = Callable[[Step, Board], Levels]
"""A technique family's explanation of a step, from the board the step was found on."""
