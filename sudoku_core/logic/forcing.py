"""The last resorts: forcing chains and nets, then trial and error.

A forcing chain assumes a candidate and follows the singles it forces (the solver's
whole-board propagation). *Contradiction*: if assuming ``d`` in a cell empties a cell or a
unit, ``d`` is not there. *Verity*: if every candidate of a cell (or every place of a digit in
a unit) forces the same placement or removal, that placement or removal holds.
Both are sound by construction. When nothing logical is found, *trial and error* places one
digit of the known solution and says that it had to guess.

Each search is written once as a generator (``iter_*``) that yields after each cell or unit
it tries, at most nine assumptions apart: one search on the hardest puzzles takes up to
0.65 s in CPython, and the bridge's 30 ms slices can only stop at a yield. ``find_*`` runs
it to the end.
"""

from __future__ import annotations

from typing import cast

from sudoku_core._steps import run_to_end
from sudoku_core.grid import Grid, cell_name, unit_name
from sudoku_core.logic.board import BIT_COUNT, MASK_DIGITS, UNIT_BITS, Board, cells_of
from sudoku_core.logic.steps import Search, Step, make_step

Outcome = tuple[list[int], list[int]]
"""Per digit (index 1..9), after propagation: the cells where it is placed, the cells where it
is still a candidate. Cellsets, so that what all outcomes agree on is a few ANDs and ORs."""


def propagate(board: Board) -> Board | None:
    """Place naked and hidden singles on ``board`` (in place) until none is left.

    Returns the board, or None on a contradiction: a cell without candidates, a digit
    without a place in a unit, or two singles that clash.
    """
    return None if _propagate(board) is None else board


def _propagate(board: Board) -> list[int] | None:
    """:func:`propagate`, returning the cells of each placed digit (None: a contradiction)."""
    # The board's lists are read through locals (place() changes their items, never the
    # lists), and the naked singles are looked for over all 81 cells, not over the unsolved
    # ones: a solved cell has no candidate and a digit, so it is skipped the same way, and the
    # cellset iterator cost more than the cells it skipped. These two made grading the
    # hardest puzzles 1.13x faster (this function is most of the forcing chains' time).
    values, cands, where = board.values, board.cands, board.where
    placed = [0] * 10
    for c in range(81):
        if values[c]:
            placed[values[c]] |= 1 << c
    while board.unsolved:
        progress = False
        for c in range(81):
            mask = cands[c]
            if mask & (mask - 1):  # two or more candidates: the usual case
                continue
            if not mask:
                if not values[c]:
                    return None
                continue
            d = mask.bit_length()
            board.place(c, d)
            placed[d] |= 1 << c
            progress = True
        if progress:
            continue
        for bits in UNIT_BITS:
            for d in range(1, 10):
                spots = where[d] & bits
                if not spots:
                    if not placed[d] & bits:
                        return None
                elif not spots & (spots - 1):
                    c = spots.bit_length() - 1
                    board.place(c, d)
                    placed[d] |= spots
                    progress = True
        if not progress:
            break
    return placed


_Outcomes = tuple[tuple[int, ...], dict[tuple[int, int], "Outcome | None"]]
"""What the board's memo keeps: the candidates the assumptions were made on, and each one's
outcome by (cell, digit)."""


def _assume(board: Board, cell: int, digit: int) -> Outcome | None:
    """The board after placing ``digit`` in ``cell`` and its singles; None: contradiction.

    Kept in the board's memo while its candidates stay the same: the contradiction search,
    then the verity search by cell and by unit (each candidate three times: row, column and
    box) make the same assumptions on the same board, and this is most of grading's time on
    the hardest puzzles.
    """
    where = tuple(board.where)
    kept = cast(_Outcomes | None, board.memo.get("forcing outcomes"))
    if kept is None or kept[0] != where:
        kept = (where, {})
        board.memo["forcing outcomes"] = kept
    outcomes = kept[1]
    if (cell, digit) not in outcomes:
        outcomes[cell, digit] = _outcome(board, cell, digit)
    return outcomes[cell, digit]


def _outcome(board: Board, cell: int, digit: int) -> Outcome | None:
    trial = board.copy()
    for d in MASK_DIGITS[trial.cands[cell] & ~(1 << (digit - 1))]:
        trial.eliminate(cell, d)
    placed = _propagate(trial)
    if placed is None:
        return None
    return placed, trial.where


def _common(
    board: Board, results: list[Outcome]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The candidates every outcome places, and those no outcome leaves possible.

    Digit by digit on cellsets: asking each outcome about each candidate, cell by cell, was
    40% of the time of grading the hardest puzzles.
    """
    placements = []
    eliminations = []
    for d in range(1, 10):
        open_cells = board.where[d]
        if not open_cells:
            continue
        everywhere = open_cells
        possible = 0
        for placed, where in results:
            everywhere &= placed[d]
            possible |= placed[d] | where[d]
        placements += [(c, d) for c in cells_of(everywhere)]
        eliminations += [(c, d) for c in cells_of(open_cells & ~possible)]
    return sorted(placements), sorted(eliminations)


def iter_forcing_contradiction(board: Board) -> Search:
    """:func:`find_forcing_contradiction` in slices: yields after each cell it tries."""
    order = sorted(cells_of(board.unsolved), key=lambda c: BIT_COUNT[board.cands[c]])
    for cell in order:
        yield
        for d in MASK_DIGITS[board.cands[cell]]:
            if _assume(board, cell, d) is None:
                return make_step(
                    "Forcing Chain",
                    f"Forcing Chain: if {cell_name(cell)} were {d}, the singles it forces would "
                    "leave a cell or a unit with no possible digit",
                    eliminations=[(cell, d)],
                    cells=[cell],
                    candidates=[(cell, d)],
                )
    return None


def find_forcing_contradiction(board: Board) -> Step | None:
    """Forcing Chain (contradiction): a candidate whose singles break the grid is false."""
    return run_to_end(iter_forcing_contradiction(board))


def iter_forcing_verity(board: Board) -> Search:
    """:func:`find_forcing_verity` in slices: yields after each cell and each unit's digit."""
    order = sorted(cells_of(board.unsolved), key=lambda c: BIT_COUNT[board.cands[c]])
    for cell in order:
        yield
        options = MASK_DIGITS[board.cands[cell]]
        results = [_assume(board, cell, d) for d in options]
        kept = [r for r in results if r is not None]
        if not kept:
            continue
        placements, eliminations = _common(board, kept)
        if placements or eliminations:
            name = "Forcing Chain" if len(options) == 2 else "Forcing Net"
            return make_step(
                name,
                f"{name}: whichever of {'/'.join(map(str, options))} goes in {cell_name(cell)}, "
                "the singles it forces agree",
                placements=placements,
                eliminations=eliminations,
                cells=[cell],
                candidates=[(cell, d) for d in options],
            )
    for u, bits in enumerate(UNIT_BITS):
        for d in range(1, 10):
            spots = board.where[d] & bits
            if spots.bit_count() < 2:
                continue
            yield
            results = [_assume(board, c, d) for c in cells_of(spots)]
            kept = [r for r in results if r is not None]
            if not kept:
                continue
            placements, eliminations = _common(board, kept)
            if placements or eliminations:
                name = "Forcing Chain" if spots.bit_count() == 2 else "Forcing Net"
                return make_step(
                    name,
                    f"{name}: wherever {d} goes in {unit_name(u)}, the singles it forces agree",
                    placements=placements,
                    eliminations=eliminations,
                    cells=list(cells_of(spots)),
                    candidates=[(c, d) for c in cells_of(spots)],
                    units=[u],
                )
    return None


def find_forcing_verity(board: Board) -> Step | None:
    """Forcing Chain/Net (verity): all options of a cell or a unit force the same result."""
    return run_to_end(iter_forcing_verity(board))


def trial_and_error(board: Board, solution: Grid) -> Step:
    """No logical step was found: place one digit of the solution and say so."""
    cell = min(cells_of(board.unsolved), key=lambda c: (BIT_COUNT[board.cands[c]], c))
    d = solution[cell]
    return make_step(
        "Trial and Error",
        f"Trial and Error: no logical step was found; trying the digits of {cell_name(cell)} "
        f"shows that only {d} leads to the solution",
        placements=[(cell, d)],
        cells=[cell],
        candidates=[(cell, d)],
    )
