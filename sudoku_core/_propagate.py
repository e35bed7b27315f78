"""Constraint propagation on the whole-board ints of :mod:`sudoku_core._bitboard`.

Why a module of its own: this is the solver's hot path (the search loop with naked and hidden
singles to a fixed point and locked candidates written into it, the choice of the cell to
branch on), written as big-int operations whose every line was measured;
:mod:`sudoku_core.solver` keeps the public calls, budgets and records. A search *state* is two
immutable ints, (board, record), so a branch costs nothing to copy and nothing to undo.

Why over 500 lines in one module: a fifth of it is this record of what was measured (below),
and most of the rest is :func:`solved_boards`, the one loop with the propagation written into
it for speed, and the few helpers it shares with the tests and micro-benchmarks
(:func:`propagate` is that loop's first node, :func:`locked_candidates`, :func:`branch_cell`):
the hot path reads best in one place.

No ``a & ~b`` on a board: ``~b`` is a negative int, and ANDing one takes CPython's
two's-complement path, 3x the cost of a plain AND (163 against 53 ns on 810 bits). Where ``b``
is a subset of ``a`` (the cells with two or more candidates among the non-empty ones, the
digits seen twice among those seen once, a locked digit's own mini-row within its row or box)
``a ^ b`` is the same set; otherwise ``x ^ (x & b)``. With the record's guard bits (below), this
made a node 1.09-1.10x faster on forum_hardest (same nodes; CPU time, alternated in one process).

Propagation is written into the search loop (:func:`solved_boards`) rather than called from
it: 1.03-1.05x.

How the figures are measured: forum_hardest, 300 freshly permuted puzzles, ``count_solutions``
with limits 1 and 2, CPU time, the two versions alternated in one process, and each
comparison repeated in several processes (timing the same code in another process moves it
by up to 5%).

Where the time goes: a node that ends in a contradiction runs 7.4 rounds (5.6 of them placing
naked singles), a live one 3.8, so dead nodes take two thirds of the rounds.

Measured and dropped (speed relative to the code as it is):

- the empty-field test only once no naked single is left (0.87x: a dead board keeps placing
  singles), or only in rounds with naked singles, a clash being found by its unit's missing
  digit (1.00x);
- no row and column folds (0.97x, 23% more nodes);
- after a batch of naked singles, going on to the box fold instead of starting the round over
  (0.95x); the box fold's missing-digit test only when it finds no hidden single (0.97x /
  1.02x); a test for a digit missing from a unit at every round (it would find the dead
  nodes' contradictions 0 or 1 rounds sooner in most of them, and never in 41%: too little
  for its fold);
- degrees of only the first 6 or 10 bivalue cells (0.99-1.01x, up to 1% more nodes); every
  cell's degree at once (counts of rows, columns, boxes and mini-lines spread by
  multiplication, the best bivalue cell found bit by bit: 3.7 against 4.0 µs a choice, not
  worth its lines);
- ``LOCK_ABOVE`` 30, 35, 45, 50 or 0 (0.98-1.02x; 0: 165-166 nodes against 173); locked
  candidates at every node once the first solution is found (1.005x, 166 nodes against 170:
  not worth a second mode); the unit start masks as local names (1.003x).

Counted in nodes only (slow reference versions, 100-150 puzzles): branching on a digit's two
places in a unit when it has more unsolved peers than the best bivalue cell, or whenever there
is one (2.6-3x the nodes), or only when no cell is bivalue (6% more); after the first
solution, other scores for the proof that no second one exists (82.4 nodes with the degree;
its bivalue peers 80.9, the digits' peer candidates 85.8, the first bivalue cell 122, the
fewest unsolved peers 150); a proof of uniqueness that knows the first solution S, refuting
"cell != S[cell]" from the root and preferring the probes that fail at once (267-279 nodes
against 175: it redoes the refutations the solve made on its way to S). Estimated only:
propagating a branch's two children together in one int (two boards 1,350 bits apart) would
run 77% of their rounds at about 1.25x the cost an operation, and the record's regions would
make the pair 6,480 bits: too little left to build it.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from sudoku_core import _bitboard
from sudoku_core._slices import run_to_end
from sudoku_core.errors import GaveUpError
from sudoku_core.grid import CELLS, Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    import random
    from typing import Protocol

    class Tally(Protocol):
        """What :func:`solved_boards` counts into (the solver's ``SearchStats``)."""

        nodes: int
        guesses: int


_BOARD = _bitboard.BOARD
_LOW = _bitboard.LOW
_GUARDS = _bitboard.GUARDS
_ROW_START = _bitboard.ROW_START
_COL_START = _bitboard.COL_START
_BOX_START = _bitboard.BOX_START
_REGION = _bitboard.REGION_BITS
_REGION_2 = 2 * _REGION
_CLEAR = _bitboard.PLACE_CLEAR
_RECORD = _bitboard.PLACE_RECORD
_ROW_PLANE_AT = _bitboard.ROW_PLANE_AT
_COL_PLANE_AT = _bitboard.COL_PLANE_AT
_BOX_PLANE_AT = _bitboard.BOX_PLANE_AT
_PEER_FIELDS_AT = _bitboard.PEER_FIELDS_AT
_BELOW = _bitboard.BELOW
_TRIPLE_10 = 1 | 1 << 10 | 1 << 20
_TRIPLE_30 = 1 | 1 << 30 | 1 << 60
_TRIPLE_270 = 1 | 1 << 270 | 1 << 540
"""Multipliers copying a unit's start field to three fields 10, 30 or 270 bits apart: faster
than shifting and ORing (81 against 180 ns, 145 against 189, 126 against 153; for the
box's rows, 90 apart, the shifts stay faster: 183 against 252)."""
_SPREAD_ROW = _bitboard.SPREAD_ROW
_SPREAD_COL = _bitboard.SPREAD_COL
_SPREAD_BOX = _bitboard.SPREAD_BOX
_SPREAD_MINI_ROW = _bitboard.SPREAD_MINI_ROW
_SPREAD_MINI_COL = _bitboard.SPREAD_MINI_COL

State = tuple[int, int]
"""(board, record): see :mod:`sudoku_core._bitboard`."""


def initial_state(grid: Grid) -> State | None:
    """The search state with the givens placed, or None when two givens clash or leave a cell
    no candidate (:func:`propagate` needs a board with no empty field)."""
    x, record = _BOARD, _GUARDS
    for cell in CELLS:
        digit = grid[cell]
        if digit:
            at = 10 * cell + digit  # the tables' index: see _bitboard.PLACE_CLEAR
            if not x >> (at - 1) & 1:
                return None
            x &= _CLEAR[at]
            record ^= _RECORD[at]
    return _unless_empty(x, record)


def exclude(state: State, cell: int, digit: int) -> State | None:
    """The state with one candidate taken out of one cell (the generator asks "any other?"),
    or None when that was the cell's last candidate."""
    x, record = state
    return _unless_empty(x & ~(1 << (10 * cell + digit - 1)), record)


def _unless_empty(x: int, record: int) -> State | None:
    """The state, or None when a field of the board is empty."""
    return (x, record) if (x - _LOW) & _GUARDS == _GUARDS else None


def decode(board: int) -> Grid:
    """The grid of a solved ``board`` (each field holds its cell's one digit).

    Cell by cell, shifting the board down one field at a time: shifting the whole board to
    each cell's field took 2.3x as long (28 µs against 12 on the 3240-bit record then
    decoded), which was 10% of ``solve -f`` on 17-clue puzzles.
    """
    digits = []
    for _ in CELLS:
        digits.append((board & 0x1FF).bit_length())
        board >>= 10
    return tuple(digits)


LOCK_ABOVE = 40
"""The search applies locked candidates only while more than this many cells are unsolved.

Locked candidates cost about 6 µs of a node's 26 on forum_hardest. Near the root one
elimination prunes a large subtree; deep down, singles finish the board about as soon.
Measured in one process, alternating, CPU time, best of 3, 300 freshly permuted puzzles a set
(95 of top95), ``count_solutions`` limits 1 and 2, against applying them at every node:
forum_hardest 1.06x / 1.07x (87.5 / 173.3 nodes against 82.6 / 167.1), magictour 1.07x /
1.06x, top95 1.04x / 1.03x, 17_clue 1.01x / 1.00x (1.00x / 0.98x on 2,000 of them: the one
set that may lose a little). Above 45: forum_hardest 1.10x but 17_clue 0.95x; above 55:
17_clue 0.77x; never: magictour and top95 lose 2x (3x the nodes).
"""


_DEAD = -1
"""``multi`` of a state that ended in a contradiction (a real ``multi`` is never negative)."""

_NEVER = 1 << 62
"""A node number no search reaches: the checkpoint of a search with nothing to check."""


def propagate(x: int, record: int, lock_above: int = 0) -> tuple[int, int, int] | None:
    """Place naked and hidden singles, and apply locked candidates, until nothing changes.

    Returns the new board and record and the guard-bit flags of the cells with two or more
    candidates (none: the grid is solved), or None when the state is contradictory. This is
    the first node of :func:`solved_boards`, which propagates inline (see there): for the tests and
    the micro-benchmarks, which look at one fixed point.
    """
    return run_to_end(solved_boards((x, record), lock_above=lock_above, one_node=True))


def solved_boards(
    state: State,
    stats: Tally | None = None,
    *,
    lock_above: int = 0,
    max_nodes: int = -1,
    seconds: float | None = None,
    tick_nodes: int = 0,
    rng: random.Random | None = None,
    one_node: bool = False,
    below: list[int] = _BELOW,
    clear: list[int] = _CLEAR,
    placed: list[int] = _RECORD,
    box_planes: list[int] = _BOX_PLANE_AT,
    row_planes: list[int] = _ROW_PLANE_AT,
    col_planes: list[int] = _COL_PLANE_AT,
) -> Generator[int | None, None, tuple[int, int, int] | None]:
    """The search loop: depth-first from ``state``, yielding each solution's board (a field
    per cell holding its digit: see :func:`decode`), and None every ``tick_nodes`` nodes (so
    the page's worker can run it in slices).

    Why propagation is written into the loop and not called: the call, its tuple of three
    and the search's own push and pop of the first child were 3-5% of the time on
    forum_hardest (1.03-1.05x written out, six processes; CPU time, both trees alternated in
    each).

    Each node propagates first. The cheapest deduction that finds something is applied and the
    round starts over: naked singles, then hidden singles in boxes, rows and columns (each fold
    also proves that every digit still has a place in every unit of its kind), then locked
    candidates, these only while more than ``lock_above`` cells are unsolved (see
    :data:`LOCK_ABOVE`). Measured on the hardest puzzles, this order runs 9% fewer bytecodes
    per node than one fold of all three. A state is dead when a cell has no candidate (also
    when two singles exclude each other) or a digit no place in a unit.

    At a fixed point with unsolved cells the node branches: without ``rng`` on
    :func:`branch_cell`'s cell, lowest digit first; with ``rng`` on a random cell among those
    with the fewest candidates, digits in random order (the generator's random completion;
    the calls on ``rng`` are part of what a seed reproduces, so their order must not change).
    The first child is the next node; the others wait on the stack.

    The state's board must have no empty field: :func:`initial_state` and :func:`exclude`
    refuse such a state, and a branch places one candidate of a cell on a board where no naked
    single is left, so every peer keeps a candidate. (Testing it again in the first round
    cost two operations a node: 1.008x on forum_hardest.)

    ``stats`` gets the nodes and guesses at each yield and at the end. Past ``max_nodes``
    nodes (unless -1) or ``seconds`` it raises :class:`GaveUpError`. With ``one_node`` it
    yields nothing and returns the first node's fixed point as (board, record, the flags of
    the unsolved cells), or None when the state is dead (:func:`propagate`); otherwise it
    returns None.

    The keyword-only arguments after ``one_node`` are the tables, never passed: as defaults
    they are local names, one bytecode cheaper to load than the module's globals in the loops
    below (with the tables indexed by bit length, see
    :data:`sudoku_core._bitboard.PLACE_CLEAR`: 1.02x on forum_hardest).
    """
    guards, low = _GUARDS, _LOW
    nodes = stats.nodes if stats is not None else 0
    guesses = stats.guesses if stats is not None else 0
    deadline = None if seconds is None else time.monotonic() + seconds
    # The one test of every node: the next node number at which the budget or a tick is due.
    checkpoint = _checkpoint(nodes, max_nodes, deadline is not None, tick_nodes)
    stack: list[State] = []
    push, pop = stack.append, stack.pop
    x, record = state
    try:
        while True:
            nodes += 1
            if nodes == checkpoint:
                if nodes > max_nodes >= 0:
                    nodes = max_nodes  # the node over the budget does not run
                    raise GaveUpError(f"gave up after {max_nodes} search nodes")
                if deadline is not None and not nodes & 63 and time.monotonic() > deadline:
                    raise GaveUpError(f"gave up after {seconds:g} s")
                if tick_nodes and not nodes % tick_nodes:
                    if stats is not None:
                        stats.nodes, stats.guesses = nodes, guesses
                    yield None
                checkpoint = _checkpoint(nodes, max_nodes, deadline is not None, tick_nodes)
            # Each field less one: its guard bit stays set iff the field is not empty (a placed
            # cell keeps its digit, so an empty one is a contradiction), and ANDed with the
            # board it leaves the fields that had two or more candidates. The state has no
            # empty field (see above), so the test is made only after a round has changed the
            # board (at the end of the round).
            less_one = x - low
            while True:
                # With no field empty, each field less its lowest candidate keeps its guard
                # bit, and one less again keeps it iff the field had two or more candidates.
                multi = (less_one & x) - low
                # Unplaced cells with one candidate: one XOR with the record's guard bits,
                # masked once (masking both first took one operation more every round:
                # 1.02-1.03x). ``multi`` is masked only at a fixed point.
                single = (multi ^ record) & guards
                if single:
                    # The candidate bits of every naked single at once: spread each flag over
                    # its field (512 - 1 in each; ``(single >> 9) * 0x1FF`` took 30 ns more:
                    # 1.006x).
                    single = x & (single - (single >> 9))
                    # Each bit, highest first (bit_length, then AND with the bits below it):
                    # taking the lowest (x & -x) builds a negative big int and ANDs in two's
                    # complement, 2x slower in CPython and 5x in Pyodide
                    # (tests/pyodide_micro.py). The order does not matter: every single of the
                    # batch is placed, and two that clash empty a cell, which the end of the
                    # round finds.
                    while single:
                        n = single.bit_length()
                        single &= below[n]
                        x &= clear[n]
                        record ^= placed[n]
                else:
                    # Boxes: three cells along (each mini-row's digits seen once and twice,
                    # kept for the rows), then three mini-rows down. The digits seen in two or
                    # more of a unit's mini-rows (``*_twice``) are kept apart: with the unit's
                    # digits they give those seen in one mini-row only, which locked
                    # candidates start from.
                    a = x >> 10
                    b = x >> 20
                    mini_o = x | a
                    mini_t = (x & a) | (mini_o & b)
                    mini_o |= b
                    a = mini_o >> 90
                    b = mini_o >> 180
                    either = mini_o | a
                    box_twice = (mini_o & a) | (either & b)
                    box_o = either | b
                    if box_o & _BOX_START != _BOX_START:
                        multi = _DEAD
                        break
                    t = mini_t | (mini_t >> 90) | (mini_t >> 180) | box_twice
                    hidden = (box_o ^ t ^ record) & _BOX_START
                    if hidden:
                        planes_at = box_planes
                    else:
                        # Rows: the same mini-rows, three along; the counts land in each row's
                        # first field. (Folding the row afresh took 19 operations, these 13.
                        # The folds and the placing below are written out, not called: a call
                        # costs 3% of the time per node.)
                        a = mini_o >> 30
                        b = mini_o >> 60
                        either = mini_o | a
                        row_twice = (mini_o & a) | (either & b)
                        row_o = either | b
                        if row_o & _ROW_START != _ROW_START:
                            multi = _DEAD
                            break
                        t = mini_t | (mini_t >> 30) | (mini_t >> 60) | row_twice
                        hidden = (row_o ^ t ^ record >> _REGION) & _ROW_START
                        if hidden:
                            planes_at = row_planes
                        else:
                            # Columns: the same two steps down, three cells (mini-columns),
                            # then three mini-columns (strides of 90 and 270 bits): the box
                            # fold's lines with other strides, written out for the reason above.
                            a = x >> 90
                            b = x >> 180
                            mini_cols = x | a
                            mini_ct = (x & a) | (mini_cols & b)
                            mini_cols |= b
                            a = mini_cols >> 270
                            b = mini_cols >> 540
                            either = mini_cols | a
                            col_twice = (mini_cols & a) | (either & b)
                            col_o = either | b
                            if col_o & _COL_START != _COL_START:
                                multi = _DEAD
                                break
                            t = mini_ct | (mini_ct >> 270) | (mini_ct >> 540) | col_twice
                            hidden = (col_o ^ t ^ record >> _REGION_2) & _COL_START
                            if not hidden:
                                # No single left: multi flags every unsolved cell.
                                multi &= guards
                                if multi.bit_count() <= lock_above:
                                    break  # a fixed point
                                elim = x & _locked_eliminations(
                                    mini_o,
                                    mini_cols,
                                    box_o ^ box_twice,
                                    row_o ^ row_twice,
                                    col_o ^ col_twice,
                                )
                                if not elim:
                                    break  # a fixed point
                                x ^= elim  # and on to the test for an empty field below
                            planes_at = col_planes
                    # The hidden singles of one fold (bits at unit start fields): each one's
                    # cell is the one candidate bit left in its unit's digit plane. When none
                    # is left, another single of the batch took the cell or the digit: a
                    # contradiction. (Within one kind of unit no two singles can place the
                    # same digit in the same unit.) Highest first, as above.
                    while hidden:
                        n = hidden.bit_length()
                        hidden &= below[n]
                        cells = x & planes_at[n]
                        if not cells:
                            # Only the guard bits: every field empty, which the test below
                            # finds (a flag for the two loops out cost a test every round).
                            x = guards
                            break
                        n = cells.bit_length()
                        x &= clear[n]
                        record ^= placed[n]
                # The board changed: an empty field now ends the state (see above).
                less_one = x - low
                if less_one & guards != guards:
                    multi = _DEAD
                    break
            if multi > 0:
                if one_node:
                    return x, record, multi
                guesses += 1
                if rng is None:
                    pos = branch_cell(x, multi)
                    digits = x >> pos & 0x1FF
                    # The higher digits wait on the stack, highest first: the lowest is tried
                    # first, as the next node.
                    n = digits.bit_length()
                    digits &= below[n]
                    while digits:
                        push((x & clear[pos + n], record ^ placed[pos + n]))
                        n = digits.bit_length()
                        digits &= below[n]
                    n += pos
                else:
                    pos = rng.choice(fewest_candidates(x, multi))
                    order = [di for di in range(9) if x >> (pos + di) & 1]
                    rng.shuffle(order)
                    for di in reversed(order[1:]):
                        push((x & clear[pos + di + 1], record ^ placed[pos + di + 1]))
                    n = pos + order[0] + 1
                x &= clear[n]
                record ^= placed[n]
                continue
            if not multi:
                if one_node:
                    return x, record, 0
                if stats is not None:
                    stats.nodes, stats.guesses = nodes, guesses
                yield x
            if not stack:
                return None
            x, record = pop()
    finally:
        if stats is not None:
            stats.nodes, stats.guesses = nodes, guesses


def _checkpoint(nodes: int, max_nodes: int, timed: bool, tick_nodes: int) -> int:
    """The first node number after ``nodes`` at which :func:`solved_boards` must look at its budget
    (past ``max_nodes``, unless -1; every 64th node when ``timed``) or yield a tick (every
    ``tick_nodes``-th node, unless 0)."""
    due = [_NEVER]
    if max_nodes >= 0:
        due.append(max(max_nodes + 1, nodes + 1))
    if timed:
        due.append((nodes // 64 + 1) * 64)
    if tick_nodes:
        due.append((nodes // tick_nodes + 1) * tick_nodes)
    return min(due)


def locked_candidates(x: int) -> int:
    """The board less every candidate removed by pointing and claiming, in all units at once.

    Pointing: a digit that a box holds only in one row (column) leaves the rest of that row
    (column). Claiming: a digit that a row (column) holds only within one box leaves the rest
    of that box. Each is computed for all 27 units with folds and multiplications that spread
    a unit's mask to its cells (see :mod:`sudoku_core._bitboard`).
    """
    mini_rows = x | x >> 10 | x >> 20
    mini_cols = x | x >> 90 | x >> 180
    return x ^ x & _locked_eliminations(
        mini_rows,
        mini_cols,
        _in_one_mini(mini_rows, 90, 180),
        _in_one_mini(mini_rows, 30, 60),
        _in_one_mini(mini_cols, 270, 540),
    )


def _in_one_mini(minis: int, shift: int, shift_2: int) -> int:
    """At each unit's first field, the digits seen in exactly one of its three mini-lines
    (``minis`` ORs three cells; ``shift`` and ``shift_2`` reach the unit's other two)."""
    a, b = minis >> shift, minis >> shift_2
    either = minis | a
    return (either | b) ^ ((minis & a) | (either & b))


def _locked_eliminations(
    mini_rows: int, mini_cols: int, box_in_one_row: int, row_in_one_box: int, col_in_one_box: int
) -> int:
    """The candidates that :func:`locked_candidates` removes (and other bits: AND the board
    with it), from the folds that :func:`propagate` has already made: the mini-rows and
    mini-columns (three cells' digits ORed), and at each unit's first field the digits seen in
    one of its mini-rows only (boxes, rows) or mini-columns only (columns). Taking them from
    the folds leaves 15 of a call's 40 big-int operations before it knows whether anything is
    locked (the column fold, going by mini-columns for this, takes two more): 1.05x on
    forum_hardest, limits 1 and 2 alike."""
    # Along rows, at each mini-row's first field: the digits a box holds only in that mini-row
    # (pointing) and those its row holds only there (claiming). Pointing eliminates a digit iff
    # its row has it in another mini-row too, i.e. iff the digit does not claim there, and the
    # other way round: nothing to eliminate unless the two masks differ (7 calls in 10 on
    # forum_hardest), and then the spreads below are skipped.
    one = box_in_one_row & _BOX_START
    pointing = (one | one << 90 | one << 180) & mini_rows
    claiming = (row_in_one_box & _ROW_START) * _TRIPLE_30 & mini_rows
    elim = 0
    if pointing != claiming:
        every = (pointing | pointing >> 30 | pointing >> 60) & _ROW_START
        elim = (every * _SPREAD_ROW) ^ (pointing * _SPREAD_MINI_ROW)
        every = (claiming | claiming >> 90 | claiming >> 180) & _BOX_START
        elim |= (every * _SPREAD_BOX) ^ (claiming * _SPREAD_MINI_ROW)
    # The same along columns, at each mini-column's first field (the boxes' count by
    # mini-column is the one fold propagate does not make).
    pointing = (_in_one_mini(mini_cols, 10, 20) & _BOX_START) * _TRIPLE_10 & mini_cols
    claiming = (col_in_one_box & _COL_START) * _TRIPLE_270 & mini_cols
    if pointing != claiming:
        every = (pointing | pointing >> 270 | pointing >> 540) & _COL_START
        elim |= (every * _SPREAD_COL) ^ (pointing * _SPREAD_MINI_COL)
        every = (claiming | claiming >> 10 | claiming >> 20) & _BOX_START
        elim |= (every * _SPREAD_BOX) ^ (claiming * _SPREAD_MINI_COL)
    return elim


def branch_cell(
    x: int,
    multi: int,
    *,
    below: list[int] = _BELOW,
    peers: list[int] = _PEER_FIELDS_AT,
) -> int:
    """The bit position of the field to branch on.

    A cell with two candidates if there is one, else a cell with the fewest candidates. Among
    the two-candidate cells, the one with the highest score, 8 per unsolved peer and 1 per
    two-candidate peer (the lowest cell of a tie): most unsolved peers first (35% fewer nodes
    on the hardest puzzles than the first such cell), and then most two-candidate peers (2.6%
    fewer again: forum_hardest, 400 freshly permuted puzzles, ``count_solutions(limit=2)``,
    176.5 against 171.9 nodes).

    The score is one ``bit_count``: ``weights`` holds, in each unsolved cell's field, bits 1..8
    (8 bits: ``multi - (multi >> 8)`` leaves 512 - 2 there) and its guard bit when the cell has
    two candidates, and the AND keeps the peers' fields. The tie-break by a second
    ``bit_count`` per cell saved as many nodes but cost as much time as it saved; this way it
    costs three operations a choice (1.02x on forum_hardest, 1.01-1.05x on the other sets;
    CPU time, alternated in one process).
    """
    low_cleared = (x - _LOW) & x  # no field is empty: each keeps its guard bit
    twice_cleared = (low_cleared - _LOW) & low_cleared  # guard bit: two or more candidates
    bivalue = multi ^ (((twice_cleared | _GUARDS) - _LOW) & _GUARDS)  # less three or more
    if bivalue:
        weights = bivalue | (multi - (multi >> 8))
        cells = bivalue
        best, best_score = 0, -1
        while cells:  # highest cell first (see propagate), so ">=" keeps the lowest of a tie
            n = cells.bit_length()
            cells &= below[n]
            score = (weights & peers[n]).bit_count()
            if score >= best_score:
                best, best_score = n, score
        return best - 10
    return fewest_candidates(x, multi)[0]


def fewest_candidates(x: int, multi: int) -> list[int]:
    """The field positions (``10 * cell``) of the unsolved cells with the fewest candidates,
    in cell order; ``multi`` flags the cells with two or more."""
    best: list[int] = []
    fewest = 10
    while multi:
        bit = multi & -multi
        multi ^= bit
        pos = bit.bit_length() - 10
        count = (x >> pos & 0x1FF).bit_count()
        if count < fewest:
            best, fewest = [pos], count
        elif count == fewest:
            best.append(pos)
    return best
