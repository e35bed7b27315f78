"""The puzzle corpora: the shipped sample is what its README says, and the solver answers every
puzzle of both corpora as its file says.

Each data-driven test runs once per corpus (ids ``sample-...`` and ``full-...``): always on
tests/data, and on the full public sets when they are present (see tests/puzzle_sets.py). The plans
for the full sets are the ones these tests were first written with; the sample's cover all of it.
"""

from __future__ import annotations

import pytest

from puzzle_sets import (
    DATA,
    SAMPLE,
    SAMPLE_SIZES,
    WHOLE_SETS,
    Corpus,
    corpora,
    full_corpus,
    puzzle_lines,
    sample_text,
)
from sudoku_core import format_line, is_solution, search

WHOLE_SIZES = {"easy50": 50, "top95": 95, "norvig_hardest": 11, "counted": 43, "seed_examples": 4}
MAX_CORPUS_BYTES = 400_000


def test_the_shipped_corpus_has_every_set_and_its_size() -> None:
    for name, size in (WHOLE_SIZES | SAMPLE_SIZES).items():
        assert len(puzzle_lines(SAMPLE.file(name).read_text())) == size, name
    assert set(WHOLE_SIZES) == set(WHOLE_SETS)
    shipped = {path.stem for path in DATA.glob("*.txt")}
    assert shipped == set(WHOLE_SETS) | set(SAMPLE_SIZES)


def test_the_shipped_corpus_stays_small_and_credits_every_set() -> None:
    assert sum(path.stat().st_size for path in DATA.iterdir()) < MAX_CORPUS_BYTES
    readme = (DATA / "README.md").read_text()
    for path in DATA.glob("*.txt"):
        assert f"`{path.name}`" in readme, f"{path.name} is not credited in tests/data/README.md"


FULL = full_corpus()


@pytest.mark.parametrize("name", [*WHOLE_SETS, *SAMPLE_SIZES])
def test_the_shipped_files_are_the_full_sets_or_their_stated_sample(name: str) -> None:
    """tests/data is what `redraw` makes from the full sets; without them (a fresh clone) each
    sample at least says how it was drawn."""
    shipped = SAMPLE.file(name).read_text()
    if FULL is None:
        if name in SAMPLE_SIZES:
            assert shipped.startswith(f"# Sample: {SAMPLE_SIZES[name]} of the "), name
        return
    if name in WHOLE_SETS:
        assert shipped == FULL.file(name).read_text(), f"{name} differs from the full set"
    else:
        assert shipped == sample_text(name, FULL.file(name).read_text()), (
            f"{name} is not the sample the README states: redraw it (tests/data/README.md)"
        )


# --- the solver on every corpus -------------------------------------------------------------------

SOLVE_PLANS: dict[str, list[tuple[str, int, int | None, int]]] = {
    # set, every, limit, puzzles expected
    "sample": [
        ("easy50", 1, None, 50),
        ("top95", 1, None, 95),
        ("norvig_hardest", 1, None, 11),
        ("magictour_top1465", 1, None, 1000),
        ("17_clue", 1, None, 1000),
        ("forum_hardest_1905_11plus", 1, None, 1000),
        ("serg_benchmark_multi", 1, None, 300),
    ],
    "full": [
        ("easy50", 1, None, 50),
        ("top95", 1, None, 95),
        ("norvig_hardest", 1, None, 11),
        ("magictour_top1465", 1, None, 1465),
        ("17_clue", 24, 2000, 2000),  # a deterministic sample of the big sets
        ("forum_hardest_1905_11plus", 24, 2000, 2000),
        ("serg_benchmark_multi", 10, 1000, 1000),  # several solutions each
    ],
}


def plans(table: dict[str, list[tuple[str, int, int | None, int]]]) -> list[pytest.ParameterSet]:
    """The table's rows for each corpus present, as parameters with readable ids."""
    return [
        pytest.param(corpus, *row, id=f"{corpus}-{row[0]}")
        for corpus in corpora()
        for row in table[corpus.name]
    ]


@pytest.mark.parametrize(("corpus", "name", "every", "limit", "size"), plans(SOLVE_PLANS))
def test_every_puzzle_is_solved_with_the_count_its_set_says(
    corpus: Corpus, name: str, every: int, limit: int | None, size: int
) -> None:
    """Unique sets solve to one valid solution (the file's, when it gives one); serg_benchmark_
    multi's puzzles each have several."""
    sample = corpus.cases(name, limit=limit, every=every)
    for case in sample:
        result = search(case.grid, limit=2, keep=1)
        assert result.count == case.expected, format_line(case.grid)
        assert is_solution(result.solutions[0], case.grid), format_line(case.grid)
        assert case.solution in (None, result.solutions[0]), format_line(case.grid)
    assert len(sample) == size
