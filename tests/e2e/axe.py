"""axe-core in the e2e tests: `check_axe(page, "what the page shows")` fails the test with every
accessibility violation axe finds on the page as it is now.

axe-core is a pinned devDependency (package.json, package-lock.json with its integrity hash);
`python build.py test` installs it with `npm ci` (ensure_node_tools). It is injected without
touching the page's CSP (`script-src 'self'`, no inline scripts or styles, no eval): the page is routed a
same-origin URL (AXE_PATH) that Playwright answers with node_modules' axe.min.js, a classic
<script src> loads it, and `page.evaluate` (DevTools' own evaluation, which the CSP does not
govern) calls `axe.run`. The route lives only while the script loads; RUN says how axe is kept
from making inline styles, the one thing it would otherwise do that the policy forbids.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_PATH = "/__axe__/axe.min.js"
"""Where the page loads axe from: its own origin, so `script-src 'self'` allows it."""

TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
"""The rule sets run: WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's tags for them)."""

# preload: only "media" (for no-autoplay-audio), not axe's default "cssom" as well. axe loads the
# CSSOM by copying every stylesheet's text into a new <style> element, an inline style that
# `style-src 'self'` blocks (a CSP violation, which the page guard rightly reports). The CSSOM is
# read only by css-orientation-lock, an "experimental" rule that these tags never select, so
# nothing that runs is lost; the page's CSS has no orientation query to lock anyway.
#
# Before axe looks, every finite animation on the page is let finish: a menu that pops in fades
# from opacity 0 over 120 ms, and axe reading its colours mid-fade measures a blend of text and
# background (a contrast "violation" the player never sees at rest). Infinite animations (a busy
# spinner) are left running; axe judges them as they are.
RUN = """async ([include, tags]) => {
  const settling = document.getAnimations().filter(
    (animation) => animation.effect?.getComputedTiming().endTime !== Infinity,
  );
  await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
  const results = await axe.run(include ?? document, {
    runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"],
    preload: { assets: ["media"] },
  });
  return results.violations.map((rule) => ({
    id: rule.id,
    impact: rule.impact,
    help: rule.help,
    helpUrl: rule.helpUrl,
    nodes: rule.nodes.map((node) => ({
      target: node.target,
      html: node.html,
      summary: node.failureSummary ?? "",
    })),
  }));
}"""


def inject_axe(page: Page) -> None:
    """Load axe-core into the page once (again after a navigation) through a same-origin URL."""
    if page.evaluate("() => typeof window.axe?.run === 'function'"):
        return
    if not AXE_JS.is_file():
        pytest.fail(
            f"{AXE_JS} is missing: run `npm ci` (or `python build.py test`, which does)",
            pytrace=False,
        )
    url = urljoin(page.url, AXE_PATH)
    body = AXE_JS.read_bytes()

    def serve(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript; charset=utf-8", body=body)

    page.route(url, serve)
    try:
        page.add_script_tag(url=url)
    finally:
        page.unroute(url, serve)


def run_axe(
    page: Page, *, include: str | None = None, tags: tuple[str, ...] = TAGS
) -> list[dict[str, Any]]:
    """axe's violations on the page (or under the CSS selector ``include``): for each rule its id,
    impact, help, helpUrl and nodes (target selectors, HTML snippet, axe's failure summary)."""
    inject_axe(page)
    violations: list[dict[str, Any]] = page.evaluate(RUN, [include, list(tags)])
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    """A readable list: one block per rule, one line per failing element with its HTML."""
    lines = []
    for rule in violations:
        lines.append(f"- {rule['id']} ({rule['impact']}): {rule['help']} <{rule['helpUrl']}>")
        for node in rule["nodes"]:
            target = " >> ".join(str(t) for t in node["target"])
            lines.append(f"    at {target}: {node['html']}")
            for detail in str(node["summary"]).splitlines():
                if detail.strip():
                    lines.append(f"      {detail.strip()}")
    return "\n".join(lines)


def check_axe(page: Page, context: str, *, include: str | None = None) -> None:
    """Fail the test when axe finds a WCAG 2.x A/AA violation; ``context`` names the state the
    page is in (it heads the message), ``include`` narrows the check to a CSS selector."""
    violations = run_axe(page, include=include)
    if violations:
        count = sum(len(rule["nodes"]) for rule in violations)
        pytest.fail(
            f"axe: {len(violations)} rule(s) violated by {count} element(s) in {context}:\n"
            + describe(violations),
            pytrace=False,
        )
