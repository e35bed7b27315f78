"""The game library: no game is ever lost across a share link, New puzzle, Solve, Clear, two
tabs, storage failing then recovering, and a save from a newer version (reload is in
test_persistence.py). Every game is its own record in IndexedDB; Undo and Recent games bring
back the one replaced. Recent games says each game's level, state, time played and when it was
played; Delete and Clear finished offer Undo, never touch the game on the board, and other tabs
follow."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.test_persistence import play_a_little as type_a_little
from sudoku_core import format_line, solve

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Route

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7" + "." * 71
OTHER = "1" + "." * 80
UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

FAILING_WRITES = """
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (globalThis.failSaves) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return put.apply(this, args);
};
"""
# Run in the page: every record, or one record written as it is (as another version would).
ALL_RECORDS = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("sudoku-studio");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const all = open.result.transaction("games").objectStore("games").getAll();
    all.onsuccess = () => { open.result.close(); resolve(all.result); };
    all.onerror = () => reject(all.error);
  };
})"""
PUT_RECORD = """(record) => new Promise((resolve, reject) => {
  const open = indexedDB.open("sudoku-studio");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction("games", "readwrite");
    tx.objectStore("games").put(record);
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""


def play_a_little(studio: Studio, puzzle: str = PUZZLE) -> None:
    """test_persistence's few moves, then wait until they are saved."""
    type_a_little(studio, puzzle)
    saved(studio)


def saved(studio: Studio) -> None:
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")


def undo(studio: Studio) -> None:
    """Undo what replaced the game: the undo line's "Bring it back" (the pad's Undo stays in
    the game on the board: at its history's start it does nothing)."""
    line = studio.page.locator("#undo-line")
    expect(line).to_have_attribute("data-state", "offered")
    expect(studio.button("Undo")).to_be_disabled()
    studio.button("Bring it back").click()
    expect(line).to_have_attribute("data-state", "undone")


def undo_move(studio: Studio) -> None:
    """Undo one move inside the game (Solve, Clear entries): the game's own history."""
    studio.button("Undo").click()


def played(studio: Studio) -> None:
    """The game of play_a_little is on the board, with its entries."""
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    expect(studio.board).to_have_attribute("entries", re.compile("^51"))


def recent(studio: Studio) -> list[str]:
    """The accessible names of Recent games' entries (one sentence each), newest first."""
    entries = studio.page.locator("#recent-list .recent-open")
    return [str(entry.get_attribute("aria-label")) for entry in entries.all()]


def played_then_linked(studio: Studio, site_server: str) -> None:
    """play_a_little's game, then a share link's (OTHER) on the board; both saved."""
    play_a_little(studio)
    studio.page.goto(site_server + "#puzzle=" + OTHER.replace(".", "0"))
    expect(studio.board).to_have_attribute("givens", OTHER)
    saved(studio)


def entry(studio: Studio, name: str) -> Locator:
    """The entry of Recent games whose name matches the regex ``name``, as a person finds it."""
    studio.reveal(studio.page.locator("#recent-list"))
    return studio.page.locator("#recent-list").get_by_role("button", name=re.compile(name))


def test_a_share_link_opens_a_new_game_and_keeps_the_one_before(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    played_then_linked(studio, site_server)
    expect(studio.page.locator("#recent-list")).to_have_attribute("data-count", "2")
    names = recent(studio)
    # one given cannot make a unique puzzle: the link opened in Create mode (the intake's check)
    assert names[0].startswith("Puzzle, 1 given, Being created") and names[0].endswith(
        "on the board"
    )
    open_cells = PUZZLE.count(".")
    assert names[1].startswith(f"Puzzle, {81 - open_cells} givens, 2 of {open_cells} filled")
    undo(studio)
    played(studio)
    studio.page.reload()  # this tab returns to the game it showed
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    played(studio)
    # and the link's game is one press away in Recent games
    entry(studio, "^Puzzle, 1 given,").click()
    expect(studio.board).to_have_attribute("givens", OTHER)


def test_new_puzzle_keeps_the_game_before(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server)
    play_a_little(studio)
    studio.new_puzzle(difficulty="easy")  # from the shipped pool: no engine needed
    expect(studio.verdict).to_have_attribute("data-status", "generated")
    assert studio.givens() != PUZZLE
    undo(studio)
    played(studio)


def test_clear_entries_and_clear_all_can_be_undone(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    play_a_little(studio)
    studio.button("Clear entries").click()
    expect(studio.board).to_have_attribute("entries", "." * 81)
    undo_move(studio)
    played(studio)
    studio.button("Clear all").click()
    expect(studio.board).to_have_attribute("givens", "." * 81)
    undo(studio)
    played(studio)
    saved(studio)
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    played(studio)


def test_solve_can_be_undone(app: Studio) -> None:
    app.type_grid(UNIQUE)
    app.mode("Play")
    empty = UNIQUE.index(".")
    app.cell(empty).click()
    app.page.keyboard.press("5")
    mine = app.entries()
    app.solve()
    expect(app.verdict).to_have_attribute("data-status", "unique")
    expect(app.page.locator("body")).to_have_attribute("data-complete", "true")
    undo_move(app)
    expect(app.board).to_have_attribute("entries", mine)


NO_BROADCAST = "delete globalThis.BroadcastChannel;"


def second_tab(a: Studio, site_server: str) -> Studio:
    """Another tab of ``a``'s browser profile (its storage), opened and ready, under a's guard."""
    page = a.page.context.new_page()
    a.log.watch_page(page)
    page.goto(site_server)
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    return type(a)(page, a.log, site_server)


@pytest.mark.parametrize("script", [None, NO_BROADCAST], ids=["broadcast", "storage-event"])
def test_two_tabs_see_each_others_moves_and_never_overwrite(
    fresh: Callable[..., Studio], site_server: str, script: str | None
) -> None:
    """Two pages of one browser profile on the same game (BroadcastChannel, else the storage
    event): each sees the other's move, and a later move keeps both."""
    a = fresh(site_server, init_script=script)
    a.type_grid(PUZZLE)
    a.mode("Play")
    saved(a)
    b = second_tab(a, site_server)
    expect(b.board).to_have_attribute("givens", PUZZLE)
    b.mode("Play")
    a.cell(1).click()
    a.page.keyboard.press("1")  # tab A: r1c2
    b.cell(6).click()
    b.page.keyboard.press("2")  # tab B: r1c7
    both = ".1....2" + "." * 74
    expect(a.board).to_have_attribute("entries", both)
    expect(b.board).to_have_attribute("entries", both)
    a.cell(7).click()
    a.page.keyboard.press("3")  # A's next move keeps B's
    three = ".1....23" + "." * 73
    expect(b.board).to_have_attribute("entries", three)
    saved(a)
    saved(b)
    # Both clocks run; neither tab answers the other's write with a write of its own (they did,
    # for ever: each clock was always a few milliseconds ahead of the other tab's last write).
    revs = [record["rev"] for record in a.page.evaluate(ALL_RECORDS)]
    a.page.wait_for_timeout(1500)
    assert [record["rev"] for record in a.page.evaluate(ALL_RECORDS)] == revs
    a.page.reload()
    expect(a.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(a.board).to_have_attribute("entries", three)


# The board's entries at the moment the page says it is ready.
AT_READY = """new MutationObserver((_, observer) => {
  if (document.body?.dataset.app !== "ready") return;
  window.entriesAtReady = document.getElementById("board").getAttribute("entries");
  observer.disconnect();
}).observe(document, { attributes: true, subtree: true, childList: true });"""


def test_a_game_saved_while_the_page_loads_is_shown_as_saved(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """library-start.js reads the saved games while the page's modules load; when another tab
    saves after that read but before the page lists them, the page shows the game as saved
    (it heard the other tab), not the record it read first."""
    a = fresh(site_server)
    a.type_grid(PUZZLE)
    a.mode("Play")
    saved(a)
    page = a.page.context.new_page()  # a second tab, held before app.js runs
    a.log.watch_page(page)
    page.add_init_script(AT_READY)
    held: list[Route] = []
    # a bound method will not do: Playwright wraps the handler it is given
    page.route("**/app/app.js", lambda route: held.append(route))  # noqa: PLW0108
    page.goto(site_server, wait_until="commit")
    expect(page.locator("html")).to_have_attribute("data-library", "read")
    a.cell(1).click()
    a.page.keyboard.press("1")  # tab A saves r1c2 after B's early read
    saved(a)
    while not held:  # asked for with the page, so already here: the loop only lets it arrive
        page.wait_for_timeout(20)
    held[0].continue_()
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    # as shown when the board became ready (a later write of B's would merge A's move in anyway)
    assert page.evaluate("() => window.entriesAtReady") == ".1" + "." * 79


def played_while_writes_fail(studio: Studio) -> Locator:
    """A few moves saved, then writes fail and 6 goes into r1c7: saving is off. The status line."""
    play_a_little(studio)
    status = studio.page.locator("#save-status")
    studio.page.evaluate("globalThis.failSaves = true")
    studio.cell(6).click()
    studio.page.keyboard.press("6")
    expect(status).to_have_attribute("data-state", "off")
    return status


def test_saving_resumes_after_failed_writes(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server, init_script=FAILING_WRITES)
    status = played_while_writes_fail(studio)
    expect(status).to_contain_text("storage is full")
    expect(status).to_contain_text("Trying again in 1 s")
    expect(status).to_contain_text("Trying again in 2 s")  # backing off
    studio.cell(7).click()
    studio.page.keyboard.press("2")
    resumed_and_reloaded(studio, "^51....62")


def resumed_and_reloaded(studio: Studio, entries: str) -> None:
    """Writes work again: saving resumes, and a reload shows the entries (a regex)."""
    studio.page.evaluate("globalThis.failSaves = false")
    status = studio.page.locator("#save-status")
    expect(status).to_have_attribute("data-state", "on", timeout=10_000)
    expect(status).to_contain_text("Saving resumed")
    saved(studio)
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(studio.board).to_have_attribute("entries", re.compile(entries))


def test_undo_while_writes_fail_keeps_the_moves_not_yet_written(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """Undo brings back the game as this tab has it, not the older stored record: the move
    typed while writes failed survives Undo, the recovery and a reload."""
    studio = fresh(site_server, init_script=FAILING_WRITES)
    played_while_writes_fail(studio)
    studio.button("Clear all").click()
    expect(studio.board).to_have_attribute("givens", "." * 81)
    undo(studio)
    expect(studio.board).to_have_attribute("entries", re.compile("^51....6"))
    resumed_and_reloaded(studio, "^51....6")


def test_a_newer_versions_save_and_a_damaged_one_are_kept_untouched(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    play_a_little(studio)
    future = {
        "schema": 3,
        "id": "from-the-future",
        "cells": "whatever a newer page writes",
        "savedAt": "2999-01-01T00:00:00.000Z",
    }
    damaged = {
        "schema": 1,
        "id": "damaged",
        "givens": "5" + "." * 80,
        "entries": "5" + "." * 80,
        "mode": "play",
        "rev": 1,
        "createdAt": "2999-01-01T00:00:00.000Z",
        "savedAt": "2999-01-01T00:00:00.000Z",
    }
    for record in (future, damaged):
        studio.page.evaluate(PUT_RECORD, record)
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    played(studio)  # the newest readable game, not the unreadable ones
    note = studio.page.locator("#recent-note")
    expect(note).to_contain_text("1 saved game was made by a newer version of the studio")
    expect(note).to_contain_text("an entry sits on the given at r1c1")
    expect(note).to_contain_text("kept unchanged")
    studio.cell(6).click()
    studio.page.keyboard.press("6")
    saved(studio)
    records = {r["id"]: r for r in studio.page.evaluate(ALL_RECORDS)}
    assert json.dumps(records["from-the-future"], sort_keys=True) == json.dumps(
        future, sort_keys=True
    )
    assert json.dumps(records["damaged"], sort_keys=True) == json.dumps(damaged, sort_keys=True)


def changing_the_record(change: str) -> str:
    """A script to run in a page of the site that is not the studio: the one saved game changed
    by `change` (JavaScript, with `record` in scope), as an older or faulty page could leave it.
    The studio page left journalled its clock's last save: dropped, or it would be merged in over
    the changed record."""
    return (
        """() => new Promise((resolve, reject) => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("sudoku-studio.unsaved.")) localStorage.removeItem(key);
  }
  const open = indexedDB.open("sudoku-studio");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction("games", "readwrite");
    const store = tx.objectStore("games");
    const all = store.getAll();
    all.onsuccess = () => {
      const [record] = all.result;
"""
        + change
        + """
      store.put(record);
    };
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""
    )


# The saved game at every limit its reader checks: 100,000 moves (colour toggles in r1c1 before
# the game's own), the revision and the time played at Number.MAX_SAFE_INTEGER.
AT_THE_LIMITS = changing_the_record("""
      const own = record.play.history.moves.slice(0, record.play.history.at);
      const moves = [...new Array(100000 - own.length).fill("kAgB"), ...own];
      record.play.history = { moves, at: moves.length };
      record.rev = Number.MAX_SAFE_INTEGER;
      record.play.ms = Number.MAX_SAFE_INTEGER;""")


def reopened_changed(studio: Studio, site_server: str, change: str, said: str = "") -> None:
    """play_a_little's game, changed by a script of changing_the_record while no studio page is
    open, then the studio opened again (saying ``said`` when given) with a digit added in r1c7
    (Play mode), saved."""
    play_a_little(studio)
    studio.page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # icon.svg's
    studio.page.goto(site_server + "icon.svg")
    studio.page.evaluate(change)
    studio.page.goto(site_server)
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    if said:
        expect(studio.page.locator("#status")).to_contain_text(said)
    played(studio)
    expect(studio.page.locator("#recent-note")).to_have_attribute("data-kept", "0")
    studio.mode("Play")
    studio.cell(6).click()
    studio.page.keyboard.press("6")
    saved(studio)


def test_a_game_at_every_limit_keeps_saving_and_reloading(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The writer keeps the limits its reader checks: a move on a game of 100,000 moves, whose
    revision and time are at the largest safe integer, is saved, and the game comes back."""
    studio = fresh(site_server)
    reopened_changed(studio, site_server, AT_THE_LIMITS)
    expect(studio.page.locator("#save-status")).to_have_attribute("data-state", "on")
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(studio.board).to_have_attribute("entries", re.compile("^51....6"))
    expect(studio.page.locator("#recent-note")).to_have_attribute("data-kept", "0")
    [record] = studio.page.evaluate(ALL_RECORDS)
    history = record["play"]["history"]
    assert (len(history["moves"]), history["at"]) == (100_000, 100_000)
    assert history["moves"][0] == "kAgB" and history["moves"][-1].startswith("d")
    assert record["rev"] == record["play"]["ms"] == 2**53 - 1


# The saved game's move times damaged (its first move's time a word, as a faulty page or a hand
# edit could leave it) and its puzzle details unreadable. Both are optional: the game must open.
DAMAGED_OPTIONAL = changing_the_record("""
      const { history } = record.play;
      history.times = history.moves.map((_, i) => (i === 0 ? "soon" : i));
      record.info = { puzzle: "not these givens", level: "nightmare" };""")


def test_a_game_with_damaged_move_times_opens_and_keeps_saving(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """Damaged optional parts of a saved game (a move's time, the puzzle details) cost those
    parts, never the game: it opens, is not counted as damaged, and saves repaired."""
    studio = fresh(site_server)
    # shown, not counted as damaged, and the player told what was dropped
    reopened_changed(
        studio,
        site_server,
        DAMAGED_OPTIONAL,
        said="This saved game needed a repair as it opened: it dropped its unreadable puzzle details"
        " (seed, level, score); forgot the unreadable time of move 1. Your digits and marks are as saved.",
    )
    assert len(recent(studio)) == 1
    [record] = studio.page.evaluate(ALL_RECORDS)
    history = record["play"]["history"]
    assert history["times"][0] is None  # forgotten: unknown, as a move from an older page
    assert all(isinstance(t, int) for t in history["times"][1:])
    assert len(history["times"]) == len(history["moves"])
    assert "info" not in record
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(studio.board).to_have_attribute("entries", re.compile("^51....6"))


# Holds the library's creation for 4 s on the first load of a tab: this script creates the
# database first and keeps its upgrade busy, so the page's own open waits behind it (as a
# first visit's does, for a new profile's database on disk).
HOLD_LIBRARY = """
if (!sessionStorage.getItem("held")) {
  sessionStorage.setItem("held", "1");
  const open = indexedDB.open("sudoku-studio", 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore("games", { keyPath: "id" });
    const until = Date.now() + 120000;  // a safety net: the test lets the library go
    const spin = () => {
      if (!window.libraryLetGo && Date.now() < until) store.get("none").onsuccess = spin;
    };
    spin();
  };
  open.onsuccess = () => open.result.close();
}
"""


def test_a_first_visit_takes_input_before_the_library_is_created(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """A browser that never opened the library has no game to wait for: the board takes input
    at once, and the moves made before the library opens are saved once it does."""
    studio = fresh(site_server, init_script=HOLD_LIBRARY)
    assert studio.page.evaluate("() => document.documentElement.dataset.library ?? null") is None
    # The library is held until the moves are made (not for a fixed time, which a loaded
    # machine can spend before the page is even ready); then it opens and saves them.
    type_a_little(studio)
    studio.page.evaluate("() => { window.libraryLetGo = true; }")
    saved(studio)
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    assert studio.givens() == PUZZLE
    assert studio.entries()[:3] == "51."


GIVENS_AT_READY = """new MutationObserver((_, observer) => {
  if (document.body?.dataset.app !== "ready") return;
  window.givensAtReady = document.getElementById("board").getAttribute("givens");
  observer.disconnect();
}).observe(document, { attributes: true, subtree: true, childList: true });"""


def test_the_latest_game_is_shown_when_the_library_mark_is_lost(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The marks that say the library was opened before are gone (the library is not), and this
    is a new tab: the page starts as on a first visit (an empty board at once), then shows the
    latest saved game once the library has opened."""
    studio = fresh(site_server)
    play_a_little(studio)
    studio.page.evaluate("() => localStorage.clear()")  # the mark, and every other key
    page = studio.page.context.new_page()  # a new tab: no game of its own to return to
    studio.log.watch_page(page)
    page.add_init_script(GIVENS_AT_READY)
    page.goto(site_server)
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    expect(page.locator("#board")).to_have_attribute("givens", PUZZLE)
    assert page.evaluate("() => window.givensAtReady") == "." * 81  # the first visit's start
    assert str(page.locator("#board").get_attribute("entries"))[:3] == "51."


# --- Recent games: what each game says, Delete, Clear finished ---------------------------------

SOLUTION = format_line(solve(UNIQUE) or "")
SOLVED_ENTRIES = "".join(d if g == "." else "." for g, d in zip(UNIQUE, SOLUTION, strict=True))


def solved_game(game_id: str, saved_at: str, ms: int = 754_000) -> dict[str, object]:
    """A solved game as the library stores it (written straight into IndexedDB by a test)."""
    return {
        "schema": 2,
        "id": game_id,
        "givens": UNIQUE,
        "entries": SOLVED_ENTRIES,
        "mode": "play",
        "info": {"puzzle": UNIQUE, "level": "hard", "score": 1140, "source": "graded"},
        "play": {
            "corner": "",
            "centre": "",
            "colours": "",
            "history": {"moves": [], "at": 0},
            "ms": ms,
            "hints": 0,
            "reveals": 0,
            "undos": 0,
            "solved": True,
        },
        "rev": 3,
        "createdAt": saved_at,
        "savedAt": saved_at,
    }


def stored_ids(studio: Studio) -> set[str]:
    return {str(record["id"]) for record in studio.page.evaluate(ALL_RECORDS)}


def test_recent_games_say_level_state_time_and_which_is_on_the_board(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    studio.page.evaluate(PUT_RECORD, solved_game("solved-earlier", "2020-01-02T10:00:00.000Z"))
    studio.button("Hard").click()  # a pool puzzle: its level is known
    expect(studio.page.locator("#puzzle-info")).to_have_attribute("data-level", "hard")
    givens = studio.givens()
    empty = givens.index(".")
    studio.cell(empty).click()
    studio.page.keyboard.press("1")
    clock = studio.page.locator("#timer")
    expect(clock).to_have_text(re.compile(r"^0:0[1-9]$"))  # the clock has run a second or more
    studio.button("Clear all").click()  # the Hard game is left, with its time
    studio.type_grid("12")  # a puzzle being created
    saved(studio)
    count = 81 - givens.count(".")
    names = recent(studio)
    assert re.fullmatch(r"Puzzle, 2 givens, Being created, just now, on the board", names[0]), names
    assert re.fullmatch(
        rf"Hard, {count} givens, 1 of {81 - count} filled, 0:0\d played, just now", names[1]
    ), names
    assert re.fullmatch(r"Hard, \d+ givens, Solved, 12:34 played, .*2020", names[2]), names
    current = studio.page.locator('#recent-list [aria-current="true"]')
    expect(current).to_have_count(1)
    expect(current).to_contain_text("on the board")
    # two short lines each: the visible text says the same
    expect(studio.page.locator("#recent-list .recent-item").nth(2)).to_contain_text("Hard")
    expect(studio.page.locator("#recent-list .recent-item").nth(2)).to_contain_text("Solved")
    # the game on the board has no Delete; the others have one, named after their game
    items = studio.page.locator("#recent-list .recent-item")
    expect(items.nth(0).get_by_role("button", name=re.compile("^Delete"))).to_have_count(0)
    expect(
        items.nth(1).get_by_role("button", name=re.compile(r"^Delete Hard, \d+ givens, just now$"))
    ).to_have_count(1)


def test_delete_offers_undo_and_never_touches_the_game_on_the_board(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    played_then_linked(studio, site_server)
    before = {r["id"]: r for r in studio.page.evaluate(ALL_RECORDS)}
    assert len(before) == 2
    gone = next(i for i, r in before.items() if r["givens"] == PUZZLE)
    delete = studio.page.get_by_role("button", name=re.compile(r"^Delete Puzzle, 5 givens"))
    studio.reveal(delete)
    delete.click()
    undo_line = studio.page.locator("#recent-undo")
    expect(undo_line).to_have_attribute("data-state", "offered")
    expect(undo_line).to_contain_text("Deleted “Puzzle, 5 givens”.")
    expect(studio.page.locator("#recent-list")).to_have_attribute("data-count", "1")
    assert stored_ids(studio) == set(before) - {gone}
    expect(studio.page.locator("#recent-undo-button")).to_be_focused()  # Enter puts it back
    expect(studio.board).to_have_attribute("givens", OTHER)  # the board is untouched
    studio.page.keyboard.press("Enter")
    expect(undo_line).to_have_attribute("data-state", "undone")
    expect(studio.page.locator("#recent-list")).to_have_attribute("data-count", "2")
    after = {r["id"]: r for r in studio.page.evaluate(ALL_RECORDS)}
    assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True)
    # the game put back opens as it was
    entry(studio, "^Puzzle, 5 givens, 2 of 76 filled").click()
    played(studio)


def test_clear_finished_deletes_the_solved_games_but_the_one_on_the_board(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    for n in range(3):
        studio.page.evaluate(
            PUT_RECORD, solved_game(f"solved-{n}", f"2020-01-0{n + 1}T10:00:00.000Z")
        )
    play_a_little(studio)  # not solved: stays
    entry(studio, "^Hard.*2020").nth(0).click()  # a solved game on the board: stays too
    expect(studio.board).to_have_attribute("entries", SOLVED_ENTRIES)
    on_board = str(
        studio.page.locator('#recent-list [aria-current="true"]').get_attribute("data-game")
    )
    clear = studio.button("Clear finished")
    expect(clear).to_have_attribute("data-count", "2")
    clear.click()
    expect(studio.page.locator("#recent-undo")).to_contain_text("Deleted 2 finished games.")
    expect(studio.button("Clear finished")).to_be_hidden()  # nothing more to clear
    kept = stored_ids(studio)
    assert on_board in kept and len(kept) == 2, kept
    studio.button("Undo the delete").click()
    expect(studio.page.locator("#recent-list")).to_have_attribute("data-count", "4")
    assert len(stored_ids(studio)) == 4


def test_a_delete_is_heard_in_another_tab_and_a_game_on_its_board_stays(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """Tab A deletes two games: B's list follows; the one B shows on its board is saved again
    by B (a board's game is never lost), and A's list shows it again."""
    a = fresh(site_server)
    for n in range(2):
        a.page.evaluate(PUT_RECORD, solved_game(f"solved-{n}", f"2020-01-0{n + 1}T10:00:00.000Z"))
    play_a_little(a)
    b = second_tab(a, site_server)
    b.page.locator('#recent-list [data-game="solved-1"]').click()  # B shows a solved game
    expect(b.board).to_have_attribute("entries", SOLVED_ENTRIES)
    expect(b.page.locator("#recent-list")).to_have_attribute("data-count", "3")
    a.page.reload()  # A's list as stored now
    expect(a.page.locator("body")).to_have_attribute("data-app", "ready")
    a.button("Clear finished").click()
    expect(a.page.locator("#recent-undo")).to_contain_text("Deleted 2 finished games.")
    # B heard it: solved-0 is gone from its list; solved-1, on B's board, is saved again
    expect(b.page.locator('#recent-list [data-game="solved-0"]')).to_have_count(0)
    expect(b.page.locator('#recent-list [data-game="solved-1"]')).to_have_count(1)
    saved(b)
    assert stored_ids(a) >= {"solved-1"} and "solved-0" not in stored_ids(a)
    expect(a.page.locator('#recent-list [data-game="solved-1"]')).to_have_count(1)
