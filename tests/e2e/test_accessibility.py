"""axe-core finds no WCAG 2.x A/AA violation in any state the page is driven to, in light and dark
colours and on a phone.

To check a new state, add a function that drives the shared page there (from `app`'s reset
state: empty board, engine ready) to STATES; every VIEW checks it. A known violation that the
page does not fix yet goes in KNOWN, which marks those cases xfail(strict=True).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pytest
from playwright.sync_api import expect

from e2e.axe import check_axe

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def start(app: Studio) -> None:
    """The page as it opens: empty board, engine ready, nothing running."""
    expect(app.engine).to_have_attribute("data-state", "ready")


def enter_mode(app: Studio) -> None:
    """Create mode with a few givens typed."""
    app.type_grid(PUZZLE[:27])
    expect(app.page.get_by_role("radio", name="Create", exact=True)).to_be_checked()


def in_play(app: Studio) -> None:
    """A puzzle in play: givens, two right entries and one that repeats a given (a conflict)."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    for cell, digit in ((0, "5"), (1, "1"), (6, "9")):  # r1c7 = 9 repeats the given r1c3
        app.cell(cell).click()
        app.page.keyboard.press(digit)
    expect(app.page.locator("#conflicts")).not_to_have_attribute("data-count", "0")


def new_dialog(app: Studio) -> None:
    """The New puzzle dialog open."""
    app.button("New puzzle…").click()
    expect(app.page.locator("#new-dialog")).to_have_attribute("open", "")


def paste_dialog(app: Studio) -> None:
    """The Paste dialog open, with text that does not parse and its error shown."""
    app.paste("12x")
    expect(app.page.locator("#import-error")).not_to_be_empty()


def settings_dialog(app: Studio) -> None:
    """The Settings dialog open."""
    app.button("Settings…").click()
    expect(app.page.locator("#settings-dialog")).to_have_attribute("open", "")


def shortcuts_dialog(app: Studio) -> None:
    """The Keyboard shortcuts dialog open."""
    app.button("Shortcuts…").click()
    expect(app.page.locator("#shortcuts-dialog")).to_have_attribute("open", "")


def verdict(app: Studio) -> None:
    """Check's verdict on a puzzle in play with a wrong entry: the mistake flagged."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    app.cell(0).click()
    app.page.keyboard.press("3")  # wrong (the solution has 5) but no conflict
    app.button("Check").click()
    expect(app.verdict).to_have_attribute("data-status", "mistakes")
    expect(app.board.locator("[data-flagged]")).not_to_have_count(0)


def solved_dialog(app: Studio) -> None:
    """The Solved moment: the last digit typed, the dialog with its level, best and actions."""
    app.type_grid(PUZZLE)
    app.type_grid(SOLUTION, mode="Play")  # the givens' keys are refused, the rest filled in
    dialog = app.page.locator("#done-dialog")
    expect(dialog).to_have_attribute("open", "")
    expect(dialog).not_to_have_attribute("data-level", "grading", timeout=60_000)  # graded
    # its entrance (a fade, the badge's pop) finished: colours are checked as they stay
    dialog.evaluate("(d) => Promise.all(d.getAnimations({ subtree: true }).map((a) => a.finished))")


def recent_delete(app: Studio) -> None:
    """Recent games after a Delete: the list and the line offering Undo."""
    app.type_grid(PUZZLE[:27])
    app.button("Clear all").click()  # the typed game is left, in Recent games
    delete = app.page.locator("#recent-list").get_by_role("button", name=re.compile("^Delete"))
    delete.first.click()
    expect(app.page.locator("#recent-undo")).to_have_attribute("data-state", "offered")


def more_menu(app: Studio) -> None:
    """A puzzle in play and the More menu open (Fill candidates … Solve…)."""
    in_play(app)
    app.page.locator("#assist").click()
    expect(app.page.locator("#assist-menu")).to_be_visible()


def solve_dialog(app: Studio) -> None:
    """Solve… asked: the confirmation open."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    app.button("Solve…").click()
    expect(app.page.locator("#solve-dialog")).to_have_attribute("open", "")


def hint_shown(app: Studio) -> None:
    """A hint at its second level: the pattern drawn and said."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    app.cell(0).click()
    app.page.keyboard.press("h")
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    app.page.keyboard.press("h")
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", "2")


def learn_panel(app: Studio) -> None:
    """The Learn panel with the solving path open at a step, its grade shown."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    app.button("Show the solving path").click()
    expect(app.page.get_by_role("listbox", name="Solving path")).not_to_have_attribute(
        "data-count", "0"
    )
    app.page.locator("#path-next").click()
    expect(app.page.locator("#path-panel")).to_have_attribute("data-selected", "1")


def share_panel(app: Studio) -> None:
    """The Share panel with a puzzle's link and line."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    app.show_panel("Share")
    expect(app.page.locator("#export-line")).to_have_text(PUZZLE)


def drill_dialog(app: Studio) -> None:
    """Practise a technique, a wrong answer checked: the feedback and the step drawn."""
    app.button("Practise a technique…").click()
    dialog = app.page.locator("#drill-dialog")
    app.page.locator("#drill-technique").select_option("X-Wing")
    expect(dialog).to_have_attribute("data-technique", "X-Wing")
    expect(dialog).to_have_attribute("data-state", "asking")
    app.page.locator('#drill-board [role="gridcell"][data-cell="0"]').click()
    app.page.get_by_role("button", name="Place", exact=True).click()
    app.page.locator('#drill-numpad button[data-drill-digit="1"]').click()
    app.page.locator("#drill-check").click()
    expect(app.page.locator("#drill-feedback")).not_to_be_empty()


def review_dialog(app: Studio) -> None:
    """Review my solve after a few moves (a wrong digit among them): labelled, the summary shown,
    a mistake flagged."""
    app.type_grid(PUZZLE)
    app.mode("Play")
    app.cell(39).click()
    app.page.keyboard.press("3")
    app.cell(0).click()
    app.page.keyboard.press("6")
    app.button("Review my solve…").click()
    dialog = app.page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-state", "done")
    expect(app.page.locator("#review-board")).to_have_attribute("flagged", "0")


def booklet_dialog(app: Studio) -> None:
    """The Booklet dialog open, with a count it refuses and its error shown."""
    app.button("Booklet…").click()
    dialog = app.page.locator("#booklet-dialog")
    expect(dialog).to_have_attribute("open", "")
    dialog.get_by_label("Puzzles", exact=True).fill("0")
    dialog.get_by_role("button", name="Make and print").click()
    expect(app.page.locator("#booklet-error")).to_contain_text("1 to 60")


def setter_tools(app: Studio) -> None:
    """Create mode with the setters' tools: a puzzle with two solutions, givens to add."""
    app.type_grid(
        "519748..2783652419426139875357986241264317598198524..7975863124832491756641275983"
    )
    expect(app.page.locator("#setter-actions button")).to_have_count(6)


STATES: dict[str, Callable[[Studio], None]] = {
    "start": start,
    "enter-mode": enter_mode,
    "in-play-conflict": in_play,
    "new-dialog": new_dialog,
    "paste-dialog": paste_dialog,
    "settings-dialog": settings_dialog,
    "shortcuts-dialog": shortcuts_dialog,
    "verdict": verdict,
    "solved-dialog": solved_dialog,
    "recent-delete": recent_delete,
    "more-menu": more_menu,
    "solve-dialog": solve_dialog,
    "hint": hint_shown,
    "learn-panel": learn_panel,
    "share-panel": share_panel,
    "drill-dialog": drill_dialog,
    "review-dialog": review_dialog,
    "booklet-dialog": booklet_dialog,
    "setter-tools": setter_tools,
}


@dataclass(frozen=True)
class View:
    """How the page is shown: colour scheme and viewport (None: the context's own)."""

    color_scheme: Literal["light", "dark"]
    viewport: ViewportSize | None = None


VIEWS = {
    "light": View("light"),
    "dark": View("dark"),
    "phone": View("light", {"width": 390, "height": 844}),
}

KNOWN: dict[tuple[str, str], str] = {}
"""(state, view) -> why axe fails there today; those cases are xfail(strict=True)."""


def cases() -> list[object]:
    """Every (state, view) pair, KNOWN ones marked."""
    params: list[object] = []
    for state in STATES:
        for view in VIEWS:
            reason = KNOWN.get((state, view))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            params.append(pytest.param(state, view, id=f"{state}-{view}", marks=marks))
    return params


@pytest.fixture
def shown(app: Studio) -> Iterator[Callable[[View], None]]:
    """show(view): emulate the view on the shared page. After the test the page is put back as
    `app` expects it: dialogs and the More menu closed, the context's own colours and viewport."""
    page = app.page
    original = page.viewport_size

    def show(view: View) -> None:
        page.emulate_media(color_scheme=view.color_scheme)
        if view.viewport is not None:
            page.set_viewport_size(view.viewport)

    yield show
    for _ in range(3):  # a dialog over a dialog at most
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.emulate_media(color_scheme="null")
    if original is not None:
        page.set_viewport_size(original)


@pytest.mark.parametrize(("state", "view"), cases())
def test_axe_finds_no_violations(
    app: Studio, shown: Callable[[View], None], state: str, view: str
) -> None:
    shown(VIEWS[view])
    STATES[state](app)
    check_axe(app.page, f"state {state!r}, view {view!r}")


PROBE = """() => {
  const probe = document.createElement("button");
  probe.id = "axe-probe";
  document.body.append(probe);
}"""


def test_check_axe_names_each_violation(app: Studio) -> None:
    """The helper is not vacuous: a button without a name fails it with rule, target and HTML."""
    app.page.evaluate(PROBE)
    try:
        with pytest.raises(pytest.fail.Exception) as failure:
            check_axe(app.page, "the probe")
    finally:
        app.page.evaluate("() => document.getElementById('axe-probe')?.remove()")
    message = str(failure.value)
    assert "axe: 1 rule(s) violated by 1 element(s) in the probe:" in message
    assert "- button-name (critical): Buttons must have discernible text" in message
    assert '    at #axe-probe: <button id="axe-probe"></button>' in message


FADING_PROBE = """() => {
  const probe = document.createElement("button");
  probe.id = "axe-probe";
  probe.textContent = "Fading in";
  document.body.append(probe);
  probe.animate([{ opacity: 0.1 }, { opacity: 1 }], { duration: 1500 });
}"""


def test_check_axe_judges_colours_at_rest_not_mid_animation(app: Studio) -> None:
    """A control fading in (as the More menu pops in) is judged once the fade ends: read at its
    first frames its text is a faint blend that fails colour contrast, which nobody sees at rest."""
    app.page.evaluate(FADING_PROBE)
    try:
        check_axe(app.page, "a fading probe", include="#axe-probe")
        running = app.page.evaluate(
            "() => document.getElementById('axe-probe').getAnimations().length"
        )
    finally:
        app.page.evaluate("() => document.getElementById('axe-probe')?.remove()")
    assert running == 0
