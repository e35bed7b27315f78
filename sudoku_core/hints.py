"""Hints for a player's current state: mistakes first, then the next logical step in three levels.

:func:`hint` looks at the puzzle, the digits the player entered and (optionally) their pencil
marks. Order of business, as a teacher would:

1. A digit that contradicts the solution is a *mistake*, hinted in three levels as the others
   are: the row, then the cell, then the digit to remove (never the right one).
2. With pencil marks that the player says are complete (``marks="complete"``: their full
   candidate lists), a removed mark that the solution needs is reported (*missing candidate*)
   in three levels too: the unit, then the cell, the digit only at the last; the step that
   follows once it is restored comes with it. Marks are notes otherwise (``marks="notes"``, the
   default), and nothing counts as removed (see :func:`candidate_masks`).
3. With pencil marks, a mark that a placed digit already rules out (the player kept it) is not
   quietly dropped: when the next step depends on it (the mark is in the step's cells, or is one
   of its digits in a cell that sees them), the hint says to remove it first and why
   (*remove first*: "First remove 4 from r3c5: it sees the 4 in r3c9."). Dropping such marks
   in silence would offer a step as if the player had made eliminations they had not.
4. Otherwise the next step of the simplest technique, in three levels a UI reveals one at a time
   (:mod:`sudoku_core.explain`): the *nudge* (where to look and which technique, never a digit
   in a cell), the *pattern* (a sentence made from the step's cells, units and digits), the
   *effect* (what is placed or removed, and why it follows); the step's standard notation is the
   expert's line beside them (``notation``). When no technique applies, the step is a guess that
   fails (:func:`sudoku_core.explain.iter_guess`): the placement it forces, with the
   contradiction that the other candidates run into.

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
from sudoku_core.explain import explain, iter_guess
from sudoku_core.formats import GridLike, Marks, as_grid, parse_marks
from sudoku_core.grid import CELLS, PEERS, UNITS, UNITS_OF, Cell, Grid, cell_name, unit_name
from sudoku_core.logic.board import Board, Candidate, cellset
from sudoku_core.logic.solving_path import iter_find_step
from sudoku_core.logic.steps import Step
from sudoku_core.verdict import unique_solution_in_slices, wrong_entries

__all__ = [
    "MARKS_MEANINGS",
    "Hint",
    "HintKind",
    "MarksMeaning",
    "hint",
    "hint_in_slices",
    "iter_hint",
    "parse_marks",
]

HintKind = Literal["mistake", "missing_candidate", "remove_first", "step", "solved"]
MarksMeaning = Literal["complete", "notes"]
"""What a player's pencil marks are: each marked cell's full candidate list (``complete``), or
notes (``notes``) that may leave out any digit, the cell's own included."""
MARKS_MEANINGS: tuple[MarksMeaning, ...] = ("complete", "notes")
_NAMED_REMOVALS = 4
"""How many marks to remove a hint names one by one (then "and N more marks")."""
_COUNT_WORDS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


class Hint(Frozen):
    """What to tell the player; ``nudge``, ``pattern`` and ``effect`` are revealed in turn."""

    _fields = ("kind", "message", "mistakes", "missing", "step", "remove", "units", "texts")
    __slots__ = _fields
    kind: HintKind
    message: str
    mistakes: tuple[Cell, ...]
    missing: tuple[Candidate, ...]
    step: Step | None
    remove: tuple[tuple[Candidate, Cell], ...]
    """Marks to remove first, each with the cell whose digit rules it out."""
    units: tuple[int, ...]
    """For each missing candidate, the unit its levels name (:func:`missing_unit`)."""
    texts: tuple[str, ...]
    """The three levels' words: a missing candidate's own, or the step's
    (:func:`sudoku_core.explain.explain`)."""

    def __init__(
        self,
        kind: HintKind,
        message: str,
        *,
        mistakes: tuple[Cell, ...] = (),
        missing: tuple[Candidate, ...] = (),
        step: Step | None = None,
        remove: tuple[tuple[Candidate, Cell], ...] = (),
        units: tuple[int, ...] = (),
        texts: tuple[str, ...] = (),
    ) -> None:
        frozen_init(self, kind, message, mistakes, missing, step, remove, units, texts)

    @property
    def nudge(self) -> str:
        """Level 1: where to look and which technique (else the hint's message)."""
        return self.texts[0] if self.texts else self.message

    @property
    def pattern(self) -> str:
        """Level 2: the pattern in a sentence of its cells, units and digits."""
        return self.texts[1] if self.texts else self.message

    @property
    def effect(self) -> str:
        """Level 3: what the step places and removes, and why it follows."""
        return self.texts[2] if self.texts else self.message

    @property
    def notation(self) -> str:
        """The step in the standard notation, the expert's line (empty without a step)."""
        return self.step.text if self.step else ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "kind": self.kind,
            "message": self.message,
            "mistakes": [{"cell": c, "name": cell_name(c)} for c in self.mistakes],
            "missing": [
                {"cell": c, "name": cell_name(c), "digit": d, "unit": unit_name(u)}
                for (c, d), u in zip(self.missing, self.units, strict=True)
            ],
            "remove": [
                {"cell": c, "name": cell_name(c), "digit": d, "seen": s, "seen_name": cell_name(s)}
                for (c, d), s in self.remove
            ],
            "levels": {
                "nudge": self.nudge,
                "pattern": self.pattern,
                "effect": self.effect,
                "notation": self.notation,
            },
            "step": self.step.to_dict() if self.step else None,
        }


def hint(
    puzzle: GridLike,
    digits: GridLike | None = None,
    candidates: Marks | None = None,
    marks: MarksMeaning = "notes",
) -> Hint:
    """The next hint for a player (see the module doc).

    ``digits``: the grid as the player has it (givens and entries; None = only the givens).
    ``candidates``: the player's pencil marks for the 81 cells (None = every candidate the
    placed digits allow; a cell without marks has the rules' candidates). ``marks``: what
    those marks are (:data:`MarksMeaning`). A puzzle without exactly one solution has no hint: raises
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
    return run_to_end(hint_in_slices(givens, entered, masks, marks=marks, tick_nodes=0))


def iter_hint(
    puzzle: GridLike,
    digits: GridLike | None = None,
    candidates: Marks | None = None,
    marks: MarksMeaning = "notes",
) -> Generator[dict[str, Any], None, Hint]:
    """:func:`hint` in slices: yields ``{"work": n}`` (how many pieces of the search for the
    next step are done; 0 while the uniqueness check runs) between pieces of work, returns
    the hint.

    The puzzle, digits and marks are read here, once; :func:`hint_in_slices` does the work.
    """
    return hint_in_slices(*_read(puzzle, digits, candidates), marks=marks)


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
    marks: MarksMeaning = "notes",
    tick_nodes: int = 500,
) -> Generator[dict[str, Any], None, Hint]:
    """The next hint in slices, from grids and marks already read: ``entered`` is the
    player's grid (None = the givens), ``masks`` their pencil marks as 81 masks (None = the
    rules' candidates), ``marks`` what those are. The uniqueness check yields every
    ``tick_nodes`` search nodes (never when 0), the search for the next step after each
    technique tried and inside the slow ones."""
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
            texts=mistake_levels(entered, wrong),
        )
    grid = tuple(entered[c] or givens[c] for c in CELLS)
    if 0 not in grid:
        return Hint("solved", "The puzzle is solved.")
    missing: tuple[Candidate, ...] = ()
    units: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()
    stale: tuple[tuple[Candidate, Cell], ...] = ()
    if masks is not None:
        stale = ruled_out_marks(grid, masks)
        cands, missing = candidate_masks(grid, masks, solution, marks)
        board = Board.from_marks(grid, cands)
        units = tuple(missing_unit(board, c, d) for c, d in missing)
        texts = missing_levels(board, missing, units) if missing else ()
    else:
        board = Board.from_grid(grid)
    # The puzzle's givens, not every digit on the board: an Avoidable Rectangle needs to know
    # which digits were entered (they could be swapped) and which were given (they cannot).
    board.givens = cellset(c for c in CELLS if givens[c])
    tried = 0

    def counted(_: None) -> dict[str, Any]:
        nonlocal tried
        tried += 1
        return {"work": tried}

    found: Step | None = yield from relay(iter_find_step(board, unique=True), counted)
    if found is None:
        step, told = yield from relay(iter_guess(board, solution), counted)
    else:
        step, told = found, explain(found, board)
    remove = tuple(item for item in stale if depends_on(step, item[0]))
    if remove and not missing:
        message = remove_first_message(remove)
        return Hint("remove_first", message, step=step, remove=remove, texts=told.texts)
    if missing:
        return Hint(
            "missing_candidate", texts[0], missing=missing, step=step, units=units, texts=texts
        )
    return Hint("step", step.text, step=step, texts=told.texts)


def _no_work(_: object) -> dict[str, Any]:
    """The progress of a hint whose search for a step has not started."""
    return {"work": 0}


def candidate_masks(
    grid: Sequence[int], masks: Sequence[int], solution: Grid, marks: MarksMeaning
) -> tuple[list[int], tuple[Candidate, ...]]:
    """The candidates a hint works from, as 81 masks, and the needed candidates the player
    removed (``complete`` marks only).

    A cell without marks has the rules' candidates. A marked cell's marks are its candidates
    when they hold the cell's solution digit: every digit left out is then one the solution
    does not need, so a step found from them is sound, and the eliminations the player or
    Apply made move the hints on (were they ignored, the same step would come back after
    Apply). A marked cell that lacks its solution digit is where the two meanings part:

    - ``complete``: the digit was removed by mistake; it is put back and reported (*missing*).
    - ``notes``: the marks were never its candidate list, so the cell is read as unmarked,
      in silence. Putting back only the missing digit would leave the answer among a few
      marks the player never wrote, and the step found from them would point at it.

    Examples:
        >>> solution = (1,) * 81  # 1 is cell 0's answer (the rest does not matter here)
        >>> candidate_masks([0] * 81, [0b110] + [0] * 80, solution, "complete")[1]
        ((0, 1),)
        >>> cands, missing = candidate_masks([0] * 81, [0b110] + [0] * 80, solution, "notes")
        >>> cands[0] == 0x1FF, missing
        (True, ())
    """
    cands = [m if m else 0x1FF for m in masks]  # Board.from_marks keeps what the rules allow
    lacking = tuple(
        (c, solution[c]) for c in CELLS if not grid[c] and not cands[c] >> (solution[c] - 1) & 1
    )
    for c, d in lacking:
        cands[c] = cands[c] | 1 << (d - 1) if marks == "complete" else 0x1FF
    return cands, lacking if marks == "complete" else ()


def missing_unit(board: Board, cell: Cell, digit: int) -> int:
    """The unit a missing candidate's hint names: of the cell's row, column and box, the one
    with the fewest other places for the digit on ``board`` (the first on a tie): with none,
    the player's marks leave that unit without a place for it.

    Examples:
        >>> board = Board.from_grid([0] * 81)
        >>> missing_unit(board, 3, 6)
        0
    """
    return min(UNITS_OF[cell], key=lambda u: _other_places(board, u, cell, digit))


def _other_places(board: Board, unit: int, cell: Cell, digit: int) -> int:
    return sum(1 for c in UNITS[unit] if c != cell and board.cands[c] >> (digit - 1) & 1)


def missing_levels(
    board: Board, missing: Sequence[Candidate], units: Sequence[int]
) -> tuple[str, str, str]:
    """The three levels of a missing-candidate hint: the unit, then the cell, then the digit and
    why it must stay (the only place for it in the unit, or nothing rules it out there).

    Examples:
        >>> board = Board.from_grid([0] * 81)
        >>> for level in missing_levels(board, [(3, 6)], [0]):
        ...     print(level)
        A candidate needed in row 1 has been removed.
        A candidate needed in row 1 has been removed from r1c4.
        Put 6 back in r1c4: no digit in its row, column or box rules it out, and the solution needs it.
    """
    where = _and_list(list(dict.fromkeys(unit_name(u) for u in units)))
    if len(missing) == 1:
        removed = f"A candidate needed in {where} has been removed"
    else:
        removed = f"Candidates needed in {where} have been removed"
    cells = _and_list([cell_name(c) for c, _ in missing])
    reasons = []
    for (cell, digit), unit in zip(missing, units, strict=True):
        if _other_places(board, unit, cell, digit):
            why = "no digit in its row, column or box rules it out, and the solution needs it"
        else:
            why = f"it is the only place for {digit} in {unit_name(unit)}"
        reasons.append(f"Put {digit} back in {cell_name(cell)}: {why}.")
    if len(reasons) > _NAMED_REMOVALS:  # the rest in one sentence: the drawing shows them all
        rest = len(reasons) - _NAMED_REMOVALS + 1
        reasons = [*reasons[: _NAMED_REMOVALS - 1], f"Put back {rest} more candidates too."]
    return f"{removed}.", f"{removed} from {cells}.", " ".join(reasons)


def mistake_levels(entered: Sequence[int], wrong: Sequence[Cell]) -> tuple[str, str, str]:
    """The three levels of a mistake hint, in the shape of the others: the row, then the cell,
    then the digit to remove. Never the right digit: the player finds that themselves.

    Examples:
        >>> grid = [0] * 81
        >>> grid[5] = 6
        >>> for level in mistake_levels(grid, [5]):
        ...     print(level)
        A digit you placed in row 1 is wrong.
        The digit in r1c6 is wrong.
        Remove the 6 from r1c6: the solution has another digit there.
        >>> grid[40] = 2
        >>> mistake_levels(grid, [5, 40])[0]
        'Two digits you placed are wrong: one in row 1 and one in row 5.'
    """
    rows = list(dict.fromkeys(unit_name(UNITS_OF[c][0]) for c in wrong))
    named = [cell_name(c) for c in wrong]
    digits = [f"the {entered[c]} from {cell_name(c)}" for c in wrong]
    if len(wrong) > _NAMED_REMOVALS:  # the rest in one phrase: the drawing shows them all
        rest = len(wrong) - _NAMED_REMOVALS + 1
        named = [*named[: _NAMED_REMOVALS - 1], f"{rest} more cells"]
        digits = [*digits[: _NAMED_REMOVALS - 1], f"{rest} more wrong digits"]
    if len(wrong) == 1:
        return (
            f"A digit you placed in {rows[0]} is wrong.",
            f"The digit in {named[0]} is wrong.",
            f"Remove {digits[0]}: the solution has another digit there.",
        )
    count = _COUNT_WORDS[len(wrong)] if len(wrong) < len(_COUNT_WORDS) else str(len(wrong))
    if len(rows) == 1:
        where = f"all in {rows[0]}"
    elif len(rows) == len(wrong) and len(rows) <= _NAMED_REMOVALS:
        where = _and_list([f"one in {row}" for row in rows])
    else:
        where = f"in {_and_list(rows)}"
    return (
        f"{count} digits you placed are wrong: {where}.",
        f"The digits in {_and_list(named)} are wrong.",
        f"Remove {_and_list(digits)}: the solution has other digits there.",
    )


def _and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


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
