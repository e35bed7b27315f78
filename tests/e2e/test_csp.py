"""The page's CSP in a browser: the <meta> fallback on a host without headers, and framing
(any page may embed the studio by default; `--frame-ancestors` narrows it)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

# Inserting an inline script (what an injection would do) runs it only without a policy.
INJECT = """() => {
  const script = document.createElement("script");
  script.textContent = "document.body.dataset.injected = 'ran'";
  document.head.append(script);
  return document.body.dataset.injected ?? "blocked";
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Python's plain static server: no CSP (or any other) header."""

    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output readable."""


@pytest.fixture
def plain_server() -> Iterator[Callable[[Path], str]]:
    """serve(folder) -> its URL from a plain static server on a free port (another origin)."""
    running: list[http.server.ThreadingHTTPServer] = []

    def serve(folder: Path) -> str:
        handler = functools.partial(Quiet, directory=str(folder))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        running.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}/"

    yield serve
    for httpd in running:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def headerless_server(site_dir: Path, plain_server: Callable[[Path], str]) -> str:
    """The site from a host that sends no headers."""
    return plain_server(site_dir)


@pytest.fixture
def embed(tmp_path: Path, plain_server: Callable[[Path], str]) -> Callable[..., None]:
    """embed(studio, url, sandbox=None): open another origin's page (another port) whose content is a frame
    of ``url`` (served, not routed: Chromium refuses frames from a routed, "public" page into the
    loopback address)."""

    def open_(studio: Studio, url: str, sandbox: str | None = None) -> None:
        head = '<!doctype html><title>embedder</title><link rel="icon" href="data:,">'
        box = "" if sandbox is None else f' sandbox="{sandbox}"'
        frame = f'<iframe src="{url}"{box} width="900" height="700"></iframe>'
        (tmp_path / "embedder.html").write_text(f"{head}{frame}\n")
        studio.page.goto(plain_server(tmp_path) + "embedder.html")

    return open_


@pytest.mark.allow_console_errors  # the blocked inline script is reported, which is the point
def test_meta_policy_applies_where_the_host_sends_no_header(
    fresh: Callable[..., Studio], headerless_server: str
) -> None:
    studio = fresh(headerless_server)
    response = studio.page.request.get(headerless_server)
    assert "content-security-policy" not in response.headers
    assert studio.page.evaluate(INJECT) == "blocked"
    expect(studio.page.locator("body")).to_have_attribute("data-app", "ready")


def test_a_cross_origin_page_can_frame_the_studio(
    fresh: Callable[..., Studio], site_server: str, embed: Callable[..., None]
) -> None:
    studio = fresh(site_server, wait=False)
    embed(studio, site_server)
    framed = studio.page.frame_locator("iframe")
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    expect(framed.locator("#engine")).to_have_attribute("data-state", "ready", timeout=120_000)
    framed.get_by_role("button", name="Check", exact=True).click()
    expect(framed.locator("#verdict")).not_to_have_attribute("data-status", "none")
    # a click the embedding page tricks the person into (Clear all) can be undone in the frame
    framed.get_by_role("radio", name="Create", exact=True).check()
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    studio.page.keyboard.press("5")
    board = framed.locator("#board")
    expect(board).to_have_attribute("givens", "5" + "." * 80)
    framed.get_by_role("button", name="Clear all", exact=True).click()
    expect(board).to_have_attribute("givens", "." * 81)
    expect(framed.locator("#undo-line")).to_have_attribute("data-state", "offered")
    framed.get_by_role("button", name="Bring it back", exact=True).click()
    expect(board).to_have_attribute("givens", "5" + "." * 80)


@pytest.mark.allow_console_errors  # Chromium reports the refused frame
def test_frame_ancestors_self_refuses_other_origins(
    fresh: Callable[..., Studio],
    site_dir: Path,
    build_py: ModuleType,
    embed: Callable[..., None],
) -> None:
    with build_py.SiteServer(site_dir, frame_ancestors="'self'") as server:
        studio = fresh(server.url, wait=False)
        refused: list[str] = []
        studio.page.on(
            "console",
            lambda m: refused.append(m.text) if "frame-ancestors" in m.text else None,
        )
        embed(studio, server.url)
        expect(studio.page.locator("iframe")).to_be_attached()
        child = studio.page.frames[1]
        child.wait_for_load_state()
        assert child.locator("#engine").count() == 0, "the studio loaded inside a foreign frame"
        assert refused, "no frame-ancestors refusal was reported"


@pytest.mark.allow_console_errors  # the sandboxed frame's modules are refused (opaque origin)
def test_a_sandboxed_frame_shows_how_to_serve_it(
    fresh: Callable[..., Studio], site_server: str, embed: Callable[..., None]
) -> None:
    studio = fresh(site_server, wait=False)
    embed(studio, site_server, sandbox="allow-scripts")
    help_text = studio.page.frame_locator("iframe").locator("#no-module")
    expect(help_text).to_be_visible(timeout=10_000)
    expect(help_text).to_contain_text("allow-same-origin")
