"""The board by keyboard, mouse and touch: the WAI-ARIA grid pattern, modes, conflicts."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def test_typing_a_puzzle_with_the_keyboard_makes_givens(app: Studio) -> None:
    app.type_grid(PUZZLE)
    assert app.givens() == PUZZLE
    expect(app.cell_named("Row 1, column 3, 9, given")).to_have_attribute("data-given", "")
    expect(app.cell_named("Row 1, column 1, empty")).to_have_count(1)
    expect(app.page.locator("#export-line")).to_have_text(PUZZLE)


def test_grid_is_one_tab_stop_with_arrow_home_end_navigation(app: Studio) -> None:
    page = app.page
    page.locator("#settings").focus()  # the top bar's last control: the grid is the next Tab stop
    page.keyboard.press("Tab")
    focused = page.locator("#board [role=gridcell]:focus")
    expect(focused).to_have_attribute("aria-selected", "true")  # the cell selected last time
    keys = [
        ("Control+Home", 0),
        ("ArrowRight", 1),
        ("ArrowDown", 10),
        ("End", 17),
        ("Home", 9),
        ("Control+End", 80),
        ("ArrowDown", 80),
        ("ArrowLeft", 79),
        ("Control+Home", 0),
        ("ArrowUp", 0),
        ("ArrowLeft", 0),
    ]
    for key, cell in keys:
        page.keyboard.press(key)
        expect(focused).to_have_attribute("data-cell", str(cell))
    expect(page.locator("#board")).to_have_attribute("selected", "0")
    # only the selected cell is in the tab order; the next Tab leaves the grid
    assert page.locator("#board [role=gridcell][tabindex='0']").count() == 1
    page.keyboard.press("Tab")
    expect(page.locator("#board [role=gridcell]:focus")).to_have_count(0)


def test_digits_clear_keys_and_accessible_names(app: Studio) -> None:
    app.mode("Play")
    app.cell(40).click()
    page = app.page
    page.keyboard.press("7")
    expect(app.cell(40)).to_have_attribute("aria-label", "Row 5, column 5, 7")
    expect(app.cell(40)).to_have_attribute("data-entry", "")
    for clear in ("Backspace", "Delete", "0"):
        page.keyboard.press("3")
        expect(app.cell(40)).to_have_accessible_name("Row 5, column 5, 3")
        page.keyboard.press(clear)
        expect(app.cell(40)).to_have_accessible_name("Row 5, column 5, empty")
    expect(page.get_by_role("grid", name="Sudoku")).to_have_count(1)
    assert page.get_by_role("row").count() == 9
    assert page.get_by_role("gridcell").count() == 81


def test_play_mode_locks_givens(app: Studio) -> None:
    app.type_grid(PUZZLE)
    app.mode("Play")
    given = app.cell(2)
    expect(given).to_have_attribute("aria-readonly", "true")
    given.click()
    app.page.keyboard.press("5")
    expect(given).to_have_accessible_name("Row 1, column 3, 9, given")
    expect(app.page.locator("#status")).to_contain_text("r1c3 is a given")
    # an empty cell takes the player's digit, which is not a given
    app.cell(0).click()
    app.page.keyboard.press("5")
    expect(app.cell(0)).to_have_accessible_name("Row 1, column 1, 5")
    assert app.givens() == PUZZLE
    assert app.entries()[0] == "5"


def test_highlights_selection_peers_and_same_digit(app: Studio) -> None:
    app.type_grid(PUZZLE)
    app.cell(2).click()  # the 9 at r1c3
    expect(app.cell(2)).to_have_attribute("data-selected", "")
    board = app.board
    expect(board.locator("[data-peer]")).to_have_count(20)
    same = sorted(
        int(str(c.get_attribute("data-cell"))) for c in board.locator("[data-same]").all()
    )
    assert same == [i for i, d in enumerate(PUZZLE) if d == "9" and i != 2]


def test_conflicts_are_highlighted_as_they_happen(app: Studio) -> None:
    app.mode("Play")
    app.cell(0).click()
    app.page.keyboard.press("5")
    expect(app.page.locator("#conflicts")).to_have_attribute("data-count", "0")
    app.cell(7).click()
    app.page.keyboard.press("5")
    expect(app.cell(0)).to_have_attribute("data-conflict", "")
    assert app.conflict_cells() == [0, 7]
    expect(app.cell(7)).to_have_accessible_name("Row 1, column 8, 5, conflict")
    expect(app.page.locator("#conflicts")).to_contain_text("5 appears twice in row 1: r1c1, r1c8")
    app.page.keyboard.press("Backspace")
    expect(app.page.locator("#conflicts")).to_have_attribute("data-count", "0")
    assert app.conflict_cells() == []


def test_number_pad_and_tap_on_a_phone(fresh: Callable[..., Studio], site_server: str) -> None:
    phone = fresh(
        site_server, viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True
    )
    page = phone.page
    phone.mode("Play")
    box = phone.board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    phone.cell(80).tap()
    expect(phone.cell(80)).to_have_attribute("aria-selected", "true")
    pad = page.get_by_role("group", name="Number pad")
    pad.get_by_role("button", name="8, 9 left", exact=True).tap()  # the key says how many are left
    expect(phone.cell(80)).to_have_accessible_name("Row 9, column 9, 8")
    expect(pad.get_by_role("button", name="8, 8 left", exact=True)).to_have_count(1)
    for name in [re.compile(rf"^{d}, \d left$") for d in range(1, 10)] + ["Clear cell"]:
        button = pad.get_by_role("button", name=name, exact=True)
        b = button.bounding_box()
        assert b is not None and b["height"] >= 40 and b["x"] + b["width"] <= 375  # finger-sized
    pad.get_by_role("button", name="Clear cell").tap()
    expect(phone.cell(80)).to_have_accessible_name("Row 9, column 9, empty")
    # the pad does not take the focus away from the grid
    expect(phone.cell(80)).to_be_focused()


def test_print_shows_just_the_grid(app: Studio) -> None:
    page = app.page
    app.type_grid(PUZZLE)
    page.emulate_media(media="print")
    try:
        expect(app.board).to_be_visible()
        expect(page.locator("#print-title")).to_be_visible()
        for hidden in ("#numpad", ".controls", ".topbar", ".footer"):
            expect(page.locator(hidden)).to_be_hidden()
        box = app.board.bounding_box()
        assert box is not None and box["width"] > 400
    finally:
        page.emulate_media(media="screen")
    expect(page.locator("#numpad")).to_be_visible()
