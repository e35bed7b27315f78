"""The canonical form of a puzzle: its *minlex* representative.

Two puzzles are the same puzzle for a collector when one becomes the other by the moves that keep
every Sudoku a Sudoku: transposing the grid, reordering the bands, the rows within a band, the
stacks, the columns within a stack (2 x 6^8 = 3,359,232 grid symmetries), and relabelling the
digits (9!). The *minlex* form is the smallest of all those variants as an 81-character string,
an empty cell counting as smaller than any digit (``0``) and the digits relabelled in the order
they first appear (so the first given read is always ``1``). It is the form the Sudoku forum's
catalogues use, so a bank's unique index on it stores each puzzle once however it was written.

How it is found without trying 3.4 million variants: the string is decided row by row, and the
search keeps only the variants whose rows so far tie with the smallest ("candidates").

- The first row to place must be the smallest, and on a row alone relabelling makes every given
  ``1, 2, 3 ...`` in order, so only *where* its givens are counts: stacks with fewer givens first,
  inside a stack the empty columns first. That fixes the column order up to ties, which are
  enumerated (at most 2 x 6^4 orders, usually a few dozen).
- Empty rows come first whenever the bands allow it (the first given's position is the first
  thing compared), and they say nothing about the columns: the column order is chosen at the
  first row with a given, not before (otherwise an empty row would keep all 1,296 orders alive).
- Each later row is tried in every place the band structure allows; a variant survives only if
  its row, relabelled with the digits it has seen so far, ties with the smallest.

The cost is a few milliseconds per puzzle (``python -m sudoku_core bank bench``), small next to
grading it.

Examples:
    >>> minlex("1" + "." * 80)
    '................................................................................1'
    >>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> minlex(puzzle)[:27]
    '........1.....1.23..4.5....'
    >>> minlex(minlex(puzzle)) == minlex(puzzle)
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product
from typing import Final, NamedTuple

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.formats import GridLike, as_grid
from sudoku_core.grid import Grid

__all__ = ["Transform", "canonical_grid", "canonical_transform", "minlex", "transform"]

_BANDS: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
"""The rows of each band, which are also the columns of each stack."""

Row = tuple[int, ...]
Labels = list[int]
"""Digit -> its new label (index 0 unused; 0 = not seen yet)."""


class Transform(Frozen):
    """One of the moves, as :func:`transform` takes it: transpose first, then ``rows[i]`` and
    ``cols[i]`` are the source row and column of row and column ``i``, ``digits[d]`` the new
    digit of ``d`` (``digits[0] == 0``)."""

    _fields = ("transpose", "rows", "cols", "digits")
    __slots__ = _fields
    transpose: bool
    rows: Row
    cols: Row
    digits: Row

    def __init__(self, transpose: bool, rows: Row, cols: Row, digits: Row) -> None:
        frozen_init(self, transpose, rows, cols, digits)


class _Variant(NamedTuple):
    """One partial variant: whether it is transposed, the orientation's rows, the rows placed so
    far, the column order (None while only empty rows are placed) and the digit labels seen so
    far (a NamedTuple: the search makes thousands, and they never change)."""

    transposed: bool
    rows: tuple[Row, ...]
    placed: tuple[int, ...]
    cols: Row | None
    labels: Labels
    next_label: int


def _orientations(grid: Grid) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
    """The grid's rows as given and transposed."""
    rows = tuple(grid[9 * r : 9 * r + 9] for r in range(9))
    return rows, tuple(tuple(zip(*rows, strict=True)))


def _next_rows(placed: tuple[int, ...]) -> Iterator[int]:
    """The source rows that may come next: the rest of the current band, or when a band is
    complete, any row of a band not used yet."""
    if len(placed) % 3:
        band = _BANDS[placed[-1] // 3]
        yield from (row for row in band if row not in placed)
        return
    used = {row // 3 for row in placed}
    for band in _BANDS:
        if band[0] // 3 not in used:
            yield from band


def _first_orders(row: Row) -> list[Row]:
    """Every column order that makes ``row`` smallest on its own: stacks by ascending number of
    givens, each stack's empty columns before its givens (ties in any order)."""
    counts = [sum(1 for col in stack if row[col]) for stack in _BANDS]
    stack_orders = [order for order in permutations(range(3)) if _ascending(counts, order)]
    orders: list[Row] = []
    for order in stack_orders:
        parts = []
        for stack in order:
            empty = [col for col in _BANDS[stack] if not row[col]]
            given = [col for col in _BANDS[stack] if row[col]]
            parts.append([e + g for e in permutations(empty) for g in permutations(given)])
        orders.extend(a + b + c for a, b, c in product(*parts))
    return orders


def _ascending(counts: list[int], order: tuple[int, ...]) -> bool:
    return counts[order[0]] <= counts[order[1]] <= counts[order[2]]


def _label(values: Row, labels: Labels, next_label: int) -> tuple[Row, Labels, int]:
    """``values`` relabelled: known digits by their labels, new ones numbered in order."""
    out = []
    fresh: Labels | None = None
    for value in values:
        if not value:
            out.append(0)
            continue
        label = (fresh or labels)[value]
        if not label:
            if fresh is None:
                fresh = labels.copy()
            fresh[value] = label = next_label
            next_label += 1
        out.append(label)
    return tuple(out), fresh or labels, next_label


def _step(variants: list[_Variant]) -> list[_Variant]:
    """Place one more row in every way the bands allow; keep the variants whose row ties with
    the smallest."""
    best: Row | None = None
    kept: list[_Variant] = []
    for variant in variants:
        for source in _next_rows(variant.placed):
            values = variant.rows[source]
            placed = (*variant.placed, source)
            options: list[tuple[Row, Labels, int, Row | None]]
            if variant.cols is None:
                if not any(values):
                    options = [(values, variant.labels, 1, None)]
                else:
                    options = []
                    for cols in _first_orders(values):
                        row, labels, nxt = _label(tuple(values[c] for c in cols), variant.labels, 1)
                        options.append((row, labels, nxt, cols))
            else:
                row, labels, nxt = _label(
                    tuple(values[c] for c in variant.cols), variant.labels, variant.next_label
                )
                options = [(row, labels, nxt, variant.cols)]
            for row, labels, nxt, order in options:
                if best is None or row < best:
                    best, kept = row, []
                if row == best:
                    kept.append(
                        _Variant(variant.transposed, variant.rows, placed, order, labels, nxt)
                    )
    return kept


def _search(grid: Grid) -> _Variant:
    """A variant that gives the minlex string (any of the tied ones)."""
    variants = [
        _Variant(bool(turn), rows, (), None, [0] * 10, 1)
        for turn, rows in enumerate(_orientations(grid))
    ]
    for _ in range(9):
        variants = _step(variants)
    return variants[0]


def canonical_transform(puzzle: GridLike) -> Transform:
    """A move that takes ``puzzle`` to its minlex form (digits it lacks keep the labels left
    over, in order), so a tool can carry marks or a solution over to the canonical puzzle."""
    found = _search(as_grid(puzzle))
    digits = list(found.labels)
    spare = iter(label for label in range(1, 10) if label not in digits)
    digits = [0] + [label or next(spare) for label in digits[1:]]
    cols = found.cols if found.cols is not None else tuple(range(9))
    return Transform(found.transposed, found.placed, cols, tuple(digits))


def canonical_grid(puzzle: GridLike) -> Grid:
    """The minlex representative of ``puzzle`` as a grid (0 for an empty cell).

    It is made by :func:`transform` with :func:`canonical_transform`, so it is always a true
    variant of ``puzzle``, never a look-alike."""
    move = canonical_transform(puzzle)
    return transform(
        puzzle, transpose=move.transpose, rows=move.rows, cols=move.cols, digits=move.digits
    )


def minlex(puzzle: GridLike, empty: str = ".") -> str:
    """The minlex form of ``puzzle`` as an 81-character line (``empty`` for an empty cell)."""
    return "".join(str(d) if d else empty for d in canonical_grid(puzzle))


def transform(
    puzzle: GridLike,
    *,
    transpose: bool = False,
    rows: Row = tuple(range(9)),
    cols: Row = tuple(range(9)),
    digits: Row = tuple(range(10)),
) -> Grid:
    """``puzzle`` moved by one of the symmetries: optionally transposed, then its rows and
    columns reordered (``rows[i]`` is the source row of row ``i``) and its digits relabelled
    (``digits[d]`` is the new digit of ``d``, ``digits[0] == 0``). The orders must keep bands
    and stacks together; this is for tests and tools, so it checks that they do."""
    grid = as_grid(puzzle)
    for name, order in (("rows", rows), ("cols", cols)):
        if sorted(order) != list(range(9)) or any(
            {order[3 * b + i] // 3 for i in range(3)} != {order[3 * b] // 3} for b in range(3)
        ):
            raise ValueError(f"{name} must reorder bands and the lines within them: {order}")
    if len(digits) != 10 or digits[0] != 0 or sorted(digits[1:]) != list(range(1, 10)):
        raise ValueError(f"digits must relabel 1..9 and keep 0: {digits}")
    source = _orientations(grid)[1 if transpose else 0]
    return tuple(digits[source[r][c]] for r in rows for c in cols)
