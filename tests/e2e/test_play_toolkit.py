"""The player's toolkit on the page: undo and redo of every move, Undo to last correct,
candidates kept as centre marks, the clock and Pause, the mistake modes, the completion, the
settings, the shortcuts and the phone layout. Each test plays like a person (clicks, keys) and
reads what the page exposes: the board's attributes, data- attributes and accessible names.
The board element's own keys and marks are tested in test_board_toolkit.py; the history across
reloads and its size in test_play_history.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe
from e2e.play_helpers import (
    AUTO_CANDIDATES,
    CENTRE_GRID,
    EMPTIES,
    EMPTY,
    MARKS_COMPLETE,
    MISTAKES,
    PEER_MARKS,
    PUZZLE,
    SHOW_TIMER,
    SOLUTION,
    candidates,
    choose,
    close_settings,
    entries_are,
    link_to,
    marks_of,
    moves,
    no_marks,
    open_settings,
    pad,
    peers,
    reload,
    set_visibility,
    setting,
    start_game,
    timer_ms,
    tool,
    wait_timer,
    with_entry,
    wrong_digit,
)

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e


@pytest.fixture
def restore_settings(app: Studio) -> Iterator[None]:
    """The shared page's settings back to the defaults after the test (they live in its
    localStorage, which every later test of the session shares)."""
    yield
    page = app.page
    for dialog in ("#settings-dialog", "#shortcuts-dialog", "#done-dialog"):
        if page.locator(f"{dialog}[open]").count():
            page.keyboard.press("Escape")
    choose(app, mistakes="conflicts", auto_candidates=False, peer_marks=True, show_timer=True)


# --- 1. undo and redo of every kind of move ---------------------------------------------------------


def test_undo_and_redo_every_kind_of_move_from_the_pad_and_the_keys(app: Studio) -> None:
    start_game(app)
    keys = app.page.keyboard
    undo, redo = app.button("Undo"), app.button("Redo")
    a, b = EMPTIES[0], EMPTIES[1]
    moves(app, 0, 0)

    # a digit from the pad; undone and redone by buttons and by each key
    app.cell(a).click()
    pad(app, SOLUTION[a])
    one = with_entry({a: SOLUTION[a]})
    entries_are(app, one)
    moves(app, 1, 0)
    undo.click()
    entries_are(app, EMPTY)
    moves(app, 0, 1)
    keys.press("Control+y")
    entries_are(app, one)
    keys.press("Control+z")
    entries_are(app, EMPTY)
    keys.press("Control+Shift+z")
    entries_are(app, one)
    redo_button = app.page.locator("#redo-move")
    expect(redo_button).to_be_disabled()
    keys.press("Control+z")
    entries_are(app, EMPTY)

    # corner, centre and colour marks from the pad
    for name, layer, digit in (("Corner", "corner", "3"), ("Centre", "centre", "4")):
        tool(app, name)
        pad(app, digit)
        expect(app.board).to_have_attribute(layer, f"{a}:{digit}")
        undo.click()
        no_marks(app, layer)
        redo.click()
        expect(app.board).to_have_attribute(layer, f"{a}:{digit}")
        keys.press("Control+z")
        no_marks(app, layer)
    tool(app, "Colour")
    expect(app.page.locator("#numpad")).to_have_attribute("data-tool", "colour")
    app.page.get_by_role("button", name="Colour 2: sky blue").click()
    expect(app.board).to_have_attribute("colours", f"{a}:2")
    expect(app.cell(a)).to_have_accessible_name(re.compile("colour sky blue"))
    check_axe(app.page, "the colour tool, a coloured cell")
    keys.press("Control+z")
    no_marks(app, "colours")
    keys.press("Control+y")
    expect(app.board).to_have_attribute("colours", f"{a}:2")
    undo.click()
    no_marks(app, "colours")
    tool(app, "Digit")

    # Fill candidates: every empty cell's centre marks, and one undo takes them all away
    app.button("Fill candidates").click()
    filled = marks_of(app, "centre")
    assert sorted(filled) == EMPTIES
    assert filled[a] == candidates(PUZZLE, a)
    undo.click()
    no_marks(app, "centre")
    redo.click()
    expect(app.board).to_have_attribute("centre", re.compile(rf"^{a}:{candidates(PUZZLE, a)} "))
    undo.click()
    no_marks(app, "centre")

    # Reveal cell: the solution's digit in the selected cell
    app.cell(b).click()
    app.button("Reveal cell").click()
    revealed = with_entry({b: SOLUTION[b]})
    entries_are(app, revealed)
    undo.click()
    entries_are(app, EMPTY)
    redo.click()
    entries_are(app, revealed)

    # Solve fills every cell; one undo brings back the cells as they were
    app.solve()
    entries_are(app, "".join(s if p == "." else "." for p, s in zip(PUZZLE, SOLUTION, strict=True)))
    keys.press("Control+z")
    entries_are(app, revealed)

    # Clear entries takes digits and marks; undo brings both back
    app.cell(a).click()
    pad(app, SOLUTION[a])
    tool(app, "Corner")
    app.cell(EMPTIES[2]).click()
    pad(app, "7")
    tool(app, "Digit")
    both = with_entry({a: SOLUTION[a], b: SOLUTION[b]})
    entries_are(app, both)
    app.button("Clear entries").click()
    entries_are(app, EMPTY)
    no_marks(app, "corner")
    undo.click()
    entries_are(app, both)
    expect(app.board).to_have_attribute("corner", f"{EMPTIES[2]}:7")
    redo.click()
    entries_are(app, EMPTY)

    # a new move after an undo drops what could have been redone
    undo.click()
    undo.click()  # the corner mark
    moves(app, 2, 2)  # the reveal and the digit
    app.cell(EMPTIES[3]).click()
    keys.press(SOLUTION[EMPTIES[3]])
    moves(app, 3, 0)
    expect(redo_button).to_be_disabled()
    keys.press("Control+y")
    entries_are(app, with_entry({a: SOLUTION[a], b: SOLUTION[b], EMPTIES[3]: SOLUTION[EMPTIES[3]]}))
    expect(app.page.locator("#history-status")).to_have_text(
        re.compile(r"^Nothing to redo\. \d+ to undo, 0 to redo\.$")
    )


# --- 3. Undo to last correct ---------------------------------------------------------------------


def test_undo_to_last_correct_steps_back_to_only_correct_digits_in_one_go(app: Studio) -> None:
    start_game(app)
    keys = app.page.keyboard
    right1, right2, wrong, right3 = EMPTIES[0], EMPTIES[1], EMPTIES[5], EMPTIES[9]
    for cell, digit in (
        (right1, SOLUTION[right1]),
        (right2, SOLUTION[right2]),
        (wrong, wrong_digit(wrong)),
        (right3, SOLUTION[right3]),
    ):
        app.cell(cell).click()
        keys.press(digit)
    moves(app, 4, 0)
    app.button("Undo to last correct").click()
    good = with_entry({right1: SOLUTION[right1], right2: SOLUTION[right2]})
    entries_are(app, good)
    message = "Undid 2 moves, back to the last state with only correct digits."
    expect(app.page.locator("#status")).to_have_text(message)
    moves(app, 2, 2)  # one step back over two moves, each still redoable
    app.button("Undo to last correct").click()
    expect(app.page.locator("#status")).to_have_text(
        "All your digits agree with the solution: nothing to undo."
    )
    entries_are(app, good)
    app.button("Redo").click()
    app.button("Redo").click()
    entries_are(app, with_entry({wrong: wrong_digit(wrong), right3: SOLUTION[right3]}, good))


# --- 4. candidates as centre marks ------------------------------------------------------------------


def test_a_digit_clears_itself_from_the_filled_candidates_and_auto_candidates_bring_them_back(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + link_to(PUZZLE))
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    studio.mode("Play")
    cell = EMPTIES[0]
    digit = SOLUTION[cell]
    holding = [
        p for p in sorted(peers(cell)) if PUZZLE[p] == "." and digit in candidates(PUZZLE, p)
    ]
    assert holding, "the test needs peers that have the digit as a candidate"

    studio.button("Fill candidates").click()
    expect(studio.cell(holding[0])).to_have_attribute("data-centre", candidates(PUZZLE, holding[0]))
    studio.cell(cell).click()
    studio.page.keyboard.press(digit)
    for p in holding:  # gone from every peer's centre marks
        expect(studio.cell(p)).to_have_attribute(
            "data-centre", candidates(PUZZLE, p).replace(digit, "")
        )
    studio.page.keyboard.press("Delete")  # without the setting, erasing brings nothing back
    entries_are(studio, EMPTY)
    expect(studio.cell(holding[0])).to_have_attribute(
        "data-centre", candidates(PUZZLE, holding[0]).replace(digit, "")
    )

    choose(studio, auto_candidates=True)  # "…(fills them now)"
    expect(studio.board).to_have_attribute("auto-candidates", "")
    for p in holding:
        expect(studio.cell(p)).to_have_attribute("data-centre", candidates(PUZZLE, p))
    studio.cell(cell).click()
    studio.page.keyboard.press(digit)
    grid = with_entry({cell: digit}, PUZZLE)
    for p in holding:
        expect(studio.cell(p)).to_have_attribute("data-centre", candidates(grid, p))
    studio.page.keyboard.press("Delete")  # the candidates come back with the erased digit
    for p in [cell, *holding]:
        expect(studio.cell(p)).to_have_attribute("data-centre", candidates(PUZZLE, p))


# --- 12. axe with marks on the cells ---------------------------------------------------------------


def test_axe_with_one_mark_in_a_cell(app: Studio) -> None:
    start_game(app)
    corner, centre = EMPTIES[0], EMPTIES[1]
    app.cell(corner).click()
    app.page.keyboard.press("Shift+Digit3")
    app.cell(centre).click()
    app.page.keyboard.press("Control+Digit2")
    expect(app.cell(corner)).to_have_accessible_name(re.compile("empty, corner 3$"))
    expect(app.cell(centre)).to_have_accessible_name(re.compile("empty, centre 2$"))
    check_axe(app.page, "one corner mark in a cell, one centre mark in another")


MARKED = {
    "corner": ("Shift+Digit1", "Shift+Digit3", "Shift+Digit7"),
    "centre": ("Control+Digit1", "Control+Digit3", "Control+Digit7"),
    "candidates": (),
}


@pytest.mark.parametrize("keys", MARKED.values(), ids=MARKED.keys())
def test_axe_with_several_marks_in_a_cell(app: Studio, keys: tuple[str, ...]) -> None:
    start_game(app)
    if keys:
        app.cell(EMPTIES[0]).click()
        for key in keys:
            app.page.keyboard.press(key)
        expect(app.cell(EMPTIES[0])).to_have_accessible_name(re.compile(r"(corner|centre) 1 3 7$"))
    else:
        app.button("Fill candidates").click()
        cell = EMPTIES[0]
        expect(app.cell(cell)).to_have_attribute("data-centre", candidates(PUZZLE, cell))
    check_axe(app.page, "several marks in a cell")


# --- 5. the clock ------------------------------------------------------------------------------------


def test_the_timer_runs_in_play_stops_when_hidden_and_pauses(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + link_to(PUZZLE))
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    box = studio.page.locator("#timer-box")
    expect(studio.page.get_by_role("radio", name="Play", exact=True)).to_be_checked()
    expect(box).to_have_attribute("data-state", "running")
    wait_timer(studio, above=300)

    set_visibility(studio, "hidden")
    expect(box).to_have_attribute("data-state", "stopped")
    before = timer_ms(studio)
    after = wait_timer(studio, draws=8)  # eight redraws, about two seconds, while hidden
    assert after - before <= 50, f"the clock ran while the tab was hidden: {before} -> {after} ms"

    set_visibility(studio, "visible")
    expect(box).to_have_attribute("data-state", "running")
    wait_timer(studio, above=after + 500)

    studio.button("Pause").click()
    expect(box).to_have_attribute("data-state", "paused")
    expect(studio.board).to_have_attribute("paused", "")
    expect(studio.page.locator("#paused")).to_be_visible()
    expect(studio.board.locator('[role="gridcell"][aria-label$=", hidden"]')).to_have_count(81)
    expect(studio.cell(2)).to_have_accessible_name("Row 1, column 3, hidden")
    check_axe(studio.page, "the paused board")
    paused_at = timer_ms(studio)
    studio.page.locator("#resume").click()
    expect(studio.board).not_to_have_attribute("paused", "")
    expect(studio.cell(2)).to_have_accessible_name("Row 1, column 3, 9, given")
    expect(box).to_have_attribute("data-state", "running")
    wait_timer(studio, above=paused_at)

    studio.page.keyboard.press("p")
    expect(box).to_have_attribute("data-state", "paused")


def test_a_game_paused_stays_paused_over_a_reload_of_its_tab(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """Pause is no peeking: reloading the tab does not show the board of the game paused in it
    (a new game, or the game opened in another tab, runs as ever)."""
    studio = fresh(site_server + link_to(PUZZLE))
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    box = studio.page.locator("#timer-box")
    expect(box).to_have_attribute("data-state", "running")
    studio.cell(0).click()
    studio.page.keyboard.press("5")
    studio.page.keyboard.press("p")
    expect(box).to_have_attribute("data-state", "paused")
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    expect(box).to_have_attribute("data-state", "paused")
    expect(studio.board).to_have_attribute("paused", "")
    expect(studio.page.locator("#paused")).to_be_visible()
    studio.page.locator("#resume").click()
    expect(box).to_have_attribute("data-state", "running")
    assert studio.entries()[0] == "5"
    # running when the tab reloads: running after it
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(box).to_have_attribute("data-state", "running")


# After the reload the page comes up hidden (the flag set before it, read by an init script), so
# its clock cannot move: it shows exactly the time it restored.
HIDDEN_AFTER_RELOAD = """
if (sessionStorage.getItem("test-hidden")) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
}
"""


def test_the_time_played_survives_a_reload(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server + link_to(PUZZLE), init_script=HIDDEN_AFTER_RELOAD)
    box = studio.page.locator("#timer-box")
    expect(box).to_have_attribute("data-state", "running")
    wait_timer(studio, above=1000)
    studio.button("Pause").click()  # stopping saves the time
    expect(box).to_have_attribute("data-state", "paused")
    played = timer_ms(studio)
    studio.page.evaluate("() => sessionStorage.setItem('test-hidden', '1')")
    reload(studio)
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    # paused before the reload, paused after it (and hidden besides): the clock stands still
    expect(box).to_have_attribute("data-state", "paused")
    assert timer_ms(studio) == played


def test_the_timer_stops_in_enter_mode(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server + link_to(PUZZLE))
    box = studio.page.locator("#timer-box")
    expect(box).to_have_attribute("data-state", "running")
    studio.mode("Create")
    expect(box).to_have_attribute("data-state", "stopped", timeout=5_000)
    expect(studio.button("Pause")).to_be_disabled()


# --- 6. mistake modes ----------------------------------------------------------------------------------


@pytest.mark.usefixtures("restore_settings")
@pytest.mark.parametrize("mode", ["off", "conflicts", "solution"])
def test_each_mistake_mode_and_check_in_every_mode(app: Studio, mode: str) -> None:
    start_game(app)
    choose(app, mistakes=mode)
    conflicts = app.page.locator("#conflicts")
    clash, wrong = EMPTIES[0], EMPTIES[5]
    assert PUZZLE[2] == "9" and clash // 9 == 0  # r1c1 = 9 repeats the given 9 of r1c3
    app.cell(clash).click()
    app.page.keyboard.press("9")
    app.cell(wrong).click()
    app.page.keyboard.press(wrong_digit(wrong))  # breaks no rule, differs from the solution

    if mode == "off":
        expect(app.board).to_have_attribute("conflicts", "off")
        expect(app.board.locator("[data-conflict]")).to_have_count(0)
        expect(conflicts).to_have_text("")
        expect(conflicts).to_have_attribute("data-count", "0")
    else:
        expect(app.board).not_to_have_attribute("conflicts", "off")
        expect(app.cell(clash)).to_have_attribute("data-conflict", "")
        expect(conflicts).to_contain_text("Conflict:")
    if mode == "solution":  # once the engine has solved the puzzle in the background
        expect(app.cell(wrong)).to_have_attribute("data-wrong", "")
        expect(app.board).to_have_attribute("wrong", re.compile(rf"(^| ){wrong}( |$)"))
        expect(app.cell(wrong)).to_have_accessible_name(re.compile(", wrong"))
    else:
        expect(app.board.locator("[data-wrong]")).to_have_count(0)
        expect(app.board).not_to_have_attribute("wrong", re.compile("."))

    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "mistakes")
    expect(app.verdict).to_contain_text("2 of your digits do not match the solution")
    assert app.flagged() == sorted([clash, wrong])


# --- 7. completion ---------------------------------------------------------------------------------

LAST = [EMPTIES[0], EMPTIES[20], EMPTIES[40]]
NEARLY = "".join("." if c in LAST else SOLUTION[c] for c in range(81))


def test_finishing_the_grid_shows_the_solved_dialog_with_the_help_used(app: Studio) -> None:
    start_game(app, NEARLY)
    keys = app.page.keyboard
    first, second, third = LAST
    app.cell(first).click()
    keys.press(next(d for d in "123456789" if d != SOLUTION[first]))
    keys.press("Control+z")  # one undo
    app.cell(second).click()
    app.button("Reveal cell").click()  # one revealed cell
    entries_are(app, with_entry({second: SOLUTION[second]}))
    app.cell(first).click()
    keys.press(SOLUTION[first])
    app.cell(third).click()
    keys.press(SOLUTION[third])

    dialog = app.page.locator("#done-dialog")
    try:
        expect(dialog).to_have_attribute("open", "")
        expect(app.page.get_by_role("dialog", name="Solved!")).to_be_visible()
        # a pasted puzzle: its level comes from the background's grading ("grading…" until then)
        expect(dialog).not_to_have_attribute("data-level", "grading")
        stat = dialog.locator("[data-stat]")
        expect(stat).to_have_count(6)  # time, level, best; hints, reveals, undos
        expect(dialog.locator('[data-stat="time"]')).to_have_text(re.compile(r"^\d+:\d\d$"))
        expect(dialog.locator('[data-stat="hints"]')).to_have_text("0")
        expect(dialog.locator('[data-stat="reveals"]')).to_have_text("1")
        expect(dialog.locator('[data-stat="undos"]')).to_have_text("1")
        expect(dialog.locator('[data-stat="level"]')).to_have_text(
            re.compile("^(Easy|Medium|Hard|Unfair|Extreme)$")
        )
        expect(app.page.locator("#done-summary")).to_contain_text(
            "with no hints and 1 revealed cell"
        )
        # a revealed cell: this solve does not count for the best time, and the dialog says so
        expect(dialog).to_have_attribute("data-best", "not-counted")
        expect(dialog.locator("#done-note")).to_contain_text("do not count for the best time")
        dialog.evaluate(
            "(d) => Promise.all(d.getAnimations({ subtree: true }).map((a) => a.finished))"
        )
        check_axe(app.page, "the Solved! dialog")
    finally:
        if dialog.get_attribute("open") is not None:
            app.button("Close").click()
    expect(dialog).not_to_have_attribute("open", "")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "stopped")


def test_a_grid_filled_by_solve_shows_no_solved_dialog(app: Studio) -> None:
    start_game(app, NEARLY)
    app.solve()
    expect(app.verdict).to_have_attribute("data-status", "unique")
    expect(app.page.locator("body")).to_have_attribute("data-complete", "true")
    expect(app.page.locator("#done-dialog")).not_to_have_attribute("open", "")
    expect(app.page.locator("#status")).not_to_contain_text("Solved!")


def test_a_full_grid_that_breaks_the_rules_is_not_solved_in_any_mistake_mode(app: Studio) -> None:
    """With mistakes not shown, a full grid with a conflict is still not a solution: no
    completion, and the clock keeps running (the player is still looking for the mistake)."""
    choose(app, mistakes="off")
    start_game(app, NEARLY)
    wrong = next(d for d in "123456789" if d != SOLUTION[LAST[0]])
    for cell, digit in [
        (LAST[0], wrong),
        (LAST[1], SOLUTION[LAST[1]]),
        (LAST[2], SOLUTION[LAST[2]]),
    ]:
        app.cell(cell).click()
        app.page.keyboard.press(digit)
    expect(app.page.locator("body")).to_have_attribute("data-filled", "81")
    expect(app.page.locator("body")).to_have_attribute("data-complete", "false")
    expect(app.page.locator("#done-dialog")).not_to_have_attribute("open", "")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")


def test_solve_then_retyping_a_digit_is_no_completion(app: Studio) -> None:
    start_game(app, NEARLY)
    app.solve()
    expect(app.page.locator("body")).to_have_attribute("data-complete", "true")
    app.cell(LAST[0]).click()
    app.page.keyboard.press("Delete")
    app.page.keyboard.press(SOLUTION[LAST[0]])
    expect(app.page.locator("body")).to_have_attribute("data-complete", "true")
    expect(app.page.locator("#done-dialog")).not_to_have_attribute("open", "")


def test_undo_never_runs_on_into_the_game_before(app: Studio) -> None:
    """Undo stays in the game on the board: held down at a new game's start it does nothing;
    the game before comes back only with the undo line's "Bring it back", its moves intact."""
    start_game(app)
    app.cell(EMPTIES[0]).click()
    app.page.keyboard.press(SOLUTION[EMPTIES[0]])
    first = app.entries()
    start_game(app, NEARLY)
    app.cell(LAST[0]).click()
    app.page.keyboard.press(SOLUTION[LAST[0]])
    for _ in range(4):
        app.page.keyboard.press("Control+z")
    expect(app.board).to_have_attribute("givens", NEARLY)
    expect(app.button("Undo")).to_be_disabled()
    app.button("Bring it back").click()
    expect(app.board).to_have_attribute("givens", PUZZLE)
    expect(app.board).to_have_attribute("entries", first)
    expect(app.button("Undo")).to_be_enabled()


def test_pause_hides_the_hint_and_blocks_moves(app: Studio) -> None:
    start_game(app)
    app.button("Hint").click()
    hint = app.page.locator("#hint-text")
    expect(hint).to_have_attribute("data-level", "1")
    expect(hint).to_be_visible()
    app.button("Pause").click()
    expect(app.board).to_have_attribute("paused", "")
    expect(hint).to_be_hidden()
    before = app.entries()
    app.page.keyboard.press("Control+z")
    app.page.keyboard.press("h")
    expect(app.page.locator("#status")).to_contain_text("paused")
    assert app.entries() == before
    app.page.locator("#resume").click()
    expect(hint).to_be_visible()


# --- 8. settings ------------------------------------------------------------------------------------


def test_settings_persist_across_a_reload(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server + link_to(PUZZLE))
    open_settings(studio)
    check_axe(studio.page, "the Settings dialog")
    setting(studio, PEER_MARKS).uncheck()
    setting(studio, SHOW_TIMER).uncheck()
    setting(studio, MISTAKES["off"]).check()
    setting(studio, MARKS_COMPLETE).check()
    setting(studio, CENTRE_GRID).check()
    close_settings(studio)
    expect(studio.page.locator("#timer-box")).to_be_hidden()
    reload(studio)
    expect(studio.board).to_have_attribute("peer-marks", "keep")
    expect(studio.board).to_have_attribute("centre-layout", "grid")
    expect(studio.board).to_have_attribute("conflicts", "off")
    expect(studio.page.locator("#timer-box")).to_be_hidden()
    open_settings(studio)
    expect(setting(studio, PEER_MARKS)).not_to_be_checked()
    expect(setting(studio, AUTO_CANDIDATES)).not_to_be_checked()
    expect(setting(studio, SHOW_TIMER)).not_to_be_checked()
    expect(setting(studio, MISTAKES["off"])).to_be_checked()
    expect(setting(studio, MARKS_COMPLETE)).to_be_checked()
    expect(setting(studio, CENTRE_GRID)).to_be_checked()
    close_settings(studio)
    stored = studio.page.evaluate("() => localStorage.getItem('sudoku-studio.settings')")
    assert json.loads(stored) == {
        "clearPeerMarks": False,
        "autoCandidates": False,
        "marksComplete": True,
        "centreGrid": True,
        "showTimer": False,
        "mistakes": "off",
    }


BROKEN_SETTINGS = {
    "not-json": "{clearPeerMarks: false,",
    "a-number": "42",
    "null": "null",
    "wrong-types": json.dumps(
        {
            "clearPeerMarks": 0,
            "autoCandidates": "yes",
            "marksComplete": 1,
            "centreGrid": "grid",
            "showTimer": None,
            "mistakes": "always",
        }
    ),
}


@pytest.mark.parametrize("stored", BROKEN_SETTINGS.values(), ids=BROKEN_SETTINGS.keys())
def test_broken_stored_settings_fall_back_to_the_defaults(
    fresh: Callable[..., Studio], site_server: str, stored: str
) -> None:
    script = f"localStorage.setItem('sudoku-studio.settings', {json.dumps(stored)});"
    studio = fresh(site_server + link_to(PUZZLE), init_script=script)  # the guard: no errors
    expect(studio.page.locator("#timer-box")).to_be_visible()
    expect(studio.board).not_to_have_attribute("peer-marks", "keep")
    expect(studio.board).not_to_have_attribute("conflicts", "off")
    expect(studio.board).not_to_have_attribute("auto-candidates", "")
    open_settings(studio)
    expect(setting(studio, PEER_MARKS)).to_be_checked()
    expect(setting(studio, AUTO_CANDIDATES)).not_to_be_checked()
    expect(setting(studio, SHOW_TIMER)).to_be_checked()
    expect(setting(studio, MISTAKES["conflicts"])).to_be_checked()
    expect(setting(studio, MARKS_COMPLETE)).not_to_be_checked()
    expect(setting(studio, CENTRE_GRID)).not_to_be_checked()
    expect(studio.board).not_to_have_attribute("centre-layout", "grid")
    expect(studio.page.locator("#settings-note")).to_have_text("")
    setting(studio, MISTAKES["solution"]).check()  # the next change writes good settings
    close_settings(studio)
    written = studio.page.evaluate("() => localStorage.getItem('sudoku-studio.settings')")
    assert json.loads(written)["mistakes"] == "solution"
    assert json.loads(written)["clearPeerMarks"] is True


# --- 9. shortcuts -------------------------------------------------------------------------------------


def test_the_shortcuts_list_and_the_hint_and_pause_keys(app: Studio) -> None:
    start_game(app)
    page = app.page
    dialog = page.locator("#shortcuts-dialog")
    app.cell(EMPTIES[0]).click()
    page.keyboard.press("?")
    expect(dialog).to_have_attribute("open", "")
    listed = page.get_by_role("dialog", name="Keyboard shortcuts")
    for keys, does in (
        ("Ctrl+Z", "Undo"),
        ("Ctrl+Y, Ctrl+Shift+Z", "Redo"),
        ("H", "Hint (press again for more)"),
        ("P", "Pause or resume the timer"),
        ("?", "This list"),
        ("Z X C V", "Tool: digit, corner, centre, colour"),
    ):
        row = listed.get_by_role("row").filter(has_text=does)
        expect(row.get_by_role("cell").first).to_have_text(keys)
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    app.button("Shortcuts…").click()
    expect(dialog).to_have_attribute("open", "")
    check_axe(page, "the Keyboard shortcuts dialog")
    app.button("Close").click()
    expect(dialog).not_to_have_attribute("open", "")

    hint = page.locator("#hint-text")
    app.cell(EMPTIES[0]).click()
    page.keyboard.press("h")
    expect(hint).to_have_attribute("data-level", "1")
    expect(hint).to_be_visible()
    first = hint.text_content()
    page.keyboard.press("h")
    expect(hint).to_have_attribute("data-level", "2")
    assert hint.text_content() != first

    box = page.locator("#timer-box")
    page.keyboard.press("p")
    expect(box).to_have_attribute("data-state", "paused")
    expect(app.board).to_have_attribute("paused", "")
    page.keyboard.press("p")
    expect(box).to_have_attribute("data-state", "running")
    expect(app.board).not_to_have_attribute("paused", "")


# --- 10. the phone layout -------------------------------------------------------------------------------

PHONE = {"width": 390, "height": 844}


def on_screen(studio: Studio) -> None:
    """The board, the tools, the pad and Undo/Check/Hint all lie inside the viewport, unscrolled."""
    assert studio.page.evaluate("() => [scrollX, scrollY]") == [0, 0]
    for name, locator in (
        ("board", studio.board),
        ("tools", studio.page.locator("#tools")),
        ("number pad", studio.page.locator("#numpad")),
        ("Undo", studio.button("Undo")),
        ("Check", studio.button("Check")),
        ("Hint", studio.button("Hint")),
    ):
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        assert box is not None, name
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= PHONE["width"]
            and box["y"] + box["height"] <= PHONE["height"]
        )
        assert inside, f"{name} leaves the {PHONE} viewport: {box}"


def test_a_phone_shows_board_pad_and_game_actions_on_one_screen(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + link_to(PUZZLE), viewport=PHONE)
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    studio.wait_ready()
    on_screen(studio)
    check_axe(studio.page, "a phone (390x844)")
    studio.cell(EMPTIES[0]).click()
    studio.page.keyboard.press(SOLUTION[EMPTIES[0]])
    studio.button("Check").click()
    expect(studio.verdict).to_have_attribute("data-status", "consistent")
    on_screen(studio)

    more = studio.page.get_by_role("button", name="More", exact=True)
    expect(more).to_have_attribute("aria-expanded", "false")
    expect(studio.page.locator("#solve")).to_be_hidden()
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    for name in ("Solve…", "Reveal cell", "Undo to last correct", "Fill candidates"):
        expect(studio.page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(studio.button("Settings…")).to_be_visible()
