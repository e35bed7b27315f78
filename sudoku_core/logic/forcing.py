"""The last resorts, as HoDoKu grades them: Forcing Chains, Forcing Nets, then trial and error.

Both forcing techniques work on *tables of implications* (Trebor's tables). Every candidate
gives two premises, "``d`` is in the cell" (on) and "``d`` is not" (off); each premise's table
holds every on/off fact that follows from it. The two techniques differ only in the direct
links each table starts from:

* **Forcing Chain** (500): the links of chains. On: the cell's other candidates are off, and
  ``d`` is off in the cell's peers. Off: the other candidate of a bivalue cell is on, the other
  place of ``d`` in a unit where it has two is on. Plus *group nodes* (the two or three places
  of a digit where a box meets a line), linked like single candidates.
* **Forcing Net** (700): the premise is applied to a trial board and up to four rounds of
  naked and hidden singles are placed; everything they place or rule out is linked.

A table is then everything its premise reaches through the links (the closure). A premise is
false if its table breaks the grid: it reaches its own opposite, a candidate both on and off,
two digits in a cell, one digit twice in a unit, a cell with every candidate off, or a unit
where a digit loses every place. A fact holds (*verity*) if both premises of a candidate reach
it, or every candidate of a cell, or every place of a digit in a unit.

Every fact found this way is one step with one effect, and the step taken is the first by
HoDoKu's ranking: a placement before an elimination, then the lowest cell (and digit). HoDoKu
ranks so, hence its paths take one Forcing Chain per placement or elimination; taking them the
same way is what makes our scores of the hardest puzzles match its. Trial and error, the last
resort, places the solution's digit in the middle unsolved cell, as HoDoKu's brute force does.

Both searches are generators (``iter_*``) that yield every few premises: building and closing
the tables of a hard board takes a few hundred milliseconds in CPython, and the bridge's slices
can only stop at a yield. ``find_*`` runs one to its end.

Why over 500 lines in one module: the two techniques are one search over the same tables
(their links, closure, contradiction tests and HoDoKu's ranking of what they prove) and differ
only in the links a table starts from; trial and error, a few lines, is the step that follows
when they find nothing.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from sudoku_core._slices import run_to_end
from sudoku_core.grid import Grid, cell_name, unit_name
from sudoku_core.logic.board import (
    ALL_CELLS,
    BOX_BITS,
    COL_BITS,
    MASK_DIGITS,
    PEER_BITS,
    ROW_BITS,
    UNIT_BITS,
    Board,
    cells_of,
    first_cell,
)
from sudoku_core.logic.candidate_space import (
    DIGIT_BLOCKS,
    PLACE_CUTS,
    SPACE,
    boxes_hit,
    cells_of_space,
    cols_hit,
    rows_hit,
    singles,
    space_of,
)
from sudoku_core.logic.steps import Search, Step, make_step

OFF: Final = 729
"""Node numbers: on(cell, d) is ``(d - 1) * 81 + cell``, off(cell, d) is ``OFF`` more, group
node ``g`` is ``GROUPS + 2 * g`` (on) and one more (off). So a table is one int, and the cells
where it has ``d`` on are one shift and one AND away."""
GROUPS: Final = 2 * OFF
LOOKAHEAD: Final = 4
"""Rounds of singles a Forcing Net premise places (HoDoKu's default net depth)."""
_MEMO_KEY: Final = "forcing groups"
_SLICE: Final = 24
"""Premises closed between two yields: about 10 ms on the hardest boards."""

_UNITS_OF: Final = tuple(tuple(bits for bits in UNIT_BITS if bits >> c & 1) for c in range(81))


def on(cell: int, digit: int) -> int:
    """The node number of "``digit`` is in ``cell``"."""
    return (digit - 1) * 81 + cell


class GroupNode(NamedTuple):
    """Two or three places of ``digit`` where a box meets a row or a column."""

    digit: int
    cells: int
    seen_by_all: int
    box: int
    line: int


_LINE_BOXES: Final = tuple(
    (line, tuple(box for box in BOX_BITS if box & line)) for line in ROW_BITS + COL_BITS
)
"""Each row, then each column, with the boxes it crosses (left to right, top to bottom)."""


def group_nodes(board: Board) -> list[GroupNode]:
    """Every group node of the board: rows first, then columns, each box left to right."""
    found = []
    for line, boxes in _LINE_BOXES:
        for d in range(1, 10):
            in_line = board.where[d] & line
            if not in_line & (in_line - 1):
                continue
            for box in boxes:
                cells = in_line & box
                if cells & (cells - 1):
                    seen = ALL_CELLS
                    for c in cells_of(cells):
                        seen &= PEER_BITS[c]
                    found.append(GroupNode(d, cells, seen, box, line))
    return found


def _groups_and_links(board: Board) -> tuple[list[GroupNode], list[tuple[int, int]]]:
    """The board's group nodes and their links (each node with its targets), kept in the
    board's memo with its candidates, which are all they depend on: the Forcing Net is asked
    about the board the Forcing Chain found nothing on (1.4 ms a board, CPU, on the hardest)."""
    space = space_of(board)
    kept = board.memo.get(_MEMO_KEY)
    if isinstance(kept, tuple) and kept[0] == space:
        return kept[1], kept[2]
    groups = group_nodes(board)
    links = [0] * (GROUPS + 2 * len(groups))
    _link_groups(board, groups, links)
    added = [(node, targets) for node, targets in enumerate(links) if targets]
    board.memo[_MEMO_KEY] = (space, groups, added)
    return groups, added


def chain_links(board: Board, groups: list[GroupNode]) -> list[int]:
    """Each node's direct links as a Forcing Chain follows them (see the module docstring)."""
    links = _candidate_links(board, len(groups))
    _link_groups(board, groups, links)
    return links


def _candidate_links(board: Board, group_count: int) -> list[int]:
    """The Forcing Chain's links between single candidates (room left for the groups')."""
    links = [0] * (GROUPS + 2 * group_count)
    where, cands = board.where, board.cands
    for c in cells_of(board.unsolved):
        mask = cands[c]
        digits = MASK_DIGITS[mask]
        for d in digits:
            base = (d - 1) * 81
            node = base + c
            others = 0
            for e in digits:
                if e != d:
                    others |= 1 << (OFF + (e - 1) * 81 + c)
            links[node] |= others | (where[d] & PEER_BITS[c]) << (OFF + base)
            off_links = 0
            if len(digits) == 2:
                off_links = others >> OFF
            for unit in _UNITS_OF[c]:
                spots = where[d] & unit
                if spots.bit_count() == 2:
                    off_links |= (spots & ~(1 << c)) << base
            links[OFF + node] |= off_links
    return links


def _link_groups(board: Board, groups: list[GroupNode], links: list[int]) -> None:
    """Add the group nodes' links, to and from single candidates and between groups."""
    where = board.where
    # Partners are groups of the same digit: listing them per digit once, instead of scanning
    # every group for each group, took the function from 1.4 to 0.8 ms a call (CPU, boards
    # along the paths of 8 forum_hardest puzzles).
    of_digit: list[list[tuple[int, GroupNode]]] = [[] for _ in range(10)]
    for h, other in enumerate(groups):
        of_digit[other.digit].append((h, other))
    for g, group in enumerate(groups):
        d, base = group.digit, (group.digit - 1) * 81
        g_on, g_off = GROUPS + 2 * g, GROUPS + 2 * g + 1
        seen = where[d] & group.seen_by_all
        links[g_on] |= seen << (OFF + base)
        for c in cells_of(seen):
            links[base + c] |= 1 << g_off
        for house in (group.box, group.line):
            rest = seen & house
            if rest and not rest & (rest - 1):
                # the group and one cell are the digit's only places in the house
                links[g_off] |= rest << base
                links[OFF + base + rest.bit_length() - 1] |= 1 << g_on
        for house in (group.box, group.line):
            partners = [
                h
                for h, other in of_digit[d]
                if h != g
                and not other.cells & group.cells
                and other.cells & house == other.cells
                and (house == group.box or other.line == group.line)
            ]
            for h in partners:
                links[g_on] |= 1 << (GROUPS + 2 * h + 1)
            if len(partners) == 1:
                other = groups[partners[0]]
                if not where[d] & house & ~group.cells & ~other.cells:
                    links[g_off] |= 1 << (GROUPS + 2 * partners[0])


def net_table(start: int, cell: int, digit: int, is_on: bool) -> int:
    """The nodes a Forcing Net premise sets directly: itself and up to four rounds of singles.

    ``start`` is the board's candidate space (:mod:`sudoku_core.logic.candidate_space`), and
    the trial board is one too: each placement sets its on-node, and off-nodes for what it
    rules out where ``start`` had it (the cell's other digits, the digit in its peers). All
    the singles of a round are placed at once, as the loop over a copied board did (it found
    a round's singles before placing any). That took a premise from 82 to 26 microseconds
    (CPU, CPython 3.12, the 164,000 premises of the Forcing Chain and Net boards of 5
    forum_hardest paths), the Forcing Net from 40 to 22 ms a board.
    """
    n = on(cell, digit)
    space, nodes = start, 0
    if is_on:
        found = 1 << n
    else:
        nodes = 1 << (OFF + n)
        space &= ~(1 << n)
        left = space >> cell & DIGIT_BLOCKS
        found = left << cell if left and not left & (left - 1) else 0
    rounds = LOOKAHEAD
    while True:
        if found:
            cuts, placed = 0, found
            while placed:
                low = placed & -placed
                placed ^= low
                cuts |= PLACE_CUTS[low.bit_length() - 1]
            nodes |= found | (cuts & start) << OFF
            space &= ~(cuts | found)
        if not rounds:
            return nodes
        rounds -= 1
        found = singles(space)
        if not found:
            return nodes


def closure(links: list[int], start: int, closed: list[int] | None = None) -> int:
    """Every node ``start`` reaches through ``links``, itself included.

    ``closed``: per node, its closure if found before (else 0). Reaching such a node adds all
    of its closure at once, and none of those nodes needs following (whatever they reach is in
    it already): the premises are closed one after the other, and most reach one closed
    before them.

    The nodes are followed a wave at a time (the links of every node reached last, ORed, less
    what is seen), each taken from the top of the wave (one ``bit_length`` and one XOR, no
    negation of a 1,500-bit int), and the closures found before are a list, not a dict: a
    closure took 40% less time (CPU, the Forcing Chain and Net boards of 5 forum_hardest
    paths), the same nodes.
    """
    if closed is None:
        closed = [0] * len(links)
    seen = 1 << start
    wave = links[start] & ~seen
    seen |= wave
    while wave:
        reached = 0
        while wave:
            node = wave.bit_length() - 1
            wave ^= 1 << node
            known = closed[node]
            if known:
                seen |= known
            else:
                reached |= links[node]
        wave = reached & ~seen
        seen |= wave
    return seen


Effect = tuple[int, int, int]
"""A step's one effect, in HoDoKu's ranking order: (0 to place, 1 to remove; cell; digit)."""
Reason = tuple[str, int, int]
"""Why an effect holds: ("if", node, 0) a premise that breaks the grid; ("both", cell, digit)
both premises of a candidate; ("cell", cell, 0) every candidate of a cell; ("unit", unit,
digit) every place of a digit in a unit."""


class Tables:
    """The closed tables of every premise of a board, and what they prove."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.table: list[int] = []
        """Per node, the closed table of the premise (0 for a node not closed yet)."""
        self.first: tuple[Effect, Reason] | None = None
        """The effect HoDoKu would take of those found so far, with the first reason found
        for it (only that one is taken: keeping every effect found, some 6,000 a board, was
        a fifth of the Forcing Chain's time)."""
        self.allowed = [0] * 10
        """Per digit, the empty cells no placed digit rules it out of: HoDoKu asks whether a
        premise empties a unit of a digit among these, so a unit whose places were cut by
        other steps never counts (we follow it, to take the same steps)."""
        empty = board.unsolved
        for d in range(1, 10):
            self.allowed[d] = empty
        for c in cells_of(ALL_CELLS & ~empty):
            self.allowed[board.values[c]] &= ~PEER_BITS[c]
        self.space = space_of(board)
        self.dead = board.unsolved & ~cells_of_space(self.space)
        """The empty cells without a candidate (none, but on a broken board)."""
        places, starts = [0, 0, 0], [0, 0, 0]
        for d in range(1, 10):
            base = (d - 1) * 81
            for u, bits in enumerate(UNIT_BITS):
                spots = bits & self.allowed[d]
                if spots and spots & board.where[d] == spots:
                    places[u // 9] |= spots << base
                    starts[u // 9] |= 1 << (base + first_cell(bits))
        self.unit_places = tuple(zip(places, starts, (rows_hit, cols_hit, boxes_hit), strict=True))
        """Per kind of unit (rows, columns, boxes): the places of the digits in the units they
        can lose every place in (those where other steps removed none of their allowed places;
        off is only ever set for a candidate), as a candidate space; those digits and units
        (each unit's first cell in the digit's block); the function that finds the units of a
        space's candidates."""

    def nodes(self) -> list[int]:
        """Every premise: each candidate on, then each candidate off."""
        where = self.board.where
        ons = [(d - 1) * 81 + c for d in range(1, 10) for c in cells_of(where[d])]
        return ons + [OFF + node for node in ons]

    def add(self, effect: Effect, reason: Reason) -> None:
        """Keep the effect if it ranks before every one found so far (with the first reason
        found for it)."""
        if self.first is None or effect < self.first[0]:
            self.first = (effect, reason)

    def check_premise(self, node: int) -> None:
        """Record the premise as false if its table breaks the grid."""
        table = self.table[node]
        is_on = node < OFF
        cand = node % OFF
        cell, digit = cand % 81, cand // 81 + 1
        if table >> (cand + OFF if is_on else cand) & 1 or _breaks(self, table):
            effect = (1, cell, digit) if is_on else (0, cell, digit)
            self.add(effect, ("if", node, 0))

    def check_verities(self) -> None:
        """Record what both premises of a candidate, every candidate of a cell or every place
        of a digit in a unit agree on."""
        board = self.board
        for d in range(1, 10):
            for c in cells_of(board.where[d]):
                node = on(c, d)
                common = self.table[node] & self.table[OFF + node]
                self._agreed(common & ~_CELL_NODES[c], ("both", c, d))
        for c in cells_of(board.unsolved):
            common = -1
            for d in MASK_DIGITS[board.cands[c]]:
                common &= self.table[on(c, d)]
            self._agreed(common, ("cell", c, 0))
        for u in range(27):
            bits = UNIT_BITS[u]
            for d in range(1, 10):
                spots = board.where[d] & bits
                if spots:
                    common = -1
                    for c in cells_of(spots):
                        common &= self.table[on(c, d)]
                    self._agreed(common, ("unit", u, d))

    def _agreed(self, common: int, reason: Reason) -> None:
        """Add the first of the candidate facts in ``common`` by HoDoKu's ranking (the others
        cannot be taken: that one ranks before them, whatever comes after)."""
        ons = common & _ALL_ONS
        kind, facts = (0, ons) if ons else (1, common >> OFF & _ALL_ONS)
        if not facts:
            return
        cells = 0
        for _, base in _SHIFTS:
            cells |= facts >> base
        cell = ((cells & ALL_CELLS) & -(cells & ALL_CELLS)).bit_length() - 1
        for d, base in _SHIFTS:
            if facts >> (base + cell) & 1:
                self.add((kind, cell, d), reason)
                return

    def best(self) -> tuple[Effect, Reason] | None:
        """The effect HoDoKu would take: a placement first, then the lowest cell and digit."""
        return self.first


_CELL_NODES: Final = tuple(
    sum(1 << ((d - 1) * 81 + c) | 1 << (OFF + (d - 1) * 81 + c) for d in range(1, 10))
    for c in range(81)
)
_SHIFTS: Final = tuple((d, (d - 1) * 81) for d in range(1, 10))
_ALL_ONS: Final = (1 << OFF) - 1


def _breaks(tables: Tables, table: int) -> bool:
    """True when a table sets a contradiction (see the module docstring).

    On the candidate space, for every digit and unit at once (:mod:`sudoku_core.logic.
    candidate_space`): a digit is on twice in a unit when its ons fill fewer (digit, unit)
    pairs than they count, and a unit loses every place of a digit when none of those places
    is left once the offs are taken out. That took a table from 12 to 4.7 microseconds (CPU,
    CPython 3.12, the Forcing Chain and Net boards of 5 forum_hardest paths).
    """
    ons = table & SPACE
    offs = table >> OFF & SPACE
    if ons & offs:
        return True
    placed = cells_of_space(ons)
    count = ons.bit_count()
    if count != placed.bit_count():
        return True  # two digits in a cell
    if count > 1 and (
        rows_hit(ons).bit_count() != count
        or cols_hit(ons).bit_count() != count
        or boxes_hit(ons).bit_count() != count
    ):
        return True
    if not offs:
        return bool(tables.dead & ~placed)
    for places, starts, hit in tables.unit_places:
        if starts & ~hit(places & ~offs):
            return True
    return bool(tables.board.unsolved & ~placed & ~cells_of_space(tables.space & ~offs))


def _search(board: Board, name: str, links: list[int], tables: Tables) -> Search:
    premises = tables.nodes()
    tables.table = [0] * len(links)
    for i, node in enumerate(premises):
        if i % _SLICE == 0:
            yield
        tables.table[node] = closure(links, node, tables.table)
    for i, node in enumerate(premises):
        if i % (4 * _SLICE) == 0:
            yield
        tables.check_premise(node)
    yield
    tables.check_verities()
    best = tables.best()
    return None if best is None else _step(board, name, *best)


def iter_forcing_chain(board: Board) -> Search:
    """:func:`find_forcing_chain` in slices."""
    groups, group_links = _groups_and_links(board)
    links = _candidate_links(board, len(groups))
    for node, targets in group_links:
        links[node] |= targets
    return (yield from _search(board, "Forcing Chain", links, Tables(board)))


def find_forcing_chain(board: Board) -> Step | None:
    """Forcing Chain: one placement or elimination that chains from a premise prove."""
    return run_to_end(iter_forcing_chain(board))


def iter_forcing_net(board: Board) -> Search:
    """:func:`find_forcing_net` in slices: yields every few premises' singles, then as the
    chain search does."""
    groups, group_links = _groups_and_links(board)
    links = [0] * (GROUPS + 2 * len(groups))
    tables = Tables(board)
    start = tables.space
    for i, node in enumerate(tables.nodes()):
        if i % _SLICE == 0:
            yield
        cand = node % OFF
        links[node] = net_table(start, cand % 81, cand // 81 + 1, node < OFF)
    for node, targets in group_links:
        links[node] |= targets
    return (yield from _search(board, "Forcing Net", links, tables))


def find_forcing_net(board: Board) -> Step | None:
    """Forcing Net: as a Forcing Chain, with up to four rounds of singles after each premise."""
    return run_to_end(iter_forcing_net(board))


def _fact(node: int) -> str:
    cand = node % OFF
    verb = "is" if node < OFF else "is not"
    return f"{cell_name(cand % 81)} {verb} {cand // 81 + 1}"


def _step(board: Board, name: str, effect: Effect, reason: Reason) -> Step:
    kind, cell, digit = effect
    why, a, b = reason
    if why == "if":
        premise = a % OFF
        cells = [premise % 81]
        candidates = [(premise % 81, premise // 81 + 1)]
        text = f"{name}: if {_fact(a).replace(' is', ' were', 1)}, what follows breaks the grid"
    elif why == "both":
        cells, candidates = [a], [(a, b)]
        text = f"{name}: whether {cell_name(a)} is {b} or not, what follows agrees"
    elif why == "cell":
        cells, candidates = [a], [(a, d) for d in MASK_DIGITS[board.cands[a]]]
        text = f"{name}: whichever digit goes in {cell_name(a)}, what follows agrees"
    else:
        cells = list(cells_of(board.where[b] & UNIT_BITS[a]))
        candidates = [(c, b) for c in cells]
        text = f"{name}: wherever {b} goes in {unit_name(a)}, what follows agrees"
    return make_step(
        name,
        text,
        placements=[(cell, digit)] if kind == 0 else [],
        eliminations=[(cell, digit)] if kind == 1 else [],
        cells=cells,
        candidates=candidates,
        units=[a] if why == "unit" else [],
    )


def trial_and_error(board: Board, solution: Grid) -> Step:
    """No logical step was found: place the solution's digit in the middle unsolved cell (the
    cell HoDoKu's brute force picks, so that both paths go on from the same board)."""
    unsolved = list(cells_of(board.unsolved))
    cell = unsolved[len(unsolved) // 2]
    d = solution[cell]
    return make_step(
        "Trial and Error",
        f"Trial and Error: no logical step was found; trying the digits of {cell_name(cell)} "
        f"shows that only {d} leads to the solution",
        placements=[(cell, d)],
        cells=[cell],
        candidates=[(cell, d)],
    )


__all__ = [
    "find_forcing_chain",
    "find_forcing_net",
    "iter_forcing_chain",
    "iter_forcing_net",
    "trial_and_error",
]
