"""The Solved moment (#done-dialog): the time, the level (filled in when the background's
grading answers for a puzzle that came without one), the player's best time for the level kept
in this browser with "New best!", the help used, and the next puzzle of the same level in one
press."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import PUZZLE, SOLUTION

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Route

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

BEST_KEY = "sudoku-studio.best-times"
HOURS_99 = 99 * 3600 * 1000
# The player's progress one digit short of the end: r1c1 is left (its digit: SOLUTION[0]).
ONE_SHORT = "".join(
    "." if given != "." or cell == 0 else digit
    for cell, (given, digit) in enumerate(zip(PUZZLE, SOLUTION, strict=True))
)


def link(level: str | None = None) -> str:
    """A share link to PUZZLE one digit short, with a seed and level when given."""
    fragment = f"#puzzle={PUZZLE.replace('.', '0')}&progress={ONE_SHORT.replace('.', '0')}"
    return fragment + (f"&seed=7&symmetry=none&level={level}" if level else "")


def best_times(**levels: int) -> str:
    """An init script that keeps these best times (ms per level) in the browser's storage."""
    record = {
        "v": 1,
        "levels": {lv: {"ms": ms, "at": "2026-01-01T00:00:00.000Z"} for lv, ms in levels.items()},
    }
    return f"localStorage.setItem({BEST_KEY!r}, {json.dumps(json.dumps(record))});"


def finish(studio: Studio) -> Locator:
    """Type the last digit; the Solved dialog, open."""
    studio.cell(0).click()
    studio.page.keyboard.press(SOLUTION[0])
    dialog = studio.page.locator("#done-dialog")
    expect(dialog).to_have_attribute("open", "")
    return dialog


def stat(dialog: Locator, name: str) -> Locator:
    return dialog.locator(f'dd[data-stat="{name}"]')


def stored_best(studio: Studio) -> dict[str, dict[str, object]]:
    text = studio.page.evaluate(f"() => localStorage.getItem({BEST_KEY!r})")
    return dict(json.loads(text)["levels"]) if text else {}


def test_a_new_best_is_said_and_another_puzzle_of_the_level_is_one_press(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + link("hard"), init_script=best_times(hard=HOURS_99, easy=5000))
    expect(studio.board).to_have_attribute("entries", ONE_SHORT)
    dialog = finish(studio)
    expect(dialog.get_by_role("heading", name="Solved!")).to_be_visible()
    expect(stat(dialog, "level")).to_have_text("Hard")
    expect(stat(dialog, "time")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(stat(dialog, "best")).to_contain_text("New best!")
    expect(dialog).to_have_attribute("data-best", "new")
    expect(dialog.locator("#done-summary")).to_contain_text("Hard puzzle solved in")
    expect(dialog.locator("#done-summary")).to_contain_text("without help. Your best was 99:00:00.")
    for name in ("hints", "reveals", "undos"):
        expect(stat(dialog, name)).to_have_text("0")
    best = stored_best(studio)
    assert int(str(best["hard"]["ms"])) < HOURS_99 and best["easy"]["ms"] == 5000
    again = dialog.get_by_role("button", name="Another Hard puzzle")
    expect(again).to_be_focused()  # the primary action: Enter plays on
    studio.page.keyboard.press("Enter")
    expect(dialog).not_to_have_attribute("open", "")
    info = studio.page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-level", "hard")
    expect(info).to_have_attribute("data-source", "pool")
    assert studio.givens() != PUZZLE


def test_a_slower_solve_shows_the_best_without_a_badge(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    # the level the engine finds here (a link's level is only its claim)
    studio = fresh(site_server + link("hard"), init_script=best_times(hard=1))  # 1 ms
    dialog = finish(studio)
    expect(dialog).to_have_attribute("data-best", "kept")
    expect(stat(dialog, "best")).to_have_text("0:00")
    expect(dialog.locator(".done-badge")).to_have_count(0)
    assert stored_best(studio)["hard"]["ms"] == 1
    dialog.get_by_role("button", name="Close", exact=True).click()
    expect(dialog).not_to_have_attribute("open", "")


def test_a_level_claimed_by_a_link_is_not_the_one_the_best_time_counts_for(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The link says Medium; the engine here grades the puzzle Hard: Hard's best is set."""
    studio = fresh(site_server + link("medium"), init_script=best_times(medium=HOURS_99))
    dialog = finish(studio)
    expect(dialog).to_have_attribute("data-level", "hard")
    expect(stat(dialog, "level")).to_have_text("Hard")
    best = stored_best(studio)
    assert best["medium"]["ms"] == HOURS_99 and "hard" in best, best


def test_a_puzzle_without_a_level_says_grading_then_shows_it(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """A bare link (no level), solved while the engine is still starting: "grading…", then the
    level and the best time once the background has graded it."""
    studio = fresh(site_server, wait=False)
    held: list[Route] = []

    def hold(route: Route) -> None:  # Playwright wants a Python function, not list.append
        held.append(route)

    studio.page.context.route("**/pyodide/pyodide.asm.wasm", hold)
    studio.page.goto(site_server + link())
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    dialog = finish(studio)
    expect(stat(dialog, "level")).to_have_text("grading…")
    expect(dialog).to_have_attribute("data-level", "grading")
    expect(dialog.get_by_role("button", name=re.compile("^Another"))).to_be_hidden()
    expect(dialog.get_by_role("button", name="New puzzle…")).to_be_focused()
    assert held, "the engine's start was held"
    studio.page.context.route("**/pyodide/pyodide.asm.wasm", lambda route: route.continue_())
    for route in held:
        route.continue_()
    studio.wait_ready()
    expect(dialog).not_to_have_attribute("data-level", "grading", timeout=60_000)
    level = str(dialog.get_attribute("data-level"))
    assert level in {"easy", "medium", "hard", "unfair", "extreme"}, level
    expect(stat(dialog, "level")).to_have_text(level.capitalize())
    expect(stat(dialog, "best")).to_contain_text("New best!")
    assert level in stored_best(studio)
    # the level is the puzzle's from now on: above the board and in Recent games
    expect(studio.page.locator("#puzzle-info")).to_have_attribute("data-level", level)
    expect(
        dialog.get_by_role("button", name=f"Another {level.capitalize()} puzzle")
    ).to_be_visible()


@pytest.mark.parametrize("hinted", [False, True], ids=["alone", "with-a-hint"])
@pytest.mark.parametrize(
    "size",
    [{"width": 390, "height": 844}, {"width": 844, "height": 390}],
    ids=["phone", "landscape"],
)
def test_on_a_phone_every_button_of_the_solved_moment_is_in_view(
    fresh: Callable[..., Studio], site_server: str, size: dict[str, int], hinted: bool
) -> None:
    """Also with a hint taken: the help counted and the note that such a solve is no best time
    are two more lines."""
    studio = fresh(site_server + link("hard"), viewport=size)
    expect(studio.board).to_have_attribute("entries", ONE_SHORT)
    studio.wait_ready()  # the link's level checked: "Another Hard puzzle" is offered too
    if hinted:
        studio.page.keyboard.press("h")
        expect(studio.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    dialog = finish(studio)
    if hinted:
        expect(dialog.locator("#done-note")).to_contain_text("do not count")
    expect(dialog.locator("#done-again")).to_be_visible()
    dialog.evaluate("(d) => Promise.all(d.getAnimations({subtree: true}).map((a) => a.finished))")
    overflow = dialog.evaluate("(d) => d.scrollWidth - d.clientWidth")
    assert overflow <= 0, f"the dialog scrolls sideways by {overflow}px"
    box = dialog.bounding_box()
    assert box is not None
    for button in dialog.get_by_role("button").all():
        inner = button.bounding_box()
        name = button.inner_text()
        assert inner is not None, name
        left, right = inner["x"], inner["x"] + inner["width"]
        assert box["x"] <= left and right <= box["x"] + box["width"], name
        assert inner["y"] + inner["height"] <= size["height"], f"{name!r} is below the window"
        fits = button.evaluate("(b) => b.scrollWidth <= b.clientWidth")
        assert fits, f"{name!r} is cut off"
