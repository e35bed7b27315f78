"""Booklet… (web/puzzles/booklet-view.js): 12 puzzles, 4 a page, made in the worker, printed as 3
pages of puzzles and 2 of answers, each puzzle and answer on them with its short link; the same
puzzles and links as the library's booklet from the same seed. A printed short link opens its
puzzle, its level and seed claimed until this device has checked them; a bad one says why."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from sudoku_core._slices import run_to_end
from sudoku_core.booklet import iter_booklet, read_levels
from sudoku_core.formats import format_line

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

NO_PRINT_DIALOG = "window.print = () => { window.printed = (window.printed || 0) + 1; };"
"""The print dialog would wait for a person: the test counts the calls instead."""


def open_booklet_dialog(fresh: Callable[..., Studio], site_server: str) -> tuple[Studio, Locator]:
    """A page whose print dialog is counted, with Booklet… open."""
    app = fresh(site_server, init_script=NO_PRINT_DIALOG)
    app.wait_ready()
    app.button("Booklet…").click()
    dialog = app.page.locator("#booklet-dialog")
    expect(dialog).to_be_visible()
    return app, dialog


def test_a_booklet_of_twelve_four_a_page_prints_with_answers(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    app, dialog = open_booklet_dialog(fresh, site_server)
    dialog.get_by_label("First seed").fill("5")
    dialog.get_by_role("button", name="Make and print").click()
    html = app.page.locator("html")
    expect(html).to_have_attribute("data-print", "booklet", timeout=120_000)
    assert app.page.evaluate("window.printed") == 1
    expected = run_to_end(iter_booklet(12, read_levels("easy,medium"), 5))
    sheets = app.page.locator(".booklet-sheet")
    expect(sheets).to_have_count(5)
    for puzzle in expected:
        slot = app.page.locator(f'[data-puzzle="{puzzle.number}"]')
        expect(slot.locator("h2")).to_have_text(
            f"{puzzle.number} · {puzzle.level.value.capitalize()} · seed {puzzle.seed}"
        )
        cells = slot.locator(".booklet-board span").all_text_contents()
        assert "".join(c or "." for c in cells) == format_line(puzzle.puzzle)
        answer = app.page.locator(f'[data-answer="{puzzle.number}"] .booklet-board span')
        assert "".join(answer.all_text_contents()) == format_line(puzzle.solution)
        link = slot.locator(".booklet-link a")
        href = link.get_attribute("href") or ""
        assert href == puzzle.link(site_server)
        assert re.fullmatch(r"#p=[A-Za-z0-9_-]{20,34}&l=[em]&s=\d+", href[href.index("#") :])
        expect(link).to_have_text(href)
    on_page = [sheets.nth(i).locator("[data-puzzle], [data-answer]").count() for i in range(5)]
    assert on_page == [4, 4, 4, 9, 3]
    pdf = app.page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 5


def test_a_printed_short_link_opens_its_puzzle_with_its_claims(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    (puzzle,) = run_to_end(iter_booklet(1, read_levels("medium"), 7))
    link = puzzle.link(site_server)
    studio = fresh(link)
    expect(studio.board).to_have_attribute("givens", format_line(puzzle.puzzle))
    info = studio.page.locator("#puzzle-info")
    expect(info).to_contain_text(f"Medium · seed {puzzle.seed}")
    expect(info).to_contain_text("claimed by the link, not yet checked")
    studio.wait_ready()
    # checked here: the seed makes this puzzle at that level, so level and seed stay, as facts
    expect(info).not_to_have_attribute("data-claimed", "true", timeout=60_000)
    expect(info).to_have_attribute("data-level", puzzle.level.value)
    expect(info).to_have_attribute("data-seed", str(puzzle.seed))
    expect(info).not_to_contain_text("claimed")


def test_a_short_link_with_a_bad_code_is_not_opened(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + "#p=CC_G!jz&l=h&s=3", keep_welcome=True)
    expect(studio.page.locator("#status")).to_have_text(
        "The link was not opened: its short code has “!” at character 5; a code is written with "
        "A-Z, a-z, 0-9, - and _. Your game is as it was."
    )
    assert studio.givens() == "." * 81


def test_a_fixed_number_clears_its_error_and_the_status_says_what_was_printed(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    app, dialog = open_booklet_dialog(fresh, site_server)
    error = app.page.locator("#booklet-error")
    count = dialog.get_by_label("Puzzles", exact=True)
    count.fill("0")
    dialog.get_by_role("button", name="Make and print").click()
    expect(error).to_have_text("The number of puzzles must be 1 to 60.")
    count.fill("61")
    expect(error).to_have_text("The number of puzzles must be 1 to 60.")
    count.fill("1")
    expect(error).to_have_text("")
    dialog.get_by_label("First seed").fill("7")
    dialog.get_by_role("button", name="Make and print").click()
    expect(app.page.locator("html")).to_have_attribute("data-print", "booklet", timeout=60_000)
    assert app.page.evaluate("window.printed") == 1
    status = app.page.locator("#status")
    expect(status).to_have_text(
        "Booklet of 1 puzzle from seed 7 (2 pages with the answers) went to the print dialog."
        " The same seed and levels make it again."
    )
