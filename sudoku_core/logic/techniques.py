"""The technique catalogue: every technique's name, level, score, rating and finder, in one table.

The order of :data:`CATALOGUE` is the order the solver tries the techniques (HoDoKu's): the
grades, the agreement with HoDoKu and the page's puzzle pool depend on it, so a new technique
goes where HoDoKu tries it. Importing this module fills :data:`sudoku_core.logic.steps.TECHNIQUES`,
the lookup by name that :attr:`Step.info <sudoku_core.logic.steps.Step.info>` uses.
"""

from __future__ import annotations

from typing import Final

from sudoku_core.logic import (
    als,
    chains,
    coloring,
    fish,
    forcing,
    franken,
    grouped,
    intersections,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)
from sudoku_core.logic.steps import TECHNIQUES, Level, Technique

E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME

CATALOGUE: Final = (
    Technique("Full House", E, 4, 1.0, singles.find_full_house),
    Technique("Naked Single", E, 4, 2.3, singles.find_naked_single),
    Technique("Hidden Single", E, 14, 1.5, singles.find_hidden_single),
    Technique("Locked Pair", M, 40, 3.0, subsets.find_locked_pair),
    Technique("Locked Triple", M, 60, 3.6, subsets.find_locked_triple),
    Technique("Locked Candidates Type 1 (Pointing)", M, 50, 2.6, intersections.find_pointing),
    Technique("Locked Candidates Type 2 (Claiming)", M, 50, 2.8, intersections.find_claiming),
    Technique("Naked Pair", M, 60, 3.0, subsets.find_naked_pair),
    Technique("Naked Triple", M, 80, 3.6, subsets.find_naked_triple),
    Technique("Hidden Pair", M, 70, 3.4, subsets.find_hidden_pair),
    Technique("Hidden Triple", M, 100, 4.0, subsets.find_hidden_triple),
    Technique("Naked Quadruple", H, 120, 5.0, subsets.find_naked_quadruple),
    Technique("Hidden Quadruple", H, 150, 5.4, subsets.find_hidden_quadruple),
    Technique("X-Wing", H, 140, 3.2, fish.find_x_wing),
    Technique("Swordfish", H, 150, 3.8, fish.find_swordfish),
    Technique("Jellyfish", H, 160, 5.2, fish.find_jellyfish),
    Technique("Remote Pair", H, 110, 4.6, wings.find_remote_pair),
    Technique("BUG+1", H, 100, 5.6, uniqueness.find_bug_plus_one, needs_uniqueness=True),
    Technique("Skyscraper", H, 130, 4.0, single_digit.find_skyscraper),
    Technique("2-String Kite", H, 150, 4.1, single_digit.find_two_string_kite),
    Technique("Turbot Fish", H, 120, 4.2, single_digit.find_turbot_fish),
    Technique("Empty Rectangle", H, 120, 4.2, single_digit.find_empty_rectangle),
    Technique("W-Wing", H, 150, 4.4, wings.find_w_wing),
    Technique("XY-Wing", H, 160, 4.2, wings.find_xy_wing),
    Technique("XYZ-Wing", H, 180, 4.4, wings.find_xyz_wing),
    Technique("Uniqueness Test 1", H, 100, 4.5, uniqueness.find_ur_type1, needs_uniqueness=True),
    Technique("Uniqueness Test 2", H, 100, 4.6, uniqueness.find_ur_type2, needs_uniqueness=True),
    Technique("Uniqueness Test 3", H, 100, 4.7, uniqueness.find_ur_type3, needs_uniqueness=True),
    Technique("Uniqueness Test 4", H, 100, 4.6, uniqueness.find_ur_type4, needs_uniqueness=True),
    Technique("Uniqueness Test 5", H, 100, 4.6, uniqueness.find_ur_type5, needs_uniqueness=True),
    Technique("Uniqueness Test 6", H, 100, 4.6, uniqueness.find_ur_type6, needs_uniqueness=True),
    Technique(
        "Hidden Rectangle", H, 100, 4.7, uniqueness.find_hidden_rectangle, needs_uniqueness=True
    ),
    Technique(
        "Avoidable Rectangle Type 1",
        H,
        100,
        4.5,
        uniqueness.find_avoidable_rectangle_type1,
        needs_uniqueness=True,
    ),
    Technique(
        "Avoidable Rectangle Type 2",
        H,
        100,
        4.5,
        uniqueness.find_avoidable_rectangle_type2,
        needs_uniqueness=True,
    ),
    Technique("Finned X-Wing", H, 130, 3.4, fish.find_finned_x_wing),
    Technique("Sashimi X-Wing", H, 150, 3.5, fish.find_sashimi_x_wing),
    Technique("Finned Swordfish", U, 200, 4.0, fish.find_finned_swordfish),
    Technique("Sashimi Swordfish", U, 240, 4.1, fish.find_sashimi_swordfish),
    Technique("Finned Jellyfish", U, 250, 5.4, fish.find_finned_jellyfish),
    Technique("Sashimi Jellyfish", U, 260, 5.5, fish.find_sashimi_jellyfish),
    Technique(
        "Sue de Coq", U, 250, 5.0, sue_de_coq.find_sue_de_coq, stepper=sue_de_coq.iter_sue_de_coq
    ),
    Technique("Simple Colors", H, 150, 4.5, coloring.find_simple_colors),
    Technique("Multi Colors", H, 200, 5.0, coloring.find_multi_colors),
    Technique("X-Chain", U, 260, 6.6, chains.find_x_chain),
    Technique("XY-Chain", U, 260, 6.6, chains.find_xy_chain),
    Technique("Nice Loop/AIC", U, 280, 7.0, chains.find_aic),
    Technique(
        "Grouped Nice Loop/AIC",
        U,
        300,
        7.2,
        grouped.find_grouped_aic,
        stepper=grouped.iter_grouped_aic,
    ),
    Technique("ALS-XZ", U, 300, 7.5, als.find_als_xz, stepper=als.iter_als_xz),
    Technique("ALS-XY-Wing", U, 320, 7.8, als.find_als_xy_wing, stepper=als.iter_als_xy_wing),
    Technique("ALS-XY-Chain", U, 340, 8.0, als.find_als_xy_chain, stepper=als.iter_als_xy_chain),
    Technique(
        "Franken X-Wing",
        U,
        300,
        3.7,
        franken.find_franken_x_wing,
        stepper=franken.iter_franken_x_wing,
    ),
    Technique(
        "Franken Swordfish",
        U,
        350,
        4.3,
        franken.find_franken_swordfish,
        stepper=franken.iter_franken_swordfish,
    ),
    Technique(
        "Finned Franken X-Wing",
        U,
        390,
        3.9,
        franken.find_finned_franken_x_wing,
        stepper=franken.iter_finned_franken_x_wing,
    ),
    Technique(
        "Finned Franken Swordfish",
        U,
        410,
        4.5,
        franken.find_finned_franken_swordfish,
        stepper=franken.iter_finned_franken_swordfish,
    ),
    Technique(
        "Forcing Chain",
        X,
        500,
        8.3,
        forcing.find_forcing_chain,
        stepper=forcing.iter_forcing_chain,
    ),
    Technique(
        "Forcing Net", X, 700, 9.0, forcing.find_forcing_net, stepper=forcing.iter_forcing_net
    ),
    Technique("Trial and Error", X, 10000, 11.0, None),
)
"""Every technique, in the order the solver tries them. Trial and Error has no finder: it is
the last resort of :func:`sudoku_core.logic.solving_path.iter_path`, which knows the solution."""

TECHNIQUES.update((technique.name, technique) for technique in CATALOGUE)
