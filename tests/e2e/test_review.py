"""Review my solve, end to end: a game scripted on the page (Fill candidates, a Naked Single, a
wrong digit and its erasure, the answer struck from a cell's candidates, the singles of the
grader's path, a Hidden Pair's elimination) is replayed in the review move for move (the review's
board at step k is the game after k moves, walked with the arrow keys), each step labelled as the
engine's review labels it (known here from the grader's path), the mistakes flagged, and the
summary beside the grader's path. Also from the Solved moment, and the game is never touched. A
wrong digit placed, or a true candidate struck, and undone is a mistake the review shows where it
was made (after a reload too), a move made after reading a hint (before a reload, or in another
tab of the game) is "with help", and the review's board lays out centre marks as the setting
says."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from e2e.play_helpers import PUZZLE, SOLUTION, choose, reload, saved, start_game, tool, wrong_digit
from e2e.test_game_library import second_tab
from sudoku_core import grade
from sudoku_core.grid import cell_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Locator

    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PATH = grade(PUZZLE).path
"""Its first 24 steps are singles, each placing one digit; the 25th is a Hidden Pair."""
R5C4, R1C1 = 39, 0


def dialog(app: Studio) -> Locator:
    return app.page.locator("#review-dialog")


def snapshot(board: Locator) -> tuple[str, str]:
    """What a board shows: its entries and centre marks."""
    return str(board.get_attribute("entries")), str(board.get_attribute("centre") or "")


def play_digit(app: Studio, cell: int, digit: str) -> None:
    app.cell(cell).click()
    app.page.keyboard.press(digit)


def mark_rows(marks: Locator) -> int:
    """On how many rows a cell's marks are drawn."""
    boxes = [m.bounding_box() for m in marks.all()]
    return len({round(box["y"]) for box in boxes if box is not None})


def open_review(app: Studio, steps: int) -> Locator:
    """Open the review of the game on the board and wait for its labels: ``steps`` steps."""
    app.button("Review my solve…").click()
    review = dialog(app)
    expect(review).to_have_attribute("data-state", "done", timeout=60_000)
    expect(app.page.locator("#review-at")).to_have_text(f"{steps} of {steps}")
    return review


def expect_labels(app: Studio, steps: dict[int, tuple[str, str]]) -> None:
    """Each step's tag and words, by its number."""
    for k, (tag, text) in steps.items():
        app.page.locator("#review-step").fill(str(k))
        expect(dialog(app)).to_have_attribute("data-step", str(k))
        expect(app.page.locator("#review-labels")).to_have_text(f"{tag} {text}")


def step_labels(app: Studio) -> list[str]:
    return [str(t) for t in app.page.locator("#review-labels li").all_inner_texts()]


def test_the_review_replays_the_game_move_by_move_with_its_labels(app: Studio) -> None:
    start_game(app)
    tool(app, "Digit")
    board = app.board
    shown = [snapshot(board)]  # the game after 0, 1, 2... moves

    def moved() -> None:
        expect(app.page.locator("#undo-move")).to_have_attribute("data-moves", str(len(shown)))
        shown.append(snapshot(board))

    app.button("Fill candidates").click()
    moved()
    assert PATH[0].placements == ((R5C4, 3),) and PATH[0].technique == "Naked Single"
    play_digit(app, R5C4, "3")
    moved()
    wrong = "6"  # allowed in r1c1 (not its answer); the 6s it tidies from its peers are no claims
    assert SOLUTION[R1C1] != wrong and wrong not in {str(d) for _, d in PATH[24].eliminations[:1]}
    play_digit(app, R1C1, wrong)
    moved()
    app.page.keyboard.press("Delete")
    moved()
    tool(app, "Centre")
    app.page.keyboard.press(SOLUTION[R1C1])  # the answer struck from r1c1's candidates
    moved()
    tool(app, "Digit")
    for step in PATH[1:24]:
        ((cell, digit),) = step.placements
        play_digit(app, cell, str(digit))
        moved()
    assert PATH[24].technique == "Hidden Pair"
    hidden_pair = PATH[24].eliminations[0]
    tool(app, "Centre")
    app.cell(hidden_pair[0]).click()
    app.page.keyboard.press(str(hidden_pair[1]))
    moved()
    game_before = snapshot(board)

    app.button("Review my solve…").click()
    review = dialog(app)
    expect(review).to_have_attribute("open", "")
    expect(review).to_have_attribute("data-state", "done", timeout=60_000)
    last = len(shown) - 1
    expect(review).to_have_attribute("data-step", str(last))
    review_board = app.page.locator("#review-board")
    slider = app.page.locator("#review-step")
    expect(slider).to_be_focused()
    app.page.keyboard.press("Home")
    for k, expected in enumerate(shown):
        expect(review).to_have_attribute("data-step", str(k))
        assert snapshot(review_board) == expected, f"step {k}"
        if k < last:
            app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("ArrowRight")  # past the end: stays
    expect(review).to_have_attribute("data-step", str(last))
    app.page.keyboard.press("ArrowLeft")
    expect(review).to_have_attribute("data-step", str(last - 1))
    app.page.keyboard.press("End")
    expect(review).to_have_attribute("data-step", str(last))

    labels = app.page.locator("#review-labels")
    expected_labels = {
        1: "Fill candidates.",
        2: "Placed 3 in r5c4: a Naked Single.",
        3: f"Placed {wrong} in r1c1: a wrong digit.",
        4: "Erased r1c1 (a wrong digit).",
        5: f"Removed {SOLUTION[R1C1]} from r1c1: a true candidate lost (it is the cell's answer).",
        6 + 19: f"Placed 2 in {cell_name(PATH[20].placements[0][0])}: a Hidden Single.",
        last: f"Removed {hidden_pair[1]} from {cell_name(hidden_pair[0])}: a Hidden Pair.",
    }
    for k, text in expected_labels.items():
        slider.fill(str(k))
        expect(review).to_have_attribute("data-step", str(k))
        expect(labels).to_contain_text(text)
    slider.fill("3")
    expect(review_board).to_have_attribute("flagged", str(R1C1))  # the wrong digit, drawn
    slider.fill("4")
    expect(review_board).not_to_have_attribute("flagged", str(R1C1))
    slider.fill("5")
    expect(review_board).to_have_attribute("flagged", str(R1C1))  # its answer struck

    summary = app.page.locator("#review-summary")
    yours = summary.locator("#review-yours")
    expect(yours).to_contain_text("Hidden Pair \u00d71")
    expect(yours).to_contain_text("1 wrong digit, 1 true candidate lost")
    expect(yours.locator("div", has_text="Hardest found yourself")).to_contain_text("Hidden Pair")
    grader = summary.locator("#review-grader")
    expect(grader).to_contain_text("Hard (score")
    expect(grader).to_contain_text("Swordfish")
    expect(summary.locator("#review-phases")).to_contain_text("Opening")

    app.page.locator("#review-close").click()
    expect(review).not_to_have_attribute("open", "")
    assert snapshot(board) == game_before  # the game was never touched
    tool(app, "Digit")


def test_the_solved_moment_offers_the_review(app: Studio) -> None:
    start_game(app)
    tool(app, "Digit")
    for cell in range(81):
        if PUZZLE[cell] == "." and cell != R1C1:
            play_digit(app, cell, SOLUTION[cell])
    play_digit(app, R1C1, SOLUTION[R1C1])
    done = app.page.locator("#done-dialog")
    expect(done).to_have_attribute("open", "")
    done.get_by_role("button", name="Review my solve").click()
    review = dialog(app)
    expect(review).to_have_attribute("open", "")
    expect(review).to_have_attribute("data-state", "done", timeout=60_000)
    expect(app.page.locator("#review-at")).to_have_text(
        f"{PUZZLE.count('.')} of {PUZZLE.count('.')}"
    )
    expect(app.page.locator("#review-yours")).to_contain_text("Full House")
    app.page.locator("#review-close").click()


def test_a_game_opened_with_progress_is_reviewed_from_there(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """A link's progress is the review's start, not moves of the player's: only the last digit,
    typed here, is labelled."""
    one_short = "".join(
        "." if given != "." or cell == R1C1 else digit
        for cell, (given, digit) in enumerate(zip(PUZZLE, SOLUTION, strict=True))
    )
    link = f"#puzzle={PUZZLE.replace('.', '0')}&progress={one_short.replace('.', '0')}"
    studio = fresh(site_server + link)
    expect(studio.board).to_have_attribute("givens", PUZZLE)
    play_digit(studio, R1C1, SOLUTION[R1C1])
    done = studio.page.locator("#done-dialog")
    expect(done).to_have_attribute("open", "")
    done.get_by_role("button", name="Review my solve").click()
    expect(dialog(studio)).to_have_attribute("data-state", "done", timeout=60_000)
    expect(studio.page.locator("#review-at")).to_have_text("1 of 1")
    labels = studio.page.locator("#review-labels")
    expect(labels).to_have_text(f"found Placed {SOLUTION[R1C1]} in r1c1: a Full House.")
    expect(studio.page.locator("#review-yours")).to_contain_text("Full House \u00d71")
    studio.page.keyboard.press("Home")
    expect(labels).to_contain_text("The start: 53 of your digits were on the board")


@pytest.mark.parametrize(
    "size",
    [{"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 844, "height": 390}],
    ids=["desktop", "phone", "landscape"],
)
def test_the_review_fits_the_screen(app: Studio, size: dict[str, int]) -> None:
    start_game(app)
    tool(app, "Digit")
    play_digit(app, R5C4, "3")
    page = app.page
    original = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": size["height"]})
    try:
        app.button("Review my solve…").click()
        review = dialog(app)
        expect(review).to_have_attribute("data-state", "done")
        box = review.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
        board = page.locator("#review-board").bounding_box()
        assert board is not None and board["width"] >= 0.4 * min(size["width"], size["height"])
        assert board["y"] + board["height"] <= size["height"]  # the whole board at once
        overflow = review.evaluate("d => d.scrollWidth - d.clientWidth")
        assert overflow <= 0
        expect(page.locator("#review-step")).to_be_in_viewport()
    finally:
        page.keyboard.press("Escape")
        if original is not None:
            page.set_viewport_size(original)


def test_with_no_puzzle_on_the_board_the_review_says_to_start_one(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    studio = fresh(site_server)  # a first visit: the welcome put away, the board empty
    studio.button("Review my solve…").click()
    expect(dialog(studio)).to_have_attribute("open", "")
    expect(studio.page.locator("#review-labels")).to_have_text("No puzzle on the board yet.")
    expect(studio.page.locator("#review-work")).to_have_text(
        "Start a puzzle (Games panel), play, then review your moves here."
    )


def test_an_undone_wrong_digit_and_a_move_after_a_hint_are_reviewed_as_such(app: Studio) -> None:
    start_game(app)
    tool(app, "Digit")
    app.button("Hint").click()  # its first level only: where to look
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    assert PATH[0].placements == ((R5C4, 3),)
    play_digit(app, R5C4, "3")  # the hint's step, made after reading it
    wrong = wrong_digit(R1C1, PUZZLE[:R5C4] + "3" + PUZZLE[R5C4 + 1 :])
    play_digit(app, R1C1, wrong)
    app.button("Undo").click()
    expect(app.board).to_have_attribute("entries", "." * R5C4 + "3" + "." * (80 - R5C4))
    ((cell, digit),) = PATH[1].placements
    play_digit(app, cell, str(digit))  # a new move: the undone one can no longer be redone
    expect(app.page.locator("#redo-move")).to_have_attribute("data-moves", "0")

    def check_review() -> None:
        review = open_review(app, 3)
        board = app.page.locator("#review-board")
        expect_labels(
            app,
            {
                1: ("help", "Placed 3 in r5c4 with help (after a hint)."),
                2: ("mistake", f"Placed {wrong} in r1c1: a wrong digit, undone."),
                3: ("found", f"Placed {digit} in {cell_name(cell)}: a {PATH[1].technique}."),
            },
        )
        app.page.locator("#review-step").fill("2")
        expect(board).to_have_attribute("flagged", str(R1C1))  # the wrong digit, shown and flagged
        assert str(board.get_attribute("entries"))[R1C1] == wrong
        app.page.locator("#review-step").fill("3")
        expect(board).not_to_have_attribute("flagged", str(R1C1))
        assert str(board.get_attribute("entries"))[R1C1] == "."  # undone
        yours = app.page.locator("#review-yours")
        expect(yours).to_contain_text("1 wrong digit, 0 true candidates lost (1 of them undone)")
        expect(yours.locator("div", has_text="With help")).to_contain_text("1")
        expect(yours.locator("div", has_text="Techniques")).to_contain_text(
            f"{PATH[1].technique} \u00d71"
        )
        expect(yours.locator("div", has_text="Hardest found yourself")).to_contain_text(
            PATH[1].technique
        )
        app.page.locator("#review-close").click()
        expect(review).not_to_have_attribute("open", "")

    check_review()
    reload(app)  # the saved game keeps the undone digit and the hint's mark
    app.dismiss_welcome()
    expect(app.board).to_have_attribute("givens", PUZZLE)
    check_review()


def test_a_hint_read_before_a_reload_and_a_true_candidate_struck_and_undone(app: Studio) -> None:
    """The hints read are saved with the game: the hinted move made after a reload is still
    "with help". The answer struck from a cell's candidates and put back with Undo is a mistake
    the review shows where it was struck (kept in the saved game once a new move drops it)."""
    start_game(app)
    app.button("Hint").click()  # its first level only: where to look
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    reload(app)  # what the hint named is saved with the game
    app.dismiss_welcome()
    expect(app.board).to_have_attribute("givens", PUZZLE)
    tool(app, "Digit")
    app.button("Fill candidates").click()  # the centre marks are candidates: a strike is a claim
    play_digit(app, R5C4, "3")  # the hint's step
    tool(app, "Centre")
    answer = SOLUTION[R1C1]
    marks = app.page.locator(f'#board [role="gridcell"][data-cell="{R1C1}"] .centre')
    candidates = str(marks.get_attribute("data-digits"))
    assert answer in candidates
    app.cell(R1C1).click()
    app.page.keyboard.press(answer)  # the answer struck from r1c1's candidates
    expect(marks).to_have_attribute("data-digits", candidates.replace(answer, ""))
    app.button("Undo").click()
    expect(marks).to_have_attribute("data-digits", candidates)
    tool(app, "Digit")
    ((cell, digit),) = PATH[1].placements
    play_digit(app, cell, str(digit))  # a new move: the strike can no longer be redone
    expect(app.page.locator("#redo-move")).to_have_attribute("data-moves", "0")
    reload(app)
    app.dismiss_welcome()
    expect(app.board).to_have_attribute("givens", PUZZLE)

    review = open_review(app, 4)
    board = app.page.locator("#review-board")
    struck = "a true candidate struck (it is the cell's answer), undone."
    expect_labels(
        app,
        {
            2: ("help", "Placed 3 in r5c4 with help (after a hint)."),
            3: ("mistake", f"Removed {answer} from r1c1: {struck}"),
            4: ("found", f"Placed {digit} in {cell_name(cell)}: a {PATH[1].technique}."),
        },
    )
    review_marks = board.locator(f'[role="gridcell"][data-cell="{R1C1}"] .centre')
    app.page.locator("#review-step").fill("3")
    expect(board).to_have_attribute("flagged", str(R1C1))  # the strike, shown and flagged
    expect(review_marks).to_have_attribute("data-digits", candidates.replace(answer, ""))
    app.page.locator("#review-step").fill("4")
    expect(board).not_to_have_attribute("flagged", str(R1C1))
    expect(review_marks).to_have_attribute("data-digits", candidates)  # undone
    yours = app.page.locator("#review-yours")
    expect(yours).to_contain_text("0 wrong digits, 1 true candidate lost (1 of them undone)")
    expect(yours.locator("div", has_text="With help")).to_contain_text("1")
    app.page.locator("#review-close").click()
    expect(review).not_to_have_attribute("open", "")


def test_a_hint_read_in_another_tab_of_the_game_marks_the_move_made_here(
    fresh: Callable[..., Studio], site_server: str
) -> None:
    """The hints read travel with the game to its other tab: the move made there after a hint
    read here is "with help"."""
    a = fresh(site_server)
    start_game(a)
    saved(a)
    b = second_tab(a, site_server)
    expect(b.board).to_have_attribute("givens", PUZZLE)
    a.button("Hint").click()
    expect(a.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    tool(a, "Corner")
    a.cell(R1C1).click()
    a.page.keyboard.press("1")  # a mark after the hint: tab B shows it once it has A's game
    expect(a.board).to_have_attribute("corner", f"{R1C1}:1")
    expect(b.board).to_have_attribute("corner", f"{R1C1}:1")
    tool(b, "Digit")
    play_digit(b, R5C4, "3")  # the hint's step, in tab B
    open_review(b, 2)
    expect_labels(b, {2: ("help", "Placed 3 in r5c4 with help (after a hint).")})


def test_the_review_board_lays_out_centre_marks_as_the_setting_says(app: Studio) -> None:
    start_game(app)
    app.button("Fill candidates").click()
    review_board = app.page.locator("#review-board")
    app.button("Review my solve…").click()
    expect(dialog(app)).to_have_attribute("open", "")
    expect(review_board).not_to_have_attribute("centre-layout", "grid")
    marks = review_board.locator(f'[role="gridcell"][data-cell="{R1C1}"] .centre span')
    assert [m.get_attribute("data-d") for m in marks.all()] == ["1", "3", "5", "6"]
    assert mark_rows(marks) == 1  # in a line, as typed
    app.page.locator("#review-close").click()
    choose(app, centre_grid=True)
    try:
        expect(app.board).to_have_attribute("centre-layout", "grid")
        app.button("Review my solve…").click()
        expect(dialog(app)).to_have_attribute("open", "")
        expect(review_board).to_have_attribute("centre-layout", "grid")
        assert mark_rows(marks) == 2  # 1 and 3 on the top row of the cell, 5 and 6 the middle
        app.page.locator("#review-close").click()
    finally:
        if dialog(app).get_attribute("open") is not None:
            app.page.keyboard.press("Escape")
        choose(app, centre_grid=False)  # the shared page's settings, as they were
    expect(review_board).not_to_have_attribute("centre-layout", "grid")


def test_a_hint_read_in_an_earlier_game_of_the_puzzle_does_not_count(app: Studio) -> None:
    """The hints read belong to the game they were read in: the same puzzle started again is
    the player's own solve."""
    start_game(app)
    app.button("Hint").click()
    expect(app.page.locator("#hint-text")).to_have_attribute("data-level", "1")
    app.reset()  # as between two tests: Clear all, saved games deleted
    start_game(app)  # a new game of the same puzzle
    tool(app, "Digit")
    app.button("Fill candidates").click()
    play_digit(app, R5C4, "3")
    app.button("Review my solve…").click()
    review = dialog(app)
    expect(review).to_have_attribute("data-state", "done", timeout=60_000)
    app.page.locator("#review-step").fill("2")
    expect(review).to_have_attribute("data-step", "2")
    expect(app.page.locator("#review-labels")).to_have_text(
        "found Placed 3 in r5c4: a Naked Single."
    )
    app.page.locator("#review-close").click()
