"""Hints: mistakes first, then removed marks that were needed (complete marks only), then the
next step in three levels."""

from __future__ import annotations

import pytest

from sudoku_core import InvalidPuzzleError, parse, solve
from sudoku_core.formats import format_line
from sudoku_core.grid import cell_name
from sudoku_core.hints import hint, parse_marks
from sudoku_core.logic import Board

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def solution() -> tuple[int, ...]:
    found = solve(PUZZLE)
    assert found is not None
    return found


def test_the_first_hint_is_a_sound_step_in_three_levels() -> None:
    result = hint(PUZZLE)
    assert result.kind == "step" and result.step is not None
    assert result.nudge == "Look at box 8: a Hidden Single is there."
    assert result.pattern == (
        "In box 8, the 1s in r6c5 and r9c1 rule 1 out of every empty cell but one."
    )
    assert result.effect == "The only place left for 1 in box 8 is r8c6: place 1 in r8c6."
    assert result.notation == result.step.text
    for cell, digit in result.step.placements:
        assert solution()[cell] == digit
    body = result.to_dict()
    assert set(body["levels"]) == {"nudge", "pattern", "effect", "notation"}


def test_a_wrong_digit_is_reported_before_anything_else() -> None:
    entries = list(parse(PUZZLE))
    empty = [c for c in range(81) if not entries[c]]
    entries[empty[0]] = solution()[empty[0]]  # right
    entries[empty[5]] = solution()[empty[5]] % 9 + 1  # wrong
    result = hint(PUZZLE, format_line(tuple(entries)))
    assert result.kind == "mistake" and result.mistakes == (empty[5],)
    assert result.step is None
    # in three levels, as the other hints: the row, the cell, then the digit to remove
    row, name, digit = empty[5] // 9 + 1, cell_name(empty[5]), entries[empty[5]]
    assert (result.nudge, result.pattern, result.effect) == (
        f"A digit you placed in row {row} is wrong.",
        f"The digit in {name} is wrong.",
        f"Remove the {digit} from {name}: the solution has another digit there.",
    )


def test_a_removed_mark_that_was_needed_is_reported_with_the_next_step() -> None:
    board = Board.from_grid(parse(PUZZLE))
    marks = list(board.cands)
    cell = next(c for c in range(81) if marks[c])
    marks[cell] &= ~(1 << (solution()[cell] - 1))
    result = hint(PUZZLE, candidates=marks, marks="complete")
    assert result.kind == "missing_candidate"
    assert result.missing == ((cell, solution()[cell]),)
    assert result.step is not None
    assert result.to_dict()["missing"][0]["unit"] in result.nudge


def test_hints_follow_the_players_marks() -> None:
    board = Board.from_grid(parse(PUZZLE))
    first = hint(PUZZLE)
    assert first.step is not None
    first.step.apply(board)
    # The player applied the first step's eliminations in their marks: the hint moves on.
    grid = [board.values[c] for c in range(81)]
    second = hint(PUZZLE, format_line(tuple(grid)), candidates=board.cands)
    assert second.kind == "step" and second.step is not None and second.step != first.step


def test_a_solved_grid_and_a_bad_puzzle() -> None:
    assert hint(PUZZLE, format_line(solution())).kind == "solved"
    with pytest.raises(InvalidPuzzleError):
        hint("." * 81)


def test_marks_in_every_shape() -> None:
    assert parse_marks(["12", [3], 4] + [0] * 78)[:3] == [3, 4, 4]  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="81 cells"):
        parse_marks(["1"])


@pytest.mark.parametrize(
    "bad",
    [["\u0661\u0663"], [True], ["1x"], [None], [[1, 2.0]], [512]],
    ids=["arabic-indic", "bool", "letter", "none", "float-digit", "big-mask"],
)
def test_the_library_checks_marks_as_strictly_as_the_bridge(bad: list[object]) -> None:
    """hint() and the bridge share one check: no other script's digits, no bools, no tracebacks."""
    marks = bad + [""] * 80
    with pytest.raises(ValueError, match="cell 1"):
        parse_marks(marks)  # type: ignore[arg-type]


def ruled_out_digit(board: Board, cell: int) -> int:
    """A digit that a placed peer rules out in ``cell``."""
    return next(d for d in range(1, 10) if not board.cands[cell] >> (d - 1) & 1)


def step_cells_and_digits(result: object) -> tuple[set[int], set[int]]:
    from sudoku_core.hints import Hint

    assert isinstance(result, Hint) and result.step is not None
    step = result.step
    cells = set(step.cells) | {
        c for c, _ in (*step.candidates, *step.placements, *step.eliminations)
    }
    digits = {d for _, d in (*step.candidates, *step.placements, *step.eliminations)}
    return cells, digits


def test_a_kept_mark_the_step_needs_gone_is_named_before_the_step() -> None:
    """The player kept a mark that a placed digit rules out, in a cell of the next step: the
    hint says to remove it first (which mark, which digit sees it), not the step as if it were
    gone; once removed, the step comes."""
    board = Board.from_grid(parse(PUZZLE))
    first = hint(PUZZLE)
    cells, _ = step_cells_and_digits(first)
    cell = min(c for c in cells if not board.values[c])
    digit = ruled_out_digit(board, cell)
    marks = list(board.cands)
    marks[cell] |= 1 << (digit - 1)
    result = hint(PUZZLE, candidates=marks)
    assert result.kind == "remove_first", result.message
    ((mark, seen),) = result.remove
    assert mark == (cell, digit) and parse(PUZZLE)[seen] == digit
    assert result.message.startswith(
        f"First remove {digit} from r{cell // 9 + 1}c{cell % 9 + 1}: it sees"
    )
    body = result.to_dict()
    assert body["kind"] == "remove_first"
    assert body["remove"] == [
        {"cell": cell, "name": f"r{cell // 9 + 1}c{cell % 9 + 1}", "digit": digit, "seen": seen,
         "seen_name": f"r{seen // 9 + 1}c{seen % 9 + 1}"}
    ]  # fmt: skip
    assert hint(PUZZLE, candidates=list(board.cands)).step == first.step


def test_a_kept_mark_far_from_the_step_does_not_hold_it_up() -> None:
    board = Board.from_grid(parse(PUZZLE))
    first = hint(PUZZLE)
    cells, digits = step_cells_and_digits(first)
    from sudoku_core.grid import PEERS

    far = next(
        (c, d)
        for c in range(81)
        if not board.values[c] and c not in cells and not cells & set(PEERS[c])
        for d in range(1, 10)
        if d not in digits and not board.cands[c] >> (d - 1) & 1
    )
    marks = list(board.cands)
    marks[far[0]] |= 1 << (far[1] - 1)
    result = hint(PUZZLE, candidates=marks)
    assert result.kind == "step" and result.step == first.step
