"""When no known technique applies: a guess that fails, and the placement it forces.

Rather than just naming the solution's digit, the hint shows why it must be there the way a
player would find out: suppose another candidate of a cell and follow the singles it forces
until the grid breaks. The cell taken is the one whose every wrong candidate breaks the grid
soonest, cells with two candidates first (one failed guess then decides the cell). When no
cell's wrong candidates all break by singles, a single failed guess gives an elimination;
when none breaks, the hint says plainly that the position needs deeper trials and offers the
solution's digit (the step :func:`~sudoku_core.logic.forcing.trial_and_error` takes).
"""

from __future__ import annotations

from collections.abc import Generator

from sudoku_core.explain import words
from sudoku_core.explain.levels import Levels, levels
from sudoku_core.explain.trial import Fact, Proof, suppose
from sudoku_core.grid import Cell, Digit, Grid, cell_name
from sudoku_core.logic.board import MASK_DIGITS, Board, Candidate, cells_of
from sudoku_core.logic.forcing import trial_and_error
from sudoku_core.logic.steps import Step, make_step

__all__ = ["iter_guess"]

_NAME = "Trial and Error"
_NONE_APPLIES = "No technique the studio knows applies here"


def iter_guess(board: Board, solution: Grid) -> Generator[None, None, tuple[Step, Levels]]:
    """The step a failed guess gives on ``board`` and its words; yields after each cell tried."""
    best: tuple[int, Cell, list[tuple[Digit, Proof]]] | None = None
    single: tuple[int, Cell, Digit, Proof] | None = None
    cells = sorted(cells_of(board.unsolved), key=lambda c: (board.cands[c].bit_count(), c))
    for cell in cells:
        if best is not None and board.cands[cell].bit_count() > 2:
            break
        yield
        failed = []
        for digit in MASK_DIGITS[board.cands[cell]]:
            if digit == solution[cell]:
                continue
            proof = suppose(board, Fact(cell, digit, True))
            if proof is None or not proof.broke:
                break
            failed.append((digit, proof))
            if single is None or len(proof.steps) < single[0]:
                single = (len(proof.steps), cell, digit, proof)
        else:
            if not failed:
                continue
            size = sum(len(proof.steps) + 1 for _, proof in failed)
            if best is None or size < best[0]:
                best = (size, cell, failed)
    if best is not None:
        return _placement(board, best[1], solution[best[1]], best[2])
    if single is not None:
        return _elimination(board, single[1], single[2], single[3])
    return _no_guess(board, solution)


def _holds(board: Board, cell: Cell) -> str:
    return f"{cell_name(cell)} holds {words.digits(MASK_DIGITS[board.cands[cell]], 'or')}"


def _nudge(board: Board, cell: Cell) -> str:
    count = words.plural(board.cands[cell].bit_count(), "candidate")
    return (
        f"{_NONE_APPLIES}, so the next step comes from a guess that fails: try the candidates "
        f"of {cell_name(cell)} ({count})"
    )


def _step(
    board: Board,
    cell: Cell,
    guessed: str,
    *,
    placements: list[Candidate] | None = None,
    eliminations: list[Candidate] | None = None,
) -> Step:
    """The guess's step: the cell and its candidates, what the failed guess proves."""
    return make_step(
        _NAME,
        f"{_NAME}: {guessed} breaks the grid",
        placements=placements or [],
        eliminations=eliminations or [],
        cells=[cell],
        candidates=[(cell, d) for d in MASK_DIGITS[board.cands[cell]]],
    )


def _placement(
    board: Board, cell: Cell, digit: Digit, failed: list[tuple[Digit, Proof]]
) -> tuple[Step, Levels]:
    wrong = [d for d, _ in failed]
    name = cell_name(cell)
    step = _step(board, cell, f"every other candidate of {name}", placements=[(cell, digit)])
    readings = [proof.reading(Fact(cell, d, True)) for d, proof in failed]
    others = (
        f"{words.digits(wrong, 'or')} breaks" if len(wrong) == 1 else "each of the others breaks"
    )
    return step, levels(
        _nudge(board, cell),
        words.sentences([_holds(board, cell), *readings]),
        f"{others} the grid, so {name} is {digit}: place {digit} in {name}",
    )


def _elimination(board: Board, cell: Cell, digit: Digit, proof: Proof) -> tuple[Step, Levels]:
    name = cell_name(cell)
    step = _step(board, cell, f"{digit} in {name}", eliminations=[(cell, digit)])
    return step, levels(
        _nudge(board, cell),
        words.sentences([_holds(board, cell), proof.reading(Fact(cell, digit, True))]),
        f"that guess breaks the grid, so {name} is not {digit}: remove {digit} from {name}",
    )


def _no_guess(board: Board, solution: Grid) -> tuple[Step, Levels]:
    step = trial_and_error(board, solution)
    ((cell, digit),) = step.placements
    name = cell_name(cell)
    return step, levels(
        f"{_NONE_APPLIES}, and no single guess breaks the grid by singles alone: the next step "
        "needs trials several levels deep",
        f"{_holds(board, cell)}; trying each of them, and the guesses they lead to, rules out "
        "all but one",
        f"only {digit} in {name} leads to the solution: place {digit} in {name}",
    )
