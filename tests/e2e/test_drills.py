"""Practise a technique, end to end: the dialog shows a pack position of the chosen technique on
its own board (candidates as centre marks), a right answer made with the pad (Strike, digits;
Place, a digit) is said right and counted, a wrong one is said with what was missed or wrong
and drawn (the step's eliminations on the overlay, the wrong cells flagged), the record
survives a reload, and the game on the page's board is never touched. The expected answers
come from the pack itself, read here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from sudoku_core.cli.drill import drill_record
from sudoku_core.drills import Drill, next_step
from sudoku_core.formats import parse, parse_marks
from sudoku_core.verdict import unique_solution

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Locator, Route

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PACK = json.loads(
    (Path(__file__).resolve().parents[2] / "web" / "train" / "drill-pack.json").read_text("utf-8")
)


def centre_text(candidates: str) -> str:
    """A pack position's candidates as the board's centre attribute says them."""
    return " ".join(f"{i}:{m}" for i, m in enumerate(candidates.split(",")) if m)


BY_POSITION = {(r["digits"], centre_text(r["candidates"])): r for r in PACK["drills"]}
GAME = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def dialog(app: Studio) -> Locator:
    return app.page.locator("#drill-dialog")


def open_drill(app: Studio, technique: str) -> dict[str, Any]:
    """Open Practise a technique on ``technique``; the pack's record of the drill shown."""
    app.button("Practise a technique…").click()
    expect(dialog(app)).to_have_attribute("data-state", "asking")
    app.page.locator("#drill-technique").select_option(technique)
    return shown_drill(app, technique)


def shown_drill(app: Studio, technique: str) -> dict[str, Any]:
    expect(dialog(app)).to_have_attribute("data-technique", technique)
    expect(dialog(app)).to_have_attribute("data-state", "asking")
    board = app.page.locator("#drill-board")
    position = (str(board.get_attribute("givens")), str(board.get_attribute("centre")))
    record: dict[str, Any] = BY_POSITION[position]
    assert record["technique"] == technique
    return record


def cell(app: Studio, index: int) -> Locator:
    return app.page.locator(f'#drill-board [role="gridcell"][data-cell="{index}"]')


def strike(app: Studio, index: int, digit: int) -> None:
    cell(app, index).click()
    app.page.get_by_role("button", name="Strike", exact=True).click()
    app.page.locator(f'#drill-numpad button[data-drill-digit="{digit}"]').click()


def place(app: Studio, index: int, digit: int) -> None:
    cell(app, index).click()
    app.page.get_by_role("button", name="Place", exact=True).click()
    app.page.locator(f'#drill-numpad button[data-drill-digit="{digit}"]').click()


def check(app: Studio) -> Locator:
    app.page.locator("#drill-check").click()
    return app.page.locator("#drill-feedback")


def overlay_roles(app: Studio, role: str) -> set[tuple[int, int]]:
    marks = app.page.locator(f'#drill-board [data-role="{role}"]')
    return {
        (int(str(m.get_attribute("data-cell"))), int(str(m.get_attribute("data-digit"))))
        for m in marks.all()
    }


def a_true_candidate(record: dict[str, Any]) -> tuple[int, int]:
    """An empty cell's solution digit, in a cell with other candidates too (a wrong strike)."""
    cells = record["candidates"].split(",")
    for index, marks in enumerate(cells):
        if len(marks) > 1:
            return index, int(record["solution"][index])
    raise AssertionError("no cell with two candidates")


@pytest.fixture
def drills(app: Studio) -> Callable[[], None]:
    """The page with a game in play, the drill record forgotten; the dialog closed after."""
    app.page.evaluate("() => localStorage.removeItem('sudoku-studio.drills')")
    app.type_grid(GAME)
    app.mode("Play")
    app.show_panel("Learn")

    def close() -> None:
        if dialog(app).evaluate("(d) => d.open"):
            app.page.locator("#drill-close").click()

    return close


def test_a_drill_answered_right_then_wrong_is_judged_drawn_and_counted(
    app: Studio, drills: Callable[[], None]
) -> None:
    givens, entries = app.givens(), app.entries()
    timer = app.page.locator("#timer-box")
    expect(timer).to_have_attribute("data-state", "running")
    record = open_drill(app, "X-Wing")
    expect(timer).to_have_attribute("data-state", "stopped")  # the game's clock waits
    board = app.page.locator("#drill-board")
    centre = str(board.get_attribute("centre"))
    first = record["step"]["eliminations"][0]
    assert f"{first['cell']}:" in centre  # the candidates are the centre marks
    expect(app.page.locator("#drill-task")).to_contain_text("Find the X-Wing")
    for item in record["step"]["eliminations"]:
        strike(app, item["cell"], item["digit"])
    feedback = check(app)
    expect(feedback).to_have_attribute("data-state", "right")
    expect(feedback).to_have_text(f"Right. {record['step']['summary']}.")  # in words
    notation = app.page.locator("#drill-notation")
    expect(notation).to_be_visible()  # the expert's line, behind its disclosure
    expect(app.page.locator("#drill-notation-text")).to_be_hidden()
    notation.locator("summary").click()
    expect(app.page.locator("#drill-notation-text")).to_have_text(record["step"]["text"])
    expect(app.page.locator("#drill-stats")).to_contain_text("1 of 1 right (100%)")
    want = {(e["cell"], e["digit"]) for e in record["step"]["eliminations"]}
    assert overlay_roles(app, "eliminate") == want

    app.page.locator("#drill-next").click()
    record = shown_drill(app, "X-Wing")
    wrong_cell, wrong_digit = a_true_candidate(record)
    strike(app, wrong_cell, wrong_digit)
    feedback = check(app)
    expect(feedback).to_have_attribute("data-state", "wrong")
    expect(feedback).to_contain_text("Struck, but the solution needs it")
    expect(feedback).to_contain_text("Missed:")
    expect(feedback).to_contain_text(f"The step is {record['step']['summary']}.")
    expect(notation).to_be_visible()
    expect(app.page.locator("#drill-notation-text")).to_have_text(record["step"]["text"])
    expect(app.page.locator("#drill-stats")).to_contain_text(
        "Streak 0 (best 1) · 1 of 2 right (50%)"
    )
    want = {(e["cell"], e["digit"]) for e in record["step"]["eliminations"]}
    assert overlay_roles(app, "eliminate") == want
    expect(cell(app, wrong_cell)).to_have_attribute("data-flagged", "")
    # the position is back as it was under the drawing: the struck candidate is there again
    assert f"{wrong_cell}:" in str(board.get_attribute("centre"))
    drills()
    assert (app.givens(), app.entries()) == (givens, entries)  # the game is untouched
    expect(timer).to_have_attribute("data-state", "running")


def reload_and_open(app: Studio, technique: str) -> None:
    """The page loaded again, then Practise a technique on ``technique``."""
    app.page.reload()
    expect(app.page.locator("body")).to_have_attribute("data-app", "ready")
    app.dismiss_welcome()
    app.show_panel("Learn")
    open_drill(app, technique)


def test_a_single_is_placed_and_the_record_survives_a_reload(
    app: Studio, drills: Callable[[], None]
) -> None:
    record = open_drill(app, "Hidden Single")
    placement = record["step"]["placements"][0]
    expect(app.page.locator("#drill-task")).to_contain_text("place its digit")
    place(app, placement["cell"], placement["digit"])
    expect(check(app)).to_have_attribute("data-state", "right")
    drills()
    reload_and_open(app, "Hidden Single")
    expect(app.page.locator("#drill-stats")).to_contain_text("1 of 1 right")
    # storage that is not a record is ignored, not trusted
    bad = {"v": 1, "techniques": {"Hidden Single": {"tries": -4}}}
    app.page.evaluate(
        "(text) => localStorage.setItem('sudoku-studio.drills', text)", json.dumps(bad)
    )
    drills()
    reload_and_open(app, "Hidden Single")
    expect(app.page.locator("#drill-stats")).to_contain_text("Not tried yet")
    drills()
    app.wait_ready()


def test_a_technique_the_pack_lacks_is_looked_for_by_the_engine_with_progress_and_cancel(
    app: Studio, drills: Callable[[], None]
) -> None:
    lacking = next(name for name, _, count in PACK["techniques"] if count == 0)
    app.button("Practise a technique…").click()
    expect(dialog(app)).to_have_attribute("data-state", "asking")
    app.page.locator("#drill-technique").select_option(lacking)
    expect(dialog(app)).to_have_attribute("data-state", "making")
    work = app.page.locator("#drill-work")
    expect(work).to_be_visible()
    text = app.page.locator("#drill-work-text")
    expect(text).to_contain_text(f"Looking for a {lacking}")
    expect(text).to_contain_text("puzzles,", timeout=30_000)  # the worker's progress
    app.page.get_by_role("button", name="Cancel", exact=True).click()
    expect(work).to_be_hidden()
    expect(app.page.locator("#drill-feedback")).to_have_text("Cancelled.")
    drills()


THREE_X_WINGS = (
    ".3..8....8.75...62......4..2...6..945...1...7..92......2.6..7.......3...6.8.5.1..",
    ".32.86...8.75...62....2.4..2...6..945...192.7..92......2.648759...1.3.2.6.8.52143",
    "149,,,479,,,59,17,15,,14,,,39,14,39,,,19,56,56,379,,17,,1378,18,,17,13,378,,57,358,,,,468,"
    "46,348,,,,38,,37,48,,,37,45,568,18,156,13,,13,,,,,,,47,4579,45,,79,,68,,68,,79,,79,,,,,",
)
"""magictour_top1465 (tests/data, line 302): an X-Wing on 3, the grader's step, and two more."""


def three_x_wings() -> dict[str, Any]:
    """The pack's record of the position with three X-Wings (its ``others``: the second and
    third), as ``drill --pack`` writes it."""
    puzzle, digits = parse(THREE_X_WINGS[0]), parse(THREE_X_WINGS[1])
    marks = tuple(parse_marks(THREE_X_WINGS[2].split(",")))
    step = next_step(puzzle, digits, marks)
    assert step is not None
    return drill_record(Drill(puzzle, digits, marks, unique_solution(puzzle), step))


def serve_only_x_wing(studio: Studio, record: dict[str, Any]) -> None:
    """The page's pack, with ``record`` its one X-Wing."""
    pack = {**PACK, "drills": [r for r in PACK["drills"] if r["technique"] != "X-Wing"] + [record]}
    body = json.dumps(pack)

    def serve(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=body)

    studio.page.context.route("**/train/drill-pack.json", serve)


def test_another_instance_of_the_technique_is_right_and_named_and_drawn(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    record = three_x_wings()
    second = record["others"][0]
    assert second["text"] != record["step"]["text"]
    studio = fresh(site_server)
    serve_only_x_wing(studio, record)
    studio.show_panel("Learn")
    studio.button("Practise a technique…").click()
    expect(dialog(studio)).to_have_attribute("data-state", "asking")
    studio.page.locator("#drill-technique").select_option("X-Wing")
    expect(dialog(studio)).to_have_attribute("data-technique", "X-Wing")
    expect(studio.page.locator("#drill-board")).to_have_attribute("givens", record["digits"])
    for item in second["eliminations"]:
        strike(studio, item["cell"], item["digit"])
    feedback = check(studio)
    expect(feedback).to_have_attribute("data-state", "right")
    expect(feedback).to_have_text(f"Right. {second['summary']}.")  # the one the player found
    expect(studio.page.locator("#drill-notation-text")).to_have_text(
        second["text"], use_inner_text=False
    )
    want = {(e["cell"], e["digit"]) for e in second["eliminations"]}
    assert overlay_roles(studio, "eliminate") == want
    expect(studio.page.locator("#drill-stats")).to_contain_text("1 of 1 right (100%)")
    # one of the second X-Wing's two eliminations: what was missed is said, of that X-Wing
    studio.page.locator("#drill-reset").click()
    strike(studio, second["eliminations"][0]["cell"], second["eliminations"][0]["digit"])
    feedback = check(studio)
    expect(feedback).to_have_attribute("data-state", "wrong")
    missed = second["eliminations"][1]
    expect(feedback).to_contain_text(f"Missed: {missed['digit']} in {missed['name']}.")
    expect(feedback).to_contain_text(f"The step is {second['summary']}.")
    # a Franken X-Wing is never the next step: listed, disabled, with why
    never = studio.page.locator('#drill-technique option[data-never="Franken X-Wing"]')
    expect(never).to_be_disabled()
    expect(never).to_contain_text("never the next step")


def test_on_a_phone_on_its_side_the_board_is_as_tall_as_the_window_and_check_in_view(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    size = {"width": 844, "height": 390}
    studio = fresh(site_server, viewport=size)
    studio.show_panel("Learn")
    record = open_drill(studio, "X-Wing")
    board = studio.page.locator("#drill-board").bounding_box()
    assert board is not None
    assert board["height"] >= 0.85 * size["height"], f"a {board['height']:.0f}px board"
    assert board["y"] >= 0 and board["y"] + board["height"] <= size["height"]
    for name in ("Strike", "Check", "Next"):
        box = dialog(studio).get_by_role("button", name=name, exact=True).bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["height"], name
    item = record["step"]["eliminations"][0]
    strike(studio, item["cell"], item["digit"])
    expect(check(studio)).not_to_have_attribute("data-state", "none")
