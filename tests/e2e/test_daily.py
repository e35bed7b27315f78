"""The daily puzzle (web/puzzles/daily-view.js): the same puzzle for every visitor on a day, made
from the day's seed in each visitor's own worker; a daily game is a saved game that the day's
button brings back, marked solved once solved."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import solution_of

if TYPE_CHECKING:
    from e2e.conftest import Studio

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
