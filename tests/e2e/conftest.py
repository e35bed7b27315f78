"""Fixtures for the end-to-end tests of the page (web/), on top of tests/conftest.py.

Booting Pyodide costs 6-14 s here, so tests that need the engine share one page (`app`),
booted once per session and reset between tests through the UI (Clear all, Escape, Cancel);
tests that are about loading (reload, links, storage, boot failures, sub-path) open their own
pages with `fresh` (pytest-playwright's contexts: traced and screenshotted on its options).
Every page fails its test on console errors, page errors, HTTP errors and CSP violations (the
one guard of tests/page_guard.py), unless the test is marked `allow_console_errors`.

Assertions wait for `data-state` attributes and accessible names, never for a fixed time.
`page.wait_for_function` is not usable here: it evaluates a string, which the site's CSP forbids.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from page_guard import PageErrors, ServeFactory, Servers
from puzzle_sets import SAMPLE

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, FilePayload, Locator, Page

__all__ = ["Counted", "ServeFactory", "Studio"]  # ServeFactory: for the tests' annotations

BOOT_MS = 120_000  # generous: a loaded 2-core machine; the page's own boot timeout is 60 s
TIMEOUT_MS = float(os.environ.get("SUDOKU_E2E_TIMEOUT_MS", "30000"))
# An expect() waits this long unless a test says otherwise (Playwright's default is 5 s): CI runs
# two browsers on a loaded 2-core machine, where an engine answer can take longer. These are not
# speed tests (speed lives in benchmarks); a passing expect returns as soon as it holds.
EXPECT_MS = 15_000
REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.fixture(scope="session", autouse=True)
def expect_timeout() -> None:
    """Every e2e test's expect() waits EXPECT_MS by default."""
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_MS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test, so `app` knows at teardown whether the test failed."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


@dataclass(frozen=True)
class Counted:
    """A line of counted.txt: puzzle, its number of solutions, the solution if unique."""

    puzzle: str
    count: int
    solution: str


def read_counted() -> list[Counted]:
    """counted.txt of the shipped corpus (tests/data; the same file as the full set's)."""
    path = SAMPLE.file("counted")
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        puzzle, count, *solution = line.strip().split(":")
        rows.append(Counted(puzzle.replace("0", "."), int(count), "".join(solution)))
    assert rows, f"no puzzles in {path}"
    return rows


@pytest.fixture(scope="session")
def counted() -> list[Counted]:
    """The puzzles of tests/data/counted.txt (exact solution counts)."""
    return read_counted()


class Studio:
    """The page as a person sees it: its board, buttons and messages."""

    def __init__(self, page: Page, log: PageErrors, url: str) -> None:
        self.page = page
        self.log = log
        self.url = url

    # --- locators ---
    @property
    def board(self) -> Locator:
        return self.page.locator("#board")

    @property
    def engine(self) -> Locator:
        return self.page.locator("#engine")

    @property
    def verdict(self) -> Locator:
        return self.page.locator("#verdict")

    def button(self, name: str) -> Locator:
        """The button of that name, as a person reaches it: a button that lives in a panel the
        page is not showing, or in the More menu, has its tab or the menu opened first."""
        shown = self.page.get_by_role("button", name=name, exact=True)
        if shown.count() == 0:
            self.reveal(self.page.get_by_role("button", name=name, exact=True, include_hidden=True))
        return shown

    def reveal(self, target: Locator) -> None:
        """Open the panel (its tab) or the menu (More) that holds ``target``, if it is in one."""
        if target.count() != 1:
            return
        where = target.evaluate(
            """(el) => {
                const panel = el.closest('[role="tabpanel"][hidden]');
                if (panel) return "tab:" + panel.getAttribute("aria-labelledby");
                const menu = el.closest(".menu[hidden]");
                if (menu) return "menu:" + menu.id;
                return "";
            }"""
        )
        if where.startswith("tab:"):
            self.page.locator(f"#{where[4:]}").click()
        elif where.startswith("menu:"):
            self.page.locator(f'[aria-controls="{where[5:]}"]').click()

    def count_limit(self, value: str) -> None:
        """Type the limit of Count solutions (in the Share panel)."""
        field = self.page.locator("#count-limit")
        self.reveal(field)
        field.fill(value)

    def show_panel(self, name: str) -> None:
        """Show a panel of the side panel: "Games", "Learn" or "Share"."""
        self.page.get_by_role("tab", name=name, exact=True).click()

    def dismiss_welcome(self) -> None:
        """Escape the welcome over an empty board, if it is shown (a first visit)."""
        from playwright.sync_api import expect

        welcome = self.page.locator("#welcome")
        if welcome.is_visible():
            self.page.keyboard.press("Escape")
            expect(welcome).to_be_hidden()

    def solve(self) -> None:
        """Solve, as a person does it: More, Solve…, then confirm in the dialog."""
        self.button("Solve…").click()
        self.page.get_by_role("button", name="Show the solution", exact=True).click()

    def cell(self, index: int) -> Locator:
        """The gridcell for 0..80, found by its data-cell (its name changes with its value)."""
        return self.board.locator(f'[role="gridcell"][data-cell="{index}"]')

    def cell_named(self, name: str) -> Locator:
        return self.page.get_by_role("gridcell", name=name, exact=True)

    # --- reading state ---
    def givens(self) -> str:
        return str(self.board.get_attribute("givens"))

    def entries(self) -> str:
        return str(self.board.get_attribute("entries"))

    def grid(self) -> str:
        givens, entries = self.givens(), self.entries()
        return "".join(g if g != "." else e for g, e in zip(givens, entries, strict=True))

    def flagged(self) -> list[int]:
        """Cells the board marks (verdict conflicts, differences, mistakes), from the DOM."""
        cells = self.board.locator("[data-flagged]")
        return sorted(int(str(c.get_attribute("data-cell"))) for c in cells.all())

    def conflict_cells(self) -> list[int]:
        cells = self.board.locator("[data-conflict]")
        return sorted(int(str(c.get_attribute("data-cell"))) for c in cells.all())

    # --- doing things ---
    def wait_ready(self) -> None:
        from playwright.sync_api import expect

        expect(self.engine).to_have_attribute("data-state", "ready", timeout=BOOT_MS)

    def cancel_between_slices(self) -> None:
        """Cancel the running request and check that the worker itself stopped between two
        slices: the page says so and serves again, and the client did not have to replace the
        worker (it does that when a slice has not answered the cancel within a second). The
        proof is that no restart happened, not a wall-clock bound a loaded machine can stretch."""
        from playwright.sync_api import expect

        restarts = str(self.engine.get_attribute("data-restarts"))
        self.button("Cancel").click()
        expect(self.verdict).to_have_attribute("data-status", "cancelled", timeout=10_000)
        expect(self.button("Solve…")).to_be_enabled(timeout=10_000)
        expect(self.engine).to_have_attribute("data-state", "ready")
        expect(self.engine).to_have_attribute("data-restarts", restarts)

    def mode(self, name: str, *, anyway: bool = True) -> None:
        """Play or Create (the radios of the Games panel), as a person gets there.

        Play from Create goes through the page's gate: a puzzle that is not unique (an empty or
        half-typed grid among them) stays in Create mode and offers "Play anyway", which this
        presses, as a person who wants to play that board would; ``anyway=False`` leaves the
        gate's answer as it is (the tests of the gate itself)."""
        from playwright.sync_api import expect

        radio = self.page.get_by_role("radio", name=name, exact=True, include_hidden=True)
        self.reveal(radio)
        body = self.page.locator("body")
        if name != "Play":
            radio.check()
            return
        if body.get_attribute("data-mode") == "play":
            return
        radio.click()
        if not anyway:
            return
        offer = self.page.locator("#create-anyway")
        settled = self.page.locator(
            'body[data-mode="play"], body[data-mode="enter"] #create-anyway:not([hidden])'
        )
        expect(settled.first).to_be_attached()
        if body.get_attribute("data-mode") != "play":
            offer.click()
        expect(body).to_have_attribute("data-mode", "play")

    def type_grid(self, grid: str, mode: str = "Create") -> None:
        """Type a grid with the keyboard, as a person: select r1c1, digits, arrows to skip."""
        self.mode(mode)
        self.cell(0).click()
        keyboard = self.page.keyboard
        keyboard.press("Control+Home")
        for ch in grid.rstrip("."):
            if ch in "123456789":
                keyboard.press(ch)
            keyboard.press("ArrowRight")

    def paste(self, text: str) -> None:
        """Import through the Paste dialog; waits until it closed (success) or shows an error."""
        from playwright.sync_api import expect

        self.button("Paste puzzle…").click()
        self.page.get_by_label("Puzzle text").fill(text)
        self.button("Import").click()
        closed_or_error = (
            "#import-dialog:not([open]), #import-dialog[open] #import-error:not(:empty)"
        )
        expect(self.page.locator(closed_or_error)).to_have_count(1)

    def open_file(self, file: Path | FilePayload) -> None:
        """Open a file through Open file… and the browser's file chooser (a path, or a
        ``{"name", "mimeType", "buffer"}`` payload)."""
        with self.page.expect_file_chooser() as chooser:
            self.button("Open file…").click()
        chooser.value.set_files(file)

    def new_puzzle(
        self,
        *,
        difficulty: str = "any",
        symmetry: str = "none",
        clues: str = "",
        minimal: bool = False,
        seed: str = "",
    ) -> None:
        """Ask for a new puzzle through the dialog (values are the <option> values); returns
        once the dialog has closed: the puzzle is there (pool) or being made (see #work)."""
        from playwright.sync_api import expect

        page = self.page
        self.button("New puzzle…").click()
        dialog = page.locator("#new-dialog")
        expect(dialog).to_have_attribute("open", "")
        page.get_by_label("Difficulty").select_option(difficulty)
        page.get_by_label("Symmetry of the clues").select_option(symmetry)
        if difficulty == "any":
            page.get_by_label("Maximum clues").fill(clues)
            page.get_by_label("Minimal (no clue can be taken away)").set_checked(minimal)
        page.get_by_label("Seed", exact=True).fill(seed)
        self.button("Generate").click()
        expect(dialog).not_to_have_attribute("open", "")

    def reset(self) -> None:
        """Back to an empty board in Enter mode, no dialog, no work running, engine ready."""
        from playwright.sync_api import expect

        page = self.page
        for dialog in ("#import-dialog", "#new-dialog", "#drill-dialog", "#review-dialog"):
            if page.locator(f"{dialog}[open]").count():
                page.keyboard.press("Escape")
        if page.locator('#work[data-state="running"]').count():
            self.button("Cancel").click()
        if page.locator('#assist[aria-expanded="true"]').count():
            page.locator("#assist").click()
        self.wait_ready()
        self.button("Clear all").click()
        expect(self.verdict).to_have_attribute("data-status", "none")
        self.forget_games()
        page.locator("#count-limit").evaluate("(input) => { input.value = '1000'; }")
        self.show_panel("Games")

    def forget_games(self) -> None:
        """Delete every saved game, once the page has written what it had (a test on the shared
        page starts as a new profile would: a puzzle pasted again is a new game, not the game an
        earlier test left)."""
        from playwright.sync_api import expect

        expect(self.page.locator("#save-status")).not_to_have_attribute("data-pending", "true")
        self.page.evaluate(
            """() => new Promise((resolve, reject) => {
                const open = indexedDB.open("sudoku-studio");
                open.onerror = () => reject(open.error);
                open.onsuccess = () => {
                    const db = open.result;
                    if (!db.objectStoreNames.contains("games")) { db.close(); resolve(null); return; }
                    const tx = db.transaction("games", "readwrite");
                    tx.objectStore("games").clear();
                    tx.oncomplete = () => { db.close(); resolve(null); };
                    tx.onerror = () => reject(tx.error);
                };
            })"""
        )

    # --- the board's toolkit: its attributes and events, for test_board_toolkit.py ---
    def set_board(self, **attributes: str | bool) -> None:
        """Set board attributes (`peer_marks="keep"`, `paused=True`; False removes one);
        underscores in the names become dashes."""
        named = {name.replace("_", "-"): value for name, value in attributes.items()}
        self.board.evaluate(
            """(board, named) => {
                for (const [name, value] of Object.entries(named)) {
                    if (value === false) board.removeAttribute(name);
                    else board.setAttribute(name, value === true ? "" : value);
                }
            }""",
            named,
        )

    def record_board_events(self) -> None:
        """Start (or restart) recording the board's sudoku-* events; read them with board_events."""
        self.board.evaluate(
            """(board) => {
                window.boardEvents = [];
                if (window.boardRecording === board) return;
                window.boardRecording = board;
                for (const type of ["sudoku-select", "sudoku-change", "sudoku-tool", "sudoku-reject"]) {
                    board.addEventListener(type, (e) => window.boardEvents.push({ type, detail: e.detail }));
                }
            }"""
        )

    def board_events(self, kind: str | None = None) -> list[dict[str, Any]]:
        """The recorded events ({type, detail}), all or those of one type (e.g. "sudoku-change")."""
        events: list[dict[str, Any]] = self.page.evaluate("() => window.boardEvents ?? []")
        return [e for e in events if kind is None or e["type"] == kind]


ContextFactory = Callable[..., "BrowserContext"]


def open_studio(
    new_context: ContextFactory,
    log: PageErrors,
    url: str,
    *,
    init_script: str | None = None,
    wait: bool = True,
    keep_welcome: bool = False,
    **context_options: Any,
) -> Studio:
    """A Studio on a page of a new context (its own storage) that ``log`` watches.

    wait: go to ``url`` and wait until app.js has started; then the welcome an empty board
    shows on a first visit is put away with Escape, as a person would to just use the grid
    (``keep_welcome=True`` leaves it).
    Service workers are blocked unless asked for (``service_workers="allow"``): a page served by
    sw.js bypasses ``context.route``, which the start-up fault tests rely on, and every context
    would download the whole site again to precache it.
    """
    context = new_context(**{"service_workers": "block", **context_options})
    context.set_default_timeout(TIMEOUT_MS)
    log.watch(context)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    log.watch_page(page)
    studio = Studio(page, log, url)
    if wait:
        from playwright.sync_api import expect

        studio.page.goto(url)
        expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")
        if not keep_welcome:
            studio.dismiss_welcome()
    return studio


@pytest.fixture(scope="session")
def open_page(
    browser: Browser, browser_context_args: dict[str, Any], servers: Servers
) -> Iterator[Callable[..., Studio]]:
    """Factory for pages that outlive a test: open_page(url, init_script=None, wait=True,
    **context_options) -> Studio, with its own guard (read it with `studio.log.take()`).

    Contexts are closed when the session ends (tests may close them earlier with .page.context).
    """
    contexts: list[BrowserContext] = []

    def new_context(**options: Any) -> BrowserContext:
        context = browser.new_context(**(browser_context_args | options))
        contexts.append(context)
        return context

    def open_(url: str, **kwargs: Any) -> Studio:
        return open_studio(new_context, PageErrors(servers), url, **kwargs)

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture
def fresh(new_context: ContextFactory, page_errors: PageErrors) -> Callable[..., Studio]:
    """Factory: fresh(url, init_script=None, wait=True, **context_options) -> Studio, a page of
    the current test (pytest-playwright's context, closed after it) under the test's guard."""

    def open_(url: str, **kwargs: Any) -> Studio:
        return open_studio(new_context, page_errors, url, **kwargs)

    return open_


@pytest.fixture(scope="session")
def shared_studio(open_page: Callable[..., Studio], site_server: str) -> Studio:
    """One page, booted once for the session (Pyodide takes seconds to start)."""
    studio = open_page(site_server)
    studio.wait_ready()
    return studio


@pytest.fixture
def app(
    shared_studio: Studio, request: pytest.FixtureRequest, output_path: str
) -> Iterator[Studio]:
    """The shared page, reset; the test fails on errors during it (CSP reports included).

    With pytest-playwright's `--screenshot on|only-on-failure`, a failed test leaves a screenshot
    of the shared page in its output folder (the plugin's own artifacts cover its contexts only).
    """
    shared_studio.log.take()
    shared_studio.reset()
    yield shared_studio
    failed = any(report.failed for report in request.node.stash.get(REPORTS, {}).values())
    wanted = request.config.getoption("--screenshot")
    if wanted == "on" or (failed and wanted == "only-on-failure"):
        shared_studio.page.screenshot(path=Path(output_path) / "app.png")
    shared_studio.log.check(request)
