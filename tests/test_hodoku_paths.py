"""Steps written as HoDoKu writes them, on real puzzles (HoDoKu's paths, from hodoku-py 0.2.1).

Where several steps would do, the grade and the score follow the one HoDoKu takes; each case
here is a position where ours used to part from HoDoKu's.
"""

from __future__ import annotations

from sudoku_core.grader import grade
from sudoku_core.logic.steps import Step


def _first(path: tuple[Step, ...], technique: str) -> tuple[int, Step]:
    return next((i, s) for i, s in enumerate(path) if s.technique == technique)


def test_a_rectangle_corner_without_a_pair_digit_still_counts() -> None:
    # After a Uniqueness Test 1 removes 7 and 9 from r8c1, r8c1 lacks 9 but no placed 9 rules
    # it out: the rectangle r7c8/r8c8 with r7c1/r8c1 is still one (HoDoKu's default), and its
    # Hidden Rectangle removes 1 from r8c8; without it the path takes an XY-Chain.
    graded = grade(
        "..61.8..5...5.4....1..2....2...7...9.4........783..4...62...........63..3..8..97."
    )
    hidden = [s for s in graded.path if s.technique == "Hidden Rectangle"]
    assert [s.eliminations for s in hidden] == [((70, 1),), ((9, 9),)]
    assert (graded.level.value, graded.score) == ("extreme", 1828)


def test_bug_plus_one_removes_the_cells_other_digits() -> None:
    graded = grade(
        "6............94.1.98.3........8....3......657.2........5......8..2.7..61.482..3.9"
    )
    i, bug = _first(graded.path, "BUG+1")
    assert bug.placements == () and bug.eliminations == ((38, 3), (38, 9))
    assert graded.path[i + 1].technique == "Naked Single"
    assert graded.path[i + 1].placements == ((38, 1),)


def test_a_nice_loop_that_proves_its_start_removes_the_cells_other_digits() -> None:
    graded = grade(
        "98.........79..6......8..9.5..4....6.3...94....4.7..5.2....1.6..1......2..36..5.."
    )
    loop = graded.path[33]
    assert loop.technique == "Nice Loop/AIC" and loop.placements == ()
    assert loop.eliminations == ((8, 1), (8, 3), (8, 5), (8, 7))
    assert graded.path[34].technique == "Naked Single" and graded.path[34].placements == ((8, 4),)
