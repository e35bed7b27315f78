"""A move's save with a large game library, measured in headless Chromium on the built site: a
table, never a test.

    .venv/bin/python tests/saves_bench.py [--games 5000] [--moves 1000] [--presses 20] [--site DIR]
    python build.py bench --saves [GAMES]

For each library size (one game, then --games games of --moves moves each, written straight
into IndexedDB as an older visit would have left them), the page is reloaded and a digit is
typed --presses times into one cell of the game on the board, waiting for each save:
- keypress to paint: from the key event's timestamp to the first task after the next animation
  frame (the frame that shows the digit has been painted by then);
- key to saved: to `#save-status[data-pending=false]` (the write committed and Recent games
  redrawn);
- longest task: the longest main-thread task (PerformanceObserver "longtask", 50 ms and more)
  from the first press to the last save, 0 when there was none.
The presses start once Recent games has listed the library (the start's one read of it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from page_bench import ARGS, CHROMIUM, PUZZLE, load_build_py  # noqa: E402

# Writes `count` saved games of PUZZLE, each with `moves` moves (a colour toggled in r1c1: an
# even count leaves no colour, so every record is sound), newest last, in batches.
SEED_GAMES = """async ([count, moves, puzzle]) => {
  const open = await new Promise((resolve, reject) => {
    const request = indexedDB.open("sudoku-studio");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const history = { moves: new Array(moves).fill("kAgB"), at: moves };
  const start = Date.parse("2020-01-01T00:00:00.000Z");
  for (let from = 0; from < count; from += 250) {
    await new Promise((resolve, reject) => {
      const tx = open.transaction("games", "readwrite");
      const store = tx.objectStore("games");
      for (let i = from; i < Math.min(count, from + 250); i++) {
        const at = new Date(start + i * 60_000).toISOString();
        store.put({
          schema: 2, id: `bench-${i}`, givens: puzzle, entries: ".".repeat(81), mode: "play", rev: 1,
          createdAt: at, savedAt: at,
          play: {
            corner: "", centre: "", colours: "", history, ms: 1000, hints: 0, reveals: 0, undos: 0, solved: false,
          },
        });
      }
      tx.oncomplete = () => resolve(undefined);
      tx.onerror = () => reject(tx.error);
    });
  }
  open.close();
}"""
PROBES = """() => {
  window.__paints = [];
  window.__saved = [];
  window.__tasks = [];
  let pressed = 0;
  document.addEventListener("keydown", (event) => {
    const start = event.timeStamp;
    pressed = start;
    requestAnimationFrame(() => setTimeout(() => window.__paints.push(performance.now() - start), 0));
  }, { capture: true });
  const status = document.getElementById("save-status");
  new MutationObserver(() => {
    if (pressed && status.dataset.pending === "false") {
      window.__saved.push(performance.now() - pressed);
      pressed = 0;
    }
  }).observe(status, { attributes: true, attributeFilter: ["data-pending"] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""


def measure(page: Page, url: str, games: int, moves: int, presses: int) -> dict[str, list[float]]:
    """The figures for one library size (a fresh context: its own storage)."""
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    page.evaluate(SEED_GAMES, [games, moves, PUZZLE])
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-app", "ready", timeout=120_000)
    expect(page.locator("#board")).to_have_attribute("givens", PUZZLE)
    # Recent games listed the library once at the start (not part of a save)
    expect(page.locator("#recent-list")).to_have_attribute(
        "data-total", str(games), timeout=120_000
    )
    page.evaluate(PROBES)
    cell = page.locator('#board [role="gridcell"][data-cell="0"]')
    cell.click()
    status = page.locator("#save-status")
    for i in range(presses):
        page.keyboard.press(str(1 + i % 9))
        expect(status).to_have_attribute("data-pending", "false", timeout=60_000)
        page.wait_for_timeout(50)
    figures: dict[str, list[float]] = page.evaluate(
        "() => ({paints: window.__paints, saved: window.__saved, tasks: window.__tasks})"
    )
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument(
        "--site", type=Path, default=ROOT / "site", help="a built site (default: site/)"
    )
    args = parser.parse_args()
    build_py = load_build_py()
    server = build_py.SiteServer(args.site, base="/").start()
    rows: list[tuple[int, dict[str, list[float]]]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for games in (1, args.games):
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                rows.append((games, measure(page, server.url, games, args.moves, args.presses)))
                context.close()
            browser.close()
    finally:
        server.stop()

    def row(label: str, name: str, values: list[float]) -> str:
        if not values:
            return f"{label:<30}{name:<22}{'-':>10}{'-':>10}"
        return f"{label:<30}{name:<22}{statistics.median(values):>10.1f}{max(values):>10.1f}"

    heading = f"saved games (of {args.moves:,} moves)"
    print(f"{heading:<30}{'ms':<22}{'median':>10}{'max':>10}")
    print("-" * 72)
    for games, figures in rows:
        print(row(f"{games:,}", "keypress to paint", figures["paints"]))
        print(row("", "key to saved", figures["saved"]))
        print(f"{'':<30}{'longest task':<22}{'':>10}{max(figures['tasks'] or [0.0]):>10.1f}")
    print(
        f"\n{args.presses} presses per size; headless Chromium {CHROMIUM}, served as `serve` does"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
