"""What a player feels, measured in headless Chromium on the built site: a table, never a test.

    .venv/bin/python tests/page_bench.py [--runs 5]      (after `python build.py build`)

- load: a usable board (`data-app=ready`) and the engine ready, from a fresh profile each run;
- keypress to paint with every empty cell full of centre and corner marks: from the key event's
  timestamp to the first task after the next animation frame (the frame that shows the digit
  has been painted by then), 30 presses per run;
- undo: 1,000 moves undone one by one with Ctrl+Z (per undo), and "Undo to last correct" over
  1,000 moves in one step;
- teaching, on the hardest puzzles of the page's pool (web/puzzles/puzzle-pool.json, highest
  score first): Hint from the click to the hint shown, at the puzzle's start and at its hardest
  step (the board and candidates as the path leaves them there: the slowest search); Path from
  the click to the listed path; and Cancel, clicked while a path is being found, to the engine
  free again. `--only teaching` runs just these.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

# In-page probes (the page's CSP allows evaluate, not string callbacks from the page itself).
PRESS_PROBE = """() => {
  window.__paints = [];
  document.addEventListener("keydown", (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__paints.push(performance.now() - start), 0));
  }, { capture: true });
}"""
UNDO_PROBE = """(count) => {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true, cancelable: true }));
  }
  return performance.now() - start;
}"""


def load_build_py() -> Any:
    spec = importlib.util.spec_from_file_location("build_py", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_py"] = module
    spec.loader.exec_module(module)
    return module


def measure_load(page: Page, url: str) -> tuple[float, float]:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-app=ready]", state="attached")
    usable = time.perf_counter() - start
    page.wait_for_selector("#engine[data-state=ready]", state="attached", timeout=120_000)
    return usable * 1000, (time.perf_counter() - start) * 1000


def fill_marks(page: Page) -> None:
    """The puzzle, every empty cell with centre marks 1-9 and corner marks 1-4 (worst case)."""
    page.evaluate(
        """(puzzle) => {
          const board = document.getElementById("board");
          const empty = [...puzzle].map((d, c) => (d === "." ? c : -1)).filter((c) => c >= 0);
          board.setAttribute("givens", puzzle);
          board.setAttribute("entries", ".".repeat(81));
          board.setAttribute("centre", empty.map((c) => `${c}:123456789`).join(" "));
          board.setAttribute("corner", empty.map((c) => `${c}:1234`).join(" "));
          board.setAttribute("mode", "play");
        }""",
        PUZZLE,
    )


def measure_presses(page: Page, presses: int) -> list[float]:
    empty = [c for c, d in enumerate(PUZZLE) if d == "."]
    cells = page.locator("sudoku-board [role=gridcell]")
    cells.nth(empty[0]).click()
    page.evaluate(PRESS_PROBE)
    for i in range(presses):
        cells.nth(empty[i % len(empty)]).click()
        page.keyboard.press(str(1 + i % 9))
        while int(page.evaluate("() => window.__paints.length")) <= i:
            time.sleep(0.005)
    return [float(ms) for ms in page.evaluate("() => window.__paints")]


def measure_undo(page: Page, moves: int) -> tuple[float, float]:
    """Per-undo ms over `moves` Ctrl+Z, then "Undo to last correct" back over `moves` moves."""
    cells = page.locator("sudoku-board [role=gridcell]")
    cells.nth(0).click()
    page.keyboard.press("1")  # r1c1 is 5: a wrong digit under the moves that follow
    cells.nth(1).click()
    for i in range(moves):
        page.keyboard.press("Shift+" + str(1 + i % 9))  # corner marks on and off
    total = float(page.evaluate(UNDO_PROBE, moves))
    for _ in range(moves):
        page.keyboard.press("Control+y")
    start = time.perf_counter()
    page.locator("#last-correct").click()  # solves first (the engine), then steps back
    deadline = time.time() + 30
    while page.locator("#board").get_attribute("entries") != "." * 81 and time.time() < deadline:
        time.sleep(0.005)
    return total / moves, (time.perf_counter() - start) * 1000


# Click a button and time, in the page, until an element's attribute has a value (no Playwright
# round trip in the figure); `value` null: until the attribute is gone. -1: not within 2 minutes.
CLICK_UNTIL = """async ([button, target, attribute, value]) => {
  const el = document.getElementById(target);
  const start = performance.now();
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (el.getAttribute(attribute) === value) { seen.disconnect(); resolve(performance.now() - start); }
    });
    seen.observe(el, { attributes: true });
    setTimeout(() => { seen.disconnect(); resolve(-1); }, 120000);
  });
  document.getElementById(button).click();
  return await done;
}"""
CANCEL_UNTIL = """async () => {
  const work = document.getElementById("work");
  if (work.getAttribute("data-state") !== "running") return null;
  const start = performance.now();
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      const state = work.getAttribute("data-state");
      if (state === "running") return;
      seen.disconnect();
      resolve(state === "cancelled" ? performance.now() - start : null);
    });
    seen.observe(work, { attributes: true });
    setTimeout(() => { seen.disconnect(); resolve(-1); }, 120000);
  });
  document.getElementById("cancel").click();
  return await done;
}"""
"""Cancel clicked while the work runs: ms to ``cancelled``, or null when the work ended first
(a path faster than the probe's round trip: it is then not a cancel to time)."""
SET_BOARD = """([givens, entries, centre]) => {
  const board = document.getElementById("board");
  board.mode = "play";
  board.layers = { givens, entries, centre, corner: new Array(81).fill(0), colours: new Array(81).fill(0) };
  const text = document.getElementById("hint-text");
  text.dataset.level = "0";
}"""


def hardest_pool(count: int) -> list[str]:
    """The pool's ``count`` hardest puzzles (highest score first)."""
    import json

    pool = json.loads((ROOT / "web" / "puzzles" / "puzzle-pool.json").read_text(encoding="utf-8"))[
        "puzzles"
    ]
    pool.sort(key=lambda p: -int(p["score"]))
    return [str(p["puzzle"]) for p in pool[:count]]


def hardest_state(puzzle: str) -> tuple[str, list[int]]:
    """The player's digits and candidates just before the puzzle's hardest step."""
    from sudoku_core import grade, parse
    from sudoku_core.logic import Board

    graded = grade(puzzle)
    board = Board.from_grid(parse(puzzle))
    at = graded.path.index(graded.bottleneck) if graded.bottleneck else 0
    for step in graded.path[:at]:
        step.apply(board)
    entries = "".join(
        str(board.values[c]) if board.values[c] and puzzle[c] == "." else "." for c in range(81)
    )
    return entries, list(board.cands)


def measure_teaching(page: Page, puzzles: list[str], repeats: int) -> dict[str, list[float]]:
    """Hint (start, hardest step), Path and Cancel on each puzzle, ``repeats`` times each."""
    found: dict[str, list[float]] = {"hint": [], "hint_hard": [], "path": [], "cancel": []}
    empty = [0] * 81
    for n, puzzle in enumerate(puzzles, 1):
        hard_entries, hard_marks = hardest_state(puzzle)
        for _ in range(repeats):
            page.evaluate(SET_BOARD, [puzzle, "." * 81, empty])
            found["hint"].append(
                page.evaluate(CLICK_UNTIL, ["hint", "hint-text", "data-level", "1"])
            )
            page.evaluate(SET_BOARD, [puzzle, hard_entries, hard_marks])
            found["hint_hard"].append(
                page.evaluate(CLICK_UNTIL, ["hint", "hint-text", "data-level", "1"])
            )
            page.evaluate(SET_BOARD, [puzzle, "." * 81, empty])
            found["path"].append(page.evaluate(CLICK_UNTIL, ["path", "path-panel", "hidden", None]))
            page.locator("#path-close").click()
            page.evaluate(SET_BOARD, [puzzle, "." * 81, empty])
            page.locator("#path").click()
            time.sleep(0.05)
            cancelled = page.evaluate(CANCEL_UNTIL)
            if cancelled is None:
                page.locator("#path-close").click()
            else:
                found["cancel"].append(cancelled)
        paths = found["path"][-repeats:]
        print(f"teaching: {n}/{len(puzzles)} puzzles, path median {statistics.median(paths):.0f} ms"
              f" ({puzzle})", file=sys.stderr, flush=True)  # fmt: skip
    late = sorted(kind for kind, times in found.items() if any(t < 0 for t in times))
    if late:
        raise SystemExit(f"{', '.join(late)}: did not finish within two minutes")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--presses", type=int, default=30)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--only", choices=["all", "teaching"], default="all")
    parser.add_argument("--hardest", type=int, default=8, help="pool puzzles for the teaching rows")
    args = parser.parse_args()
    build_py = load_build_py()
    site = ROOT / "site"
    server = build_py.SiteServer(site, base="/").start()
    loads: list[tuple[float, float]] = []
    presses: list[float] = []
    undo: tuple[float, float] = (0.0, 0.0)
    teaching: dict[str, list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            measure_load(page, server.url)
            teaching = measure_teaching(page, hardest_pool(args.hardest), 3)
            context.close()
            for run in range(args.runs if args.only == "all" else 0):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                loads.append(measure_load(page, server.url))
                fill_marks(page)
                presses += measure_presses(page, args.presses)
                if run == 0:
                    fill_marks(page)
                    page.evaluate(
                        "() => document.getElementById('board').setAttribute('centre', '')"
                    )
                    undo = measure_undo(page, args.moves)
                context.close()
            browser.close()
    finally:
        server.stop()
    print(f"{'what':<52}{'median':>10}{'max':>10}")
    print("-" * 72)
    rows = {
        "hint": f"hint at the start, {args.hardest} hardest pool puzzles, ms",
        "hint_hard": "hint at their hardest step (its candidates), ms",
        "path": "full path (Path to the listed steps), ms",
        "cancel": "Cancel during Path to the engine free, ms",
    }
    for key, label in rows.items():
        times = teaching[key] or [0.0]
        print(f"{label:<52}{statistics.median(times):>10.0f}{max(times):>10.0f}")
    if args.only == "teaching":
        return 0
    usable = [u for u, _ in loads]
    ready = [r for _, r in loads]
    print(
        f"{'usable board (data-app=ready), ms':<52}{statistics.median(usable):>10.0f}{max(usable):>10.0f}"
    )
    print(f"{'engine ready, ms':<52}{statistics.median(ready):>10.0f}{max(ready):>10.0f}")
    print(
        f"{'keypress to painted frame, full marks, ms':<52}{statistics.median(presses):>10.1f}{max(presses):>10.1f}"
    )
    print(f"{f'one undo (of {args.moves:,} in a row), ms':<52}{undo[0]:>10.2f}")
    print(f"{f'undo to last correct over {args.moves:,} moves, ms':<52}{undo[1]:>10.0f}")
    print(
        f"\n{args.runs} loads, {len(presses)} presses; headless Chromium {CHROMIUM}, site/ served locally"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
