"""The Path view and "Why this grade": on a fixed state (a medium pool puzzle
after four singles) the page lists the library's own solving path (`grade(grid).path`, computed
here in the test process) one numbered line per step; Next/Previous, the arrow keys and a click
move the selection and the board's drawing (read from the overlay's data- attributes, never
pixels); "Apply up to here" is one move that Undo takes back; the grade shows the level, score,
techniques and the hardest step, which draws itself when clicked."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe
from e2e.play_helpers import moves, no_marks
from e2e.test_hint_drawing import ENTERED, ENTRIES, GRID, PUZZLE, names, overlay
from e2e.test_hint_drawing import set_up as hint_state
from sudoku_core import grade, parse
from sudoku_core.explain.words import summary as in_words
from sudoku_core.logic import Board

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from e2e.conftest import Studio
    from sudoku_core.logic.steps import Step

pytestmark = pytest.mark.e2e

GRADE = grade(GRID)
PATH = GRADE.path
HARDEST = GRADE.bottleneck
assert len(PATH) > 20 and HARDEST is not None, "the fixed state's path changed"
assert PATH[0].technique == "Locked Pair" and PATH[1].placements, "the fixed state's path changed"
HARDEST_AT = PATH.index(HARDEST)


def set_up(app: Studio) -> None:
    """The hint tests' fixed state (four digits typed as a person would), then Path."""
    hint_state(app)
    app.button("Show the solving path").click()
    expect(panel(app)).to_be_visible()


def panel(app: Studio) -> Locator:
    return app.page.locator("#path-panel")


def selected(app: Studio, index: int) -> None:
    """Step ``index`` is the selected option (and the listbox's active descendant)."""
    expect(panel(app)).to_have_attribute("data-selected", str(index))
    listbox = app.page.get_by_role("listbox", name="Solving path")
    expect(listbox).to_have_attribute("aria-activedescendant", f"path-step-{index}")
    option = app.page.get_by_role("option", selected=True)
    expect(option).to_have_count(1)
    expect(option).to_have_text(f"{index + 1}. {in_words(PATH[index])}")


def drawing_of(index: int) -> dict[str, set[tuple[int, int]]]:
    """What step ``index`` draws: its own candidates (the digits the steps before placed are
    on the board's preview, not drawn)."""
    step: Step = PATH[index]
    place = set(step.placements)
    return {
        "pattern": set(step.candidates) - place - set(step.eliminations),
        "eliminate": set(step.eliminations),
        "place": place,
    }


def board_before(index: int) -> tuple[str, str]:
    """The board the preview shows at step ``index``: the player's digits and the ones the
    steps before placed (preview-entries), the candidates left (preview-centre)."""
    board = Board.from_grid(parse(GRID))
    for step in PATH[:index]:
        step.apply(board)
    entries = "".join(
        str(board.values[c]) if board.values[c] and PUZZLE[c] == "." else "." for c in range(81)
    )
    centre = " ".join(
        f"{c}:{''.join(str(d) for d in range(1, 10) if board.cands[c] >> (d - 1) & 1)}"
        for c in range(81)
        if board.cands[c]
    )
    return entries, centre


def drawn(app: Studio, index: int) -> None:
    """The board shows step ``index``: the board as it is before it (its preview: digits placed
    and candidates removed by the steps before), and the step drawn on it."""
    entries, centre = board_before(index)
    expect(app.board).to_have_attribute("preview-entries", entries)
    expect(app.board).to_have_attribute("preview-centre", centre)
    expect(app.board).to_have_attribute("entries", ENTRIES)  # the player's own layer is untouched
    from_path = {c for c in range(81) if entries[c] != ENTRIES[c]}
    assert from_path == {c for c, _ in {p for s in PATH[:index] for p in s.placements}}
    for cell in list(from_path)[:3]:
        expect(app.cell(cell)).to_have_attribute("aria-label", re.compile(r"placed by the path"))
    want = drawing_of(index)
    expect(app.board.locator('svg.overlay [data-role="place"]')).to_have_count(len(want["place"]))
    expect(app.board.locator('svg.overlay [data-role="eliminate"]')).to_have_count(
        len(want["eliminate"])
    )
    found: dict[str, Any] = overlay(app)
    by_role = {
        role: {(c, d) for c, d, r in found["candidates"] if r == role}
        for role in ("pattern", "eliminate", "place")
    }
    assert by_role == want, (index, PATH[index].text)
    assert set(found["cells"]) == set(PATH[index].cells)


def test_the_path_lists_every_step_and_the_selection_moves_the_drawing(app: Studio) -> None:
    set_up(app)
    listbox = app.page.get_by_role("listbox", name="Solving path")
    expect(listbox).to_have_attribute("data-count", str(len(PATH)))
    options = app.page.get_by_role("option")
    expect(options).to_have_count(len(PATH))
    # in words; the selected step's notation is behind the Notation disclosure
    expect(options).to_have_text([f"{i + 1}. {in_words(step)}" for i, step in enumerate(PATH)])
    notation = app.page.locator("#path-notation")
    expect(notation).to_be_visible()
    expect(notation.locator("code")).to_have_text(PATH[0].text)
    expect(notation.locator("code")).to_be_hidden()
    selected(app, 0)
    drawn(app, 0)
    check_axe(app.page, "the Path panel open, a step drawn")

    # Next and Previous
    app.button("Next").click()
    selected(app, 1)
    drawn(app, 1)
    app.button("Next").click()
    selected(app, 2)
    drawn(app, 2)  # step 1's digit is shown as placed
    app.button("Previous").click()
    selected(app, 1)
    drawn(app, 1)

    # the keys of a listbox
    listbox.focus()
    app.page.keyboard.press("ArrowDown")
    selected(app, 2)
    app.page.keyboard.press("End")
    selected(app, len(PATH) - 1)
    drawn(app, len(PATH) - 1)
    expect(app.button("Next")).to_be_disabled()
    app.page.keyboard.press("Home")
    selected(app, 0)
    expect(app.button("Previous")).to_be_disabled()

    # a click jumps there
    options.nth(10).click()
    selected(app, 10)
    drawn(app, 10)

    # What is it? The selected step's technique, explained in a dialog
    technique = app.page.locator("#path-technique")
    expect(technique).to_have_attribute("data-technique", PATH[10].technique)
    technique.click()
    dialog = app.page.get_by_role("dialog", name=PATH[10].technique)
    expect(dialog).to_be_visible()
    expect(app.page.locator("#technique-look")).not_to_be_empty()
    app.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # Close: the panel, the drawing and the path's board go; the player's board is as it was
    app.button("Close").click()
    expect(panel(app)).to_be_hidden()
    expect(app.board.locator("svg.overlay [data-role]")).to_have_count(0)
    expect(app.board.locator("svg.overlay [data-house]")).to_have_count(0)
    for name in ("preview-entries", "preview-centre"):
        expect(app.board).not_to_have_attribute(name, re.compile(".*"))
    expect(app.board).to_have_attribute("entries", ENTRIES)
    no_marks(app, "centre")
    assert not any("placed by the path" in n for n in names(app).values())
    moves(app, 4, 0)  # looking made no move


def test_apply_up_to_here_is_one_move_and_undo_restores_the_board(app: Studio) -> None:
    set_up(app)
    moves(app, 4, 0)
    at = 7
    app.page.get_by_role("option").nth(at).click()
    selected(app, at)
    app.button("Apply up to here").click()
    moves(app, 5, 0)
    placed = dict(ENTERED)
    for step in PATH[: at + 1]:
        placed.update({c: str(d) for c, d in step.placements})
    expect(app.board).to_have_attribute("entries", "".join(placed.get(c, ".") for c in range(81)))
    # the digits changed: the path was for the grid before, so the panel and drawing went
    expect(panel(app)).to_be_hidden()
    expect(app.board.locator("svg.overlay [data-role]")).to_have_count(0)
    expect(app.page.locator("#status")).to_contain_text(f"Applied {at + 1} steps")
    focused = app.page.evaluate("() => document.activeElement?.id")
    assert focused == "board", "after Apply up to here, play goes on on the board"

    app.button("Undo").click()
    moves(app, 4, 1)
    expect(app.board).to_have_attribute("entries", ENTRIES)
    no_marks(app, "centre")  # the marks the eliminations wrote went too


def test_why_this_grade_shows_the_level_and_the_hardest_step(app: Studio) -> None:
    set_up(app)
    summary = app.page.locator("#grade-summary")
    expect(summary).to_have_attribute("data-level", GRADE.level.value)
    expect(summary).to_have_attribute("data-score", str(GRADE.score))
    expect(summary).to_contain_text(f"score {GRADE.score}")
    expect(summary).to_contain_text(f"ER {GRADE.rating:.1f}")
    expect(summary).to_contain_text("with your digits")  # four typed: the board's grade
    items = app.page.locator("#grade-histogram li")
    expect(items).to_have_text([f"{name}: {count}" for name, count in GRADE.histogram.items()])
    assert HARDEST is not None
    hardest = app.button(in_words(HARDEST))
    expect(hardest).to_be_visible()
    hardest.click()
    selected(app, HARDEST_AT)
    drawn(app, HARDEST_AT)
    check_axe(app.page, "Why this grade, the hardest step drawn")


def test_the_difficulty_choices_say_what_each_level_needs(app: Studio) -> None:
    app.button("New puzzle…").click()
    dialog = app.page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    help_items = app.page.locator("#level-help li")
    expect(help_items).to_have_count(6)
    expect(help_items.nth(0)).to_contain_text("Easy: singles only")
    expect(app.page.locator("#new-difficulty")).to_have_attribute(
        "aria-describedby", "pool-status level-help"
    )
    app.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_a_solved_grid_says_it_is_already_solved_in_path_and_hint(app: Studio) -> None:
    """Solve, then Path and Hint: a clear answer (no step, nothing to grade), never an engine
    error."""
    hint_state(app)
    app.solve()
    solved = "".join(
        "." if given != "." else str(d) for given, d in zip(PUZZLE, GRADE.solution, strict=True)
    )
    expect(app.board).to_have_attribute("entries", solved)
    app.button("Show the solving path").click()
    expect(panel(app)).to_be_visible()
    expect(app.page.locator("#path-status")).to_have_text(
        "The puzzle is already solved: there is no step left."
    )
    expect(app.page.locator("#grade-summary")).to_have_text(
        "The puzzle is already solved: there is nothing left to grade."
    )
    expect(app.page.locator("#path-list [role=option]")).to_have_count(0)
    expect(app.page.locator("#verdict-box")).not_to_contain_text("could not")
    app.button("Hint").click()
    expect(app.page.locator("#hint-text")).to_have_text("The puzzle is solved.")
