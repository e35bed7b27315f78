"""Each technique on small hand-made candidate grids: it fires where it must, and only there.

A grid is made from an empty board (every candidate everywhere) by restricting a few cells
(``cell: digits``) or a digit's places in a line; everything else stays open, so no other
pattern interferes with the one under test.
"""

from __future__ import annotations

from sudoku_core import parse, solve
from sudoku_core.logic import (
    CATALOGUE,
    Board,
    als,
    chains,
    coloring,
    find_step,
    fish,
    forcing,
    franken,
    grouped,
    intersections,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)
from sudoku_core.logic.board import PEER_BITS, cells_of
from sudoku_core.logic.steps import TECHNIQUES, removals

EMPTY = (0,) * 81


def rc(row: int, col: int) -> int:
    """Cell of 1-based row and column, as people name them."""
    return 9 * (row - 1) + col - 1


def board_with(
    cells: dict[int, str] | None = None, lines: list[tuple[str, int, int, str]] | None = None
) -> Board:
    """An open board with some cells restricted to digits, and some digits to places in a line.

    ``lines``: (``"row"`` or ``"col"``, line 1..9, digit, columns or rows 1..9 as a string).
    """
    board = Board.from_grid(EMPTY)
    for cell, digits in (cells or {}).items():
        for d in range(1, 10):
            if str(d) not in digits:
                board.eliminate(cell, d)
    for kind, line, d, spots in lines or []:
        for i in range(1, 10):
            if str(i) not in spots:
                board.eliminate(rc(line, i) if kind == "row" else rc(i, line), d)
    return board


def removed(step: object) -> set[tuple[int, int]]:
    assert step is not None, "the technique did not fire"
    return set(step.eliminations)  # type: ignore[attr-defined]


def test_the_catalogue_keeps_hodokus_order() -> None:
    """The order decides every grade and the page's pool: it changes only on purpose."""
    assert list(TECHNIQUES) == [t.name for t in CATALOGUE]
    assert [t.name for t in CATALOGUE if t.finder is None] == ["Trial and Error"]
    assert [t.name for t in CATALOGUE if t.needs_uniqueness] == [
        "BUG+1",
        "Uniqueness Test 1",
        "Uniqueness Test 2",
        "Uniqueness Test 3",
        "Uniqueness Test 4",
        "Uniqueness Test 5",
        "Uniqueness Test 6",
        "Hidden Rectangle",
        "Avoidable Rectangle Type 1",
        "Avoidable Rectangle Type 2",
    ]
    assert [t.name for t in CATALOGUE] == [
        "Full House",
        "Naked Single",
        "Hidden Single",
        "Locked Pair",
        "Locked Triple",
        "Locked Candidates Type 1 (Pointing)",
        "Locked Candidates Type 2 (Claiming)",
        "Naked Pair",
        "Naked Triple",
        "Hidden Pair",
        "Hidden Triple",
        "Naked Quadruple",
        "Hidden Quadruple",
        "X-Wing",
        "Swordfish",
        "Jellyfish",
        "Remote Pair",
        "BUG+1",
        "Skyscraper",
        "2-String Kite",
        "Turbot Fish",
        "Empty Rectangle",
        "W-Wing",
        "XY-Wing",
        "XYZ-Wing",
        "Uniqueness Test 1",
        "Uniqueness Test 2",
        "Uniqueness Test 3",
        "Uniqueness Test 4",
        "Uniqueness Test 5",
        "Uniqueness Test 6",
        "Hidden Rectangle",
        "Avoidable Rectangle Type 1",
        "Avoidable Rectangle Type 2",
        "Finned X-Wing",
        "Sashimi X-Wing",
        "Finned Swordfish",
        "Sashimi Swordfish",
        "Finned Jellyfish",
        "Sashimi Jellyfish",
        "Sue de Coq",
        "Simple Colors",
        "Multi Colors",
        "X-Chain",
        "XY-Chain",
        "Nice Loop/AIC",
        "Grouped Nice Loop/AIC",
        "ALS-XZ",
        "ALS-XY-Wing",
        "ALS-XY-Chain",
        "Franken X-Wing",
        "Franken Swordfish",
        "Finned Franken X-Wing",
        "Finned Franken Swordfish",
        "Forcing Chain",
        "Forcing Net",
        "Trial and Error",
    ]


def test_removals_text_groups_digits() -> None:
    assert (
        removals([(rc(4, 1), 3), (rc(4, 1), 7), (rc(4, 9), 3), (rc(4, 9), 7)])
        == "removes 3/7 from r4c1, r4c9"
    )


def test_singles_on_a_real_puzzle() -> None:
    grid = parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    solution = solve(grid)
    assert solution is not None
    board = Board.from_grid(grid)
    step = singles.find_hidden_single(board) or singles.find_naked_single(board)
    assert step is not None
    ((cell, digit),) = step.placements
    assert solution[cell] == digit


def test_full_house() -> None:
    grid = list(
        parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
    )
    grid[rc(5, 5) - 0] = 0
    step = singles.find_full_house(Board.from_grid(grid))
    assert step is not None and step.placements == ((rc(5, 5), 5),)
    assert step.text.startswith("Full House in box 5")


def test_singles_are_taken_in_hodokus_order() -> None:
    """A path's score depends on which single comes next: HoDoKu (hodoku-py 0.2.1) scores
    these puzzles of singles 334, 228 and 290; scanning the grid for the first single
    instead gave 324, 238 and 250."""
    from sudoku_core.grader import grade

    for puzzle, score in (
        ("4.3.9.6...7..1...9....6.....1..........5..193...174.2.7.6..8..2.8..2...4........6", 334),
        (".6...1......5...14.....7356923.7....4.69.........2.6..7.4..38....21...9..5..9..63", 228),
        ("..514....7.....9......52..8.5..9......3.....5..94852....4.....11..726..9....1..7.", 290),
    ):
        assert grade(puzzle).score == score, puzzle


def test_naked_single_and_none_on_an_open_board() -> None:
    board = board_with({rc(3, 3): "7"})
    step = singles.find_naked_single(board)
    assert step is not None and step.placements == ((rc(3, 3), 7),)
    assert singles.find_naked_single(Board.from_grid(EMPTY)) is None
    assert singles.find_hidden_single(Board.from_grid(EMPTY)) is None


def test_pointing_and_claiming() -> None:
    board = board_with(lines=[("row", 1, 5, "123456789")])
    for cell in (rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)):
        board.eliminate(cell, 5)
    step = intersections.find_pointing(board)
    assert removed(step) == {(rc(1, c), 5) for c in range(4, 10)}
    claim = board_with(lines=[("row", 4, 2, "456")])
    assert removed(intersections.find_claiming(claim)) == {
        (rc(r, c), 2) for r in (5, 6) for c in (4, 5, 6)
    }


def test_naked_pair_in_a_row_and_hidden_pair() -> None:
    board = board_with({rc(4, 2): "37", rc(4, 6): "37"})
    step = subsets.find_naked_pair(board)
    assert step is not None
    assert step.text == (
        "Naked Pair 3/7 in row 4 (r4c2, r4c6): removes 3/7 from r4c1, r4c3, r4c4, r4c5, r4c7, r4c8, r4c9"
    )
    hidden = board_with(lines=[("row", 9, 1, "28"), ("row", 9, 4, "28")])
    step = subsets.find_hidden_pair(hidden)
    assert step is not None and set(step.cells) == {rc(9, 2), rc(9, 8)}
    assert removed(step) == {(c, d) for c in (rc(9, 2), rc(9, 8)) for d in (2, 3, 5, 6, 7, 8, 9)}


def test_locked_pair_clears_box_and_row() -> None:
    board = board_with({rc(1, 1): "12", rc(1, 2): "12"})
    step = subsets.find_locked_pair(board)
    assert step is not None and step.technique == "Locked Pair"
    assert (rc(1, 9), 1) in step.eliminations and (rc(3, 3), 2) in step.eliminations
    naked_pair = subsets.find_naked_pair(board)
    assert naked_pair is None or naked_pair.technique == "Naked Pair"


def test_x_wing_and_not_with_three_columns() -> None:
    board = board_with(lines=[("row", 2, 5, "37"), ("row", 8, 5, "37")])
    step = fish.find_x_wing(board)
    assert step is not None
    assert step.text.startswith("X-Wing on 5 in rows 2 and 8, columns 3 and 7: removes 5 from r1c3")
    assert removed(step) == {(rc(r, c), 5) for r in (1, 3, 4, 5, 6, 7, 9) for c in (3, 7)}
    assert fish.find_x_wing(board_with(lines=[("row", 2, 5, "37"), ("row", 8, 5, "39")])) is None


def test_swordfish() -> None:
    board = board_with(lines=[("row", 1, 4, "15"), ("row", 5, 4, "59"), ("row", 9, 4, "19")])
    step = fish.find_swordfish(board)
    assert removed(step) == {(rc(r, c), 4) for r in (2, 3, 4, 6, 7, 8) for c in (1, 5, 9)}


def test_finned_x_wing_removes_only_in_the_fin_box() -> None:
    board = board_with(lines=[("row", 2, 6, "17"), ("row", 8, 6, "179")])
    step = fish.find_finned_x_wing(board)
    assert step is not None and step.technique == "Finned X-Wing"
    assert removed(step) == {(rc(7, 7), 6), (rc(9, 7), 6)}


FRANKEN_BOX_5 = {
    rc(r, c): "23456789" for r in (4, 5, 6) for c in (4, 5, 6) if (r, c) not in ((4, 5), (6, 5))
}
"""Box 5 keeps digit 1 only in r4c5 and r6c5 (column 5)."""


def test_franken_x_wing_with_a_box_as_base_and_not_with_a_third_cell() -> None:
    # Base row 1 (1 in c1, c5) and box 5 (1 in c5); cover columns 1 and 5.
    board = board_with(FRANKEN_BOX_5, [("row", 1, 1, "15")])
    step = franken.find_franken_x_wing(board)
    assert step is not None and step.technique == "Franken X-Wing"
    assert (step.base, step.cover, step.fins) == ((0, 22), (9, 13), ())
    assert removed(step) == {(rc(r, 1), 1) for r in range(2, 10)} | {
        (rc(r, 5), 1) for r in (2, 3, 7, 8, 9)
    }
    # A third 1 in box 5 (r5c4) leaves it uncovered: no fish, but a finned one.
    finned = board_with({**FRANKEN_BOX_5, rc(5, 4): "123456789"}, [("row", 1, 1, "15")])
    assert franken.find_franken_x_wing(finned) is None
    step = franken.find_finned_franken_x_wing(finned)
    assert step is not None and step.technique == "Finned Franken X-Wing"
    assert step.fins == (rc(5, 4),) and removed(step) == {(rc(5, 1), 1)}


def test_skyscraper() -> None:
    board = board_with(lines=[("row", 1, 1, "15"), ("row", 5, 1, "16")])
    step = single_digit.find_skyscraper(board)
    assert removed(step) == {(rc(2, 6), 1), (rc(3, 6), 1), (rc(4, 5), 1), (rc(6, 5), 1)}


def test_xy_wing_and_its_near_miss() -> None:
    board = board_with({rc(1, 1): "12", rc(1, 5): "13", rc(5, 1): "23"})
    step = wings.find_xy_wing(board)
    assert removed(step) == {(rc(5, 5), 3)}
    miss = board_with({rc(1, 1): "12", rc(1, 5): "13", rc(5, 1): "24"})
    assert wings.find_xy_wing(miss) is None


def test_xyz_wing() -> None:
    board = board_with({rc(1, 1): "123", rc(1, 5): "13", rc(2, 2): "23"})
    step = wings.find_xyz_wing(board)
    assert removed(step) == {(rc(1, 2), 3), (rc(1, 3), 3)}


def test_w_wing() -> None:
    board = board_with({rc(1, 1): "12", rc(5, 9): "12"}, lines=[("row", 9, 1, "19")])
    step = wings.find_w_wing(board)
    assert step is not None and step.technique == "W-Wing"
    assert removed(step) == {(rc(1, 9), 2), (rc(5, 1), 2)}


def test_unique_rectangle_type_1_only_when_unique() -> None:
    board = board_with({rc(1, 1): "12", rc(1, 4): "12", rc(2, 1): "12", rc(2, 4): "125"})
    step = uniqueness.find_ur_type1(board)
    assert removed(step) == {(rc(2, 4), 1), (rc(2, 4), 2)}
    assert (
        uniqueness.find_ur_type1(board_with({rc(1, 1): "12", rc(1, 2): "12", rc(2, 1): "12"}))
        is None
    )


def test_unique_rectangle_type_5_with_diagonal_extra_corners() -> None:
    # Floor r1c1, r2c4 {1,2}; r1c4 and r2c1 add the same 3: one of them is 3.
    cells = {rc(1, 1): "12", rc(2, 4): "12", rc(1, 4): "123", rc(2, 1): "123"}
    step = uniqueness.find_ur_type5(board_with(cells))
    assert step is not None and step.technique == "Uniqueness Test 5"
    assert removed(step) == {(rc(1, 2), 3), (rc(1, 3), 3), (rc(2, 5), 3), (rc(2, 6), 3)}
    # Different extra digits: no single z, and the same roof in one row is Test 2's, not 5's.
    assert uniqueness.find_ur_type5(board_with({**cells, rc(2, 1): "124"})) is None
    in_a_row = {rc(1, 1): "12", rc(1, 4): "12", rc(2, 1): "123", rc(2, 4): "123"}
    assert uniqueness.find_ur_type5(board_with(in_a_row)) is None
    assert uniqueness.find_ur_type2(board_with(in_a_row)) is not None


def test_unique_rectangle_type_6_needs_x_only_in_the_rectangle_lines() -> None:
    cells = {rc(1, 1): "12", rc(2, 4): "12", rc(1, 4): "125", rc(2, 1): "126"}
    lines = [("row", 1, 1, "14"), ("row", 2, 1, "14"), ("col", 1, 1, "12"), ("col", 4, 1, "12")]
    step = uniqueness.find_ur_type6(board_with(cells, lines))
    assert step is not None and step.technique == "Uniqueness Test 6"
    assert removed(step) == {(rc(1, 4), 1), (rc(2, 1), 1)}
    assert uniqueness.find_ur_type6(board_with(cells, lines[:3])) is None


def _solved_since_start(cells: dict[int, str], placed: dict[int, int], given: int = -1) -> Board:
    """An open board with ``placed`` digits put in by the solver (``given``: the cell of
    ``placed`` that was a given instead)."""
    board = board_with(cells)
    if given >= 0:
        board.givens |= 1 << given
    for cell, digit in placed.items():
        board.place(cell, digit)
    return board


def test_avoidable_rectangle_type_1_and_not_with_a_given() -> None:
    # r1c1=1, r2c1=2, r1c4=2 solved on the way: r2c4 {1,3} cannot be 1.
    placed = {rc(1, 1): 1, rc(2, 1): 2, rc(1, 4): 2}
    step = uniqueness.find_avoidable_rectangle_type1(_solved_since_start({rc(2, 4): "13"}, placed))
    assert step is not None and step.technique == "Avoidable Rectangle Type 1"
    assert removed(step) == {(rc(2, 4), 1)}
    given = _solved_since_start({rc(2, 4): "13"}, placed, given=rc(1, 1))
    assert uniqueness.find_avoidable_rectangle_type1(given) is None


def test_avoidable_rectangle_type_2() -> None:
    placed = {rc(1, 1): 1, rc(2, 1): 2}
    board = _solved_since_start({rc(1, 4): "23", rc(2, 4): "13"}, placed)
    step = uniqueness.find_avoidable_rectangle_type2(board)
    assert step is not None and step.technique == "Avoidable Rectangle Type 2"
    seeing_both = PEER_BITS[rc(1, 4)] & PEER_BITS[rc(2, 4)] & board.where[3]
    assert removed(step) == {(c, 3) for c in cells_of(seeing_both)}
    assert uniqueness.find_avoidable_rectangle_type1(board) is None
    other = _solved_since_start({rc(1, 4): "23", rc(2, 4): "14"}, placed)
    assert uniqueness.find_avoidable_rectangle_type2(other) is None


CHAIN_OF_8 = [("row", 2, 8, "28"), ("col", 8, 8, "27"), ("row", 7, 8, "38")]
"""r2c2=r2c8, r2c8=r7c8, r7c8=r7c3 on digit 8: r2c2 and r7c3 get opposite colours."""
CHAIN_TARGETS = {(rc(1, 3), 8), (rc(3, 3), 8), (rc(8, 2), 8), (rc(9, 2), 8)}


def test_simple_colors_trap() -> None:
    step = coloring.find_simple_colors(board_with(lines=CHAIN_OF_8))
    assert step is not None and step.technique == "Simple Colors"
    assert removed(step) == CHAIN_TARGETS


def test_x_chain_proves_one_end() -> None:
    step = chains.find_x_chain(board_with(lines=CHAIN_OF_8))
    assert step is not None and step.technique == "X-Chain"
    assert removed(step) and removed(step) <= CHAIN_TARGETS
    assert "=" in step.text and "-" in step.text


def test_xy_chain() -> None:
    board = board_with({rc(1, 1): "12", rc(1, 5): "23", rc(6, 5): "34", rc(6, 9): "41"})
    step = chains.find_xy_chain(board)
    assert step is not None and step.technique == "XY-Chain"
    assert removed(step) <= {(rc(1, 9), 1), (rc(6, 1), 1)} and removed(step)


def test_continuous_nice_loop_removes_along_every_weak_link() -> None:
    # (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c1=(1)r5c1-(1)r1c1
    board = board_with({rc(1, 1): "12", rc(1, 5): "23", rc(5, 5): "34", rc(5, 1): "41"})
    step = chains.find_aic(board)
    assert step is not None and "continuous loop" in step.text
    expected = {(rc(1, c), 2) for c in (2, 3, 4, 6, 7, 8, 9)}
    expected |= {(rc(r, 5), 3) for r in (2, 3, 4, 6, 7, 8, 9)}
    expected |= {(rc(5, c), 4) for c in (2, 3, 4, 6, 7, 8, 9)}
    expected |= {(rc(r, 1), 1) for r in (2, 3, 4, 6, 7, 8, 9)}
    assert removed(step) == expected
    assert step.links[-1].end == step.links[0].start and not step.links[-1].strong


def test_no_continuous_nice_loop_when_the_loop_is_open() -> None:
    board = board_with({rc(1, 1): "12", rc(1, 5): "23", rc(5, 5): "34", rc(5, 1): "45"})
    step = chains.find_aic(board)
    assert step is None or "continuous loop" not in step.text


def test_forcing_chain_is_sound() -> None:
    grid = parse(
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    )
    solution = solve(grid)
    assert solution is not None
    board = Board.from_grid(grid)
    step = forcing.find_forcing_chain(board)
    assert step is not None
    for cell, digit in step.eliminations:
        assert solution[cell] != digit
    for cell, digit in step.placements:
        assert solution[cell] == digit


def test_trial_and_error_places_the_solution_digit() -> None:
    grid = parse(
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    )
    solution = solve(grid)
    assert solution is not None
    step = forcing.trial_and_error(Board.from_grid(grid), solution)
    ((cell, digit),) = step.placements
    assert solution[cell] == digit and "Trial and Error" in step.text


def test_uniqueness_techniques_are_skipped_unless_unique() -> None:
    board = board_with({rc(1, 1): "12", rc(1, 4): "12", rc(2, 1): "12", rc(2, 4): "125"})
    step = find_step(board, unique=False)
    assert step is None or step.technique not in {"Uniqueness Test 1", "BUG+1"}


def test_als_xz_singly_linked_and_not_without_a_restricted_common() -> None:
    # A = r1c1 {1,2}; B = r5c1, r5c2 {1,2,3}; x = 1 (column 1), z = 2.
    board = board_with({rc(1, 1): "12", rc(5, 1): "13", rc(5, 2): "23"})
    step = als.find_als_xz(board)
    assert step is not None and step.technique == "ALS-XZ"
    assert removed(step) == {
        (rc(1, 2), 2),
        (rc(2, 2), 2),
        (rc(3, 2), 2),
        (rc(4, 1), 2),
        (rc(6, 1), 2),
    }
    assert "x=1, z=2" in step.text
    # With B's 1 moved to r5c3 the two 1s no longer see each other: no restricted common.
    miss = board_with({rc(1, 1): "12", rc(5, 3): "13", rc(5, 2): "23"})
    assert als.find_als_xz(miss) is None


def test_als_xz_doubly_linked_locks_both_sets() -> None:
    # A = r1c1 {1,2}, B = r1c2, r1c3 {1,2,3}: 1 and 2 are both restricted commons.
    board = board_with({rc(1, 1): "12", rc(1, 2): "13", rc(1, 3): "23"})
    step = als.find_als_xz(board)
    assert step is not None and "doubly linked" in step.text
    lost = removed(step)
    assert (rc(1, 9), 1) in lost and (rc(2, 2), 3) in lost and (rc(1, 9), 3) in lost
    assert all(c not in (rc(1, 1), rc(1, 2), rc(1, 3)) for c, _ in lost)


def test_als_xy_wing_and_not_with_one_common_digit() -> None:
    # C = r1c1 {1,2}; A = r1c4, r2c4 {1,3,4} (x = 1); B = r2c1 {2,3} (y = 2); z = 3.
    cells = {rc(1, 1): "12", rc(1, 4): "134", rc(2, 4): "34", rc(2, 1): "23"}
    step = als.find_als_xy_wing(board_with(cells))
    assert step is not None and step.technique == "ALS-XY-Wing"
    assert removed(step) == {(rc(2, 5), 3), (rc(2, 6), 3)}
    assert "z=3" in step.text
    # B = r2c1 {1,3}: both links are on 1, so no wing.
    assert als.find_als_xy_wing(board_with({**cells, rc(2, 1): "13"})) is None


def test_als_xy_chain_and_not_without_a_digit_at_both_ends() -> None:
    # r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c9 {1,4}: one end is 1 (z=1).
    cells = {rc(1, 1): "12", rc(1, 5): "23", rc(5, 5): "34", rc(5, 9): "14"}
    step = als.find_als_xy_chain(board_with(cells))
    assert step is not None and step.technique == "ALS-XY-Chain"
    assert removed(step) == {(rc(1, 9), 1), (rc(5, 1), 1)}
    assert step.als == ((rc(1, 1),), (rc(1, 5),), (rc(5, 5),), (rc(5, 9),))
    assert "z=1" in step.text
    assert als.find_als_xy_chain(board_with({**cells, rc(5, 9): "45"})) is None


def test_sue_de_coq_and_not_when_the_helpers_share_a_digit() -> None:
    # r1c1, r1c2 {1,2,3,4} with r1c5 {1,2} in the row and r2c1 {3,4} in the box.
    cells = {rc(1, 1): "1234", rc(1, 2): "1234", rc(1, 5): "12", rc(2, 1): "34"}
    step = sue_de_coq.find_sue_de_coq(board_with(cells))
    assert step is not None and step.technique == "Sue de Coq"
    row_rest = [rc(1, c) for c in (3, 4, 6, 7, 8, 9)]
    box_rest = [rc(1, 3), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)]
    assert removed(step) == {(c, d) for c in row_rest for d in (1, 2)} | {
        (c, d) for c in box_rest for d in (3, 4)
    }
    assert sue_de_coq.find_sue_de_coq(board_with({**cells, rc(2, 1): "23"})) is None


def test_sue_de_coq_with_an_extra_digit_in_both_helpers() -> None:
    # r1c1, r1c2 {1,2,3,4}; the row's r1c5 {1,5}, r1c6 {2,5} and the box's r2c1 {3,5}, r3c1 {4,5}
    # each hold 5 and one digit of the core: the row keeps 1/2/5 inside the pattern, the box 3/4/5.
    cells = {
        rc(1, 1): "1234",
        rc(1, 2): "1234",
        rc(1, 5): "15",
        rc(1, 6): "25",
        rc(2, 1): "35",
        rc(3, 1): "45",
    }
    step = sue_de_coq.find_sue_de_coq(board_with(cells))
    assert step is not None
    row_rest = [rc(1, c) for c in (3, 4, 7, 8, 9)]
    box_rest = [rc(1, 3), rc(2, 2), rc(2, 3), rc(3, 2), rc(3, 3)]
    assert removed(step) == {(c, d) for c in row_rest for d in (1, 2, 5)} | {
        (c, d) for c in box_rest for d in (3, 4, 5)
    }


def _grouped_board(box3_extra: bool = False) -> Board:
    """Digit 1: column 1 only r1c1/r4c1, row 1 only r1c1/r1c8/r1c9, box 3 only r1c8/r1c9/r3c7."""
    board = board_with(lines=[("col", 1, 1, "14"), ("row", 1, 1, "189")])
    for cell in (rc(2, 7), rc(2, 8), rc(2, 9), rc(3, 8), rc(3, 9)):
        if not (box3_extra and cell == rc(2, 8)):
            board.eliminate(cell, 1)
    return board


def test_grouped_aic_through_a_box_line_group_and_not_without_its_strong_link() -> None:
    board = _grouped_board()
    assert chains.find_x_chain(board) is None
    step = grouped.find_grouped_aic(board)
    assert step is not None and step.technique == "Grouped Nice Loop/AIC"
    assert removed(step) == {(rc(4, 7), 1)}  # r4c7 sees both ends, (1)r4c1 and (1)r3c7
    assert "(1)r1c89" in step.text
    assert grouped.find_grouped_aic(_grouped_board(box3_extra=True)) is None
