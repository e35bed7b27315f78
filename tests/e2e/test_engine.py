"""Solve, Check, Reveal, Count, Import and Export through the engine in the worker."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Page, Worker

    from e2e.conftest import Counted, Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
TWO_FIVES = "55" + "." * 79
UNSOLVABLE = PUZZLE[:-1] + "1"  # follows the rules, cannot be completed


def test_type_a_puzzle_and_solve_it(app: Studio) -> None:
    app.type_grid(PUZZLE)
    app.solve()
    expect(app.verdict).to_have_attribute("data-status", "unique")
    expect(app.verdict).to_contain_text("exactly one solution")
    assert app.grid() == SOLUTION
    assert app.givens() == PUZZLE  # the solution fills the entries; the givens stay
    expect(app.page.locator("body")).to_have_attribute("data-complete", "true")


def test_solve_explains_an_invalid_puzzle(app: Studio) -> None:
    app.type_grid(TWO_FIVES)
    app.solve()
    expect(app.verdict).to_have_attribute("data-status", "invalid")
    expect(app.verdict).to_contain_text("digit 5 appears twice in row 1: r1c1, r1c2")
    assert app.flagged() == [0, 1]
    assert app.entries() == "." * 81  # nothing filled in
    expect(app.cell(1)).to_have_accessible_name("Row 1, column 2, 5, given, conflict, marked")


def test_check_says_no_solution(app: Studio) -> None:
    app.type_grid(UNSOLVABLE)
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "no_solution")
    expect(app.verdict).to_contain_text("cannot be completed")
    assert app.flagged() == []


def test_multiple_solutions_show_where_two_differ(app: Studio, counted: list[Counted]) -> None:
    several = next(c for c in counted if c.count > 1)
    app.type_grid(several.puzzle)
    app.solve()
    expect(app.verdict).to_have_attribute("data-status", "multiple")
    expect(app.verdict).to_contain_text("Multiple solutions: two of them differ in")
    cells = app.flagged()
    assert len(cells) >= 2
    assert all(several.puzzle[c] == "." for c in cells)  # only empty cells can differ
    text = app.verdict.text_content() or ""
    for c in cells:
        assert f"r{c // 9 + 1}c{c % 9 + 1}" in text


def test_check_says_too_few_givens(app: Studio) -> None:
    app.type_grid("123456789")
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "multiple")
    expect(app.verdict).to_contain_text("only 9 givens; a unique puzzle needs at least 17")


def test_check_while_playing_reports_mistakes_without_the_solution(app: Studio) -> None:
    app.paste(PUZZLE)
    expect(app.board).to_have_attribute("mode", "play")
    app.cell(0).click()
    app.page.keyboard.press("5")  # right
    app.cell(1).click()
    app.page.keyboard.press("2")  # wrong (solution: 1)
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "mistakes")
    expect(app.verdict).to_have_text("1 of your digits does not match the solution: r1c2.")
    assert app.flagged() == [1]
    assert app.grid().count(".") == PUZZLE.count(".") - 2  # nothing revealed
    app.cell(1).click()
    app.page.keyboard.press("1")
    expect(app.verdict).to_have_attribute("data-status", "none")  # an edit clears the verdict
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "consistent")
    expect(app.verdict).to_contain_text("all 2 of your digits fit")


def test_reveal_cell(app: Studio) -> None:
    app.paste(PUZZLE)
    app.cell(4 * 9 + 0).click()
    app.button("Reveal cell").click()
    expect(app.cell(36)).to_have_accessible_name(f"Row 5, column 1, {SOLUTION[36]}")
    expect(app.page.locator("#status")).to_have_text(f"Revealed r5c1: {SOLUTION[36]}.")


def test_clear_entries_keeps_the_puzzle(app: Studio) -> None:
    app.paste(PUZZLE)
    app.solve()
    expect(app.verdict).to_have_attribute("data-status", "unique")
    app.button("Clear entries").click()
    assert app.grid() == PUZZLE
    app.button("Clear all").click()
    assert app.grid() == "." * 81
    expect(app.board).to_have_attribute("mode", "enter")


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(" ".join(PUZZLE[r * 9 : r * 9 + 9]) for r in range(9)),  # grid with spaces
        "\n".join(
            "|".join(PUZZLE[r * 9 + b * 3 : r * 9 + b * 3 + 3] for b in range(3))
            + ("\n---+---+---" if r in (2, 5) else "")
            for r in range(9)
        ),  # .ss-like with box separators
        PUZZLE.replace(".", "0"),
    ],
    ids=["spaced", "separators", "zeros"],
)
def test_paste_formats(app: Studio, text: str) -> None:
    app.paste(text)
    expect(app.page.locator("#import-dialog")).not_to_have_attribute("open", "")
    assert app.givens() == PUZZLE
    expect(app.page.locator("#status")).to_have_text("Imported a puzzle with 27 givens.")


def test_paste_error_says_where_and_leaves_the_board(app: Studio) -> None:
    app.type_grid(TWO_FIVES)
    app.paste("..9748...\n7...x....\n")
    error = app.page.locator("#import-error")
    expect(error).to_contain_text("Unexpected character 'x'")
    expect(error).to_contain_text("line 2")
    assert app.givens() == TWO_FIVES
    app.page.keyboard.press("Escape")
    expect(app.page.locator("#import-dialog")).not_to_have_attribute("open", "")


def test_open_file_good_malformed_and_too_large(app: Studio, tmp_path: Path) -> None:
    page = app.page
    good = tmp_path / "good.sdk"
    good.write_text("\n".join(PUZZLE[r * 9 : r * 9 + 9] for r in range(9)) + "\n")
    app.open_file(good)
    message = page.locator("#status")
    expect(message).to_have_text("Opened good.sdk: a puzzle with 27 givens.")
    assert app.givens() == PUZZLE

    bad = tmp_path / "bad.txt"
    bad.write_text("1234\n56789x\n")
    app.open_file(bad)
    expect(message).to_have_attribute("data-tone", "error")
    expect(message).to_contain_text("Could not read bad.txt as a puzzle.")
    expect(message).to_contain_text("line 2")
    assert app.givens() == PUZZLE  # untouched

    app.open_file({"name": "huge.txt", "mimeType": "text/plain", "buffer": b"." * 200_000})
    expect(message).to_contain_text("huge.txt is too large")
    assert app.givens() == PUZZLE


def test_export_line_and_save_file(app: Studio) -> None:
    app.paste(PUZZLE)
    page = app.page
    expect(page.locator("#export-line")).to_have_text(PUZZLE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.button("Copy line").click()
    expect(page.locator("#status")).to_contain_text("puzzle line")
    with page.expect_download() as download:
        app.button("Save file").click()
    path = download.value.path()
    # no progress to keep: the puzzle line, in a file named for the puzzle and the day
    assert re.fullmatch(
        r"sudoku-(\w+-)?[0-9a-z]{6}-\d{4}-\d\d-\d\d\.txt", download.value.suggested_filename
    )
    assert Path(path).read_text().strip() == PUZZLE


LAG_SCRIPT = """
async () => {
  const lags = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await new Promise((r) => setTimeout(r, 25));
    lags.push(performance.now() - t - 25);
  }
  return lags;
}
"""


def test_cancel_a_long_count_and_the_ui_stays_responsive(app: Studio) -> None:
    page = app.page
    app.mode("Play")
    app.count_limit("1000000")
    app.button("Count solutions").click()
    work = page.locator("#work")
    expect(work).to_have_attribute("data-state", "running")
    expect(page.locator("#work-text")).to_contain_text("solutions so far")  # progress arrives
    expect(app.button("Solve…")).to_be_disabled()
    expect(page.locator("#engine-reason")).to_have_text("The engine is busy; Cancel to stop it.")

    # the page's main thread stays free: timers fire on time while the engine counts
    # (most timers: another process on a loaded 2-core machine can hold one or two of twenty
    # for a few hundred ms; a count on this thread would hold nearly all of them)
    lag = sorted(app.page.evaluate(LAG_SCRIPT))
    assert lag[len(lag) // 2] < 50 and lag[len(lag) * 4 // 5] < 100, lag
    # manual play answers while the engine works (the lag above is the in-page measure; this
    # bound includes the test driver's round trips, which a loaded machine stretches past 0.5 s)
    app.cell(40).click()
    page.keyboard.press("4")
    expect(app.cell(40)).to_have_accessible_name("Row 5, column 5, 4", timeout=5000)

    # the same worker stops between two slices (no restart) and goes on serving
    app.cancel_between_slices()
    app.button(
        "Count solutions"
    ).click()  # limit 1,000,000, but this grid has one 4 only... still huge
    expect(work).to_have_attribute("data-state", "running")
    app.button("Cancel").click()
    expect(app.verdict).to_have_attribute("data-status", "cancelled")
    app.count_limit("5")
    app.button("Count solutions").click()
    expect(app.verdict).to_have_attribute("data-status", "counted")
    expect(app.verdict).to_have_text("At least 5 solutions (counting stopped at the limit).")


def test_count_solutions_exactly(app: Studio, counted: list[Counted]) -> None:
    few = next(c for c in counted if 1 < c.count < 200)
    app.paste(few.puzzle)
    app.button("Count solutions").click()
    expect(app.verdict).to_have_attribute("data-status", "counted")
    expect(app.verdict).to_have_attribute("data-count", str(few.count))
    expect(app.verdict).to_have_text(f"Exactly {few.count} solutions.")


def the_worker(page: Page, timeout_s: float = 30) -> Worker:
    """The page's one engine worker. A worker the client has replaced can stay listed for a while
    after terminate() (the stuck worker below blocks its thread for 20 s), and a restart from the
    snapshot takes about a second: wait until the old one is gone."""
    deadline = time.perf_counter() + timeout_s
    while True:
        workers = [w for w in page.workers if w.url.endswith("engine/solver-worker.js")]
        if len(workers) == 1 or time.perf_counter() > deadline:
            assert len(workers) == 1, [w.url for w in workers]
            return workers[0]
        page.wait_for_timeout(100)


def test_a_stuck_worker_is_replaced_after_cancel(app: Studio) -> None:
    """A slice that never returns (simulated: the worker's thread blocked for 20 s) cannot read
    the cancel message: the client gives it a second, then starts a new worker."""
    page = app.page
    app.mode("Play")
    app.count_limit("1000000")
    restarts = int(str(app.engine.get_attribute("data-restarts")))
    app.button("Count solutions").click()
    expect(page.locator("#work-text")).to_contain_text("solutions so far")
    worker = the_worker(page)
    worker.evaluate("setTimeout(() => { const t = Date.now(); while (Date.now() - t < 20000); })")
    app.button("Cancel").click()
    expect(app.verdict).to_have_attribute("data-status", "cancelled", timeout=5000)
    app.cell(0).click()  # the page itself never froze
    page.keyboard.press("2")
    expect(app.cell(0)).to_have_accessible_name("Row 1, column 1, 2", timeout=5000)
    # replaced long before the blocked thread (20 s) could have read the cancel
    expect(app.engine).to_have_attribute("data-restarts", str(restarts + 1), timeout=10_000)
    app.wait_ready()
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-action", "check")


def test_a_killed_worker_is_replaced_and_the_request_still_answered(app: Studio) -> None:
    """The worker vanishes without a word (as if killed); the next request revives it."""
    page = app.page
    app.type_grid(PUZZLE)
    worker = the_worker(page)
    restarts = int(str(app.engine.get_attribute("data-restarts")))
    worker.evaluate("self.close()")
    app.solve()
    expect(app.engine).to_have_attribute("data-restarting", "true")
    expect(app.engine).to_have_attribute("data-restarts", str(restarts + 1))
    app.wait_ready()
    expect(app.verdict).to_have_attribute("data-status", "unique")
    assert app.grid() == SOLUTION


def test_a_crashed_worker_is_replaced(app: Studio) -> None:
    page = app.page
    worker = the_worker(page)
    restarts = int(str(app.engine.get_attribute("data-restarts")))
    worker.evaluate("setTimeout(() => { throw new Error('simulated crash'); })")
    expect(app.engine).to_have_attribute("data-restarts", str(restarts + 1))
    app.wait_ready()
    app.type_grid(PUZZLE)
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "unique")


PROTOCOL_SCRIPT = """
async (puzzle) => {
  const worker = new Worker(new URL("./engine/solver-worker.js", location.href), { type: "module" });
  const seen = [];
  const terminal = new Set(["result", "error", "cancelled"]);
  const finals = new Map();
  let cancelledRunning = false;
  const allDone = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer in 90 s: " + JSON.stringify(seen))), 90000);
    worker.onmessage = (event) => {
      const m = event.data;
      seen.push(m);
      if (m.type === "progress" && m.id === 4 && !cancelledRunning) {
        cancelledRunning = true;
        worker.postMessage({ type: "cancel", id: 4 });
      }
      if (terminal.has(m.type)) finals.set(m.id, (finals.get(m.id) || 0) + 1);
      if (finals.size === 7) { clearTimeout(timer); resolve(); }
    };
  });
  // all sent before the worker is ready: they wait behind its boot, in order
  const send = (id, op, args) => worker.postMessage({ type: "request", id, op, args });
  send(1, "version", {});
  send(2, "parse", { text: "12x" });
  send(3, "no_such_op", {});
  send(4, "count_solutions", { grid: ".".repeat(81), limit: 1000000 });
  send(5, "check", { grid: puzzle });
  send(6, "count_solutions", { grid: ".".repeat(81), limit: 1000000 });
  worker.postMessage({ type: "cancel", id: 6 });  // cancelled while queued
  send(7, "solve", { grid: 42 });
  await allDone;
  await new Promise((r) => setTimeout(r, 300));  // a second terminal reply would show up here
  worker.terminate();
  return seen;
}
"""


def test_worker_protocol_one_terminal_reply_per_id(app: Studio) -> None:
    """The raw protocol (protocol.js): queued before ready, ids, errors typed, cancel anywhere."""
    seen = app.page.evaluate(PROTOCOL_SCRIPT, PUZZLE)
    types = [m["type"] for m in seen]
    stages = [m["stage"] for m in seen if m["type"] == "stage"]
    assert stages == ["runtime", "engine"]
    assert types.index("ready") > types.index("stage")
    ready = next(m for m in seen if m["type"] == "ready")
    assert ready["version"] and ready["bootMs"] > 0
    finals: dict[int, list[dict[str, object]]] = {}
    for m in seen:
        if m["type"] in ("result", "error", "cancelled"):
            finals.setdefault(int(m["id"]), []).append(m)
    assert sorted(finals) == [1, 2, 3, 4, 5, 6, 7]
    assert all(len(replies) == 1 for replies in finals.values())
    by_id = {i: replies[0] for i, replies in finals.items()}
    assert by_id[1]["type"] == "result" and by_id[1]["result"] == {"version": ready["version"]}
    assert by_id[2]["type"] == "error"
    assert by_id[2]["error"]["type"] == "InvalidPuzzleError"  # type: ignore[index]
    assert by_id[2]["error"]["line"] == 1 and by_id[2]["error"]["column"] == 3  # type: ignore[index]
    assert by_id[3]["error"]["type"] == "BadRequestError"  # type: ignore[index]
    assert by_id[4]["type"] == "cancelled"
    assert by_id[5]["type"] == "result" and by_id[5]["result"]["status"] == "unique"  # type: ignore[index]
    assert by_id[6]["type"] == "cancelled"
    assert by_id[7]["error"]["type"] == "BadRequestError"  # type: ignore[index]
    # every request was acknowledged, and answered in the order sent (one at a time)...
    assert sorted(int(m["id"]) for m in seen if m["type"] == "accepted") == [1, 2, 3, 4, 5, 6, 7]
    order = [int(m["id"]) for m in seen if m["type"] in ("result", "error", "cancelled")]
    assert order == [6, 1, 2, 3, 4, 5, 7]  # a queued request is cancelled at once
    assert any(m["type"] == "progress" and m["id"] == 4 for m in seen)
