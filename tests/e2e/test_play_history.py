"""A game's history of moves across reloads, and its size: Undo and Redo keep working after a
reload, and a long game stays small in storage and quick to step through (the figures are
printed for the changelog; no test asserts a time)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import (
    EMPTIES,
    EMPTY,
    PUZZLE,
    SOLUTION,
    entries_are,
    json_size,
    link_to,
    moves,
    pad,
    reload,
    saved_record,
    tool,
    with_entry,
)

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e


def test_undo_and_redo_continue_after_a_reload(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + link_to(PUZZLE))
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    keys = studio.page.keyboard
    a, b = EMPTIES[0], EMPTIES[1]
    studio.cell(a).click()
    keys.press(SOLUTION[a])
    tool(studio, "Corner")
    studio.cell(b).click()
    pad(studio, "4")
    tool(studio, "Digit")
    keys.press(SOLUTION[b])
    three = with_entry({a: SOLUTION[a], b: SOLUTION[b]})
    entries_are(studio, three)
    moves(studio, 3, 0)
    expect(studio.board).to_have_attribute("corner", f"{b}:4")  # kept under the digit

    reload(studio)
    entries_are(studio, three)
    moves(studio, 3, 0)
    expect(studio.board).to_have_attribute("corner", f"{b}:4")
    undo = studio.button("Undo")
    undo.click()
    entries_are(studio, with_entry({a: SOLUTION[a]}))
    expect(studio.board).to_have_attribute("corner", f"{b}:4")  # under the digit: back in view
    undo.click()
    expect(studio.board).not_to_have_attribute("corner", f"{b}:4")
    keys.press("Control+z")
    entries_are(studio, EMPTY)
    moves(studio, 0, 3)

    reload(studio)  # the position in the history is saved too
    entries_are(studio, EMPTY)
    moves(studio, 0, 3)
    studio.button("Redo").click()
    entries_are(studio, with_entry({a: SOLUTION[a]}))
    keys.press("Control+y")
    expect(studio.board).to_have_attribute("corner", f"{b}:4")
    keys.press("Control+Shift+z")
    entries_are(studio, three)
    moves(studio, 3, 0)


# Five thousand moves as the number pad makes them: `board.input(digit)` on the selected cell is
# the pad's own call (tool-pad.js), so each is a real move with its sudoku-change event, record
# and autosave; typed as key presses they would take minutes. Digits 1..9 in turn in one cell,
# corner marks in turn in another, so every input changes the board (no move is a no-op).
PLAY_MOVES = """([count, digitCell, markCell]) => {
  const board = document.getElementById("board");
  for (let i = 0; i < count; i++) {
    const digit = String((i % 9) + 1);
    if (i % 2 === 0) {
      board.selected = digitCell;
      board.input(digit, "digit");
    } else {
      board.selected = markCell;
      board.input(digit, "corner");
    }
  }
  return board.getAttribute("entries");
}"""

# Undo pressed `count` times, as the Undo button's clicks; the entries after, and the time the
# clicks took (printed, never asserted).
UNDO_TIMES = """(count) => {
  const button = document.getElementById("undo-move");
  const start = performance.now();
  for (let i = 0; i < count; i++) button.click();
  return [document.getElementById("board").getAttribute("entries"), performance.now() - start];
}"""


def test_a_game_of_5000_moves_stays_small_and_1000_undos_work(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + link_to(PUZZLE))
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    digit_cell, mark_cell = EMPTIES[0], EMPTIES[1]
    studio.cell(digit_cell).click()  # one cell selected, as a person starts
    moves(studio, 0, 0)
    studio.page.evaluate(PLAY_MOVES, [4000, digit_cell, mark_cell])
    entries_after_4000 = str(studio.board.get_attribute("entries"))
    studio.page.evaluate(PLAY_MOVES, [1000, digit_cell, mark_cell])
    moves(studio, 5000, 0)

    record = saved_record(studio, PUZZLE)
    history = record["play"]["history"]
    assert len(history["moves"]) == 5000
    assert history["at"] == 5000
    size, history_size = json_size(record), json_size(history)
    print(
        f"\nhistory size: a saved game with 5,000 moves is {size / 1024:.1f} KB "
        f"(its history {history_size / 1024:.1f} KB, {history_size / 5000:.1f} bytes a move)"
    )
    assert size < 100 * 1024

    after_undos, undo_ms = studio.page.evaluate(UNDO_TIMES, 1000)
    print(f"1,000 undos took {undo_ms:.0f} ms in the page ({undo_ms / 1000:.2f} ms each)")
    assert after_undos == entries_after_4000
    moves(studio, 4000, 1000)
    record = saved_record(studio, PUZZLE)
    assert record["play"]["history"]["at"] == 4000
    assert record["play"]["undos"] == 1000
    print(f"after 1,000 undos: {json_size(record) / 1024:.1f} KB")
    studio.button("Redo").click()
    moves(studio, 4001, 999)
