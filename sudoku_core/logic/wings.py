"""Wings and Remote Pairs: patterns built from cells with two (or three) candidates.

- XY-Wing: pivot {x,y} sees pincers {x,z} and {y,z}; one pincer holds z, so cells seeing
  both pincers lose z.
- XYZ-Wing: pivot {x,y,z} with the same pincers; cells seeing all three lose z.
- W-Wing: two cells {x,y} that do not see each other, joined by a strong link on x whose ends
  each see one of them; one of the two holds y, so cells seeing both lose y.
- Remote Pair: a chain of cells with the same pair {x,y}, each seeing the next; the two
  colours of the chain hold x and y alternately, so a cell seeing both colours loses x and y.
"""

from __future__ import annotations

from sudoku_core.grid import cell_name
from sudoku_core.logic.board import BIT_COUNT, MASK_DIGITS, PEER_BITS, Board, Candidate, cells_of
from sudoku_core.logic.single_digit import strong_links
from sudoku_core.logic.steps import (
    Link,
    Step,
    cells_text,
    chain_links,
    digits_text,
    make_step,
    spread,
)


def _bivalue(board: Board) -> list[int]:
    return [c for c in cells_of(board.unsolved) if BIT_COUNT[board.cands[c]] == 2]


def find_xy_wing(board: Board) -> Step | None:
    """XY-Wing: a bivalue pivot and two bivalue pincers that share digit z."""
    cands = board.cands
    pairs = _bivalue(board)
    for pivot in pairs:
        pm = cands[pivot]
        wings = [
            c
            for c in pairs
            if c != pivot and PEER_BITS[pivot] >> c & 1 and BIT_COUNT[cands[c] & pm] == 1
        ]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                za = cands[a] & ~pm
                if cands[b] & ~pm != za or cands[a] & cands[b] & pm:
                    continue
                z = za.bit_length()
                removed = board.where[z] & PEER_BITS[a] & PEER_BITS[b] & ~(1 << pivot)
                if removed:
                    x = (cands[a] & pm).bit_length()
                    y = (cands[b] & pm).bit_length()
                    return make_step(
                        "XY-Wing",
                        f"XY-Wing {digits_text(MASK_DIGITS[pm | za])}: pivot {cell_name(pivot)}, "
                        f"pincers {cell_name(a)}, {cell_name(b)}",
                        eliminations=[(c, z) for c in cells_of(removed)],
                        cells=[pivot, a, b],
                        candidates=[(c, d) for c in (pivot, a, b) for d in MASK_DIGITS[cands[c]]],
                        links=chain_links([(a, z), (a, x), (pivot, x), (pivot, y), (b, y), (b, z)]),
                    )
    return None


def find_xyz_wing(board: Board) -> Step | None:
    """XYZ-Wing: a pivot {x,y,z} and bivalue pincers {x,z}, {y,z} that it sees."""
    cands = board.cands
    pairs = _bivalue(board)
    for pivot in cells_of(board.unsolved):
        pm = cands[pivot]
        if BIT_COUNT[pm] != 3:
            continue
        wings = [c for c in pairs if PEER_BITS[pivot] >> c & 1 and cands[c] & ~pm == 0]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                if cands[a] == cands[b]:
                    continue
                zmask = cands[a] & cands[b]
                z = zmask.bit_length()
                removed = board.where[z] & PEER_BITS[a] & PEER_BITS[b] & PEER_BITS[pivot]
                if removed:
                    return make_step(
                        "XYZ-Wing",
                        f"XYZ-Wing {digits_text(MASK_DIGITS[pm])}: pivot {cell_name(pivot)}, "
                        f"pincers {cell_name(a)}, {cell_name(b)}",
                        eliminations=[(c, z) for c in cells_of(removed)],
                        cells=[pivot, a, b],
                        candidates=[(c, d) for c in (pivot, a, b) for d in MASK_DIGITS[cands[c]]],
                    )
    return None


def find_w_wing(board: Board) -> Step | None:
    """W-Wing: two equal pairs {x,y} bridged by a strong link on x, in HoDoKu's order (the
    pairs' smaller digit removed first); a link end may not see both pairs (HoDoKu's rule)."""
    cands = board.cands
    pairs = _bivalue(board)
    links = {d: strong_links(board, d) for d in range(1, 10)}
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            if cands[a] != cands[b] or PEER_BITS[a] >> b & 1:
                continue
            both = PEER_BITS[a] & PEER_BITS[b]
            for y in MASK_DIGITS[cands[a]]:
                x = (cands[a] & ~(1 << (y - 1))).bit_length()
                removed = board.where[y] & both
                if not removed:
                    continue
                for p, q, _ in links[x]:
                    if a in (p, q) or b in (p, q) or both >> p & 1 or both >> q & 1:
                        continue
                    for e1, e2 in ((p, q), (q, p)):
                        if PEER_BITS[a] >> e1 & 1 and PEER_BITS[b] >> e2 & 1:
                            return make_step(
                                "W-Wing",
                                f"W-Wing {digits_text((x, y))}: {cell_name(a)} and {cell_name(b)} "
                                f"joined by the strong link {cell_name(e1)}={cell_name(e2)} on {x}",
                                eliminations=[(c, y) for c in cells_of(removed)],
                                cells=[a, e1, e2, b],
                                candidates=[(a, x), (a, y), (e1, x), (e2, x), (b, x), (b, y)],
                                links=chain_links(
                                    [(a, y), (a, x), (e1, x), (e2, x), (b, x), (b, y)]
                                ),
                            )
    return None


def find_remote_pair(board: Board) -> Step | None:
    """Remote Pair: a chain of at least four cells with the same pair, coloured alternately;
    every cell that sees both colours loses the pair. Of the clusters of such cells, the one
    that removes most (ties: :func:`~sudoku_core.logic.steps.spread`), as HoDoKu picks it."""
    cands = board.cands
    pairs = _bivalue(board)
    seen: set[int] = set()
    best: tuple[tuple[int, int], list[int], dict[int, int], int, list[Candidate]] | None = None
    for start in pairs:
        if start in seen:
            continue
        mask = cands[start]
        colour = {start: 0}
        order = [start]
        for cell in order:
            for other in pairs:
                if other not in colour and cands[other] == mask and PEER_BITS[cell] >> other & 1:
                    colour[other] = 1 - colour[cell]
                    order.append(other)
        seen.update(order)
        if len(order) < 4:
            continue
        sides = [0, 0]
        for cell, side in colour.items():
            sides[side] |= 1 << cell
        targets = [
            target
            for target in cells_of(board.unsolved)
            if target not in colour
            and cands[target] & mask
            and PEER_BITS[target] & sides[0]
            and PEER_BITS[target] & sides[1]
        ]
        removed = [(t, d) for t in targets for d in MASK_DIGITS[cands[t] & mask]]
        if removed:
            key = (len(removed), -spread(removed))
            if best is None or key > best[0]:
                best = (key, order, colour, targets[0], removed)
    if best is None:
        return None
    _, order, colour, target, removed = best
    mask = cands[order[0]]
    return make_step(
        "Remote Pair",
        f"Remote Pair {digits_text(MASK_DIGITS[mask])} ({cells_text(order)})",
        eliminations=removed,
        cells=order,
        candidates=[(c, d) for c in order for d in MASK_DIGITS[mask]],
        links=_remote_links(board, order, colour, target),
    )


def _remote_links(
    board: Board, order: list[int], colour: dict[int, int], target: int
) -> tuple[Link, ...]:
    """The chain of pair cells that proves the removal in ``target``: the path between a cell
    of each colour that ``target`` sees, as an XY-Chain x=y-y=x-...=x (each cell's two digits
    strong, the next cell's same digit weak); read backwards it proves the other digit."""
    parent = {order[0]: order[0]}
    for cell in order:  # the colouring's breadth-first tree again (only for the emitted step)
        for other in order:
            if other not in parent and PEER_BITS[cell] >> other & 1:
                parent[other] = cell
    ends = [
        next(c for c in order if colour[c] == side and PEER_BITS[target] >> c & 1)
        for side in (0, 1)
    ]
    up = []
    for end in ends:
        path = [end]
        while path[-1] != order[0]:
            path.append(parent[path[-1]])
        up.append(path)
    while len(up[0]) > 1 and len(up[1]) > 1 and up[0][-2] == up[1][-2]:
        up[0].pop()
        up[1].pop()
    cells = up[0] + up[1][-2::-1]
    x, y = MASK_DIGITS[board.cands[order[0]]]
    nodes = []
    for cell in cells:
        nodes += [(cell, x), (cell, y)]
        x, y = y, x
    return chain_links(nodes)
