"""A plain, obviously-correct solver used only as an oracle for the fast one (as tdoku keeps
``solver_basic.cc``): row, column and box masks, most-constrained cell first, no propagation.

Without propagation some inputs take it exponentially long (a few givens with no solution: the
search must try every placement of the empty rows before it learns that), so a caller may give it
a node budget and skip the inputs it cannot finish."""

from __future__ import annotations

from sudoku_core.grid import Grid, box_of


class ReferenceGaveUpError(Exception):
    """The reference search used up its node budget before it knew the count."""


def reference_count(grid: Grid, limit: int, nodes: int | None = None) -> int:
    """The number of solutions of ``grid``, stopping at ``limit``; with ``nodes``, raises
    ReferenceGaveUpError after that many search nodes (about 5 us each in CPython).

    Examples:
        >>> reference_count((0,) * 81, limit=3)
        3
        >>> try:
        ...     reference_count((0,) * 81, limit=10**9, nodes=100)
        ... except ReferenceGaveUpError as error:
        ...     print(error)
        no count after 100 search nodes
    """
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    cells = list(grid)
    for c, d in enumerate(cells):
        if d:
            bit = 1 << d
            if (rows[c // 9] | cols[c % 9] | boxes[box_of(c)]) & bit:
                return 0
            rows[c // 9] |= bit
            cols[c % 9] |= bit
            boxes[box_of(c)] |= bit
    empty = [c for c in range(81) if not cells[c]]
    budget = [nodes]

    def count(found: int) -> int:
        if budget[0] is not None:
            if budget[0] <= 0:
                raise ReferenceGaveUpError(f"no count after {nodes} search nodes")
            budget[0] -= 1
        best, best_free = -1, 0
        for c in empty:
            if not cells[c]:
                free = ~(rows[c // 9] | cols[c % 9] | boxes[box_of(c)]) & 0x3FE
                if best < 0 or free.bit_count() < best_free.bit_count():
                    best, best_free = c, free
                    if not free:
                        return found
        if best < 0:
            return found + 1
        r, k, b = best // 9, best % 9, box_of(best)
        for d in range(1, 10):
            bit = 1 << d
            if best_free & bit:
                cells[best] = d
                rows[r] |= bit
                cols[k] |= bit
                boxes[b] |= bit
                found = count(found)
                cells[best] = 0
                rows[r] ^= bit
                cols[k] ^= bit
                boxes[b] ^= bit
                if found >= limit:
                    break
        return found

    return count(0)
