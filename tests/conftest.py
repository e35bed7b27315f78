"""Shared fixtures: the built site, servers for it, and a Chromium that fails tests on console errors.

The site is built once per session through build.py's own functions (or reused when its
fingerprint is current). Browser and Pyodide tests never skip themselves: deselect them with
`-m "not e2e"` or `python build.py test --unit`; in CI a missing browser is a failure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def load_build_module() -> ModuleType:
    """build.py as module `sudoku_build` (the name `build` belongs to PyPA's build, also installed)."""
    if "sudoku_build" in sys.modules:
        return sys.modules["sudoku_build"]
    spec = importlib.util.spec_from_file_location("sudoku_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sudoku_build"] = module
    spec.loader.exec_module(module)
    return module


load_build_module()  # test modules import it as `sudoku_build`


def pytest_configure(config: pytest.Config) -> None:
    """Markers of this conftest (e2e and pyodide are declared in pyproject.toml)."""
    config.addinivalue_line(
        "markers", "allow_console_errors: the page fixture does not fail on console errors"
    )


@pytest.fixture(scope="session")
def build_py() -> ModuleType:
    """The build.py module, for its functions and constants."""
    return load_build_module()


@pytest.fixture(scope="session")
def site_dir(build_py: ModuleType) -> Path:
    """The built site (built now, or reused when up to date)."""
    site: Path = build_py.ensure_built()
    return site


ServeFactory = Callable[..., str]


class Servers:
    """Every server the session started, and the CSP violation reports their pages sent."""

    def __init__(self) -> None:
        self.running: list[Any] = []

    def reports(self) -> list[dict[str, Any]]:
        return [report for server in self.running for report in server.csp_reports]


@pytest.fixture(scope="session")
def servers() -> Iterator[Servers]:
    """Registry of running servers; all are stopped at the end of the session."""
    registry = Servers()
    yield registry
    for server in registry.running:
        server.stop()


@pytest.fixture(scope="session")
def serve_site(build_py: ModuleType, site_dir: Path, servers: Servers) -> ServeFactory:
    """Factory: serve(site=site_dir, base="/", isolated=False) -> base URL, on a free port.

    Servers collect CSP violation reports (report-uri), which catch violations inside workers
    that never reach the console; the page fixture fails a test on any.
    """

    def serve(site: Path = site_dir, base: str = "/", isolated: bool = False) -> str:
        server = build_py.SiteServer(site, base=base, isolated=isolated, csp_reports=True)
        servers.running.append(server.start())
        url: str = server.url
        return url

    return serve


@pytest.fixture(scope="session")
def site_server(serve_site: ServeFactory) -> str:
    """Base URL (with trailing slash) of the built site served at the root on a free port."""
    return serve_site()


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Path:
    """A private copy of the site that a test may alter (e.g. tamper with a wheel)."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    return copy


@pytest.fixture(scope="session")
def browser(build_py: ModuleType) -> Iterator[Browser]:
    """Headless Chromium: the system one when present (these machines), else Playwright's own."""
    from playwright.sync_api import sync_playwright

    executable = build_py.system_chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


class ConsoleLog:
    """Errors seen by a page and its workers: console.error, CSP reports, uncaught exceptions."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.messages: list[str] = []

    def on_console(self, message: ConsoleMessage) -> None:
        text = f"{message.type}: {message.text}"
        self.messages.append(text)
        if message.type == "error":
            self.errors.append(text)

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"pageerror: {error}")


@pytest.fixture
def console() -> ConsoleLog:
    """The current test's console log (filled by the page fixture)."""
    return ConsoleLog()


@pytest.fixture
def page(
    browser: Browser, console: ConsoleLog, servers: Servers, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A fresh page (own context: no shared storage) that fails the test on console errors,
    uncaught exceptions or CSP violations (also those in workers, via the servers' reports).

    Opt out with @pytest.mark.allow_console_errors (e.g. a test that provokes a failure).
    """
    reports_before = len(servers.reports())
    context = browser.new_context()
    context.on("console", console.on_console)
    new_page = context.new_page()
    new_page.on("pageerror", console.on_page_error)
    new_page.set_default_timeout(float(os.environ.get("SUDOKU_E2E_TIMEOUT_MS", "120000")))
    yield new_page
    context.close()
    violations = [json.dumps(r) for r in servers.reports()[reports_before:]]
    problems = console.errors + [f"CSP violation: {v}" for v in violations]
    if problems and request.node.get_closest_marker("allow_console_errors") is None:
        pytest.fail("errors on the page:\n" + "\n".join(problems), pytrace=False)
