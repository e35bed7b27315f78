"""The Share panel's ways out and "Include my digits and marks" (web/puzzles/import-export.js,
save-file.js): Save file keeps the player's digits and marks and Open file… brings them back,
unticked it saves the givens; Print shows the player's progress or a clean copy; an empty board
has no link to share."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
LAYERS = ("givens", "entries", "corner", "centre", "colours")


def play_with_marks(studio: Studio) -> dict[str, str]:
    """The README puzzle with 5 in r1c1, corner 1 3 in r1c2, centre 2 6 in r1c7; its layers."""
    studio.paste(PUZZLE)
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    keys = studio.page.keyboard
    studio.cell(0).click()
    keys.press("5")
    studio.cell(1).click()
    keys.press("Shift+Digit1")
    keys.press("Shift+Digit3")
    studio.cell(6).click()
    keys.press("Control+Digit2")
    keys.press("Control+Digit6")
    expect(studio.board).to_have_attribute("centre", "6:26")
    return layers(studio)


def layers(studio: Studio) -> dict[str, str]:
    return {name: str(studio.board.get_attribute(name) or "") for name in LAYERS}


def save(studio: Studio, tmp_path: Path) -> Path:
    with studio.page.expect_download() as download:
        studio.button("Save file").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path


def test_save_file_keeps_digits_and_marks_and_open_file_brings_them_back(
    fresh: Callable[..., Studio], site_server: str, tmp_path: Path
) -> None:
    studio = fresh(site_server)
    studio.wait_ready()
    played = play_with_marks(studio)
    assert played["entries"].startswith("5") and played["corner"] == "1:13"
    studio.show_panel("Share")
    expect(studio.page.get_by_label("Include my digits and marks")).to_be_checked()
    expect(studio.page.locator("#save-note")).to_contain_text("digits and marks")
    with_progress = save(studio, tmp_path / "ticked")
    # the name says which puzzle it is (graded in the background or not yet) and the day
    assert re.fullmatch(r"sudoku-(\w+-)?[0-9a-z]{6}-\d{4}-\d\d-\d\d\.txt", with_progress.name)
    expect(studio.page.locator("#status")).to_contain_text(f"Saved {with_progress.name}")

    studio.page.get_by_label("Include my digits and marks").uncheck()
    expect(studio.page.locator("#save-note")).to_contain_text("givens only")
    givens_only = save(studio, tmp_path / "unticked")
    assert givens_only.read_text().strip() == PUZZLE

    # another browser (no saved game to reopen) opens each file
    elsewhere = fresh(site_server)
    elsewhere.wait_ready()
    elsewhere.open_file(with_progress)
    expect(elsewhere.board).to_have_attribute("givens", PUZZLE)
    expect(elsewhere.board).to_have_attribute("centre", "6:26")
    assert layers(elsewhere) == played
    expect(elsewhere.page.locator("body")).to_have_attribute("data-mode", "play")

    elsewhere.open_file(givens_only)
    expect(elsewhere.page.locator("#status")).to_contain_text("You have played this puzzle before")
    other = fresh(site_server)
    other.wait_ready()
    other.open_file(givens_only)
    expect(other.board).to_have_attribute("givens", PUZZLE)
    assert layers(other) == {**{name: "" for name in LAYERS}, "givens": PUZZLE, "entries": "." * 81}


def visible_boards(studio: Studio) -> list[dict[str, str]]:
    """The layers of every board print shows (its cells as they are drawn)."""
    boards = studio.page.locator("sudoku-board:visible")
    return [
        {name: str(boards.nth(i).get_attribute(name) or "") for name in LAYERS}
        | {"text": "".join(boards.nth(i).locator('[role="gridcell"]').all_inner_texts())}
        for i in range(boards.count())
    ]


def test_print_shows_progress_only_when_ticked(app: Studio) -> None:
    page = app.page
    play_with_marks(app)
    app.show_panel("Share")
    box = page.get_by_label("Include my digits and marks")
    given_digits = PUZZLE.replace(".", "")
    try:
        box.check()
        page.emulate_media(media="print")
        [printed] = visible_boards(app)
        assert printed["entries"].startswith("5") and printed["corner"] == "1:13"
        page.emulate_media(media="screen")

        box.uncheck()
        page.emulate_media(media="print")
        [clean] = visible_boards(app)
        assert clean["givens"] == PUZZLE
        assert (clean["entries"].strip("."), clean["corner"], clean["centre"]) == ("", "", "")
        assert re.sub(r"\s", "", clean["text"]) == given_digits
        expect(app.board).to_be_hidden()
        page.emulate_media(media="screen")

        # the clean copy follows the givens
        app.type_grid("1" + "." * 80)
        expect(app.board).to_have_attribute("givens", "1" + PUZZLE[1:])
        page.emulate_media(media="print")
        assert re.sub(r"\s", "", visible_boards(app)[0]["text"]) == "1" + given_digits
    finally:
        page.emulate_media(media="screen")
        app.show_panel("Share")
        box.check()
    expect(app.board).to_be_visible()


def test_an_empty_board_has_no_link_to_share(app: Studio) -> None:
    app.show_panel("Share")
    link = app.page.locator("#share-link")
    expect(link).to_have_text("No givens yet")
    nothing_yet = ("Copy link", "Copy line", "Save file", "Print")
    for name in nothing_yet:
        expect(app.page.get_by_role("button", name=name, exact=True)).to_be_disabled()
    app.wait_ready()
    app.page.locator("#export-copy").click()  # the engine's formats say why instead
    expect(app.page.locator("#status")).to_have_text("No givens yet: there is no puzzle to write.")
    app.type_grid("..9748...7")
    app.show_panel("Share")
    expect(link).to_have_text(re.compile(r"#puzzle=0*9748"))
    for name in nothing_yet:
        expect(app.page.get_by_role("button", name=name, exact=True)).to_be_enabled()
