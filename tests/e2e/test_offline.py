"""Offline and installable, and a runtime verified before it runs.

The service worker (site/sw.js, Workbox's generateSW run by build.py) precaches every file of
the build with its sha256 as subresource integrity; the engine's worker checks every file that
executes against build-manifest.json before it imports Pyodide. Other e2e tests block service
workers (tests/e2e/conftest.py); these allow them.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from e2e.conftest import BOOT_MS, Studio
from e2e.test_boot import FAST_MS, PUZZLE, SOLUTION, corrupt_wheel, failed_with

if TYPE_CHECKING:
    from e2e.conftest import ServeFactory

pytestmark = pytest.mark.e2e

WITH_SW: dict[str, Any] = {"service_workers": "allow"}
# The service worker's caches (the engine's worker keeps its inflated snapshot in its own cache,
# "sudoku-studio-engine-memory", checked by test_the_inflated_snapshot_is_kept...).
CACHED_URLS = """async () => {
    const found = [];
    for (const name of await caches.keys()) {
        if (name === "sudoku-studio-engine-memory") continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) found.push([name, request.url]);
    }
    return found;
}"""


def offline_ready(studio: Studio) -> None:
    """The service worker is active: every file of this build is cached."""
    expect(studio.page.locator("#update")).to_have_attribute(
        "data-offline", "ready", timeout=BOOT_MS
    )


def solve_one(studio: Studio) -> None:
    studio.type_grid(PUZZLE)
    studio.solve()
    expect(studio.verdict).to_have_attribute("data-status", "unique")
    assert studio.grid() == SOLUTION


def test_after_one_visit_a_reload_and_a_new_page_work_offline_under_a_sub_path(
    fresh: Callable[..., Studio], serve_site: ServeFactory
) -> None:
    url = serve_site(base="/games/sudoku/")
    studio = fresh(url, **WITH_SW)
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-verified", "sha256")  # not yet served by it
    offline_ready(studio)
    page = studio.page
    scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")
    assert scope == url
    installable = page.evaluate(
        """async () => {
            const response = await fetch("manifest.webmanifest");
            const manifest = await response.json();
            const at = (src) => new URL(src, response.url).href;
            return {start: at(manifest.start_url), scope: at(manifest.scope),
                    icons: manifest.icons.map((i) => [at(i.src), i.sizes, i.purpose ?? "any"])};
        }"""
    )
    assert installable["start"] == installable["scope"] == url
    assert [url + "icon-192.png", "192x192", "any"] in installable["icons"]
    assert [url + "icon-maskable-512.png", "512x512", "maskable"] in installable["icons"]
    # Chromium's own verdict: installable, but for the test profile being off the record
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {e["errorId"] for e in errors} <= {"in-incognito"}, errors
    assert cdp.send("Page.getAppManifest")["errors"] == []

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    studio.wait_ready()
    # served from the precache, whose entries were fetched with the build's sha256 as integrity:
    # the engine's worker does not hash them again, and starts from its snapshot
    expect(studio.engine).to_have_attribute("data-boot-verified", "precache")
    expect(studio.engine).to_have_attribute("data-boot-from", "kept-snapshot")
    # started by engine-start.js before the page's other modules, and adopted: one worker only
    assert [w.url for w in page.workers].count(url + "engine/solver-worker.js") == 1
    solve_one(studio)

    second = Studio(page.context.new_page(), studio.log, url)
    studio.log.watch_page(second.page)
    second.page.goto(url + "?engine-seconds=20")
    second.wait_ready()
    expect(second.page.locator("#update")).to_have_attribute("data-offline", "ready")
    solve_one(second)


def test_a_new_build_is_offered_and_taken_only_on_the_players_word(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path, build_py: ModuleType
) -> None:
    url = serve_site(site=site_copy)
    studio = fresh(url, **WITH_SW)
    studio.wait_ready()
    offline_ready(studio)
    page = studio.page
    studio.mode("Create")
    studio.cell(0).click()
    page.keyboard.press("7")
    page.evaluate("() => { window.firstLoad = true; }")
    other = Studio(page.context.new_page(), studio.log, url)  # a second tab of the same build
    studio.log.watch_page(other.page)
    other.page.goto(url)
    expect(other.page.locator("body")).to_have_attribute("data-app", "ready")
    other.page.evaluate("() => { window.firstLoad = true; }")
    before = page.evaluate(CACHED_URLS)
    assert len({name for name, _ in before}) == 1
    assert (
        len(before) == len(json.loads((site_copy / "build-manifest.json").read_text())["files"]) + 1
    )

    # a new build deployed: one file changed, its manifest and service worker made again
    style = site_copy / "app" / "style.css"
    style.write_text(style.read_text() + "\n/* the second build */\n")
    build_py.finish_site(site_copy, "second-build")
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")

    update = page.locator("#update")
    expect(update).to_have_attribute("data-state", "available", timeout=BOOT_MS)
    expect(page.get_by_role("status").filter(has_text="A new version is ready")).to_be_visible()
    assert page.evaluate("() => window.firstLoad") is True, "the page reloaded by itself"
    expect(studio.cell(0)).to_have_accessible_name("Row 1, column 1, 7, given")

    with page.expect_navigation():
        studio.button("Update now").click()
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    assert page.evaluate("() => window.firstLoad ?? false") is False
    expect(update).to_have_attribute("data-state", "none")
    expect(update).to_be_hidden()
    # the game came back
    expect(studio.cell(0)).to_have_accessible_name("Row 1, column 1, 7, given")
    served = page.evaluate("async () => (await fetch('app/style.css')).text()")
    assert "the second build" in served
    after = page.evaluate(CACHED_URLS)
    assert len({name for name, _ in after}) == 1, "an old cache was left behind"
    styles = [u for _, u in after if "/app/style.css" in u]
    assert len(styles) == 1, f"the old build's style.css is still cached: {styles}"
    assert len(after) == len(before)
    studio.wait_ready()
    # the other tab now runs on the new build's files: it offers a reload, never does it itself
    expect(other.page.locator("#update")).to_have_attribute("data-state", "available")
    assert other.page.evaluate("() => window.firstLoad") is True
    with other.page.expect_navigation():
        other.button("Update now").click()
    expect(other.page.locator("#update")).to_have_attribute("data-state", "none")


# --- a runtime verified before it runs ---------------------------------------------------------


def test_an_extra_line_in_the_runtime_gives_an_integrity_error_fast(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    runtime = site_copy / "pyodide" / "pyodide.asm.mjs"
    runtime.write_text(runtime.read_text() + "\nglobalThis.tampered = true;\n")
    studio = fresh(serve_site(site=site_copy))
    failed_with(studio, "pyodide/pyodide.asm.mjs", "failed its integrity check", "sha256")


SNAPSHOT = Path("pyodide") / "sudoku-core.snapshot"


def test_the_engine_starts_from_its_snapshot_and_solves(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The build's memory snapshot is what a visit restores (tools/make-snapshot.mjs): no wheel is
    loaded, and the engine it gives solves."""
    studio = fresh(site_server)
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "snapshot")
    stages = json.loads(studio.engine.get_attribute("data-boot-stages") or "{}")
    assert stages["wheel"] - stages["runtime"] < 100  # nothing was loaded between them
    solve_one(studio)


MEMORY_CACHE = "sudoku-studio-engine-memory"


def test_the_inflated_snapshot_is_kept_and_a_broken_one_is_dropped(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The first start inflates the snapshot and keeps the memory (Cache Storage, keyed by the
    snapshot's sha256); a reload restores the kept memory. Kept memory that Pyodide refuses (a
    damaged disk, a browser bug) is dropped: that start boots the ordinary way, the next one
    inflates again."""
    studio = fresh(site_server)
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "snapshot")
    page = studio.page
    keys = f"""async () => {{
        const cache = await caches.open("{MEMORY_CACHE}");
        return (await cache.keys()).map((request) => request.url);
    }}"""
    page.wait_for_function(f"({keys})().then((urls) => urls.length === 1)")
    (key,) = page.evaluate(keys)
    assert "sudoku-core.snapshot?sha256=" in key
    page.reload()
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "kept-snapshot")
    solve_one(studio)

    page.evaluate(
        f"""async (key) => {{
            const cache = await caches.open("{MEMORY_CACHE}");
            await cache.put(key, new Response(new Uint8Array(4096)));
        }}""",
        key,
    )
    page.reload()
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "wheel")
    solve_one(studio)
    page.reload()
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "snapshot")


def test_a_snapshot_that_cannot_be_restored_falls_back_to_booting(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path, build_py: ModuleType
) -> None:
    """A snapshot listed in the build (its hash matches) that is not gzip, then one that inflates
    to memory Pyodide refuses: the engine boots the ordinary way and works."""
    (site_copy / SNAPSHOT).write_bytes(b"not a snapshot")
    build_py.finish_site(site_copy, "bad-snapshot")
    studio = fresh(serve_site(site=site_copy))
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "wheel")
    solve_one(studio)
    (site_copy / SNAPSHOT).write_bytes(gzip.compress(b"\0" * 4096, mtime=0))
    build_py.finish_site(site_copy, "wrong-snapshot")
    studio = fresh(serve_site(site=site_copy))
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-from", "wheel")
    solve_one(studio)


def test_a_tampered_snapshot_gives_an_integrity_error_fast(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    snapshot = site_copy / SNAPSHOT
    memory = bytearray(gzip.decompress(snapshot.read_bytes()))
    memory[-1] ^= 1
    snapshot.write_bytes(gzip.compress(bytes(memory), mtime=0))
    studio = fresh(serve_site(site=site_copy))
    failed_with(studio, "pyodide/sudoku-core.snapshot", "failed its integrity check")


def test_a_wheel_whose_new_hash_is_in_the_lockfile_is_still_refused(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    wheel = corrupt_wheel(site_copy)
    lock_path = site_copy / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"]["sudoku-core"]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    studio = fresh(serve_site(site=site_copy))
    failed_with(studio, "pyodide/pyodide-lock.json", "failed its integrity check")
    assert FAST_MS <= 20_000


@pytest.mark.allow_console_errors  # the browser logs the refused script
def test_a_tampered_page_script_is_refused_before_it_runs(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    """First visit, no service worker yet: the pages' import map pins every module's sha256
    (build.py, pin_page_scripts), so the browser refuses a changed one before it runs, and
    load-guard.js says why on the page instead of a silent "Loading"."""
    script = site_copy / "board" / "grid.js"  # imported by the board and the app
    script.write_text(script.read_text() + "\nglobalThis.tampered = true;\n")
    studio = fresh(serve_site(site=site_copy), wait=False)
    page = studio.page
    page.goto(studio.url)
    guard = page.locator("#no-module")
    expect(guard).to_have_attribute("data-problem", "scripts", timeout=FAST_MS)
    expect(guard).to_be_visible()
    expect(guard).to_contain_text("does not match this build")
    expect(guard).to_contain_text("copy it to the server again")
    assert page.evaluate("() => globalThis.tampered") is None
    expect(page.locator("body")).not_to_have_attribute("data-app", "ready")


def test_a_tampered_build_never_installs_its_service_worker(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    script = site_copy / "engine" / "solver-worker.js"  # the worker's: the page itself still runs
    script.write_text(script.read_text() + "\n// tampered\n")
    studio = fresh(serve_site(site=site_copy), **WITH_SW)
    failed_with(studio, "engine/solver-worker.js", "failed its integrity check")
    page = studio.page
    state = page.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            const worker = registration?.installing ?? registration?.waiting ?? registration?.active;
            if (!worker) return "none";
            if (worker.state === "redundant" || worker.state === "activated") return worker.state;
            return new Promise((resolve) => worker.addEventListener("statechange", () => {
                if (worker.state === "redundant" || worker.state === "activated") resolve(worker.state);
            }));
        }"""
    )
    assert state in ("none", "redundant")
    expect(page.locator("#update")).not_to_have_attribute("data-offline", "ready")
