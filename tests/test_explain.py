"""Hints that teach: every technique's step in plain words at three levels, on a real position.

For each technique of the catalogue found along the solving paths of tests/data
(:mod:`hint_positions`), the three levels are pinned word for word in tests/hint_levels.txt
(read it as a player would: it is the hint's whole text; `python tests/test_explain.py` rewrites
it after a deliberate change, then read its diff), and checked for what every hint must
do: level 1 says where to look and which technique but never a digit in a cell; levels 2 and 3
are sentences that name the step's cells, units and digits; level 3 names everything the step
places or removes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hint_positions import POSITIONS
from sudoku_core import solve
from sudoku_core._slices import run_to_end
from sudoku_core.explain import EXPLAINERS, Levels, explain, iter_guess
from sudoku_core.explain.words import a_technique, plural, sentence
from sudoku_core.formats import as_grid
from sudoku_core.grid import CELLS, cell_name, unit_name
from sudoku_core.hints import hint
from sudoku_core.logic.board import Board, cellset
from sudoku_core.logic.steps import TECHNIQUES, Step

GOLDEN = Path(__file__).with_name("hint_levels.txt")
ANSWER = re.compile(r"r\dc\d\s*(\(\d\)|is \d|=|would be \d|holds? \d)|\b\d (in|into|to) r\dc\d")
"""A digit tied to a cell: ``r5c4(3)``, ``r5c4 is 3``, ``3 in r5c4``."""
FAMILIES = {
    "singles": ("Full House", "Naked Single", "Hidden Single"),
    "locked candidates": (
        "Locked Candidates Type 1 (Pointing)",
        "Locked Candidates Type 2 (Claiming)",
    ),
    "subsets": ("Naked Pair", "Hidden Triple", "Locked Pair", "Naked Quadruple"),
    "fish": ("X-Wing", "Swordfish", "Finned X-Wing", "Sashimi X-Wing", "Finned Franken Swordfish"),
    "single-digit patterns": ("Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle"),
    "wings": ("XY-Wing", "XYZ-Wing", "W-Wing"),
    "uniqueness": (
        "Uniqueness Test 1",
        "Hidden Rectangle",
        "Avoidable Rectangle Type 1",
        "Avoidable Rectangle Type 2",
        "BUG+1",
    ),
    "colouring": ("Simple Colors", "Multi Colors"),
    "chains": ("X-Chain", "XY-Chain", "Remote Pair", "Nice Loop/AIC", "Grouped Nice Loop/AIC"),
    "almost locked sets": ("ALS-XZ", "ALS-XY-Wing", "ALS-XY-Chain", "Sue de Coq"),
    "forcing": ("Forcing Chain", "Forcing Net"),
    "no technique": ("Trial and Error",),
}


def board_of(givens: str, text: str) -> Board:
    """A position of :mod:`hint_positions` as a board (its givens kept, for Avoidable
    Rectangles)."""
    tokens = text.split()
    board = Board.from_grid([0 if t.startswith(":") else int(t) for t in tokens])
    for c, token in enumerate(tokens):
        if token.startswith(":"):
            for d in range(1, 10):
                if str(d) not in token:
                    board.eliminate(c, d)
    grid = as_grid(givens)
    board.givens = cellset(c for c in CELLS if grid[c])
    return board


def explained(name: str) -> tuple[Step, Levels]:
    """The technique's step on its position and its words (as the explainer gives them, with
    no fallback to the notation)."""
    givens, text = POSITIONS[name]
    board = board_of(givens, text)
    if name == "Trial and Error":
        solution = solve(givens)
        assert solution is not None
        return run_to_end(iter_guess(board, solution))
    step = TECHNIQUES[name].finder(board)  # type: ignore[misc]
    assert step is not None and step.technique == name, f"{name}: its position's step changed"
    return step, EXPLAINERS[name](step, board)


def golden() -> dict[str, tuple[str, str, str]]:
    found = {}
    for block in GOLDEN.read_text(encoding="utf-8").split("## ")[1:]:
        name, nudge, pattern, effect = block.strip().split("\n")
        found[name] = (nudge, pattern, effect)
    return found


def test_every_family_has_a_position_and_every_technique_an_explanation() -> None:
    for family, names in FAMILIES.items():
        assert all(name in POSITIONS for name in names), family
    assert set(EXPLAINERS) | {"Trial and Error"} == set(TECHNIQUES)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_three_levels_are_pinned(name: str) -> None:
    _, levels = explained(name)
    assert (levels.nudge, levels.pattern, levels.effect) == golden()[name]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_levels_teach_without_giving_the_answer_first(name: str) -> None:
    step, levels = explained(name)
    for text in (levels.nudge, levels.pattern, levels.effect):
        assert re.fullmatch(r"[A-Z].*[.]", text), text
        assert "  " not in text and " ." not in text and " ," not in text
        assert not re.search(r"\ba ([AEIOX8])", text), text  # "an X-Wing", never "a X-Wing"
    assert not ANSWER.search(levels.nudge), levels.nudge
    assert "Trial and Error" not in levels.nudge
    # the effect names everything the step places or removes
    for cell, digit in (*step.placements, *step.eliminations):
        assert cell_name(cell) in levels.effect and str(digit) in levels.effect
    # the pattern names the step's cells (a fish: its lines; some of a long chain's), units and
    # digits; a single's pattern keeps back its answer (the cell or the digit), level 3 has it
    shown = levels.pattern + " " + levels.nudge
    units = {*step.units, *step.base, *step.cover}
    assert all(unit_name(u) in _units_said(shown) for u in units), units
    plain = re.sub(r"r\dc\d|(row|column|box)e?s? [\d, and]+", "", levels.pattern)
    assert re.search(r"[1-9]", plain), "the pattern names no digit"
    if name in FAMILIES["singles"]:
        assert re.search(r"r\dc\d|row|column|box", levels.pattern)
        return
    cells = {cell_name(c) for c in step.cells}
    if not step.base:
        assert sum(cell in levels.pattern for cell in cells) >= min(2, len(cells)), cells
    digits = {d for _, d in (*step.candidates, *step.placements, *step.eliminations)}
    assert any(str(d) in plain for d in digits)
    # the effect names everything the step places or removes


def _units_said(text: str) -> set[str]:
    """Every unit a text names, lists included: "rows 1, 4 and 8" names row 1, row 4, row 8."""
    said: set[str] = set()
    for kind, numbers in re.findall(r"\b(row|column|box)(?:e?s)? ((?:\d(?:, | and ))*\d)", text):
        said.update(f"{kind} {n}" for n in re.findall(r"\d", numbers))
    return said


def test_a_fish_reads_as_its_lines() -> None:
    _, levels = explained("Swordfish")
    assert levels.pattern == "In rows 3, 8 and 9 the 5s lie only in columns 2, 5 and 9."


def test_a_chain_reads_as_if_then() -> None:
    _, levels = explained("X-Chain")
    assert levels.pattern.startswith("If r6c3 is not 5, r6c1 is 5; then r1c1 is not 5, so ")


def test_a_guess_says_no_technique_applies_and_shows_its_contradiction() -> None:
    step, levels = explained("Trial and Error")
    assert levels.nudge.startswith("No technique the studio knows applies here")
    assert "would have no" in levels.pattern  # the contradiction
    ((cell, digit),) = step.placements
    solution = solve(POSITIONS["Trial and Error"][0])
    assert solution is not None and solution[cell] == digit


def test_a_hint_on_a_position_that_needs_a_guess() -> None:
    givens, text = POSITIONS["Trial and Error"]
    board = board_of(givens, text)
    grid = "".join(str(v) for v in board.values)
    found = hint(givens, grid, board.cands)
    assert found.kind == "step" and found.step is not None
    assert found.step.technique == "Trial and Error"
    assert found.nudge.startswith("No technique the studio knows applies here")
    assert found.notation == found.step.text


def test_english() -> None:
    assert a_technique("XY-Chain") == "an XY-Chain"
    assert a_technique("Empty Rectangle") == "an Empty Rectangle"
    assert a_technique("Skyscraper") == "a Skyscraper"
    assert a_technique("Uniqueness Test 1") == "a Unique Rectangle (Uniqueness Test 1)"
    assert (plural(1, "cell"), plural(2, "cell")) == ("1 cell", "2 cells")
    assert sentence("r1c1 and r1c2 hold 5") == "Cells r1c1 and r1c2 hold 5."


def test_a_step_without_words_falls_back_to_its_notation() -> None:
    board = Board.from_grid([0] * 81)
    step = Step("Made Up", placements=((0, 1),), cells=(0,), units=(0,), text="Made Up: r1c1")
    levels = explain(step, board)
    assert levels.nudge == "Look at row 1: a Made Up is there."
    assert levels.effect == "Place 1 in r1c1."


if __name__ == "__main__":  # after a deliberate change of the words: rewrite, then read the diff
    GOLDEN.write_text(
        "\n".join(
            line
            for name in sorted(POSITIONS)
            for line in (f"## {name}", *explained(name)[1].texts, "")
        ),
        encoding="utf-8",
    )
