"""Steps written as HoDoKu writes them, on real puzzles (HoDoKu's paths, from hodoku-py 0.2.1).

Where several steps would do, the grade and the score follow the one HoDoKu takes; each case
here is a position where ours used to part from HoDoKu's.
"""

from __future__ import annotations

from sudoku_core import parse
from sudoku_core.grader import grade
from sudoku_core.hints import hint
from sudoku_core.logic import fish, grouped
from sudoku_core.logic.board import UNIT_BITS, Board
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
    i, loop = next(
        (i, s) for i, s in enumerate(graded.path) if s.eliminations and s.eliminations[0][0] == 8
    )
    assert loop.technique == "Nice Loop/AIC" and loop.placements == ()
    assert loop.eliminations == ((8, 1), (8, 3), (8, 5), (8, 7))
    assert graded.path[i + 1].technique == "Naked Single"
    assert graded.path[i + 1].placements == ((8, 4),)


def test_a_grouped_chain_from_a_cell_to_a_group_of_another_digit() -> None:
    # (4)r9c123=(4)r9c5-...-(8)r8c4=(8)r8c3: r8c3 sees the whole group, so it cannot be 4
    # (it would turn both ends off); HoDoKu's Grouped Discontinuous Nice Loop r8c3<>4.
    graded = grade(
        "98.76.5..7..4..9....5....6.8....4....73.8.4....93.....3..9..8.......2..5.......1."
    )
    step = graded.path[22]
    assert step.technique == "Grouped Nice Loop/AIC" and step.eliminations == ((65, 4),)
    assert step.text.split()[3].startswith("(4)r9c123=")


def test_a_grouped_nice_loop_that_proves_its_start() -> None:
    graded = grade(
        "98.........79..6......8..9.5..4....6.3...94....4.7..5.2....1.6..1......2..36..5.."
    )
    step = graded.path[13]
    assert step.technique == "Grouped Nice Loop/AIC" and step.placements == ()
    assert step.eliminations == ((55, 4), (55, 7), (55, 9))
    assert "(5)r7c2 is true" in step.text


def test_a_chain_may_not_come_back_to_a_cell_of_an_earlier_group() -> None:
    # HoDoKu's lasso rule: (7)r2c23=(7)r2c8-(3)r2c8=(3)r2c3 passes r2c3 twice, whatever the
    # digits; the same chain ending elsewhere does not.
    r2c2, r2c3, r2c8, r5c8 = 10, 11, 16, 43
    group = (7, 1 << r2c2 | 1 << r2c3)
    assert grouped._is_lasso([group, (7, 1 << r2c8), (3, 1 << r2c8), (3, 1 << r2c3)])
    assert not grouped._is_lasso([group, (7, 1 << r2c8), (3, 1 << r2c8), (3, 1 << r5c8)])


def test_a_fish_cover_line_holds_a_base_candidate() -> None:
    # Rows 7 and 9 hold their 2s in column 3 and in box 9 (r7c8, r9c7): "columns 3 and 9" with
    # those fins is no Sashimi X-Wing for HoDoKu, column 9 covering no base candidate.
    puzzle = ".....8....2...7.....5...934.3..1.5..2..8........2...9.58..9.6.19..4..85......6.4."
    board = Board.from_grid(parse(puzzle))
    for step in grade(puzzle).path:
        for n in (2, 3, 4):
            for sashimi in (False, True):
                found = fish.find_finned_fish(board, n, sashimi)
                if found is not None:
                    digit = found.eliminations[0][1]
                    base = 0
                    for unit in found.base:
                        base |= board.where[digit] & UNIT_BITS[unit]
                    assert all(base & UNIT_BITS[unit] for unit in found.cover), found.text
        for cell, digit in step.placements:
            board.place(cell, digit)
        for cell, digit in step.eliminations:
            board.eliminate(cell, digit)


def test_a_hint_tells_entries_from_givens_for_an_avoidable_rectangle() -> None:
    # Along the path, r9c5 may not be 5: with r5c4, r5c5 and r9c4 entered (not given), 5 there
    # would complete a rectangle whose digits could be swapped. Only the real givens show it.
    puzzle = "98.76....7....5.....43..7..5...9.....6.....8...72..3....1.3..7....1...34.....21.."
    board = Board.from_grid(parse(puzzle))
    path = grade(puzzle).path
    for step in path[:40]:
        for cell, digit in step.placements:
            board.place(cell, digit)
        for cell, digit in step.eliminations:
            board.eliminate(cell, digit)
    found = hint(puzzle, board.grid(), board.cands, marks="complete").step
    assert found is not None and found.technique == "Avoidable Rectangle Type 1"
    assert found.eliminations == path[40].eliminations == ((76, 5),)


def test_als_steps_are_the_first_hodoku_finds() -> None:
    # HoDoKu takes the first ALS-XZ and ALS-XY-Wing in its order of ALSs and their restricted
    # commons, not the one that removes most; its XY-Wing's z is no RC digit of either link.
    # Its path here, step for step: ALS-XY-Wings removing r1c7<>2, r1c2<>6, r1c7/r1c9<>5,
    # r9c5<>5, r1c7<>6; ALS-XZs r6c4<>1, r1c1<>2.
    graded = grade(
        ".......7.94..1......1..34....32..7..82.....6.....34.5.....798..5...4...61.8..2..."
    )
    als = [
        (i, s.technique, s.eliminations) for i, s in enumerate(graded.path) if "ALS" in s.technique
    ]
    assert [row for row in als if row[1] != "ALS-XY-Chain"] == [
        (7, "ALS-XZ", ((48, 1),)),
        (8, "ALS-XY-Wing", ((6, 2),)),
        (14, "ALS-XZ", ((0, 2),)),
        (16, "ALS-XY-Wing", ((1, 6),)),
        (19, "ALS-XY-Wing", ((6, 5), (8, 5))),
        (22, "ALS-XY-Wing", ((76, 5),)),
        (25, "ALS-XY-Wing", ((6, 6),)),
    ]


def test_a_remote_pair_clears_every_cell_that_sees_both_colours() -> None:
    graded = grade(
        "98.76.5..7...5..9...5.....64.8.....3..983..5............798..6....6..2.......31.."
    )
    step = graded.path[40]  # HoDoKu's step 41
    assert step.technique == "Remote Pair"
    # r2c9, r3c4 and r3c5 each see a 1 and a 2 of the chain's cells: all lose 1 and 2
    assert step.eliminations == ((17, 1), (17, 2), (21, 1), (21, 2), (22, 1), (22, 2))


def test_a_finned_fish_takes_the_first_covers_of_its_base() -> None:
    # Rows 3, 5 and 8 as base: HoDoKu tries their covers in order and takes columns 1, 2 and 7
    # with the fin r8c8 (r9c7<>2) before a later cover set with its fin in another box.
    graded = grade(
        "98.7..6..5...6......6..9.7.4......9...8.9.7.....3....2.1.2...4...5.7.8.......1.3."
    )
    step = graded.path[33]
    assert step.technique == "Finned Swordfish" and step.eliminations == ((78, 2),)


def test_a_uniqueness_test_3_subset_of_any_size() -> None:
    # The roof r1c4/r2c4 of the 6/9 rectangle adds 3, 4, 7 and 8: with r3c4, r5c4, r8c4 and
    # r9c4 (five digits in five cells and the roof) it is a naked subset, so r6c4 loses 4.
    graded = grade(
        "........1.....2.3...4.5.6.....1...7...6.8.4...7...3..2..95.....54...69..86..9...."
    )
    step = graded.path[15]
    assert step.technique == "Uniqueness Test 3" and step.eliminations == ((48, 4),)
    assert (graded.level.value, graded.score) == ("extreme", 18374)


def test_a_w_wing_removes_the_smaller_digit_first() -> None:
    # r3c9 and r9c2 hold 4/6: HoDoKu tries removing 4 (a link on 6) before removing 6.
    graded = grade(
        "98.7.....7...6......5..87..5.....9...7..4..6...32....1.5...38.....6...4.....1...2"
    )
    step = graded.path[42]
    assert step.technique == "W-Wing" and step.eliminations == ((19, 4),)
