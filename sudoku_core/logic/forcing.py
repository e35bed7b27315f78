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

from sudoku_core._steps import run_to_end
from sudoku_core.grid import Grid, cell_name, unit_name
from sudoku_core.logic.board import BIT_COUNT, MASK_DIGITS, UNIT_BITS, Board, cells_of
from sudoku_core.logic.steps import Search, Step, make_step

Outcome = tuple[list[int], list[int]]
"""(values, candidate masks) of a board after propagation."""


def propagate(board: Board) -> Board | None:
    """Place naked and hidden singles on ``board`` (in place) until none is left.

    Returns the board, or None on a contradiction: a cell without candidates, a digit
    without a place in a unit, or two singles that clash.
    """
    placed = [0] * 10
    for c in range(81):
        if board.values[c]:
            placed[board.values[c]] |= 1 << c
    while board.unsolved:
        progress = False
        for c in cells_of(board.unsolved):
            mask = board.cands[c]
            if not mask:
                if not board.values[c]:
                    return None
                continue
            if not mask & (mask - 1):
                d = mask.bit_length()
                board.place(c, d)
                placed[d] |= 1 << c
                progress = True
        if progress:
            continue
        for bits in UNIT_BITS:
            for d in range(1, 10):
                spots = board.where[d] & bits
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
    return board


def _assume(board: Board, cell: int, digit: int) -> Outcome | None:
    """The board after placing ``digit`` in ``cell`` and its singles; None: contradiction."""
    trial = board.copy()
    for d in MASK_DIGITS[trial.cands[cell] & ~(1 << (digit - 1))]:
        trial.eliminate(cell, d)
    if propagate(trial) is None:
        return None
    return trial.values, trial.cands


def _true_in(result: Outcome, cell: int, digit: int) -> bool:
    return result[0][cell] == digit


def _possible_in(result: Outcome, cell: int, digit: int) -> bool:
    return result[0][cell] == digit or bool(result[1][cell] >> (digit - 1) & 1)


def _common(
    board: Board, results: list[Outcome]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    placements = []
    eliminations = []
    for c in cells_of(board.unsolved):
        for d in MASK_DIGITS[board.cands[c]]:
            if all(_true_in(r, c, d) for r in results):
                placements.append((c, d))
            elif not any(_possible_in(r, c, d) for r in results):
                eliminations.append((c, d))
    return placements, eliminations


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
