"""The step's figures drawn on the board: a fish's base and cover sets and fins, a
colouring step's two colours, ALS cell groups and the group nodes of grouped chains, each
readable without colour (the cells' names and the hint's text say which cell is what), in light
and dark mode; "What is a ...?" opens the technique's explanation; a kept mark that a placed
digit rules out is named before the step that needs it gone. Read from data- attributes and
accessible names, never pixels."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import PUZZLE as SAMPLE
from e2e.play_helpers import candidates, moves, start_game
from e2e.test_hint_drawing import names, press_hint
from sudoku_core import grade, hint, parse
from sudoku_core.logic import Board

if TYPE_CHECKING:
    from e2e.conftest import Studio
    from sudoku_core.logic.steps import Step

pytestmark = pytest.mark.e2e

# Pool and magictour puzzles at a step of their solving path (found with `grade(...).path`).
FISH = (".......83.8.1..46.....6.5.....8.9..53...2....51..4...8..5...1...4.9.5....97..6...", 19)
# COLOURS: a generated Extreme puzzle (generate_graded): with HoDoKu's forcing chains the former
# puzzle's path has no Simple Colors step any more.
COLOURS = ("7...259.6...7...3...4..9.8.1.....7....5.....1.762..8......4.....83.7....9....1..8", 17)

READ = """(board) => {
  const svg = board.shadowRoot.querySelector("svg.overlay");
  const all = (selector) => [...svg.querySelectorAll(selector)];
  const style = (e) => { const s = getComputedStyle(e); return [s.stroke, s.strokeDasharray, s.fill]; };
  return {
    base: all("[data-base]").map((e) => [e.dataset.base, ...style(e)]),
    cover: all("[data-cover]").map((e) => [e.dataset.cover, ...style(e)]),
    fins: all("[data-fin]").map((e) => Number(e.dataset.fin)),
    colours: all("[data-colour]").map((e) => [e.dataset.colour, Number(e.dataset.cell), ...style(e)]),
    als: all("[data-als]").map((e) => [Number(e.dataset.als), Number(e.dataset.cell)]),
    groups: all("[data-group]").map((e) => [e.dataset.group, Number(e.dataset.digit)]),
    links: all("line[data-from]").map((e) => [e.dataset.fromCells ?? "", e.dataset.toCells ?? ""]),
  };
}"""


def figures(app: Studio) -> dict[str, Any]:
    found: dict[str, Any] = app.board.evaluate(READ)
    return found


def board_at(puzzle: str, index: int) -> tuple[str, list[int], Step]:
    """The player's digits and candidates before step ``index`` of the puzzle's path."""
    path = grade(puzzle).path
    board = Board.from_grid(parse(puzzle))
    for step in path[:index]:
        step.apply(board)
    entries = "".join(
        str(board.values[c]) if board.values[c] and puzzle[c] == "." else "." for c in range(81)
    )
    return entries, list(board.cands), path[index]


def play_from(app: Studio, puzzle: str, index: int) -> Step:
    """The puzzle in play with the digits and centre marks of step ``index`` of its path."""
    entries, marks, step = board_at(puzzle, index)
    assert hint(puzzle, "".join(e if e != "." else p for e, p in zip(entries, puzzle, strict=True)),
                candidates=marks).step == step, "the fixed state's step changed"  # fmt: skip
    start_game(app, puzzle)
    app.board.evaluate(
        "(board, [entries, centre]) => { board.layers = { ...board.layers, entries, centre }; }",
        [entries, marks],
    )
    expect(app.board).to_have_attribute("entries", entries)
    return step


def cell_names(cells: list[int]) -> str:
    return ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells)


def test_a_finned_fish_draws_base_cover_and_fins_and_explains_itself(app: Studio) -> None:
    step = play_from(app, *FISH)
    assert step.technique == "Finned X-Wing"
    text = app.page.locator("#hint-text")
    technique = app.page.locator("#hint-technique")
    press_hint(app, 1)
    expect(technique).to_be_hidden()  # the nudge does not name the pattern's cells
    press_hint(app, 2)
    expect(text).to_contain_text("Base: row 4, row 9 (solid outline). Cover: column 5, column 7")
    expect(text).to_contain_text("Fin: r9c4.")
    expect(app.board.locator("svg.overlay [data-cover]")).to_have_count(2)
    drawn = figures(app)
    assert [b[0] for b in drawn["base"]] == ["row 4", "row 9"]
    assert [c[0] for c in drawn["cover"]] == ["column 5", "column 7"]
    assert drawn["fins"] == [75]
    # two styles: base solid, cover dashed, in different colours
    assert drawn["base"][0][2] == "none" and drawn["cover"][0][2] != "none"
    assert drawn["base"][0][1] != drawn["cover"][0][1]
    said = names(app)
    assert "fin" in said[75].split(", ")
    assert "base region" in said[27].split(", ") and "cover region" in said[4].split(", ")
    assert "cover region" in said[31].split(", ") and "base region" in said[31].split(", ")

    expect(technique).to_have_text("What is a Finned X-Wing?")
    technique.click()
    dialog = app.page.get_by_role("dialog", name="Finned X-Wing")
    expect(dialog).to_be_visible()
    expect(app.page.locator("#technique-look")).to_contain_text("X-Wing")
    expect(app.page.locator("#technique-why")).to_contain_text("fin")
    app.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_a_colouring_step_shows_its_two_colours_in_light_and_dark(app: Studio) -> None:
    step = play_from(app, *COLOURS)
    assert step.technique == "Simple Colors" and len(step.colours) == 2
    a, b = (list(cells) for cells in step.colours)
    press_hint(app, 1)
    press_hint(app, 2)
    text = app.page.locator("#hint-text")
    expect(text).to_contain_text(
        f"Colour A (filled): {cell_names(a)}; Colour B (hatched): {cell_names(b)}."
    )
    expect(app.board.locator("svg.overlay [data-colour]")).to_have_count(len(a) + len(b))
    said = names(app)
    assert {c for c, n in said.items() if "colour A" in n.split(", ")} == set(a)
    assert {c for c, n in said.items() if "colour B" in n.split(", ")} == set(b)
    styles = {}
    for scheme in ("light", "dark"):
        app.page.emulate_media(color_scheme=scheme)
        drawn = figures(app)
        by_colour = {
            name: (stroke, dashes, fill) for name, _, stroke, dashes, fill in drawn["colours"]
        }
        assert {cell for name, cell, *_ in drawn["colours"] if name == "A"} == set(a)
        # A filled, B hatched (a pattern fill) and dashed: they differ without colour too
        assert not by_colour["A"][2].startswith("url(") and by_colour["B"][2].startswith("url(")
        assert by_colour["A"][1] == "none" and by_colour["B"][1] != "none"
        assert by_colour["A"][0] != by_colour["B"][0]
        styles[scheme] = by_colour
    app.page.emulate_media(color_scheme="light")
    assert styles["light"]["A"][0] != styles["dark"]["A"][0], "dark mode has its own hues"


def test_als_groups_and_group_nodes_are_drawn_as_their_cells(app: Studio) -> None:
    """A hand-made highlight (the engine's ALS steps may carry `als`): each ALS's cells, and a
    group node as one shape over all its cells with the link leaving it."""
    start_game(app, SAMPLE)
    highlight = {
        "als": [[0, 1, 2], [9, 18, "x", 99]],
        "links": [
            {"from": [27, 8], "to": [30, 8], "strong": True, "from_cells": [27, 28, 29]},
            {"from": [30, 8], "to": [48, 8], "strong": False, "to_cells": [48, 57, 66]},
            {
                "from": [48, 8],
                "to": [50, 8],
                "strong": True,
                "from_cells": [48, 57, 66],
                "to_cells": [50],
            },
        ],
    }
    app.board.evaluate("(board, h) => { board.highlight = h; }", highlight)
    expect(app.board.locator("svg.overlay [data-als]")).to_have_count(5)
    drawn = figures(app)
    assert drawn["als"] == [[1, 0], [1, 1], [1, 2], [2, 9], [2, 18]]
    assert drawn["groups"] == [["27 28 29", 8], ["48 57 66", 8]]  # each group once
    assert drawn["links"] == [["27 28 29", ""], ["", "48 57 66"], ["48 57 66", ""]]
    said = names(app)
    assert "ALS 1" in said[1].split(", ") and "ALS 2" in said[18].split(", ")
    assert all("group" in said[c].split(", ") for c in (27, 28, 29, 48, 57, 66))
    assert "group" not in said[30].split(", ")
    # the group's shape spans its three cells (column 1..3 of row 4)
    box = app.board.locator('svg.overlay [data-group="27 28 29"]').bounding_box()
    cell = app.cell(27).bounding_box()
    assert box is not None and cell is not None and box["width"] > 2 * cell["width"]
    app.page.emulate_media(media="print")
    try:
        expect(app.board.locator("svg.overlay")).to_be_hidden()
    finally:
        app.page.emulate_media(media="screen")


def test_a_kept_mark_the_step_needs_gone_is_named_first_and_apply_removes_it(app: Studio) -> None:
    """Marks as the rules leave them, plus one the player kept although a placed digit rules it
    out, in the first step's cell: the hint says to remove it first, and why; Apply removes it
    as one move; then the step comes."""
    start_game(app, SAMPLE)
    app.button("Fill candidates").click()
    first = hint(SAMPLE)
    step = first.step
    assert step is not None and step.placements
    cell, _ = step.placements[0]
    kept = next(d for d in "123456789" if d not in candidates(SAMPLE, cell))
    seen = next(p for p in range(81) if SAMPLE[p] == kept and (
        p // 9 == cell // 9 or p % 9 == cell % 9 or (p // 27, p % 9 // 3) == (cell // 27, cell % 9 // 3)))  # fmt: skip
    app.cell(cell).click()
    app.page.keyboard.press(f"Control+{kept}")
    expect(app.cell(cell)).to_have_attribute("data-centre", re.compile(kept))
    moves(app, 2, 0)
    press_hint(app, 1)
    text = app.page.locator("#hint-text")
    expect(text).to_have_attribute("data-kind", "remove_first")
    where = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    expect(text).to_have_text(
        re.compile(rf"^First remove {kept} from {where}: it sees the {kept} in r\dc\d\.$")
    )
    expect(text).to_contain_text(f"r{seen // 9 + 1}c{seen % 9 + 1}")
    assert f"eliminate {kept}" in names(app)[cell]
    app.button("Apply").click()
    moves(app, 3, 0)
    expect(app.cell(cell)).to_have_attribute("data-centre", candidates(SAMPLE, cell))
    expect(text).to_contain_text(f"Removed {kept} from {where}")
    press_hint(app, 1)
    expect(text).to_have_attribute("data-kind", "step")
    expect(text).to_have_text(first.nudge)
