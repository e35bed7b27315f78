"""What the tests of the player's toolkit on the page share (test_play_toolkit.py,
test_play_history.py): the puzzle and its solution, the pad, the settings dialog, the clock and
the saved record, each driven or read the way a person (or the page's own attributes) shows it."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from e2e.test_game_library import ALL_RECORDS  # the one reader of the game library
from sudoku_core import format_line, solve

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from e2e.conftest import Studio

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def solution_of(puzzle: str) -> str:
    solved = solve(puzzle)
    assert solved is not None, "the test puzzle has a solution"
    return format_line(solved)


SOLUTION = solution_of(PUZZLE)
EMPTY = "." * 81
EMPTIES = [c for c in range(81) if PUZZLE[c] == "."]


def peers(cell: int) -> set[int]:
    row, col = divmod(cell, 9)
    box = (row // 3 * 3, col // 3 * 3)
    return {
        other
        for other in range(81)
        if other != cell
        and (
            other // 9 == row
            or other % 9 == col
            or (other // 9 // 3 * 3, other % 9 // 3 * 3) == box
        )
    }


def candidates(grid: str, cell: int) -> str:
    """The digits the rules allow in an empty cell of ``grid``, as a string ("1457")."""
    taken = {grid[p] for p in peers(cell)}
    return "".join(d for d in "123456789" if d not in taken)


def wrong_digit(cell: int, grid: str = PUZZLE) -> str:
    """A digit that breaks no rule in ``cell`` of ``grid`` but is not the solution's."""
    return next(d for d in candidates(grid, cell) if d != SOLUTION[cell])


def link_to(puzzle: str) -> str:
    """The share-link hash that opens ``puzzle`` (no engine needed)."""
    return "#puzzle=" + puzzle.replace(".", "0")


def start_game(app: Studio, puzzle: str = PUZZLE) -> None:
    """Paste ``puzzle`` as a new game (empty history) and play it."""
    app.paste(puzzle)
    expect(app.board).to_have_attribute("givens", puzzle)
    app.mode("Play")


def saved(studio: Studio) -> None:
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")


def reload(studio: Studio) -> None:
    saved(studio)
    studio.page.reload()
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")


# --- the pad, the tools, the history buttons -------------------------------------------------------


def pad(studio: Studio, digit: str) -> None:
    """Press a key of the number pad ("" is its clear key)."""
    studio.page.locator(f'#numpad button[data-digit="{digit}"]').click()


def tool(studio: Studio, name: str) -> None:
    """Press a tool of the pad (Digit, Corner, Centre, Colour)."""
    studio.page.get_by_role("group", name="What the number keys write").get_by_role(
        "button", name=name, exact=True
    ).click()


def moves(studio: Studio, undo: int, redo: int) -> None:
    """The history has ``undo`` moves to undo and ``redo`` to redo (the buttons say so)."""
    expect(studio.page.locator("#undo-move")).to_have_attribute("data-moves", str(undo))
    expect(studio.page.locator("#redo-move")).to_have_attribute("data-moves", str(redo))


def entries_are(studio: Studio, entries: str) -> None:
    expect(studio.board).to_have_attribute("entries", entries)


def with_entry(cells: dict[int, str], base: str = EMPTY) -> str:
    out = list(base)
    for cell, digit in cells.items():
        out[cell] = digit
    return "".join(out)


def no_marks(studio: Studio, layer: str) -> None:
    """No cell has marks (or colours) in ``layer``: the attribute is empty or absent."""
    expect(studio.board).not_to_have_attribute(layer, re.compile(r"\d"))


def marks_of(studio: Studio, layer: str) -> dict[int, str]:
    """``layer`` ("corner", "centre", "colours") as cell -> digits, from the board's attribute."""
    text = studio.board.get_attribute(layer) or ""
    return {int(cell): digits for cell, digits in (t.split(":") for t in text.split())}


# --- settings -------------------------------------------------------------------------------------

MISTAKES = {
    "off": "Don't mark them",
    "conflicts": "Mark rule conflicts",
    "solution": "Mark digits that differ from the solution",
}
AUTO_CANDIDATES = "Keep the candidates as centre marks"
PEER_MARKS = "A placed digit removes itself"
SHOW_TIMER = "Show the timer"
MARKS_COMPLETE = "My centre marks are complete candidates"
CENTRE_GRID = "Show centre marks in 3\u00d73 positions"


def open_dialog(studio: Studio, button: str, dialog_id: str) -> Locator:
    """The dialog ``#dialog_id``, opened by the button named ``button`` (its tab or menu first)."""
    studio.button(button).click()
    dialog = studio.page.locator(f"#{dialog_id}")
    expect(dialog).to_have_attribute("open", "")
    return dialog


def open_settings(studio: Studio) -> Locator:
    return open_dialog(studio, "Settings…", "settings-dialog")


def close_settings(studio: Studio) -> None:
    studio.button("Done").click()
    expect(studio.page.locator("#settings-dialog")).not_to_have_attribute("open", "")


def setting(studio: Studio, label: str) -> Locator:
    """A checkbox or radio of the settings dialog, by the start of its label."""
    return studio.page.locator("#settings-dialog").get_by_label(re.compile(re.escape(label)))


def choose(studio: Studio, **changes: bool | str) -> None:
    """Change settings through the dialog: ``mistakes="off"``, ``auto_candidates=True``,
    ``peer_marks=False``, ``show_timer=False``, ``marks_complete=True``, ``centre_grid=True``."""
    labels = {
        "auto_candidates": AUTO_CANDIDATES,
        "peer_marks": PEER_MARKS,
        "show_timer": SHOW_TIMER,
        "marks_complete": MARKS_COMPLETE,
        "centre_grid": CENTRE_GRID,
    }
    open_settings(studio)
    for name, value in changes.items():
        if name == "mistakes":
            setting(studio, MISTAKES[str(value)]).check()
        else:
            setting(studio, labels[name]).set_checked(bool(value))
    close_settings(studio)


# --- the clock --------------------------------------------------------------------------------------

# The clock redraws #timer every 250 ms (its data-ms, whether or not it changed): a
# MutationObserver on that attribute waits for the clock itself, with no fixed sleep. Run through
# page.evaluate (DevTools' evaluation, which the page's CSP does not govern, unlike
# wait_for_function's string).
WAIT_TIMER = """([min, draws, timeout]) => new Promise((resolve, reject) => {
  const timer = document.getElementById("timer");
  let seen = 0;
  const done = () => Number(timer.dataset.ms) > min && seen >= draws;
  if (done()) return resolve(Number(timer.dataset.ms));
  const observer = new MutationObserver(() => {
    seen += 1;
    if (!done()) return;
    observer.disconnect();
    clearTimeout(giveUp);
    resolve(Number(timer.dataset.ms));
  });
  observer.observe(timer, { attributes: true, attributeFilter: ["data-ms"] });
  const giveUp = setTimeout(() => {
    observer.disconnect();
    reject(new Error(`#timer data-ms stayed at ${timer.dataset.ms} (wanted > ${min}, ${draws} draws; saw ${seen})`));
  }, timeout);
})"""


def timer_ms(studio: Studio) -> int:
    return int(str(studio.page.locator("#timer").get_attribute("data-ms")))


def wait_timer(studio: Studio, above: int = -1, draws: int = 0, timeout_ms: int = 30_000) -> int:
    """Wait until the clock shows more than ``above`` ms after at least ``draws`` redraws; its ms."""
    ms: Any = studio.page.evaluate(WAIT_TIMER, [above, draws, timeout_ms])
    return int(ms)


# Page Visibility emulated in the page: `document.visibilityState` redefined on the document and a
# `visibilitychange` dispatched, which is exactly what the page listens to. Chromium has no
# DevTools call that hides one page of a headless browser (Emulation.setFocusEmulationEnabled
# changes focus, not visibility; Page.setWebLifecycleState "frozen" also stops the page's timers,
# so the clock could not be watched standing still), and a second tab in front does not hide the
# first in headless mode.
SET_VISIBILITY = """(state) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def set_visibility(studio: Studio, state: str) -> None:
    studio.page.evaluate(SET_VISIBILITY, state)


# --- the saved record --------------------------------------------------------------------------------


def saved_record(studio: Studio, givens: str) -> dict[str, Any]:
    """The saved game (IndexedDB record) with these givens."""
    saved(studio)
    records: list[dict[str, Any]] = studio.page.evaluate(ALL_RECORDS)
    found = [r for r in records if r.get("givens") == givens]
    assert len(found) == 1, f"{len(found)} saved games with these givens"
    return found[0]


def json_size(value: object) -> int:
    """Bytes of ``value`` as compact JSON (the size of the record as data)."""
    return len(json.dumps(value, separators=(",", ":")).encode())
