"""The player's statistics (web/game/statistics*.js): a solved game is counted once, survives a
reload, and round-trips through Export and Import; a bad file is refused with what is wrong said
in plain words (the entry and field, or the line and column where it stops being JSON), and the
statistics stay as they were; Clear statistics asks first, offers Export, and can be undone; an
embedded frame counts nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe
from e2e.play_helpers import PUZZLE, SOLUTION, open_dialog, reload

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

KEY = "sudoku-studio.statistics"
DRILLS = {"v": 1, "techniques": {"X-Wing": {"tries": 4, "right": 3, "streak": 2, "best": 3}}}
# the drills' own record (web/train/drill-stats.js), as drill-view.js keeps it
KEEP_DRILLS = f"localStorage.setItem('sudoku-studio.drills', {json.dumps(json.dumps(DRILLS))});"
# PUZZLE one digit short of the end (r1c1 left), with its seed and level, as a share link.
ONE_SHORT = "".join(
    "." if given != "." or cell == 0 else digit
    for cell, (given, digit) in enumerate(zip(PUZZLE, SOLUTION, strict=True))
)
LINK = (
    f"#puzzle={PUZZLE.replace('.', '0')}&progress={ONE_SHORT.replace('.', '0')}"
    "&seed=7&symmetry=none&level=hard"
)


def finish(studio: Studio) -> None:
    """Type the last digit: the Solved moment opens."""
    expect(studio.board).to_have_attribute("entries", ONE_SHORT)
    studio.cell(0).click()
    studio.page.keyboard.press(SOLUTION[0])
    expect(studio.page.locator("#done-dialog")).to_have_attribute("open", "")


def stored(studio: Studio) -> dict[str, Any] | None:
    text = studio.page.evaluate(f"() => localStorage.getItem({KEY!r})")
    return json.loads(text) if text else None


def open_statistics(studio: Studio) -> Locator:
    """The Statistics dialog, opened from the Games panel."""
    return open_dialog(studio, "Statistics…", "stats-dialog")


def close(dialog: Locator) -> None:
    dialog.get_by_role("button", name="Close", exact=True).click()
    expect(dialog).not_to_have_attribute("open", "")


def tile(dialog: Locator, name: str) -> Locator:
    return dialog.locator(f'#stats-tiles dd[data-stat="{name}"]')


def numbers(dialog: Locator) -> dict[str, str]:
    """What the dialog says, as text: the tiles and the table per level."""
    return {
        "tiles": dialog.locator("#stats-tiles").inner_text(),
        "levels": dialog.locator("#stats-levels-table").inner_text(),
    }


def test_a_solve_is_counted_once_kept_over_a_reload_and_round_trips_through_a_file(
    fresh: Callable[..., Studio], site_server: str, tmp_path: Path
) -> None:
    studio = fresh(site_server + LINK, init_script=KEEP_DRILLS)
    studio.wait_ready()  # the link's level is verified by the engine before it counts as Hard
    finish(studio)
    studio.page.locator("#done-dialog").get_by_role("button", name="Statistics", exact=True).click()
    dialog = studio.page.locator("#stats-dialog")
    expect(dialog).to_have_attribute("open", "")
    expect(tile(dialog, "started")).to_have_text("1")
    expect(tile(dialog, "solved")).to_have_text(re.compile(r"^1 \(100%\)"))
    expect(tile(dialog, "unaided")).to_have_text("1")
    row = dialog.locator("#stats-levels-table tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text("Hard")
    expect(row.locator("td").first).to_have_text("1 of 1")
    expect(dialog.locator("#stats-levels-chart svg[role=img]")).to_have_attribute(
        "aria-label", re.compile("Hard: 1 solved of 1 started")
    )
    expect(dialog.locator("#stats-times-chart svg[role=img]")).to_have_attribute(
        "aria-label", re.compile("Times of the last 1 Hard solves")
    )
    expect(dialog.locator("#stats-times-list li")).to_have_count(1)
    drills = dialog.locator("#stats-drills-table tbody tr")
    expect(drills).to_have_text(re.compile(r"X-Wing\s*3 of 4\s*75%\s*2\s*3"))
    before = numbers(dialog)
    dialog.locator("summary").first.click()  # the times as a list, open
    for scheme in ("light", "dark"):
        studio.page.emulate_media(color_scheme=scheme)
        check_axe(studio.page, f"the Statistics dialog ({scheme})")
    close(dialog)
    record = stored(studio)
    assert record and record["format"] == "sudoku-studio-statistics" and record["version"] == 1
    [game] = record["games"]
    assert game["level"] == "hard" and game["solvedAt"] and game["hints"] == 0

    # a reload (the game saved again, reopened): still one game, the same numbers
    reload(studio)
    dialog = open_statistics(studio)
    assert numbers(dialog) == before
    record = stored(studio)
    assert record and len(record["games"]) == 1

    # Export downloads the file
    with studio.page.expect_download() as download:
        dialog.get_by_role("button", name="Export…").click()
    exported = tmp_path / "statistics.json"
    download.value.save_as(exported)
    assert re.fullmatch(
        r"sudoku-statistics-\d{4}-\d\d-\d\d\.json", download.value.suggested_filename
    )
    data = json.loads(exported.read_text())
    assert data["format"] == "sudoku-studio-statistics" and data["games"] == record["games"]
    expect(dialog.locator("#stats-message")).to_have_text(re.compile("^Exported 1 game as "))
    close(dialog)

    # gone from the browser: nothing counted
    studio.page.evaluate(f"() => localStorage.removeItem({KEY!r})")
    dialog = open_statistics(studio)
    expect(tile(dialog, "started")).to_have_text("0")
    expect(dialog.locator("#stats-levels-table")).to_be_hidden()

    # a bad file is refused, says where, and changes nothing
    bad = json.loads(exported.read_text())
    bad["games"][0]["ms"] = -5
    bad_file = tmp_path / "bad.json"
    bad_file.write_text(json.dumps(bad))
    dialog.locator("#stats-file").set_input_files(bad_file)
    message = dialog.locator("#stats-message")
    expect(message).to_have_attribute("data-tone", "error")
    expect(message).to_contain_text(
        "bad.json was not imported. This statistics export is damaged: games[0].ms: not a whole number"
    )
    expect(message).to_contain_text("Your statistics are unchanged.")
    not_json = tmp_path / "notes.json"
    not_json.write_text("hello")
    dialog.locator("#stats-file").set_input_files(not_json)
    expect(message).to_have_text(
        "notes.json was not imported. This file is not a statistics export: it is not valid JSON"
        " (line 1, column 1). Expected there: a value (a text in quotes, a number, true, false,"
        " null, [ or {). Your statistics are unchanged."
    )
    # a comma lost by hand: where, in plain words, not the browser's parser text
    lines = exported.read_text().splitlines()
    lines[2] = lines[2].rstrip(",")
    edited = tmp_path / "edited.json"
    edited.write_text("\n".join(lines))
    dialog.locator("#stats-file").set_input_files(edited)
    expect(message).to_have_text(
        "edited.json was not imported. This file is not a statistics export: it is not valid JSON"
        " (line 4, column 2). Expected there: a comma “,” or “}”. Your statistics are unchanged."
    )
    expect(message).not_to_contain_text(re.compile("Unexpected|position|SyntaxError"))
    expect(tile(dialog, "started")).to_have_text("0")
    assert stored(studio) is None

    # the exported file brings the same numbers back; the same file again adds nothing
    dialog.locator("#stats-file").set_input_files(exported)
    expect(message).to_have_text("Imported statistics.json: 1 game, 1 of them new here.")
    assert numbers(dialog) == before
    dialog.locator("#stats-file").set_input_files(exported)
    expect(message).to_have_text("Imported statistics.json: 1 game, 0 of them new here.")
    assert numbers(dialog) == before
    close(dialog)
    reload(studio)
    assert numbers(open_statistics(studio)) == before


def test_an_embedded_studio_counts_nothing(fresh: Callable[..., Studio], site_server: str) -> None:
    studio = fresh(site_server + "?embed" + LINK)
    finish(studio)
    studio.page.wait_for_timeout(300)  # a write would have happened at the solve
    assert stored(studio) is None


def test_with_no_game_yet_the_tiles_say_so_rather_than_an_average_of_nothing(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    dialog = open_statistics(studio)
    expect(tile(dialog, "started")).to_have_text("0")
    expect(tile(dialog, "help")).to_have_text("—")  # not "0.0": no game, no average
    expect(tile(dialog, "streak")).to_have_text("0")  # and no "longest 0" beside it
    expect(dialog.locator("#stats-levels-chart")).to_contain_text("No games yet")


# Three games, two solved (one with a hint), as a browser would have kept them.
KEPT = {
    "format": "sudoku-studio-statistics",
    "version": 1,
    "games": [
        {
            "id": "g-1",
            "level": "hard",
            "daily": None,
            "startedAt": "2026-11-20T08:00:00.000Z",
            "solvedAt": "2026-11-20T08:12:00.000Z",
            "ms": 720000,
            "hints": 0,
            "reveals": 0,
        },
        {
            "id": "g-2",
            "level": "easy",
            "daily": None,
            "startedAt": "2026-11-21T08:00:00.000Z",
            "solvedAt": "2026-11-21T08:04:00.000Z",
            "ms": 240000,
            "hints": 1,
            "reveals": 0,
        },
        {
            "id": "g-3",
            "level": "easy",
            "daily": None,
            "startedAt": "2026-11-22T08:00:00.000Z",
            "solvedAt": None,
            "ms": 60000,
            "hints": 0,
            "reveals": 0,
        },
    ],
    "earlier": {},
}
# kept once: a reload after Clear must not bring them back
KEEP_STATISTICS = (
    f"if (localStorage.getItem({KEY!r}) === null) "
    f"localStorage.setItem({KEY!r}, {json.dumps(json.dumps(KEPT))});"
)


def ask_to_clear(dialog: Locator) -> Locator:
    """Clear statistics…: its confirmation, open, the safe answer focused."""
    dialog.get_by_role("button", name="Clear statistics…").click()
    confirm = dialog.page.locator("#stats-clear-dialog")
    expect(confirm).to_have_attribute("open", "")
    expect(confirm.get_by_role("button", name="Keep them")).to_be_focused()
    return confirm


def test_clear_statistics_asks_naming_what_goes_offers_export_and_can_be_undone(
    fresh: Callable[..., Studio], site_server: str, tmp_path: Path
) -> None:
    studio = fresh(site_server, init_script=KEEP_STATISTICS)
    dialog = open_statistics(studio)
    expect(tile(dialog, "started")).to_have_text("3")
    before = numbers(dialog)

    # asked first, with what goes and what stays; "Keep them" changes nothing
    confirm = ask_to_clear(dialog)
    expect(confirm).to_have_accessible_name("Clear your statistics?")
    expect(confirm).to_have_accessible_description(
        "This deletes the record of 3 games played (2 solved) with their times from this browser."
        " Your saved games and practised techniques are kept."
    )
    for scheme in ("light", "dark"):
        studio.page.emulate_media(color_scheme=scheme)
        check_axe(studio.page, f"the Clear statistics confirmation ({scheme})")
    confirm.get_by_role("button", name="Keep them").click()
    expect(confirm).not_to_have_attribute("open", "")
    assert numbers(dialog) == before
    assert stored(studio) == KEPT

    # Export first: the file, and the confirmation stays to be answered
    confirm = ask_to_clear(dialog)
    with studio.page.expect_download() as download:
        confirm.get_by_role("button", name="Export first…").click()
    kept = tmp_path / "kept.json"
    download.value.save_as(kept)
    assert json.loads(kept.read_text())["games"] == KEPT["games"]
    expect(confirm.locator("#stats-clear-exported")).to_contain_text(
        "Exported as sudoku-statistics-"
    )
    expect(confirm).to_have_attribute("open", "")

    # cleared: nothing counted, and Undo right after puts every game back
    confirm.get_by_role("button", name="Clear statistics", exact=True).click()
    expect(confirm).not_to_have_attribute("open", "")
    expect(tile(dialog, "started")).to_have_text("0")
    expect(dialog.locator("#stats-levels-table")).to_be_hidden()
    message = dialog.locator("#stats-message")
    expect(message).to_have_text("Cleared the statistics of 3 games.")
    undo = dialog.get_by_role("button", name="Undo clearing the statistics")
    expect(undo).to_be_focused()
    expect(dialog.get_by_role("button", name="Clear statistics…")).to_be_disabled()
    record = stored(studio)
    assert record and record["games"] == [] and record["clearedAt"]
    undo.click()
    expect(message).to_have_text("Put back the statistics of 3 games.")
    expect(undo).to_be_hidden()
    assert numbers(dialog) == before
    record = stored(studio)
    assert record and record["games"] == KEPT["games"] and "clearedAt" not in record

    # cleared for good: a reload keeps it cleared, and the exported file brings the games back
    ask_to_clear(dialog).get_by_role("button", name="Clear statistics", exact=True).click()
    expect(tile(dialog, "started")).to_have_text("0")
    close(dialog)
    studio.page.reload()  # no game played: nothing to wait for but the page
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
    studio.dismiss_welcome()
    dialog = open_statistics(studio)
    expect(tile(dialog, "started")).to_have_text("0")
    expect(dialog.get_by_role("button", name="Undo clearing the statistics")).to_be_hidden()
    dialog.locator("#stats-file").set_input_files(kept)
    expect(dialog.locator("#stats-message")).to_have_text(
        "Imported kept.json: 3 games, 3 of them new here."
    )
    assert numbers(dialog) == before


def one_short(fresh: Callable[..., Studio], site_server: str) -> Studio:
    """A new visitor with LINK open: the puzzle one digit short of solved, the engine ready."""
    studio = fresh(site_server + LINK)
    studio.wait_ready()
    expect(studio.board).to_have_attribute("entries", ONE_SHORT)
    return studio


def press_hint(studio: Studio, *levels: int) -> None:
    """Press H once for each level, each time waiting for the hint to show that level."""
    text = studio.page.locator("#hint-text")
    for level in levels:
        studio.page.keyboard.press("h")
        expect(text).to_have_attribute("data-level", str(level))


def solved_with_one_hint(studio: Studio) -> Locator:
    """The Solved moment, open, counting one hint."""
    dialog = studio.page.locator("#done-dialog")
    expect(dialog).to_have_attribute("open", "")
    expect(dialog.locator('[data-stat="hints"]')).to_have_text("1")
    return dialog


def test_a_hint_read_through_its_levels_and_applied_counts_once_everywhere(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """One hint: its three levels, a press past the last and Apply are the same hint, and the
    Solved moment, the statistics and the stored game all say 1."""
    studio = one_short(fresh, site_server)
    press_hint(studio, 1, 2, 3, 3)
    studio.button("Apply").click()
    dialog = solved_with_one_hint(studio)
    expect(studio.page.locator("#done-summary")).to_contain_text(
        "with 1 hint and no revealed cells"
    )
    dialog.get_by_role("button", name="Statistics", exact=True).click()
    stats = studio.page.locator("#stats-dialog")
    expect(stats).to_have_attribute("open", "")
    expect(tile(stats, "help")).to_have_text("1.0")
    close(stats)
    record = stored(studio)
    assert record and [game["hints"] for game in record["games"]] == [1]


def test_a_hint_read_again_after_a_reload_is_not_counted_again(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The hints read are the game's (saved with it): the same step asked again after a reload
    is the hint already counted, not a second one."""
    studio = one_short(fresh, site_server)
    press_hint(studio, 1, 2)
    reload(studio)
    studio.wait_ready()
    expect(studio.board).to_have_attribute("entries", ONE_SHORT)
    press_hint(studio, 1, 2, 3)
    studio.button("Apply").click()
    solved_with_one_hint(studio)
    # the statistics are written once the solve is recorded, just after the Solved moment opens
    studio.page.wait_for_function(f"() => localStorage.getItem({KEY!r}) !== null")
    record = stored(studio)
    assert record and [game["hints"] for game in record["games"]] == [1]


def test_a_wrong_digits_hint_read_again_after_a_reload_is_not_counted_again(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The same for a hint about a wrong digit: what it named ("0x4": the wrong 4 in r1c1) is
    saved with the game's hints read, so asking again after a reload adds no hint."""
    studio = one_short(fresh, site_server)
    wrong = next(d for d in "123456789" if d != SOLUTION[0])
    studio.cell(0).click()
    studio.page.keyboard.press(wrong)
    text = studio.page.locator("#hint-text")
    studio.page.keyboard.press("h")
    expect(text).to_have_attribute("data-kind", "mistake")
    reload(studio)
    studio.wait_ready()
    press_hint(studio, 1, 2, 3)
    expect(text).to_have_attribute("data-kind", "mistake")
    studio.button("Remove it").click()
    expect(studio.board).to_have_attribute("entries", ONE_SHORT)
    studio.cell(0).click()
    studio.page.keyboard.press(SOLUTION[0])
    solved_with_one_hint(studio)
