"""Solving by techniques: at each step, the simplest technique that applies (HoDoKu's order).

The techniques are tried in the order of the catalogue (:mod:`sudoku_core.logic.techniques`).
The uniqueness techniques (Unique Rectangles, BUG+1) are sound only for a puzzle known to have
one solution, so :func:`find_step` skips them unless told ``unique=True``.

The search is written once, in slices (:func:`iter_find_step`, :func:`iter_solving`): it yields
after each technique tried, and inside the slow ones (their catalogue ``stepper``), because one
step on the hardest puzzles can take over a second in CPython and the page's worker can only
read its messages at a yield (:mod:`sudoku_core.bridge`). :func:`find_step` and
:func:`iter_path` run the same generators without stopping.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Final

from sudoku_core._slices import run_to_end
from sudoku_core.grid import Grid
from sudoku_core.logic import forcing
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Search, Step
from sudoku_core.logic.techniques import CATALOGUE

_SEARCH: Final = tuple(
    (t.name, t.finder, t.stepper, t.needs_uniqueness) for t in CATALOGUE if t.finder is not None
)
"""The catalogue's finders as plain tuples, for the loop that runs a few hundred times a path."""


def iter_find_step(
    board: Board, *, unique: bool = False, skip: frozenset[str] = frozenset()
) -> Search:
    """:func:`find_step` in slices: yields after each technique tried (and inside the slow
    ones), returns the step or None."""
    for name, finder, stepper, needs_uniqueness in _SEARCH:
        if name in skip or (needs_uniqueness and not unique):
            continue
        if stepper is None:
            step = finder(board)
        else:
            step = yield from stepper(board)
        if step is not None:
            return step
        yield
    return None


def find_step(
    board: Board, *, unique: bool = False, skip: frozenset[str] = frozenset()
) -> Step | None:
    """The first step found by the simplest technique that applies, or None.

    ``unique``: the puzzle is known to have one solution, so uniqueness techniques may be used.
    ``skip``: technique names not to try.
    """
    return run_to_end(iter_find_step(board, unique=unique, skip=skip))


def iter_solving(
    board: Board, solution: Grid | None = None, *, unique: bool = False
) -> Generator[Step | None, None, None]:
    """:func:`iter_path` in slices: yields None between pieces of work and each step as it is
    applied."""
    while not board.is_solved:
        step = yield from iter_find_step(board, unique=unique)
        if step is None:
            if solution is None:
                return
            step = forcing.trial_and_error(board, solution)
        step.apply(board)
        yield step


def iter_path(
    board: Board, solution: Grid | None = None, *, unique: bool = False
) -> Iterator[Step]:
    """Solve ``board`` in place, yielding each step as it is applied.

    With a ``solution``, a board that no technique can advance gets a *trial and error* step;
    without one, the path stops there.
    """
    return (step for step in iter_solving(board, solution, unique=unique) if step is not None)
