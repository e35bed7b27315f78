"""The comforts experts expect: a digit lit everywhere, pencil marks included; HoDoKu's
candidate filter (F1-F9, the board's `filter` attribute and `sudoku-filter` event); the number
pad's count of each digit and its completed digits.

Each test plays like a person (clicks, keys) and reads what the board and the pad expose: their
attributes, the cells' data- attributes and accessible names, and the board's events.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe
from e2e.play_helpers import EMPTIES, PUZZLE, SOLUTION, candidates, peers, start_game

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

RECORD_FILTER = """(board) => {
    window.filterEvents = [];
    if (window.filterRecording === board) return;
    window.filterRecording = board;
    board.addEventListener("sudoku-filter", (e) => window.filterEvents.push({
        detail: e.detail, bubbles: e.bubbles, composed: e.composed }));
}"""


def filter_events(app: Studio) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = app.page.evaluate("() => window.filterEvents ?? []")
    return events


def cells_with(app: Studio, attribute: str) -> list[int]:
    cells = app.board.locator(f'[role="gridcell"][{attribute}]')
    return sorted(int(str(c.get_attribute("data-cell"))) for c in cells.all())


def possible_by_rules(grid: str, digit: str) -> list[int]:
    return [c for c in range(81) if grid[c] == "." and digit in candidates(grid, c)]


@pytest.fixture(autouse=True)
def no_filter_after(app: Studio) -> Iterator[None]:
    """The shared page without a filter after each test, whatever happened in it."""
    yield
    app.set_board(filter=False, tool="digit")


def play(app: Studio) -> None:
    """PUZZLE as a new game in Play mode, the digit tool, no filter."""
    start_game(app)
    app.set_board(filter=False, tool="digit")
    app.board.evaluate(RECORD_FILTER)


def mark(cell: Locator, digit: int) -> Locator:
    """A pencil mark (corner or centre) of a cell, by its digit."""
    return cell.locator(
        f'[part="corner-marks"] span[data-d="{digit}"], [part="centre-marks"] span[data-d="{digit}"]'
    )


# --- a digit lit everywhere -------------------------------------------------------------------------


def test_the_cursor_digit_lights_the_marks_that_hold_it(app: Studio) -> None:
    play(app)
    keys = app.page.keyboard
    a, b, c = 0, 1, 10  # empty cells of PUZZLE
    app.cell(a).click()
    keys.press("Shift+Digit9")
    keys.press("Shift+Digit4")
    app.cell(b).click()
    keys.press("Control+Digit9")
    keys.press("Control+Digit3")
    app.cell(c).click()
    keys.press("Shift+Digit3")
    app.cell(2).click()  # the given 9 at r1c3
    expect(app.cell(a)).to_have_attribute("data-lit", "9")
    expect(app.cell(b)).to_have_attribute("data-lit", "9")
    expect(app.cell(a)).to_have_attribute("part", re.compile(r"\blit\b"))
    expect(app.cell(c)).not_to_have_attribute("data-lit", re.compile("."))
    expect(mark(app.cell(a), 9)).to_have_attribute("data-lit", "")
    expect(mark(app.cell(b), 9)).to_have_attribute("data-lit", "")
    expect(mark(app.cell(b), 3)).not_to_have_attribute("data-lit", "")
    assert cells_with(app, "data-lit") == [a, b]
    # the cells holding 9 are `same`, as before; the names do not change
    assert cells_with(app, "data-same") == [i for i, d in enumerate(PUZZLE) if d == "9" and i != 2]
    expect(app.cell(a)).to_have_accessible_name("Row 1, column 1, empty, corner 4 9")
    expect(app.cell(b)).to_have_accessible_name("Row 1, column 2, empty, centre 3 9")
    # a lit mark looks different from the others: bold, in another colour, on a disc
    lit, plain = mark(app.cell(b), 9), mark(app.cell(b), 3)
    style = "(el) => { const s = getComputedStyle(el); return [s.fontWeight, s.color, s.backgroundColor]; }"
    lit_style, plain_style = lit.evaluate(style), plain.evaluate(style)
    assert lit_style[0] == "700" and plain_style[0] == "400", (lit_style, plain_style)
    assert lit_style[1] != plain_style[1] and lit_style[2] != plain_style[2], (
        lit_style,
        plain_style,
    )
    # the 3 of r2c2's corner lights with a 3 under the cursor; an empty cursor lights nothing
    app.cell(EMPTIES[-1]).click()
    expect(app.board.locator("[data-lit]")).to_have_count(0)
    app.cell(PUZZLE.index("3")).click()  # a given 3
    expect(app.cell(c)).to_have_attribute("data-lit", "3")
    expect(app.cell(b)).to_have_attribute("data-lit", "3")
    expect(app.cell(a)).not_to_have_attribute("data-lit", re.compile("."))


# --- the candidate filter ---------------------------------------------------------------------------


def test_f_keys_filter_the_cells_where_a_digit_may_go(app: Studio) -> None:
    play(app)
    page = app.page
    page.evaluate("() => { window.stillHere = true; }")
    cursor = EMPTIES[-1]
    app.cell(cursor).click()
    page.keyboard.press("F5")
    expect(app.board).to_have_attribute("filter", "5")
    expected = possible_by_rules(PUZZLE, "5")
    assert expected and len(expected) < len(EMPTIES)
    expect(app.board.locator("[data-possible]")).to_have_count(len(expected))
    assert cells_with(app, "data-possible") == expected
    assert cells_with(app, "data-same") == [i for i, d in enumerate(PUZZLE) if d == "5"]
    first = expected[0]
    expect(app.cell(first)).to_have_attribute("data-possible", "5")
    expect(app.cell(first)).to_have_attribute("part", re.compile(r"\bpossible\b"))
    expect(app.cell(first)).to_have_accessible_name(re.compile(r", empty, 5 possible$"))
    assert filter_events(app)[-1] == {"detail": {"digit": 5}, "bubbles": True, "composed": True}
    assert page.evaluate("() => window.stillHere") is True, "F5 reloaded the page"
    expect(page.locator("#history-status")).to_have_text("Showing where 5 can go.")

    # centre marks win where a cell has some: without 5 it is out, with 5 it is in
    app.cell(first).click()
    page.keyboard.press("Control+Digit1")
    page.keyboard.press("Control+Digit2")
    expect(app.cell(first)).not_to_have_attribute("data-possible", "5")
    outside = next(c for c in EMPTIES if c not in expected)
    app.cell(outside).click()
    page.keyboard.press("Control+Digit5")
    expect(app.cell(outside)).to_have_attribute("data-possible", "5")
    expect(mark(app.cell(outside), 5)).to_have_attribute("data-lit", "")
    page.keyboard.press("Control+Digit5")  # off again
    expect(app.cell(outside)).not_to_have_attribute("data-possible", "5")

    # a 5 placed takes its peers out and looks `same` once the cursor leaves it
    target = expected[1]
    app.cell(target).click()
    page.keyboard.press("5")
    grid = PUZZLE[:target] + "5" + PUZZLE[target + 1 :]
    rest = [c for c in possible_by_rules(grid, "5") if c != first]
    expect(app.board.locator("[data-possible]")).to_have_count(len(rest))
    assert not set(cells_with(app, "data-possible")) & peers(target)
    app.cell(cursor).click()
    expect(app.cell(target)).to_have_attribute("data-same", "")

    # the same key again clears it; another key moves it; Escape clears it with one cell selected
    page.keyboard.press("F5")
    expect(app.board).not_to_have_attribute("filter", re.compile("."))
    expect(app.board.locator("[data-possible]")).to_have_count(0)
    expect(page.locator("#history-status")).to_have_text("Filter off.")
    page.keyboard.press("F3")
    expect(app.board).to_have_attribute("filter", "3")
    page.keyboard.press("F8")
    expect(app.board).to_have_attribute("filter", "8")
    page.keyboard.press("Shift+ArrowLeft")
    page.keyboard.press("Escape")  # first back to one cell, the filter stays
    expect(app.board.locator('[aria-selected="true"]')).to_have_count(1)
    expect(app.board).to_have_attribute("filter", "8")
    page.keyboard.press("Escape")
    expect(app.board).not_to_have_attribute("filter", re.compile("."))
    digits = [e["detail"]["digit"] for e in filter_events(app)]
    assert digits == [5, 0, 3, 8, 0]


def test_the_filter_attribute_from_the_page(app: Studio) -> None:
    play(app)
    app.set_board(filter="7")
    expect(app.board.locator("[data-possible]")).to_have_count(len(possible_by_rules(PUZZLE, "7")))
    assert app.board.evaluate("(board) => board.filter") == 7
    app.board.evaluate("(board) => { board.filter = 2; }")
    expect(app.board).to_have_attribute("filter", "2")
    expect(app.board.locator("[data-possible]")).to_have_count(len(possible_by_rules(PUZZLE, "2")))
    app.set_board(paused=True)  # a paused board shows nothing, the filter neither
    try:
        expect(app.board.locator("[data-possible], [data-same], [data-lit]")).to_have_count(0)
    finally:
        app.set_board(paused=False)
    app.set_board(filter="x")  # not a digit: no filter
    assert app.board.evaluate("(board) => board.filter") == 0
    expect(app.board.locator("[data-possible]")).to_have_count(0)
    assert filter_events(app) == [], "only the keys send sudoku-filter"
    app.board.evaluate("(board) => { board.filter = 9; board.filter = 0; }")
    expect(app.board).not_to_have_attribute("filter", re.compile("."))


def test_axe_with_the_filter_on_and_marks_lit(app: Studio) -> None:
    play(app)
    app.cell(EMPTIES[0]).click()
    app.page.keyboard.press("Control+Digit5")
    app.page.keyboard.press("Shift+Digit5")
    app.cell(EMPTIES[1]).click()
    app.page.keyboard.press("F5")
    expect(app.cell(EMPTIES[0])).to_have_attribute("data-lit", "5")
    check_axe(app.page, "the candidate filter on 5, marks lit")


# --- the pad's counts ---------------------------------------------------------------------------------


def pad_key(app: Studio, digit: int) -> Locator:
    return app.page.locator(f'#numpad button[data-digit="{digit}"]')


def test_the_pad_counts_each_digit_and_shows_it_complete(app: Studio) -> None:
    play(app)
    page = app.page
    for digit in range(1, 10):
        held = PUZZLE.count(str(digit))
        expect(pad_key(app, digit)).to_have_attribute("data-count", str(held))
        expect(pad_key(app, digit)).to_have_attribute("data-left", str(9 - held))
        expect(pad_key(app, digit)).not_to_have_attribute("data-complete", "true")
    # the corner's number is how many are left, said in the key's name and title
    fours_left = 9 - PUZZLE.count("4")
    expect(pad_key(app, 4)).to_have_accessible_name(f"4, {fours_left} left")
    expect(pad_key(app, 4)).to_have_attribute("title", f"4: {fours_left} left to place")
    fives = [c for c in EMPTIES if SOLUTION[c] == "5"]
    given = PUZZLE.count("5")
    for n, cell in enumerate(fives, start=1):
        app.cell(cell).click()
        page.keyboard.press("5")
        expect(pad_key(app, 5)).to_have_attribute("data-count", str(given + n))
    expect(pad_key(app, 5)).to_have_attribute("data-complete", "true")
    expect(pad_key(app, 5)).not_to_have_attribute("data-left", re.compile(".*"))  # nothing left
    pad = page.get_by_role("group", name="Number pad")
    expect(pad.get_by_role("button", name="5, all placed", exact=True)).to_have_count(1)
    expect(pad.get_by_role("button", name=f"4, {fours_left} left", exact=True)).to_have_count(1)
    # with another tool, the tool's names
    app.page.get_by_role("group", name="What the number keys write").get_by_role(
        "button", name="Corner", exact=True
    ).click()
    expect(pad_key(app, 5)).to_have_accessible_name("Corner mark 5")
    expect(pad_key(app, 5)).to_have_attribute("data-complete", "true")
    page.keyboard.press("z")
    expect(pad_key(app, 5)).to_have_accessible_name("5, all placed")

    # Undo (the page's applyChanges, no board event) takes the last 5 back: not complete
    page.keyboard.press("Control+z")
    expect(pad_key(app, 5)).to_have_attribute("data-count", "8")
    expect(pad_key(app, 5)).not_to_have_attribute("data-complete", "true")
    expect(pad_key(app, 5)).to_have_accessible_name("5, 1 left")
    page.keyboard.press("Control+y")
    expect(pad_key(app, 5)).to_have_attribute("data-complete", "true")

    # nine 5s with a conflict are not complete
    last = fives[-1]
    app.cell(last).click()
    page.keyboard.press("Delete")
    clash = next(c for c in EMPTIES if c in peers(fives[0]) and c not in fives)
    app.cell(clash).click()
    page.keyboard.press("5")
    expect(pad_key(app, 5)).to_have_attribute("data-count", "9")
    expect(pad_key(app, 5)).not_to_have_attribute("data-complete", "true")
    expect(pad_key(app, 5)).to_have_accessible_name("5, 9 placed")
    check_axe(page, "the number pad with counts")
    # Create mode: the digits alone, nothing "left"
    app.mode("Create")
    expect(pad_key(app, 4)).to_have_accessible_name("4")
    expect(pad_key(app, 4)).not_to_have_attribute("data-left", re.compile(".*"))
    expect(pad_key(app, 4)).not_to_have_attribute("title", re.compile(".*"))


def test_the_pad_follows_digits_the_page_sets(app: Studio) -> None:
    play(app)
    solved_but_one = "".join(
        "." if g != "." or c == EMPTIES[0] else s
        for c, (g, s) in enumerate(zip(PUZZLE, SOLUTION, strict=True))
    )
    app.board.evaluate("(board, entries) => { board.entries = entries; }", solved_but_one)
    missing = int(SOLUTION[EMPTIES[0]])
    for digit in range(1, 10):
        key = pad_key(app, digit)
        if digit == missing:
            expect(key).to_have_attribute("data-count", "8")
            expect(key).not_to_have_attribute("data-complete", "true")
        else:
            expect(key).to_have_attribute("data-count", "9")
            expect(key).to_have_attribute("data-complete", "true")
    app.board.evaluate("(board) => { board.entries = '.'.repeat(81); }")
    expect(pad_key(app, 9)).to_have_attribute("data-count", str(PUZZLE.count("9")))
    expect(app.page.locator('#numpad [data-complete="true"]')).to_have_count(0)
