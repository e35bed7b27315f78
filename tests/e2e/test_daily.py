"""The daily puzzle (web/puzzles/daily-view.js): the same puzzle for every visitor on a day, made
from the day's seed in each visitor's own worker; a daily game is a saved game that the day's
button brings back, marked solved once solved. A plain link or <iframe> asks for one with
`?daily=…` (checked as an embed's data-sudoku-daily), and the section copies such a link."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import link_to, saved, solution_of

if TYPE_CHECKING:
    from e2e.conftest import ServeFactory, Studio

pytestmark = pytest.mark.e2e

# the Hard puzzle of 2026-11-26 (seed 1_000_001_647, pinned in tests/test_daily.py)
HARD_OF_THE_DAY = (
    ".3..8..579....3.......2...8..6..78.44.....2..5......616.357.........2...82..49..."
)
# a day's puzzle is made in the worker (a graded generation: seconds on a loaded machine)
MADE_MS = 30_000
A_MORNING = datetime(2026, 11, 26, 9, 30)  # the browser's local time: its calendar day is the 26th


def open_on_the_day(fresh: Callable[..., Studio], url: str) -> Studio:
    """A new visitor (a new context: its own storage) whose clock says A_MORNING."""
    studio = fresh(url, wait=False)
    studio.page.clock.set_fixed_time(A_MORNING)
    studio.page.goto(url)
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    studio.dismiss_welcome()
    studio.wait_ready()
    studio.show_panel("Games")
    return studio


def test_two_visitors_get_the_same_daily_puzzle_and_it_comes_back_solved(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    first = open_on_the_day(fresh, site_server)
    expect(first.page.locator("#daily-day option:checked")).to_have_text("Today, Thu 26 Nov 2026")
    hard = first.page.locator('#daily-levels button[data-daily-level="hard"]')
    hard.click()
    expect(first.verdict).to_contain_text("Hard daily puzzle of Thu 26 Nov 2026", timeout=MADE_MS)
    assert first.givens() == HARD_OF_THE_DAY

    second = open_on_the_day(fresh, site_server)
    second.page.locator('#daily-levels button[data-daily-level="hard"]').click()
    expect(second.verdict).to_contain_text("Hard daily puzzle of Thu 26 Nov 2026", timeout=MADE_MS)
    assert second.givens() == HARD_OF_THE_DAY

    # solved by the player, then marked; another puzzle, then the day's button brings the saved game back
    solution = solution_of(HARD_OF_THE_DAY)
    for cell, given in enumerate(HARD_OF_THE_DAY):
        if given == ".":
            first.cell(cell).click()
            first.page.keyboard.press(solution[cell])
    done = first.page.locator("#done-dialog")
    expect(done).to_have_attribute("open", "")
    first.page.keyboard.press("Escape")
    expect(hard).to_have_attribute("data-state", "solved")
    expect(hard).to_have_accessible_name("Daily Hard, solved")
    expect(hard).to_have_attribute("title", "Solved")  # the mark's meaning, as a tooltip
    expect(first.page.locator("#daily-day option:checked")).to_contain_text("1 of 5 solved")
    first.page.locator('#daily-levels button[data-daily-level="easy"]').click()
    expect(first.verdict).to_contain_text("Easy daily puzzle", timeout=MADE_MS)
    assert first.givens() != HARD_OF_THE_DAY
    medium = first.page.locator('#daily-levels button[data-daily-level="medium"]')
    medium.click()
    expect(first.verdict).to_contain_text("Medium daily puzzle", timeout=MADE_MS)
    expect(medium).to_have_attribute("data-state", "started")  # at once, its first save or not
    # a level's mark keeps its name on one line, its button as tall as one without a mark
    sizes = first.page.locator("#daily-levels button").evaluate_all(
        "(buttons) => buttons.map((b) => [b.getBoundingClientRect().height, b.scrollWidth - b.clientWidth])"
    )
    heights = [height for height, _ in sizes]
    assert max(heights) - min(heights) < 1, sizes
    assert all(overflow <= 0 for _, overflow in sizes), sizes
    hard.click()
    expect(first.board).to_have_attribute("givens", HARD_OF_THE_DAY)
    assert "." not in first.grid()

    # a past day of the calendar: its own puzzle
    first.page.locator("#daily-day").select_option("2026-11-01")
    first.page.locator('#daily-levels button[data-daily-level="easy"]').click()
    expect(first.board).to_have_attribute(
        "givens",
        "5..64.2......123....4...97........61..7..68.5..8.5....4.1....9....4......9.18....",
        timeout=MADE_MS,
    )


# the Easy puzzle of 2026-11-01 (the calendar's, above)
EASY_OF_NOV_1 = "5..64.2......123....4...97........61..7..68.5..8.5....4.1....9....4......9.18...."
EMPTY = "." * 81


def test_a_link_asks_for_a_daily_puzzle_and_the_daily_puzzle_copies_its_link(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    first = open_on_the_day(fresh, site_server + "?daily=hard")
    expect(first.board).to_have_attribute("givens", HARD_OF_THE_DAY, timeout=MADE_MS)
    expect(first.verdict).to_contain_text("Hard daily puzzle of Thu 26 Nov 2026")
    expect(first.verdict).to_contain_text("the same for everyone today.")
    expect(first.page.locator("#welcome")).to_be_hidden()
    saved(first)
    assert "daily" not in first.page.url  # done: a reload shows the tab's game from now on

    # the Daily puzzle offers the link to the day's puzzle of the board's level, the day named
    first.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = first.page.get_by_role("button", name="Copy link to today's Hard puzzle")
    copy.click()
    expect(first.page.locator("#status")).to_contain_text(
        "Copied the link to today's Hard puzzle: whoever opens it plays the same puzzle."
    )
    link = first.page.evaluate("() => navigator.clipboard.readText()")
    assert link == site_server + "?daily=2026-11-26:hard"
    # shown under the button too (on a phone the status line is out of sight there)
    expect(first.page.locator("#daily-link-line")).to_have_text(f"Copied: {link}")
    first.page.locator("#daily-day").select_option("2026-11-01")
    expect(first.page.locator("#daily-copy")).to_have_text(
        "Copy link to the Hard puzzle of Sun 1 Nov 2026"
    )
    expect(first.page.locator("#daily-link-line")).to_be_hidden()  # it was today's

    # another visitor opens the link: the same puzzle; a day's link gives that day's
    second = open_on_the_day(fresh, link)
    expect(second.board).to_have_attribute("givens", HARD_OF_THE_DAY, timeout=MADE_MS)
    third = open_on_the_day(fresh, site_server + "?daily=2026-11-01:Easy")
    expect(third.board).to_have_attribute("givens", EASY_OF_NOV_1, timeout=MADE_MS)
    # a past day's game is that day's, not today's: the calendar shows its day
    expect(third.verdict).to_contain_text("Easy daily puzzle of Sun 1 Nov 2026 (score")
    expect(third.verdict).to_contain_text("everyone's puzzle of that day.")
    expect(third.page.locator("#daily-day")).to_have_value("2026-11-01")
    expect(third.page.locator("#daily-copy")).to_have_text(
        "Copy link to the Easy puzzle of Sun 1 Nov 2026"
    )


def test_a_link_naming_no_daily_puzzle_says_why_and_shows_no_other(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The player's own game is saved; a link with a bad daily name gives no other puzzle in the
    daily's place: it says what is wrong, over the player's own game, which is left as it was."""
    studio = fresh(site_server + link_to(HARD_OF_THE_DAY), wait=False)
    studio.page.clock.set_fixed_time(A_MORNING)
    studio.page.goto(site_server + link_to(HARD_OF_THE_DAY))
    expect(studio.board).to_have_attribute("givens", HARD_OF_THE_DAY)
    studio.mode("Play")
    studio.cell(0).click()
    studio.page.keyboard.press("1")
    saved(studio)
    status = studio.page.locator("#status")
    for value, reason in (
        (
            "nightmare",
            "“nightmare” is not a level; the levels are easy, medium, hard, unfair, extreme.",
        ),
        (
            "2026-11-28:hard",
            "the daily puzzle of 2026-11-28 is not out yet (today is 2026-11-26 here).",
        ),
    ):
        studio.page.goto(site_server + "?daily=" + value)
        expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
        expect(status).to_have_text(
            "This address asks for a daily puzzle the studio cannot give: " + reason
        )
        expect(status).to_have_attribute("data-tone", "error")
        expect(studio.board).to_have_attribute("givens", HARD_OF_THE_DAY)
        expect(studio.board).to_have_attribute("entries", "1" + "." * 80)
        expect(studio.page.locator("#welcome")).to_be_hidden()
        assert "daily=" in studio.page.url  # kept: it is what the address asked


def test_a_plain_iframe_shows_the_daily_puzzle_its_address_names(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    """No embed.js, no host: `<iframe src="?embed&daily=…">` alone, as docs/embed.md shows."""
    (site_copy / "framing.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>framing</title>"
        "<link rel='icon' href='icon.svg'></head><body>"
        "<iframe title='hard' src='./?embed&daily=hard' width='420' height='640'></iframe>"
        "<iframe title='bad' src='./?embed&daily=2026-11-26:harder' width='420' height='640'></iframe>"
        "</body></html>"
    )
    url = serve_site(site=site_copy) + "framing.html"
    studio = fresh(url, wait=False)
    studio.page.clock.set_fixed_time(A_MORNING)
    studio.page.goto(url)
    hard = studio.page.frame_locator("iframe[title='hard']")
    expect(hard.locator("#board")).to_have_attribute("givens", HARD_OF_THE_DAY, timeout=MADE_MS)
    bad = studio.page.frame_locator("iframe[title='bad']")
    expect(bad.locator("#status")).to_contain_text("“harder” is not a level")
    expect(bad.locator("#board")).to_have_attribute("givens", EMPTY)
