"""The page's sources keep the rules the CSP and the style guide set (no browser needed)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
SCRIPTS = sorted(WEB.rglob("*.js"))
FORBIDDEN = re.compile(
    r"\binnerHTML\b|\bouterHTML\b|insertAdjacentHTML|document\.write|\beval\(|new Function\b"
)


def test_the_page_has_its_scripts() -> None:
    names = {p.relative_to(WEB).as_posix() for p in SCRIPTS}
    assert {
        "app/app.js",
        "engine/solver-client.js",
        "engine/solver-worker.js",
        "board/sudoku-board.js",
        "board/define-sudoku-board.js",
    } <= names


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.relative_to(WEB).as_posix())
def test_script_is_type_checked_and_builds_no_code_or_html_from_strings(path: Path) -> None:
    text = path.read_text()
    assert text.startswith("// @ts-check\n"), f"{path.name} must start with // @ts-check"
    code = "\n".join(
        line for line in text.splitlines() if not line.lstrip().startswith(("//", "*", "/*"))
    )
    assert not FORBIDDEN.search(code), f"{path.name}: {FORBIDDEN.search(code)}"


class InlineFinder(HTMLParser):
    """Collects what a CSP without 'unsafe-inline' would block: inline scripts, styles, handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "style":
            self.problems.append("<style> element")
        if "style" in names:
            self.problems.append(f"style attribute on <{tag}>")
        self.problems += [f"{name} handler on <{tag}>" for name in names if name.startswith("on")]
        if tag == "script":
            self._in_script = "src" not in names
            if ("type", "module") not in attrs:
                self.problems.append("classic <script> (use type=module)")
        for name, value in attrs:
            if name in ("src", "href") and value and re.match(r"(https?:)?//", value):
                self.problems.append(f"remote {name}={value}")

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.problems.append("inline script")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False


def test_index_html_has_nothing_inline_or_remote() -> None:
    finder = InlineFinder()
    finder.feed((WEB / "index.html").read_text())
    assert finder.problems == []
