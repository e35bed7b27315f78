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

from sudoku_core._steps import run_to_end
from sudoku_core.grid import col_of, row_of
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


def _groups(board: Board) -> dict[GNode, int]:
    """Each group node (a digit in 2-3 cells of a box-line crossing) and the cells that see it all."""
    found: dict[GNode, int] = {}
    for d in range(1, 10):
        for box in BOX_BITS:
            for line in UNIT_BITS[:18]:
                bits = board.where[d] & box & line
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
    for d in range(1, 10):
        for unit in UNIT_BITS:
            spots = board.where[d] & unit
            if spots.bit_count() == 2:
                a, b = cells_of(spots)
                add((d, 1 << a), (d, 1 << b))
        for gd, bits in groups:
            if gd != d:
                continue
            for unit in UNIT_BITS:
                spots = board.where[d] & unit
                if bits & ~spots or spots == bits:
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


def _targets(board: Board, a: GNode, z: GNode, groups: dict[GNode, int]) -> list[tuple[int, int]]:
    (da, ba), (dz, bz) = a, z
    if da == dz:
        seen_a = groups.get(a, PEER_BITS[ba.bit_length() - 1] if ba.bit_count() == 1 else _seen(ba))
        seen_z = groups.get(z, PEER_BITS[bz.bit_length() - 1] if bz.bit_count() == 1 else _seen(bz))
        return [(c, da) for c in cells_of(board.where[da] & seen_a & seen_z & ~ba & ~bz)]
    if ba.bit_count() > 1 or bz.bit_count() > 1:
        return []
    ca, cz = ba.bit_length() - 1, bz.bit_length() - 1
    if ca == cz:
        return [(ca, d) for d in MASK_DIGITS[board.cands[ca] & ~(1 << (da - 1)) & ~(1 << (dz - 1))]]
    if PEER_BITS[ca] >> cz & 1:
        return [t for t in ((ca, dz), (cz, da)) if board.has(*t)]
    return []


def _rebuild(
    parent: dict[tuple[GNode, bool], tuple[GNode, bool] | None], state: tuple[GNode, bool]
) -> list[GNode]:
    chain = []
    current: tuple[GNode, bool] | None = state
    while current is not None:
        chain.append(current[0])
        current = parent[current]
    return chain[::-1]


def find_grouped_aic(board: Board) -> Step | None:
    """Grouped AIC / discontinuous Nice Loop: the chain using a group that removes the most."""
    return run_to_end(iter_grouped_aic(board))


def iter_grouped_aic(board: Board) -> Search:
    """:func:`find_grouped_aic` in slices: yields after each node a chain starts from."""
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
    best: tuple[tuple[int, int], list[GNode], list[tuple[int, int]]] | None = None
    # A node's weak links depend on the board alone, and every start walks most nodes again:
    # listing them once per search halved it (10.5 to 5.4 ms a board, CPU, on 221 boards
    # along the paths of 8 forum_hardest puzzles).
    weak: dict[GNode, list[GNode]] = {}
    for a in sorted(links):
        yield
        parent: dict[tuple[GNode, bool], tuple[GNode, bool] | None] = {(a, False): None}
        frontier = [(a, False)]
        depth = 1
        while frontier and depth < MAX_NODES:
            depth += 1
            following: list[tuple[GNode, bool]] = []
            for node, on in frontier:
                if on:
                    nexts = weak.get(node)
                    if nexts is None:
                        nexts = weak[node] = list(_weak(board, node, groups, links, linked))
                else:
                    nexts = links.get(node, [])
                for other in nexts:
                    state = (other, not on)
                    if state in parent:
                        continue
                    parent[state] = (node, on)
                    following.append(state)
                    if on or other == a:
                        continue
                    targets = _targets(board, a, other, groups)
                    if not targets:
                        continue
                    key = (len(targets), -spread(targets))
                    if best is not None and key <= best[0]:
                        continue
                    chain = _rebuild(parent, state)
                    cells = [bits for _, bits in chain]
                    overlap = any(
                        cells[i] & cells[j] and chain[i][0] == chain[j][0]
                        for i in range(len(chain))
                        for j in range(i + 1, len(chain))
                    )
                    if any(b.bit_count() > 1 for b in cells) and not overlap:
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
        f"Grouped Nice Loop/AIC {text}: {_name(chain[0])} or {_name(chain[-1])} is true",
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
