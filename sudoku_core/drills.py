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
and including the Unfair level that can be a next step (:data:`NEVER_NEXT` says which cannot,
and why). The page's pack of drills is made by
``python -m sudoku_core drill --pack`` (:mod:`sudoku_core.cli.drill`); :func:`drill_in_slices`
makes one on demand (the worker's ``drill`` operation) from generated puzzles, its
instances found inside the same time budget.

A position may hold its technique more than once (two X-Wings): a finder gives one step, the
first in its order, so the other *instances* are found by making the eliminations of those
found so far and asking the finder again (:func:`iter_instances`). Every instance is a right
answer; a drill's JSON carries them beside its step (``others``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Iterable
from itertools import pairwise
from typing import Any, Final, TypeVar

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.explain.words import summary
from sudoku_core.formats import format_line
from sudoku_core.generator import iter_generate
from sudoku_core.grid import CELLS, UNITS_OF, Grid, Mask
from sudoku_core.logic.board import MASK_DIGITS, Board
from sudoku_core.logic.forcing import trial_and_error
from sudoku_core.logic.solving_path import iter_find_step
from sudoku_core.logic.steps import TECHNIQUES, Level, Step
from sudoku_core.logic.techniques import CATALOGUE

__all__ = [
    "ALS_CASCADE",
    "DRILL_TECHNIQUES",
    "NEVER_NEXT",
    "Drill",
    "drill_in_slices",
    "instances",
    "is_only_instance",
    "iter_instances",
    "iter_positions",
    "marks_text",
    "next_step",
    "position_board",
]

NEVER_NEXT: Final = {
    "Franken X-Wing": (
        "never the next step: a Grouped Nice Loop/AIC, tried before it, always makes its"
        " eliminations first"
    ),
}
"""Techniques up to Unfair that are never a position's next step, and why (the page says it in
its technique list): no drill can serve them.

A Franken X-Wing's two base and two cover units cross in four places, each a cell or a
box-line group (a box and a line meet in three cells): a base unit whose candidates lie in
one cover only is a single or Locked Candidates; otherwise the four places make a loop of
two strong links (the base units) and two weak ones (the cover units), and every elimination
sees both ends of one of its four-node chains: a Grouped Nice Loop/AIC, which the grader tries
first. (Walks of 3,600 puzzles of forum_hardest, 17_clue and serg_benchmark_multi, which consult
the Franken X-Wing finder at every position no earlier technique serves, never found one.)"""

DRILL_TECHNIQUES: Final = tuple(
    t.name
    for t in CATALOGUE
    if t.finder is not None and t.level.rank <= Level.UNFAIR.rank and t.name not in NEVER_NEXT
)
"""The techniques drilled, in the catalogue's order: every one up to the Unfair level that
can be a next step (not :data:`NEVER_NEXT`)."""

_P = TypeVar("_P")
_T = TypeVar("_T")

_ALS: Final = frozenset({"ALS-XZ", "ALS-XY-Wing", "ALS-XY-Chain"})
ALS_CASCADE: Final = 6
"""Steps of the cascade (:func:`iter_instances`) for the almost locked sets' techniques, the
drill's own step included: each of their searches lists every ALS and its restricted commons
again, costs more as the cascade strikes candidates, and the cascade runs long (one ALS-XY-Wing
position of the pack: 83 steps, 55 s), where every other technique's runs to its end in a
second or so. An instance found after the sixth step is not offered."""

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

    def to_dict(self, others: Iterable[Step] = ()) -> dict[str, Any]:
        """Plain data for JSON: the technique, its level, the three grids as 81-character
        lines, the candidates as 81 strings of digits, and the step (:meth:`Step.to_dict`, with
        its ``summary`` in words: the page says that, its notation ``text`` behind a disclosure);
        ``others``, the technique's other instances there (:func:`instances`), when given."""
        found: dict[str, Any] = {
            "technique": self.technique,
            "level": self.step.info.level.value,
            "puzzle": format_line(self.puzzle),
            "digits": format_line(self.grid),
            "candidates": marks_text(self.marks),
            "solution": format_line(self.solution),
            "step": _step_dict(self.step),
        }
        more = [_step_dict(step) for step in others]
        if more:
            found["others"] = more
        return found


def _step_dict(step: Step) -> dict[str, Any]:
    return {**step.to_dict(), "summary": summary(step)}


def next_step(puzzle: Grid, grid: Grid, marks: Iterable[Mask]) -> Step | None:
    """What a fresh grading of the position does next (None when no technique up to Unfair
    applies)."""
    return run_to_end(iter_find_step(position_board(puzzle, grid, marks), unique=True, skip=_ABOVE))


def iter_instances(drill: Drill) -> Generator[None, None, list[Step]]:
    """The instances of the drill's technique in its position, in slices (None between
    pieces of work): its step first, then the others the technique's finder shows.

    The finders return one step each, so the others are looked for by making the eliminations
    of those found so far and asking the finder again until it finds nothing more
    (:func:`_iter_cascade`): no count bounds it (each step strikes a candidate, so the board
    does), and a position with nine instances has nine right answers; only the almost locked
    sets' searches stop after :data:`ALS_CASCADE` steps (see there). A step found that way
    may be a pattern those eliminations made, not one the position has: it is kept only when
    nothing it reads was changed (:func:`_holds_before`), so that every instance is a right
    answer on the position as shown. A step that places a digit is the one instance (a
    single's position has many singles: the page accepts any single of the same kind).
    """
    found = yield from _iter_cascade(drill, ALS_CASCADE if drill.technique in _ALS else None)
    kept = found[:1]
    removed: set[tuple[int, int]] = set()
    for earlier, step in pairwise(found):
        removed.update(earlier.eliminations)
        if _holds_before(step, removed):
            kept.append(step)
    return kept


def _iter_cascade(drill: Drill, limit: int | None = None) -> Generator[None, None, list[Step]]:
    """The drill's step, then each step the technique's finder takes once the eliminations of
    those before it are made, until it finds none (or ``limit`` steps; placements end it)."""
    found = [drill.step]
    if drill.step.placements:
        return found
    technique = TECHNIQUES[drill.technique]
    board = position_board(drill.puzzle, drill.grid, drill.marks)
    while limit is None or len(found) < limit:
        before = board.cands[:]
        found[-1].apply(board)
        if board.cands == before:
            break  # a step whose strikes were made already: asked again, the finder would repeat it
        if technique.stepper is not None:
            step = yield from technique.stepper(board)
            yield None  # the clock is read between steps, whether or not the stepper yielded
        else:
            assert technique.finder is not None
            step = technique.finder(board)
            yield None
        if step is None or step.placements or not step.eliminations:
            break  # (a step that strikes nothing would be found again and again)
        found.append(step)
    return found


# The techniques whose pattern is read from its own cells' candidates alone: a naked or locked
# subset (N cells, N digits), a wing's or chain's bivalue cells, almost locked sets, and a
# rectangle's four cells (Uniqueness Tests 1 and 2). The others also read where their digits are
# in the units through the pattern (a strong link, a fish's base, a hidden subset, colouring).
_READS_ITS_CELLS_ONLY: Final = frozenset(
    {
        "Naked Pair",
        "Naked Triple",
        "Naked Quadruple",
        "Locked Pair",
        "Locked Triple",
        "XY-Wing",
        "XYZ-Wing",
        "Remote Pair",
        "XY-Chain",
        "ALS-XZ",
        "ALS-XY-Wing",
        "ALS-XY-Chain",
        "Uniqueness Test 1",
        "Uniqueness Test 2",
    }
)


def _holds_before(step: Step, removed: set[tuple[int, int]]) -> bool:
    """Whether ``step``, found after the candidates ``removed`` were struck, is there before
    they were: none of them is in a cell of its pattern, and (unless it reads its cells only)
    none of its digits was struck in a unit through its pattern. What a pattern reads is its
    own cells' candidates (subsets, wings, bivalue cells of chains, almost locked sets,
    rectangles) and where its digits are in the units through those cells (strong links, fish,
    hidden subsets, colouring); both are then as they were, so the step holds."""
    cells = set(step.cells) | {cell for cell, _ in step.candidates} | set(step.fins)
    digits = {digit for _, digit in step.candidates}
    for link in step.links:
        cells.update((link.start[0], link.end[0], *link.start_cells, *link.end_cells))
        digits.update((link.start[1], link.end[1]))
    for group in (*step.colours, *step.als):
        cells.update(group)
    if step.technique in _READS_ITS_CELLS_ONLY:
        return cells.isdisjoint(cell for cell, _ in removed)
    if not digits:  # a pattern that names no candidate: any digit may be what it reads
        digits = set(range(1, 10))
    units = {unit for cell in cells for unit in UNITS_OF[cell]}
    units |= set(step.units) | set(step.base) | set(step.cover)
    return not any(
        cell in cells or (digit in digits and not units.isdisjoint(UNITS_OF[cell]))
        for cell, digit in removed
    )


def instances(drill: Drill) -> list[Step]:
    """:func:`iter_instances` run to its end."""
    return run_to_end(iter_instances(drill))


def is_only_instance(drill: Drill) -> bool:
    """Whether the technique's finder shows nothing more in the drill's position, even once the
    step's eliminations are made (:func:`_iter_cascade`): the pack prefers such positions,
    where the answer is the step's effect alone."""
    return len(run_to_end(_iter_cascade(drill, 2))) == 1


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
    technique: str,
    seed: int,
    *,
    max_seconds: float | None = None,
    max_puzzles: int = 10_000,
    clock: Callable[[], float] = time.perf_counter,
) -> Generator[dict[str, Any], None, tuple[Drill | None, list[Step], int]]:
    """A drill of ``technique`` from generated puzzles (seeds ``seed``, ``seed + 1``, ...) with
    the technique's instances there (:func:`iter_instances`: the step first), in slices: yields
    ``{"puzzles": n, "positions": m}`` between pieces of work. The drill is a random position
    (by ``seed``) of the first puzzle that has one; with the number of puzzles walked.

    ``max_seconds`` (by ``clock``) bounds all of it, the instances too: the clock is read
    before every piece of work (a generator's, a walk's position, a finder's search), so the
    work stops at most one piece past it. Past it before a drill is found, the result is None
    with no instances (so is it when ``max_puzzles`` ran out first); past it while the drill's
    other instances are looked for, the drill found is kept with its own step alone (a drill
    found is never thrown away: its other instances are then not known to be right)."""
    if technique in NEVER_NEXT:
        raise ValueError(f"no drill for {technique!r}: {NEVER_NEXT[technique]}")
    if technique not in DRILL_TECHNIQUES:
        raise ValueError(f"no drill for {technique!r}: the techniques are up to Unfair")
    rng = random.Random(seed)
    deadline = None if max_seconds is None else clock() + max_seconds
    positions = walked = 0  # (walked: the puzzles walked to their end)
    try:
        while walked < max_puzzles:
            making = _relay_generate(seed + walked, walked, positions)
            puzzle, solution = yield from _in_time(making, deadline, clock)
            found: list[Drill] = []
            for item in _in_time(iter_positions(puzzle, solution), deadline, clock):
                if item is None:
                    yield {"puzzles": walked, "positions": positions}
                    continue
                positions += 1
                if item.technique == technique:
                    found.append(item)
            walked += 1
            if found:
                drill = rng.choice(found)
                progress = {"puzzles": walked, "positions": positions}
                looking = _in_time(iter_instances(drill), deadline, clock)
                try:
                    steps = yield from relay(looking, _saying(progress))
                except _OutOfTimeError:
                    steps = [drill.step]
                return drill, steps, walked
    except _OutOfTimeError:
        pass
    return None, [], walked


def _saying(progress: dict[str, Any]) -> Callable[[None], dict[str, Any]]:
    """A :func:`relay` conversion that reports ``progress`` for every piece of work."""
    return lambda _: progress


class _OutOfTimeError(Exception):
    """The drill's time ran out (:func:`_in_time`)."""


def _in_time(
    work: Generator[_P, None, _T], deadline: float | None, clock: Callable[[], float]
) -> Generator[_P, None, _T]:
    """``work`` run in the caller's slices while ``clock`` is before ``deadline``: the clock is
    read before each of its pieces; past it, ``work`` is closed and :class:`_OutOfTimeError`
    raised."""
    while True:
        if deadline is not None and clock() > deadline:
            work.close()
            raise _OutOfTimeError
        try:
            progress = next(work)
        except StopIteration as done:
            result: _T = done.value
            return result
        yield progress


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
