"""What a player's centre marks mean to a hint: notes by default (nothing counts as removed,
and no text names a cell's answer), or complete candidate lists (a needed candidate the
player removed is hinted in three levels: the unit, then the cell, the digit only at the last)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence

import pytest

from sudoku_core import bridge, parse, solve
from sudoku_core.grid import UNITS, UNITS_OF, cell_name, unit_name
from sudoku_core.hints import Hint, hint
from sudoku_core.logic import Board

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GIVENS = parse(PUZZLE)
SOLUTION = solve(PUZZLE) or ()
assert SOLUTION, "the sample puzzle has one solution"
CANDIDATES = list(Board.from_grid(GIVENS).cands)
EMPTY = [c for c in range(81) if not GIVENS[c]]


def bit(digit: int) -> int:
    return 1 << (digit - 1)


def places(marks: list[int], unit: int, cell: int, digit: int) -> int:
    """How many cells of ``unit`` besides ``cell`` hold ``digit`` in ``marks``."""
    return sum(1 for c in UNITS[unit] if c != cell and marks[c] & bit(digit))


def without(cell: int) -> list[int]:
    """Every cell's candidates (Fill candidates), less ``cell``'s solution digit."""
    marks = list(CANDIDATES)
    marks[cell] &= ~bit(SOLUTION[cell])
    return marks


def partial_notes(count: int) -> list[int]:
    """Notes in the first ``count`` empty cells with two or more wrong candidates: two of their
    candidates, never the answer; every other cell unmarked."""
    marks = [0] * 81
    noted = 0
    for cell in EMPTY:
        wrong = [d for d in range(1, 10) if CANDIDATES[cell] & bit(d) and d != SOLUTION[cell]]
        if len(wrong) >= 2 and noted < count:
            marks[cell] = bit(wrong[0]) | bit(wrong[1])
            noted += 1
    assert noted == count
    return marks


def names_an_answer(
    text: str, cells: Iterable[int], solution: Sequence[int | str] = SOLUTION
) -> bool:
    """Whether ``text`` pairs one of these cells with its solution digit, in any of the ways
    a hint writes a candidate, a placement or a candidate to put back (the page's tests use
    it too, with their puzzle's solution)."""
    for cell in cells:
        name, digit = cell_name(cell), solution[cell]
        forms = (
            f"{digit} in {name}",
            f"{name}({digit})",
            f"{name}={digit}",
            f"{name} = {digit}",
            f"{digit} back in {name}",
        )
        if any(form in text for form in forms):
            return True
    return False


def test_partial_notes_are_not_candidates_and_give_nothing_away() -> None:
    """Notes without the answer, in a few cells: the hint is the one for no marks at all."""
    marks = partial_notes(6)
    noted = [c for c in range(81) if marks[c]]
    plain = hint(PUZZLE)
    result = hint(PUZZLE, candidates=marks)
    assert result.kind == "step" and result.missing == ()
    assert result.step == plain.step
    for text in (result.message, result.nudge, result.pattern, result.effect):
        assert "removed" not in text
        assert not names_an_answer(text, noted), text


def test_notes_that_hold_the_answer_count_as_eliminations() -> None:
    """The player (or Apply) took a wrong digit out of some cells: the hint works from it."""
    first = hint(PUZZLE)
    assert first.step is not None
    board = Board.from_grid(GIVENS)
    first.step.apply(board)
    marks = [board.cands[c] if not board.values[c] else 0 for c in range(81)]
    grid = "".join(str(board.values[c] or ".") for c in range(81))
    after = hint(PUZZLE, grid, candidates=marks)
    assert after.kind == "step" and after.step != first.step


def test_an_unmarked_cell_has_the_rules_candidates_even_when_marks_are_complete() -> None:
    marks = list(CANDIDATES)
    marks[EMPTY[0]] = 0
    result = hint(PUZZLE, candidates=marks, marks="complete")
    assert result.kind == "step" and result.step == hint(PUZZLE).step


def only_place_case() -> tuple[int, int]:
    """An empty cell and a unit of it where the cell is the only place for its answer."""
    for cell in EMPTY:
        for unit in UNITS_OF[cell]:
            if not places(CANDIDATES, unit, cell, SOLUTION[cell]):
                return cell, unit
    raise AssertionError("no hidden single in the puzzle's first candidates")


def many_places_case() -> int:
    """An empty cell whose answer has another place in each of its row, column and box."""
    return next(c for c in EMPTY if all(places(CANDIDATES, u, c, SOLUTION[c]) for u in UNITS_OF[c]))


def levels(result: Hint) -> tuple[str, str, str]:
    return result.nudge, result.pattern, result.effect


def test_complete_marks_hint_a_removed_candidate_unit_then_cell_then_digit() -> None:
    cell, unit = only_place_case()
    digit, name, where = SOLUTION[cell], cell_name(cell), unit_name(unit)
    result = hint(PUZZLE, candidates=without(cell), marks="complete")
    assert result.kind == "missing_candidate" and result.missing == ((cell, digit),)
    assert levels(result) == (
        f"A candidate needed in {where} has been removed.",
        f"A candidate needed in {where} has been removed from {name}.",
        f"Put {digit} back in {name}: it is the only place for {digit} in {where}.",
    )
    assert result.message == result.nudge
    assert result.step is not None  # the step that follows once it is back
    body = result.to_dict()
    assert body["missing"] == [{"cell": cell, "name": name, "digit": digit, "unit": where}]
    assert body["levels"] == dict(zip(("nudge", "pattern", "effect"), levels(result), strict=True))


def test_a_removed_candidate_that_is_not_the_only_place_says_nothing_rules_it_out() -> None:
    cell = many_places_case()
    digit, name = SOLUTION[cell], cell_name(cell)
    result = hint(PUZZLE, candidates=without(cell), marks="complete")
    nudge, pattern, effect = levels(result)
    assert name not in nudge and name in pattern
    assert not re.search(rf"\b{digit}\b", pattern.replace(name, "").split(" in ")[0])
    assert effect == (
        f"Put {digit} back in {name}: no digit in its row, column or box rules it out, "
        "and the solution needs it."
    )


def test_several_removed_candidates_are_named_together() -> None:
    first, second = EMPTY[0], EMPTY[-1]
    marks = without(first)
    marks[second] &= ~bit(SOLUTION[second])
    result = hint(PUZZLE, candidates=marks, marks="complete")
    assert [c for c, _ in result.missing] == [first, second]
    assert result.nudge.startswith("Candidates needed in ") and "have been removed." in result.nudge
    assert result.pattern.endswith(f"from {cell_name(first)} and {cell_name(second)}.")
    assert result.effect.count("Put ") == 2


def test_the_same_marks_as_notes_report_nothing_removed() -> None:
    cell, _ = only_place_case()
    result = hint(PUZZLE, candidates=without(cell), marks="notes")
    assert result.kind == "step" and result.missing == ()
    assert hint(PUZZLE, candidates=without(cell)).kind == "step"  # notes: the default


def test_the_bridge_takes_marks_and_refuses_a_meaning_it_does_not_know() -> None:
    cell, _ = only_place_case()
    args = {"grid": PUZZLE, "candidates": without(cell)}
    for marks, kind in (("complete", "missing_candidate"), ("notes", "step"), (None, "step")):
        reply = json.loads(bridge.call("hint", json.dumps({**args, "marks": marks})))
        assert reply["ok"] is True and reply["result"]["kind"] == kind
    reply = json.loads(bridge.call("hint", json.dumps({**args, "marks": "all"})))
    assert reply["ok"] is False and reply["error"]["type"] == "BadRequestError"
    assert reply["error"]["message"] == "argument 'marks' must be one of complete, notes, got 'all'"


@pytest.mark.parametrize("meaning", ["complete", "notes"])
def test_the_command_line_reads_marks(meaning: str, capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_core.cli import main

    cell, _ = only_place_case()
    line = ",".join("".join(str(d) for d in range(1, 10) if m & bit(d)) for m in without(cell))
    code = main(["hint", PUZZLE, "--candidates", line, "--marks", meaning, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    kind = json.loads(out)["kind"]
    assert kind == ("missing_candidate" if meaning == "complete" else "step")
