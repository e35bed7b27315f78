"""Rule checks on givens: which digits repeat in which unit.

A puzzle whose givens break the rules is *invalid*, a different answer from "no solution":
the person typed something wrong and needs to be told where.
"""

from __future__ import annotations

from operator import itemgetter

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.formats import GridLike, as_grid
from sudoku_core.grid import UNIT_KINDS, UNITS, Cell, Digit, Grid, cell_name, unit_name

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from sudoku_core.grid import UnitKind


class Conflict(Frozen):
    """One digit repeated in one unit: ``cells`` (0-based, ascending) all hold ``digit``."""

    _fields = ("digit", "unit", "cells")
    __slots__ = _fields
    digit: Digit
    unit: int
    """0..26: rows, then columns, then boxes (see :data:`sudoku_core.grid.UNITS`)."""
    cells: tuple[Cell, ...]

    def __init__(self, digit: Digit, unit: int, cells: tuple[Cell, ...]) -> None:
        frozen_init(self, digit, unit, cells)

    @property
    def kind(self) -> UnitKind:
        """``row``, ``column`` or ``box``."""
        return UNIT_KINDS[self.unit]

    @property
    def number(self) -> int:
        """The unit's number as people count, 1..9."""
        return self.unit % 9 + 1

    def describe(self) -> str:
        """A sentence for a person.

        Examples:
            >>> Conflict(digit=5, unit=2, cells=(18, 24)).describe()
            'digit 5 appears twice in row 3: r3c1, r3c7'
        """
        times = "twice" if len(self.cells) == 2 else f"{len(self.cells)} times"
        where = ", ".join(cell_name(c) for c in self.cells)
        return f"digit {self.digit} appears {times} in {unit_name(self.unit)}: {where}"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "digit": self.digit,
            "kind": self.kind,
            "number": self.number,
            "cells": list(self.cells),
            "message": self.describe(),
        }


_UNIT_DIGITS = [itemgetter(*unit) for unit in UNITS]
"""Per unit: a function that reads its nine cells' digits from a grid."""


def conflicts(puzzle: GridLike) -> list[Conflict]:
    """Every digit that appears more than once in a unit, in unit order then digit order.

    Examples:
        >>> [c.describe() for c in conflicts((5, 5) + (0,) * 79)]
        ['digit 5 appears twice in row 1: r1c1, r1c2', 'digit 5 appears twice in box 1: r1c1, r1c2']
    """
    return grid_conflicts(as_grid(puzzle))


def grid_conflicts(grid: Grid) -> list[Conflict]:
    """:func:`conflicts` of a grid already read (the callers inside the library)."""
    found: list[Conflict] = []
    for index, unit in enumerate(UNITS):
        digits = _UNIT_DIGITS[index](grid)
        if len(set(digits)) + digits.count(0) - (0 in digits) == 9:
            continue  # no digit twice: the usual case, tested in C (it was 28% of solve -f)
        by_digit: dict[Digit, list[Cell]] = {}
        for cell in unit:
            if grid[cell]:
                by_digit.setdefault(grid[cell], []).append(cell)
        found.extend(
            Conflict(digit=d, unit=index, cells=tuple(cells))
            for d, cells in sorted(by_digit.items())
            if len(cells) > 1
        )
    return found


def conflicting_cells(grid: GridLike) -> set[Cell]:
    """The cells that take part in any conflict."""
    return {cell for conflict in conflicts(grid) for cell in conflict.cells}
