"""Chains: X-Chain, XY-Chain and Alternating Inference Chains (discontinuous Nice Loops).

A *node* is a candidate (cell, digit). A *strong link* A=B: A and B cannot both be false
(a bivalue cell's two digits, a digit's two places in a unit). A *weak link* A-B: they cannot
both be true (two digits of a cell, one digit in two cells that see each other).
An alternating chain A=B-C=...=Z proves "A or Z": every candidate that sees both ends is
false; if the chain comes back to A itself, A is true.

The search is breadth-first from each candidate assumed false, so the chain found is a
shortest one from that start. X-Chains use one digit; XY-Chains bivalue cells only.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby

from sudoku_core.grid import cell_name
from sudoku_core.logic.board import BIT_COUNT, MASK_DIGITS, PEER_BITS, UNIT_BITS, Board, cells_of
from sudoku_core.logic.steps import Step, chain_links, make_step, spread

Node = int
"""A candidate as one int: ``9 * cell + digit - 1``."""

MAX_NODES = 24
"""Longest chain searched, in candidates (HoDoKu stops at 20 for chains)."""


def node_name(node: Node) -> str:
    """``(5)r1c2`` for digit 5 in r1c2.

    Examples:
        >>> node_name(9 * 1 + 4)
        '(5)r1c2'
    """
    return f"({node % 9 + 1}){cell_name(node // 9)}"


def strong_links(
    board: Board, *, cells: bool, units: bool, digit: int = 0
) -> dict[Node, list[Node]]:
    """The strong links: bivalue cells (``cells``) and bilocal units (``units``), per node."""
    links: dict[Node, list[Node]] = {}
    if cells:
        for c in cells_of(board.unsolved):
            if BIT_COUNT[board.cands[c]] == 2:
                x, y = MASK_DIGITS[board.cands[c]]
                links.setdefault(9 * c + x - 1, []).append(9 * c + y - 1)
                links.setdefault(9 * c + y - 1, []).append(9 * c + x - 1)
    if units:
        for d in [digit] if digit else range(1, 10):
            for bits in UNIT_BITS:
                spots = board.where[d] & bits
                if spots.bit_count() == 2:
                    a, b = cells_of(spots)
                    na, nb = 9 * a + d - 1, 9 * b + d - 1
                    if nb not in links.setdefault(na, []):
                        links[na].append(nb)
                        links.setdefault(nb, []).append(na)
    return links


def _weak(
    board: Board, node: Node, in_cell: bool, useful: dict[Node, list[Node]]
) -> Iterable[Node]:
    """The nodes weakly linked to ``node`` that carry a strong link onwards."""
    c, di = divmod(node, 9)
    if in_cell:
        for e in MASK_DIGITS[board.cands[c] & ~(1 << di)]:
            other = 9 * c + e - 1
            if other in useful:
                yield other
    for p in cells_of(board.where[di + 1] & PEER_BITS[c]):
        other = 9 * p + di
        if other in useful:
            yield other


def _sees(a: Node, b: Node) -> bool:
    ca, cb = a // 9, b // 9
    if ca == cb:
        return a != b
    return a % 9 == b % 9 and bool(PEER_BITS[ca] >> cb & 1)


def _targets(board: Board, a: Node, z: Node) -> list[tuple[int, int]]:
    """Candidates (cell, digit) other than a and z that see both."""
    ca, cb = a // 9, z // 9
    da, db = a % 9 + 1, z % 9 + 1
    if da == db:
        bits = board.where[da] & PEER_BITS[ca] & PEER_BITS[cb]
        return [(c, da) for c in cells_of(bits)]
    if ca == cb:
        return [(ca, d) for d in MASK_DIGITS[board.cands[ca] & ~(1 << (da - 1)) & ~(1 << (db - 1))]]
    if PEER_BITS[ca] >> cb & 1:
        found = []
        if board.has(ca, db):
            found.append((ca, db))
        if board.has(cb, da):
            found.append((cb, da))
        return found
    return []


def _chain_text(chain: list[Node]) -> str:
    parts = [node_name(chain[0])]
    for i, node in enumerate(chain[1:]):
        parts.append(("=" if i % 2 == 0 else "-") + node_name(node))
    return "".join(parts)


def _search(
    board: Board,
    name: str,
    links: dict[Node, list[Node]],
    *,
    in_cell: bool,
    same_digit: bool,
    bivalue_start: bool = False,
    loops: bool = False,
) -> Step | None:
    """The chain that removes the most candidates (ties: :func:`~sudoku_core.logic.steps.spread`,
    then for Nice Loops and AICs the shorter), as HoDoKu picks it;
    a chain that proves its start true counts the cell's other candidates. A chain passes each
    candidate once. With ``loops``, a chain that ends on a candidate weakly linked back to its
    start is a continuous Nice Loop, counted with every weak link's removals (HoDoKu's)."""
    best: tuple[tuple[int, int, int], list[Node], list[tuple[int, int]], bool] | None = None
    weak: dict[Node, list[Node]] = {}  # per node, listed once: every start walks it again
    for a in sorted(links):
        if bivalue_start and BIT_COUNT[board.cands[a // 9]] != 2:
            continue
        # BFS over (node, on?) states; parent pointers rebuild the chain.
        parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(a, False): None}
        frontier = [(a, False)]
        depth = 1
        while frontier and depth < MAX_NODES:
            depth += 1
            following: list[tuple[Node, bool]] = []
            for node, on in frontier:
                if on:
                    nexts = weak.get(node)
                    if nexts is None:
                        nexts = weak[node] = list(_weak(board, node, in_cell, links))
                else:
                    nexts = links.get(node, [])
                for other in nexts:
                    state = (other, not on)
                    if state in parent:
                        continue
                    parent[state] = (node, on)
                    following.append(state)
                    if on:
                        continue
                    # ``other`` is on: a chain a = ... = other proves "a or other".
                    if other == a:
                        # a is true: it removes the cell's other candidates
                        others = [
                            (a // 9, d) for d in MASK_DIGITS[board.cands[a // 9]] if d != a % 9 + 1
                        ]
                        key = (len(others), -spread(others), -depth if in_cell else 0)
                        if best is None or key > best[0]:
                            chain = _rebuild(parent, state)
                            if len(set(chain)) == len(chain) - 1 and not (
                                in_cell and (chain[1] // 9 == a // 9 or _passes_twice(chain, True))
                            ):  # a loop, not a lasso; HoDoKu's leaves the start cell first
                                best = (key, chain, others, True)
                        continue
                    if loops and depth > 3 and _sees(other, a):
                        chain = _rebuild(parent, state)
                        targets = _loop_targets(board, chain) if _is_loop(chain) else []
                        key = (len(targets), -spread(targets), -depth if in_cell else 0)
                        if targets and (best is None or key > best[0]):
                            best = (key, [*chain, a], targets, False)  # a twice: the loop closes
                            continue
                    if same_digit and other % 9 != a % 9:
                        continue
                    targets = [
                        t
                        for t in _targets(board, a, other)
                        if 9 * t[0] + t[1] - 1 not in (a, other)
                    ]
                    if not targets:
                        continue
                    key = (len(targets), -spread(targets), -depth if in_cell else 0)
                    if best is None or key > best[0]:
                        chain = _rebuild(parent, state)
                        # no candidate twice (HoDoKu has no lassos), nor a cell for its AICs
                        if len(set(chain)) == len(chain) and not (
                            in_cell and _passes_twice(chain, False)
                        ):
                            best = (key, chain, targets, False)
            frontier = following
    if best is None:
        return None
    _, chain, found, proves_start = best
    return _make(board, name, chain, proves_start=proves_start, targets=found)


def _passes_twice(chain: list[Node], loop: bool) -> bool:
    """HoDoKu's lasso test for its Nice Loops and AICs: a node in the cell of any node but the
    one just before it (in a ``loop``, its start cell may come back).

    Examples:
        >>> _passes_twice([9 * 0, 9 * 5, 9 * 5 + 1, 9 * 0 + 1], False)
        True
        >>> _passes_twice([9 * 0, 9 * 5, 9 * 5 + 1, 9 * 0 + 1], True)
        False
    """
    start = chain[0] // 9 if loop else -1
    used = 0
    for before, node in zip(chain, chain[2:], strict=False):
        if before // 9 != start:
            used |= 1 << (before // 9)
        if used >> (node // 9) & 1:
            return True
    return False


def _is_loop(chain: list[Node]) -> bool:
    """A loop HoDoKu accepts: each cell it passes holds one stretch of consecutive nodes (a
    bivalue cell's strong link, or a weak link in the cell), but the start cell, which it may
    come back to at the end."""
    runs = [cell for cell, _ in groupby(n // 9 for n in chain)]
    if len(runs) > 1 and runs[-1] == runs[0]:
        runs.pop()
    return len(set(runs)) == len(runs)


def _loop_targets(board: Board, chain: list[Node]) -> list[tuple[int, int]]:
    """What a continuous Nice Loop removes: ``chain`` is a=...=z (strong links first, then
    alternating) and z-a closes it. Each weak link x-y, both ends in one cell, removes that
    cell's other digits; between two cells, their digit from every cell outside the loop that
    sees both."""
    loop_cells = 0
    for n in chain:
        loop_cells |= 1 << (n // 9)
    found: set[tuple[int, int]] = set()
    for i in range(1, len(chain), 2):
        x, y = chain[i], chain[(i + 1) % len(chain)]
        cx, cy = x // 9, y // 9
        if cx == cy:
            keep = 1 << (x % 9) | 1 << (y % 9)
            found.update((cx, d) for d in MASK_DIGITS[board.cands[cx] & ~keep])
        else:
            d = x % 9 + 1
            bits = board.where[d] & PEER_BITS[cx] & PEER_BITS[cy] & ~loop_cells
            found.update((c, d) for c in cells_of(bits))
    return sorted(found)


def _rebuild(
    parent: dict[tuple[Node, bool], tuple[Node, bool] | None], state: tuple[Node, bool]
) -> list[Node]:
    chain = []
    current: tuple[Node, bool] | None = state
    while current is not None:
        chain.append(current[0])
        current = parent[current]
    return chain[::-1]


def _make(
    board: Board,
    name: str,
    chain: list[Node],
    *,
    proves_start: bool = False,
    targets: list[tuple[int, int]] | None = None,
) -> Step:
    a, z = chain[0], chain[-1]
    cells = list(dict.fromkeys(n // 9 for n in chain))
    nodes = [(n // 9, n % 9 + 1) for n in chain]
    candidates = nodes
    if a == z and not proves_start:
        return make_step(
            name,
            f"{name} {_chain_text(chain)}: a continuous loop, so each weak link holds both ways",
            eliminations=targets or [],
            cells=cells,
            candidates=nodes[:-1],
            links=chain_links(nodes),
        )
    if proves_start:
        # HoDoKu writes this step as the cell's other digits removed (a Naked Single follows).
        return make_step(
            name,
            f"{name} {_chain_text(chain)}: if {node_name(a)} were false it would be true",
            eliminations=targets or [],
            cells=cells,
            candidates=candidates,
            links=chain_links(nodes),
        )
    return make_step(
        name,
        f"{name} {_chain_text(chain)}: {node_name(a)} or {node_name(z)} is true",
        eliminations=targets or [],
        cells=cells,
        candidates=candidates,
        links=chain_links(nodes),
    )


def find_x_chain(board: Board) -> Step | None:
    """X-Chain: an alternating chain on one digit through its strong links."""
    for d in range(1, 10):
        links = strong_links(board, cells=False, units=True, digit=d)
        step = _search(board, "X-Chain", links, in_cell=False, same_digit=True)
        if step:
            return step
    return None


def find_xy_chain(board: Board) -> Step | None:
    """XY-Chain: bivalue cells, each seeing the next, same digit at both ends."""
    links = strong_links(board, cells=True, units=False)
    return _search(board, "XY-Chain", links, in_cell=False, same_digit=True, bivalue_start=True)


def find_aic(board: Board) -> Step | None:
    """Alternating Inference Chain / discontinuous Nice Loop over all strong and weak links."""
    links = strong_links(board, cells=True, units=True)
    return _search(board, "Nice Loop/AIC", links, in_cell=True, same_digit=False, loops=True)
