"""The Franken fish search finds the same first fish as a plain enumeration, keeps finding it
with its memo, and the fish the old search found on real boards.

The fast search (:mod:`sudoku_core.logic.franken`) prunes, loops by hand and remembers the base
sets that had no fish; none of that may change which fish comes first. The reference below
tries every base set and every cover in HoDoKu's order with nothing skipped.
"""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from sudoku_core._slices import run_to_end
from sudoku_core.logic import Board, franken
from sudoku_core.logic.board import ALL_CELLS, PEER_BITS, UNIT_BITS, cells_of
from sudoku_core.logic.solving_path import iter_path
from test_logic_techniques import FRANKEN_BOX_5, board_with, rc

HARDEST = "98.7..6..75..6......6..8...5......4...9.8.7.....3....24....1.....7.9.5.3..587.4.."
"""forum_hardest_1905_11plus, line 5: its path takes two Finned Franken Swordfish."""

BEFORE_STEP_22 = (
    "98{1234}7{145}{234}6{12}{45}75{1234}{1249}6{2349}{12389}{1289}{1489}{123}{1234}6{1249}"
    "{145}8{1239}{123579}{14579}5{367}{138}{69}2{679}{1389}4{1689}{123}{1234}9{14}8{56}7{13}"
    "{56}{168}{467}{148}3{14}{5679}{189}{15689}24{69}{28}531{289}{26789}{6789}{1268}{12}7{246}"
    "9{246}5{268}3{236}{2369}587{26}4{1269}{19}"
)
"""HARDEST's board after 21 steps of its path (digits, and {candidates} of empty cells)."""

BEFORE_STEP_25 = (
    "98{1234}7{145}{234}6{12}{45}75{1234}{1249}6{2349}{12389}{1289}{1489}{123}{1234}6{1249}"
    "{145}8{1239}{12579}{14579}5{367}{138}{69}2{679}{189}4{1689}{12}{124}9{14}8{56}73{56}{168}"
    "{467}{148}3{14}{5679}{189}{5689}24{69}{28}531{289}{26789}{6789}{1268}{12}7{246}9{246}5"
    "{268}3{236}{2369}587{26}4{1269}{19}"
)
"""The same after 24 steps."""

FOUND_BEFORE = {
    BEFORE_STEP_22: "Finned Franken Swordfish on 1: base row 1, row 4, box 5, cover column 3, "
    "column 5, column 8 with fin r4c7, r4c9, r5c4",
    BEFORE_STEP_25: "Finned Franken Swordfish on 2: base row 1, row 7, box 8, cover column 3, "
    "column 6, column 8 with fin r7c7, r8c4",
}
"""What the search before this one's speed-up (commit cab54f4) found on those boards."""

_SIDES = (
    (list(range(9)) + list(range(18, 27)), list(range(9, 27))),
    (list(range(9, 27)), list(range(9)) + list(range(18, 27))),
)


def board_of(marks: str) -> Board:
    """A board from digits and ``{candidates}``, cell by cell."""
    values: list[int] = []
    cands: list[int] = []
    for digit, group in re.findall(r"(\d)|\{(\d+)\}", marks):
        values.append(int(digit) if digit else 0)
        cands.append(sum(1 << (int(d) - 1) for d in group))
    assert len(values) == 81
    return Board(values, cands)


def _union(cellsets: list[int]) -> tuple[int, int]:
    """The cells of some cellsets, and the cells in two or more of them."""
    seen = twice = 0
    for cells in cellsets:
        twice |= seen & cells
        seen |= cells
    return seen, twice


def reference(
    board: Board, n: int, finned: bool
) -> tuple[int, tuple[int, ...], tuple[int, ...], int, int] | None:
    """The first Franken fish by trying everything: (digit, base, cover, cleared, fins)."""
    for d in range(1, 10):
        where = board.where[d]
        for base_units, cover_units in _SIDES:
            pool = [
                u
                for u in base_units
                if where & UNIT_BITS[u] and (finned or (where & UNIT_BITS[u]).bit_count() <= n)
            ]
            for base in combinations(pool, n):
                base_cells, endo = _union([where & UNIT_BITS[u] for u in base])
                if endo and (not finned or endo.bit_count() > 2):
                    continue
                eligible = [
                    u for u in cover_units if u not in base and where & UNIT_BITS[u] & base_cells
                ]
                for cover in combinations(eligible, n):
                    if all(u < 18 for u in base + cover):
                        continue  # no box: a basic fish
                    if finned and not base_cells & ~_union([UNIT_BITS[u] for u in cover[:-1]])[0]:
                        continue  # HoDoKu: a partial cover with no fin left is not extended
                    covered, twice = _union([where & UNIT_BITS[u] for u in cover])
                    fins = (base_cells & ~covered) | endo
                    if finned != bool(fins) or fins.bit_count() > 5:
                        continue
                    clear = where & ((covered & ~base_cells) | twice)
                    seeing = ALL_CELLS
                    for fin in cells_of(fins):
                        seeing &= PEER_BITS[fin]
                    if clear & seeing:
                        return d, base, cover, clear & seeing, fins
    return None


def _found(
    board: Board, n: int, finned: bool
) -> tuple[int, tuple[int, ...], tuple[int, ...], int, int] | None:
    step = run_to_end(franken.iter_franken(board, n, finned))
    if step is None:
        return None
    digit = step.eliminations[0][1]
    cleared = sum(1 << c for c, _ in step.eliminations)
    fins = sum(1 << c for c in step.fins)
    return digit, tuple(step.base), tuple(step.cover), cleared, fins


@pytest.mark.parametrize("marks", [BEFORE_STEP_22, BEFORE_STEP_25])
def test_the_old_searchs_fish_is_found(marks: str) -> None:
    step = franken.find_finned_franken_swordfish(board_of(marks))
    assert step is not None and step.text.startswith(FOUND_BEFORE[marks])


def _made_boards() -> list[Board]:
    """A Franken X-Wing (base row 1 and box 5, cover columns 1 and 5), and the same with a fin
    (r5c4). (Open boards: the reference takes a minute for size 3 on them.)"""
    return [
        board_with(FRANKEN_BOX_5, [("row", 1, 1, "15")]),
        board_with({**FRANKEN_BOX_5, rc(5, 4): "123456789"}, [("row", 1, 1, "15")]),
    ]


@pytest.mark.parametrize(("n", "finned"), [(2, False), (3, False), (2, True), (3, True)])
def test_the_first_fish_is_the_reference_s(n: int, finned: bool) -> None:
    boards = [board_of(BEFORE_STEP_22)] + (_made_boards() if n == 2 else [])
    for board in boards:
        assert _found(board, n, finned) == reference(board, n, finned)


def test_the_made_boards_have_fish() -> None:
    assert [_found(board, 2, False) is not None for board in _made_boards()] == [True, False]
    assert [_found(board, 2, True) is not None for board in _made_boards()] == [True, True]


def test_finned_x_wing_agrees_with_the_reference_along_a_path() -> None:
    board = board_of(BEFORE_STEP_22)
    checked = 0
    for _step in iter_path(board):
        checked += 1
        assert _found(board.copy(), 2, True) == reference(board, 2, True)
        if checked == 8:
            break
    assert checked == 8


def test_the_memo_finds_what_a_fresh_search_finds() -> None:
    """One board searched after every step (its memo skips the base sets that had no fish and
    still have the same cells) against a copy with no memo."""
    board = board_of(BEFORE_STEP_22)
    found = []
    for _step in iter_path(board):
        for n, finned in ((2, True), (3, True)):
            kept = _found(board, n, finned)
            assert kept == _found(board.copy(), n, finned)
            found.append(kept)
        if len(found) >= 10:
            break
    assert any(found) and len(found) >= 10


def test_the_memo_forgets_when_candidates_come_back() -> None:
    memo = franken._Fishless(0b111)
    memo.bases[(0, (0, 1))] = 0b11
    memo.searched = True
    memo.catch_up(0b11)
    assert memo.bases and not memo.searched
    memo.catch_up(0b1011)
    assert not memo.bases
