"""Start-up: stages, sub-path hosting, isolation, and failures that must not hang the page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Route, expect

if TYPE_CHECKING:
    from e2e.conftest import ServeFactory, Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
WHEEL = "**/pyodide/sudoku_core-*.whl"


def corrupt_wheel(site: Path) -> Path:
    """Damage the site's sudoku_core wheel in place: the same size, so only its hash tells."""
    wheel = next((site / "pyodide").glob("sudoku_core-*.whl"))
    data = bytearray(wheel.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 64] = b"\0" * 64
    wheel.write_bytes(bytes(data))
    return wheel


def stall(studio: Studio, pattern: str) -> list[Route]:
    """Make every request matching `pattern` hang (never answered); the requests caught."""
    stalled: list[Route] = []

    def hang(route: Route) -> None:  # Playwright wants a Python function, not list.append
        stalled.append(route)

    studio.page.context.route(pattern, hang)
    return stalled


BEFORE_READY = """() => {
  const solve = document.getElementById("solve");
  const reason = document.getElementById(solve.getAttribute("aria-describedby") ?? "");
  return {
    state: document.getElementById("engine").dataset.state,
    disabled: solve.disabled,
    reason: reason ? reason.textContent : null,  // a description may name a hidden element
  };
}"""


def test_engine_buttons_wait_for_the_engine_but_play_does_not(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    engine = studio.engine
    # before ready: disabled, with the reason said; the board already works. Read in one go:
    # the engine may become ready between two reads (it often does on a quiet machine).
    before = studio.page.evaluate(BEFORE_READY)
    if before["state"] != "ready":
        assert before["disabled"], before
        assert before["reason"] == "The engine is loading; you can already play.", before
    studio.mode("Play")
    studio.cell(0).click()
    studio.page.keyboard.press("3")
    expect(studio.cell(0)).to_have_accessible_name("Row 1, column 1, 3")
    studio.wait_ready()
    # the top bar says it is ready; the version is the status's title and the footer's
    expect(studio.page.get_by_role("status").filter(has_text="Engine ready")).to_have_text(
        "Engine ready"
    )
    expect(engine).to_have_attribute("title", "Engine ready (sudoku-core 0.1.0)")
    expect(studio.page.locator("#engine-about")).to_have_text(
        "Runs offline: the solver is Python (sudoku-core 0.1.0) in your browser."
    )
    expect(studio.button("Solve…")).to_be_enabled()
    assert int(str(engine.get_attribute("data-boot-ms"))) > 0


def test_served_under_a_sub_path(fresh: Callable[..., Studio], serve_site: ServeFactory) -> None:
    url = serve_site(base="/games/sudoku/")
    assert url.endswith("/games/sudoku/")
    studio = fresh(url)
    studio.wait_ready()
    studio.type_grid(PUZZLE)
    studio.solve()
    expect(studio.verdict).to_have_attribute("data-status", "unique")
    assert studio.grid() == SOLUTION
    link = str(studio.page.locator("#share-link").inner_text())
    assert link.startswith(url + "#puzzle=")


def test_cross_origin_isolated_page_uses_the_interrupt_buffer(
    fresh: Callable[..., Studio], serve_site: ServeFactory
) -> None:
    studio = fresh(serve_site(isolated=True))
    assert studio.page.evaluate("crossOriginIsolated") is True
    studio.wait_ready()
    page = studio.page
    studio.mode("Play")
    studio.count_limit("1000000")
    studio.button("Count solutions").click()
    expect(page.locator("#work-text")).to_contain_text("solutions so far")
    studio.cancel_between_slices()


@pytest.mark.allow_console_errors  # the 404 is the point
def test_missing_wheel_shows_the_error_and_retry_recovers(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server, wait=False)
    context = studio.page.context
    context.route(WHEEL, lambda route: route.fulfill(status=404, body="not found"))
    studio.page.goto(site_server)
    engine = studio.engine
    expect(engine).to_have_attribute("data-state", "failed", timeout=60_000)
    expect(studio.page.locator("#engine-text")).to_contain_text("The engine could not start")
    expect(studio.page.locator("#engine-text")).to_contain_text("sudoku-core")
    expect(studio.button("Solve…")).to_be_disabled()
    expect(studio.page.locator("#engine-reason")).to_contain_text("press Retry")
    # play goes on
    studio.mode("Play")
    studio.cell(0).click()
    studio.page.keyboard.press("3")
    expect(studio.cell(0)).to_have_accessible_name("Row 1, column 1, 3")
    # generating says why it cannot; a puzzle of a difficulty still comes from the pool
    studio.new_puzzle()
    expect(studio.verdict).to_have_attribute("data-status", "error")
    expect(studio.verdict).to_contain_text("The engine is not available")
    studio.new_puzzle(difficulty="easy")
    expect(studio.verdict).to_have_attribute("data-status", "generated")
    expect(studio.page.locator("#puzzle-info")).to_have_attribute("data-level", "easy")
    # the network is back: Retry boots the engine
    context.unroute(WHEEL)
    studio.button("Retry").click()
    studio.wait_ready()
    expect(studio.button("Retry")).to_be_hidden()
    studio.button("Check").click()
    expect(studio.verdict).to_have_attribute("data-action", "check")


def test_corrupt_wheel_fails_its_check_and_shows_the_error(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    corrupt_wheel(site_copy)
    studio = fresh(serve_site(site=site_copy))
    expect(studio.engine).to_have_attribute("data-state", "failed", timeout=60_000)
    expect(studio.page.locator("#engine-text")).to_contain_text("The engine could not start")
    expect(studio.button("Retry")).to_be_visible()


def test_a_hanging_runtime_download_times_out_with_retry(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server, wait=False)
    stalled = stall(studio, "**/pyodide/pyodide.asm.wasm")
    studio.page.goto(site_server + "?boot-timeout=4000")
    expect(studio.engine).to_have_attribute("data-state", "failed", timeout=30_000)
    expect(studio.page.locator("#engine-text")).to_have_text(
        "The engine could not start: The engine did not start within 4 s."
    )
    expect(studio.button("Retry")).to_be_visible()
    assert stalled, "the wasm request was not intercepted"


def test_a_request_over_budget_gives_up_and_can_keep_trying(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server + "?engine-seconds=1")
    studio.wait_ready()
    page = studio.page
    studio.count_limit("1000000")
    studio.button("Count solutions").click()
    expect(studio.verdict).to_have_attribute("data-status", "gave_up", timeout=20_000)
    expect(studio.verdict).to_contain_text("Gave up after 1 s with")
    expect(studio.verdict).to_contain_text("solutions found so far")
    studio.button("Keep trying").click()  # four times the budget
    expect(page.locator("#work")).to_have_attribute("data-state", "running")
    studio.button("Cancel").click()
    expect(studio.verdict).to_have_attribute("data-status", "cancelled")
    expect(studio.button("Keep trying")).to_be_hidden()


# --- start-up faults: each fails fast (well before the 60 s boot timeout), by name ------------

FAST_MS = 20_000


def failed_with(studio: Studio, *parts: str) -> str:
    """Wait for the failed state, then the status text (which must name every part)."""
    expect(studio.engine).to_have_attribute("data-state", "failed", timeout=FAST_MS)
    text = studio.page.locator("#engine-text")
    for part in parts:
        expect(text).to_contain_text(part)
    expect(studio.button("Retry")).to_be_visible()
    return str(text.text_content())


def test_a_truncated_runtime_fails_fast_by_name(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    wasm = site_copy / "pyodide" / "pyodide.asm.wasm"
    wasm.write_bytes(wasm.read_bytes()[: wasm.stat().st_size // 2])
    studio = fresh(serve_site(site=site_copy))
    failed_with(studio, "pyodide.asm.wasm", "truncated copy", "copy it to the server again")


def test_a_damaged_runtime_of_the_right_size_fails_fast(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    wasm = site_copy / "pyodide" / "pyodide.asm.wasm"
    data = bytearray(wasm.read_bytes())
    data[8 : len(data) // 2] = b"\xff" * (len(data) // 2 - 8)  # sections turned to garbage
    wasm.write_bytes(bytes(data))
    studio = fresh(serve_site(site=site_copy))
    failed_with(studio, "pyodide.asm.wasm", "failed its integrity check")


@pytest.mark.allow_console_errors  # the 404 is the point; no uncaught error may come with it
def test_a_missing_lockfile_says_so_without_an_uncaught_error(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server, wait=False)
    studio.page.context.route(
        "**/pyodide/pyodide-lock.json", lambda route: route.fulfill(status=404, body="not found")
    )
    studio.page.goto(site_server)
    text = failed_with(studio, "pyodide-lock.json", "HTTP 404")
    assert "Unexpected token" not in text
    assert not [e for e in studio.log.take() if e.startswith("pageerror")]


def test_a_wheel_failing_its_hash_says_integrity(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    wheel = corrupt_wheel(site_copy)
    studio = fresh(serve_site(site=site_copy))
    text = failed_with(studio, "sudoku-core", wheel.name, "failed its integrity check", "sha256")
    assert "Failed to fetch" not in text


def test_a_hanging_manifest_fails_fast_by_name(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server, wait=False)
    stalled = stall(studio, "**/build-manifest.json")
    studio.page.goto(site_server)
    failed_with(studio, "build-manifest.json did not arrive within 5 s")
    assert stalled, "the manifest request was not intercepted"


# --- a damaged manifest never turns the checks off ---------------------------------------------


def tamper_loader(site: Path) -> None:
    """One line appended to Pyodide's loader, the first file of the runtime the worker imports."""
    loader = site / "pyodide" / "pyodide.mjs"
    loader.write_text(loader.read_text() + "\nglobalThis.tampered = true;\n")


def manifest_of(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / "build-manifest.json").read_text())
    return data


def serve_manifest(studio: Studio, body: str | None) -> None:
    """The worker's build-manifest.json answered with `body` (None: HTTP 404). Routed, not
    written: the test server reads the site's own manifest for its CSP header."""
    studio.page.context.route(
        "**/build-manifest.json",
        lambda route: (
            route.fulfill(status=404, body="not found")
            if body is None
            else route.fulfill(status=200, body=body, content_type="application/json")
        ),
    )


def open_with_manifest(fresh: Callable[..., Studio], url: str, body: str | None) -> Studio:
    studio = fresh(url, wait=False)
    serve_manifest(studio, body)
    studio.page.goto(url)
    return studio


def test_a_cut_manifest_fails_the_boot_and_the_tampered_runtime_never_runs(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    text = (site_copy / "build-manifest.json").read_text()
    tamper_loader(site_copy)
    studio = open_with_manifest(fresh, serve_site(site=site_copy), text[: len(text) // 2])
    failed_with(
        studio, "build-manifest.json is damaged", "not valid JSON", "copy it to the server again"
    )
    expect(studio.engine).not_to_have_attribute("data-boot-verified", re.compile(".*"))


def test_an_empty_manifest_fails_the_boot_naming_what_it_cannot_check(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    tamper_loader(site_copy)
    studio = open_with_manifest(fresh, serve_site(site=site_copy), '{"files":{}}')
    failed_with(
        studio, "build-manifest.json is damaged", "no sha256 for", "engine/solver-worker.js"
    )


def test_a_manifest_missing_a_loaded_files_entry_fails_the_boot_by_name(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    manifest = manifest_of(site_copy)
    del manifest["files"]["pyodide/pyodide.mjs"]
    tamper_loader(site_copy)
    studio = open_with_manifest(fresh, serve_site(site=site_copy), json.dumps(manifest))
    text = failed_with(studio, "no sha256 for pyodide/pyodide.mjs")
    assert "more" not in text  # that file alone


def test_a_manifest_entry_without_its_hash_fails_the_boot(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    manifest = manifest_of(site_copy)
    manifest["files"]["pyodide/pyodide.asm.wasm"]["sha256"] = "not a hash"
    studio = open_with_manifest(fresh, serve_site(site=site_copy), json.dumps(manifest))
    failed_with(studio, "no sha256 for pyodide/pyodide.asm.wasm")


@pytest.mark.allow_console_errors  # the manifest's 404 is the point
def test_a_site_without_a_manifest_starts_and_says_its_files_were_not_checked(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """A copy made without build-manifest.json (HTTP 404): the engine starts, as documented, and
    the page says that its files were not checked."""
    studio = open_with_manifest(fresh, site_server, None)
    studio.wait_ready()
    expect(studio.engine).to_have_attribute("data-boot-verified", "skipped")
    expect(studio.page.locator("#engine-text")).to_have_text("Engine ready")
    expect(studio.engine).to_have_attribute(
        "title",
        "Engine ready (sudoku-core 0.1.0; its files were not checked: the site has no"
        " build-manifest.json)",
    )
    expect(studio.page.locator("#engine-about")).to_have_text(
        "Runs offline: the solver is Python (sudoku-core 0.1.0) in your browser. Its files were"
        " not checked: the site has no build-manifest.json."
    )


def test_the_serve_it_help_is_hidden_once_the_scripts_run(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)
    expect(studio.page.locator("#no-module")).to_be_hidden()


@pytest.mark.allow_console_errors  # the browser refuses the modules of a file:// page
def test_opened_as_a_file_the_page_says_how_to_serve_it(
    fresh: Callable[..., Studio], site_dir: Path
) -> None:
    studio = fresh(site_dir.as_uri() + "/index.html", wait=False)
    studio.page.goto(site_dir.as_uri() + "/index.html")
    help_text = studio.page.locator("#no-module")
    expect(help_text).to_be_visible(timeout=10_000)
    expect(help_text).to_contain_text("python build.py serve")
    expect(help_text).to_contain_text("opened as a file or in a sandboxed frame")


@pytest.mark.allow_console_errors  # the refused HEAD is an HTTP error, which is the point
def test_a_host_that_refuses_head_still_starts_the_engine(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The runtime's size check asks with HEAD; a host that refuses HEAD only skips the check."""
    studio = fresh(site_server, wait=False)
    refused: list[str] = []

    def refuse_head(route: Route) -> None:
        if route.request.method == "HEAD":
            refused.append(route.request.url)
            route.fulfill(status=405, body="")
        else:
            route.continue_()

    studio.page.context.route("**/pyodide/pyodide.asm.wasm", refuse_head)
    studio.page.goto(site_server)
    expect(studio.engine).to_have_attribute("data-state", "ready", timeout=120_000)
    assert refused, "the HEAD request was not intercepted"
