"""A chain hint drawn on the board: on a fixed state whose next step is a Nice
Loop/AIC, the pattern and effect levels draw one link per chain edge, in the chain's order,
with the engine's strong/weak values (read from the overlay's data- attributes, never pixels);
the nudge draws none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import start_game
from sudoku_core import hint

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

# A magictour_top1465 puzzle after eleven placements of its solving path: with the candidates
# the rules leave (no marks), the next step is the AIC (the shortest of those that remove it, as
# HoDoKu picks) (7)r1c2=(7)r1c8-(7)r2c9=(7)r8c9-(6)r8c9=(6)r8c2, which removes 6 from r1c2.
PUZZLE = "..2.....51...23.8.9..7....1....3..52..6.....8.9.1..6..7.8.695.........3..4..57..."
ENTERED = {
    6: "3",
    11: "4",
    20: "3",
    29: "7",
    47: "5",
    53: "3",
    61: "1",
    62: "4",
    63: "5",
    65: "9",
    74: "1",
}
GRID = "".join(ENTERED.get(c, ch) for c, ch in enumerate(PUZZLE))
ENTRIES = "".join(ENTERED.get(c, ".") for c in range(81))
HINT = hint(PUZZLE, GRID)
FOUND = HINT.step
assert FOUND is not None and FOUND.technique == "Nice Loop/AIC", "the fixed state's step changed"
STEP = FOUND
LINKS = [
    (f"{a[0]}:{a[1]}", f"{b[0]}:{b[1]}", str(strong).lower()) for a, b, strong, *_ in STEP.links
]
assert len(LINKS) == 5 and [s for *_, s in LINKS] == ["true", "false"] * 2 + ["true"]

READ_LINKS = """(board) => [...board.shadowRoot.querySelectorAll("svg.overlay line[data-from]")]
  .map((e) => [e.dataset.from, e.dataset.to, e.dataset.strong])"""


def drawn_links(app: Studio) -> list[tuple[str, str, str]]:
    found: list[list[Any]] = app.board.evaluate(READ_LINKS)
    return [(str(a), str(b), str(s)) for a, b, s in found]


def press_hint(app: Studio, level: int) -> None:
    app.button("Hint").click()
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", str(level))


def test_a_chain_hint_draws_one_link_per_edge_with_its_strength(app: Studio) -> None:
    start_game(app, PUZZLE)
    for cell, digit in ENTERED.items():
        app.cell(cell).click()
        app.page.keyboard.press(digit)
    expect(app.board).to_have_attribute("entries", ENTRIES)
    text = app.page.locator("#hint-text")
    lines = app.board.locator("svg.overlay line[data-from]")

    press_hint(app, 1)  # the nudge: where to look, no chain yet
    expect(text).to_have_text(HINT.nudge)
    assert drawn_links(app) == []

    press_hint(app, 2)  # the pattern: the chain, edge by edge, in order
    expect(text).to_contain_text(HINT.pattern)
    expect(lines).to_have_count(len(LINKS))
    assert drawn_links(app) == LINKS
    strong = app.board.locator('svg.overlay line[data-from][data-strong="true"]')
    expect(strong).to_have_count(3)

    press_hint(app, 3)  # the effect: the same chain, and the removal struck
    expect(text).to_contain_text("remove 6 from r1c2.")
    expect(app.board.locator('svg.overlay [data-role="eliminate"]')).to_have_count(1)
    assert drawn_links(app) == LINKS
