"""Booklet… (web/puzzles/booklet-view.js): 12 puzzles, 4 a page, made in the worker, printed as 3
pages of puzzles and 2 of answers, each puzzle and answer on them; the same puzzles as the
library's booklet from the same seed."""

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
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

NO_PRINT_DIALOG = "window.print = () => { window.printed = (window.printed || 0) + 1; };"
"""The print dialog would wait for a person: the test counts the calls instead."""


def test_a_booklet_of_twelve_four_a_page_prints_with_answers(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    app = fresh(site_server, init_script=NO_PRINT_DIALOG)
    app.wait_ready()
    app.button("Booklet…").click()
    dialog = app.page.locator("#booklet-dialog")
    expect(dialog).to_be_visible()
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
        href = slot.locator(".booklet-link a").get_attribute("href") or ""
        assert re.search(rf"#puzzle={format_line(puzzle.puzzle, '0')}&seed={puzzle.seed}&", href)
    on_page = [sheets.nth(i).locator("[data-puzzle], [data-answer]").count() for i in range(5)]
    assert on_page == [4, 4, 4, 9, 3]
    pdf = app.page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 5
