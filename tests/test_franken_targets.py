"""The target filter of the finned Franken search lets through every base set with a fish.

:func:`sudoku_core.logic.franken._passing_bases` skips the cover search of a base set when no
cell it could clear lets n columns and boxes (rows and boxes) cover the base cells not seeing
that cell. It is a shortcut only if it never skips a base set that has a fish: checked here
against a plain enumeration of every cover, on one digit's candidates taken from the hardest
puzzles with a few candidates removed at random (a seeded sample: fish or none, as on a path),
and on random masks. The search as a whole must still find the reference's first fish.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from sudoku_core.formats import as_grid
from sudoku_core.logic import Board, franken
from sudoku_core.logic.board import ALL_CELLS, PEER_BITS, UNIT_BITS, cells_of
from test_franken_search import _found, reference

HARDEST = Path(__file__).parent / "data" / "forum_hardest_1905_11plus.txt"


def one_digit(mask: int) -> Board:
    """A board where only digit 1 has candidates, in ``mask``."""
    return Board([0] * 81, [1 if mask >> c & 1 else 0 for c in range(81)])


def masks(seed: int, count: int) -> list[int]:
    """Digit masks of the hardest puzzles' first boards, 0 to 8% of their cells removed, and
    a few random masks."""
    rng = random.Random(seed)
    lines = [line.split()[0] for line in HARDEST.read_text().splitlines() if line.strip()]
    assert lines, "the hardest puzzles' file was not found"
    found = []
    for _ in range(count):
        board = Board.from_grid(as_grid(rng.choice(lines)))
        cells = list(cells_of(board.where[rng.randint(1, 9)]))
        drop = rng.sample(cells, int(len(cells) * rng.uniform(0, 0.08)))
        found.append(sum(1 << c for c in cells if c not in drop))
    found += [sum(1 << c for c in range(81) if rng.random() < 0.3) for _ in range(count // 4)]
    return found


def fish_bases(where: int, n: int) -> set[tuple[int, tuple[int, ...]]]:
    """Every (orientation, base units) with a finned Franken fish on ``where``, any cover."""
    found = set()
    for orient, (base_units, cover_units) in enumerate(franken._SIDES):
        pool = [u for u in base_units if where & UNIT_BITS[u]]
        for base in combinations(pool, n):
            base_cells = twice = 0
            for u in base:
                twice |= base_cells & where & UNIT_BITS[u]
                base_cells |= where & UNIT_BITS[u]
            others = [u for u in cover_units if u not in base and where & UNIT_BITS[u]]
            for cover in combinations(others, n):
                covered = again = 0
                for u in cover:
                    again |= covered & where & UNIT_BITS[u]
                    covered |= where & UNIT_BITS[u]
                fins = (base_cells & ~covered) | twice
                seeing = ALL_CELLS
                for fin in cells_of(fins):
                    seeing &= PEER_BITS[fin]
                if fins and where & ((covered & ~base_cells) | again) & seeing:
                    found.add((orient, base))
                    break
    return found


def passing(where: int, n: int) -> set[tuple[int, tuple[int, ...]]]:
    """What the filter lets through on ``where``."""
    found = set()
    for orient, (base_units, _) in enumerate(franken._SIDES):
        pool = [(u, where & UNIT_BITS[u]) for u in base_units if where & UNIT_BITS[u]]
        for base in franken._passing_bases(where, orient, pool, n, {}):
            if base is not None:
                found.add((orient, tuple(u for u, _ in base)))
    return found


@pytest.mark.parametrize("n", [2, 3])
def test_every_base_set_with_a_fish_passes(n: int) -> None:
    checked = fishy = 0
    for where in masks(seed=n, count=12 if n == 2 else 5):
        needed = fish_bases(where, n)
        let_through = passing(where, n)
        assert needed <= let_through, sorted(needed - let_through)
        checked += 1
        fishy += bool(needed)
    assert checked and fishy  # some masks have fish, so the check can fail


@pytest.mark.parametrize(("n", "finned"), [(2, True), (3, True), (2, False), (3, False)])
def test_the_first_fish_is_the_reference_s_on_one_digit(n: int, finned: bool) -> None:
    results = []
    for where in masks(seed=10 + n, count=10 if n == 2 else 4):
        found = _found(one_digit(where), n, finned)
        assert found == reference(one_digit(where), n, finned)
        results.append(found is not None)
    assert any(results)


def test_the_least_cover_table_is_a_brute_force_s() -> None:
    """Every stack key: the fewest of its 3 columns and allowed boxes covering its edges."""
    for key in range(4096):
        mask, forbidden = key & 0o777, key >> 9
        least = min(
            len(units)
            for size in range(7)
            for units in combinations(range(6), size)
            if all(
                (edge % 3) in units or (3 + edge // 3 in units and not forbidden >> (edge // 3) & 1)
                for edge in range(9)
                if mask >> edge & 1
            )
        )
        assert franken._least_cover(mask, forbidden) == least, (mask, forbidden)


@pytest.mark.parametrize("n", [2, 3])
def test_the_kept_targets_find_what_a_fresh_search_finds(n: int) -> None:
    """One board searched again after each few candidates go (its memo reuses the targets of
    the units and pairs whose cells stayed the same) against a fresh board."""
    rng = random.Random(n)
    found = []
    for where in masks(seed=20 + n, count=4):
        board = one_digit(where)
        for _ in range(8):
            kept = _found(board, n, True)
            assert kept == _found(one_digit(board.where[1]), n, True)
            found.append(kept)
            cells = list(cells_of(board.where[1]))
            for cell in rng.sample(cells, min(len(cells), 2)):
                board.eliminate(cell, 1)
    assert any(found) and not all(found)
