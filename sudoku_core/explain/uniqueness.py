"""Uniqueness techniques in words: Unique Rectangles (Tests 1-6), Hidden Rectangle, Avoidable
Rectangles and BUG+1.

Every one rests on the *deadly pattern*: four cells in two rows, two columns and two boxes that
could hold only the same two digits would let the digits be swapped, so the puzzle would have
two solutions. The pattern level names the rectangle, its two digits and its corners' extra
candidates; the effect level says which digit must be there to avoid the deadly pattern.
"""

from __future__ import annotations

from itertools import combinations

from sudoku_core.explain import words
from sudoku_core.explain.chains import boxes
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.grid import UNITS, UNITS_OF, Cell, Digit, cell_name
from sudoku_core.logic.board import MASK_DIGITS, Board
from sudoku_core.logic.steps import Step

__all__ = ["avoidable_rectangle", "bug_plus_one", "unique_rectangle"]

_DEADLY = "a deadly pattern ({} could be swapped, giving two solutions)"


def _pair(step: Step) -> list[Digit]:
    return sorted({d for _, d in step.candidates})


def _shared(cells: list[Cell]) -> list[int]:
    return [u for u in range(27) if all(c in UNITS[u] for c in cells)]


def unique_rectangle(step: Step, board: Board) -> Levels:
    """Uniqueness Tests 1-6 and the Hidden Rectangle."""
    corners = list(step.cells)
    x, y = _pair(step)
    pair_mask = (1 << (x - 1)) | (1 << (y - 1))
    roof = [c for c in corners if board.cands[c] != pair_mask]
    floor = [c for c in corners if c not in roof]
    deadly = _DEADLY.format(f"{x} and {y}")
    removed = {d for _, d in step.eliminations}
    base = (
        f"the cells {words.cells(corners)} form a rectangle over two boxes, and all four have "
        f"{x} and {y} as candidates"
    )
    effect = words.removing(step.eliminations)
    test = step.technique
    if test == "Uniqueness Test 1":
        (extra,) = roof
        pattern = f"{base}; all but {cell_name(extra)} hold nothing else"
        why = (
            f"if {cell_name(extra)} were {x} or {y} too, the four cells would be {deadly}, so it "
            "holds another digit"
        )
    elif test == "Hidden Rectangle":
        ((target, lost),) = step.eliminations
        (keep,) = {x, y} - {lost}
        corner = corners[3 - corners.index(target)]
        lines = list(UNITS_OF[target][:2])
        pattern = (
            f"{base}; {cell_name(corner)} holds only them, and in {words.units(lines)} the "
            f"{keep}s lie only in the rectangle"
        )
        why = (
            f"if {cell_name(target)} were {lost}, the {keep}s of {words.units(lines)} would be in "
            f"the two corners beside it, {cell_name(corner)} would be {lost}, and the four cells "
            f"would be {deadly}"
        )
    elif test == "Uniqueness Test 4":
        (lost,) = removed
        (keep,) = {x, y} - {lost}
        u = next(
            u for u in _shared(roof) if {c for c in UNITS[u] if board.has(c, keep)} == set(roof)
        )
        pattern = f"{base}; in {words.unit(u)} the {keep}s lie only in {words.cells(roof)}"
        why = (
            f"one of {words.cells(roof)} is {keep}, so if the other were {lost} the four cells "
            f"would be {deadly}"
        )
    elif test == "Uniqueness Test 6":
        (locked,) = removed
        (other,) = {x, y} - {locked}
        lines = sorted({u for c in corners for u in UNITS_OF[c][:2]})
        pattern = (
            f"{base}; {words.cells(floor)} hold only them, and in {words.units(lines)} the "
            f"{locked}s lie only in the rectangle"
        )
        why = (
            f"the {locked}s of these lines lie on one diagonal of the rectangle; on "
            f"{words.cells(roof)} the other two cells would be {other}, {deadly}, so they are on "
            f"{words.cells(floor)}"
        )
    elif test == "Uniqueness Test 3":
        pattern, why = _test3(step, board, roof, pair_mask, base=base, deadly=deadly)
    else:  # Tests 2 and 5: the extra corners share one extra digit
        (z,) = removed
        others = "the others" if len(roof) > 2 else words.cells(roof)
        hold = "holds" if len(floor) == 1 else "hold"
        pattern = f"{base}; {words.cells(floor)} {hold} only them, and {others} have one more, {z}"
        cells = sorted({c for c, _ in step.eliminations})
        why = (
            f"to avoid {deadly}, {words.either([cell_name(c) for c in roof])} is {z}, so "
            f"{words.cells(cells)}, which see{'s' if len(cells) == 1 else ''} "
            f"{'both' if len(roof) == 2 else 'all of them'}, cannot be {z}"
        )
    return levels(
        f"Look at {boxes(corners)}: {words.a_technique(test)} is there",
        pattern,
        f"{why}: {effect}",
    )


def _test3(
    step: Step, board: Board, roof: list[Cell], pair_mask: int, *, base: str, deadly: str
) -> tuple[str, str]:
    """Uniqueness Test 3: the roof's extra digits act as one cell of a naked subset."""
    extra = 0
    for c in roof:
        extra |= board.cands[c] & ~pair_mask
    removed = set(step.eliminations)
    for u in _shared(roof):
        others = [c for c in UNITS[u] if board.cands[c] and c not in roof]
        for size in range(1, 4):
            for group in combinations(others, size):
                mask = extra
                for c in group:
                    mask |= board.cands[c]
                if bin(mask).count("1") != size + 1:
                    continue
                keep = set(group) | set(roof)
                lost = {
                    (c, d)
                    for c in UNITS[u]
                    if c not in keep
                    for d in MASK_DIGITS[board.cands[c] & mask]
                }
                if lost == removed:
                    digits = MASK_DIGITS[mask]
                    pattern = (
                        f"{base}; {words.cells(roof)} have the extra candidates "
                        f"{words.digits(MASK_DIGITS[extra])}, and in {words.unit(u)} "
                        f"{words.cells(group)} hold only {words.digits(MASK_DIGITS[mask & ~extra] or digits)}"
                    )
                    why = (
                        f"to avoid {deadly}, one of {words.cells(roof)} holds an extra digit, so "
                        f"together they act as one cell with {words.digits(MASK_DIGITS[extra], 'or')}; "
                        f"with {words.cells(group)} they form a naked subset of "
                        f"{words.digits(digits)} in {words.unit(u)}, whose other cells lose those "
                        "digits"
                    )
                    return pattern, why
    extras = words.digits(MASK_DIGITS[extra])
    return (
        f"{base}; {words.cells(roof)} have the extra candidates {extras}",
        f"to avoid {deadly}, {words.cells(roof)} act as one cell with {extras}, part of a naked "
        "subset",
    )


def avoidable_rectangle(step: Step, board: Board) -> Levels:
    """Avoidable Rectangles: corners solved since the start (no givens) and the rest."""
    corners = list(step.cells)
    solved = [c for c in corners if board.values[c]]
    open_cells = [c for c in corners if not board.values[c]]
    pair = sorted({board.values[c] for c in solved})
    deadly = _DEADLY.format(words.digits(pair))
    placed = words.join(f"{cell_name(c)} is {board.values[c]}" for c in solved)
    holds = words.join(
        f"{cell_name(c)} holds {words.digits(MASK_DIGITS[board.cands[c]], 'or')}"
        for c in open_cells
    )
    pattern = (
        f"the cells {words.cells(corners)} form a rectangle over two boxes: {placed} (none of "
        f"them a given), and {holds}"
    )
    removed = sorted({d for _, d in step.eliminations})
    if step.technique == "Avoidable Rectangle Type 1":
        ((target, lost),) = step.eliminations
        why = (
            f"if {cell_name(target)} were {lost}, the four cells would be {deadly}, since no given "
            "fixes them"
        )
    else:
        (z,) = removed
        cells = sorted({c for c, _ in step.eliminations})
        why = (
            f"if neither {cell_name(open_cells[0])} nor {cell_name(open_cells[1])} were {z}, the "
            f"four cells would be {deadly}; so one of them is {z}, and {words.cells(cells)}, which "
            f"see{'s' if len(cells) == 1 else ''} both, cannot be {z}"
        )
    return levels(
        f"Look at {boxes(corners)}: {words.a_technique(step.technique)} is there",
        pattern,
        f"{why}: {words.removing(step.eliminations)}",
    )


def bug_plus_one(step: Step, board: Board) -> Levels:
    """Every empty cell but one has two candidates: the odd one's extra digit is true (placed,
    or its other candidates removed, as HoDoKu does)."""
    ((cell, digit),) = step.placements or step.candidates
    name = cell_name(cell)
    return levels(
        "Almost every empty cell has two candidates: a BUG+1 is there",
        f"every empty cell but {name} has two candidates; {name} has three: "
        f"{words.digits(MASK_DIGITS[board.cands[cell]])}",
        f"without {digit} in {name}, every cell would have two candidates and every digit two "
        f"places in each unit, a pattern with two solutions or none; {digit} is the candidate of "
        f"{name} with three places in its row, column and box, so {name} is {digit}: "
        f"{words.effect(step.placements, step.eliminations)}",
    )
