"""Fixtures for the end-to-end tests of the page (web/), on top of tests/conftest.py.

Booting Pyodide costs 6-14 s here, so tests that need the engine share one page (`app`),
booted once per session and reset between tests through the UI (Clear all, Escape, Cancel);
tests that are about loading (reload, links, storage, boot failures, sub-path) open their own
pages with `open_page`. Every page fails its test on console errors, page errors and CSP
violations, unless the test is marked `allow_console_errors`.

Assertions wait for `data-state` attributes and accessible names, never for a fixed time.
`page.wait_for_function` is not usable here: it evaluates a string, which the site's CSP forbids.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, Response

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT.parent / "shared" / "puzzles"
BOOT_MS = 120_000  # generous: a loaded 2-core machine; the page's own boot timeout is 60 s
ServeFactory = Callable[
    ..., str
]  # tests/conftest.py's serve_site: (site=, base=, isolated=) -> URL
TIMEOUT_MS = float(os.environ.get("SUDOKU_E2E_TIMEOUT_MS", "30000"))

# Reported to the console as errors so that the log below sees them (also in workers' absence).
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
});
"""


@dataclass(frozen=True)
class Counted:
    """A line of counted.txt: puzzle, its number of solutions, the solution if unique."""

    puzzle: str
    count: int
    solution: str


def read_counted() -> list[Counted]:
    path = PUZZLES / "counted.txt"
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
    """The puzzles of ../shared/puzzles/counted.txt (exact solution counts)."""
    return read_counted()


@dataclass
class Log:
    """Console errors, page errors, CSP violations and HTTP errors of one page and its worker."""

    errors: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"pageerror: {error}")

    def on_response(self, response: Response) -> None:
        """A 4xx/5xx (the browser logs those outside the console API, so watch the network)."""
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        errors, self.errors = self.errors, []
        return errors


class Studio:
    """The page as a person sees it: its board, buttons and messages."""

    def __init__(self, page: Page, log: Log, url: str) -> None:
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
        return self.page.get_by_role("button", name=name, exact=True)

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

    def mode(self, name: str) -> None:
        self.page.get_by_role("radio", name=name, exact=True).check()

    def type_grid(self, grid: str, mode: str = "Enter puzzle") -> None:
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
        for dialog in ("#import-dialog", "#new-dialog"):
            if page.locator(f"{dialog}[open]").count():
                page.keyboard.press("Escape")
        if page.locator('#work[data-state="running"]').count():
            self.button("Cancel").click()
        self.wait_ready()
        self.button("Clear all").click()
        expect(self.verdict).to_have_attribute("data-status", "none")
        page.locator("#count-limit").fill("1000")


@pytest.fixture(scope="session")
def open_page(browser: Browser) -> Iterator[Callable[..., Studio]]:
    """Factory: open_page(url, init_script=None, wait=True, **context_options) -> Studio.

    Each page gets a new context (its own storage). wait: until app.js has started.

    Contexts are closed when the session ends (tests may close them earlier with .page.context).
    """
    contexts: list[BrowserContext] = []

    def open_(
        url: str, *, init_script: str | None = None, wait: bool = True, **context_options: Any
    ) -> Studio:
        context = browser.new_context(**context_options)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        log = Log()
        context.on("console", log.on_console)
        context.on("response", log.on_response)
        context.add_init_script(CSP_LISTENER)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.on("pageerror", log.on_page_error)
        studio = Studio(page, log, url)
        if wait:
            page.goto(url)
            from playwright.sync_api import expect

            expect(page.locator("body")).to_have_attribute("data-app", "ready")
        return studio

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture
def fresh(
    open_page: Callable[..., Studio], request: pytest.FixtureRequest
) -> Iterator[Callable[..., Studio]]:
    """open_page, plus: the test fails on console errors of the pages it opened."""
    opened: list[Studio] = []

    def open_(url: str, **kwargs: Any) -> Studio:
        studio = open_page(url, **kwargs)
        opened.append(studio)
        return studio

    yield open_
    errors = [e for s in opened for e in s.log.take()]
    for studio in opened:
        studio.page.context.close()
    if errors and request.node.get_closest_marker("allow_console_errors") is not None:
        print("allowed console errors:\n" + "\n".join(errors))  # shown with -s or -rP
    elif errors:
        pytest.fail("console errors on the page:\n" + "\n".join(errors), pytrace=False)


@pytest.fixture(scope="session")
def shared_studio(open_page: Callable[..., Studio], site_server: str) -> Studio:
    """One page, booted once for the session (Pyodide takes seconds to start)."""
    studio = open_page(site_server)
    studio.wait_ready()
    return studio


@pytest.fixture
def app(shared_studio: Studio, request: pytest.FixtureRequest) -> Iterator[Studio]:
    """The shared page, reset; the test fails on console errors during it."""
    shared_studio.log.take()
    shared_studio.reset()
    yield shared_studio
    errors = shared_studio.log.take()
    if errors and request.node.get_closest_marker("allow_console_errors") is not None:
        print("allowed console errors:\n" + "\n".join(errors))  # shown with -s or -rP
    elif errors:
        pytest.fail("console errors on the page:\n" + "\n".join(errors), pytrace=False)
