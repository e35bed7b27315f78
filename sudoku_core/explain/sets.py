"""Almost locked sets in words: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Sue de Coq.

An *almost locked set* is N cells of one unit that hold N+1 digits between them: take one
digit away and the rest are locked (each must be in one of the cells). Two sets share a
*restricted common* digit when every place of it in both sets sees every other: it is in one
set at most. A Step keeps each set's cells (``als``) but not its restricted commons, so they
are found again here from the board the step was found on (the digits the sets share whose
places all see each other).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from sudoku_core.explain import words
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.grid import PEERS, UNITS, Cell, Digit, box_of, col_of, row_of
from sudoku_core.logic.board import MASK_DIGITS, Board
from sudoku_core.logic.steps import Step

__all__ = ["als_chain", "als_xy_wing", "als_xz", "restricted_commons", "sue_de_coq"]


def _mask(board: Board, cells: Sequence[Cell]) -> int:
    mask = 0
    for c in cells:
        mask |= board.cands[c]
    return mask


def restricted_commons(board: Board, a: Sequence[Cell], b: Sequence[Cell]) -> list[Digit]:
    """The digits of both sets whose places (in either) all see each other, outside any
    cell the sets share.

    Examples:
        >>> board = Board.from_grid([0] * 81)
        >>> restricted_commons(board, [0], [1])[:3]
        [1, 2, 3]
    """
    found = []
    for d in MASK_DIGITS[_mask(board, a) & _mask(board, b)]:
        spots = {c for c in (*a, *b) if board.has(c, d)}
        if set(a) & set(b) & spots:
            continue
        if all(q in PEERS[p] for p in spots for q in spots if p != q):
            found.append(d)
    return found


def _unit_of(cells: Sequence[Cell]) -> str:
    """The unit a set's cells share (a row or a column before their box)."""
    if len({row_of(c) for c in cells}) == 1:
        return f"row {row_of(cells[0]) + 1}"
    if len({col_of(c) for c in cells}) == 1:
        return f"column {col_of(cells[0]) + 1}"
    return f"box {box_of(cells[0]) + 1}"


def _described(board: Board, name: str, cells: Sequence[Cell]) -> str:
    """``set A, r1c1 and r1c5 in row 1, holds 1, 2 and 5``: the set and its digits."""
    digits = MASK_DIGITS[_mask(board, cells)]
    count = words.plural(len(cells), "cell")
    return (
        f"set {name}, {words.cells(cells)} in {_unit_of(cells)}, holds {words.digits(digits)} "
        f"({len(digits)} digits in {count})"
    )


def _zs(step: Step) -> list[Digit]:
    return sorted({d for _, d in step.eliminations})


def _see_every(step: Step, what: str) -> str:
    """``r4c4 and r4c5, which see every 5 of both sets,``."""
    cells = sorted({c for c, _ in step.eliminations})
    verb = "sees" if len(cells) == 1 else "see"
    zs = words.digits(_zs(step), "or")
    return f"{words.cells(cells)}, which {verb} every {zs} of {what}, cannot be {zs}"


def _chain_commons(board: Board, sets: Sequence[Sequence[Cell]]) -> list[Digit]:
    """One restricted common per pair of neighbouring sets, none the same as the one before
    it (how the chain is read), found depth first."""

    def extend(i: int, before: Digit) -> list[Digit] | None:
        if i == len(sets) - 1:
            return []
        for d in restricted_commons(board, sets[i], sets[i + 1]):
            if d != before:
                rest = extend(i + 1, d)
                if rest is not None:
                    return [d, *rest]
        return None

    return extend(0, 0) or []


def als_xz(step: Step, board: Board) -> Levels:
    """Two almost locked sets with a restricted common x: a digit z of both is in one."""
    a, b = step.als[0], step.als[1]
    xs = restricted_commons(board, a, b)
    zs = _zs(step)
    where = words.units(step.units)
    pattern = f"{_described(board, 'A', a)}; {_described(board, 'B', b)}"
    if len(xs) >= 2:
        x1, x2 = xs[:2]
        pattern += f"; every {x1} and every {x2} of the two sets see each other"
        why = (
            f"each of {x1} and {x2} can be in one set at most, so with one digit to spare between "
            "them both sets are locked: every digit of a set is in it, in one cell of it or "
            "another, and each cell that sees every place of one of those digits in a set "
            "cannot be that digit"
        )
    else:
        (x,) = xs or [0]
        shared = words.digits(d for d in zs if d != x)
        pattern += f"; every {x} of the two sets sees every other, and both hold {shared}"
        why = (
            f"the {x} can be in one of the sets at most, so the other, without {x}, is locked and "
            f"holds {shared}: one of the sets holds it either way, so "
            f"{_see_every(step, 'both sets')}"
        )
    return levels(
        f"Look at {where}: {words.a_technique(step.technique)} (two almost locked sets) is there",
        pattern,
        f"{why}: {words.removing(step.eliminations)}",
    )


def als_xy_wing(step: Step, board: Board) -> Levels:
    """A pivot set C tied to A by x and to B by y: a digit z of A and B is in one of them."""
    c, a, b = step.als[0], step.als[1], step.als[2]
    xs, ys = restricted_commons(board, c, a), restricted_commons(board, c, b)
    x = xs[0]
    y = next((d for d in ys if d != x), ys[0])
    z = words.digits(_zs(step), "or")
    return levels(
        f"Look at {words.units(step.units)}: {words.a_technique(step.technique)} "
        "(three almost locked sets) is there",
        f"{_described(board, 'C', c)}; {_described(board, 'A', a)}; "
        f"{_described(board, 'B', b)}; the {x}s of C and A see each other, as do the {y}s of "
        "C and B",
        f"if A were not {z}, it would be locked and hold {x}, so C would not; C would then "
        f"hold {y}, so B would not, and B would be {z}: one of A and B is {z} either way, so "
        f"{_see_every(step, 'A and B')}: {words.removing(step.eliminations)}",
    )


def als_chain(step: Step, board: Board) -> Levels:
    """Almost locked sets in a row, each tied to the next by a restricted common."""
    sets = step.als
    names = [f"S{i + 1}" for i in range(len(sets))]
    commons = _chain_commons(board, sets)
    z = words.digits(_zs(step), "or")
    described = "; ".join(_described(board, n, s) for n, s in zip(names, sets, strict=True))
    ties = words.join(f"{names[i]} and {names[i + 1]} by {d}" for i, d in enumerate(commons))
    reading = [f"if {names[0]} were not {z}, it would be locked"]
    for i, d in enumerate(commons):
        reading.append(f"{names[i]} would hold {d}, so {names[i + 1]} would not")
    reading.append(f"{names[-1]}, locked, would be {z}")
    first, last = names[0], names[-1]
    return levels(
        f"Look at {words.units(step.units)}: {words.a_technique(step.technique)} "
        f"({words.number(len(sets))} almost locked sets) is there",
        f"{described}; they are tied {ties} (each such digit is in one of its two sets at most)",
        f"{'; '.join(reading)}: one of {first} and {last} is {z} either way, so "
        f"{_see_every(step, f'{first} and {last}')}: {words.removing(step.eliminations)}",
    )


def _sue_de_coq_parts(
    step: Step, board: Board, line: int, box: int
) -> tuple[list[Cell], list[Cell], list[Cell]]:
    """The core (cells of the crossing), the line's helpers and the box's helpers. A cell of
    the crossing may be a helper too, so the split is found again: the one whose
    eliminations are the step's."""
    both = [c for c in step.cells if c in UNITS[line] and c in UNITS[box]]
    only_line = [c for c in step.cells if c in UNITS[line] and c not in both]
    only_box = [c for c in step.cells if c in UNITS[box] and c not in both]
    removed = set(step.eliminations)
    free = [c for c in range(81) if not board.values[c]]
    for size in range(2, len(both) + 1):
        for core in combinations(both, size):
            spare = [c for c in both if c not in core]
            for sides in product((True, False), repeat=len(spare)):
                in_line = only_line + [c for c, side in zip(spare, sides, strict=True) if side]
                in_box = only_box + [c for c, side in zip(spare, sides, strict=True) if not side]
                v, lm, bm = _mask(board, core), _mask(board, in_line), _mask(board, in_box)
                if not in_line or not in_box or lm & v & bm:
                    continue
                used = set(step.cells)
                line_lose = (v & ~bm) | (lm & ~v)
                box_lose = (v & ~(lm & v)) | (bm & ~v)
                lost = {
                    (c, d)
                    for c in free
                    if c not in used
                    for u, lose in ((line, line_lose), (box, box_lose))
                    if c in UNITS[u]
                    for d in MASK_DIGITS[board.cands[c] & lose]
                }
                if lost == removed:
                    return sorted(core), sorted(in_line), sorted(in_box)
    return both, only_line, only_box


def sue_de_coq(step: Step, board: Board) -> Levels:
    """Cells where a line crosses a box, with helpers in the rest of the line and of the box."""
    line, box = step.units[0], step.units[1]
    core, in_line, in_box = _sue_de_coq_parts(step, board, line, box)
    v = _mask(board, core)
    lu, bu = words.unit(line), words.unit(box)
    l_mask, b_mask = _mask(board, in_line), _mask(board, in_box)

    def take(cells: list[Cell], mask: int) -> str:
        extra = MASK_DIGITS[mask & ~v]
        also = f" (and their own {words.digits(extra)})" if extra else ""
        verb = "takes" if len(cells) == 1 else "take"
        return f"{words.cells(cells)} {verb} {words.digits(MASK_DIGITS[mask & v], 'or')}{also}"

    line_lose = MASK_DIGITS[(v & ~b_mask) | (l_mask & ~v)]
    box_lose = MASK_DIGITS[(v & ~(l_mask & v)) | (b_mask & ~v)]
    return levels(
        f"Look where {lu} crosses {bu}: a Sue de Coq is there",
        f"{words.cells(core)}, where {lu} crosses {bu}, hold {words.digits(MASK_DIGITS[v])}; "
        f"beside them in {lu}, {words.cells(in_line)} hold {words.digits(MASK_DIGITS[l_mask])}, "
        f"and in {bu}, {words.cells(in_box)} hold "
        f"{words.digits(MASK_DIGITS[b_mask])}",
        f"these cells have just enough digits to go round: {take(in_line, l_mask)}, "
        f"{take(in_box, b_mask)}, and {words.cells(core)} the rest of "
        f"{words.digits(MASK_DIGITS[v])}; so the rest of {lu} cannot hold "
        f"{words.digits(line_lose, 'or')}, nor the rest of {bu} {words.digits(box_lose, 'or')}: "
        f"{words.removing(step.eliminations)}",
    )
