"""New puzzle: the dialog, generation in the engine (seeded, symmetric, cancellable), the ready
pool of graded puzzles, and the seed and level in share links, the title area and print."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

POOL = json.loads(
    (Path(__file__).resolve().parents[2] / "web" / "puzzles" / "puzzle-pool.json").read_text()
)
POOL_PUZZLES = {p["puzzle"]: p for p in POOL["puzzles"]}
SHIPPED_SEEDS = {p["seed"] for p in POOL["puzzles"]}
LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
DONE = re.compile("generated|target_missed|cancelled|error")


def is_rot180(givens: str) -> bool:
    return all((givens[c] == ".") == (givens[80 - c] == ".") for c in range(81))


def wait_generated(app: Studio, timeout: float = 60_000) -> float:
    """Wait for the new puzzle's verdict; returns the seconds waited."""
    started = time.perf_counter()
    expect(app.verdict).to_have_attribute("data-status", DONE, timeout=timeout)
    expect(app.verdict).to_have_attribute("data-status", "generated")
    expect(app.verdict).to_have_attribute("data-action", "new")
    return time.perf_counter() - started


def test_generate_with_a_seed_and_symmetry_then_again(app: Studio) -> None:
    page = app.page
    app.new_puzzle(symmetry="rot180", seed="5")
    waited = wait_generated(app)
    givens = app.givens()
    assert givens.count(".") < 81 - 17 and is_rot180(givens)
    expect(app.board).to_have_attribute("mode", "play")
    assert app.entries() == "." * 81
    info = page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-seed", "5")
    expect(info).to_contain_text("Seed 5")
    expect(info).to_contain_text("180° rotation")
    expect(app.verdict).to_contain_text("Seed 5.")
    # the engine grades it when idle: the level joins the seed above the board
    expect(info).to_have_attribute("data-level", re.compile("easy|medium|hard|unfair|extreme"))
    expect(info).to_contain_text("score")
    level = str(info.get_attribute("data-level"))
    link = urlsplit(page.locator("#share-link").inner_text()).fragment
    fragment = parse_qs(link)
    assert fragment["seed"] == ["5"] and fragment["symmetry"] == ["rot180"]
    assert fragment["level"] == [level]
    print(f"\ngenerate rot180 seed 5 in the page: {waited:.2f} s; {app.verdict.text_content()}")

    # the same seed and options make the same puzzle again (the options are remembered)
    app.cell(givens.index(".")).click()
    page.keyboard.press("1")
    expect(app.verdict).to_have_attribute("data-status", "none")
    app.button("New puzzle…").click()
    expect(page.get_by_label("Symmetry of the clues")).to_have_value("rot180")
    expect(page.get_by_label("Seed", exact=True)).to_have_value("")  # a seed is not remembered
    app.button("Same seed and options as this puzzle").click()
    expect(page.get_by_label("Seed", exact=True)).to_have_value("5")
    app.button("Generate").click()
    wait_generated(app)
    assert app.givens() == givens
    assert app.entries() == "." * 81  # a fresh start on it


def test_same_seed_makes_the_same_puzzle_as_the_python_engine(app: Studio) -> None:
    """Pyodide and CPython agree: the pool's Medium seed 2000 (made by the CLI) is made again
    in the page, and a minimal mirror puzzle twice from one seed is one puzzle."""
    entry = next(p for p in POOL["puzzles"] if p["level"] == "medium")
    app.new_puzzle(difficulty="medium", seed=str(entry["seed"]))
    waited = wait_generated(app)
    assert app.givens() == entry["puzzle"]
    info = app.page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-level", "medium")
    expect(info).to_have_attribute("data-score", str(entry["score"]))
    expect(info).to_have_attribute("data-source", "generated")
    print(f"\ngenerate_graded medium seed {entry['seed']} in the page: {waited:.2f} s")

    made = []
    for _ in range(2):
        app.new_puzzle(symmetry="horizontal", minimal=True, seed="11")
        waited = wait_generated(app)
        made.append(app.givens())
        print(f"generate minimal horizontal seed 11 in the page: {waited:.2f} s")
    assert made[0] == made[1]
    assert all((made[0][c] == ".") == (made[0][c - c % 9 + 8 - c % 9] == ".") for c in range(81))
    expect(app.verdict).to_contain_text("minimal")


def test_cancel_a_long_generation_and_the_page_stays_usable(app: Studio) -> None:
    page = app.page
    app.new_puzzle(clues="17", seed="7")  # 17 clues are (almost) never reached: 30 s budget
    work = page.locator("#work")
    expect(work).to_have_attribute("data-state", "running")
    expect(page.locator("#work-text")).to_contain_text("try")  # progress: tries, clues, seconds
    expect(page.locator("#work-text")).to_contain_text(" s")
    expect(app.button("Cancel")).to_be_focused()  # the keyboard can stop it at once
    expect(app.button("New puzzle…")).to_be_disabled()
    before = app.givens()
    app.cancel_between_slices()  # long before the 30 s budget, and no worker restart
    expect(app.button("New puzzle…")).to_be_enabled()
    assert app.givens() == before
    # and the engine answers the next request
    app.new_puzzle(seed="3")
    wait_generated(app)


def test_a_difficulty_comes_at_once_from_the_pool_and_is_refilled(app: Studio) -> None:
    page = app.page
    app.button("New puzzle…").click()
    page.get_by_label("Difficulty").select_option("hard")
    page.get_by_label("Symmetry of the clues").select_option("none")
    status = page.locator("#pool-status")
    expect(status).to_have_attribute("data-state", "idle", timeout=60_000)
    available = int(str(status.get_attribute("data-available")))
    assert available >= 1
    expect(status).to_contain_text(f"{available} Hard puzzle")
    # maximum clues and minimal do not apply to a difficulty, and say so
    expect(page.get_by_label("Maximum clues")).to_be_disabled()
    expect(page.get_by_label("Minimal (no clue can be taken away)")).to_be_disabled()
    expect(page.locator("#new-shape-reason")).to_contain_text("do not apply")
    started = time.perf_counter()
    app.button("Generate").click()
    expect(app.verdict).to_have_attribute("data-status", "generated", timeout=5000)
    instant = time.perf_counter() - started
    puzzle = app.givens()
    entry = POOL_PUZZLES.get(puzzle)
    info = page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-level", "hard")
    expect(info).to_contain_text("Hard (score")
    expect(info).to_have_attribute("data-source", "pool")
    if entry:  # a shipped one (else one made in the background earlier this session)
        expect(info).to_have_attribute("data-seed", str(entry["seed"]))
    expect(app.verdict).to_contain_text("ready at once")
    expect(app.board).to_have_attribute("mode", "play")
    expect(page.locator("#print-title")).to_have_text("Sudoku · Hard")
    print(f"\nHard from the pool: {instant * 1000:.0f} ms (click to verdict)")

    # the engine, once idle for a second, makes a fresh Hard one to replace it
    started = time.perf_counter()
    expect(status).to_have_attribute("data-available", str(available - 1))
    expect(status).to_have_attribute("data-available", str(available), timeout=60_000)
    expect(status).to_have_attribute("data-state", "idle")
    print(f"background refill (hard): {time.perf_counter() - started:.2f} s after the take")
    # made from a random seed (not the shipped pool's 1000, 2000, ...), kept to make it again
    stored = json.loads(page.evaluate("() => localStorage.getItem('sudoku-studio.pool')"))
    fresh_seeds = [entry["seed"] for entry in stored["fresh"] if entry["level"] == "hard"]
    assert fresh_seeds and not set(fresh_seeds) & SHIPPED_SEEDS, fresh_seeds

    # print: the title carries the level, the line under it the seed
    page.emulate_media(media="print")
    try:
        expect(page.locator("#print-title")).to_be_visible()
        expect(info).to_be_visible()
        expect(page.locator(".brand")).to_be_hidden()
    finally:
        page.emulate_media(media="screen")


def first_puzzles(studio: Studio, *, shipped: bool = True) -> list[str]:
    """A puzzle of each level from the Games panel's level buttons (the pool, no engine): each
    one's seed, as the page shows it (a shipped puzzle's, unless fresh ones may come first)."""
    seeds = []
    info = studio.page.locator("#puzzle-info")
    for level in LEVELS:
        studio.button(level).click()
        expect(info).to_have_attribute("data-level", level.lower())
        seed = str(info.get_attribute("data-seed"))
        if shipped:
            assert POOL_PUZZLES[studio.givens()]["seed"] == int(seed)  # its seed shown
        seeds.append(seed)
    return seeds


def test_every_visitor_gets_the_pool_in_an_order_of_their_own(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """Two new visitors (browser profiles) get different first puzzles: with ten shipped per
    level in a random order each, all five levels alike would be a 1 in 100,000 chance. A
    visitor's order is kept: after a reload the next puzzle of a level is not one seen before."""
    first = fresh(site_server)
    seeds = first_puzzles(first)
    other = first_puzzles(fresh(site_server))
    assert seeds != other, "two visitors got the same first puzzle of every level"
    first.page.reload()
    expect(first.page.locator("body")).to_have_attribute("data-app", "ready")
    again = first_puzzles(first, shipped=False)  # the background may have made fresh ones
    assert not set(again) & set(seeds), (seeds, again)


def test_dialog_is_accessible_and_explains_mistakes(app: Studio) -> None:
    page = app.page
    opener = app.button("New puzzle…")
    opener.click()
    dialog = page.get_by_role("dialog", name="New puzzle")
    expect(dialog).to_be_visible()
    expect(page.get_by_label("Difficulty")).to_be_focused()
    page.get_by_label("Difficulty").select_option("any")
    expect(page.get_by_label("Maximum clues")).to_be_enabled()
    page.get_by_label("Seed", exact=True).fill("12ab")
    page.get_by_label("Seed", exact=True).press("Enter")  # Enter submits: Generate, not Cancel
    expect(page.locator("#new-error")).to_contain_text("The seed is a whole number")
    page.get_by_label("Seed", exact=True).fill("")
    page.get_by_label("Maximum clues").fill("12")
    app.button("Generate").click()
    expect(page.locator("#new-error")).to_contain_text("from 17 to 80")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    assert app.givens() == "." * 81  # nothing happened


def test_seed_and_level_round_trip_through_a_share_link(
    app: Studio, fresh: Callable[..., Studio]
) -> None:
    app.new_puzzle(difficulty="easy")
    expect(app.verdict).to_have_attribute("data-status", "generated")
    givens = app.givens()
    info = app.page.locator("#puzzle-info")
    seed = str(info.get_attribute("data-seed"))
    score = str(info.get_attribute("data-score"))
    link = app.page.locator("#share-link").inner_text()

    other = fresh(link)  # a new browser profile: only the link carries it
    assert other.givens() == givens
    expect(other.board).to_have_attribute("mode", "play")
    other_info = other.page.locator("#puzzle-info")
    expect(other_info).to_have_attribute("data-seed", seed)
    expect(other_info).to_have_attribute("data-level", "easy")
    expect(other_info).to_have_text(f"Easy (score {score}) · seed {seed} · no symmetry")
    expect(other.page.locator("#status")).to_contain_text(f"seed {seed}")
    # saved with the game: a reload keeps it; the dialog offers the seed to make it again
    other.page.reload()
    expect(other.page.locator("body")).to_have_attribute("data-app", "ready")
    expect(other_info).to_have_attribute("data-seed", seed)
    other.button("New puzzle…").click()
    other.button("Same seed and options as this puzzle").click()
    expect(other.page.get_by_label("Seed", exact=True)).to_have_value(seed)
    expect(other.page.get_by_label("Difficulty")).to_have_value("easy")
    other.page.keyboard.press("Escape")


BAD_FRESH = [
    {"seed": 1, "level": "easy", "score": 1, "givens": 81, "symmetry": "none", "puzzle": "1" * 81},
    {
        "seed": 2,
        "level": "easy",
        "score": 5,
        "givens": 3,
        "symmetry": "none",
        "puzzle": "123" + "." * 78,
    },
    {
        "seed": 3,
        "level": "trivial",
        "score": 5,
        "givens": 0,
        "symmetry": "none",
        "puzzle": "." * 81,
    },
]


def test_damaged_stored_pool_puzzles_are_set_aside(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """A stored "fresh" puzzle is untrusted input: eighty-one 1s is not an Easy puzzle."""
    record = {"v": 1, "used": [], "fresh": BAD_FRESH, "owed": {}}
    script = f"localStorage.setItem('sudoku-studio.pool', {json.dumps(json.dumps(record))});"
    studio = fresh(site_server, init_script=script)
    page = studio.page
    studio.button("New puzzle…").click()
    page.get_by_label("Difficulty").select_option("easy")
    page.get_by_label("Symmetry of the clues").select_option("none")
    expect(page.locator("#pool-status")).to_contain_text(
        "3 stored puzzles were damaged and set aside"
    )
    studio.button("Generate").click()
    expect(studio.verdict).to_have_attribute("data-status", "generated")
    puzzle = studio.givens()
    assert puzzle in POOL_PUZZLES  # a shipped Easy one, not a stored impostor
    expect(studio.verdict).not_to_contain_text("81 clues")


FAILING_SET_ITEM = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (...args) {
  if (globalThis.failSaves) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return setItem.apply(this, args);
};
"""


def test_the_pool_is_saved_again_after_a_failed_write(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """One failed write must not stop the pool's saving for the session (shipped puzzles
    handed out would come again after a reload)."""
    studio = fresh(site_server, init_script=FAILING_SET_ITEM)
    studio.page.evaluate("globalThis.failSaves = true")
    studio.new_puzzle(difficulty="easy")
    expect(studio.verdict).to_have_attribute("data-status", "generated")
    first = studio.givens()
    studio.page.evaluate("globalThis.failSaves = false")
    studio.new_puzzle(difficulty="easy")
    expect(studio.board).not_to_have_attribute("givens", first)
    record = json.loads(str(studio.page.evaluate("localStorage.getItem('sudoku-studio.pool')")))
    assert first in record["used"] and studio.givens() in record["used"]


def test_a_dialog_that_cannot_load_is_said_and_tried_again(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """New puzzle…'s module loads after the board (app.js's `later`): when it cannot be loaded,
    the board says so, and the next click loads it again."""
    studio = fresh(site_server, wait=False)
    page = studio.page
    page.route("**/puzzles/new-puzzle-dialog.js", lambda route: route.abort())
    page.goto(site_server)
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    message = page.locator("#status")
    # the load after the board fails first: only then is the click's own load sure to be refused
    # too (a click while that load is pending shares it; one after it tries again, and letting
    # the file through before that retry was refused would open the dialog behind our back)
    expect(message).to_contain_text("The New puzzle dialog could not be loaded")
    with page.expect_event(
        "requestfailed", lambda request: request.url.endswith("/puzzles/new-puzzle-dialog.js")
    ):
        studio.button("New puzzle…").click()
    expect(message).to_contain_text("The New puzzle dialog could not be loaded")
    expect(page.locator("#new-dialog")).to_be_hidden()
    page.unroute("**/puzzles/new-puzzle-dialog.js")
    studio.button("New puzzle…").click()
    expect(page.locator("#new-dialog")).to_be_visible()
    # the refused loads, and nothing else, reached the console
    assert all("net::ERR_FAILED" in error for error in studio.log.take())


CLAIMED = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SEVERAL = "...748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def test_a_links_claims_and_stored_fresh_puzzles_are_checked_before_they_are_stated(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """A link's level, score and seed are shown as its claim until this device has graded the
    puzzle and made it again from the seed (what does not hold goes); a fresh pool puzzle read
    from storage is made again before it is ever handed out (one that is not: dropped)."""
    from sudoku_core import grade

    real = grade(CLAIMED)
    pool = {
        "v": 1,
        "used": [],
        "owed": {},
        "order": 7,
        "fresh": [
            {
                "seed": 424242,
                "level": "hard",
                "score": 1300,
                "givens": 81 - SEVERAL.count("."),
                "symmetry": "none",
                "puzzle": SEVERAL,
            }
        ],
    }
    script = f"localStorage.setItem('sudoku-studio.pool', {json.dumps(json.dumps(pool))});"
    link = (
        "#puzzle="
        + CLAIMED.replace(".", "0")
        + "&seed=424242&symmetry=none&level=extreme&score=99999"
    )
    studio = fresh(site_server + link, init_script=script)
    info = studio.page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-claimed", "true")
    expect(info).to_contain_text("Extreme (score 99999) · seed 424242")
    expect(info).to_contain_text("claimed by the link, not yet checked")
    studio.wait_ready()
    expect(info).not_to_have_attribute("data-claimed", "true", timeout=30_000)
    expect(info).to_have_attribute("data-level", real.level.value)
    expect(info).to_have_attribute("data-score", str(real.score))
    expect(info).not_to_have_attribute("data-seed", re.compile(".*"))  # the seed makes another
    expect(info).not_to_contain_text("claimed")

    def fresh_puzzles() -> list[str]:
        stored = json.loads(
            studio.page.evaluate("() => localStorage.getItem('sudoku-studio.pool')")
        )
        return [entry["puzzle"] for entry in stored["fresh"]]

    for _ in range(300):
        if SEVERAL not in fresh_puzzles():
            break
        studio.page.wait_for_timeout(100)
    assert SEVERAL not in fresh_puzzles()


def test_notices_give_way_at_the_next_action_and_the_undo_offer_shrinks_to_its_button(
    app: Studio,
) -> None:
    """What was done (a new puzzle, a copy) is said until the player's next action; the offer to
    bring back the game before keeps its button, without its sentence, once the player plays on."""
    app.paste("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
    app.show_panel("Games")
    app.page.locator("#panel-games button[data-level=easy]").click()
    expect(app.verdict).to_have_attribute("data-status", "generated")
    expect(app.verdict).to_contain_text("ready at once")
    line = app.page.locator("#undo-line")
    expect(line).to_have_attribute("data-state", "offered")
    expect(line).to_contain_text("The game before is in Recent games.")
    app.show_panel("Learn")  # looking around is no action: the notice stays
    app.page.locator("#assist").click()  # nor is opening the More menu
    app.page.locator("#assist").click()
    expect(app.verdict).to_contain_text("ready at once")
    app.show_panel("Games")

    app.page.keyboard.press("h")  # an action: the new puzzle's notice goes, the hint is said
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    expect(app.verdict).to_have_attribute("data-status", "none")
    expect(line).to_contain_text("The game before is in Recent games.")  # no move yet

    app.button("Copy line").click()
    status = app.page.locator("#status")
    expect(status).to_have_text(re.compile("puzzle line"))
    app.button("Count solutions").click()
    expect(app.verdict).to_have_attribute("data-status", "counted")
    expect(status).to_have_text("")

    empty = app.givens().index(".")
    app.cell(empty).click()
    app.page.keyboard.press("1")  # playing on: the offer keeps its button only
    expect(line).to_have_attribute("data-settled", "true")
    expect(line.locator("#undo-text")).to_have_text("The game before:")
    app.button("Bring it back").click()
    expect(app.board).to_have_attribute("givens", re.compile("^..9748"))
