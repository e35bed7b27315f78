"""A hint drawn on the board: the three levels of Hint on a fixed state
whose next step is a Locked Pair show exactly its houses, cells and candidates on the board's
overlay (read from its data- attributes and the cells' accessible names, never pixels); Apply is
one move that Undo takes back; a wrong digit is reported before any technique. The overlay's
own API (links, cleaning, pointer events, print) is tested on the element."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe
from e2e.play_helpers import PUZZLE as SAMPLE
from e2e.play_helpers import candidates, moves, no_marks, peers, solution_of, start_game
from sudoku_core import hint

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

# A medium pool puzzle after four singles: the engine's next step is a Locked Pair (1/6 in r6c4
# and r6c6, row 6 and box 5) that removes 1 from six cells; no single is left before it.
PUZZLE = "23.7..1....4..53.6.....4.7..569......2.8.3....4..5..2......7.9.9.....6.2...3..7.."
ENTERED = {16: "8", 22: "3", 24: "2", 43: "6"}
GRID = "".join(ENTERED.get(c, ch) for c, ch in enumerate(PUZZLE))
ENTRIES = "".join(ENTERED.get(c, ".") for c in range(81))
STEP = hint(PUZZLE, GRID).step
assert STEP is not None and STEP.technique == "Locked Pair", "the fixed state's step changed"
NOTATION = STEP.text
HOUSES = {"row 6", "box 5"}
PATTERN = {(48, 1), (48, 6), (50, 1), (50, 6)}
ELIMINATED = {(31, 1), (32, 1), (40, 1), (45, 1), (47, 1), (53, 1)}
assert set(STEP.candidates) == PATTERN and set(STEP.eliminations) == ELIMINATED


def house_cells(house: str) -> set[int]:
    kind, number = house.split()
    n = int(number) - 1
    if kind == "row":
        return {n * 9 + c for c in range(9)}
    if kind == "column":
        return {r * 9 + n for r in range(9)}
    return {(n // 3 * 3 + r) * 9 + n % 3 * 3 + c for r in range(3) for c in range(3)}


READ_OVERLAY = """(board) => {
  const svg = board.shadowRoot.querySelector("svg.overlay");
  const all = (selector) => [...svg.querySelectorAll(selector)];
  return {
    drawn: svg.hasAttribute("data-drawn"),
    pointerEvents: getComputedStyle(svg).pointerEvents,
    houses: all("[data-house]").map((e) => e.dataset.house),
    cells: all("rect[data-cell]").map((e) => Number(e.dataset.cell)),
    candidates: all("[data-role]").map((e) => [Number(e.dataset.cell), Number(e.dataset.digit), e.dataset.role]),
    links: all("line[data-from]").map((e) => [e.dataset.from, e.dataset.to, e.dataset.strong,
      e.getAttribute("marker-end")]),
  };
}"""


def overlay(app: Studio) -> dict[str, Any]:
    drawn: dict[str, Any] = app.board.evaluate(READ_OVERLAY)
    return drawn


def names(app: Studio) -> dict[int, str]:
    """Every cell's accessible name."""
    found: list[list[Any]] = app.board.evaluate(
        """(board) => [...board.shadowRoot.querySelectorAll('[role="gridcell"]')]
            .map((e) => [Number(e.dataset.cell), e.getAttribute("aria-label")])"""
    )
    return {int(cell): str(name) for cell, name in found}


def set_up(app: Studio) -> None:
    """The fixed state: the puzzle in play, four digits typed as a person would."""
    start_game(app, PUZZLE)
    for cell, digit in ENTERED.items():
        app.cell(cell).click()
        app.page.keyboard.press(digit)
    expect(app.board).to_have_attribute("entries", ENTRIES)


def press_hint(app: Studio, level: int) -> None:
    app.button("Hint").click()
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", str(level))


def test_the_three_levels_draw_the_step_and_apply_is_one_undoable_move(app: Studio) -> None:
    set_up(app)
    text = app.page.locator("#hint-text")
    apply = app.button("Apply")
    region = set().union(*(house_cells(h) for h in HOUSES))

    # 1. nudge: row 6 and box 5 outlined, no cell and no digit
    press_hint(app, 1)
    expect(text).to_have_text("Look at row 6 and box 5: a Locked Pair is there.")
    notation = app.page.locator("#hint-notation")
    expect(notation).to_be_hidden()  # the expert's line comes with the pattern
    expect(app.board.locator("svg.overlay [data-house]")).to_have_count(2)
    drawn = overlay(app)
    assert drawn["drawn"] and drawn["pointerEvents"] == "none"
    assert set(drawn["houses"]) == HOUSES
    assert drawn["cells"] == [] and drawn["candidates"] == [] and drawn["links"] == []
    said = names(app)
    assert {c for c, n in said.items() if n.endswith(", highlighted region")} == region
    assert not any(re.search(r"pattern|eliminate|place", n) for n in said.values())
    expect(apply).to_be_hidden()

    # 2. pattern: the pair's two cells and its four candidates
    press_hint(app, 2)
    expect(text).to_contain_text(
        "In row 6 and box 5, the cells r6c4 and r6c6 hold only 1 and 6 between them."
    )
    expect(notation).to_be_visible()
    notation.locator("summary").click()
    expect(notation.locator("code")).to_have_text(NOTATION)
    expect(app.board.locator("svg.overlay [data-role]")).to_have_count(4)
    drawn = overlay(app)
    assert set(drawn["houses"]) == HOUSES
    assert sorted(drawn["cells"]) == [48, 50]
    assert {(c, d) for c, d, role in drawn["candidates"] if role == "pattern"} == PATTERN
    assert {role for *_, role in drawn["candidates"]} == {"pattern"}
    said = names(app)
    assert said[48] == "Row 6, column 4, empty, highlighted, pattern 1 6"
    assert said[50] == "Row 6, column 6, empty, highlighted, pattern 1 6"
    expect(apply).to_be_hidden()

    # 3. effect: the pattern, and the six eliminations struck
    press_hint(app, 3)
    expect(text).to_contain_text("remove 1 from r4c5, r4c6, r5c5, r6c1, r6c3 and r6c9.")
    expect(app.board.locator('svg.overlay [data-role="eliminate"]')).to_have_count(6)
    drawn = overlay(app)
    by_role = {
        role: {(c, d) for c, d, r in drawn["candidates"] if r == role}
        for role in ("pattern", "eliminate", "place")
    }
    assert by_role == {"pattern": PATTERN, "eliminate": ELIMINATED, "place": set()}
    assert app.board.locator('svg.overlay [data-role="eliminate"] line.strike').count() == 6
    said = names(app)
    for cell, _ in ELIMINATED:
        assert said[cell].endswith(", eliminate 1"), said[cell]
    expect(apply).to_be_visible()
    check_axe(app.page, "a hint drawn on the board (level 3, with Apply)")

    # Apply: one move; cells without centre marks get their candidates, less the eliminated 1
    moves(app, 4, 0)
    apply.click()
    moves(app, 5, 0)
    expect(text).to_have_attribute("data-kind", "applied")
    # in words, as the path lists it (the notation was behind the card's Notation disclosure)
    expect(text).to_have_text(
        re.compile(r"^Applied [A-Z][^:]*: remove 1 from r4c5, .*\. Undo takes it back\.$")
    )
    expect(app.board).not_to_have_attribute("highlight", re.compile(".*"))
    expect(app.board.locator("svg.overlay [data-role]")).to_have_count(0)
    expect(apply).to_be_hidden()
    expect(app.board).to_have_attribute("entries", ENTRIES)
    for cell, digit in ELIMINATED:
        expect(app.cell(cell)).to_have_attribute(
            "data-centre", candidates(GRID, cell).replace(str(digit), "")
        )
    assert all(
        n.split(", ")[-1] not in {"highlighted", "highlighted region"} for n in names(app).values()
    )

    focused = app.page.evaluate("() => document.activeElement?.id")
    assert focused == "board", "after Apply, play goes on on the board"
    # the next hint works from those marks (and the rules' candidates elsewhere): not the same step
    press_hint(app, 1)
    expect(text).to_have_text("Look at box 5: a Naked Single is there.")

    # Undo: the board as it was before Apply
    app.button("Undo").click()
    moves(app, 4, 1)
    no_marks(app, "centre")
    expect(app.board).to_have_attribute("entries", ENTRIES)

    # the hint again (same state): it starts over at the nudge, and a board change clears it
    press_hint(app, 1)
    expect(app.board.locator("svg.overlay [data-house]")).to_have_count(2)
    app.cell(2).click()
    app.page.keyboard.press("Shift+5")  # a corner mark: any change takes the hint away
    expect(text).to_be_hidden()
    expect(app.board.locator("svg.overlay [data-house]")).to_have_count(0)


def test_a_wrong_digit_is_hinted_in_three_levels_and_apply_removes_it(app: Studio) -> None:
    """Before any technique, in the shape of the other hints: its row, its cell, then Apply
    removes it as one undoable move; said once (Check's verdict and the hint never both)."""
    set_up(app)
    solution = solution_of(PUZZLE)
    cell = 51  # r6c7: empty, and a digit that breaks no rule but is not the solution's
    assert GRID[cell] == "."
    wrong = next(d for d in candidates(GRID, cell) if d != solution[cell])
    app.cell(cell).click()
    app.page.keyboard.press(wrong)
    text = app.page.locator("#hint-text")
    apply = app.page.locator("#hint-apply")

    press_hint(app, 1)  # the row, not the cell
    expect(text).to_have_attribute("data-kind", "mistake")
    expect(text).to_have_text("A digit you placed in row 6 is wrong.")
    drawn = overlay(app)
    assert drawn["houses"] == ["row 6"] and drawn["cells"] == [] and drawn["candidates"] == []
    expect(apply).to_be_hidden()

    press_hint(app, 2)  # the cell
    expect(text).to_have_text("The digit in r6c7 is wrong.")
    drawn = overlay(app)
    assert drawn["cells"] == [cell] and drawn["houses"] == []
    assert names(app)[cell] == f"Row 6, column 7, {wrong}, highlighted"
    expect(apply).to_be_hidden()

    press_hint(app, 3)  # what to do, with Apply
    expect(text).to_have_text(
        f"Remove the {wrong} from r6c7: the solution has another digit there."
    )
    expect(apply).to_be_visible()
    expect(apply).to_have_accessible_name("Remove it")  # what it does, said on it
    press_hint(app, 3)  # the last level stays
    # Check names the mistake: the verdict says it, the hint goes (one place says it)
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "mistakes")
    expect(text).to_be_hidden()
    press_hint(app, 1)
    expect(app.verdict).to_have_text("")
    press_hint(app, 2)
    press_hint(app, 3)
    apply.click()
    expect(text).to_have_attribute("data-kind", "applied")
    expect(text).to_have_text("Removed the wrong digit from r6c7. Undo puts it back.")
    expect(app.board).to_have_attribute("entries", ENTRIES)
    app.page.keyboard.press("Control+z")
    assert app.entries()[cell] == wrong


def test_the_overlay_draws_links_cleans_its_input_and_never_blocks_input(app: Studio) -> None:
    """The element's API: links strong (solid) and weak (dashed) with arrows, bad items dropped,
    a click through a disc selects the cell, and print leaves the drawing out."""
    start_game(app, PUZZLE)
    highlight = {
        "cells": [2, 2, 99, "x"],
        "houses": ["column 3", "row 10", "lane 1"],
        "candidates": [
            {"cell": 2, "digit": 5, "role": "pattern"},
            {"cell": 11, "digit": 5, "role": "eliminate"},
            {"cell": 20, "digit": 5, "role": "place"},
            {"cell": 20, "digit": 0, "role": "place"},
            {"cell": 3, "digit": 5, "role": "wave"},
        ],
        "links": [
            {"from": [2, 5], "to": [11, 5], "strong": True},
            {"from": [11, 5], "to": [20, 5], "strong": False},
            {"from": [11, 5], "to": [81, 5]},
        ],
    }
    app.board.evaluate("(board, h) => { board.highlight = h; }", highlight)
    expect(app.board.locator("svg.overlay line[data-from]")).to_have_count(2)
    drawn = overlay(app)
    assert drawn["cells"] == [2] and drawn["houses"] == ["column 3"]
    assert drawn["candidates"] == [[2, 5, "pattern"], [11, 5, "eliminate"], [20, 5, "place"]]
    assert drawn["links"] == [
        ["2:5", "11:5", "true", "url(#arrow-strong)"],
        ["11:5", "20:5", "false", "url(#arrow-weak)"],
    ]
    dashes = app.board.evaluate(
        """(board) => [...board.shadowRoot.querySelectorAll("line[data-from]")]
            .map((e) => getComputedStyle(e).strokeDasharray)"""
    )
    assert dashes[0] == "none" and dashes[1] != "none"
    stored = json.loads(str(app.board.get_attribute("highlight")))
    assert stored["links"][0] == {"from": [2, 5], "to": [11, 5], "strong": True}
    said = names(app)
    assert said[2].endswith(", highlighted, pattern 5")
    assert said[11].endswith(", highlighted region, eliminate 5")
    assert said[20].endswith(", highlighted region, place 5")

    # the disc of 5 in r1c3 lies over the cell; a click there still selects the cell
    disc = app.board.locator('svg.overlay [data-cell="2"][data-digit="5"] circle').bounding_box()
    assert disc is not None
    app.page.mouse.click(disc["x"] + disc["width"] / 2, disc["y"] + disc["height"] / 2)
    expect(app.board).to_have_attribute("selected", "2")

    page = app.page
    page.emulate_media(media="print")
    try:
        expect(app.board.locator("svg.overlay")).to_be_hidden()
    finally:
        page.emulate_media(media="screen")
    expect(app.board.locator("svg.overlay")).to_be_visible()
    app.board.evaluate("(board) => { board.highlight = null; }")
    expect(app.board).not_to_have_attribute("highlight", re.compile(".*"))
    expect(app.board.locator("svg.overlay")).to_be_hidden()


def test_a_placement_is_applied_as_a_digit_and_undone(app: Studio) -> None:
    """The sample puzzle's first step is a Naked Single (3 in r5c4, the oldest single in
    HoDoKu's queue): level 3 draws it as `place`, Apply writes the digit and takes it out of
    its peers' centre marks, Undo puts both back."""
    start_game(app, SAMPLE)
    first = hint(SAMPLE).step
    assert first is not None and first.technique == "Naked Single"
    ((cell, digit),) = first.placements
    app.button("Fill candidates").click()
    peer = next(
        p for p in sorted(peers(cell)) if SAMPLE[p] == "." and str(digit) in candidates(SAMPLE, p)
    )
    expect(app.cell(peer)).to_have_attribute("data-centre", candidates(SAMPLE, peer))
    for level in (1, 2, 3):
        press_hint(app, level)
    expect(app.board.locator('svg.overlay [data-role="place"]')).to_have_count(1)
    assert overlay(app)["candidates"] == [[cell, digit, "place"]]
    assert names(app)[cell].endswith(f", highlighted, place {digit}")
    app.button("Apply").click()
    moves(app, 2, 0)
    label = rf"^Row {cell // 9 + 1}, column {cell % 9 + 1}, {digit}\b"
    expect(app.cell(cell)).to_have_attribute("aria-label", re.compile(label))
    expect(app.cell(peer)).to_have_attribute(
        "data-centre", candidates(SAMPLE, peer).replace(str(digit), "")
    )
    app.button("Undo").click()
    moves(app, 1, 1)
    expect(app.board).to_have_attribute("entries", "." * 81)
    expect(app.cell(peer)).to_have_attribute("data-centre", candidates(SAMPLE, peer))
