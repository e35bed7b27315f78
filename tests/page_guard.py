"""What every browser test shares: the servers of the site, and the one guard that fails a test on
errors in its pages.

A page's problems show up in four places, and the guard watches them all: console.error (also from
workers), uncaught exceptions, HTTP errors (the browser logs those outside the console API), and
CSP violations. A violation inside a module worker never reaches the page's console, so the
servers collect the CSP reports the browser POSTs (report-uri) and the guard reads them too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Response

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""The system Chromium's flags: no sandbox in containers, nothing that phones home."""

ALLOW_MARKER = "allow_console_errors"

# Reported to the console as errors so that the guard sees them as they happen (the server's
# reports arrive asynchronously).
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
});
"""

ServeFactory = Callable[..., str]
"""serve_site(site=site_dir, base="/", isolated=False) -> the base URL, with a trailing slash."""


class Servers:
    """The one server factory: every server the session started, and the CSP reports they got."""

    def __init__(self, build_py: Any) -> None:
        self.build_py = build_py
        self.running: list[Any] = []

    def serve(self, site: Path, base: str = "/", isolated: bool = False) -> str:
        """Serve ``site`` under ``base`` on a free port, collecting CSP reports; its URL."""
        server = self.build_py.SiteServer(site, base=base, isolated=isolated, csp_reports=True)
        self.running.append(server.start())
        url: str = server.url
        return url

    def reports(self) -> list[dict[str, Any]]:
        """Every CSP violation report received so far, oldest first."""
        return [report for server in self.running for report in server.csp_reports]

    def stop_all(self) -> None:
        for server in self.running:
            server.stop()
        self.running.clear()


class PageErrors:
    """The console-error guard: errors of the pages of the contexts it watches, and of the
    servers' CSP reports since it was last emptied."""

    def __init__(self, servers: Servers) -> None:
        self.servers = servers
        self.errors: list[str] = []
        self.reports_seen = len(servers.reports())

    def watch(self, context: BrowserContext) -> None:
        """Listen to a context: the console of its pages and workers, its network responses."""
        context.on("console", self.on_console)
        context.on("response", self.on_response)
        context.add_init_script(CSP_LISTENER)

    def watch_page(self, page: Page) -> None:
        """Listen to a page's uncaught exceptions (from now on: a test's own init script failing
        on the blank page a context starts with is not the site's error)."""
        page.on("pageerror", self.on_page_error)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def on_page_error(self, error: Exception) -> None:
        self.errors.append(f"pageerror: {error}")

    def on_response(self, response: Response) -> None:
        """A 4xx/5xx response."""
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        """Every error since the last take, CSP reports included; starts afresh."""
        reports = self.servers.reports()
        violations = [f"CSP violation: {json.dumps(r)}" for r in reports[self.reports_seen :]]
        errors, self.errors, self.reports_seen = self.errors + violations, [], len(reports)
        return errors

    def check(self, request: pytest.FixtureRequest) -> None:
        """Fail the test on errors, unless it is marked allow_console_errors (then print them)."""
        errors = self.take()
        if errors and request.node.get_closest_marker(ALLOW_MARKER) is not None:
            print("allowed console errors:\n" + "\n".join(errors))  # shown with -s or -rP
        elif errors:
            pytest.fail("errors on the page:\n" + "\n".join(errors), pytrace=False)
