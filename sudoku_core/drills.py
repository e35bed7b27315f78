"""Drills: positions of real puzzles whose next step, by the grader, is a chosen technique.

A position is a puzzle's givens, the digits placed since, the candidates left and the
solution. Its *next step* is what :func:`sudoku_core.logic.find_step` finds on a fresh board of
that position (:func:`position_board`: the givens, then the placed digits in cell order, then
the candidates that are gone), with uniqueness techniques allowed: the step a hint or a
grading from that position would take. Positions are found by walking a puzzle's solving
path, grading afresh at each position (the solver's singles queue and memos are state of the
walk, not of the position), so every :class:`Drill` is labelled with the step a fresh grading
takes. When only techniques above Unfair would go on, the walk places the solution's digit
(as trial and error does) and goes on: the positions after it are states of the same puzzle.

:data:`DRILL_TECHNIQUES` are the techniques drilled: every technique of the catalogue up to
and including the Unfair level. The page's pack of drills is made by
``python -m sudoku_core drill --pack`` (:mod:`sudoku_core.cli.drill`); :func:`drill_in_slices`
makes one on demand (the worker's ``drill`` operation) from generated puzzles.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Iterable
from typing import Any, Final

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import run_to_end
from sudoku_core.explain.words import summary
from sudoku_core.formats import format_line
from sudoku_core.generator import iter_generate
from sudoku_core.grid import CELLS, Grid, Mask
from sudoku_core.logic.board import MASK_DIGITS, Board
from sudoku_core.logic.forcing import trial_and_error
from sudoku_core.logic.solving_path import iter_find_step
from sudoku_core.logic.steps import TECHNIQUES, Level, Step
from sudoku_core.logic.techniques import CATALOGUE

__all__ = [
    "DRILL_TECHNIQUES",
    "Drill",
    "drill_in_slices",
    "is_only_instance",
    "iter_positions",
    "marks_text",
    "next_step",
    "position_board",
]

DRILL_TECHNIQUES: Final = tuple(
    t.name for t in CATALOGUE if t.finder is not None and t.level.rank <= Level.UNFAIR.rank
)
"""The techniques drilled, in the catalogue's order: every one up to the Unfair level."""

_ABOVE: Final = frozenset(t.name for t in CATALOGUE if t.level.rank > Level.UNFAIR.rank)
"""Techniques a walk does not look for: past them it places the solution's digit instead."""


def position_board(puzzle: Grid, grid: Grid, marks: Iterable[Mask]) -> Board:
    """A fresh board of a position: ``puzzle``'s givens, the digits ``grid`` adds to them
    placed in cell order, and only the candidates of ``marks`` kept.

    The givens stay the board's givens (Avoidable Rectangles use only digits placed since).
    """
    board = Board.from_grid(puzzle)
    for cell in CELLS:
        if grid[cell] and not puzzle[cell]:
            board.place(cell, grid[cell])
    for cell, mask in enumerate(marks):
        for digit in MASK_DIGITS[board.cands[cell] & ~mask]:
            board.eliminate(cell, digit)
    return board


def marks_text(marks: Iterable[Mask]) -> list[str]:
    """The candidates as 81 strings of digits (``""`` for a cell that holds a digit): the
    form ``hint --candidates`` and the page read.

    Examples:
        >>> marks_text([0b101, 0] + [0b1] * 79)[:3]
        ['13', '', '1']
    """
    return ["".join(str(d) for d in MASK_DIGITS[mask]) for mask in marks]


class Drill(Frozen):
    """A position and its next step: ``puzzle`` (the givens), ``grid`` (the givens and the
    digits placed since), ``marks`` (each cell's candidates, 0 where a digit is), ``solution``
    and ``step``, what a fresh grading of the position does next."""

    _fields = ("puzzle", "grid", "marks", "solution", "step")
    __slots__ = _fields
    puzzle: Grid
    grid: Grid
    marks: tuple[Mask, ...]
    solution: Grid
    step: Step

    def __init__(
        self, puzzle: Grid, grid: Grid, marks: tuple[Mask, ...], solution: Grid, step: Step
    ) -> None:
        frozen_init(self, puzzle, grid, marks, solution, step)

    @property
    def technique(self) -> str:
        """The technique of the position's next step."""
        return self.step.technique

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the technique, its level, the three grids as 81-character
        lines, the candidates as 81 strings of digits, and the step (:meth:`Step.to_dict`, with
        its ``summary`` in words: the page says that, its notation ``text`` behind a disclosure)."""
        return {
            "technique": self.technique,
            "level": self.step.info.level.value,
            "puzzle": format_line(self.puzzle),
            "digits": format_line(self.grid),
            "candidates": marks_text(self.marks),
            "solution": format_line(self.solution),
            "step": {**self.step.to_dict(), "summary": summary(self.step)},
        }


def next_step(puzzle: Grid, grid: Grid, marks: Iterable[Mask]) -> Step | None:
    """What a fresh grading of the position does next (None when no technique up to Unfair
    applies)."""
    return run_to_end(iter_find_step(position_board(puzzle, grid, marks), unique=True, skip=_ABOVE))


def is_only_instance(drill: Drill) -> bool:
    """Whether the drill's technique has one answer in its position, as far as its finder
    tells: once the step's effect is made, the technique finds nothing more there.

    A drill is answered by making its step's effect; a second X-Wing elsewhere would be a
    right answer the page counts as wrong, so the pack prefers positions without one. A
    single's position has many singles: the page accepts any single of the same kind.
    """
    technique = TECHNIQUES[drill.technique]
    board = position_board(drill.puzzle, drill.grid, drill.marks)
    drill.step.apply(board)
    if technique.stepper is not None:
        return run_to_end(technique.stepper(board)) is None
    assert technique.finder is not None
    return technique.finder(board) is None


def iter_positions(puzzle: Grid, solution: Grid) -> Generator[Drill | None, None, None]:
    """Every position of ``puzzle``'s walk to its solution, as a :class:`Drill` (see the
    module doc); None between pieces of work, so the walk runs in the bridge's slices."""
    board = Board.from_grid(puzzle)
    while not board.is_solved:
        grid = board.grid()
        marks = tuple(board.cands)
        fresh = position_board(puzzle, grid, marks)
        step = yield from iter_find_step(fresh, unique=True, skip=_ABOVE)
        if step is None:
            step = trial_and_error(board, solution)
        else:
            yield Drill(puzzle, grid, marks, solution, step)
        step.apply(board)


def drill_in_slices(
    technique: str, seed: int, *, max_seconds: float | None = None, max_puzzles: int = 10_000
) -> Generator[dict[str, Any], None, tuple[Drill | None, int]]:
    """A drill of ``technique`` from generated puzzles (seeds ``seed``, ``seed + 1``, ...), in
    slices: yields ``{"puzzles": n, "positions": m}`` between pieces of work. Returns a random
    position (by ``seed``) of the first puzzle that has one, or None when ``max_seconds`` or
    ``max_puzzles`` ran out first, with the number of puzzles walked."""
    if technique not in DRILL_TECHNIQUES:
        raise ValueError(f"no drill for {technique!r}: the techniques are up to Unfair")
    rng = random.Random(seed)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    positions = 0
    for tried in range(max_puzzles):
        if deadline is not None and time.perf_counter() > deadline:
            return None, tried
        puzzle, solution = yield from _relay_generate(seed + tried, tried, positions)
        found: list[Drill] = []
        for item in iter_positions(puzzle, solution):
            if item is None:
                yield {"puzzles": tried, "positions": positions}
                continue
            positions += 1
            if item.technique == technique:
                found.append(item)
        if found:
            return rng.choice(found), tried + 1
    return None, max_puzzles


def _relay_generate(
    seed: int, tried: int, positions: int
) -> Generator[dict[str, Any], None, tuple[Grid, Grid]]:
    """One generated puzzle (no symmetry, as graded generation draws them), yielding the
    drill's progress while the generator works."""
    making = iter_generate(seed=seed, symmetry="none", max_seconds=None)
    try:
        while True:
            next(making)
            yield {"puzzles": tried, "positions": positions}
    except StopIteration as done:
        made = done.value
        return made.puzzle, made.solution
