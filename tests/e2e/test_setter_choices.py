"""Create mode's setter tools (web/puzzles/setter-view.js, minimal-choices.js): Make minimal…'s
choices are told apart (their givens, the givens they remove, symmetry, then their level), each
offered once, and pointing at one shows on the board the givens it removes; the symmetry line
names the cells to fill to complete a near symmetry."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from sudoku_core.setter import minimize

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
# its solution without r1c1: 80 givens, unique; its minimal puzzles have 22, 23, 23 and 25
NEARLY_FULL = ".19748632783652419426139875357986241264317598198524367975863124832491756641275983"


def highlighted(app: Studio) -> list[int]:
    text = app.board.get_attribute("highlight")
    return sorted(json.loads(text)["cells"]) if text else []


def test_minimal_choices_say_how_they_differ_and_preview_what_they_remove(app: Studio) -> None:
    app.type_grid(NEARLY_FULL)
    expect(app.page.locator("#create-verdict")).to_have_attribute("data-status", "unique")
    app.page.get_by_role("button", name="Make minimal…").click()
    expected = minimize(NEARLY_FULL, choices=4)
    choices = app.page.locator("#setter-actions button")
    expect(choices).to_have_count(len(expected))
    labels = choices.all_text_contents()
    assert len(set(labels)) == len(labels), labels  # no two read the same
    assert [int(label.split()[0]) for label in labels] == [m.givens for m in expected]
    for i, minimal in enumerate(expected):
        choice = choices.nth(i)
        expect(choice).to_contain_text(f"{minimal.givens} givens · ")
        expect(choice).to_contain_text("removes r")
        choice.hover()
        assert highlighted(app) == sorted(minimal.removed)
    # the levels follow, graded in the background
    for i in range(len(expected)):
        expect(choices.nth(i)).to_contain_text(
            re.compile(r"^\d+ givens · (Easy|Medium|Hard|Unfair|Extreme) · ")
        )
    app.page.mouse.move(0, 0)  # pointing away: the redundant givens again, then focus previews
    assert highlighted(app) == list(range(1, 81))
    choices.nth(1).focus()
    assert highlighted(app) == sorted(expected[1].removed)
    choices.nth(1).click()
    givens = str(app.board.get_attribute("givens"))
    assert givens == "".join(str(d) if d else "." for d in expected[1].puzzle)


def test_the_symmetry_line_names_the_cells_to_fill(app: Studio) -> None:
    app.type_grid(PUZZLE[:75] + "...." + PUZZLE[79:])
    expect(app.page.locator("#setter-symmetry")).to_have_text(
        "No symmetry; nearly rot180: fill r9c4, r9c5, r9c6, r9c7 to complete it"
        " (the partners of r1c3, r1c4, r1c5, r1c6)."
    )
