"""First and repeat visits, measured in headless Chromium on the built site: a table, never a test.

    .venv/bin/python tests/visit_bench.py [--runs 5] [--site DIR]   (after `python build.py build`)

Each run is a fresh profile with service workers allowed:
- first visit: the page from the network (the service worker installs meanwhile);
- repeat visit: the same profile opening the page again once the service worker is active
  (every file then comes from its cache);
- bare Pyodide: tests/browser_probe's page (`loadPyodide()` + sudoku-core in a module worker,
  no checks) in a fresh profile, from the network, in the same run.
Times are from the navigation's start: "board" is `body[data-app=ready]` (the board takes input),
"engine" is `#engine[data-state=ready]`; both recorded in the page by a MutationObserver.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from page_bench import ARGS, CHROMIUM, load_build_py  # noqa: E402

RECORDER = """(() => {
  window.__marks = {};
  const seen = () => {
    const now = performance.now();
    if (!window.__marks.board && document.body?.dataset.app === "ready") window.__marks.board = now;
    const engine = document.getElementById("engine");
    if (!window.__marks.engine && engine?.dataset.state === "ready") window.__marks.engine = now;
  };
  new MutationObserver(seen).observe(document, { attributes: true, subtree: true, childList: true });
})();"""
BOOT_MS = 120_000


Visit = tuple[float, float, dict[str, float]]


def visit(context: BrowserContext, url: str) -> Visit:
    """(board ms, engine ms) from the navigation's start, and the worker's boot stages (ms from
    the boot's start to each stage's end), in a new page of this context."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#engine[data-state=ready]", state="attached", timeout=BOOT_MS)
    marks = page.evaluate("() => window.__marks")
    stages = json.loads(page.locator("#engine").get_attribute("data-boot-stages") or "{}")
    page.close()
    return float(marks["board"]), float(marks["engine"]), {k: float(v) for k, v in stages.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--site", type=Path, default=ROOT / "site", help="a built site (default: site/)"
    )
    args = parser.parse_args()
    build_py = load_build_py()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site)
        for path in (ROOT / "tests" / "browser_probe").iterdir():
            shutil.copy2(path, site / path.name)
        server = build_py.SiteServer(site, base="/").start()
        first: list[Visit] = []
        repeat: list[Visit] = []
        bare: list[float] = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for _ in range(args.runs):
                    context = browser.new_context(service_workers="allow")
                    context.add_init_script(RECORDER)
                    first.append(visit(context, server.url))
                    page = context.new_page()
                    page.goto(server.url)
                    page.wait_for_selector(
                        "#update[data-offline=ready]", state="attached", timeout=BOOT_MS
                    )
                    page.close()
                    repeat.append(visit(context, server.url))
                    context.close()
                    context = browser.new_context(service_workers="block")
                    page = context.new_page()
                    page.goto(server.url + "probe.html")
                    page.wait_for_selector(
                        "body[data-state=ready]", state="attached", timeout=BOOT_MS
                    )
                    bare.append(float(page.evaluate("() => performance.now()")))
                    context.close()
                browser.close()
        finally:
            server.stop()

    def row(name: str, values: list[float]) -> str:
        return (
            f"{name:<44}{statistics.median(values):>10.0f}{min(values):>10.0f}{max(values):>10.0f}"
        )

    print(f"{'from navigation start, ms':<44}{'median':>10}{'min':>10}{'max':>10}")
    print("-" * 74)
    print(row("first visit: board interactive", [v[0] for v in first]))
    print(row("first visit: engine ready", [v[1] for v in first]))
    print(row("repeat visit (service worker): board", [v[0] for v in repeat]))
    print(row("repeat visit (service worker): engine ready", [v[1] for v in repeat]))
    print(row("bare Pyodide probe page: ready", bare))
    for name, visits in (("first", first), ("repeat", repeat)):
        previous = [0.0] * len(visits)
        for stage in visits[0][2]:
            ends = [v[2].get(stage, 0.0) for v in visits]
            print(
                row(
                    f"  {name}, worker stage {stage!r} (its own ms)",
                    [e - p for e, p in zip(ends, previous, strict=True)],
                )
            )
            previous = ends
    print(f"\n{args.runs} runs; headless Chromium {CHROMIUM}, site/ served locally")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
