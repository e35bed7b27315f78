"""Grouped Nice Loops / AICs: alternating chains whose nodes may be groups of candidates.

A *group node* is a digit's candidates in the cells where a box and a line cross (two or
three cells): "on" when one of them is the digit. Links as for single candidates
(:mod:`sudoku_core.logic.chains`), with cells replaced by cell sets:

- strong: in a unit, the digit's places are exactly two nodes (a group and a cell, or two groups);
- weak: two nodes of a digit whose cells all see each other (and share none), or two
  digits of one cell.

A chain A=...=Z proves "A or Z" as before; only chains that use a group are reported here
(the plain search, tried first, finds the others).

The search is a generator (:func:`iter_grouped_aic`) that yields after each starting node: it
takes up to 0.18 s on the hardest puzzles in CPython, and the bridge's 30 ms slices can only
stop at a yield.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Final

from sudoku_core._slices import run_to_end
from sudoku_core.grid import UNITS_OF, col_of, row_of
from sudoku_core.logic.board import (
    ALL_CELLS,
    BIT_COUNT,
    BOX_BITS,
    MASK_DIGITS,
    PEER_BITS,
    UNIT_BITS,
    Board,
    cells_of,
)
from sudoku_core.logic.chains import MAX_NODES
from sudoku_core.logic.steps import Link, Search, Step, make_step, spread

__all__ = ["find_grouped_aic", "iter_grouped_aic"]

GNode = tuple[int, int]
"""(digit, cellset): one candidate when the cellset has one cell, a group otherwise."""


def _name(node: GNode) -> str:
    d, bits = node
    cells = list(cells_of(bits))
    rows = sorted({row_of(c) + 1 for c in cells})
    cols = sorted({col_of(c) + 1 for c in cells})
    return f"({d})r{''.join(map(str, rows))}c{''.join(map(str, cols))}"


def _seen(bits: int) -> int:
    """Cells that see every cell of ``bits``."""
    common = ALL_CELLS
    for c in cells_of(bits):
        common &= PEER_BITS[c]
    return common


_BOX_LINES: Final = tuple(
    (box, tuple(line for line in UNIT_BITS[:18] if line & box)) for box in BOX_BITS
)
"""Each box with the rows and columns that cross it, in unit order."""


def _groups(board: Board) -> dict[GNode, int]:
    """Each group node (a digit in 2-3 cells of a box-line crossing) and the cells that see it all."""
    found: dict[GNode, int] = {}
    for d in range(1, 10):
        where_d = board.where[d]
        for box, lines in _BOX_LINES:
            in_box = where_d & box
            if in_box & (in_box - 1):
                for line in lines:
                    bits = in_box & line
                    if bits.bit_count() >= 2:
                        found[(d, bits)] = _seen(bits)
    return found


def _links(board: Board, groups: dict[GNode, int]) -> dict[GNode, list[GNode]]:
    links: dict[GNode, list[GNode]] = {}

    def add(a: GNode, b: GNode) -> None:
        if b not in links.setdefault(a, []):
            links[a].append(b)
            links.setdefault(b, []).append(a)

    for c in cells_of(board.unsolved):
        if BIT_COUNT[board.cands[c]] == 2:
            x, y = MASK_DIGITS[board.cands[c]]
            add((x, 1 << c), (y, 1 << c))
    of_digit: list[list[int]] = [[] for _ in range(10)]
    for d, bits in groups:
        of_digit[d].append(bits)
    for d in range(1, 10):
        where_d = board.where[d]
        for unit in UNIT_BITS:
            spots = where_d & unit
            if spots.bit_count() == 2:
                a, b = cells_of(spots)
                add((d, 1 << a), (d, 1 << b))
        for bits in of_digit[d]:
            # the units that hold the whole group: its line and its box (in unit order)
            for u in UNITS_OF[bits.bit_length() - 1]:
                unit = UNIT_BITS[u]
                if bits & ~unit:
                    continue
                spots = where_d & unit
                if spots == bits:
                    continue
                rest = spots & ~bits
                if rest.bit_count() == 1 or (d, rest) in groups:
                    add((d, bits), (d, rest))
    return links


def _weak(
    board: Board,
    node: GNode,
    groups: dict[GNode, int],
    links: dict[GNode, list[GNode]],
    linked: list[list[GNode]],
) -> Iterator[GNode]:
    """The nodes ``node`` (on) turns off that carry a strong link onwards; ``linked[d]``: the
    group nodes of digit d that have one."""
    d, bits = node
    seen = groups[node] if node in groups else PEER_BITS[bits.bit_length() - 1]
    if bits.bit_count() == 1:
        for e in MASK_DIGITS[board.cands[bits.bit_length() - 1] & ~(1 << (d - 1))]:
            if (e, bits) in links:
                yield (e, bits)
    for p in cells_of(board.where[d] & seen):
        if (d, 1 << p) in links:
            yield (d, 1 << p)
    for other in linked[d]:
        if not other[1] & ~seen:
            yield other


def _targets(board: Board, a: GNode, z: GNode, seen_a: int, seen_z: int) -> list[tuple[int, int]]:
    """What a chain from ``a`` (on) to ``z`` removes; ``seen_*`` the cells that see each."""
    (da, ba), (dz, bz) = a, z
    if da == dz:
        removed = [(c, da) for c in cells_of(board.where[da] & seen_a & seen_z & ~ba & ~bz)]
        if removed and (ba & (ba - 1) or bz & (bz - 1)):
            # HoDoKu ends a chain on single candidates only: a group end is a Discontinuous
            # Nice Loop from the cell that loses the digit, one step each; the first cell's
            # is the one its order takes.
            return removed[:1]
        return removed
    if ba.bit_count() > 1 and bz.bit_count() > 1:
        return []
    if ba.bit_count() > 1 or bz.bit_count() > 1:
        # A cell at one end that sees the whole group at the other: it cannot hold the group's
        # digit (it would turn both ends off), HoDoKu's Grouped Discontinuous Nice Loop.
        if bz.bit_count() > 1:
            cell, digit, seen = ba.bit_length() - 1, dz, seen_z
        else:
            cell, digit, seen = bz.bit_length() - 1, da, seen_a
        return [(cell, digit)] if seen >> cell & 1 and board.has(cell, digit) else []
    ca, cz = ba.bit_length() - 1, bz.bit_length() - 1
    if ca == cz:
        return [(ca, d) for d in MASK_DIGITS[board.cands[ca] & ~(1 << (da - 1)) & ~(1 << (dz - 1))]]
    if PEER_BITS[ca] >> cz & 1:
        return [t for t in ((ca, dz), (cz, da)) if board.has(*t)]
    return []


def _is_lasso(chain: list[GNode]) -> bool:
    """HoDoKu's test for a chain that comes back on itself: a node whose (first) cell is a cell
    of any node but the one just before it, groups with all their cells, whatever the digits;
    a loop back to the start cell, when the ends share it, is not one."""
    start = chain[0][1] if chain[0][1] == chain[-1][1] else 0
    used = 0
    for before, node in zip(chain, chain[2:], strict=False):
        used |= before[1] & ~start
        if used & (node[1] & -node[1]):
            return True
    return False


def _rebuild(nodes: list[GNode], parent: list[int], state: int) -> list[GNode]:
    """The chain that reached ``state``, from its start (the state that is its own parent)."""
    chain = [nodes[state >> 1]]
    while parent[state] != state:
        state = parent[state]
        chain.append(nodes[state >> 1])
    return chain[::-1]


def find_grouped_aic(board: Board) -> Step | None:
    """Grouped AIC / discontinuous Nice Loop: the chain using a group that removes the most."""
    return run_to_end(iter_grouped_aic(board))


def iter_grouped_aic(board: Board) -> Search:
    """:func:`find_grouped_aic` in slices: yields after each node a chain starts from.

    The nodes are numbered (in the order the starts are tried) and a state of the walk, a
    node on or off, is ``2 * number + on``: the walk's bookkeeping is lists indexed by ints,
    not dicts of tuples of tuples, and what a start needs of each node (the cells that see it)
    is listed once per search, and an end is tested with one AND before its eliminations
    are listed. With the group nodes listed per box and line that cross (not every pair), a
    search went from 4.3 to 2.5 ms (CPU, 279 boards of 5 forum_hardest paths), the same
    chains in the same order.
    """
    groups = _groups(board)
    if not groups:
        return None
    links = _links(board, groups)
    linked: list[list[GNode]] = [[] for _ in range(10)]
    for d, bits in links:
        if bits.bit_count() > 1:
            linked[d].append((d, bits))
    if not any(linked):
        return None
    nodes = sorted(links)
    number = {node: i for i, node in enumerate(nodes)}
    strong = [[number[other] for other in links[node]] for node in nodes]
    seers = [
        groups[node] if node in groups else PEER_BITS[node[1].bit_length() - 1] for node in nodes
    ]
    # A node's weak links depend on the board alone, and every start walks most nodes again:
    # listing them once per search halved it (10.5 to 5.4 ms a board, CPU, on 221 boards
    # along the paths of 8 forum_hardest puzzles).
    weak: list[list[int] | None] = [None] * len(nodes)
    best: tuple[tuple[int, int, int], list[GNode], list[tuple[int, int]]] | None = None
    for a_number, a in enumerate(nodes):
        yield
        seen_a = seers[a_number]
        seen_a_with = board.where[a[0]] & seen_a & ~a[1]
        a_is_group = a[1] & (a[1] - 1)
        start = 2 * a_number
        parent = [-1] * (2 * len(nodes))
        parent[start] = start
        frontier = [start]
        depth = 1
        while frontier and depth < MAX_NODES:
            depth += 1
            following: list[int] = []
            for state in frontier:
                at, on = state >> 1, state & 1
                if on:
                    nexts = weak[at]
                    if nexts is None:
                        nexts = weak[at] = [
                            number[other]
                            for other in _weak(board, nodes[at], groups, links, linked)
                        ]
                else:
                    nexts = strong[at]
                for other in nexts:
                    reached = 2 * other + 1 - on
                    if parent[reached] >= 0:
                        continue
                    parent[reached] = state
                    following.append(reached)
                    if on:
                        continue
                    if other == a_number:
                        # back at the start, on: it is true, its cell loses its other digits
                        if a_is_group:
                            continue
                        cell = a[1].bit_length() - 1
                        others = board.cands[cell] & ~(1 << (a[0] - 1))
                        targets = [(cell, d) for d in MASK_DIGITS[others]]
                        key = (len(targets), -spread(targets), -depth)
                        if best is not None and key <= best[0]:
                            continue
                        chain = _rebuild(nodes, parent, reached)
                        if (
                            chain[1][1] != a[1]  # HoDoKu's loop leaves the start cell first
                            and any(b.bit_count() > 1 for _, b in chain)
                            and not _is_lasso(chain)
                        ):
                            best = (key, chain, targets)
                        continue
                    z = nodes[other]
                    if z[0] == a[0]:
                        if not seen_a_with & seers[other] & ~z[1]:
                            continue  # nothing sees both ends
                    elif a_is_group and z[1] & (z[1] - 1):
                        continue  # two digits: a group end removes nothing but from a cell end
                    targets = _targets(board, a, z, seen_a, seers[other])
                    if not targets:
                        continue
                    key = (len(targets), -spread(targets), -depth)
                    if best is not None and key <= best[0]:
                        continue
                    chain = _rebuild(nodes, parent, reached)
                    if any(b.bit_count() > 1 for _, b in chain) and not _is_lasso(chain):
                        best = (key, chain, targets)
            frontier = following
    if best is None:
        return None
    _, chain, targets = best
    text = _name(chain[0]) + "".join(
        ("=" if i % 2 == 0 else "-") + _name(n) for i, n in enumerate(chain[1:])
    )
    used = [(c, d) for d, bits in chain for c in cells_of(bits)]
    return make_step(
        "Grouped Nice Loop/AIC",
        f"Grouped Nice Loop/AIC {text}: {_name(chain[0])} is true"
        if chain[0] == chain[-1]
        else f"Grouped Nice Loop/AIC {text}: {_name(chain[0])} or {_name(chain[-1])} is true",
        eliminations=targets,
        cells=list(dict.fromkeys(c for c, _ in used)),
        candidates=used,
        links=_chain_links(chain),
    )


def _chain_links(chain: list[GNode]) -> tuple[Link, ...]:
    """The chain's links, strong first; a group node is its first cell, with all its cells."""

    def end(node: GNode) -> tuple[tuple[int, int], tuple[int, ...]]:
        d, bits = node
        cells = tuple(cells_of(bits))
        return (cells[0], d), cells if len(cells) > 1 else ()

    found = []
    for i, (a, b) in enumerate(pairwise(chain)):
        (start, start_cells), (stop, stop_cells) = end(a), end(b)
        found.append(Link(start, stop, i % 2 == 0, start_cells, stop_cells))
    return tuple(found)
