"""The board is the page: at every common window size, light and dark, what a player uses while
solving is on the screen without scrolling, a hint's words appear where they can be read, the
solving path can be stepped through with the whole board in view, and Solve asks first.

Sizes: desktop 1280x800, 1366x768 and 1920x1080; phone portrait 390x844 and landscape 844x390.
The shared page is resized (and its colour scheme emulated) rather than reopened: the engine
stays booted, and the page must follow a window that changes size anyway.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Literal

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import PUZZLE, start_game
from e2e.test_daily import MADE_MS, open_on_the_day

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page, ViewportSize

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

SIZES: dict[str, ViewportSize] = {
    "desktop-1280x800": {"width": 1280, "height": 800},
    "desktop-1366x768": {"width": 1366, "height": 768},
    "desktop-1920x1080": {"width": 1920, "height": 1080},
    "phone-390x844": {"width": 390, "height": 844},
    "phone-landscape-844x390": {"width": 844, "height": 390},
}
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")


@pytest.fixture
def sized(app: Studio) -> Iterator[Studio]:
    """The shared page; afterwards its own viewport and colours again, no dialog open."""
    page = app.page
    original = page.viewport_size
    yield app
    for _ in range(2):
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
    page.emulate_media(color_scheme="null")
    if original is not None:
        page.set_viewport_size(original)


def inside(page: Page, name: str, locator: Locator) -> None:
    """``locator`` is visible and lies wholly inside the viewport, the page not scrolled."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, name
    assert page.evaluate("() => [scrollX, scrollY]") == [0, 0], f"the page scrolled ({name})"
    fits = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )
    assert fits, f"{name} leaves the {size['width']}x{size['height']} viewport: {box}"


def solving_tools(app: Studio) -> dict[str, Locator]:
    page = app.page
    return {
        "the board": app.board,
        "the tools": page.locator("#tools"),
        "the number pad": page.locator("#numpad"),
        "Undo": page.locator("#undo-move"),
        "Check": page.locator("#check"),
        "Hint": page.locator("#hint"),
        "More": page.locator("#assist"),
    }


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_solving_tools_hint_and_path_stay_on_screen(
    sized: Studio, size: ViewportSize, scheme: Literal["light", "dark"]
) -> None:
    app = sized
    page = app.page
    start_game(app)
    page.set_viewport_size(size)
    page.emulate_media(color_scheme=scheme)
    for name, locator in solving_tools(app).items():
        inside(page, name, locator)

    # a hint: its words appear inside the viewport, the board stays
    app.cell(0).click()
    page.keyboard.press("h")
    hint = page.locator("#hint-text")
    expect(hint).to_have_attribute("data-level", "1")
    inside(page, "the hint's text", hint)
    inside(page, "the board (with a hint)", app.board)

    # the solving path: stepping through it never moves the board off the screen
    app.button("Show the solving path").click()
    listbox = page.get_by_role("listbox", name="Solving path")
    expect(listbox).not_to_have_attribute("data-count", "0")
    inside(page, "the path's step", page.locator("#path-status"))
    for step in range(1, 6):
        page.locator("#path-next").click()
        expect(page.locator("#path-panel")).to_have_attribute("data-selected", str(step))
        inside(page, f"the board at step {step + 1}", app.board)
        inside(page, f"the path's words at step {step + 1}", page.locator("#path-status"))
    listbox.focus()
    for _ in range(8):
        page.keyboard.press("ArrowDown")
    inside(page, "the board after arrowing down the list", app.board)
    page.locator("#path-close").click()
    expect(page.locator("#path-bar")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_solve_asks_first_and_can_be_declined(sized: Studio, size: ViewportSize) -> None:
    app = sized
    page = app.page
    start_game(app)
    page.set_viewport_size(size)
    app.button("Solve…").click()
    dialog = page.locator("#solve-dialog")
    expect(dialog).to_have_attribute("open", "")
    inside(page, "the question", page.get_by_role("button", name="Show the solution"))
    page.get_by_role("button", name="Keep solving", exact=True).click()
    expect(dialog).not_to_have_attribute("open", "")
    assert app.entries() == "." * 81 and app.givens() == PUZZLE  # nothing was filled in
    app.solve()
    expect(app.board).not_to_have_attribute("entries", "." * 81)
    assert "." not in app.grid()
    app.button("Undo").click()
    expect(app.board).to_have_attribute("entries", "." * 81)  # and Undo takes it back


# the widths of a phone's top bar: upright, sideways
PHONES = (390, 844)


@pytest.mark.parametrize(
    "size",
    [
        SIZES["desktop-1280x800"],
        SIZES["desktop-1366x768"],
        SIZES["phone-landscape-844x390"],
        SIZES["phone-390x844"],
    ],
    ids=["desktop-1280x800", "desktop-1366x768", "phone-landscape-844x390", "phone-390x844"],
)
def test_the_top_bar_names_the_puzzle_in_full(
    fresh: Callable[..., Studio], site_server: str, size: ViewportSize
) -> None:
    """A daily puzzle's level and day are not cut short by the engine's status, which the bar
    says in two words (its version is the status's title): on a desktop the line up to the day,
    on a phone the level and the score on their two lines (the day is in the title). A visitor
    on a fixed day: its puzzles are known, and made within their level's time on any machine."""
    app = open_on_the_day(fresh, site_server)
    page = app.page
    page.set_viewport_size(size)
    page.locator('#daily-levels button[data-daily-level="medium"]').click()
    info = page.locator("#puzzle-info")
    expect(info).to_have_attribute("data-level", "medium", timeout=MADE_MS)
    expect(info).to_have_attribute("title", re.compile(r"^Medium \(score \d+\) · daily puzzle of "))
    cut = info.evaluate(
        """(info) => {
          const right = info.getBoundingClientRect().right + 0.5;
          const parts = [...info.querySelectorAll(".info-head, .info-sub, .info-rest")].filter(
            (part) => part.getClientRects().length > 0);
          const named = (part) => part.classList.contains("info-head")
            || part.classList.contains("info-rest") && part.textContent.includes("daily puzzle of");
          return parts.filter((part) => part.scrollWidth > part.clientWidth
            || named(part) && part.getBoundingClientRect().right > right).map((part) => part.textContent);
        }"""
    )
    assert cut == [], f"cut short at {size['width']}x{size['height']}: {cut}"
    if size["width"] not in PHONES:
        expect(info).to_contain_text("daily puzzle of")
    status = page.locator("#engine-text")
    expect(status).to_have_text("Engine ready")
    if status.is_visible():  # whole, too (a phone upright shows the dot alone)
        assert status.evaluate("(text) => text.scrollWidth <= text.clientWidth"), size


# where the small count of a digit key lies, measured with a stand-in that has the ::after's styles
COUNT_GAPS = """(numpad) => [...numpad.querySelectorAll("button[data-digit]:not([data-digit=''])")].map((key) => {
  const after = getComputedStyle(key, "::after");
  const text = key.dataset.left ?? key.dataset.count;
  if (after.content === "none" || !text) return null;
  const ghost = document.createElement("span");
  for (const name of ["position", "top", "right", "bottom", "left", "font-size", "line-height", "font-weight"])
    ghost.style.setProperty(name, after.getPropertyValue(name));
  ghost.textContent = text;
  key.append(ghost);
  const count = ghost.getBoundingClientRect();
  ghost.remove();
  const range = document.createRange();
  range.selectNodeContents(key.firstChild);
  const digit = range.getBoundingClientRect();
  const across = Math.max(count.left - digit.right, digit.left - count.right);
  const down = Math.max(count.top - digit.bottom, digit.top - count.bottom);
  return [key.dataset.digit, Math.round(Math.max(across, down) * 10) / 10];
}).filter(Boolean)"""


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_pad_counts_stand_apart_from_their_digits(sized: Studio, size: ViewportSize) -> None:
    """The small number on a digit key (how many are left) never touches its digit: at least
    4 px of space between them in every layout, so "1" with 3 left never reads "13"."""
    app = sized
    page = app.page
    start_game(app)
    page.set_viewport_size(size)
    numpad = page.locator("#numpad")
    expect(numpad.locator("button[data-left]")).to_have_count(9)
    gaps = numpad.evaluate(COUNT_GAPS)
    assert len(gaps) == 9, gaps
    close = [(digit, gap) for digit, gap in gaps if gap < 4]
    assert close == [], f"counts against their digits at {size['width']}x{size['height']}: {close}"


MARK_CLEARANCE = """(buttons) => buttons.map((button) => {
  const mark = button.querySelector(".daily-mark");
  if (!mark) return null;
  const range = document.createRange();
  range.selectNodeContents(button.firstChild);
  const name = range.getBoundingClientRect();
  const badge = mark.getBoundingClientRect();
  const box = button.getBoundingClientRect();
  const across = Math.max(badge.left - name.right, name.left - badge.right);
  const down = Math.max(badge.top - name.bottom, name.top - badge.bottom);
  return {level: button.dataset.dailyLevel, gap: Math.max(across, down), title: button.title,
          inside: badge.left >= box.left - 0.5 && badge.right <= box.right + 0.5};
}).filter(Boolean)"""


@pytest.mark.parametrize(
    "size",
    [
        SIZES["desktop-1280x800"],
        {"width": 360, "height": 740},
        SIZES["phone-390x844"],
        SIZES["phone-landscape-844x390"],
    ],
    ids=["desktop-1280x800", "phone-360x740", "phone-390x844", "phone-landscape-844x390"],
)
def test_a_daily_levels_mark_keeps_clear_of_its_name(
    fresh: Callable[..., Studio], site_server: str, size: ViewportSize
) -> None:
    """The started (…) or solved (✓) mark of a daily level's button never touches the level's
    name, stays over its own button, and says what it means in a tooltip (a visitor on a fixed
    day, as above)."""
    app = open_on_the_day(fresh, site_server)
    page = app.page
    page.set_viewport_size(size)
    for level in ("extreme", "medium"):  # the longest name, and one shown
        page.locator(f'#daily-levels button[data-daily-level="{level}"]').click()
        expect(page.locator("#puzzle-info")).to_have_attribute("data-level", level, timeout=MADE_MS)
    buttons = page.locator("#daily-levels button")
    expect(buttons.locator(".daily-mark")).to_have_count(2)
    marks = buttons.evaluate_all(MARK_CLEARANCE)
    assert len(marks) == 2, marks
    for mark in marks:
        assert mark["gap"] >= 2, f"the mark runs into the name at {size['width']}px: {mark}"
        assert mark["inside"], f"the mark leaves its button at {size['width']}px: {mark}"
        assert mark["title"] == "Started", mark


@pytest.mark.parametrize("width", [280, 420, 544])
def test_an_embeds_pad_counts_stand_apart_too(
    fresh: Callable[..., Studio], site_server: str, width: int
) -> None:
    """An embed's pad, from the narrowest supported frame (280 px) to its widest board."""
    embed = fresh(
        f"{site_server}?embed#puzzle={PUZZLE.replace('.', '0')}",
        viewport={"width": width, "height": 900},
    )
    numpad = embed.page.locator("#numpad")
    expect(numpad.locator("button[data-left]")).to_have_count(9)
    gaps = numpad.evaluate(COUNT_GAPS)
    close = [(digit, gap) for digit, gap in gaps if gap < 4]
    assert len(gaps) == 9 and close == [], f"counts against their digits at {width} px: {gaps}"


# Create mode's sizes: the phones of the player's pass (upright, a small one, sideways) and a desktop
CREATE_SIZES: dict[str, ViewportSize] = {
    "phone-390x844": SIZES["phone-390x844"],
    "phone-360x740": {"width": 360, "height": 740},
    "phone-landscape-844x390": SIZES["phone-landscape-844x390"],
    "desktop-1280x800": SIZES["desktop-1280x800"],
}
# the README's puzzle without r9c4-r9c7: several solutions, two givens make it unique
DRAFT = PUZZLE[:75] + "...." + PUZZLE[79:]
# the sheet (messages, then the Games / Learn / Share panel) keeps at least this much of the screen
SHEET_MIN_PX = 100


def pad_and_buttons_in_view(app: Studio, when: str) -> None:
    """The board, the Create bar, the pad and the game's buttons lie inside the viewport and
    answer a tap where they are drawn; the page does not scroll; the sheet keeps a usable height
    and scrolls instead."""
    page = app.page
    for name, locator in {
        "the board": app.board,
        "the verdict": page.locator("#create-verdict"),
        "Play this puzzle": page.locator("#create-play"),
        "the number pad": page.locator("#numpad"),
        "Undo": page.locator("#undo-move"),
        "Redo": page.locator("#redo-move"),
        "Check": page.locator("#check"),
        "Hint": page.locator("#hint"),
        "More": page.locator("#assist"),
    }.items():
        inside(page, f"{name} ({when})", locator)
    hit = page.locator("#numpad").evaluate(
        """(pad) => {
          const box = pad.getBoundingClientRect();
          const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return pad.contains(at);
        }"""
    )
    assert hit, f"a tap on the pad's centre misses it ({when})"
    page_height, window_height, sheet = page.evaluate(
        """() => [document.documentElement.scrollHeight, innerHeight,
                  document.querySelector(".sheet").clientHeight]"""
    )
    assert page_height <= window_height, f"the page is {page_height} px tall ({when})"
    assert sheet >= SHEET_MIN_PX, f"the sheet is {sheet} px tall ({when})"


@pytest.mark.parametrize("size", CREATE_SIZES.values(), ids=CREATE_SIZES.keys())
def test_create_mode_with_the_setter_tools_keeps_the_pad_on_screen(
    sized: Studio, size: ViewportSize
) -> None:
    """A setter's tools (givens to add, redundant givens, Make minimal's choices) never push the
    pad or the game's buttons off a phone's screen: they show in the sheet, which scrolls; each
    comes into the sheet's view when it appears."""
    app = sized
    page = app.page
    page.set_viewport_size(size)
    app.type_grid(DRAFT)
    tools = page.locator("#setter-tools")
    expect(page.locator("#setter-text")).to_contain_text("make it unique")
    pad_and_buttons_in_view(app, "several solutions")
    inside(page, "the first given to add", tools.get_by_role("button").first)

    app.cell(75).click()
    for digit in PUZZLE[75:79]:
        page.keyboard.press(digit)
        page.keyboard.press("ArrowRight")
    expect(page.locator("#setter-text")).to_contain_text("Redundant givens")
    pad_and_buttons_in_view(app, "redundant givens")
    make_minimal = page.get_by_role("button", name="Make minimal…")
    inside(page, "Make minimal…", make_minimal)
    make_minimal.click()
    expect(page.locator("#setter-text")).to_contain_text("Minimal puzzles inside this one")
    pad_and_buttons_in_view(app, "minimal choices")
    choice = page.locator("#setter-actions button").first
    expect(choice).to_be_focused()
    inside(page, "the first minimal choice", choice)


def test_a_long_verdict_on_a_phone_scrolls_within_three_lines(sized: Studio) -> None:
    """Few givens: the verdict names a dozen cells and says why it cannot be unique. On a phone
    it keeps to three lines and scrolls (a Tab stop then, so the keyboard can scroll it too); the
    pad and the game's buttons stay where they were."""
    app = sized
    page = app.page
    page.set_viewport_size(SIZES["phone-390x844"])
    app.type_grid(PUZZLE[:27])
    verdict = page.locator("#create-verdict")
    expect(verdict).to_have_attribute("data-status", "multiple")
    expect(verdict).to_contain_text("cannot be unique")
    expect(verdict).to_have_attribute("tabindex", "0")
    shown, whole, line = verdict.evaluate(
        "(p) => [p.clientHeight, p.scrollHeight, parseFloat(getComputedStyle(p).lineHeight)]"
    )
    assert shown <= 3 * line + 1 < whole, (shown, whole, line)
    for name in ("#numpad", "#undo-move", "#hint", "#assist"):
        inside(page, name, page.locator(name))


# the focused element's ring (outline and its offset) and where it lies against the sheet's view
FOCUS_RING = """() => {
  const el = document.activeElement;
  const sheet = document.querySelector(".sheet");
  if (!el || !sheet.contains(el)) return null;
  const style = getComputedStyle(el);
  const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const box = el.getBoundingClientRect();
  const view = sheet.getBoundingClientRect();
  const tabs = document.querySelector(".tabs").getBoundingClientRect();
  return {
    name: `${el.tagName.toLowerCase()}#${el.id} ${el.getAttribute("role") ?? ""} ${el.textContent.trim().slice(0, 20)}`,
    role: el.getAttribute("role"), outline: style.outlineStyle,
    ringIn: box.top - ring >= view.top - 0.5 && box.bottom + ring <= view.bottom + 0.5,
    tabsIn: tabs.top >= view.top - 0.5 && tabs.bottom <= view.bottom + 0.5,
  };
}"""


def test_keyboard_focus_in_the_panel_shows_its_ring_and_the_tabs(sized: Studio) -> None:
    """Tab from the Games tab into its panel (1280x800, Create mode: its bar takes room): the
    panel has controls, so it is no Tab stop of its own (WAI-ARIA tabs); the first control's ring
    and the tab bar are in the sheet's view, and every further Tab through the panel keeps the
    focused control's whole ring in view."""
    app = sized
    page = app.page
    page.set_viewport_size(SIZES["desktop-1280x800"])
    app.mode("Create")
    app.show_panel("Games")
    page.locator("#tab-games").focus()
    page.keyboard.press("Tab")
    first = page.evaluate(FOCUS_RING)
    assert first is not None and first["role"] != "tabpanel", first
    assert first["outline"] != "none" and first["ringIn"] and first["tabsIn"], first
    for _ in range(12):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS_RING)
        if focused is None:
            break
        assert focused["ringIn"], focused
