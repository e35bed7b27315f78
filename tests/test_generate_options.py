"""Generator options in every combination: a puzzle or a documented error, never a crash.

A symmetry groups cells into orbits; fixed cells (a starting pattern's givens, ``keep``) that
are not themselves symmetric leave orbits only partly fixed. The generator's answer: the
symmetry holds for the whole puzzle, so a fixed cell's images stay givens too, and
``minimal`` means no other given can be removed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sudoku_core import InvalidPuzzleError, count_solutions, parse
from sudoku_core.generator import SYMMETRIES, Generated, Symmetry, generate, is_symmetric, orbits
from sudoku_core.grid import Grid

CORNER_AND_CENTRE = parse("5" + "." * 39 + "1" + "." * 40)
"""The issue's pattern: a 5 in r1c1 and a 1 in r5c5; under rot180 r9c9 is r1c1's image."""


def _fixed_orbits(symmetry: Symmetry, fixed: Collection[int]) -> set[int]:
    """The fixed cells and every cell of an orbit that holds one: these stay givens."""
    return {c for orbit in orbits(symmetry) if not set(orbit).isdisjoint(fixed) for c in orbit}


def _assert_sound(result: Generated, pattern: Grid | None, keep: Collection[int]) -> None:
    """What every generated puzzle promises, whatever the options."""
    puzzle = result.puzzle
    assert count_solutions(puzzle, limit=2) == 1
    assert all(puzzle[c] == result.solution[c] for c in range(81) if puzzle[c])
    assert is_symmetric(puzzle, result.symmetry)
    fixed = set(keep) | ({c for c in range(81) if pattern[c]} if pattern else set())
    assert all(puzzle[c] for c in fixed)
    if pattern is not None:
        assert all(puzzle[c] == d for c, d in enumerate(pattern) if d)
    if result.minimal:
        tied = _fixed_orbits(result.symmetry, fixed)
        for cell in range(81):
            if puzzle[cell] and cell not in tied:
                reduced = (*puzzle[:cell], 0, *puzzle[cell + 1 :])
                assert count_solutions(reduced, limit=2) == 2, f"r{cell // 9 + 1}c{cell % 9 + 1}"


def test_the_issue_repro_symmetric_minimal_with_an_asymmetric_pattern() -> None:
    # Before: KeyError: 80 (r9c9, the image of the fixed r1c1, belonged to no orbit).
    result = generate(seed=2, symmetry="rot180", minimal=True, givens=CORNER_AND_CENTRE)
    assert result.puzzle[0] == 5 and result.puzzle[40] == 1 and result.puzzle[80]
    assert result.minimal is True and result.target_met
    _assert_sound(result, CORNER_AND_CENTRE, ())


@pytest.mark.parametrize("seed", range(4))
def test_rot90_minimal_with_one_corner_kept(seed: int) -> None:
    # Before: KeyError on 30 of 30 seeds.
    result = generate(seed=seed, symmetry="rot90", minimal=True, keep={0}, max_tries=3)
    assert all(result.puzzle[c] for c in (0, 8, 72, 80))
    _assert_sound(result, None, {0})


_BAD_MAX_GIVENS = [2.5, True, "20", -1, 82]
_PATTERNS = st.one_of(
    st.none(),
    st.lists(st.tuples(st.integers(0, 80), st.integers(1, 9)), min_size=1, max_size=6).map(
        lambda placed: "".join(str(dict(placed).get(c, ".")) for c in range(81))
    ),
)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32),
    symmetry=st.sampled_from([*SYMMETRIES, "spiral"]),
    minimal=st.booleans(),
    max_givens=st.one_of(st.none(), st.integers(18, 40), st.sampled_from(_BAD_MAX_GIVENS)),
    pattern=_PATTERNS,
    keep=st.one_of(
        st.none(),
        st.sets(st.integers(0, 80), max_size=4),
        st.sampled_from([{81}, {-1}, {1.5}, 7]),
    ),
)
def test_any_option_combination_gives_a_puzzle_or_a_documented_error(
    *,
    seed: int,
    symmetry: str,
    minimal: bool,
    max_givens: Any,
    pattern: str | None,
    keep: Any,
) -> None:
    options: dict[str, Any] = {
        "seed": seed,
        "symmetry": symmetry,
        "minimal": minimal,
        "max_givens": max_givens,
        "givens": pattern,
        "keep": keep,
    }
    try:
        result = generate(**options, max_tries=2, max_seconds=None)
    except (InvalidPuzzleError, ValueError) as error:
        assert str(error), options
        event(f"refused: {type(error).__name__}")
        return
    event(f"generated, minimal={result.minimal}, symmetry={symmetry != 'none'}")
    _assert_sound(result, parse(pattern) if pattern else None, keep or ())
    assert result.target_met or result.tries == 2
    if result.target_met and max_givens is not None:
        assert result.givens <= max_givens


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_givens": 2.5}, "max_givens must be a whole number, got 2.5"),
        ({"max_givens": True}, "max_givens must be a whole number, got True"),
        ({"max_givens": "20"}, "max_givens must be a whole number, got '20'"),
        ({"max_tries": 1.5}, "max_tries must be a whole number, got 1.5"),
        ({"max_tries": 0}, "max_tries must be at least 1, got 0"),
        ({"seed": 2.5}, "seed must be a whole number, got 2.5"),
        ({"seed": "7"}, "seed must be a whole number, got '7'"),
        ({"max_seconds": float("nan")}, "max_seconds must be a finite number above 0"),
        ({"max_seconds": float("inf")}, "max_seconds must be a finite number above 0"),
        ({"max_seconds": -1}, "max_seconds must be a finite number above 0"),
        ({"keep": 7}, "keep must be a collection of cells 0..80, got 7"),
        ({"keep": "abc"}, "keep must be a collection of cells 0..80, got 'abc'"),
        ({"keep": {True}}, r"cells to keep must be 0\.\.80, got \[True\]"),
        ({"minimal": "yes"}, "minimal must be True or False, got 'yes'"),
    ],
)
def test_bad_generator_options_are_refused_by_name(options: dict[str, Any], message: str) -> None:
    # Before: max_givens=2.5 and True were used as numbers, "20" and a bare 7 raised TypeError,
    # seed=2.5 and "7" seeded the generator, nan and inf seconds meant "no limit".
    with pytest.raises(ValueError, match=message):
        generate(**options)
