"""Hints for a player's current state: mistakes first, then the next logical step in three levels.

:func:`hint` looks at the puzzle, the digits the player entered and (optionally) their pencil
marks. Order of business, as a teacher would:

1. A digit that contradicts the solution is a *mistake*: the hint names the cell and nothing else.
2. With pencil marks, a removed mark that the solution needs is reported (*missing candidate*),
   with the step that follows once it is restored.
3. With pencil marks, a mark that a placed digit already rules out (the player kept it) is not
   quietly dropped: when the next step depends on it (the mark is in the step's cells, or is one
   of its digits in a cell that sees them), the hint says to remove it first and why
   (*remove first*: "First remove 4 from r3c5: it sees the 4 in r3c9."). Dropping such marks
   in silence would offer a step as if the player had made eliminations they had not.
4. Otherwise the next step of the simplest technique, in three levels a UI reveals one at a time:
   the *nudge* (technique and where to look), the *pattern* (cells and candidates), the *effect*
   (placements and eliminations).

:func:`iter_hint` does the work in slices (yielding after each technique tried, and inside
the slow ones): finding the next step of a hard position can take a second in CPython, and
the page's worker reads its messages only at a yield; the uniqueness check before it yields
every few hundred search nodes. :func:`hint` runs it to the end; :func:`hint_in_slices` is the
same on grids and marks already read (the bridge's and the command line's).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Literal

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.formats import GridLike, Marks, as_grid, parse_marks
from sudoku_core.grid import CELLS, PEERS, Cell, Grid, cell_name
from sudoku_core.logic.board import Board, Candidate
from sudoku_core.logic.forcing import trial_and_error
from sudoku_core.logic.solving_path import iter_find_step
from sudoku_core.logic.steps import Step
from sudoku_core.verdict import unique_solution_in_slices, wrong_entries

__all__ = ["Hint", "HintKind", "hint", "hint_in_slices", "iter_hint", "parse_marks"]

HintKind = Literal["mistake", "missing_candidate", "remove_first", "step", "solved"]
_NAMED_REMOVALS = 4
"""How many marks to remove a hint names one by one (then "and N more marks")."""


class Hint(Frozen):
    """What to tell the player; ``nudge``, ``pattern`` and ``effect`` are revealed in turn."""

    _fields = ("kind", "message", "mistakes", "missing", "step", "remove")
    __slots__ = _fields
    kind: HintKind
    message: str
    mistakes: tuple[Cell, ...]
    missing: tuple[Candidate, ...]
    step: Step | None
    remove: tuple[tuple[Candidate, Cell], ...]
    """Marks to remove first, each with the cell whose digit rules it out."""

    def __init__(
        self,
        kind: HintKind,
        message: str,
        *,
        mistakes: tuple[Cell, ...] = (),
        missing: tuple[Candidate, ...] = (),
        step: Step | None = None,
        remove: tuple[tuple[Candidate, Cell], ...] = (),
    ) -> None:
        frozen_init(self, kind, message, mistakes, missing, step, remove)

    @property
    def nudge(self) -> str:
        """Level 1: the technique and the region to look at."""
        return self.step.nudge() if self.step else self.message

    @property
    def pattern(self) -> str:
        """Level 2: the cells and candidates that form the pattern."""
        return self.step.pattern() if self.step else self.message

    @property
    def effect(self) -> str:
        """Level 3: what the step places and removes, with the full explanation."""
        return self.step.text if self.step else self.message

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "kind": self.kind,
            "message": self.message,
            "mistakes": [{"cell": c, "name": cell_name(c)} for c in self.mistakes],
            "missing": [{"cell": c, "name": cell_name(c), "digit": d} for c, d in self.missing],
            "remove": [
                {"cell": c, "name": cell_name(c), "digit": d, "seen": s, "seen_name": cell_name(s)}
                for (c, d), s in self.remove
            ],
            "levels": {"nudge": self.nudge, "pattern": self.pattern, "effect": self.effect},
            "step": self.step.to_dict() if self.step else None,
        }


def hint(puzzle: GridLike, digits: GridLike | None = None, candidates: Marks | None = None) -> Hint:
    """The next hint for a player (see the module doc).

    ``digits``: the grid as the player has it (givens and entries; None = only the givens).
    ``candidates``: the player's pencil marks for the 81 cells (None = every candidate the
    placed digits allow). A puzzle without exactly one solution has no hint: raises
    :class:`InvalidPuzzleError` saying why (:func:`sudoku_core.verdict.unique_solution`).

    Examples:
        >>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        >>> first = hint(puzzle)
        >>> first.kind, first.step.technique if first.step else None
        ('step', 'Hidden Single')
        >>> from sudoku_core import solve
        >>> wrong = solve(puzzle)[1] % 9 + 1  # any digit but the right one
        >>> mistake = hint(puzzle, "4" + str(wrong) + puzzle[2:])
        >>> mistake.kind, mistake.mistakes
        ('mistake', (1,))
    """
    givens, entered, masks = _read(puzzle, digits, candidates)
    return run_to_end(hint_in_slices(givens, entered, masks, tick_nodes=0))


def iter_hint(
    puzzle: GridLike, digits: GridLike | None = None, candidates: Marks | None = None
) -> Generator[dict[str, Any], None, Hint]:
    """:func:`hint` in slices: yields ``{"work": n}`` (how many pieces of the search for the
    next step are done; 0 while the uniqueness check runs) between pieces of work, returns
    the hint.

    The puzzle, digits and marks are read here, once; :func:`hint_in_slices` does the work.
    """
    return hint_in_slices(*_read(puzzle, digits, candidates))


def _read(
    puzzle: GridLike, digits: GridLike | None, candidates: Marks | None
) -> tuple[Grid, Grid | None, list[int] | None]:
    return (
        as_grid(puzzle),
        None if digits is None else as_grid(digits),
        None if candidates is None else parse_marks(candidates),
    )


def hint_in_slices(
    givens: Grid,
    entered: Grid | None = None,
    masks: Sequence[int] | None = None,
    *,
    tick_nodes: int = 500,
) -> Generator[dict[str, Any], None, Hint]:
    """The next hint in slices, from grids and marks already read: ``entered`` is the
    player's grid (None = the givens), ``masks`` their pencil marks as 81 masks (None = the
    rules' candidates). The uniqueness check yields every ``tick_nodes`` search nodes (never
    when 0), the search for the next step after each technique tried and inside the slow
    ones."""
    solution = yield from relay(
        unique_solution_in_slices(givens, purpose="no hint", tick_nodes=tick_nodes), _no_work
    )
    if entered is None:
        entered = givens
    wrong = wrong_entries(entered, solution)
    if wrong:
        names = ", ".join(cell_name(c) for c in wrong)
        return Hint(
            "mistake",
            f"{names}: {'this digit is' if len(wrong) == 1 else 'these digits are'} wrong",
            mistakes=wrong,
        )
    grid = tuple(entered[c] or givens[c] for c in CELLS)
    if 0 not in grid:
        return Hint("solved", "The puzzle is solved.")
    missing: tuple[Candidate, ...] = ()
    stale: tuple[tuple[Candidate, Cell], ...] = ()
    if masks is not None:
        marks = list(masks)
        stale = ruled_out_marks(grid, marks)
        missing = tuple(
            (c, solution[c]) for c in CELLS if not grid[c] and not marks[c] >> (solution[c] - 1) & 1
        )
        for c, d in missing:
            marks[c] |= 1 << (d - 1)
        board = Board.from_marks(grid, marks)
    else:
        board = Board.from_grid(grid)
    tried = 0

    def counted(_: None) -> dict[str, Any]:
        nonlocal tried
        tried += 1
        return {"work": tried}

    found: Step | None = yield from relay(iter_find_step(board, unique=True), counted)
    step = found or trial_and_error(board, solution)
    remove = tuple(item for item in stale if depends_on(step, item[0]))
    if remove and not missing:
        return Hint("remove_first", remove_first_message(remove), step=step, remove=remove)
    if missing:
        names = ", ".join(f"{d} in {cell_name(c)}" for c, d in missing)
        return Hint(
            "missing_candidate",
            f"A candidate you removed is needed: {names}",
            missing=missing,
            step=step,
        )
    return Hint("step", step.text, step=step)


def _no_work(_: object) -> dict[str, Any]:
    """The progress of a hint whose search for a step has not started."""
    return {"work": 0}


def ruled_out_marks(
    grid: Sequence[int], masks: Sequence[int]
) -> tuple[tuple[Candidate, Cell], ...]:
    """The marks of empty cells that a placed digit in a peer rules out, each with that peer
    (the first in cell order).

    Examples:
        >>> grid = [0] * 81
        >>> grid[8] = 4
        >>> ruled_out_marks(grid, [0b1000] + [0] * 80)
        (((0, 4), 8),)
    """
    found = []
    for cell in CELLS:
        if grid[cell] or not masks[cell]:
            continue
        for digit in range(1, 10):
            if masks[cell] >> (digit - 1) & 1:
                seen = next((p for p in PEERS[cell] if grid[p] == digit), None)
                if seen is not None:
                    found.append(((cell, digit), seen))
    return tuple(found)


def depends_on(step: Step, mark: Candidate) -> bool:
    """Whether a step found without ``mark`` may need it gone: the mark's cell is one of the
    step's cells, or the mark's digit is one of the step's digits and its cell sees (or is) one of
    the step's cells. Generous on purpose: asking to remove a mark that was not needed costs
    the player one click; offering a step that needs it gone would teach a wrong reason."""
    cell, digit = mark
    cells = set(step.cells) | set(step.fins)
    digits = set()
    for c, d in (*step.candidates, *step.placements, *step.eliminations):
        cells.add(c)
        digits.add(d)
    for link in step.links:
        for (c, d), group in ((link.start, link.start_cells), (link.end, link.end_cells)):
            cells.update(group or (c,))
            digits.add(d)
    if cell in cells:
        return True
    return digit in digits and any(c in PEERS[cell] for c in cells)


def remove_first_message(remove: Sequence[tuple[Candidate, Cell]]) -> str:
    """``First remove 4 from r3c5: it sees the 4 in r3c9.``; several: one clause each.

    Examples:
        >>> remove_first_message([((22, 4), 26)])
        'First remove 4 from r3c5: it sees the 4 in r3c9.'
        >>> remove_first_message([((22, 4), 26), ((0, 7), 8)])
        'First remove 4 from r3c5 (it sees the 4 in r3c9) and 7 from r1c1 (it sees the 7 in r1c9).'
        >>> remove_first_message([((0, d), 8) for d in range(1, 9)])[-32:]
        'the 3 in r1c9) and 5 more marks.'
    """
    if len(remove) == 1:
        (cell, digit), seen = remove[0]
        return f"First remove {digit} from {cell_name(cell)}: it sees the {digit} in {cell_name(seen)}."
    parts = [f"{d} from {cell_name(c)} (it sees the {d} in {cell_name(s)})" for (c, d), s in remove]
    if len(parts) > _NAMED_REMOVALS:  # the rest in one clause: the drawing shows them all
        parts = [*parts[: _NAMED_REMOVALS - 1], f"{len(parts) - _NAMED_REMOVALS + 1} more marks"]
    return "First remove " + ", ".join(parts[:-1]) + " and " + parts[-1] + "."
