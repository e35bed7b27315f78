"""Simple Colours and Multi-Colours on one digit.

The strong links on a digit form clusters; colouring a cluster's cells alternately gives
two colours, exactly one of which holds the digit. *Trap*: a cell seeing both colours
loses it. *Wrap*: a colour with two cells in one unit is false everywhere.
*Multi-Colours*: when a colour of one cluster sees a colour of another, the two opposite
colours cannot both be false, so a cell seeing both opposites loses the digit (type 1);
when a colour sees both colours of another cluster, it is false (type 2).
"""

from __future__ import annotations

from sudoku_core.logic.board import PEER_BITS, Board, cells_of
from sudoku_core.logic.per_digit import first_on_digits
from sudoku_core.logic.single_digit import strong_links
from sudoku_core.logic.steps import Step, cells_text, make_step

Cluster = tuple[int, int]
"""The two colours of a cluster, as cellsets."""


def clusters(board: Board, d: int) -> list[Cluster]:
    """The colour clusters of digit ``d`` with at least two cells."""
    adjacent: dict[int, list[int]] = {}
    for a, b, _ in strong_links(board, d):
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    found = []
    done: set[int] = set()
    for start in sorted(adjacent):
        if start in done:
            continue
        colour = {start: 0}
        queue = [start]
        for cell in queue:
            for other in adjacent[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    queue.append(other)
        done.update(colour)
        sides = [0, 0]
        for cell, side in colour.items():
            sides[side] |= 1 << cell
        found.append((sides[0], sides[1]))
    return found


def _sees(bits: int) -> int:
    """The cells that see at least one cell of ``bits``."""
    seen = 0
    for c in cells_of(bits):
        seen |= PEER_BITS[c]
    return seen


def _sees_twice(bits: int) -> int:
    """The cells of ``bits`` that see another cell of ``bits``."""
    return bits & _sees(bits)


def _step(  # noqa: PLR0917
    name: str, d: int, text: str, pattern: int, removed: int, colours: tuple[int, ...]
) -> Step:
    """``colours``: the cellsets of the colour classes, two per cluster."""
    return make_step(
        name,
        f"{name} on {d}: {text}",
        eliminations=[(c, d) for c in cells_of(removed)],
        cells=list(cells_of(pattern)),
        candidates=[(c, d) for c in cells_of(pattern)],
        colours=[list(cells_of(bits)) for bits in colours],
    )


def find_simple_colors(board: Board) -> Step | None:
    """Simple Colours: trap (a cell sees both colours) or wrap (a colour sees itself)."""
    return first_on_digits(board, "Simple Colors", _simple_colors_on)


def _simple_colors_on(board: Board, d: int) -> Step | None:
    where_d = board.where[d]
    for on, off in clusters(board, d):
        both = on | off
        trap = where_d & ~both & _sees(on) & _sees(off)
        if trap:
            return _step(
                "Simple Colors",
                d,
                f"colours {cells_text(cells_of(on))} / {cells_text(cells_of(off))}"
                " hold it once between them",
                both,
                trap,
                (on, off),
            )
        for wrong in (on, off):
            if _sees_twice(wrong):
                return _step(
                    "Simple Colors",
                    d,
                    f"colour {cells_text(cells_of(wrong))} sees itself, so it is false",
                    both,
                    wrong,
                    (on, off),
                )
    return None


def find_multi_colors(board: Board) -> Step | None:
    """Multi-Colours: two clusters linked where one colour sees another."""
    return first_on_digits(board, "Multi Colors", _multi_colors_on)


def _multi_colors_on(board: Board, d: int) -> Step | None:
    where_d = board.where[d]
    found = clusters(board, d)
    for i, (a0, a1) in enumerate(found):
        for j, (b0, b1) in enumerate(found):
            if i == j:
                continue
            pattern = a0 | a1 | b0 | b1
            for a, a_other in ((a0, a1), (a1, a0)):
                if _sees(a) & b0 and _sees(a) & b1:
                    return _step(
                        "Multi Colors",
                        d,
                        f"colour {cells_text(cells_of(a))} sees both colours of "
                        "another cluster, so it is false",
                        pattern,
                        a,
                        (a0, a1, b0, b1),
                    )
                if j < i:
                    continue
                for b, b_other in ((b0, b1), (b1, b0)):
                    if not _sees(a) & b:
                        continue
                    removed = where_d & ~pattern & _sees(a_other) & _sees(b_other)
                    if removed:
                        return _step(
                            "Multi Colors",
                            d,
                            f"{cells_text(cells_of(a_other))} or "
                            f"{cells_text(cells_of(b_other))} holds it",
                            pattern,
                            removed,
                            (a0, a1, b0, b1),
                        )
    return None
