"""Create mode (web/puzzles/create-view.js): the verdict on the givens as they are typed, and the
gate between Create and Play. The clashing cells show at once; the engine's check follows when
the typing stops (no solution, several solutions with the cells where two differ, unique with
its level). Play starts for a unique puzzle; any other stays in Create mode, says why and offers
"Play anyway", which needs that explicit click. (A check that gives up is covered by the Node
tests of intake.js: no puzzle here is slow enough to give up reliably within 0.1 s.)"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Counted, Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
UNSOLVABLE = PUZZLE[:-1] + "1"


def verdict(app: Studio, status: str) -> None:
    expect(app.page.locator("#create-verdict")).to_have_attribute("data-status", status)


def still_creating(app: Studio) -> None:
    """Still in Create mode, nothing timed."""
    expect(app.page.locator("body")).to_have_attribute("data-mode", "enter")
    expect(app.page.get_by_role("radio", name="Create", include_hidden=True)).to_be_checked()
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "stopped")


def several(counted: list[Counted]) -> str:
    return next(c for c in counted if c.count > 1 and 81 - c.puzzle.count(".") >= 17).puzzle


def test_clashing_givens_are_named_at_once(app: Studio) -> None:
    app.type_grid("5...5")
    verdict(app, "invalid")
    expect(app.page.locator("#create-verdict")).to_have_text(
        "Digit 5 appears twice in row 1 (r1c1, r1c5)."
    )
    assert app.conflict_cells() == [0, 4]
    app.cell(4).click()
    app.page.keyboard.press("Delete")
    verdict(app, "few")
    expect(app.page.locator("#create-verdict")).to_contain_text("With 1 given it cannot be unique")


def test_a_unique_puzzle_is_said_with_its_level(app: Studio) -> None:
    app.type_grid(PUZZLE)
    verdict(app, "unique")
    text = app.page.locator("#create-verdict")
    expect(text).to_contain_text("Unique: exactly one solution.")
    expect(text).to_contain_text("Level:")
    expect(app.page.locator("#create-play")).to_be_enabled()
    expect(app.page.locator("#create-anyway")).to_be_hidden()


def test_several_solutions_flag_where_two_differ(app: Studio, counted: list[Counted]) -> None:
    puzzle = several(counted)
    app.type_grid(puzzle)
    verdict(app, "multiple")
    expect(app.page.locator("#create-verdict")).to_contain_text(
        "Several solutions: two of them differ in"
    )
    expect(app.board.locator("[data-flagged]").first).to_be_attached()
    cells = app.flagged()
    assert len(cells) >= 2 and all(puzzle[c] == "." for c in cells)
    expect(app.page.locator("#create-anyway")).to_be_visible()


def test_no_solution_and_too_few_givens(app: Studio) -> None:
    app.type_grid(UNSOLVABLE)
    verdict(app, "no_solution")
    expect(app.page.locator("#create-verdict")).to_have_text(
        "No solution: the givens follow the rules but cannot be completed."
    )
    app.button("Clear all").click()
    app.type_grid("123456789")
    verdict(app, "multiple")
    expect(app.page.locator("#create-verdict")).to_contain_text(
        "With 9 givens it cannot be unique: a unique puzzle needs at least 17."
    )


def test_a_complete_grid_is_not_played(app: Studio) -> None:
    app.type_grid(SOLUTION)
    verdict(app, "solved")
    expect(app.page.locator("#create-play")).to_be_disabled()
    app.mode("Play", anyway=False)
    still_creating(app)
    expect(app.page.locator("#status")).to_contain_text("Not played. The grid is already solved")
    expect(app.page.locator("#create-anyway")).to_be_hidden()


def test_play_this_puzzle_plays_a_unique_puzzle(app: Studio) -> None:
    app.type_grid(PUZZLE)
    app.page.get_by_role("button", name="Play this puzzle").click()
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.page.get_by_role("radio", name="Play", include_hidden=True)).to_be_checked()
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")
    expect(app.page.locator("#create-bar")).to_be_hidden()


def test_the_play_radio_checks_first_even_before_the_live_verdict(app: Studio) -> None:
    """Play chosen right after the last keystroke (the live check not asked yet): the gate asks
    the engine itself, and plays the unique puzzle."""
    app.type_grid(PUZZLE)
    app.mode("Play", anyway=False)
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")


def test_the_play_radio_keeps_a_puzzle_with_several_solutions_in_create_mode(
    app: Studio, counted: list[Counted]
) -> None:
    app.type_grid(several(counted))
    app.mode("Play", anyway=False)
    expect(app.page.locator("#status")).to_contain_text("Not played yet. Several solutions")
    expect(app.page.locator("#status")).to_contain_text("Change the givens, or Play anyway.")
    still_creating(app)
    anyway = app.page.get_by_role("button", name="Play anyway")
    expect(anyway).to_be_visible()
    anyway.click()
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "running")
    # played anyway: Review my solve says why it cannot label the moves, and stops labelling
    empty = str(app.board.get_attribute("givens")).index(".")
    app.cell(empty).click()
    app.page.keyboard.press("5")
    app.button("Review my solve…").click()
    review = app.page.locator("#review-dialog")
    expect(review).to_have_attribute("data-state", "failed", timeout=60_000)
    expect(app.page.locator("#review-work")).to_have_text(
        "Your moves cannot be labelled: the puzzle has several solutions."
    )
    expect(review).not_to_contain_text("Labelling")
    review.get_by_role("button", name="Close", exact=True).click()


def test_the_play_radio_on_an_empty_grid_offers_play_anyway(app: Studio) -> None:
    expect(app.page.locator("#create-anyway")).to_be_hidden()  # not offered before it is asked
    app.mode("Play", anyway=False)
    still_creating(app)
    expect(app.page.locator("#status")).to_contain_text(
        "Not played yet. The puzzle is empty: no givens."
    )
    expect(app.page.locator("#create-anyway")).to_be_visible()


def test_create_from_play_keeps_the_players_digits(app: Studio) -> None:
    app.paste(PUZZLE)
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    app.cell(0).click()
    app.page.keyboard.press("5")
    app.mode("Create")
    verdict(app, "unique")
    assert app.entries()[0] == "5"
    expect(app.page.locator("#timer-box")).to_have_attribute("data-state", "stopped")
    app.page.get_by_role("button", name="Play this puzzle").click()
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    assert app.entries()[0] == "5"


TWO_SOLUTIONS = "519748..2783652419426139875357986241264317598198524..7975863124832491756641275983"
"""A full grid with a deadly rectangle emptied: two solutions; any of 8 single givens repairs it."""


def test_setter_tools_suggest_a_given_that_makes_it_unique(app: Studio) -> None:
    app.type_grid(TWO_SOLUTIONS)
    verdict(app, "multiple")
    tools = app.page.locator("#setter-tools")
    expect(tools).to_be_visible()
    expect(app.page.locator("#setter-text")).to_contain_text("adding r1c7=3 makes it unique")
    assert sorted(app.flagged()) == [6, 7, 51, 52]  # where the two solutions differ
    add = tools.get_by_role("button", name="Add r1c7=3")
    expect(tools.get_by_role("button")).to_have_count(6)
    expect(tools.get_by_role("button").first).to_have_text("Add r1c7=3")  # the one named
    add.click()
    verdict(app, "unique")
    assert app.page.evaluate("document.querySelector('sudoku-board').givens")[6] == "3"
    expect(app.page.locator("#setter-text")).to_have_text(
        "77 redundant givens (each could go alone), highlighted on the board."
    )


# 64 solutions; the given the sentence names (r6c7=9) is not among the first six in cell order
SIXTY_FOUR = "........5..96..8..26..78..3.2..36....3....1.2...1.7..4...75..1...2......7.6..4..9"


def test_the_given_the_setter_tools_name_is_the_first_offered(app: Studio) -> None:
    app.type_grid(SIXTY_FOUR)
    verdict(app, "multiple")
    text = app.page.locator("#setter-text")
    expect(text).to_contain_text("adding r6c7=9 makes it unique")
    buttons = app.page.locator("#setter-tools").get_by_role("button")
    expect(buttons).to_have_count(6)
    expect(buttons.first).to_have_text("Add r6c7=9")


def test_setter_tools_mark_redundant_givens_and_make_minimal(app: Studio) -> None:
    app.type_grid(PUZZLE)
    verdict(app, "unique")
    expect(app.page.locator("#setter-text")).to_have_text(
        "Redundant givens (each could go alone): r1c4, r1c6, r5c2."
    )
    expect(app.page.locator("#setter-symmetry")).to_have_text("Symmetry: rot180.")
    app.page.get_by_role("button", name="Make minimal…").click()
    choice = app.page.locator("#setter-actions").get_by_role(
        "button", name=re.compile(r"^25 givens · .*removes r1c4, r5c2$")
    )
    choice.click()
    verdict(app, "unique")
    expect(app.page.locator("#setter-text")).to_have_text("Minimal: no given can go.")
    givens = app.page.evaluate("document.querySelector('sudoku-board').givens")
    assert 81 - givens.count(".") - givens.count("0") == 25


def test_play_anyway_on_several_solutions_hint_and_check_say_why_in_plain_words(
    app: Studio,
) -> None:
    app.type_grid(TWO_SOLUTIONS)
    verdict(app, "multiple")
    app.page.get_by_role("button", name="Play anyway").click()
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    app.button("Hint").click()
    text = app.page.locator("#hint-text")
    expect(text).to_have_attribute("data-kind", "none")
    expect(text).to_have_text(
        "This puzzle has more than one solution, so logic alone cannot decide every cell and no"
        " hint can be found: two of them differ in 4 cells (r1c7, r1c8, r6c7 and r6c8, marked on"
        " the board)."
    )
    expect(app.verdict).to_have_text("")  # no engine error beside it
    drawn = app.board.locator("svg.overlay rect[data-cell]")
    expect(drawn).to_have_count(4)  # the cells where the two differ, outlined
    assert sorted(int(str(c.get_attribute("data-cell"))) for c in drawn.all()) == [6, 7, 51, 52]
    # Check with a digit of the player's: why it cannot say right or wrong
    app.cell(6).click()
    app.page.keyboard.press("6")
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "multiple")
    expect(app.verdict).to_have_text(
        "This puzzle has more than one solution: two of them differ in 4 cells (r1c7, r1c8, r6c7"
        " and r6c8, marked on the board). So Check cannot tell which of your digits are right:"
        " there is no single answer to compare them with."
    )
    assert app.flagged() == [6, 7, 51, 52]


def test_check_on_an_empty_grid_says_how_to_start(app: Studio) -> None:
    app.mode("Create")
    app.button("Check").click()
    expect(app.verdict).to_have_text(
        "The grid is empty: type the givens of a puzzle (select a cell, then a digit), paste one"
        " (Games panel, Paste puzzle…), or start a new one (New puzzle…)."
    )
    assert app.flagged() == []


def test_the_line_under_the_mode_radios_describes_the_mode_selected(app: Studio) -> None:
    app.paste(PUZZLE)
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    app.show_panel("Games")
    line = app.page.locator("fieldset.mode + .hint")
    expect(line).to_have_text(re.compile(r"^Play: solve the puzzle"), use_inner_text=True)
    app.mode("Create")
    expect(line).to_have_text(re.compile(r"^Create: type or paste the givens"), use_inner_text=True)
