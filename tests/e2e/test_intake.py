"""Every puzzle that comes in goes through one check (web/puzzles/intake-view.js): the Paste
dialog, Open file…, a share link in the address, Ctrl+V on the board, this page's own share URL
pasted. Each says what it found, naming what is wrong, and none starts a timed game for a
puzzle that is not unique: it is refused (no givens) or opened in Create mode."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Route, expect

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

    from e2e.conftest import Counted, Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
EMPTY = "." * 81
# 5 in r1c1 and r1c8: the same row, other columns and boxes (so only the row clashes)
TWO_FIVES = "5" + PUZZLE[1:7] + "5" + PUZZLE[8:]
UNSOLVABLE = PUZZLE[:-1] + "1"  # follows the rules, cannot be completed


def line(grid: str) -> str:
    return grid.replace(".", "0")


def link_to(url: str, puzzle: str, progress: str | None = None) -> str:
    fragment = f"#puzzle={line(puzzle)}" + (f"&progress={line(progress)}" if progress else "")
    return url + fragment


def several(counted: list[Counted]) -> Counted:
    """A puzzle of counted.txt with several solutions and at least 17 givens."""
    return next(c for c in counted if c.count > 1 and 81 - c.puzzle.count(".") >= 17)


def status(studio: Studio) -> str:
    return str(studio.page.locator("#status").text_content())


def not_timed(studio: Studio) -> None:
    """No timed game: the clock is stopped."""
    expect(studio.page.locator("#timer-box")).to_have_attribute("data-state", "stopped")


def in_create_mode(studio: Studio, verdict: str) -> None:
    """Opened in Create mode, not timed, the live verdict of that status."""
    expect(studio.page.locator("body")).to_have_attribute("data-mode", "enter")
    expect(studio.page.locator("#create-verdict")).to_have_attribute("data-status", verdict)
    not_timed(studio)


# --- the Paste dialog ---------------------------------------------------------------------------


def test_paste_an_empty_grid_is_refused_and_nothing_changes(app: Studio) -> None:
    app.type_grid(PUZZLE[:9])  # something on the board that must stay
    app.paste(line(EMPTY))
    error = app.page.locator("#import-error")
    expect(error).to_have_text("The puzzle is empty: no givens.")
    expect(app.page.locator("#import-dialog")).to_have_attribute("open", "")
    app.page.keyboard.press("Escape")
    assert app.givens() == PUZZLE[:9] + "." * 72
    not_timed(app)


def test_paste_two_fives_in_a_row_opens_create_mode_with_the_clash_named(app: Studio) -> None:
    app.paste(TWO_FIVES)
    expect(app.page.locator("#import-dialog")).not_to_have_attribute("open", "")
    assert app.givens() == TWO_FIVES
    in_create_mode(app, "invalid")
    message = app.page.locator("#status")
    expect(message).to_contain_text("Digit 5 appears twice in row 1 (r1c1, r1c8)")
    expect(message).to_have_attribute("data-tone", "error")
    expect(app.page.locator("#create-verdict")).to_have_text(
        "Digit 5 appears twice in row 1 (r1c1, r1c8)."
    )
    assert app.conflict_cells() == [0, 7]  # the board's conflict highlighting


def test_paste_a_grid_with_no_solution(app: Studio) -> None:
    app.paste(UNSOLVABLE)
    in_create_mode(app, "no_solution")
    expect(app.page.locator("#status")).to_contain_text(
        "No solution: the givens follow the rules but cannot be completed."
    )
    expect(app.page.locator("#create-anyway")).to_be_visible()


def test_paste_a_solved_grid_is_already_solved(app: Studio) -> None:
    app.paste(SOLUTION)
    in_create_mode(app, "solved")
    expect(app.page.locator("#status")).to_contain_text("already solved: nothing to play")
    expect(app.page.locator("#create-play")).to_be_disabled()
    expect(app.page.locator("#create-anyway")).to_be_hidden()


def test_paste_a_puzzle_with_several_solutions_flags_where_two_differ(
    app: Studio, counted: list[Counted]
) -> None:
    puzzle = several(counted).puzzle
    app.paste(puzzle)
    in_create_mode(app, "multiple")
    expect(app.page.locator("#status")).to_contain_text("Several solutions: two of them differ in")
    expect(app.board.locator("[data-flagged]").first).to_be_attached()
    cells = app.flagged()
    assert len(cells) >= 2 and all(puzzle[c] == "." for c in cells)
    for c in cells[:3]:
        expect(app.page.locator("#status")).to_contain_text(f"r{c // 9 + 1}c{c % 9 + 1}")
    # Play anyway is the explicit way into a timed game
    app.page.locator("#create-anyway").click()
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")


def test_paste_too_few_givens_says_it_cannot_be_unique(app: Studio) -> None:
    app.paste("123456789" + "0" * 72)
    in_create_mode(app, "multiple")  # still checked: the engine says which
    message = app.page.locator("#status")
    expect(message).to_contain_text("Several solutions")
    expect(message).to_contain_text(
        "With 9 givens it cannot be unique: a unique puzzle needs at least 17."
    )


def test_paste_a_unique_puzzle_plays_it(app: Studio) -> None:
    app.paste(PUZZLE)
    expect(app.page.locator("#status")).to_have_text("Imported a puzzle with 27 givens.")
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")


def test_this_pages_share_url_pasted_is_read_as_its_link(app: Studio) -> None:
    progress = "5" + "." * 80
    app.paste(link_to(app.url, PUZZLE, progress))
    expect(app.page.locator("#import-dialog")).not_to_have_attribute("open", "")
    assert app.givens() == PUZZLE
    assert app.entries() == progress
    expect(app.page.locator("#status")).to_have_text("Opened the puzzle from the link.")
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")


def test_another_sites_url_is_not_read_as_a_puzzle(app: Studio) -> None:
    app.type_grid(PUZZLE[:9])
    app.paste("https://sudoku.example.org/play?puzzle=" + line(PUZZLE))
    error = app.page.locator("#import-error")
    expect(error).to_contain_text("sudoku.example.org, not a puzzle link the studio reads")
    app.page.keyboard.press("Escape")
    assert app.givens() == PUZZLE[:9] + "." * 72


def test_open_file_with_a_broken_puzzle(app: Studio, tmp_path: Path) -> None:
    page = app.page
    broken = tmp_path / "broken.sdk"
    broken.write_text("\n".join(TWO_FIVES[r * 9 : r * 9 + 9] for r in range(9)) + "\n")
    app.open_file(broken)
    message = page.locator("#status")
    expect(message).to_contain_text("Opened broken.sdk: a puzzle with 29 givens.")
    expect(message).to_contain_text("Digit 5 appears twice in row 1 (r1c1, r1c8)")
    in_create_mode(app, "invalid")
    empty = tmp_path / "empty.txt"
    empty.write_text(line(EMPTY) + "\n")
    app.open_file(empty)
    expect(message).to_have_text(
        "empty.txt was not opened. The puzzle is empty: no givens. Your game is as it was."
    )
    assert app.givens() == TWO_FIVES


# --- Ctrl+V ------------------------------------------------------------------------------------


def clipboard(studio: Studio, text: str) -> None:
    studio.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    studio.page.evaluate("(text) => navigator.clipboard.writeText(text)", text)


def test_ctrl_v_on_the_board_opens_the_puzzle(app: Studio) -> None:
    clipboard(app, PUZZLE)
    app.cell(40).click()
    app.page.keyboard.press("ControlOrMeta+V")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    expect(app.page.locator("#status")).to_have_text("Pasted a puzzle with 27 givens.")
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")


def test_ctrl_v_of_a_broken_puzzle_and_of_a_share_url(app: Studio) -> None:
    clipboard(app, TWO_FIVES)
    app.cell(0).click()
    app.page.keyboard.press("ControlOrMeta+V")
    expect(app.board).to_have_attribute("givens", TWO_FIVES)
    in_create_mode(app, "invalid")
    expect(app.page.locator("#status")).to_contain_text(
        "Digit 5 appears twice in row 1 (r1c1, r1c8)"
    )
    clipboard(app, link_to(app.url, PUZZLE, "." + "1" + "." * 79))
    app.cell(0).click()
    app.page.keyboard.press("ControlOrMeta+V")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    assert app.entries() == "." + "1" + "." * 79
    expect(app.page.locator("#status")).to_have_text("Opened the puzzle from the link.")


def test_ctrl_v_in_a_text_field_is_the_fields(app: Studio) -> None:
    app.type_grid(PUZZLE[:9])
    clipboard(app, "25")
    field = app.page.locator("#count-limit")
    app.reveal(field)
    field.fill("")
    field.focus()
    app.page.keyboard.press("ControlOrMeta+V")
    expect(field).to_have_value("25")
    assert app.givens() == PUZZLE[:9] + "." * 72


# --- a setter's draft: pasted or opened in Create mode ------------------------------------------


def test_ctrl_v_in_create_mode_keeps_a_setters_draft_in_create_mode(app: Studio) -> None:
    """A game with a level and a running clock; the setter turns to Create, then pastes a draft:
    it opens in Create mode as givens to edit, untimed, with neither that game's level nor its
    clock in the top bar, and the game before can be brought back."""
    app.show_panel("Games")
    app.page.locator("#panel-games button[data-level=easy]").click()
    info = app.page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-level", "easy")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")
    before = app.givens()
    app.page.get_by_role("radio", name="Create", exact=True).click()
    expect(app.page.locator("body")).to_have_attribute("data-mode", "enter")
    clipboard(app, PUZZLE)
    app.cell(40).click()
    app.page.keyboard.press("ControlOrMeta+V")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    expect(app.page.locator("#status")).to_have_text(
        "Pasted into Create mode: a puzzle with 27 givens."
    )
    in_create_mode(app, "unique")  # its live verdict, in the Create bar
    expect(info).to_be_hidden()
    expect(app.page.locator("#timer")).to_have_text("0:00")
    expect(app.page.locator("#undo-line")).to_contain_text("The game before is in Recent games.")
    app.page.locator("#undo").click()  # work is never lost
    expect(app.board).to_have_attribute("givens", before)
    expect(info).to_have_attribute("data-level", "easy")


def test_paste_and_open_file_in_create_mode_open_drafts(app: Studio, tmp_path: Path) -> None:
    """Givens typed in Create mode, then Paste puzzle… and Open file…: each opens in Create mode
    and says so. (Create mode no one chose, as on the empty board the page starts with, plays a
    unique puzzle pasted: test_ctrl_v_on_the_board_opens_the_puzzle.)"""
    app.type_grid(PUZZLE[:9])
    app.paste(PUZZLE)
    expect(app.page.locator("#status")).to_have_text(
        "Imported into Create mode: a puzzle with 27 givens."
    )
    in_create_mode(app, "unique")
    draft = tmp_path / "draft.txt"
    draft.write_text(UNSOLVABLE + "\n")
    app.open_file(draft)
    expect(app.board).to_have_attribute("givens", UNSOLVABLE)
    expect(app.page.locator("#status")).to_have_text(
        "Opened draft.txt in Create mode: a puzzle with 28 givens."
    )
    in_create_mode(app, "no_solution")


# --- share links in the address ---------------------------------------------------------------


def test_a_link_with_a_broken_puzzle_opens_in_create_mode(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(link_to(site_server, TWO_FIVES))
    expect(studio.board).to_have_attribute("givens", TWO_FIVES)
    in_create_mode(studio, "invalid")
    expect(studio.page.locator("#status")).to_contain_text(
        "Opened the puzzle from the link. Digit 5 appears twice in row 1 (r1c1, r1c8)"
    )


def test_a_link_with_an_empty_puzzle_is_not_opened(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(link_to(site_server, EMPTY), keep_welcome=True)
    expect(studio.page.locator("#status")).to_have_text(
        "The link was not opened. The puzzle is empty: no givens. Your game is as it was."
    )
    assert studio.givens() == EMPTY
    not_timed(studio)


def test_a_link_with_several_solutions_waits_for_play_anyway(
    fresh: Callable[..., Studio], site_server: str, counted: list[Counted]
) -> None:
    puzzle = several(counted).puzzle
    studio = fresh(link_to(site_server, puzzle))
    studio.wait_ready()
    in_create_mode(studio, "multiple")
    expect(studio.page.locator("#status")).to_contain_text("Several solutions")
    expect(studio.page.locator("#create-anyway")).to_be_visible()


def test_a_link_opened_while_the_engine_starts_is_not_timed_until_checked(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The board shows the linked puzzle at once, in Play mode, with its clock held and
    "Checking the puzzle…" said; the clock runs once the engine has found it unique."""
    studio = fresh(site_server, wait=False)
    stalled: list[Route] = []

    def hold(route: Route) -> None:  # Playwright wants a Python function, not list.append
        stalled.append(route)

    studio.page.context.route("**/pyodide/pyodide.asm.wasm", hold)
    studio.page.goto(link_to(site_server, PUZZLE))
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    expect(studio.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(studio.page.locator("#status")).to_have_text(
        "Opened the puzzle from the link. Checking the puzzle…"
    )
    expect(studio.engine).to_have_attribute("data-state", "starting")
    not_timed(studio)
    # the worker asks for the runtime once its lists are read, which on a loaded machine can be
    # after the board is up: wait for the request held (route handlers run while Playwright waits)
    for _ in range(300):
        if stalled:
            break
        studio.page.wait_for_timeout(100)
    assert stalled, "the runtime's download was not held"
    not_timed(studio)  # held: the engine cannot be ready, and the clock still waits
    for route in stalled:
        route.continue_()
    studio.page.context.unroute("**/pyodide/pyodide.asm.wasm")
    studio.wait_ready()
    expect(studio.page.locator("#status")).to_have_text("Opened the puzzle from the link.")
    expect(studio.page.locator("#timer-box")).to_have_attribute("data-state", "running")


@pytest.mark.allow_console_errors  # the 404 is the point
def test_a_link_is_played_with_a_warning_when_the_engine_cannot_start(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server, wait=False)
    studio.page.context.route(
        "**/pyodide/sudoku_core-*.whl", lambda route: route.fulfill(status=404, body="not found")
    )
    studio.page.goto(link_to(site_server, PUZZLE))
    expect(studio.engine).to_have_attribute("data-state", "failed", timeout=60_000)
    message = studio.page.locator("#status")
    expect(message).to_contain_text("It was not checked (the engine is not available)")
    expect(message).to_have_attribute("data-tone", "warning")
    expect(studio.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(studio.page.locator("#timer-box")).to_have_attribute("data-state", "running")


# --- the same puzzle again ----------------------------------------------------------------------


def test_the_same_puzzle_reopens_its_game(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server)
    studio.wait_ready()
    studio.paste(PUZZLE)
    studio.cell(0).click()
    studio.page.keyboard.press("5")
    studio.paste(SOLUTION[:40] + "." * 41)  # another puzzle in between
    expect(studio.board).not_to_have_attribute("givens", PUZZLE)
    studio.paste(line(PUZZLE))
    expect(studio.page.locator("#status")).to_have_text(
        "You have played this puzzle before: your game is back."
    )
    expect(studio.board).to_have_attribute("entries", re.compile("^5"))
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")
    expect(studio.page.locator("#recent-list")).to_have_attribute("data-count", "2")
    # a link with someone else's progress is a new game; the player's own is kept
    studio.page.goto(link_to(site_server, PUZZLE, "." + "1" + "." * 79))
    expect(studio.board).to_have_attribute("entries", "." + "1" + "." * 79)
    expect(studio.page.locator("#status")).to_have_text("Opened the puzzle from the link.")
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")
    expect(studio.page.locator("#recent-list")).to_have_attribute("data-count", "3")


# --- what came of it, in view ----------------------------------------------------------------

IN_SHEETS_VIEW = """(status) => {
  const sheet = status.closest(".sheet").getBoundingClientRect();
  const line = status.getBoundingClientRect();
  return line.height > 0 && line.top >= sheet.top - 0.5 && line.bottom <= sheet.bottom + 0.5;
}"""


@pytest.mark.parametrize("how", ["paste", "ctrl-v", "file"])
@pytest.mark.parametrize(
    "size",
    [{"width": 390, "height": 844}, {"width": 844, "height": 390}],
    ids=["phone", "sideways"],
)
def test_what_a_paste_or_a_file_brought_is_said_in_view_on_a_phone(
    fresh: Callable[..., Studio], site_server: str, tmp_path: Path, how: str, size: ViewportSize
) -> None:
    """Pasted or opened from the Games panel, low in a phone's short sheet: the status line that
    says what came ("This text holds 2 puzzles; …") is scrolled into the sheet's view."""
    studio = fresh(site_server, viewport=size)
    studio.wait_ready()
    studio.dismiss_welcome()
    studio.show_panel("Games")
    sheet = studio.page.locator("#sheet")
    sheet.evaluate("(sheet) => { sheet.scrollTop = sheet.scrollHeight; }")
    status_line = studio.page.locator("#status")
    assert not status_line.evaluate(IN_SHEETS_VIEW)  # the premise: said out of view before
    two = f"{PUZZLE}\n{SOLUTION[:40]}{'.' * 41}\n"
    if how == "paste":
        studio.paste(two)
    elif how == "ctrl-v":
        clipboard(studio, two)
        studio.page.keyboard.press("ControlOrMeta+V")  # the Games tab has the focus
    else:
        (tmp_path / "two.txt").write_text(two)
        studio.open_file(tmp_path / "two.txt")
    expect(status_line).to_contain_text("holds 2 puzzles; the first was opened")
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    assert status_line.evaluate(IN_SHEETS_VIEW)


def test_a_draft_graded_in_create_mode_is_played_with_its_level(app: Studio) -> None:
    """The level Create mode found is the game's from its first move: the top bar and Recent
    games name it (it is not graded a second time)."""
    app.type_grid(PUZZLE[:9])
    app.paste(PUZZLE)
    in_create_mode(app, "unique")
    expect(app.page.locator("#create-verdict")).to_contain_text("Level: Hard")
    app.mode("Play")
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.page.locator("#puzzle-info")).to_have_attribute("data-level", "hard")
    expect(app.page.locator("#puzzle-info")).to_contain_text("Hard")
