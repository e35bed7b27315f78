"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.

A *strong link* on digit d: a unit where d has exactly two places, so one of them holds d.
Two strong links ``a1=a2`` and ``b1=b2`` whose ends ``a2`` and ``b2`` see each other prove
"a1 or b1 holds d" (if a1 does not, a2 does, so b2 does not, so b1 does): every cell that
sees both a1 and b1 loses d. Skyscraper: two parallel lines with a2, b2 in one cross line;
2-String Kite: a row and a column with a2, b2 in one box; Turbot Fish: any other pair.
"""

from __future__ import annotations

from sudoku_core.grid import BOXES, box_of, cell_name, col_of, row_of, unit_name
from sudoku_core.logic.board import (
    BOX_BITS,
    COL_BITS,
    PEER_BITS,
    ROW_BITS,
    UNIT_BITS,
    Board,
    cells_of,
)
from sudoku_core.logic.per_digit import first_on_digits
from sudoku_core.logic.steps import Step, chain_links, make_step

Link = tuple[int, int, int]
"""(cell, cell, unit) of a strong link."""


def strong_links(board: Board, d: int) -> list[Link]:
    """Every strong link on ``d``: units (rows, columns, boxes) where ``d`` has two places."""
    links = []
    where_d = board.where[d]
    for u, bits in enumerate(UNIT_BITS):
        spots = where_d & bits
        if spots.bit_count() == 2:
            a, b = cells_of(spots)
            links.append((a, b, u))
    return links


def _kind(a2: int, b2: int, u1: int, u2: int) -> str:
    if u1 < 9 and u2 < 9 and col_of(a2) == col_of(b2):
        return "Skyscraper"
    if 9 <= u1 < 18 and 9 <= u2 < 18 and row_of(a2) == row_of(b2):
        return "Skyscraper"
    one_row_one_col = u1 < 18 and u2 < 18 and (u1 < 9) != (u2 < 9)
    if one_row_one_col and box_of(a2) == box_of(b2):
        return "2-String Kite"
    return "Turbot Fish"


def _two_links(board: Board, wanted: str) -> Step | None:
    return first_on_digits(board, wanted, lambda board, d: _two_links_on(board, wanted, d))


def _two_links_on(board: Board, wanted: str, d: int) -> Step | None:
    links = strong_links(board, d)
    where_d = board.where[d]
    for i, (p, q, u1) in enumerate(links):
        for r, s, u2 in links[i + 1 :]:
            if u1 == u2 or len({p, q, r, s}) < 4:
                continue
            for a1, a2 in ((p, q), (q, p)):
                for b1, b2 in ((r, s), (s, r)):
                    if not PEER_BITS[a2] >> b2 & 1:
                        continue
                    if wanted == "Skyscraper" and (u1 >= 18 or u2 >= 18):
                        continue
                    if _kind(a2, b2, u1, u2) != wanted:
                        continue
                    removed = where_d & PEER_BITS[a1] & PEER_BITS[b1] & ~(1 << a2 | 1 << b2)
                    if not removed:
                        continue
                    return make_step(
                        wanted,
                        f"{wanted} on {d}: {cell_name(a1)}={cell_name(a2)} in {unit_name(u1)}, "
                        f"{cell_name(b1)}={cell_name(b2)} in {unit_name(u2)}, "
                        f"{cell_name(a2)} sees {cell_name(b2)}, so {cell_name(a1)} or {cell_name(b1)} is {d}",
                        eliminations=[(c, d) for c in cells_of(removed)],
                        cells=[a1, a2, b2, b1],
                        candidates=[(a1, d), (a2, d), (b2, d), (b1, d)],
                        units=[u1, u2],
                        links=chain_links([(a1, d), (a2, d), (b2, d), (b1, d)]),
                    )
    return None


def find_skyscraper(board: Board) -> Step | None:
    """Skyscraper: two parallel strong links whose ends meet in one cross line."""
    return _two_links(board, "Skyscraper")


def find_two_string_kite(board: Board) -> Step | None:
    """2-String Kite: a row's and a column's strong links joined in a box."""
    return _two_links(board, "2-String Kite")


def find_turbot_fish(board: Board) -> Step | None:
    """Turbot Fish: any other two strong links joined by a weak link."""
    return _two_links(board, "Turbot Fish")


def find_empty_rectangle(board: Board) -> Step | None:
    """Empty Rectangle: a box whose digit lies on one row and one column, plus a strong link.

    With the box's d confined to row R and column C, and a strong link on d in a column C1
    (outside the box) from row R to row R2: if the end in row R holds d, the box's d is in C;
    otherwise the other end holds d; either way cell (R2, C) loses d. Likewise with rows.
    """
    return first_on_digits(board, "Empty Rectangle", _empty_rectangle_on)


def _empty_rectangle_on(board: Board, d: int) -> Step | None:
    where_d = board.where[d]
    for b in range(9):
        inside = where_d & BOX_BITS[b]
        if inside.bit_count() < 2:
            continue
        r0, c0 = row_of(BOXES[b][0]), col_of(BOXES[b][0])
        for r in range(r0, r0 + 3):
            for c in range(c0, c0 + 3):
                cross = (ROW_BITS[r] | COL_BITS[c]) & BOX_BITS[b]
                if inside & ~cross:
                    continue
                if not inside & ~COL_BITS[c] or not inside & ~ROW_BITS[r]:
                    continue  # all in one line: that is a locked candidate
                step = _er_step(board, d, b, r=r, c=c, inside=inside)
                if step:
                    return step
    return None


def _er_step(board: Board, d: int, b: int, *, r: int, c: int, inside: int) -> Step | None:
    where_d = board.where[d]
    for c1 in range(9):
        if c1 // 3 == c // 3:
            continue
        spots = where_d & COL_BITS[c1]
        if spots.bit_count() != 2 or not spots & ROW_BITS[r]:
            continue
        other = spots & ~ROW_BITS[r]
        r2 = (other.bit_length() - 1) // 9
        if r2 // 3 == r // 3:
            continue
        target = 9 * r2 + c
        if where_d >> target & 1:
            return _er_make(
                d, b, inside=inside, link=(9 * r + c1, 9 * r2 + c1), unit=9 + c1, target=target
            )
    for r1 in range(9):
        if r1 // 3 == r // 3:
            continue
        spots = where_d & ROW_BITS[r1]
        if spots.bit_count() != 2 or not spots & COL_BITS[c]:
            continue
        other = spots & ~COL_BITS[c]
        c2 = (other.bit_length() - 1) % 9
        if c2 // 3 == c // 3:
            continue
        target = 9 * r + c2
        if where_d >> target & 1:
            return _er_make(
                d, b, inside=inside, link=(9 * r1 + c, 9 * r1 + c2), unit=r1, target=target
            )
    return None


def _er_make(d: int, b: int, *, inside: int, link: tuple[int, int], unit: int, target: int) -> Step:
    return make_step(
        "Empty Rectangle",
        f"Empty Rectangle on {d} in box {b + 1} with strong link {cell_name(link[0])}={cell_name(link[1])} "
        f"in {unit_name(unit)}",
        eliminations=[(target, d)],
        cells=[*cells_of(inside), *link],
        candidates=[(x, d) for x in (*cells_of(inside), *link)],
        units=[18 + b, unit],
    )
