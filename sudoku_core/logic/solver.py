"""Solving by techniques: at each step, the simplest technique that applies (HoDoKu's order).

The techniques are tried in the order of the catalogue (:mod:`sudoku_core.logic.techniques`).
The uniqueness techniques (Unique Rectangles, BUG+1) are sound only for a puzzle known to have
one solution, so :func:`find_step` skips them unless told ``unique=True``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from sudoku_core.grid import Grid
from sudoku_core.logic import forcing
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step
from sudoku_core.logic.techniques import CATALOGUE

_SEARCH: Final = tuple(
    (t.name, t.finder, t.needs_uniqueness) for t in CATALOGUE if t.finder is not None
)
"""The catalogue's finders as plain tuples, for the loop that runs a few hundred times a path."""


def find_step(
    board: Board, *, unique: bool = False, skip: frozenset[str] = frozenset()
) -> Step | None:
    """The first step found by the simplest technique that applies, or None.

    ``unique``: the puzzle is known to have one solution, so uniqueness techniques may be used.
    ``skip``: technique names not to try.
    """
    for name, finder, needs_uniqueness in _SEARCH:
        if name in skip or (needs_uniqueness and not unique):
            continue
        step = finder(board)
        if step is not None:
            return step
    return None


def iter_path(
    board: Board, solution: Grid | None = None, *, unique: bool = False
) -> Iterator[Step]:
    """Solve ``board`` in place, yielding each step as it is applied.

    With a ``solution``, a board that no technique can advance gets a *trial and error* step;
    without one, the path stops there.
    """
    while not board.is_solved:
        step = find_step(board, unique=unique)
        if step is None:
            if solution is None:
                return
            step = forcing.trial_and_error(board, solution)
        step.apply(board)
        yield step
