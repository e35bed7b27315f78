"""Pencil marks and hints on the page: centre marks are notes unless the player says otherwise
(Fill candidates, marks in every empty cell, or the setting "My centre marks are complete
candidates"), so a hint on partial notes never reports a removed candidate nor names an
answer, while on complete marks it hints a removed true candidate unit first, cell second,
digit last; and while a hint draws candidates the centre marks sit in their 3x3 places, each
overlay disc on its own digit (positions measured on the page, and the setting that keeps that
layout at all times)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e import test_path_view as path_view
from e2e.axe import check_axe
from e2e.play_helpers import PUZZLE, SOLUTION, candidates, choose, start_game
from e2e.test_hint_drawing import ENTERED, ENTRIES
from e2e.test_hint_drawing import PUZZLE as PAIR_PUZZLE
from sudoku_core import hint
from sudoku_core.grid import cell_name
from test_hint_marks import names_an_answer

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

# r4c5's answer, 8, has no other place in column 5 once the rules' candidates are filled in:
# the complete-marks hint names column 5, then r4c5, then 8 (which neither name contains).
REMOVED_CELL, REMOVED_UNIT = 31, "column 5"
REMOVED_DIGIT = SOLUTION[REMOVED_CELL]
assert REMOVED_DIGIT == "8" and PUZZLE[REMOVED_CELL] == "."
PLAIN = hint(PUZZLE)  # the hint with no marks at all


def notes() -> dict[int, str]:
    """Notes as a player jots them: two or three of a cell's candidates, never its answer, in
    six cells (the first six with enough wrong candidates); every other cell unmarked."""
    out: dict[int, str] = {}
    for cell in range(81):
        wrong = [d for d in candidates(PUZZLE, cell) if d != SOLUTION[cell]]
        if PUZZLE[cell] == "." and len(wrong) >= 3 and len(out) < 6:
            out[cell] = "".join(wrong[: 2 + cell % 2])
    return out


def centre_marks(app: Studio, marks: dict[int, str]) -> None:
    """Type centre marks (Ctrl+digit), cell by cell."""
    for cell, digits in marks.items():
        app.cell(cell).click()
        for digit in digits:
            app.page.keyboard.press(f"Control+{digit}")
        expect(app.cell(cell)).to_have_attribute("data-centre", "".join(sorted(digits)))


def fill_candidates(app: Studio) -> None:
    app.button("Fill candidates").click()
    expect(app.cell(REMOVED_CELL)).to_have_attribute("data-centre", re.compile(r"\d"))


def press_hint(app: Studio, level: int) -> str:
    """Hint pressed once more: its level shown; the words said."""
    app.button("Hint").click()
    text = app.page.locator("#hint-text")
    expect(text).to_have_attribute("data-level", str(level))
    return str(text.text_content())


def overlay(app: Studio) -> dict[str, Any]:
    drawn: dict[str, Any] = app.board.evaluate(
        """(board) => {
            const svg = board.shadowRoot.querySelector("svg.overlay");
            return {
                houses: [...svg.querySelectorAll("[data-house]")].map((e) => e.dataset.house),
                cells: [...svg.querySelectorAll("rect[data-cell]")].map((e) => Number(e.dataset.cell)),
                candidates: [...svg.querySelectorAll("[data-role]")]
                    .map((e) => [Number(e.dataset.cell), Number(e.dataset.digit), e.dataset.role]),
            };
        }"""
    )
    return drawn


def test_partial_notes_are_notes_and_no_hint_level_names_a_removed_candidate(app: Studio) -> None:
    start_game(app)
    jotted = notes()
    centre_marks(app, jotted)
    text = app.page.locator("#hint-text")
    said = [press_hint(app, level) for level in (1, 2, 3)]
    expect(text).to_have_attribute("data-kind", "step")
    assert said[0] == PLAIN.nudge  # the hint for no marks at all: the notes changed nothing
    assert said[2].startswith(PLAIN.effect)
    for words in said:
        assert "removed" not in words, words
        assert not names_an_answer(words, jotted, SOLUTION), words


def test_complete_marks_hint_a_removed_candidate_unit_then_cell_then_digit(app: Studio) -> None:
    """Fill candidates, then the answer taken out of one cell: the hint says where, in steps,
    draws the same, and Apply puts the digit back."""
    start_game(app)
    fill_candidates(app)
    cell, name, digit = REMOVED_CELL, cell_name(REMOVED_CELL), REMOVED_DIGIT
    app.cell(cell).click()
    app.page.keyboard.press(f"Control+{digit}")  # the centre tool toggles it off
    expect(app.cell(cell)).not_to_have_attribute("data-centre", re.compile(digit))
    text = app.page.locator("#hint-text")

    level_1 = press_hint(app, 1)
    expect(text).to_have_attribute("data-kind", "missing_candidate")
    assert level_1 == f"A candidate needed in {REMOVED_UNIT} has been removed."
    assert overlay(app) == {"houses": [REMOVED_UNIT], "cells": [], "candidates": []}

    level_2 = press_hint(app, 2)
    assert level_2 == f"A candidate needed in {REMOVED_UNIT} has been removed from {name}."
    assert digit not in level_2
    assert overlay(app) == {"houses": [REMOVED_UNIT], "cells": [cell], "candidates": []}
    expect(app.page.locator("#hint-apply")).to_be_hidden()

    level_3 = press_hint(app, 3)
    assert (
        level_3
        == f"Put {digit} back in {name}: it is the only place for {digit} in {REMOVED_UNIT}."
    )
    assert overlay(app)["candidates"] == [[cell, int(digit), "pattern"]]
    check_axe(app.page, "a removed candidate hinted at its last level, marks in 3x3 places")
    app.button("Put it back").click()
    expect(text).to_have_attribute("data-kind", "applied")
    expect(app.cell(cell)).to_have_attribute("data-centre", re.compile(digit))
    press_hint(app, 1)
    expect(text).to_have_attribute("data-kind", "step")  # put back: the next step comes


def test_the_setting_makes_partial_marks_complete(app: Studio) -> None:
    """The same notes as above, with "My centre marks are complete candidates": each noted
    cell lacks its answer, and the hint says so, unit first, digit last."""
    start_game(app)
    jotted = notes()
    centre_marks(app, jotted)
    first = min(jotted)
    choose(app, marks_complete=True)
    try:
        text = app.page.locator("#hint-text")
        level_1 = press_hint(app, 1)
        expect(text).to_have_attribute("data-kind", "missing_candidate")
        assert level_1.startswith("Candidates needed in ") and level_1.endswith(
            "have been removed."
        )
        assert not re.search(r"r\dc\d", level_1)
        level_2 = press_hint(app, 2)
        assert cell_name(first) in level_2 and "back" not in level_2
        level_3 = press_hint(app, 3)
        assert level_3.startswith(f"Put {SOLUTION[first]} back in {cell_name(first)}: ")
    finally:
        choose(app, marks_complete=False)
    press_hint(app, 1)  # the setting off: notes again (a new state, a new hint)
    expect(app.page.locator("#hint-text")).to_have_attribute("data-kind", "step")


PLACES = """(board) => {
  const root = board.shadowRoot;
  return [...root.querySelectorAll("svg.overlay [data-role]")].map((group) => {
    const cell = Number(group.dataset.cell);
    const digit = Number(group.dataset.digit);
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    const cellEl = root.querySelector(`[role="gridcell"][data-cell="${cell}"]`);
    const mark = cellEl.querySelector(`.centre span[data-d="${digit}"]`);
    return { cell, digit, cellBox: box(cellEl), disc: box(group.querySelector("circle")),
             mark: mark ? box(mark) : null };
  });
}"""


def in_place(box: dict[str, float], cell: dict[str, float], digit: int) -> bool:
    """Whether the centre of ``box`` lies in the 3x3 sub-square of ``digit`` in ``cell``."""
    x, y = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
    col, row = (digit - 1) % 3, (digit - 1) // 3
    left, top = cell["x"] + col * cell["w"] / 3, cell["y"] + row * cell["h"] / 3
    return left <= x <= left + cell["w"] / 3 and top <= y <= top + cell["h"] / 3


def test_while_a_hint_draws_candidates_each_disc_lies_on_its_digits_mark(app: Studio) -> None:
    """The Locked Pair state of test_hint_drawing with every candidate filled in: at levels 2
    and 3 the board lays centre marks out in 3x3 places, and each disc (pattern and struck
    eliminations) and the mark of its digit share the digit's sub-square of the cell."""
    start_game(app, PAIR_PUZZLE)
    for cell, digit in ENTERED.items():
        app.cell(cell).click()
        app.page.keyboard.press(digit)
    expect(app.board).to_have_attribute("entries", ENTRIES)
    app.button("Fill candidates").click()
    names_before = app.board.evaluate(
        """(board) => [...board.shadowRoot.querySelectorAll('[role="gridcell"]')]
            .map((e) => e.getAttribute("aria-label"))"""
    )
    press_hint(app, 1)
    expect(app.board).not_to_have_attribute("centre-layout", re.compile(".*"))  # no digit yet
    for level, count in ((2, 4), (3, 10)):
        press_hint(app, level)
        expect(app.board).to_have_attribute("centre-layout", "grid")
        places: list[dict[str, Any]] = app.board.evaluate(PLACES)
        assert len(places) == count
        for place in places:
            assert place["mark"] is not None, f"no centre mark {place['digit']} in {place['cell']}"
            assert in_place(place["disc"], place["cellBox"], place["digit"]), place
            assert in_place(place["mark"], place["cellBox"], place["digit"]), place
    names_drawn = app.board.evaluate(
        """(board) => [...board.shadowRoot.querySelectorAll('[role="gridcell"]')]
            .map((e) => e.getAttribute("aria-label").replace(/, highlighted.*$/, ""))"""
    )
    assert names_drawn == [re.sub(r", highlighted.*$", "", n) for n in names_before]
    app.cell(2).click()
    app.page.keyboard.press("Shift+5")  # a change takes the hint away, and the layout with it
    expect(app.page.locator("#hint-text")).to_be_hidden()
    expect(app.board).not_to_have_attribute("centre-layout", re.compile(".*"))


MARKS_19 = """(board) => {
  const cell = board.shadowRoot.querySelector('[role="gridcell"][data-cell="0"]');
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  return { cell: box(cell), one: box(cell.querySelector('.centre span[data-d="1"]')),
           nine: box(cell.querySelector('.centre span[data-d="9"]')) };
}"""


def test_the_path_shows_its_candidates_in_3x3_places(app: Studio) -> None:
    """A step of the solving path is drawn on the path's own candidates: those too sit in
    their places, under the discs; closing the path restores the player's layout."""
    path_view.set_up(app)
    expect(app.board).to_have_attribute("centre-layout", "grid")
    places: list[dict[str, Any]] = app.board.evaluate(PLACES)
    assert places
    for place in places:
        assert place["mark"] is not None, f"no centre mark {place['digit']} in {place['cell']}"
        assert in_place(place["disc"], place["cellBox"], place["digit"]), place
        assert in_place(place["mark"], place["cellBox"], place["digit"]), place
    app.button("Close").click()
    expect(app.board).not_to_have_attribute("centre-layout", re.compile(".*"))


def test_the_setting_keeps_centre_marks_in_3x3_places(app: Studio) -> None:
    start_game(app)
    centre_marks(app, {0: "19"})
    app.page.keyboard.press("Shift+9")  # 9 a corner mark too
    line = app.board.evaluate(MARKS_19)
    assert not in_place(line["one"], line["cell"], 1)  # a centred string: "19" in the middle
    choose(app, centre_grid=True)
    try:
        expect(app.board).to_have_attribute("centre-layout", "grid")
        check_axe(app.page, "centre and corner marks in 3x3 places")
        grid = app.board.evaluate(MARKS_19)
        assert in_place(grid["one"], grid["cell"], 1) and in_place(grid["nine"], grid["cell"], 9)
        # the 9 in both layers is drawn once, at its place: the corner mark gives way
        corner_nine = app.board.evaluate(
            """(board) => getComputedStyle(board.shadowRoot.querySelector(
                '[data-cell="0"] .corner span[data-d="9"]')).display"""
        )
        assert corner_nine == "none"
        expect(app.cell(0)).to_have_attribute("aria-label", re.compile(r", centre 1 9, corner 9\b"))
    finally:
        choose(app, centre_grid=False)
    expect(app.board).not_to_have_attribute("centre-layout", re.compile(".*"))
