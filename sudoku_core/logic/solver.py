"""Solving by techniques: at each step, the simplest technique that applies (HoDoKu's order).

:data:`SEARCH_ORDER` lists every technique finder in the order they are tried. The
uniqueness techniques (Unique Rectangles, BUG+1) are sound only for a puzzle known to have
one solution, so :func:`find_step` skips them unless told ``unique=True``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from sudoku_core.grid import Grid
from sudoku_core.logic import (
    als,
    chains,
    coloring,
    fish,
    forcing,
    grouped,
    intersections,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step

Finder = Callable[[Board], Step | None]

_CORE: Final[tuple[tuple[str, Finder], ...]] = (
    ("Full House", singles.find_full_house),
    ("Naked Single", singles.find_naked_single),
    ("Hidden Single", singles.find_hidden_single),
    ("Locked Pair", subsets.find_locked_pair),
    ("Locked Triple", subsets.find_locked_triple),
    ("Locked Candidates Type 1 (Pointing)", intersections.find_pointing),
    ("Locked Candidates Type 2 (Claiming)", intersections.find_claiming),
    ("Naked Pair", subsets.find_naked_pair),
    ("Naked Triple", subsets.find_naked_triple),
    ("Hidden Pair", subsets.find_hidden_pair),
    ("Hidden Triple", subsets.find_hidden_triple),
    ("Naked Quadruple", subsets.find_naked_quadruple),
    ("Hidden Quadruple", subsets.find_hidden_quadruple),
    ("X-Wing", fish.find_x_wing),
    ("Swordfish", fish.find_swordfish),
    ("Jellyfish", fish.find_jellyfish),
)

_ADVANCED: Final[tuple[tuple[str, Finder], ...]] = (
    ("Remote Pair", wings.find_remote_pair),
    ("BUG+1", uniqueness.find_bug_plus_one),
    ("Skyscraper", single_digit.find_skyscraper),
    ("2-String Kite", single_digit.find_two_string_kite),
    ("Turbot Fish", single_digit.find_turbot_fish),
    ("Empty Rectangle", single_digit.find_empty_rectangle),
    ("W-Wing", wings.find_w_wing),
    ("XY-Wing", wings.find_xy_wing),
    ("XYZ-Wing", wings.find_xyz_wing),
    ("Uniqueness Test 1", uniqueness.find_ur_type1),
    ("Uniqueness Test 2", uniqueness.find_ur_type2),
    ("Uniqueness Test 3", uniqueness.find_ur_type3),
    ("Uniqueness Test 4", uniqueness.find_ur_type4),
    ("Hidden Rectangle", uniqueness.find_hidden_rectangle),
    ("Finned X-Wing", fish.find_finned_x_wing),
    ("Sashimi X-Wing", fish.find_sashimi_x_wing),
    ("Finned Swordfish", fish.find_finned_swordfish),
    ("Sashimi Swordfish", fish.find_sashimi_swordfish),
    ("Finned Jellyfish", fish.find_finned_jellyfish),
    ("Sashimi Jellyfish", fish.find_sashimi_jellyfish),
    ("Sue de Coq", sue_de_coq.find_sue_de_coq),
    ("Simple Colors", coloring.find_simple_colors),
    ("Multi Colors", coloring.find_multi_colors),
    ("X-Chain", chains.find_x_chain),
    ("XY-Chain", chains.find_xy_chain),
    ("Nice Loop/AIC", chains.find_aic),
    ("Grouped Nice Loop/AIC", grouped.find_grouped_aic),
    ("ALS-XZ", als.find_als_xz),
    ("ALS-XY-Wing", als.find_als_xy_wing),
)

_LAST_RESORT: Final[tuple[tuple[str, Finder], ...]] = (
    ("Forcing Chain", forcing.find_forcing_contradiction),
    ("Forcing Net", forcing.find_forcing_verity),
)

UNIQUENESS: Final = frozenset(
    {
        "BUG+1",
        "Uniqueness Test 1",
        "Uniqueness Test 2",
        "Uniqueness Test 3",
        "Uniqueness Test 4",
        "Hidden Rectangle",
    }
)
"""Techniques that assume the puzzle has exactly one solution."""

SEARCH_ORDER: Final = _CORE + _ADVANCED + _LAST_RESORT
"""(technique, finder) in the order tried."""


def find_step(
    board: Board, *, unique: bool = False, skip: frozenset[str] = frozenset()
) -> Step | None:
    """The first step found by the simplest technique that applies, or None.

    ``unique``: the puzzle is known to have one solution, so uniqueness techniques may be used.
    ``skip``: technique names not to try.
    """
    for name, finder in SEARCH_ORDER:
        if name in skip or (name in UNIQUENESS and not unique):
            continue
        step = finder(board)
        if step is not None:
            return step
    return None


def iter_path(
    board: Board, solution: Grid | None = None, *, unique: bool = False
) -> Iterator[Step]:
    """Solve ``board`` in place, yielding each step as it is applied.

    With a ``solution``, a board that no technique can advance gets a *trial and error* step;
    without one, the path stops there.
    """
    while not board.is_solved:
        step = find_step(board, unique=unique)
        if step is None:
            if solution is None:
                return
            step = forcing.trial_and_error(board, solution)
        step.apply(board)
        yield step
