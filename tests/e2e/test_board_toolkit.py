"""The board's toolkit: tools, pencil marks, colours, multi-selection, SudokuPad's keys.

These drive <sudoku-board> on the real page (clicks, keys, the mouse) and read what it exposes:
its attributes, the cells' data- attributes and accessible names, and its events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def start_playing(app: Studio, cell: int = 40) -> None:
    """Play mode on the empty board, the digit tool, `cell` selected (and focused)."""
    app.mode("Play")
    app.set_board(
        peer_marks=False, auto_candidates=False, paused=False, wrong=False, conflicts=False
    )
    app.set_board(corner=False, centre=False, colours=False)  # no marks left by another test
    app.cell(cell).click()
    app.page.keyboard.press("z")
    expect(app.board).to_have_attribute("tool", "digit")


def selected_cells(app: Studio) -> list[int]:
    cells = app.board.locator('[role="gridcell"][aria-selected="true"]')
    return sorted(int(str(c.get_attribute("data-cell"))) for c in cells.all())


def drag(app: Studio, cells: list[int]) -> None:
    """Press the mouse on the first cell and move it through the others."""
    mouse = app.page.mouse
    for i, cell in enumerate(cells):
        box = app.cell(cell).bounding_box()
        assert box is not None
        mouse.move(
            box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=1 if i == 0 else 4
        )
        if i == 0:
            mouse.down()
    mouse.up()


def test_tool_keys_set_the_tool_attribute_and_what_digits_write(app: Studio) -> None:
    start_playing(app)
    app.record_board_events()
    keys = app.page.keyboard
    keys.press("x")
    expect(app.board).to_have_attribute("tool", "corner")
    keys.press("5")
    expect(app.cell(40)).to_have_attribute("data-corner", "5")
    keys.press("c")
    expect(app.board).to_have_attribute("tool", "centre")
    keys.press("6")
    expect(app.cell(40)).to_have_attribute("data-centre", "6")
    keys.press("v")
    expect(app.board).to_have_attribute("tool", "colour")
    keys.press("3")
    expect(app.cell(40)).to_have_attribute("data-colours", "3")
    keys.press("z")
    expect(app.board).to_have_attribute("tool", "digit")
    for tool in ("corner", "centre", "colour", "digit"):  # Space cycles the four
        keys.press("Space")
        expect(app.board).to_have_attribute("tool", tool)
    tools = [e["detail"]["tool"] for e in app.board_events("sudoku-tool")]
    assert tools == ["corner", "centre", "colour", "digit", "corner", "centre", "colour", "digit"]
    keys.press("7")
    expect(app.cell(40)).to_have_accessible_name("Row 5, column 5, 7, colour green")
    kinds = [
        (e["detail"]["kind"], e["detail"]["layer"], e["detail"]["digit"])
        for e in app.board_events("sudoku-change")
    ]
    assert kinds == [
        ("corner", "corner", "5"),
        ("centre", "centre", "6"),
        ("colour", "colour", "3"),
        ("digit", "entry", "7"),
    ]
    keys.press("Delete")
    last = app.board_events("sudoku-change")[-1]["detail"]
    assert (last["kind"], last["layer"], last["digit"], last["cell"]) == ("erase", "entry", ".", 40)
    assert last["entries"] == "." * 81


def test_shift_ctrl_and_ctrl_shift_digits_write_marks_and_colours(app: Studio) -> None:
    start_playing(app)
    keys = app.page.keyboard
    keys.press("Shift+Digit3")
    keys.press("Control+Digit4")
    keys.press("Control+Shift+Digit5")
    cell = app.cell(40)
    expect(cell).to_have_attribute("data-corner", "3")
    expect(cell).to_have_attribute("data-centre", "4")
    expect(cell).to_have_attribute("data-colours", "5")
    expect(cell).to_have_accessible_name("Row 5, column 5, empty, centre 4, corner 3, colour blue")
    expect(app.board).to_have_attribute("tool", "digit")  # modifiers do not change the tool
    expect(app.board).to_have_attribute("corner", "40:3")
    expect(app.board).to_have_attribute("centre", "40:4")
    expect(app.board).to_have_attribute("colours", "40:5")
    assert app.entries() == "." * 81


def test_shift_click_ctrl_click_drag_and_shift_arrows_select_many(app: Studio) -> None:
    start_playing(app, 0)
    expect(app.page.get_by_role("grid", name="Sudoku")).to_have_attribute(
        "aria-multiselectable", "true"
    )
    app.record_board_events()
    app.cell(1).click(modifiers=["Shift"])
    app.cell(10).click(modifiers=["Control"])
    expect(app.board).to_have_attribute("selection", "0 1 10")
    expect(app.board).to_have_attribute("selected", "10")
    assert selected_cells(app) == [0, 1, 10]
    keys = app.page.keyboard
    keys.press("Shift+Digit1")
    for cell in (0, 1, 10):
        expect(app.cell(cell)).to_have_attribute("data-corner", "1")
    app.cell(1).click(modifiers=["Control"])  # Ctrl+click on a selected cell removes it
    expect(app.board).to_have_attribute("selection", "0 10")
    selects = app.board_events("sudoku-select")
    assert selects[-1]["detail"]["cells"] == [0, 10]

    drag(app, [20, 21, 22])
    expect(app.board).to_have_attribute("selection", "20 21 22")
    assert selected_cells(app) == [20, 21, 22]
    keys.press("Control+Digit2")
    for cell in (20, 21, 22):
        expect(app.cell(cell)).to_have_attribute("data-centre", "2")
    keys.press("Shift+ArrowDown")
    expect(app.board).to_have_attribute("selection", "20 21 22 31")
    expect(app.cell(31)).to_be_focused()
    keys.press("Control+Shift+Digit6")
    for cell in (20, 21, 22, 31):
        expect(app.cell(cell)).to_have_attribute("data-colours", "6")
    keys.press("Escape")
    assert selected_cells(app) == [31]
    keys.press("Control+a")
    expect(app.board.locator('[role="gridcell"][aria-selected="true"]')).to_have_count(81)
    keys.press("ArrowLeft")  # a plain arrow: one cell again
    assert selected_cells(app) == [30]
    # the page setting `selected` alone selects just that cell
    app.cell(1).click(modifiers=["Shift"])
    app.board.evaluate("(board) => { board.selected = 5; }")
    assert selected_cells(app) == [5]
    expect(app.board).to_have_attribute("selection", "5")


def test_marks_are_added_to_all_unless_all_have_them(app: Studio) -> None:
    start_playing(app, 0)
    keys = app.page.keyboard
    keys.press("Shift+Digit7")
    app.cell(1).click(modifiers=["Shift"])
    keys.press("Shift+Digit7")  # cell 1 lacks it: added to both
    expect(app.cell(0)).to_have_attribute("data-corner", "7")
    expect(app.cell(1)).to_have_attribute("data-corner", "7")
    keys.press("Shift+Digit7")  # all have it: removed from all
    expect(app.cell(0)).not_to_have_attribute("data-corner", "7")
    expect(app.cell(1)).not_to_have_attribute("data-corner", "7")
    expect(app.board).not_to_have_attribute("corner", "0:7 1:7")


def test_a_digit_clears_itself_from_peers_marks_unless_peer_marks_keep(app: Studio) -> None:
    start_playing(app, 1)
    keys = app.page.keyboard
    keys.press("Shift+Digit5")
    keys.press("Control+Digit5")
    keys.press("Control+Digit7")
    app.cell(80).click()  # not a peer of r1c1
    keys.press("Shift+Digit5")
    app.cell(0).click()
    keys.press("5")
    expect(app.cell(1)).to_have_attribute("data-centre", "7")
    expect(app.cell(1)).not_to_have_attribute("data-corner", "5")
    expect(app.cell(80)).to_have_attribute("data-corner", "5")

    app.set_board(peer_marks="keep")
    try:
        app.cell(2).click()
        keys.press("Shift+Digit6")
        app.cell(0).click()
        keys.press("6")
        expect(app.cell(0)).to_have_accessible_name("Row 1, column 1, 6")
        expect(app.cell(2)).to_have_attribute("data-corner", "6")
    finally:
        app.set_board(peer_marks=False)


def test_delete_clears_the_top_layer_first_and_marks_hide_under_a_digit(app: Studio) -> None:
    start_playing(app)
    keys = app.page.keyboard
    cell = app.cell(40)
    for key in ("Control+Shift+Digit2", "Shift+Digit3", "Control+Digit4", "Control+Digit9", "5"):
        keys.press(key)
    # under a digit the marks are kept (data-) but neither shown nor named; the colour stays
    expect(cell).to_have_accessible_name("Row 5, column 5, 5, colour sky blue")
    expect(cell).to_have_attribute("data-centre", "49")
    expect(cell.locator('[part="centre-marks"]')).to_be_hidden()
    expect(cell.locator('[part="corner-marks"]')).to_be_hidden()
    names = [
        "Row 5, column 5, empty, centre 4 9, corner 3, colour sky blue",  # the digit went
        "Row 5, column 5, empty, corner 3, colour sky blue",  # then the centre marks
        "Row 5, column 5, empty, colour sky blue",  # then the corner marks
        "Row 5, column 5, empty",  # then the colour
    ]
    for name in names:
        keys.press("Delete")
        expect(cell).to_have_accessible_name(name)
    expect(cell).not_to_have_attribute("data-colours", "2")
    assert app.entries() == "." * 81


def test_marks_come_back_when_the_digit_is_erased(app: Studio) -> None:
    start_playing(app)
    keys = app.page.keyboard
    keys.press("Shift+Digit1")
    keys.press("Shift+Digit2")
    keys.press("Control+Digit3")
    keys.press("8")
    cell = app.cell(40)
    expect(cell.locator('[part="corner-marks"]')).to_be_hidden()
    keys.press("Backspace")
    # marks are drawn by CSS from data attributes (their text would not match the cell's name)
    corner = cell.locator('[part="corner-marks"]')
    expect(corner).to_be_visible()
    expect(corner.locator("span")).to_have_count(2)
    expect(corner.locator("span").first).to_have_attribute("data-d", "1")
    expect(corner.locator("span").last).to_have_attribute("data-d", "2")
    expect(cell.locator('[part="centre-marks"]')).to_have_attribute("data-digits", "3")
    expect(cell).to_have_accessible_name("Row 5, column 5, empty, centre 3, corner 1 2")


def test_accessible_names_with_marks_and_colours(app: Studio) -> None:
    start_playing(app, 21)
    keys = app.page.keyboard
    for key in ("Control+Digit1", "Control+Digit2", "Control+Digit7", "Shift+Digit4"):
        keys.press(key)
    keys.press("Control+Shift+Digit1")
    keys.press("Control+Shift+Digit5")
    expect(app.cell(21)).to_have_accessible_name(
        "Row 3, column 4, empty, centre 1 2 7, corner 4, colour orange and blue"
    )
    expect(app.cell(21)).to_have_attribute("data-colours", "1 5")
    expect(app.cell_named("Row 1, column 1, empty")).to_have_count(1)


def test_apply_changes_round_trip_without_an_event(app: Studio) -> None:
    start_playing(app, 0)
    app.cell(1).click(modifiers=["Shift"])
    app.record_board_events()
    app.page.keyboard.press("Control+Digit3")
    changes = app.board_events("sudoku-change")[-1]["detail"]["changes"]
    assert changes == [{"layer": 3, "cell": 0, "xor": 4}, {"layer": 3, "cell": 1, "xor": 4}]
    apply = "(board, changes) => board.applyChanges(changes)"
    app.board.evaluate(apply, changes)  # undo
    expect(app.board).not_to_have_attribute("centre", "0:3 1:3")
    expect(app.cell(0)).to_have_accessible_name("Row 1, column 1, empty")
    app.board.evaluate(apply, changes)  # redo
    expect(app.board).to_have_attribute("centre", "0:3 1:3")
    expect(app.cell(1)).to_have_attribute("data-centre", "3")
    assert len(app.board_events("sudoku-change")) == 1


def test_digits_over_givens_only_are_refused_in_play_mode(app: Studio) -> None:
    app.type_grid(PUZZLE)
    start_playing(app, 2)  # the 9 at r1c3
    app.record_board_events()
    keys = app.page.keyboard
    keys.press("5")
    keys.press("Delete")  # nothing but the given to clear: refused too
    rejects = app.board_events("sudoku-reject")
    assert [e["detail"] for e in rejects] == [{"cell": 2, "reason": "given"}] * 2
    app.cell(0).click(modifiers=["Shift"])  # a given and an empty cell: the empty one takes it
    keys.press("5")
    expect(app.cell(0)).to_have_accessible_name("Row 1, column 1, 5")
    expect(app.cell(2)).to_have_accessible_name("Row 1, column 3, 9, given")
    assert app.givens() == PUZZLE


def test_wrong_digits_and_conflicts_off(app: Studio) -> None:
    start_playing(app, 0)
    keys = app.page.keyboard
    keys.press("5")
    app.cell(7).click()
    keys.press("5")
    expect(app.cell(7)).to_have_accessible_name("Row 1, column 8, 5, conflict")
    app.set_board(conflicts="off", wrong="7")
    try:
        expect(app.cell(7)).to_have_accessible_name("Row 1, column 8, 5, wrong")
        expect(app.cell(7)).to_have_attribute("data-wrong", "")
        expect(app.board.locator("[data-conflict]")).to_have_count(0)
        expect(app.cell(0)).to_have_accessible_name("Row 1, column 1, 5")
    finally:
        app.set_board(conflicts=False, wrong=False)
    expect(app.cell(0)).to_have_attribute("data-conflict", "")


def test_paused_hides_every_cell_and_ignores_input(app: Studio) -> None:
    start_playing(app)
    keys = app.page.keyboard
    keys.press("Shift+Digit2")
    keys.press("Control+Shift+Digit4")
    app.cell(41).click()
    keys.press("6")
    app.set_board(paused=True)
    try:
        expect(app.cell(41)).to_have_accessible_name("Row 5, column 6, hidden")
        expect(app.cell(40)).to_have_accessible_name("Row 5, column 5, hidden")
        expect(app.board.locator('[role="gridcell"][aria-label$=", hidden"]')).to_have_count(81)
        expect(app.board.locator("[data-entry], [data-colours], [data-corner]")).to_have_count(0)
        keys.press("7")
        keys.press("Delete")
        assert app.entries()[41] == "6"
    finally:
        app.set_board(paused=False)
    expect(app.cell(41)).to_have_accessible_name("Row 5, column 6, 6")
    expect(app.cell(40)).to_have_accessible_name("Row 5, column 5, empty, corner 2, colour yellow")


def test_auto_candidates_refill_an_erased_cell(app: Studio) -> None:
    start_playing(app, 0)
    app.set_board(auto_candidates=True)
    try:
        keys = app.page.keyboard
        keys.press("5")
        keys.press("Delete")
        expect(app.cell(0)).to_have_attribute("data-centre", "123456789")
    finally:
        app.set_board(auto_candidates=False)


def test_a_touch_drag_selects_cells(fresh: Callable[..., Studio], site_server: str) -> None:
    phone = fresh(
        site_server, viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True
    )
    page = phone.page
    points = []
    for cell in (36, 37, 38, 47):
        box = phone.cell(cell).bounding_box()
        assert box is not None
        points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [points[0]]})
    for point in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(phone.board).to_have_attribute("selection", "36 37 38 47")
    expect(phone.board).to_have_attribute("selected", "47")
    assert selected_cells(phone) == [36, 37, 38, 47]


NUMPAD_AS_NAVIGATION = """(cell) => {
  // Windows with NumLock on: Shift+numpad 1 arrives as "End" (Shift released), code Numpad1
  const target = document.getElementById("board").shadowRoot.querySelector(`[data-cell="${cell}"]`);
  target.dispatchEvent(new KeyboardEvent("keydown", { key: "End", code: "Numpad1", bubbles: true, composed: true }));
}"""


def test_shift_numpad_digit_sent_as_a_navigation_key_is_a_corner_mark(app: Studio) -> None:
    start_playing(app)
    app.page.evaluate(NUMPAD_AS_NAVIGATION, 40)
    expect(app.cell(40)).to_have_attribute("data-corner", "1")
    expect(app.board).to_have_attribute("selected", "40")  # not moved to the row's end


FILL_SIZE = """(cell) => {
  const fill = cell.querySelector(".fill").getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  return [Math.round(fill.width), Math.round(box.width)];
}"""


def test_a_colour_fills_a_peer_cell_and_is_framed_in_the_selection(app: Studio) -> None:
    """The colour of a cell that is only a peer of the selection keeps the cell's whole shape (a
    player paints regions; they must not shrink as the cursor moves); the selected cell shows
    its colour inside the selection's frame."""
    start_playing(app)
    app.page.keyboard.press("Control+Shift+Digit5")
    cell = app.cell(40)
    expect(cell).to_have_attribute("data-colours", "5")
    fill, box = cell.evaluate(FILL_SIZE)
    assert fill < box * 0.9  # selected: framed
    app.cell(41).click()
    expect(cell).to_have_attribute("data-peer", "")
    fill, box = cell.evaluate(FILL_SIZE)
    assert fill >= box - 2  # a peer: the whole cell (within its border)
