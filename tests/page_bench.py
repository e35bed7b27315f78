"""What a player feels, measured in headless Chromium on the built site: a table, never a test.

    .venv/bin/python tests/page_bench.py [--runs 5]      (after `python build.py build`)

- load: a usable board (`data-app=ready`) and the engine ready, from a fresh profile each run;
- keypress to paint with every empty cell full of centre and corner marks: from the key event's
  timestamp to the first task after the next animation frame (the frame that shows the digit
  has been painted by then), 30 presses per run;
- undo: 1,000 moves undone one by one with Ctrl+Z (per undo), and "Undo to last correct" over
  1,000 moves in one step.
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--presses", type=int, default=30)
    parser.add_argument("--moves", type=int, default=1000)
    args = parser.parse_args()
    build_py = load_build_py()
    site = ROOT / "site"
    server = build_py.SiteServer(site, base="/").start()
    loads: list[tuple[float, float]] = []
    presses: list[float] = []
    undo: tuple[float, float] = (0.0, 0.0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for run in range(args.runs):
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
    usable = [u for u, _ in loads]
    ready = [r for _, r in loads]
    print(f"{'what':<52}{'median':>10}{'max':>10}")
    print("-" * 72)
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
