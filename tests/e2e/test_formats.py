"""Other apps' formats on the page: each pasted (or opened, or Ctrl+V'd) opens the puzzle with
the player's digits and marks where the format has them; a variant is refused with its rules
named; the Share panel writes each format and opens a game in SudokuPad, f-puzzles or
sudokuwiki only when asked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Route, expect

from e2e.play_helpers import marks_of
from real_links import FPUZZLES_README, FPUZZLES_X_SUDOKU, SUDOKUWIKI_S9B
from sudoku_core.formats import Position, format_position, parse, read_position, short_fragment
from sudoku_core.grid import PEERS

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
GIVENS = tuple(0 if ch == "." else int(ch) for ch in PUZZLE)
# The player's first digit (r1c1 = 5, right) and, in every other empty cell, the candidates
# the filled cells allow: a position every format with candidates carries whole.
ENTRIES = (5,) + (0,) * 80


def candidates() -> tuple[int, ...]:
    filled = [g or e for g, e in zip(GIVENS, ENTRIES, strict=True)]
    masks = []
    for cell in range(81):
        seen = {filled[p] for p in PEERS[cell]}
        masks.append(
            0 if filled[cell] else sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
        )
    return tuple(masks)


PLAYED = Position(GIVENS, ENTRIES, centre=candidates(), corner=(0, 0, 0b11) + (0,) * 78)


def digits(mask: int) -> str:
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def opened(app: Studio, source: str) -> None:
    expect(app.page.locator("#import-dialog")).not_to_have_attribute("open", "")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    expect(app.page.locator("#status")).to_contain_text(source)


@pytest.mark.parametrize(
    ("to", "source"),
    [
        ("fpuzzles", "the f-puzzles link"),
        ("sudokupad", "the SudokuPad link"),
        ("sudokuwiki", "the sudokuwiki link"),
        ("coach", "the sudoku.coach link"),
        ("hodoku", "the HoDoKu line"),
        ("sdx", "the .sdx text"),
        ("sdk", "a puzzle with 27 givens"),
        ("ss", "a puzzle with 27 givens"),
    ],
)
def test_pasting_each_format_opens_the_puzzle(app: Studio, to: str, source: str) -> None:
    app.paste(format_position(PLAYED, to))
    opened(app, source)
    expect(app.page.locator("body")).to_have_attribute("data-mode", "play")
    carried = read_position(format_position(PLAYED, to))
    assert app.entries() == "".join(str(d) if d else "." for d in carried.entries)
    assert marks_of(app, "centre") == {c: digits(m) for c, m in enumerate(carried.centre) if m}
    assert marks_of(app, "corner") == {c: digits(m) for c, m in enumerate(carried.corner) if m}


def test_a_sudokuwiki_link_brings_the_players_digits_and_candidates(app: Studio) -> None:
    app.paste(format_position(PLAYED, "sudokuwiki"))
    marked = sum(1 for m in PLAYED.centre if m)
    opened(
        app,
        "Imported: the sudokuwiki link, a puzzle with 27 givens, "
        f"1 digit you placed and candidates in {marked} cells.",
    )
    assert app.entries()[0] == "5"
    assert marks_of(app, "centre")[1] == digits(PLAYED.centre[1])


def test_a_real_sudokuwiki_position_opens_with_its_digits_and_candidates(app: Studio) -> None:
    position = read_position(SUDOKUWIKI_S9B)
    app.paste(SUDOKUWIKI_S9B)
    expect(app.board).to_have_attribute(
        "givens", "".join(str(d) if d else "." for d in position.givens)
    )
    assert app.entries() == "".join(str(d) if d else "." for d in position.entries)
    assert marks_of(app, "centre") == {c: digits(m) for c, m in enumerate(position.centre) if m}
    givens = sum(1 for d in position.givens if d)
    placed = sum(1 for d in position.entries if d)
    marked = sum(1 for m in position.centre if m)
    expect(app.page.locator("#status")).to_contain_text(
        f"Imported: the sudokuwiki link, a puzzle with {givens} givens, {placed} digits you placed"
        f" and candidates in {marked} cells."
    )


def test_a_pencil_mark_grid_a_commented_line_and_two_puzzles_are_read_and_said(
    app: Studio,
) -> None:
    rows = [
        " | ".join(
            "  ".join(
                digits(PLAYED.centre[c]) or str(PLAYED.filled[c])
                for c in range(9 * r + b, 9 * r + b + 3)
            )
            for b in (0, 3, 6)
        )
        for r in range(9)
    ]
    grid = "*---------*\n" + "\n".join(f"| {row} |" for row in rows) + "\n*---------*"
    app.paste(grid)
    marked = sum(1 for m in PLAYED.centre if m)
    expect(app.board).to_have_attribute("givens", "5" + PUZZLE[1:])  # r1c1's 5: a given
    expect(app.page.locator("#status")).to_contain_text(
        f"Imported: the pencil-mark grid, a puzzle with 28 givens, candidates in {marked} cells."
    )
    assert marks_of(app, "centre")[1] == digits(PLAYED.centre[1])
    app.paste(f"{PUZZLE}  # from my book")
    opened(app, "Imported a puzzle with 27 givens.")
    app.paste(f"{PUZZLE}\n{SOLUTION[:80]}.\n")
    # the first is the game just opened, so it is reopened: said so, with the count
    opened(app, "This text holds 2 puzzles; the first is one you have played before")


def test_a_real_fpuzzles_link_and_this_sites_share_url_open(app: Studio) -> None:
    app.paste(FPUZZLES_README)
    expect(app.board).to_have_attribute("givens", "1" + "." * 80)
    app.paste(f"{app.url}#puzzle={PUZZLE.replace('.', '0')}&progress=5{'0' * 80}")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    assert app.entries() == "5" + "." * 80
    expect(app.page.locator("#status")).to_have_text("Opened the puzzle from the link.")


def test_a_short_link_pasted_opens_from_this_site_or_another_copy(app: Studio) -> None:
    fragment = short_fragment(parse(PUZZLE), level="hard", seed=3)
    app.paste(f"{app.url}#{fragment}")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    expect(app.page.locator("#status")).to_have_text(
        "Opened the puzzle from the link: Hard · seed 3 · no symmetry · claimed by the link, "
        "not yet checked."
    )
    app.reset()
    app.paste(
        f"https://sudoku.example/#{fragment}"
    )  # another copy of the studio: the engine reads it
    expect(app.board).to_have_attribute("givens", PUZZLE)


def test_an_x_sudoku_is_refused_with_its_rule_named(app: Studio) -> None:
    app.type_grid(PUZZLE[:9])
    app.paste(FPUZZLES_X_SUDOKU)
    expect(app.page.locator("#import-error")).to_contain_text("diagonals (X-Sudoku)")
    app.page.keyboard.press("Escape")
    assert app.givens() == PUZZLE[:9] + "." * 72
    # Ctrl+V: said as refused, not as text the page could not read
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.page.evaluate("(text) => navigator.clipboard.writeText(text)", FPUZZLES_X_SUDOKU)
    app.cell(40).click()
    app.page.keyboard.press("ControlOrMeta+V")
    status = app.page.locator("#status")
    expect(status).to_have_text(
        "The f-puzzles link holds a puzzle with extra rules: diagonals (X-Sudoku). The studio "
        "plays classic 9x9 Sudoku only, so it is not opened. Your game is as it was."
    )
    app.page.evaluate(
        "(text) => navigator.clipboard.writeText(text)", "https://sudokupad.app/wsj7iunsg6"
    )
    app.page.keyboard.press("ControlOrMeta+V")
    expect(status).to_contain_text("Could not read the pasted text as a puzzle. The SudokuPad link")
    assert app.givens() == PUZZLE[:9] + "." * 72


def test_ctrl_v_of_a_link_and_opening_an_sdx_file(app: Studio, tmp_path: Path) -> None:
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    link = format_position(PLAYED, "fpuzzles")
    app.page.evaluate("(text) => navigator.clipboard.writeText(text)", link)
    app.cell(40).click()
    app.page.keyboard.press("ControlOrMeta+V")
    expect(app.board).to_have_attribute("givens", PUZZLE)
    expect(app.page.locator("#status")).to_contain_text("Pasted: the f-puzzles link")
    sdx = tmp_path / "game.sdx"
    sdx.write_text(format_position(Position(GIVENS, (0, 0, 0, 0, 0, 0, 6) + (0,) * 74), "sdx"))
    app.open_file(sdx)
    expect(app.page.locator("#status")).to_contain_text("Opened game.sdx: the .sdx text")
    expect(app.board).to_have_attribute("entries", "......6" + "." * 74)


def test_the_share_panel_writes_each_format_and_opens_other_apps(app: Studio) -> None:
    page = app.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.paste(format_position(PLAYED, "fpuzzles"))
    expect(app.board).to_have_attribute("givens", PUZZLE)
    app.show_panel("Share")
    expect(page.locator("#export-note")).to_contain_text(
        "f-puzzles link: the givens and your digits"
    )
    page.locator("#export-format").select_option("sdx")
    expect(page.locator("#export-note")).to_contain_text(
        "your centre marks as candidates (a cell without centre marks is left empty)"
    )
    expect(page.get_by_role("button", name="Open in SudokuPad")).to_have_text(
        "Open in SudokuPad (with my marks only)"
    )
    named = {"fpuzzles": "f-puzzles link", "sudokuwiki": "sudokuwiki link", "hodoku": "HoDoKu line"}
    for to, name in (*named.items(), ("sdx", "SudoCue .sdx")):
        page.locator("#export-format").select_option(to)
        page.locator("#export-copy").click()
        expect(page.locator("#status")).to_have_text(f"Copied the {name}.")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert read_position(copied) == read_position(format_position(PLAYED, to)), to

    def answer(route: Route) -> None:  # nothing leaves the machine: the other app is a stub
        route.fulfill(status=200, content_type="text/html", body="<p>another app</p>")

    page.context.route("https://www.sudokuwiki.org/**", answer)
    with page.expect_popup() as popup:
        page.get_by_role("button", name="Open in sudokuwiki (with my candidates)").click()
    tab = popup.value
    tab.wait_for_url("https://www.sudokuwiki.org/**")
    assert read_position(tab.url) == read_position(format_position(PLAYED, "sudokuwiki"))
    assert "S9B" in tab.url
    tab.close()
