"""Uniqueness techniques: sound only for a puzzle known to have exactly one solution.

A *deadly pattern*: cells r1c1, r1c2, r2c1, r2c2 (two rows, two columns, two boxes) that could
all hold only {x,y}: the digits could be swapped, giving two solutions. A unique puzzle
cannot end there, so a Unique Rectangle keeps at least one extra candidate true.
BUG+1: if every empty cell but one had two candidates, each digit twice per unit, the
puzzle would have two solutions, so the extra digit of the one three-candidate cell is true.
An *Avoidable Rectangle* is the same pattern with some corners already solved by the
solver (never givens: a given cannot be swapped), so it needs the board's ``givens``.

Which rectangle is which test follows HoDoKu's definitions (``UniquenessSolver``): Test 2
when the two corners with extra digits share a line, Test 5 when they are diagonal or three
corners have the extra digit, Test 6 for two diagonal extra corners whose lines hold a pair
digit only in the rectangle.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

from sudoku_core.grid import UNITS, UNITS_OF, cell_name
from sudoku_core.logic.board import (
    ALL_CELLS,
    BIT_COUNT,
    MASK_DIGITS,
    PEER_BITS,
    UNIT_BITS,
    Board,
    cells_of,
)
from sudoku_core.logic.steps import Step, cells_text, digits_text, make_step

_GEOMETRY = tuple(
    (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2)
    for r1 in range(9)
    for r2 in range(r1 + 1, 9)
    for c1 in range(9)
    for c2 in range(c1 + 1, 9)
    if (r1 // 3 == r2 // 3) != (c1 // 3 == c2 // 3)
)
"""Every rectangle of four cells in two rows, two columns and exactly two boxes."""


_BOX_CELLS: Final = tuple(
    tuple(p for p in UNITS[UNITS_OF[c][2]] if p != c and (p // 9 == c // 9 or p % 9 == c % 9))
    for c in range(81)
)
"""Per cell, the cells of its box in its row or column, in the box's order."""

_ACROSS: Final = tuple(
    {
        second: tuple(
            (far_start, far_second)
            for far_start, far_second in (
                zip(UNITS[9 + start % 9], UNITS[9 + second % 9], strict=True)
                if second // 9 == start // 9
                else zip(UNITS[start // 9], UNITS[second // 9], strict=True)
            )
            if UNITS_OF[far_start][2] != UNITS_OF[start][2]
        )
        for second in _BOX_CELLS[start]
    }
    for start in range(81)
)
"""Per two cells of a box in one line, the pairs of cells across from them in the other boxes
of their columns (or rows), in line order."""


_MEMO_KEY: Final = "uniqueness rectangles"


def _allowed(board: Board) -> list[int]:
    """Per cell, the digits no placed digit rules out (0 for a solved cell): a rectangle's
    corners need the pair only there, not as candidates. A pair digit removed from a corner by
    an earlier step still makes the deadly pattern's argument (HoDoKu's default,
    ``allowUniquenessMissingCandidates``)."""
    blocked = [0] * 81
    values = board.values
    for c in cells_of(ALL_CELLS & ~board.unsolved):
        bit = 1 << (values[c] - 1)
        for p in cells_of(PEER_BITS[c]):
            blocked[p] |= bit
    return [0 if values[c] else 0x1FF & ~blocked[c] for c in range(81)]


def _rectangles(board: Board) -> list[tuple[tuple[int, int, int, int], int]]:
    """The rectangles the Unique Rectangle tests look at, in HoDoKu's order (which one a step
    is found in decides the path): from each bivalue cell (its pair), a second corner in its
    box and line, then the two corners across in another box; every corner empty with the
    pair allowed (:func:`_allowed`), each rectangle once. Cells as (start, second, across the
    start, across the second): corners ``i`` and ``3 - i`` are diagonal.

    Kept in the board's memo with its candidates: the eight uniqueness finders ask about the
    same board one after another."""
    state = (board.unsolved, *board.where)
    kept = board.memo.get(_MEMO_KEY)
    if isinstance(kept, tuple) and kept[0] == state:
        return cast("list[tuple[tuple[int, int, int, int], int]]", kept[1])
    found = []
    seen: set[int] = set()
    cands, unsolved = board.cands, board.unsolved
    allowed = _allowed(board)
    for start in cells_of(unsolved):
        pair = cands[start]
        if BIT_COUNT[pair] != 2:
            continue
        for second in _BOX_CELLS[start]:
            if allowed[second] & pair != pair:
                continue
            for far_start, far_second in _ACROSS[start][second]:
                if allowed[far_start] & pair != pair or allowed[far_second] & pair != pair:
                    continue
                key = (1 << start) | (1 << second) | (1 << far_start) | (1 << far_second)
                if key in seen:
                    continue
                seen.add(key)
                found.append(((start, second, far_start, far_second), pair))
    board.memo[_MEMO_KEY] = (state, found)
    return found


def _ur(name: str, cells: tuple[int, ...], pair: int, text: str, **effect: object) -> Step:
    cells = tuple(sorted(cells))
    return make_step(
        name,
        f"{name} {digits_text(MASK_DIGITS[pair])} in {cells_text(cells)}: {text}",
        cells=cells,
        candidates=[(c, d) for c in cells for d in MASK_DIGITS[pair]],
        **effect,  # type: ignore[arg-type]
    )


def _shared(a: int, b: int) -> list[int]:
    return [UNITS_OF[a][k] for k in range(3) if UNITS_OF[a][k] == UNITS_OF[b][k]]


def find_ur_type1(board: Board) -> Step | None:
    """Uniqueness Test 1: three corners hold only {x,y}; the fourth loses x and y."""
    cands = board.cands
    for cells, pair in _rectangles(board):
        extra = [c for c in cells if cands[c] != pair]
        if len(extra) == 1 and cands[extra[0]] & pair:
            c = extra[0]
            return _ur(
                "Uniqueness Test 1",
                cells,
                pair,
                f"{cell_name(c)} must hold another digit",
                eliminations=[(c, d) for d in MASK_DIGITS[cands[c] & pair]],
            )
    return None


def _floor_roof(
    cells: tuple[int, ...], cands: list[int], pair: int
) -> tuple[list[int], list[int]] | None:
    floor = [c for c in cells if cands[c] == pair]
    roof = [c for c in cells if cands[c] != pair]
    if len(floor) != 2 or not _shared(roof[0], roof[1]):
        return None
    return floor, roof


def _roofed_rectangles(board: Board) -> list[tuple[tuple[int, int, int, int], int, list[int]]]:
    """Rectangles with a two-cell floor holding only the pair and a roof sharing a unit
    (the shape of Uniqueness Tests 2-4): (cells, pair, roof)."""
    found = []
    for cells, pair in _rectangles(board):
        split = _floor_roof(cells, board.cands, pair)
        if split:
            found.append((cells, pair, split[1]))
    return found


def find_ur_type2(board: Board) -> Step | None:
    """Uniqueness Test 2: the two other corners share one extra digit z; cells seeing both lose z."""
    cands = board.cands
    for cells, pair, roof in _roofed_rectangles(board):
        extra = cands[roof[0]] & ~pair
        if BIT_COUNT[extra] != 1 or cands[roof[1]] & ~pair != extra:
            continue
        z = extra.bit_length()
        removed = board.where[z] & PEER_BITS[roof[0]] & PEER_BITS[roof[1]]
        if removed:
            return _ur(
                "Uniqueness Test 2",
                cells,
                pair,
                f"{cell_name(roof[0])} or {cell_name(roof[1])} is {z}",
                eliminations=[(c, z) for c in cells_of(removed)],
            )
    return None


def find_ur_type5(board: Board) -> Step | None:
    """Uniqueness Test 5: two diagonal corners, or three corners, have one extra digit z
    (and nothing else extra); one of them is z, so cells seeing all of them lose z."""
    cands = board.cands
    for cells, pair in _rectangles(board):
        roof = [c for c in cells if cands[c] != pair]
        if len(roof) not in (2, 3) or (len(roof) == 2 and _shared(roof[0], roof[1])):
            continue
        extra = 0
        seen = ALL_CELLS
        for c in roof:
            extra |= cands[c] & ~pair
            seen &= PEER_BITS[c]
        if BIT_COUNT[extra] != 1:
            continue
        z = extra.bit_length()
        removed = board.where[z] & seen
        if removed:
            return _ur(
                "Uniqueness Test 5",
                cells,
                pair,
                f"one of {cells_text(roof)} is {z}",
                eliminations=[(c, z) for c in cells_of(removed)],
            )
    return None


def find_ur_type6(board: Board) -> Step | None:
    """Uniqueness Test 6: two diagonal corners hold only the pair, and in the rectangle's rows
    and columns x is only in its corners: x sits on one diagonal, which cannot be the
    extra corners' (a deadly pattern), so they lose x."""
    cands = board.cands
    for cells, pair in _rectangles(board):
        roof = [c for c in cells if cands[c] != pair]
        if len(roof) != 2 or _shared(roof[0], roof[1]):
            continue
        (r1, c1), (r2, c2) = divmod(roof[0], 9), divmod(roof[1], 9)
        lines = UNIT_BITS[r1] | UNIT_BITS[r2] | UNIT_BITS[9 + c1] | UNIT_BITS[9 + c2]
        for c in cells:
            lines &= ~(1 << c)
        for x in MASK_DIGITS[pair]:
            if not board.where[x] & lines and any(board.has(c, x) for c in roof):
                return _ur(
                    "Uniqueness Test 6",
                    cells,
                    pair,
                    f"{x} is only in the rectangle in its rows and columns, so it is on "
                    f"{cells_text(c for c in cells if c not in roof)}",
                    eliminations=[(c, x) for c in roof if board.has(c, x)],
                )
    return None


def _subsets(pool: list[int]) -> Iterator[tuple[int, ...]]:
    """Every non-empty subset of ``pool`` in HoDoKu's order (depth first: each set, then the
    sets that extend it with later cells).

    Examples:
        >>> list(_subsets([1, 2, 3]))
        [(1,), (1, 2), (1, 2, 3), (1, 3), (2,), (2, 3), (3,)]
    """
    stack: list[tuple[tuple[int, ...], int]] = [((), 0)]
    while stack:
        chosen, start = stack.pop()
        for i in range(len(pool) - 1, start - 1, -1):
            stack.append(((*chosen, pool[i]), i + 1))
        if chosen:
            yield chosen


def find_ur_type3(board: Board) -> Step | None:
    """Uniqueness Test 3: the roof's extra digits act as one cell of a naked subset with other
    cells of a unit the roof shares (cells without a pair digit, any number of them, in
    HoDoKu's order); a line's subset in one box clears that box too."""
    cands = board.cands
    for cells, pair, roof in _roofed_rectangles(board):
        extra = (cands[roof[0]] | cands[roof[1]]) & ~pair
        if BIT_COUNT[extra] < 2:
            continue
        for u in _shared(roof[0], roof[1]):
            pool = [c for c in UNITS[u] if cands[c] and c not in cells and not cands[c] & pair]
            for group in _subsets(pool):
                members = (*roof, *group)
                if u >= 18 and (
                    len({c // 9 for c in members}) == 1 or len({c % 9 for c in members}) == 1
                ):
                    continue  # a box's subset in one line is that line's
                mask = extra
                for c in group:
                    mask |= cands[c]
                if BIT_COUNT[mask] != len(group) + 1:
                    continue
                clears = list(UNITS[u])
                boxes = {UNITS_OF[c][2] for c in members}
                if u < 18 and len(boxes) == 1:
                    clears += UNITS[boxes.pop()]
                removed = sorted(
                    {
                        (c, d)
                        for c in clears
                        if c not in members
                        for d in MASK_DIGITS[cands[c] & mask]
                    }
                )
                if removed:
                    return _ur(
                        "Uniqueness Test 3",
                        cells,
                        pair,
                        f"the extra digits {digits_text(MASK_DIGITS[extra])} form a naked subset with "
                        f"{cells_text(group)}",
                        eliminations=removed,
                    )
    return None


def find_ur_type4(board: Board) -> Step | None:
    """Uniqueness Test 4: one pair digit is locked to the roof, so the roof loses the other."""
    for cells, pair, roof in _roofed_rectangles(board):
        # HoDoKu's test: x in no cell that sees both roof cells (their line and, if one, box)
        seen = PEER_BITS[roof[0]] & PEER_BITS[roof[1]]
        for x in MASK_DIGITS[pair]:
            if not board.where[x] & seen:
                y = (pair & ~(1 << (x - 1))).bit_length()
                removed = [(c, y) for c in roof if board.has(c, y)]
                if removed:
                    return _ur(
                        "Uniqueness Test 4",
                        cells,
                        pair,
                        f"{x} is locked to {cells_text(roof)}, so they cannot hold {y}",
                        eliminations=removed,
                    )
                break
    return None


def find_hidden_rectangle(board: Board) -> Step | None:
    """Hidden Rectangle: a bivalue corner, and x locked to the rectangle in the opposite corner's lines."""
    cands = board.cands
    for cells, pair in _rectangles(board):
        floor = [i for i, corner in enumerate(cells) if cands[corner] == pair]
        # HoDoKu's: one bivalue corner, or two diagonal ones (the cells are row-major, so the
        # diagonals are corners 0 and 3, 1 and 2)
        if len(floor) not in (1, 2) or (len(floor) == 2 and sum(floor) != 3):
            continue
        rectangle = (1 << cells[0]) | (1 << cells[1]) | (1 << cells[2]) | (1 << cells[3])
        for i in floor:
            opposite = cells[3 - i]
            r, c = divmod(opposite, 9)
            for x in MASK_DIGITS[pair]:
                y = (pair & ~(1 << (x - 1))).bit_length()
                if not board.where[x] & (
                    UNIT_BITS[r] | UNIT_BITS[9 + c]
                ) & ~rectangle and board.has(opposite, y):
                    return _ur(
                        "Hidden Rectangle",
                        cells,
                        pair,
                        f"{x} is locked to the rectangle in the lines of {cell_name(opposite)}",
                        eliminations=[(opposite, y)],
                    )
    return None


def find_bug_plus_one(board: Board) -> Step | None:
    """BUG+1: all empty cells bivalue but one with three candidates: its odd digit is true, so
    the cell loses its two others (as HoDoKu writes the step; a Naked Single places it next)."""
    cands = board.cands
    triple = -1
    for c in cells_of(board.unsolved):
        n = BIT_COUNT[cands[c]]
        if n == 2:
            continue
        if n != 3 or triple >= 0:
            return None
        triple = c
    if triple < 0:
        return None
    for d in MASK_DIGITS[cands[triple]]:
        if all((board.where[d] & UNIT_BITS[u]).bit_count() == 3 for u in UNITS_OF[triple]):
            return make_step(
                "BUG+1",
                f"BUG+1: every other empty cell has two candidates; {cell_name(triple)} must be {d}",
                eliminations=[(triple, e) for e in MASK_DIGITS[cands[triple]] if e != d],
                cells=[triple],
                candidates=[(triple, d)],
            )
    return None


def _avoidable_sides(board: Board) -> list[tuple[tuple[int, int, int, int], int, int, int, int]]:
    """Every rectangle side that can start an Avoidable Rectangle: two corners of one box
    solved since the start (not givens), as (cells, p, q, far_p, far_q), where ``far_p``
    shares a line with ``p`` in the other box; if ``far_p`` held ``q``'s digit and ``far_q``
    ``p``'s, the four digits could be swapped."""
    placed = ~board.unsolved & ~board.givens
    values = board.values
    found = []
    for cells in _GEOMETRY:
        a, b, c, d = cells
        same_band = a // 27 == c // 27
        # Same band: the boxes are the columns' pairs (a, c) and (b, d); else the rows'.
        sides = ((a, c, b, d), (b, d, a, c)) if same_band else ((a, b, c, d), (c, d, a, b))
        for p, q, far_p, far_q in sides:
            if placed >> p & 1 and placed >> q & 1 and values[p] != values[q]:
                found.append((cells, p, q, far_p, far_q))
    return found


def _is_bivalue_with(board: Board, cell: int, digit: int) -> bool:
    return BIT_COUNT[board.cands[cell]] == 2 and board.has(cell, digit)


def _ar(
    board: Board, name: str, cells: tuple[int, ...], text: str, removed: list[tuple[int, int]]
) -> Step:
    return make_step(
        name,
        f"{name} in {cells_text(cells)}: {text}",
        eliminations=removed,
        cells=cells,
        candidates=[(c, d) for c in cells for d in MASK_DIGITS[board.cands[c]]],
    )


def find_avoidable_rectangle_type1(board: Board) -> Step | None:
    """Avoidable Rectangle Type 1: three corners solved since the start, with x, y and y; the
    fourth (two candidates, one of them x) cannot be x, or the four could be swapped."""
    values = board.values
    for cells, p, q, far_p, far_q in _avoidable_sides(board):
        x, y = values[p], values[q]
        for solved, other, digit, keeps in ((far_p, far_q, x, y), (far_q, far_p, y, x)):
            if (
                values[solved] == keeps
                and not board.givens >> solved & 1
                and _is_bivalue_with(board, other, digit)
            ):
                return _ar(
                    board,
                    "Avoidable Rectangle Type 1",
                    cells,
                    f"{cell_name(other)} cannot complete {x}/{y} in a swappable rectangle",
                    [(other, digit)],
                )
    return None


def find_avoidable_rectangle_type2(board: Board) -> Step | None:
    """Avoidable Rectangle Type 2: two corners of one box solved since the start with x and y;
    the other two hold y/z and x/z, completing the rectangle unless one of them is z: cells
    seeing both lose z."""
    values, cands = board.values, board.cands
    for cells, p, q, far_p, far_q in _avoidable_sides(board):
        x, y = values[p], values[q]
        if not (_is_bivalue_with(board, far_p, y) and _is_bivalue_with(board, far_q, x)):
            continue
        extra = cands[far_p] & ~(1 << (y - 1))
        if cands[far_q] != extra | 1 << (x - 1):
            continue
        z = extra.bit_length()
        removed = board.where[z] & PEER_BITS[far_p] & PEER_BITS[far_q]
        if removed:
            return _ar(
                board,
                "Avoidable Rectangle Type 2",
                cells,
                f"{cell_name(far_p)} or {cell_name(far_q)} is {z}",
                [(c, z) for c in cells_of(removed)],
            )
    return None
