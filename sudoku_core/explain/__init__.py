"""Hints that teach: a step in plain words, at three levels (:class:`Levels`).

:func:`explain` picks the explanation of the step's technique family; each is written from
the step's own cells, units and digits and the board it was found on:

* :mod:`.basics`: Full House, Naked and Hidden Singles, Locked Candidates, subsets;
* :mod:`.fish`: basic, finned, sashimi and Franken fish;
* :mod:`.patterns`: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, XY-, XYZ- and
  W-Wing, Remote Pair, Simple and Multi Colors;
* :mod:`.uniqueness`: Unique and Hidden Rectangles, Avoidable Rectangles, BUG+1;
* :mod:`.chains`: X-Chain, XY-Chain, (grouped) Nice Loops and AICs, read as "if … then …";
* :mod:`.sets`: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Sue de Coq;
* :mod:`.forcing`: Forcing Chains and Nets, each supposition followed to its end;
* :mod:`.guess`: when no technique applies, a guess that fails (its own step).

The standard notation (``step.text``) stays the expert's line beside these.
"""

from __future__ import annotations

from typing import Final

from sudoku_core.explain import basics, chains, fish, forcing, patterns, sets, uniqueness
from sudoku_core.explain.guess import iter_guess
from sudoku_core.explain.levels import Explainer, Levels, levels
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

__all__ = ["EXPLAINERS", "Levels", "explain", "iter_guess"]

_FISH: Final = ("X-Wing", "Swordfish", "Jellyfish")

EXPLAINERS: Final[dict[str, Explainer]] = {
    "Full House": basics.full_house,
    "Naked Single": basics.naked_single,
    "Hidden Single": basics.hidden_single,
    "Locked Candidates Type 1 (Pointing)": basics.locked_candidates,
    "Locked Candidates Type 2 (Claiming)": basics.locked_candidates,
    "Locked Pair": basics.subset,
    "Locked Triple": basics.subset,
    **{
        f"{kind} {size}": basics.subset
        for kind in ("Naked", "Hidden")
        for size in ("Pair", "Triple", "Quadruple")
    },
    **{f"{form}{name}": fish.fish for name in _FISH for form in ("", "Finned ", "Sashimi ")},
    **{
        f"{form}Franken {name}": fish.fish
        for name in ("X-Wing", "Swordfish")
        for form in ("", "Finned ")
    },
    "Skyscraper": patterns.two_links,
    "2-String Kite": patterns.two_links,
    "Turbot Fish": patterns.two_links,
    "Empty Rectangle": patterns.empty_rectangle,
    "XY-Wing": patterns.xy_wing,
    "XYZ-Wing": patterns.xyz_wing,
    "W-Wing": patterns.w_wing,
    "Remote Pair": patterns.remote_pair,
    "Simple Colors": patterns.colours,
    "Multi Colors": patterns.colours,
    **{f"Uniqueness Test {n}": uniqueness.unique_rectangle for n in range(1, 7)},
    "Hidden Rectangle": uniqueness.unique_rectangle,
    "Avoidable Rectangle Type 1": uniqueness.avoidable_rectangle,
    "Avoidable Rectangle Type 2": uniqueness.avoidable_rectangle,
    "BUG+1": uniqueness.bug_plus_one,
    "X-Chain": chains.chain,
    "XY-Chain": chains.chain,
    "Nice Loop/AIC": chains.chain,
    "Grouped Nice Loop/AIC": chains.chain,
    "ALS-XZ": sets.als_xz,
    "ALS-XY-Wing": sets.als_xy_wing,
    "ALS-XY-Chain": sets.als_chain,
    "Sue de Coq": sets.sue_de_coq,
    "Forcing Chain": forcing.forcing,
    "Forcing Net": forcing.forcing,
}
"""Every technique of the catalogue but Trial and Error (:mod:`.guess` makes its own step),
with its explanation."""


def explain(step: Step, board: Board) -> Levels:
    """The step in words at three levels, from ``board``, the board it was found on.

    A step whose technique has no explanation here, or whose explanation fails on an odd
    position (a bug, never the player's fault), is told by its notation: a hint must not
    fail for want of words.

    Examples:
        >>> from sudoku_core.logic.singles import find_full_house
        >>> board = Board.from_grid([0] + [d for d in range(2, 10)] + [0] * 72)
        >>> words = explain(find_full_house(board), board)
        >>> words.nudge
        'Look at row 1: a Full House is there.'
        >>> words.effect
        'The one digit row 1 lacks is 1: place 1 in r1c1.'
    """
    explainer = EXPLAINERS.get(step.technique)
    if explainer is not None:
        try:
            return explainer(step, board)
        except (ValueError, IndexError, KeyError, StopIteration):
            pass
    return _plain(step)


def _plain(step: Step) -> Levels:
    """A step's words from its notation alone."""
    from sudoku_core.explain import words

    where = words.units(step.units) if step.units else chains.boxes(step.cells)
    notation = step.text.split(": ")
    return levels(
        f"Look at {where}: {words.a_technique(step.technique)} is there",
        notation[0] if len(notation) > 1 else step.technique,
        words.effect(step.placements, step.eliminations),
    )
