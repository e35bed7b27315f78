"""Autosave into the game library, reload, share links, other tabs and broken storage: none of
these need the engine (Solve's undo is in test_game_library.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7" + "." * 71  # short to type: these tests are about keeping it
KEY = "sudoku-studio.game"

THROWING_STORAGE = """
for (const name of ["localStorage", "indexedDB"]) {
  Object.defineProperty(window, name, {
    configurable: true,
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
  });
}
"""
FULL_STORAGE = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
IDBObjectStore.prototype.put = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
# Every saved game in the library (call once the page has opened it).
SAVED_GAMES = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("sudoku-studio");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const all = db.transaction("games").objectStore("games").getAll();
    all.onsuccess = () => { db.close(); resolve(all.result); };
    all.onerror = () => reject(all.error);
  };
})"""


def saved_games(studio: Studio) -> list[dict[str, object]]:
    """The library's records, once every change is written."""
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")
    games = studio.page.evaluate(SAVED_GAMES)
    assert isinstance(games, list)
    return games


def play_a_little(studio: Studio, puzzle: str = PUZZLE) -> None:
    """Type a puzzle, then 5 in r1c1 and 1 in r1c2 as the player (no wait for the save: some
    of these tests break storage)."""
    studio.type_grid(puzzle)
    studio.mode("Play")
    studio.cell(0).click()
    studio.page.keyboard.press("5")
    studio.cell(1).click()
    studio.page.keyboard.press("1")


def test_reload_restores_the_game(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server)
    play_a_little(studio)
    [saved] = saved_games(studio)
    assert (
        saved["schema"] == 2
        and saved["givens"] == PUZZLE
        and str(saved["entries"]).startswith("51.")
    )
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    assert studio.givens() == PUZZLE
    assert studio.entries()[:3] == "51."
    expect(studio.board).to_have_attribute("mode", "play")
    expect(studio.page.locator("#save-status")).to_have_attribute("data-state", "on")


def test_share_link_round_trip_with_and_without_progress(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    play_a_little(studio)
    link = str(studio.page.locator("#share-link").inner_text())
    assert urlsplit(link).fragment.startswith("puzzle=")
    studio.show_panel("Share")
    studio.page.get_by_label("Include my digits and marks").uncheck()
    bare = str(studio.page.locator("#share-link").inner_text())
    assert "progress=" in link and "progress=" not in bare

    other = fresh(link)  # a new browser profile: only the link carries the game
    assert other.givens() == PUZZLE
    assert other.entries()[:3] == "51."
    # 5 givens cannot make a unique puzzle: the link's game opens in Create mode, and says why
    expect(other.page.locator("#status")).to_contain_text("Opened the puzzle from the link.")
    expect(other.page.locator("#status")).to_contain_text("With 5 givens it cannot be unique")
    expect(other.board).to_have_attribute("mode", "enter")
    assert urlsplit(other.page.url).fragment == ""  # saved, so the fragment is dropped
    third = fresh(bare)
    assert third.givens() == PUZZLE
    assert third.entries() == "." * 81


def test_share_link_carries_corner_and_centre_marks_and_colours(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """Marks of every kind, typed as a player does (the tools' keys), travel in the link and
    come back exactly in a new browser profile."""
    studio = fresh(site_server)
    play_a_little(studio)
    keyboard = studio.page.keyboard
    for tool, cell, digits in (("x", 6, "127"), ("x", 20, "9"), ("c", 30, "45"), ("v", 40, "3")):
        keyboard.press(tool)
        studio.cell(cell).click()
        for digit in digits:
            keyboard.press(digit)
    expect(studio.board).to_have_attribute("colours", "40:3")
    marks = {layer: studio.board.get_attribute(layer) for layer in ("corner", "centre", "colours")}
    assert marks == {"corner": "6:127 20:9", "centre": "30:45", "colours": "40:3"}, marks
    link = str(studio.page.locator("#share-link").inner_text())
    fields = dict(part.split("=", 1) for part in urlsplit(link).fragment.split("&"))
    assert {"corner", "centre", "colour"} <= fields.keys()
    assert len(fields["corner"]) == 6 and len(fields["centre"]) == 3  # three characters a cell
    other = fresh(link)
    expect(other.board).to_have_attribute("entries", re.compile("^51"))
    for layer, value in marks.items():
        expect(other.board).to_have_attribute(layer, str(value))


def test_link_with_garbage_is_not_opened(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server + "#puzzle=<script>alert(1)</script>&progress=1")
    assert studio.givens() == "." * 81
    message = studio.page.locator("#status")
    expect(message).to_have_attribute("data-tone", "error")
    expect(message).to_contain_text("r1c1 is “<”")


def test_share_link_carries_no_query_string(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server + "?engine-seconds=1")
    play_a_little(studio)
    link = urlsplit(studio.page.locator("#share-link").inner_text())
    assert link.query == ""
    assert link.fragment.startswith("puzzle=")


BAD_LINKS = {
    "script": ("puzzle=<script>alert(1)</script>", "r1c1 is “<”"),
    "long": ("puzzle=" + "1" * 10_000, "10,007 characters long"),
    "letter": ("puzzle=" + "0" * 40 + "x" + "0" * 40, "r5c5 is “x”"),
    "80-digits": ("puzzle=" + "0" * 80, "it has 80 cells; a puzzle has 81"),
    "bad-progress": ("puzzle=" + "0" * 81 + "&progress=" + "0" * 82, "its progress"),
    "bad-marks": (
        "puzzle=" + "0" * 81 + "&corner=AB*",
        "its corner marks are not readable: character 3",
    ),
}


@pytest.mark.parametrize(("fragment", "reason"), BAD_LINKS.values(), ids=BAD_LINKS.keys())
def test_bad_link_says_why_and_keeps_the_game(
    fresh: Callable[..., Studio], site_server: str, fragment: str, reason: str
) -> None:
    studio = fresh(site_server)
    play_a_little(studio)
    message = studio.page.locator("#status")
    studio.page.goto(site_server + "#" + fragment)  # the same page: a hashchange
    expect(message).to_have_attribute("data-tone", "error")
    expect(message).to_contain_text("The link was not opened")
    expect(message).to_contain_text(reason)
    assert studio.givens() == PUZZLE and studio.entries()[:2] == "51"
    studio.page.reload()  # opened at start-up: the same answer, the saved game kept
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(message).to_contain_text(reason)
    assert studio.givens() == PUZZLE and studio.entries()[:2] == "51"


# Every write to the game library commits 600 ms after its put (the transaction is kept busy
# meanwhile), as on a slow disk: a reload or a close within that time aborts it.
SLOW_COMMITS = """
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  const request = put.apply(this, args);
  const store = this;
  const until = Date.now() + 600;
  const busy = () => { if (Date.now() < until) store.count().onsuccess = busy; };
  busy();
  return request;
};
"""


def test_a_move_just_before_a_reload_or_a_close_is_kept(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The last move survives a reload at once, again and again, and a closed tab."""
    studio = fresh(site_server, init_script=SLOW_COMMITS)
    play_a_little(studio)
    page = studio.page
    for cell, digit in ((6, "3"), (7, "2"), (6, "6"), (8, "3")):
        studio.cell(cell).click()
        page.keyboard.press(digit)
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-app", "ready")
        expect(studio.cell(cell)).to_have_accessible_name(re.compile(f", {digit}$"))
    studio.cell(10).click()
    page.keyboard.press("2")
    context = page.context
    page.close(run_before_unload=True)
    again = context.new_page()
    again.goto(site_server)
    expect(again.locator("body")).to_have_attribute("data-app", "ready")
    expect(again.locator("#board")).to_have_attribute("entries", re.compile("^51....623.2"))


@pytest.mark.parametrize(
    ("script", "problem"),
    [(THROWING_STORAGE, "does not allow storage"), (FULL_STORAGE, "storage is full")],
    ids=["throws", "full"],
)
def test_broken_storage_keeps_the_game_in_memory(
    fresh: Callable[..., Studio], site_server: str, script: str, problem: str
) -> None:
    studio = fresh(site_server, init_script=script)
    play_a_little(studio)
    status = studio.page.locator("#save-status")
    expect(status).to_have_attribute("data-state", "off")
    expect(status).to_contain_text("Saving is off")
    expect(status).to_contain_text(problem)
    assert studio.entries()[:2] == "51"
    if script is not THROWING_STORAGE:
        return
    # the engine does not care about storage (checked once: each boot costs seconds)
    studio.wait_ready()
    studio.button("Check").click()
    expect(studio.verdict).to_have_attribute("data-status", "multiple")


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        json.dumps({"v": 0, "grid": PUZZLE}),
        json.dumps({"v": 1, "givens": "x" * 81, "entries": ""}),
        json.dumps({"v": 1, "givens": "5" + "." * 80, "entries": "5" + "." * 80, "mode": "play"}),
        json.dumps({"v": 2, "givens": PUZZLE, "entries": "." * 81, "mode": "play"}),
        "null",
    ],
    ids=["not-json", "old-version", "bad-grid", "entry-on-given", "newer-version", "null"],
)
def test_garbage_in_storage_is_ignored(
    fresh: Callable[..., Studio], site_server: str, stored: str
) -> None:
    script = f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(stored)});"
    studio = fresh(site_server, init_script=script)
    assert studio.givens() == "." * 81
    expect(studio.page.locator("#status")).to_contain_text("could not be read")
    expect(studio.page.locator("#save-status")).to_have_attribute("data-state", "on")
    studio.mode("Play")
    studio.cell(0).click()
    studio.page.keyboard.press("4")
    [saved] = saved_games(studio)
    assert str(saved["entries"])[0] == "4"
    # what could not be read is kept as it was, never written over
    assert studio.page.evaluate(f"localStorage.getItem('{KEY}')") == stored


def test_the_old_save_slot_moves_into_the_game_library(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    old = {"v": 1, "givens": PUZZLE, "entries": "51" + "." * 79, "mode": "play", "savedAt": "x"}
    studio.page.evaluate(f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(json.dumps(old))})")
    studio.page.reload()  # a page of the version before the library left this save
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    assert studio.givens() == PUZZLE and studio.entries()[:3] == "51."
    [saved] = saved_games(studio)
    assert saved["givens"] == PUZZLE and saved["entries"] == old["entries"]
    assert studio.page.evaluate(f"localStorage.getItem('{KEY}')") is None  # moved, once
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    assert len(saved_games(studio)) == 1
    assert studio.entries()[:3] == "51."
