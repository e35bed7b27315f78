"""First and repeat visits, measured in headless Chromium on the built site: a table, never a test.

    .venv/bin/python tests/visit_bench.py [--runs 5] [--site DIR]   (after `python build.py build`)

Each run is a fresh profile (a new, empty user-data folder: a person's browser, not an incognito
context, which keeps no compiled code) with service workers allowed:
- first visit: the page from the network (the service worker installs meanwhile);
- repeat visit: the same profile opening the page again once the service worker is active
  (every file then comes from its cache);
- bare Pyodide: tests/browser_probe's page (`loadPyodide()` + sudoku-core in a module worker,
  no checks) in a fresh profile, from the network, in the same run.
Times are from the navigation's start: "board" is `body[data-app=ready]` (the board takes input),
"engine" is `#engine[data-state=ready]`; both recorded in the page by a MutationObserver.
Bytes are the response bodies the server sent (as `python build.py serve` sends them: the
precompressed copies when the browser accepts them; headers not counted), from the navigation to
the engine ready, and to the service worker's precache done ("offline ready") on a first visit.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

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


def sent(server: Any, since: int) -> int:
    """Body bytes the server sent since its ``since``-th response."""
    return sum(size for *_, size in server.transfers[since:])


def visit(context: BrowserContext, url: str) -> Visit:
    """(board ms, engine ms) from the navigation's start, and the worker's boot stages (ms from
    the boot's start to each stage's end), in a new page of this context."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#engine[data-state=ready]", state="attached", timeout=BOOT_MS)
    marks = page.evaluate("() => window.__marks")
    stages = json.loads(page.locator("#engine").get_attribute("data-boot-stages") or "{}")
    began = page.locator("#engine").get_attribute("data-boot-began")
    if began is not None:
        stages = {"began": float(began), **stages}  # from the navigation, not from the boot
    page.close()
    return float(marks["board"]), float(marks["engine"]), {k: float(v) for k, v in stages.items()}


# Run on another origin of the same server before the first visit: the browser's storage (an
# IndexedDB database, localStorage, Cache Storage) has been used, as in a person's browser.
WARM_UP = """async () => {
  localStorage.setItem("warm", "1");
  await new Promise((resolve, reject) => {
    const open = indexedDB.open("warm", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("s", { keyPath: "id" });
    open.onsuccess = () => {
      const tx = open.result.transaction("s", "readwrite");
      tx.objectStore("s").put({ id: 1 });
      tx.oncomplete = () => { open.result.close(); resolve(true); };
    };
    open.onerror = () => reject(open.error);
  });
  await (await caches.open("warm")).put("/warm", new Response("warm"));
}"""


def fresh_profile(
    p: Playwright, folder: Path, service_workers: Literal["allow", "block"], other_origin: str
) -> BrowserContext:
    """Chromium on a new profile in ``folder``, whose storage has been used on ``other_origin``:
    a person's browser visiting this site for the first time.

    Not an incognito context (``browser.new_context``): there Chromium keeps no code cache, so
    every visit compiled Pyodide's 1.25 MB script and 9.6 MB wasm again, and the repeat visit's
    engine came 200-250 ms later than in a person's browser (686-793 against 890-1,003 ms, the
    same build, back to back). Nor a profile whose storage was never used: its first visit
    created IndexedDB's and the caches' folders on disk, which a person's browser has done long
    before (a first visit's board 293-562 ms, median 354, against ~300 here).
    """
    context = p.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=ARGS, service_workers=service_workers
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(other_origin)
    page.evaluate(WARM_UP)
    page.goto("about:blank")
    return context


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
        server = build_py.SiteServer(site, base="/", transfers=True).start()
        # the same server under another name: another origin, for each profile's warm-up
        other = server.url.replace("127.0.0.1", "localhost") + "manifest.webmanifest"
        first: list[Visit] = []
        repeat: list[Visit] = []
        bare: list[float] = []
        first_bytes: list[float] = []  # until the engine is ready
        precache_bytes: list[float] = []  # until the service worker has every file
        repeat_bytes: list[float] = []
        try:
            with sync_playwright() as p:
                for run in range(args.runs):
                    context = fresh_profile(p, Path(tmp) / f"profile-{run}", "allow", other)
                    context.add_init_script(RECORDER)
                    start = len(server.transfers)
                    first.append(visit(context, server.url))
                    first_bytes.append(sent(server, start))
                    page = context.new_page()
                    page.goto(server.url)
                    page.wait_for_selector(
                        "#update[data-offline=ready]", state="attached", timeout=BOOT_MS
                    )
                    page.close()
                    precache_bytes.append(sent(server, start))
                    start = len(server.transfers)
                    repeat.append(visit(context, server.url))
                    repeat_bytes.append(sent(server, start))
                    context.close()
                    context = fresh_profile(p, Path(tmp) / f"bare-{run}", "block", other)
                    page = context.new_page()
                    page.goto(server.url + "probe.html")
                    page.wait_for_selector(
                        "body[data-state=ready]", state="attached", timeout=BOOT_MS
                    )
                    bare.append(float(page.evaluate("() => performance.now()")))
                    context.close()
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
        if all("began" in v[2] for v in visits):
            print(row(f"  {name}, the worker's boot began at", [v[2]["began"] for v in visits]))
        previous = [0.0] * len(visits)
        for stage in (s for s in visits[0][2] if s != "began"):
            ends = [v[2].get(stage, 0.0) for v in visits]
            print(
                row(
                    f"  {name}, worker stage {stage!r} (its own ms)",
                    [e - p for e, p in zip(ends, previous, strict=True)],
                )
            )
            previous = ends
    print(f"\n{'bytes transferred (response bodies), MB':<44}{'median':>10}{'min':>10}{'max':>10}")
    print("-" * 74)

    def megabytes(name: str, values: list[float]) -> str:
        middle, low, high = (f(values) / 1e6 for f in (statistics.median, min, max))
        return f"{name:<44}{middle:>10.2f}{low:>10.2f}{high:>10.2f}"

    print(megabytes("first visit, to the engine ready", first_bytes))
    print(megabytes("first visit, to offline ready (precached)", precache_bytes))
    print(megabytes("repeat visit (service worker)", repeat_bytes))
    print(f"\n{args.runs} runs; headless Chromium {CHROMIUM}, the site served as `serve` does")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
