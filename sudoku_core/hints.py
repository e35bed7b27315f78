"""Hints for a player's current state: mistakes first, then the next logical step in three levels.

:func:`hint` looks at the puzzle, the digits the player entered and (optionally) their pencil
marks. Order of business, as a teacher would:

1. A digit that contradicts the solution is a *mistake*: the hint names the cell and nothing else.
2. With pencil marks, a removed mark that the solution needs is reported (*missing candidate*),
   with the step that follows once it is restored.
3. With pencil marks, a mark that a placed digit already rules out (the player kept it) is not
   quietly dropped: when the next step depends on it (the mark is in the step's cells, or is one
   of its digits in a cell that sees them), the hint says to remove it first and why
   (*remove first*: "First remove 4 from r3c5: it sees the 4 in r3c9."). Before, the board
   was built from the marks with such marks dropped, so a step was offered as if the player had
   made eliminations they had not.
4. Otherwise the next step of the simplest technique, in three levels a UI reveals one at a time:
   the *nudge* (technique and where to look), the *pattern* (cells and candidates), the *effect*
   (placements and eliminations).

:func:`iter_hint` does the work in slices (yielding after each technique tried, and inside
the slow ones): finding the next step of a hard position can take a second in CPython, and
the page's worker reads its messages only at a yield. :func:`hint` runs it to the end.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sudoku_core._slices import run_to_end
from sudoku_core.formats import GridLike, as_grid
from sudoku_core.grid import CELLS, PEERS, Cell, cell_name
from sudoku_core.logic.board import Board, Candidate
from sudoku_core.logic.forcing import trial_and_error
from sudoku_core.logic.solving_path import iter_find_step
from sudoku_core.logic.steps import Step
from sudoku_core.verdict import mistakes, unique_solution

__all__ = ["Hint", "HintKind", "hint", "iter_hint", "parse_marks"]

HintKind = Literal["mistake", "missing_candidate", "remove_first", "step", "solved"]
Marks = Sequence[int] | Sequence[str] | Sequence[Sequence[int]]
_MARK_DIGITS = frozenset("123456789")
_NAMED_REMOVALS = 4
"""How many marks to remove a hint names one by one (then "and N more marks")."""


@dataclass(frozen=True)
class Hint:
    """What to tell the player; ``nudge``, ``pattern`` and ``effect`` are revealed in turn."""

    kind: HintKind
    message: str
    mistakes: tuple[Cell, ...] = ()
    missing: tuple[Candidate, ...] = ()
    step: Step | None = None
    remove: tuple[tuple[Candidate, Cell], ...] = ()
    """Marks to remove first, each with the cell whose digit rules it out."""

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


def parse_marks(marks: Marks) -> list[int]:
    """Pencil marks as 81 masks, from masks, strings of digits (``"137"``) or lists of digits.

    Checked strictly, because Python's ``int`` reads other scripts' digits (Arabic-Indic one,
    ``"\\u0661"``, is 1), ``True`` is an int, and iterating a huge string "works": each of those
    would pass as marks. The bridge and the command line check marks through here too.

    Examples:
        >>> parse_marks(["137"] + [""] * 80)[:2]
        [69, 0]
        >>> parse_marks(["", "120"] + [""] * 79)
        Traceback (most recent call last):
        ...
        ValueError: cell 2: '120' is not up to 9 digits 1-9
    """
    if isinstance(marks, str | bytes) or not hasattr(marks, "__len__"):
        raise ValueError(f"candidates must be a list of 81 cells, got {type(marks).__name__}")
    if len(marks) != 81:
        raise ValueError(f"81 cells, got {len(marks)}")
    masks = []
    for cell, item in enumerate(marks, 1):
        if type(item) is int:
            if not 0 <= item <= 0x1FF:
                raise ValueError(f"cell {cell}: a mask must be 0..511, got {item}")
            masks.append(item)
        elif type(item) is str:
            if len(item) > 9 or not _MARK_DIGITS.issuperset(item):
                shown = repr(item) if len(item) <= 20 else repr(item[:20]) + "..."
                raise ValueError(f"cell {cell}: {shown} is not up to 9 digits 1-9")
            masks.append(sum(1 << (int(d) - 1) for d in set(item)))
        elif isinstance(item, list | tuple):
            if len(item) > 9 or any(type(d) is not int or not 1 <= d <= 9 for d in item):
                raise ValueError(f"cell {cell}: a list of marks must hold up to 9 digits 1-9")
            masks.append(sum(1 << (d - 1) for d in set(item)))
        else:
            raise ValueError(
                f"cell {cell}: must be a string of digits, a list of digits or a mask,"
                f" got {type(item).__name__}"
            )
    return masks


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
    return run_to_end(iter_hint(puzzle, digits, candidates))


def iter_hint(
    puzzle: GridLike, digits: GridLike | None = None, candidates: Marks | None = None
) -> Generator[dict[str, Any], None, Hint]:
    """:func:`hint` in slices: yields ``{"work": n}`` (how many pieces of the search for the
    next step are done) between pieces of work, returns the hint."""
    givens = as_grid(puzzle)
    solution = unique_solution(givens, purpose="no hint")
    entered = as_grid(digits) if digits is not None else givens
    wrong = mistakes(entered, solution)
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
    if candidates is not None:
        masks = parse_marks(candidates)
        stale = ruled_out_marks(grid, masks)
        missing = tuple(
            (c, solution[c]) for c in CELLS if not grid[c] and not masks[c] >> (solution[c] - 1) & 1
        )
        for c, d in missing:
            masks[c] |= 1 << (d - 1)
        board = Board.from_marks(grid, masks)
    else:
        board = Board.from_grid(grid)
    search = iter_find_step(board, unique=True)
    tried = 0
    while True:
        try:
            next(search)
        except StopIteration as done:
            found: Step | None = done.value
            break
        tried += 1
        yield {"work": tried}
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
