"""The minlex form: invariant under every symmetry, different for different puzzles, and equal to
the forms the public catalogues print."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzle_sets import Corpus, cases, corpora
from sudoku_core.canonical import canonical_grid, canonical_transform, minlex, transform
from sudoku_core.formats import format_line, parse
from sudoku_core.solver import count_solutions, solve

MINLEX_GRID = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
"""The smallest solution grid of all (its own minlex form, as the Sudoku forum's catalogues of
grids start with it)."""

FIRST_17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
"""The first puzzle of the list of all 17-clue puzzles (Royle's list completed in dobrichev's
collection, via tdoku), which prints every puzzle in minlex form."""


def random_transform(puzzle: str, rng: random.Random) -> str:
    """``puzzle`` moved by a random symmetry and relabelling."""
    bands = rng.sample(range(3), 3)
    rows = tuple(3 * b + r for b in bands for r in rng.sample(range(3), 3))
    stacks = rng.sample(range(3), 3)
    cols = tuple(3 * s + c for s in stacks for c in rng.sample(range(3), 3))
    digits = (0, *rng.sample(range(1, 10), 9))
    moved = transform(puzzle, transpose=rng.random() < 0.5, rows=rows, cols=cols, digits=digits)
    return format_line(moved)


def test_the_catalogues_forms() -> None:
    assert minlex(FIRST_17) == FIRST_17
    assert minlex(MINLEX_GRID) == MINLEX_GRID
    rng = random.Random(3)
    for _ in range(20):
        assert minlex(random_transform(FIRST_17, rng)) == FIRST_17
    for _ in range(3):  # a full grid ties 1,296 column orders on its first row: slower
        assert minlex(random_transform(MINLEX_GRID, rng)) == MINLEX_GRID


def test_the_17_clue_list_is_printed_in_minlex_form() -> None:
    """A public catalogue in minlex form: each of its puzzles is its own form, and a random
    transform of it comes back to it."""
    chosen = cases("17_clue", limit=200)
    rng = random.Random(17)
    for case in chosen:
        line = format_line(case.grid)
        assert minlex(line) == line
        assert minlex(random_transform(line, rng)) == line


def test_edge_puzzles() -> None:
    assert minlex("." * 81) == "." * 81
    assert minlex("." * 80 + "7") == "." * 80 + "1"
    assert minlex("5" + "." * 80, empty="0") == "0" * 80 + "1"


@pytest.mark.parametrize(
    "name", ["17_clue", "magictour_top1465", "forum_hardest_1905_11plus", "easy50"]
)
def test_invariant_and_distinct_on_the_sample(name: str) -> None:
    """Any transform of a puzzle gives its form; different puzzles of a catalogue (which lists
    each puzzle once) give different forms; the form is a puzzle with the same solution count."""
    chosen = cases(name, limit=150)
    assert chosen, name
    rng = random.Random(name)
    forms = set()
    for case in chosen:
        form = minlex(case.grid)
        assert minlex(random_transform(format_line(case.grid), rng)) == form
        assert minlex(form) == form
        forms.add(form)
    assert len(forms) == len({case.grid for case in chosen})  # easy50 lists one puzzle twice
    for form in list(forms)[:10]:
        assert count_solutions(form, 2) == 1
        assert solve(form) is not None


def test_the_form_is_smallest_among_many_transforms() -> None:
    """No transform tried at random beats the form (a search that missed a tie would)."""
    rng = random.Random(9)
    for case in cases("magictour_top1465", limit=5):
        form = minlex(case.grid)
        for _ in range(300):
            assert random_transform(form, rng).replace(".", "0") >= form.replace(".", "0")


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 999))
def test_property_any_transform(rng: random.Random, pick: int) -> None:
    chosen = cases("top95")
    puzzle = format_line(chosen[pick % len(chosen)].grid)
    assert minlex(random_transform(puzzle, rng)) == minlex(puzzle)


def test_transform_refuses_a_broken_order() -> None:
    with pytest.raises(ValueError, match="rows"):
        transform("." * 81, rows=(0, 1, 3, 2, 4, 5, 6, 7, 8))
    with pytest.raises(ValueError, match="digits"):
        transform("." * 81, digits=(1, *range(1, 10)))


def test_canonical_grid_is_the_minlex_line() -> None:
    assert format_line(canonical_grid(FIRST_17)) == FIRST_17
    assert parse(minlex(FIRST_17)) == canonical_grid(FIRST_17)


@pytest.mark.parametrize("corpus", corpora(), ids=str)
def test_every_17_clue_puzzle_has_its_own_form(corpus: Corpus) -> None:
    """Every 5th puzzle of the shipped sample, and every 50th of the full list of 49,158 when it
    is present: each has a form of its own, never larger than the line, and equal to it for
    nearly all: the list prints its puzzles in minlex form, except about 3% (added later in
    another form; for those the form found is smaller, and it is a true variant:
    :func:`canonical_grid` applies the transform it found)."""
    every = 50 if corpus.is_full else 5
    everything = [format_line(case.grid) for case in corpus.cases("17_clue", every=every)]
    forms = [minlex(line) for line in everything]
    assert len(set(forms)) == len(everything)
    assert all(form <= line for form, line in zip(forms, everything, strict=True))
    assert sum(form == line for form, line in zip(forms, everything, strict=True)) >= 0.95 * len(
        forms
    )


def test_the_transform_found_gives_the_form() -> None:
    for case in cases("forum_hardest_1905_11plus", limit=20):
        move = canonical_transform(case.grid)
        moved = transform(
            case.grid, transpose=move.transpose, rows=move.rows, cols=move.cols, digits=move.digits
        )
        assert format_line(moved) == minlex(case.grid)
