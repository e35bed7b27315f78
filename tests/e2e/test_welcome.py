"""A first visit plays: the welcome over the empty board offers a graded puzzle by level, and one
click on a level puts one on the board in Play mode; a returning player goes straight back to
their game instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe
from e2e.play_helpers import candidates, reload, saved

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def test_a_first_visit_reaches_a_graded_puzzle_in_play_in_one_click(
    fresh: Callable[..., Studio], site_server: str, viewport: dict[str, int]
) -> None:
    studio = fresh(site_server, keep_welcome=True, viewport=viewport)
    page = studio.page
    welcome = page.get_by_role("region", name="Play a puzzle")
    expect(welcome).to_be_visible()
    for level in LEVELS:
        expect(welcome.get_by_role("button", name=level, exact=True)).to_be_visible()
    check_axe(page, "the welcome")
    welcome.get_by_role("button", name="Hard", exact=True).click()  # the one click
    expect(welcome).to_be_hidden()
    expect(studio.board).not_to_have_attribute("givens", "." * 81)
    expect(page.get_by_role("radio", name="Play", exact=True)).to_be_checked()
    info = page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-level", "hard")  # graded: it came from the pool
    expect(info).to_contain_text("Hard")
    expect(page.locator("#timer-box")).to_have_attribute("data-state", "running")
    # the grid has the keyboard: play starts at once
    givens = studio.givens()
    first_empty = givens.index(".")
    digit = candidates(givens, first_empty)[0]  # one the rules allow (no conflict to name)
    studio.cell(first_empty).click()
    page.keyboard.press(digit)
    expect(studio.cell(first_empty)).to_have_accessible_name(
        f"Row {first_empty // 9 + 1}, column {first_empty % 9 + 1}, {digit}"
    )
    # a returning player goes straight back to the game: no welcome
    saved(studio)
    reload(studio)
    expect(welcome).to_be_hidden()
    expect(info).to_have_attribute("data-level", "hard")


def test_the_welcome_gives_way_to_an_empty_grid_or_to_entering_a_puzzle(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server, keep_welcome=True)
    page = studio.page
    welcome = page.get_by_role("region", name="Play a puzzle")
    expect(welcome).to_be_visible()
    page.keyboard.press("Escape")  # just the grid
    expect(welcome).to_be_hidden()
    expect(page.locator("#board [role=gridcell]:focus")).to_have_count(1)

    other = fresh(site_server, keep_welcome=True)
    other.page.get_by_role("button", name="Enter a puzzle", exact=True).click()
    expect(other.page.get_by_role("region", name="Play a puzzle")).to_be_hidden()
    expect(other.page.get_by_role("radio", name="Create", exact=True)).to_be_checked()
    expect(other.page.locator("#create-bar")).to_be_visible()


def test_a_link_opens_its_puzzle_without_the_welcome(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    puzzle = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
    studio = fresh(site_server + "#puzzle=" + puzzle.replace(".", "0"), keep_welcome=True)
    expect(studio.page.locator("#welcome")).to_be_hidden()
    expect(studio.board).to_have_attribute("givens", puzzle)


@pytest.mark.parametrize(
    ("width", "height", "touch"),
    [(1280, 800, False), (390, 844, True), (360, 740, True), (844, 390, True)],
    ids=["desktop-1280x800", "phone-390x844", "phone-360x740", "phone-landscape-844x390"],
)
def test_the_welcome_fits_on_the_board_at_every_size(
    fresh: Callable[..., Studio], site_server: str, width: int, height: int, touch: bool
) -> None:
    """The card lies within the board's box (never over the top bar or the pad), whole, with no
    need to scroll it at these sizes; the keyboard's line is said only where there are keys."""
    studio = fresh(
        site_server,
        keep_welcome=True,
        viewport={"width": width, "height": height},
        is_mobile=touch,
        has_touch=touch,
    )
    page = studio.page
    card = page.locator("#welcome .welcome-card")
    expect(card).to_be_visible()
    card_box, board_box = card.bounding_box(), studio.board.bounding_box()
    assert card_box is not None and board_box is not None
    assert card_box["y"] >= board_box["y"] - 0.5, (card_box, board_box)
    assert card_box["x"] >= board_box["x"] - 0.5, (card_box, board_box)
    assert card_box["y"] + card_box["height"] <= board_box["y"] + board_box["height"] + 0.5
    assert card_box["x"] + card_box["width"] <= board_box["x"] + board_box["width"] + 0.5
    scroll, client = card.evaluate("(card) => [card.scrollHeight, card.clientHeight]")
    assert scroll <= client + 1, f"the card scrolls at {width}x{height}: {scroll} > {client}"
    for name in ("Play a puzzle", "Extreme", "Paste or open a file…"):
        expect(card.get_by_text(name, exact=True)).to_be_in_viewport(ratio=1)
    hint = page.locator(".welcome-hint")
    expect(hint).to_have_text("Esc, or a cell of the grid: type in a puzzle of your own.")
    if touch:
        expect(hint).to_be_hidden()
    else:
        expect(hint).to_be_in_viewport(ratio=1)
