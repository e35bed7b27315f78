"""Sue de Coq: two or three cells where a line crosses a box, helped by cells of each.

Take cells C of the intersection of a line and a box whose candidates V number at least
|C| + 2, cells L of the rest of the line and cells B of the rest of the box. L holds the
digits VL of V (at least one) and *extra* digits XL outside V; B likewise VB and XB; VL and
VB have no digit in common (the extras may). When |C| + (|L| - |XL|) + (|B| - |XB|) = |V|,
every digit of V is used exactly once in C, L and B: C, L and B hold distinct digits of V
(C and L share the line, C and B the box, VL and VB are apart), at least |C|, |L| - |XL|
and |B| - |XB| of them. So L also holds all its extras, and B all of its.
Hence the rest of the line loses the digits of V outside VB and the extras of L, and the
rest of the box the digits of V outside VL and the extras of B.

The search is a generator (:func:`iter_sue_de_coq`) that yields after each core it tries: it
takes up to 0.14 s on the hardest puzzles in CPython, and the bridge's 30 ms slices can only
stop at a yield.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Final, cast

from sudoku_core._slices import run_to_end
from sudoku_core.grid import BOXES_OF_LINE, unit_name
from sudoku_core.logic.board import BIT_COUNT, MASK_DIGITS, UNIT_BITS, Board, Cellset, cells_of
from sudoku_core.logic.candidate_space import DIGIT_BLOCKS, space_of
from sudoku_core.logic.steps import Search, Step, cells_text, digits_text, make_step

__all__ = ["find_sue_de_coq", "iter_sue_de_coq"]


def _subsets(board: Board, cells: list[int]) -> Iterator[tuple[Cellset, int, int]]:
    """(cellset, candidate mask, size) of every non-empty subset of ``cells``."""
    for n in range(1, len(cells) + 1):
        for group in combinations(cells, n):
            bits = mask = 0
            for c in group:
                bits |= 1 << c
                mask |= board.cands[c]
            yield bits, mask, n


def _check(board: Board, line: int, box: int, core: Cellset, v: int) -> Step | None:
    cands = board.cands
    n_core = core.bit_count()
    line_free = board.unsolved & UNIT_BITS[line]
    box_free = board.unsolved & UNIT_BITS[box]
    for l_bits, l_mask, l_size in _subsets(board, list(cells_of(line_free & ~core))):
        extra_l = l_mask & ~v
        n_extra_l = BIT_COUNT[extra_l]
        if not l_mask & v or l_size <= n_extra_l or l_size - n_extra_l >= BIT_COUNT[v] - n_core:
            continue
        v_l = l_mask & v
        rest = [c for c in cells_of(box_free & ~core & ~l_bits) if not cands[c] & v_l]
        for b_bits, b_mask, b_size in _subsets(board, rest):
            extra_b = b_mask & ~v
            if (
                not b_mask & v
                or n_core + l_size - n_extra_l + b_size - BIT_COUNT[extra_b] != BIT_COUNT[v]
            ):
                continue
            used = core | l_bits | b_bits
            line_lose = (v & ~b_mask) | extra_l
            box_lose = (v & ~v_l) | extra_b
            removed = [
                (c, d)
                for c in cells_of(line_free & ~used)
                for d in MASK_DIGITS[cands[c] & line_lose]
            ]
            removed += [
                (c, d) for c in cells_of(box_free & ~used) for d in MASK_DIGITS[cands[c] & box_lose]
            ]
            if removed:
                return make_step(
                    "Sue de Coq",
                    f"Sue de Coq in {unit_name(line)} and {unit_name(box)}: {cells_text(cells_of(core))} "
                    f"({digits_text(MASK_DIGITS[v])}) with {cells_text(cells_of(l_bits))} "
                    f"({digits_text(MASK_DIGITS[l_mask])}) and {cells_text(cells_of(b_bits))} "
                    f"({digits_text(MASK_DIGITS[b_mask])})",
                    eliminations=removed,
                    cells=list(cells_of(used)),
                    candidates=[(c, d) for c in cells_of(used) for d in MASK_DIGITS[cands[c]]],
                    units=[line, box],
                )
    return None


def find_sue_de_coq(board: Board) -> Step | None:
    """Sue de Coq, rows then columns against each box they cross (HoDoKu's order)."""
    return run_to_end(iter_sue_de_coq(board))


_REGIONS: Final = {
    (line, box): (UNIT_BITS[line] | UNIT_BITS[box]) * DIGIT_BLOCKS
    for line in range(18)
    for box in BOXES_OF_LINE[line]
}
"""Per line and box it crosses, the candidates of their cells (a mask of the candidate space)."""
_MEMO_KEY: Final = "sue de coq"


def iter_sue_de_coq(board: Board) -> Search:
    """:func:`find_sue_de_coq` in slices: yields after each core (cells of an intersection).

    What a line and a box hold depends on their cells alone, and a step changes a few cells:
    the pairs where nothing was found are kept in the board's memo with their candidates and
    empty cells, and not searched again while those stay the same. Along the paths of 40
    forum_hardest puzzles that took a search from 3.0 to 1.4 ms (CPU), the same steps.

    The board must not change while the search is paused: a pair is recorded under the
    candidates read when the search began (the grader and the hints apply a step only after
    the search returns, on a board of their own).
    """
    cands = board.cands
    space = space_of(board)
    fruitless = cast("dict[tuple[int, int], tuple[int, int]]", board.memo.setdefault(_MEMO_KEY, {}))
    for (line, box), region in _REGIONS.items():
        seen = (space & region, board.unsolved & (UNIT_BITS[line] | UNIT_BITS[box]))
        if fruitless.get((line, box)) == seen:
            continue
        inter = list(cells_of(board.unsolved & UNIT_BITS[line] & UNIT_BITS[box]))
        if len(inter) >= 2:
            for size in (2, 3):
                for group in combinations(inter, size):
                    v = 0
                    core = 0
                    for c in group:
                        v |= cands[c]
                        core |= 1 << c
                    if BIT_COUNT[v] - size < 2:
                        continue
                    yield
                    step = _check(board, line, box, core, v)
                    if step is not None:
                        return step
        fruitless[(line, box)] = seen
    return None
