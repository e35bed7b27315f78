"""Small patterns in words: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, the
wings (XY, XYZ, W), Remote Pair, Simple Colors and Multi Colors.

Each pattern level names the pattern's cells with what they hold; the effect level gives the
reason as the short chain behind it ("If r3c6 is not 5, r3c2 is 5; then r7c2 is not 5, so
r7c8 is 5") and what follows. The nudge names the digit of a one-digit pattern (it removes
candidates only) or the boxes of a wing's cells, never a cell.
"""

from __future__ import annotations

from sudoku_core.explain import words
from sudoku_core.explain.chains import boxes, false_facts, nodes, reading
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.grid import PEERS, UNITS, UNITS_OF, Cell, Digit, cell_name, col_of, row_of
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = [
    "colours",
    "empty_rectangle",
    "remote_pair",
    "two_links",
    "w_wing",
    "xy_wing",
    "xyz_wing",
]


def _digits_of(step: Step, cell: Cell) -> list[Digit]:
    return sorted(d for c, d in step.candidates if c == cell)


def _either(ds: list[Digit]) -> str:
    return words.digits(ds, "or")


def _see_both(step: Step, ends: str) -> str:
    """``r1c8 and r2c8, which see both, are not 5``."""
    cells = sorted({c for c, _ in step.eliminations})
    which = "sees" if len(cells) == 1 else "see"
    lost = words.digits({d for _, d in step.eliminations}, "or")
    return f"{words.cells(cells)}, which {which} {ends}, cannot be {lost}"


def two_links(step: Step, board: Board) -> Levels:
    """Skyscraper, 2-String Kite, Turbot Fish: two strong links whose ends see each other."""
    a1, a2, b2, b1 = step.cells
    u1, u2 = step.units
    digit = step.candidates[0][1]
    phrase = words.a_technique(step.technique)
    return levels(
        f"Look at the {digit}s in {words.units(step.units)}: {phrase} is there",
        f"in {words.unit(u1)} the {digit}s lie only in {cell_name(a1)} and {cell_name(a2)}, in "
        f"{words.unit(u2)} only in {cell_name(b1)} and {cell_name(b2)}, and {cell_name(a2)} "
        f"sees {cell_name(b2)}",
        f"{reading(step.links)}: one of {cell_name(a1)} and {cell_name(b1)} is {digit}, so "
        f"{_see_both(step, 'both')}: {words.removing(step.eliminations)}",
    )


def empty_rectangle(step: Step, board: Board) -> Levels:
    """A box whose digit lies on one row and one column, and a strong link that points at it."""
    box, line = step.units
    digit = step.candidates[0][1]
    near, far = step.cells[-2:]
    target = step.eliminations[0][0]
    if 9 <= line < 18:  # the link is in a column: it meets the box's row, the target its column
        box_row, box_col = row_of(near), 9 + col_of(target)
    else:
        box_row, box_col = row_of(target), 9 + col_of(near)
    cross = f"{words.unit(box_row)} and {words.unit(box_col)}"
    # the link's end in a line of the box rules the box's digit out of that line
    near_line, other_line = (box_row, box_col) if 9 <= line < 18 else (box_col, box_row)
    return levels(
        f"Look at the {digit}s in {words.unit(box)} and {words.unit(line)}: "
        "an Empty Rectangle is there",
        f"in {words.unit(box)} the {digit}s lie only in {cross}, and in {words.unit(line)} only in "
        f"{cell_name(near)} and {cell_name(far)}",
        f"if {cell_name(target)} were {digit}, {cell_name(far)} would not be, so {cell_name(near)} "
        f"would be; then {words.unit(box)} could not have its {digit} in {words.unit(near_line)}, "
        f"so it would be in {words.unit(other_line)}, which {cell_name(target)} is in too: "
        f"{words.removing(step.eliminations)}",
    )


def xy_wing(step: Step, board: Board) -> Levels:
    """A bivalue pivot and two bivalue pincers that share a digit."""
    pivot, a, b = step.cells
    z = step.eliminations[0][1]
    (x,) = set(_digits_of(step, a)) - {z}
    (y,) = set(_digits_of(step, b)) - {z}
    return levels(
        f"Look at the cells with two candidates in {boxes(step.cells)}: an XY-Wing is there",
        f"the pivot {cell_name(pivot)} holds {x} or {y}; it sees {cell_name(a)} ({x} or {z}) "
        f"and {cell_name(b)} ({y} or {z})",
        f"if {cell_name(pivot)} is {x}, {cell_name(a)} is {z}; if it is {y}, {cell_name(b)} is "
        f"{z}: one of them is {z} either way, so {_see_both(step, 'both')}: "
        f"{words.removing(step.eliminations)}",
    )


def xyz_wing(step: Step, board: Board) -> Levels:
    """A pivot with three candidates and two bivalue pincers; the three share a digit."""
    pivot, a, b = step.cells
    z = step.eliminations[0][1]
    (x,) = set(_digits_of(step, a)) - {z}
    (y,) = set(_digits_of(step, b)) - {z}
    return levels(
        f"Look at {boxes(step.cells)}: an XYZ-Wing is there",
        f"the pivot {cell_name(pivot)} holds {x}, {y} or {z}; it sees {cell_name(a)} "
        f"({x} or {z}) and {cell_name(b)} ({y} or {z})",
        f"if {cell_name(pivot)} is {x}, {cell_name(a)} is {z}; if it is {y}, {cell_name(b)} is "
        f"{z}; else it is {z} itself: one of the three is {z}, so "
        f"{_see_both(step, 'all three')}: {words.removing(step.eliminations)}",
    )


def _strong_unit(board: Board, digit: Digit, a: Cell, b: Cell) -> int:
    """The unit where ``digit`` has exactly the two places ``a`` and ``b``."""
    for u in UNITS_OF[a]:
        if b in UNITS[u] and {c for c in UNITS[u] if board.has(c, digit)} == {a, b}:
            return u
    return next(u for u in UNITS_OF[a] if b in UNITS[u])


def w_wing(step: Step, board: Board) -> Levels:
    """Two equal pairs bridged by a strong link on one of their digits."""
    a, e1, e2, b = step.cells
    x = next(d for c, d in step.candidates if c == e1)
    y = next(d for d in _digits_of(step, a) if d != x)
    u = _strong_unit(board, x, e1, e2)
    return levels(
        f"Look at the cells with two candidates in {boxes((a, b))}: a W-Wing is there",
        f"{cell_name(a)} and {cell_name(b)} both hold only {x} and {y}, and in {words.unit(u)} "
        f"the {x}s lie only in {cell_name(e1)}, which sees {cell_name(a)}, and {cell_name(e2)}, "
        f"which sees {cell_name(b)}",
        f"{reading(step.links)}: one of {cell_name(a)} and {cell_name(b)} is {y}, so "
        f"{_see_both(step, 'both')}: {words.removing(step.eliminations)}",
    )


def remote_pair(step: Step, board: Board) -> Levels:
    """A chain of cells with the same pair, each seeing the next."""
    pair = _digits_of(step, step.cells[0])
    chain = nodes(step.links)
    ends = (chain[0].cells[0], chain[-1].cells[0])
    x, y = pair
    return levels(
        f"Look at the cells that hold only {x} and {y}: a Remote Pair is there",
        f"the cells {words.cells(step.cells)} all hold only {x} and {y}, and each sees the next, "
        f"so {x} and {y} alternate along them",
        f"{cell_name(ends[0])} and {cell_name(ends[1])} are an odd number of links apart, so one "
        f"is {x} and the other {y}, and {_see_both(step, 'both')}: "
        f"{words.removing(step.eliminations)}",
    )


def _sees(cell: Cell, group: tuple[Cell, ...]) -> bool:
    return any(other in PEERS[cell] for other in group)


def colours(step: Step, board: Board) -> Levels:
    """Simple Colors (trap, wrap) and Multi Colors (types 1 and 2)."""
    digit = step.candidates[0][1]
    names = "ABCD"
    classes = step.colours
    clusters = [
        f"{words.cells(classes[i])} {'takes' if len(classes[i]) == 1 else 'take'} colour "
        f"{names[i]} and {words.cells(classes[i + 1])} colour {names[i + 1]}"
        for i in range(0, len(classes), 2)
    ]
    pattern = (
        f"along the strong links of {digit}, {'; in another cluster, '.join(clusters)}: in each "
        f"cluster, one colour holds every {digit} and the other none"
    )
    removed = tuple(sorted(c for c, _ in step.eliminations))
    wrong = next((i for i, group in enumerate(classes) if tuple(sorted(group)) == removed), None)
    effect = words.removing(step.eliminations)
    if wrong is not None and len(classes) == 2:
        group = classes[wrong]
        a, b = next((p, q) for p in group for q in group if p < q and q in PEERS[p])
        why = (
            f"colour {names[wrong]} has two cells that see each other ({cell_name(a)} and "
            f"{cell_name(b)}), which cannot both be {digit}, so colour {names[wrong]} is false"
        )
    elif wrong is not None:
        other = 2 if wrong < 2 else 0
        why = (
            f"colour {names[wrong]} sees both colour {names[other]} and colour "
            f"{names[other + 1]}, one of which is {digit}, so colour {names[wrong]} is false"
        )
    elif len(classes) == 2:
        why = f"{_see_both(step, 'a cell of each colour')}"
    else:
        why = _multi_trap(step, classes, names, digit)
    return levels(
        f"Look at the {digit}s in {boxes(step.cells)} and colour them along their strong "
        f"links: {words.a_technique(step.technique)} is there",
        pattern,
        f"{why}: {effect}",
    )


def _multi_trap(step: Step, classes: tuple[tuple[Cell, ...], ...], names: str, digit: Digit) -> str:
    """Multi Colors type 1: a colour of one cluster sees a colour of the other, so the two
    opposite colours cannot both be false; cells that see both opposites lose the digit."""
    for i in (0, 1):
        for j in (2, 3):
            if not any(_sees(c, classes[j]) for c in classes[i]):
                continue
            p, q = 1 - i, 5 - j
            if all(_sees(c, classes[p]) and _sees(c, classes[q]) for c, _ in step.eliminations):
                return (
                    f"colour {names[i]} sees colour {names[j]}, so they are not both {digit}, "
                    f"and colour {names[p]} or colour {names[q]} is; so "
                    f"{_see_both(step, 'a cell of both')}"
                )
    return f"{false_facts(step.eliminations)}, by the colours"
