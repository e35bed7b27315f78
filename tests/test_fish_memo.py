"""Basic and finned fish kept per digit in the board's memo: the same fish as a fresh search.

:func:`sudoku_core.logic.fish.find_basic_fish` and ``find_finned_fish`` keep each digit's first
fish with the digit's candidates; a board searched after every step of a path must find what
a copy with no memo finds.
"""

from __future__ import annotations

from sudoku_core.logic import fish
from sudoku_core.logic.solving_path import iter_path
from test_franken_search import BEFORE_STEP_22, board_of
from test_logic_techniques import board_with

FINDERS = (
    fish.find_x_wing,
    fish.find_swordfish,
    fish.find_jellyfish,
    fish.find_finned_x_wing,
    fish.find_sashimi_x_wing,
    fish.find_finned_swordfish,
    fish.find_sashimi_swordfish,
    fish.find_finned_jellyfish,
    fish.find_sashimi_jellyfish,
)


def _texts(board: object) -> list[str | None]:
    return [step.text if (step := finder(board)) else None for finder in FINDERS]  # type: ignore[arg-type]


def test_a_kept_fish_is_what_a_fresh_search_finds() -> None:
    board = board_of(BEFORE_STEP_22)
    seen: list[str | None] = []
    for steps, _step in enumerate(iter_path(board), start=1):
        kept = _texts(board)
        assert kept == _texts(board.copy())
        seen += kept
        if steps == 12:
            break
    assert any(seen)


def test_a_changed_digit_is_searched_again() -> None:
    board = board_with(lines=[("row", 2, 6, "17"), ("row", 8, 6, "179")])
    assert fish.find_x_wing(board) is None and fish.find_finned_x_wing(board) is not None
    board.eliminate(7 * 9 + 8, 6)  # r8c9 loses 6: rows 2 and 8 now make an X-Wing on 6
    step = fish.find_x_wing(board)
    assert step is not None and step.text.startswith("X-Wing on 6 in rows 2 and 8")
