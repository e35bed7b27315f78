"""Embedding on another site (docs/embed.md), in two origins: the host page at
http://localhost:PORT and the studio at http://127.0.0.1:PORT2 (a cross-site frame).

The host page is a file served by a plain server (a routed page counts as "public", and Chromium
refuses its frames into the loopback address), with the CSP docs/embed.md tells hosts to send,
as a <meta>. An init script records every message each window hears (host and frame alike), so
the tests read what was said, in order, and whether the frame heard a message it then ignored.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import re
import threading
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from e2e.conftest import BOOT_MS
from e2e.test_daily import A_MORNING, HARD_OF_THE_DAY, MADE_MS, open_on_the_day
from e2e.test_game_library import ALL_RECORDS
from sudoku_core import format_line, solve

if TYPE_CHECKING:
    from playwright.sync_api import FloatRect

    from e2e.conftest import ServeFactory, Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
KEEP = "embed-test-progress"
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>'
)

# Every window (the host page and the studio's frame) records the messages it hears.
RECORDER = """
window.addEventListener("message", (event) => {
  (window.heard ??= []).push({ origin: event.origin, data: event.data });
});
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A plain static server for the host's page (no headers: its CSP is a <meta>)."""

    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output readable."""


@pytest.fixture
def host_server(tmp_path: Path) -> Iterator[Callable[..., str]]:
    """host(html, name) -> the URL of a page with that HTML, at http://localhost:PORT (another
    site; each call is a server of its own, on its own port: another origin)."""
    running: list[http.server.ThreadingHTTPServer] = []

    def serve(html: str, name: str = "host.html") -> str:
        (tmp_path / name).write_text(html)
        (tmp_path / "icon.svg").write_text(ICON)  # else the browser asks for /favicon.ico: a 404
        handler = functools.partial(Quiet, directory=str(tmp_path))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        running.append(httpd)
        return f"http://localhost:{httpd.server_address[1]}/{name}"

    yield serve
    for httpd in running:
        httpd.shutdown()
        httpd.server_close()


def host_page(studio_url: str, body: str) -> str:
    """A host page with the CSP of docs/embed.md: embed.js and frames from the studio only."""
    origin = origin_of(studio_url)
    csp = f"default-src 'self'; script-src 'self' {origin}; frame-src {origin}; style-src 'self'"
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<title>host</title><link rel="icon" href="icon.svg">'
        f'<script src="{studio_url}embed.js" defer></script></head>'
        f"<body>{body}</body></html>"
    )


def origin_of(url: str) -> str:
    """http://127.0.0.1:8000/x/ -> http://127.0.0.1:8000"""
    return "/".join(url.split("/")[:3])


def embedded(puzzle: str = PUZZLE, controls: str = "undo,check,hint") -> str:
    """The element embed.js fills: one puzzle, its actions, its progress kept by the host."""
    return (
        f'<div id="studio" data-sudoku-puzzle="{puzzle}" data-sudoku-controls="{controls}"'
        f' data-sudoku-keep="{KEEP}"></div>'
    )


def heard(page: Page, kind: str | None = None) -> list[dict[str, Any]]:
    """What the host page heard from the studio (its embed API messages), oldest first."""
    messages: list[dict[str, Any]] = page.evaluate("() => window.heard ?? []")
    return [
        m
        for m in messages
        if isinstance(m["data"], dict)
        and m["data"].get("api") == "sudoku-studio"
        and (kind is None or m["data"].get("type") == kind)
    ]


def wait_heard(page: Page, kind: str, count: int = 1) -> dict[str, Any]:
    """Wait until the host heard `count` messages of a kind; the last one's data."""
    for _ in range(600):
        got = heard(page, kind)
        if len(got) >= count:
            return dict(got[-1]["data"])
        page.wait_for_timeout(50)
    raise AssertionError(f"the host never heard {count} {kind!r} message(s): {heard(page)}")


def wait_change(page: Page, moves: int, undos: int = 0) -> dict[str, Any]:
    """Wait for a `change` whose history is at `moves` moves (after `undos` undos); its progress."""
    for _ in range(600):
        for message in reversed(heard(page, "change")):
            progress: dict[str, Any] = message["data"]["progress"]
            play = progress["play"]
            if play["history"]["at"] == moves and play["undos"] == undos:
                return progress
        page.wait_for_timeout(50)
    raise AssertionError(f"no change at {moves} moves: {heard(page, 'change')}")


def frame_of(page: Page) -> FrameLocator:
    return page.frame_locator("#studio iframe")


def open_host(fresh: Callable[..., Studio], url: str, at: datetime | None = None) -> Studio:
    """The host page, recording what it hears; with `at`, the visitor's clock (every frame's
    too: the clock is the context's) says that time."""
    studio = fresh(url, wait=False, init_script=RECORDER)
    if at is not None:
        studio.page.clock.set_fixed_time(at)
    studio.page.goto(url)
    expect(frame_of(studio.page).locator("body")).to_have_attribute("data-app", "ready")
    return studio


def test_progress_lives_in_the_host_and_comes_back_after_a_reload(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    url = host_server(host_page(site_server, embedded()))
    studio = open_host(fresh, url)
    page = studio.page
    ready = wait_heard(page, "ready")
    assert ready["version"] == 1 and ready["controls"] == ["undo", "check", "hint"]
    assert all(m["origin"] == origin_of(site_server) for m in heard(page))
    framed = frame_of(page)
    board = framed.locator("#board")
    expect(board).to_have_attribute("givens", PUZZLE)
    # compact: the board, the pad and the chosen actions; no site chrome
    expect(framed.locator(".topbar")).to_be_hidden()
    expect(framed.locator("#recent-title")).to_be_hidden()
    for name in ("Undo", "Check", "Hint"):
        expect(framed.get_by_role("button", name=name, exact=True)).to_be_visible()
    for name in ("Redo", "Solve…", "New puzzle…", "More"):
        expect(framed.get_by_role("button", name=name, exact=True)).to_be_hidden()
    expect(framed.locator("#save-status")).to_be_hidden()

    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press("5")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("1")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+Digit3")  # a corner mark on r2c2 too: the whole game travels
    expect(board).to_have_attribute("entries", "51" + "." * 79)
    assert wait_change(page, 3)["entries"] == "51" + "." * 79
    kept = json.loads(page.evaluate(f"() => localStorage.getItem({KEEP!r})"))
    assert kept["entries"] == "51" + "." * 79 and kept["play"]["history"]["at"] == 3

    page.reload()
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    expect(board).to_have_attribute("entries", "51" + "." * 79)
    # the history came back too: Undo takes the last move (the corner mark) back
    framed.get_by_role("button", name="Undo", exact=True).click()
    wait_change(page, 2, undos=1)
    expect(board).to_have_attribute("entries", "51" + "." * 79)
    # the frame alone starts again (the host stays): embed.js gives it the latest change
    page.locator("#studio iframe").evaluate("(frame) => { frame.src = frame.src; }")
    wait_heard(page, "ready", 2)
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    expect(board).to_have_attribute("entries", "51" + "." * 79)
    expect(framed.get_by_role("button", name="Undo", exact=True)).to_be_enabled()


def test_messages_from_another_origin_change_nothing(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    """The frame names http://wrong.example as its host; the page that really frames it
    (localhost) is another origin: its load is heard by the frame and ignored, with no reply."""
    frame = f'<div id="studio"><iframe src="{site_server}?embed&host=http://wrong.example"></iframe></div>'
    url = host_server(host_page(site_server, frame))
    studio = open_host(fresh, url)
    page = studio.page
    framed = frame_of(page)
    load = {"api": "sudoku-studio", "version": 1, "type": "load", "puzzle": PUZZLE}
    page.evaluate(
        "([message, origin]) => document.querySelector('#studio iframe').contentWindow.postMessage(message, origin)",
        [load, origin_of(site_server)],
    )

    def frame_heard() -> int:
        script = "() => (window.heard ?? []).filter((m) => m.data?.type === 'load').length"
        return int(framed.locator("body").evaluate(script))

    for _ in range(100):
        if frame_heard():
            break
        page.wait_for_timeout(50)
    assert frame_heard() == 1, "the frame never heard the message"
    # The frame's own listener ran in the same dispatch; a reply it had posted would arrive as
    # a task on the host soon after: give it that time before saying there was none.
    page.wait_for_timeout(300)
    expect(framed.locator("#board")).to_have_attribute("givens", "." * 81)
    assert heard(page) == [], "the frame answered a page that is not its named host"


def test_bad_progress_is_refused_with_a_reason_and_the_board_stays(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    url = host_server(host_page(site_server, embedded()))
    studio = open_host(fresh, url)
    page = studio.page
    wait_heard(page, "ready")
    framed = frame_of(page)
    board = framed.locator("#board")
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press("5")
    expect(board).to_have_attribute("entries", "5" + "." * 80)
    progress = wait_heard(page, "change", 2)["progress"]
    send = """([message, origin]) =>
        document.querySelector('#studio iframe').contentWindow.postMessage(message, origin)"""
    origin = origin_of(site_server)
    base = {"api": "sudoku-studio", "version": 1, "type": "load", "puzzle": PUZZLE}
    # a history that cannot lead to the cells: undoing "5 in r1c1" from a 9 there
    wrong = {**progress, "entries": "9" + "." * 80}
    page.evaluate(send, [{**base, "progress": wrong, "id": "a"}, origin])
    error = wait_heard(page, "error")
    assert error["code"] == "bad-progress" and error["id"] == "a" and error["request"] == "load"
    assert "history does not lead to its cells" in error["message"]
    # an entry on a given, and another puzzle's progress
    page.evaluate(
        send, [{**base, "progress": {**progress, "entries": "." * 2 + "1" + "." * 78}}, origin]
    )
    assert "given at r1c3" in wait_heard(page, "error", 2)["message"]
    page.evaluate(send, [{**base, "progress": {**progress, "givens": "1" + "." * 80}}, origin])
    assert "another puzzle" in wait_heard(page, "error", 3)["message"]
    page.evaluate(send, [{**base, "puzzle": "12x"}, origin])
    assert wait_heard(page, "error", 4)["code"] == "bad-puzzle"
    page.evaluate(send, [{**base, "version": 2}, origin])
    assert wait_heard(page, "error", 5)["code"] == "unsupported-version"
    expect(board).to_have_attribute("entries", "5" + "." * 80)
    # the state, on request
    page.evaluate(
        send, [{"api": "sudoku-studio", "version": 1, "type": "get-state", "id": 7}, origin]
    )
    state = wait_heard(page, "state")
    assert state["id"] == "7" and state["progress"]["entries"] == "5" + "." * 80


def test_the_frame_height_follows_its_content(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    url = host_server(host_page(site_server, embedded()))
    studio = open_host(fresh, url)
    page = studio.page
    page.locator("#studio").evaluate("(el) => { el.style.width = '560px'; }")
    frame = page.locator("#studio iframe")
    content = frame_of(page).locator("body")

    def heights() -> tuple[float, float]:
        outer = frame.evaluate("(f) => f.getBoundingClientRect().height")
        inner = content.evaluate("(b) => b.getBoundingClientRect().height")
        return float(outer), float(inner)

    def cut_off() -> float:
        """How much of the frame's page lies below the frame's bottom edge (0: none)."""
        script = "() => document.documentElement.scrollHeight - window.innerHeight"
        return float(content.evaluate(script))

    def settled() -> tuple[float, float]:
        for _ in range(100):
            outer, inner = heights()
            if abs(outer - inner) <= 1 and cut_off() <= 0:
                return outer, inner
            page.wait_for_timeout(50)
        outer, inner = heights()
        raise AssertionError(
            f"the frame is {outer} px high, its content {inner} px, {cut_off()} px cut off"
        )

    wide, _ = settled()
    # a narrower frame: the board (square) shrinks, and the frame with it
    page.locator("#studio").evaluate("(el) => { el.style.width = '320px'; }")
    for _ in range(100):
        if settled()[0] < wide - 100:
            break
        page.wait_for_timeout(50)
    narrow, _ = settled()
    assert narrow < wide - 100, (wide, narrow)
    # more content (a message under the board) makes it taller again
    frame_of(page).locator('#board [role="gridcell"][data-cell="2"]').click()  # a given
    page.keyboard.press("4")
    expect(frame_of(page).locator("#status")).not_to_be_empty()
    for _ in range(100):
        if settled()[0] > narrow:
            break
        page.wait_for_timeout(50)
    assert settled()[0] > narrow


def test_the_board_element_works_on_its_own_from_another_origin(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    """<sudoku-board> imported by another site's page: its module files carry CORS headers."""
    origin = origin_of(site_server)
    csp = f"default-src 'self'; script-src {origin}; style-src {origin}"
    html = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<title>board only</title><link rel="icon" href="icon.svg">'
        f'<script type="module" src="{site_server}board/define-sudoku-board.js"></script></head>'
        f'<body><sudoku-board label="Puzzle of the day" givens="{PUZZLE}" mode="play"></sudoku-board></body></html>'
    )
    url = host_server(html)
    studio = fresh(url, wait=False)
    studio.page.goto(url)
    board = studio.page.locator("sudoku-board")
    expect(studio.page.get_by_role("gridcell")).to_have_count(81)
    studio.page.get_by_role("gridcell").nth(0).click()
    studio.page.keyboard.press("5")
    expect(board).to_have_attribute("entries", "5" + "." * 80)


def test_the_example_host_page_works_under_a_sub_path(
    fresh: Callable[..., Studio], serve_site: ServeFactory
) -> None:
    url = serve_site(base="/puzzles/sudoku/")
    studio = fresh(url + "embed-example.html", wait=False)
    page = studio.page
    page.clock.set_fixed_time(A_MORNING)
    page.goto(url + "embed-example.html")
    framed = frame_of(page)
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    expect(framed.locator("#board")).to_have_attribute("givens", PUZZLE)
    src = page.locator("#studio iframe").get_attribute("src") or ""
    assert src.startswith(url + "?embed&host="), src
    expect(page.locator("#events")).to_contain_text("ready")
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press("5")
    expect(page.locator("#events")).to_contain_text("change: 1 cell filled by")
    # the page's second embed: today's Hard daily puzzle
    daily = page.frame_locator("#daily-studio iframe")
    # (its engine boots, then makes the day's puzzle: no board before both)
    expect(daily.locator("#board")).to_have_attribute("givens", HARD_OF_THE_DAY, timeout=BOOT_MS)


def test_solved_is_sent_once_and_options_change_the_actions(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    """A host gives progress one digit short of the end (cells only, no history: like a
    share link's progress); the player's last digit sends `solved`, once."""
    url = host_server(host_page(site_server, embedded()))
    studio = open_host(fresh, url)
    page = studio.page
    wait_heard(page, "ready")
    framed = frame_of(page)
    solved_grid = solve(PUZZLE)
    assert solved_grid is not None
    solution = format_line(solved_grid)
    entries = "".join(
        "." if g != "." or c == 0 else s
        for c, (g, s) in enumerate(zip(PUZZLE, solution, strict=True))
    )
    progress = wait_heard(page, "change")["progress"]
    send = """([message, origin]) =>
        document.querySelector('#studio iframe').contentWindow.postMessage(message, origin)"""
    base = {"api": "sudoku-studio", "version": 1}
    origin = origin_of(site_server)
    load = {**base, "type": "load", "puzzle": PUZZLE, "progress": {**progress, "entries": entries}}
    page.evaluate(send, [load, origin])
    expect(framed.locator("#board")).to_have_attribute("entries", entries)
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press(solution[0])
    solved = wait_heard(page, "solved")
    assert solved["progress"]["play"]["solved"] is True
    expect(framed.locator("#done-dialog")).to_have_attribute("open", "")
    expect(framed.get_by_role("button", name="New puzzle…")).to_be_hidden()  # not in a frame
    framed.get_by_role("button", name="Close", exact=True).click()
    framed.get_by_role("button", name="Undo", exact=True).click()
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press(solution[0])
    assert wait_change(page, 1, undos=1)["entries"][0] == solution[0]
    assert len(heard(page, "solved")) == 1, "solved was sent again for the same game"

    options = {**base, "type": "set-options", "id": "o", "controls": ["redo", "solve"]}
    page.evaluate(send, [options, origin])
    assert wait_heard(page, "options")["controls"] == ["redo", "solve"]
    expect(framed.get_by_role("button", name="Solve…", exact=True)).to_be_visible()
    expect(framed.get_by_role("button", name="Check", exact=True)).to_be_hidden()
    page.evaluate(send, [{**options, "controls": "redo,shuffle"}, origin])
    error = wait_heard(page, "error")
    assert error["code"] == "bad-options" and "shuffle" in error["message"]


SEND = """([message, origin]) =>
    document.querySelector('#studio iframe').contentWindow.postMessage(message, origin)"""
# The same puzzle with 1 and 2 swapped: another puzzle, as valid.
OTHER = PUZZLE.translate(str.maketrans("12", "21"))


def frame_heard(page: Page, kind: str) -> int:
    """How many messages of a kind the studio's frame heard (whether it acted on them or not)."""
    script = f"() => (window.heard ?? []).filter((m) => m.data?.type === {kind!r}).length"
    return int(frame_of(page).locator("body").evaluate(script))


def test_only_the_named_host_window_is_obeyed(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[..., str]
) -> None:
    """The frame names its real host; a third origin's window and another window of the host's
    own origin both post `load` to it: both are heard and ignored (origin, then source). The real
    host's load still works afterwards."""
    url = host_server(host_page(site_server, embedded()))
    third = host_server(
        '<!doctype html><title>third</title><link rel="icon" href="icon.svg">', "third.html"
    )  # another port: another origin
    studio = open_host(fresh, url)
    page = studio.page
    wait_heard(page, "ready")
    framed = frame_of(page)
    board = framed.locator("#board")
    expect(board).to_have_attribute("givens", PUZZLE)
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press("5")
    wait_change(page, 1)
    said = len(heard(page))
    load = {"api": "sudoku-studio", "version": 1, "type": "load", "puzzle": OTHER, "id": "x"}
    origin = origin_of(site_server)
    post = "([message, origin]) => opener.frames[0].postMessage(message, origin)"
    # a third origin's page; a blank page, which has the host's origin (and asks for no icon)
    for other_url in (third, "about:blank"):
        with page.expect_popup() as opened:
            page.evaluate("(url) => { window.open(url); }", other_url)
        popup = opened.value
        popup.wait_for_load_state()
        popup.evaluate(post, [load, origin])
        popup.close()
    for _ in range(100):
        if frame_heard(page, "load") >= 3:  # embed.js's own load, then the two others
            break
        page.wait_for_timeout(50)
    assert frame_heard(page, "load") == 3, "the frame never heard the other windows"
    page.wait_for_timeout(300)  # a reply would arrive as a task soon after: there is none
    expect(board).to_have_attribute("givens", PUZZLE)
    expect(board).to_have_attribute("entries", "5" + "." * 80)
    assert len(heard(page)) == said, heard(page)[said:]
    # the host itself is still heard
    changes = len(heard(page, "change"))
    page.evaluate(SEND, [load, origin])
    expect(board).to_have_attribute("givens", OTHER)
    assert wait_heard(page, "change", changes + 1)["id"] == "x"  # the change answers the load


def test_a_named_host_that_is_no_origin_posts_nothing_and_says_why(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    """?host=your.site is not an origin: the frame sends nothing at all (not even its height to
    "*", which any page would hear) and says on its page why."""
    frame = f'<div id="studio"><iframe src="{site_server}?embed&host=your.site"></iframe></div>'
    url = host_server(host_page(site_server, frame))
    studio = open_host(fresh, url)
    page = studio.page
    problem = frame_of(page).get_by_role("alert")
    expect(problem).to_contain_text("“your.site”, which is not an origin")
    expect(problem).to_be_visible()
    page.wait_for_timeout(500)  # the first height would have gone out at the start
    assert heard(page) == [], "the frame posted to a page it was not told to trust"


def test_the_promise_api_and_kept_progress_that_no_longer_fits(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    """SudokuEmbed.mount from a script: getState resolves, a refused setOptions rejects, options
    set come back after the frame starts again; kept progress the frame refuses is not lost
    (the bare puzzle is shown, the kept copy stays until the player moves)."""
    url = host_server(host_page(site_server, '<div id="studio"></div>'))
    studio = fresh(url, wait=False, init_script=RECORDER)
    page = studio.page
    bad = {"schema": 2, "givens": PUZZLE, "entries": "..1" + "." * 78, "mode": "play"}
    page.goto(url)
    page.evaluate("([key, value]) => localStorage.setItem(key, JSON.stringify(value))", [KEEP, bad])
    mount = f"""() => {{
        window.studio = SudokuEmbed.mount(document.getElementById('studio'),
            {{puzzle: {PUZZLE!r}, keep: {KEEP!r}, controls: 'undo,check'}});
    }}"""
    page.evaluate(mount)
    page.evaluate("() => { window.early = studio.getState(); }")  # asked before the frame is ready
    framed = frame_of(page)
    board = framed.locator("#board")
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    error = wait_heard(page, "error")
    assert error["code"] == "bad-progress" and "given at r1c3" in error["message"]
    expect(board).to_have_attribute("givens", PUZZLE)  # the bare puzzle instead
    expect(board).to_have_attribute("entries", "." * 81)
    wait_heard(page, "change")
    page.wait_for_timeout(200)

    def kept(key: str) -> Any:
        return json.loads(page.evaluate("(key) => localStorage.getItem(key)", key) or "null")

    assert kept(KEEP) == bad, "the refused progress was overwritten before the player moved"
    assert kept(KEEP + ":refused") == bad
    # answered (after the refused load, before the fresh one: the board was still empty)
    early = page.evaluate("() => early.then((state) => state.givens, (error) => error.message)")
    assert len(early) == 81, early
    state = page.evaluate("() => studio.getState()")
    assert state["givens"] == PUZZLE and state["schema"] == 2
    refused = page.evaluate(
        "() => studio.setOptions({mistakes: 'loud'}).then(() => 'resolved', (e) => e.message)"
    )
    assert refused.startswith("bad-options: mistakes is one of"), refused
    shown = page.evaluate("() => studio.setOptions({controls: ['redo', 'solve']})")
    assert shown["controls"] == ["redo", "solve"]
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press("5")
    wait_change(page, 1)
    assert kept(KEEP)["entries"] == "5" + "." * 80  # a move: now it is kept
    # the frame starts again: the game and the options come back
    page.evaluate("() => { studio.frame.src = studio.frame.src; }")
    wait_heard(page, "ready", 2)
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    expect(board).to_have_attribute("entries", "5" + "." * 80)
    expect(framed.get_by_role("button", name="Solve…", exact=True)).to_be_visible()
    expect(framed.get_by_role("button", name="Check", exact=True)).to_be_hidden()


def test_a_host_with_no_origin_of_its_own_names_none(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[..., str]
) -> None:
    """A host page in a sandboxed frame has an opaque origin ("null") though its URL has one:
    embed.js names no host (the frame would post to an origin that is not the page's)."""
    inner = host_server(host_page(site_server, embedded()))
    outer = host_server(
        f'<!doctype html><title>outer</title><link rel="icon" href="icon.svg">'
        f'<iframe id="sandboxed" sandbox="allow-scripts" src="{inner}"></iframe>',
        "outer.html",
    )
    studio = fresh(outer, wait=False)
    page = studio.page
    page.goto(outer)
    studio_frame = page.frame_locator("#sandboxed").locator("#studio iframe")
    expect(studio_frame).to_have_attribute(
        "src", f"{site_server}?embed&controls=undo%2Ccheck%2Chint"
    )
    # the studio's `frame-ancestors *` does not match an opaque origin: the browser says so
    page.wait_for_timeout(300)
    errors = studio.log.take()
    assert all("frame-ancestors" in error for error in errors), errors


# The colour of one pixel of a PNG, read by the browser itself (no imaging library needed).
PIXEL = """async ([png, x, y]) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
}"""
# Every visible button of the frame whose label is wider than the button.
OVERFLOWING = """() => [...document.querySelectorAll("button")]
  .filter((b) => b.getClientRects().length && getComputedStyle(b).visibility !== "hidden")
  .filter((b) => b.scrollWidth > b.clientWidth)
  .map((b) => `${b.textContent.trim()}: ${b.scrollWidth} > ${b.clientWidth}`)"""
ALL_CONTROLS = "undo,redo,check,hint,reveal,candidates,clear,solve,timer"


def test_a_transparent_frame_shows_the_host_page_and_every_label_fits(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    """data-sudoku-transparent: the host's own background shows through the frame (read from
    the screen, pixel by pixel), and at the narrowest supported frame (280 px) and at 400 px no
    button's label is wider than its button, with every action shown."""
    body = embedded(controls=ALL_CONTROLS).replace("></div>", " data-sudoku-transparent></div>")
    url = host_server(host_page(site_server, body))
    studio = open_host(fresh, url)
    page = studio.page
    page.evaluate("() => { document.body.style.background = 'rgb(255, 0, 255)'; }")
    frame = page.locator("#studio iframe")
    assert "&transparent" in str(frame.get_attribute("src"))
    framed = frame_of(page)
    expect(framed.locator("html")).to_have_attribute("data-transparent", "true")

    def corner() -> list[int]:
        """The colour at the frame's top-left corner (the frame's page background only)."""
        box = frame.bounding_box()
        assert box is not None
        clip: FloatRect = {"x": box["x"] + 1, "y": box["y"] + 1, "width": 2, "height": 2}
        png = base64.b64encode(page.screenshot(clip=clip)).decode()
        return list(page.evaluate(PIXEL, [png, 0, 0]))

    assert corner() == [255, 0, 255]
    framed.locator("html").evaluate("(html) => { delete html.dataset.transparent; }")
    assert corner() != [255, 0, 255]  # the same frame, opaque: the test can tell the two apart
    for width in (280, 400):
        page.locator("#studio").evaluate(f"(el) => {{ el.style.width = '{width}px'; }}")
        expect(framed.locator("html")).to_have_js_property("clientWidth", width)
        assert framed.locator("body").evaluate(OVERFLOWING) == [], width
        expect(framed.get_by_role("button", name="Fill candidates")).to_be_visible()


OTHERS = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
]


def game_ids(page: Page) -> list[str]:
    """The ids of the saved games (run in a page of the studio's site)."""
    return [str(record["id"]) for record in page.evaluate(ALL_RECORDS)]


def test_a_same_site_frame_saves_only_what_the_player_does_and_never_the_game_opened_next(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> None:
    """A page of the studio's own site frames it three times (`?embed#puzzle=`, without
    `host=`): nothing is saved until the player acts in a frame, and the studio opens its own
    game next, in that tab and in a new one."""
    frames = "".join(
        f'<iframe title="puzzle {i}" src="./?embed#puzzle={p.replace(".", "0")}"></iframe>'
        for i, p in enumerate(OTHERS)
    )
    (site_copy / "framing.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>framing</title>"
        f"<link rel='icon' href='icon.svg'></head><body>{frames}</body></html>"
    )
    url = serve_site(site=site_copy)
    studio = fresh(url)
    studio.mode("Play")
    studio.cell(0).click()
    studio.page.keyboard.press("5")
    expect(studio.page.locator("#save-status")).to_have_attribute("data-pending", "false")
    [own] = game_ids(studio.page)
    page = studio.page
    page.goto(url + "framing.html")
    for i in range(len(OTHERS)):
        board = page.frame_locator(f'iframe[title="puzzle {i}"]').locator("#board")
        expect(board).to_have_attribute("givens", OTHERS[i])
    page.wait_for_timeout(500)  # a save would have started by now
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    assert game_ids(page) == [own]
    expect(studio.board).to_have_attribute("entries", re.compile("^5"))
    # the player acts in a frame: that game is saved, and still the studio's opens next
    page.goto(url + "framing.html")
    frame = page.frame_locator('iframe[title="puzzle 1"]')
    frame.locator('#board [role="gridcell"][data-cell="2"]').click()
    page.keyboard.press("4")
    expect(frame.locator("#save-status")).to_have_attribute("data-pending", "false")
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-app", "ready")
    assert len(game_ids(page)) == 2
    expect(studio.board).to_have_attribute("entries", re.compile("^5"))
    other = page.context.new_page()
    other.goto(url)
    expect(other.locator("body")).to_have_attribute("data-app", "ready")
    expect(other.locator("#board")).to_have_attribute("entries", re.compile("^5"))
    other.close()


# the Easy puzzle of 2026-11-01 (the page's calendar gives it too: tests/e2e/test_daily.py)
EASY_OF_NOV_1 = "5..64.2......123....4...97........61..7..68.5..8.5....4.1....9....4......9.18...."


def test_a_daily_embed_shows_the_pages_own_daily_puzzle_of_that_day_and_level(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    # the page's own Daily puzzle: Hard, today (the 26th)
    own = open_on_the_day(fresh, site_server)
    own.page.locator('#daily-levels button[data-daily-level="hard"]').click()
    expect(own.verdict).to_contain_text("Hard daily puzzle of Thu 26 Nov 2026", timeout=MADE_MS)
    todays_hard = own.givens()
    assert todays_hard == HARD_OF_THE_DAY

    body = f'<div id="studio" data-sudoku-daily="hard" data-sudoku-keep="{KEEP}"></div>'
    studio = open_host(fresh, host_server(host_page(site_server, body)), A_MORNING)
    page = studio.page
    framed = frame_of(page)
    board = framed.locator("#board")
    expect(board).to_have_attribute("givens", todays_hard, timeout=BOOT_MS)
    expect(framed.locator("#verdict")).to_contain_text("Hard daily puzzle of Thu 26 Nov 2026")
    load = wait_heard(page, "change")
    assert load["id"] == "embed-1" and load["progress"]["givens"] == todays_hard
    assert load["progress"]["info"]["daily"] == "2026-11-26"
    # a move is kept by the host and comes back after a reload (the day's puzzle made again)
    empty = todays_hard.index(".")
    framed.locator(f'#board [role="gridcell"][data-cell="{empty}"]').click()
    page.keyboard.press("1")
    kept = wait_heard(page, "change", 2)["progress"]
    assert kept["entries"][empty] == "1"
    assert json.loads(page.evaluate(f"() => localStorage.getItem({KEEP!r})")) == kept
    page.reload()
    expect(board).to_have_attribute("givens", todays_hard, timeout=BOOT_MS)
    expect(board).to_have_attribute("entries", kept["entries"])

    # a fixed day and level, asked by the host's own load: the calendar's puzzle of that day
    send = """([message, origin]) =>
        document.querySelector('#studio iframe').contentWindow.postMessage(message, origin)"""
    load_daily = {"api": "sudoku-studio", "version": 1, "type": "load", "id": "nov-1"}
    page.evaluate(send, [{**load_daily, "daily": "2026-11-01:easy"}, origin_of(site_server)])
    expect(board).to_have_attribute("givens", EASY_OF_NOV_1, timeout=BOOT_MS)  # made in the worker
    assert any(m["data"].get("id") == "nov-1" for m in heard(page, "change"))
    # a day that has not come yet: refused with its reason, said in the frame, the board kept
    page.evaluate(send, [{**load_daily, "daily": "2026-11-28:hard"}, origin_of(site_server)])
    error = wait_heard(page, "error")
    assert error["code"] == "bad-daily" and error["id"] == "nov-1"
    assert "not out yet (today is 2026-11-26 here)" in error["message"]
    expect(framed.locator("#embed-load-problem")).to_contain_text("not out yet")
    expect(board).to_have_attribute("givens", EASY_OF_NOV_1)


@pytest.mark.allow_console_errors
def test_a_bad_daily_name_is_said_in_the_frame_the_console_and_an_event(
    fresh: Callable[..., Studio], site_server: str, host_server: Callable[[str], str]
) -> None:
    body = '<div id="studio" data-sudoku-daily="harder"></div>'
    studio = open_host(fresh, host_server(host_page(site_server, body)), A_MORNING)
    page = studio.page
    logged: list[str] = []
    page.on("console", lambda message: logged.append(f"{message.type}: {message.text}"))
    events = """() => new Promise((resolve) => document.getElementById('studio')
        .addEventListener('sudoku-embed-error', (e) => resolve(e.detail), {once: true}))"""
    framed = frame_of(page)
    problem = framed.locator("#embed-load-problem")
    expect(problem).to_have_text(
        "No daily puzzle for “harder”: “harder” is not a level;"
        " the levels are easy, medium, hard, unfair, extreme."
    )
    expect(problem).to_have_attribute("role", "alert")
    error = wait_heard(page, "error")
    assert error["code"] == "bad-daily" and error["request"] == "load"
    expect(framed.locator("#board")).to_have_attribute("givens", "." * 81)
    # the same again from a script, heard as an event and on the host's console
    detail = page.evaluate(
        f"""async () => {{
          const waiting = ({events})();
          SudokuEmbed.mount(document.getElementById('studio'), {{daily: '2026-02-30:hard'}});
          return await waiting;
        }}"""
    )
    assert detail["code"] == "bad-daily"
    assert "“2026-02-30” is not a date on the calendar" in detail["message"]
    for _ in range(100):
        if any("2026-02-30" in line for line in logged):
            break
        page.wait_for_timeout(50)
    assert any(
        line.startswith("error: embed.js: the studio refused the puzzle (bad-daily)")
        for line in logged
    ), logged
    expect(framed.locator("#board")).to_have_attribute("givens", "." * 81)


def test_the_example_page_shows_its_own_attributes_and_one_row_of_actions_on_a_phone(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(
        site_server + "embed-example.html", wait=False, viewport={"width": 390, "height": 844}
    )
    page = studio.page
    page.clock.set_fixed_time(A_MORNING)
    page.goto(site_server + "embed-example.html")
    # each code sample is the element under it: the same data-sudoku-* attributes, nothing else
    for of in ("studio", "daily-studio"):
        written = page.locator(f'code[data-snippet-of="{of}"]').text_content() or ""
        attributes = page.locator(f"#{of}").evaluate(
            """(el) => [...el.attributes].filter((a) => a.name.startsWith("data-sudoku-")
                && a.name !== "data-sudoku-mounted").map((a) => `${a.name}="${a.value}"`)"""
        )
        assert re.findall(r'data-sudoku-[a-z-]+="[^"]*"', written) == attributes, written
    sample = page.locator('code[data-snippet-of="studio"]')
    expect(sample).to_contain_text('data-sudoku-controls="undo,redo,check,hint,timer"')
    expect(sample).to_contain_text('data-sudoku-keep="sudoku-embed-example"')
    framed = frame_of(page)
    expect(framed.locator("body")).to_have_attribute("data-app", "ready")
    # Undo, Redo, Check and Hint in one row (the timer sits above the board)
    tops = {
        round(
            (framed.get_by_role("button", name=name, exact=True).bounding_box() or {"y": -1})["y"]
        )
        for name in ("Undo", "Redo", "Check", "Hint")
    }
    assert len(tops) == 1 and -1 not in tops, tops
    framed.locator('#board [role="gridcell"][data-cell="0"]').click()
    page.keyboard.press("5")
    expect(page.locator("#events")).to_contain_text("change: 1 cell filled by the player")
