"""Solving and counting: the seeds' examples, every public set, budgets, and symmetry properties."""

from __future__ import annotations

import random
import re
from itertools import islice

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from puzzle_sets import cases
from reference_solver import ReferenceGaveUpError, reference_count
from sudoku_core import (
    Budget,
    GaveUpError,
    count_solutions,
    format_line,
    is_solution,
    iter_solutions,
    parse,
    search,
    solve,
)
from sudoku_core.grid import Grid
from sudoku_core.solver import has_other_solution, random_solution

SEED_003 = "009100000040078023600402001032680057895000030064310000407863915008590762956721040"
SEED_003_SOLUTION = (
    "289136574541978623673452891132689457895247136764315289427863915318594762956721348"
)
LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LEETCODE_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def test_seed_003_puzzle_has_exactly_its_solution() -> None:
    assert format_line(solve(SEED_003)) == SEED_003_SOLUTION  # type: ignore[arg-type]
    assert is_solution(SEED_003_SOLUTION, SEED_003)
    assert count_solutions(SEED_003) == 1
    assert reference_count(parse(SEED_003), limit=2) == 1


def test_leetcode_example() -> None:
    assert format_line(solve(LEETCODE)) == LEETCODE_SOLUTION  # type: ignore[arg-type]


def test_a_hard_puzzle_is_solved_and_unique() -> None:
    solution = solve(ESCARGOT)
    assert solution is not None and is_solution(solution, parse(ESCARGOT))
    assert count_solutions(ESCARGOT, limit=2) == 1


def test_the_empty_grid_counts_only_up_to_the_limit() -> None:
    assert count_solutions("." * 81, limit=1) == 1
    assert count_solutions("." * 81, limit=2) == 2
    assert count_solutions("." * 81, limit=5000) == 5000


def test_iter_solutions_is_lazy_and_yields_distinct_valid_grids() -> None:
    first = list(islice(iter_solutions("." * 81), 10_000))
    assert len(first) == 10_000
    assert len(set(first)) == 10_000
    assert all(is_solution(s) for s in first[::500])


def test_no_solution_and_clashing_givens_are_none() -> None:
    # Valid givens, but r1c9 can hold nothing: 1..8 in its row, 9 in its column.
    unsolvable = "12345678." + "........9" + "." * 63
    assert solve(unsolvable) is None
    assert count_solutions(unsolvable) == 0
    assert solve("11" + "." * 79) is None


def test_no_other_digit_where_the_givens_leave_one() -> None:
    """has_other_solution takes the solution's digit out of each emptied cell; where it was the
    cell's one candidate the state is refused before the search (propagation needs a board
    with no empty field), and a cell with a real alternative is still found."""
    from sudoku_core._propagate import exclude, initial_state

    answer = parse(SEED_003_SOLUTION)
    one_hole = (*answer[:8], 0, *answer[9:])
    state = initial_state(one_hole)
    assert state is not None and exclude(state, 8, answer[8]) is None
    assert exclude(state, 8, answer[8] % 9 + 1) is not None  # not a candidate there: no change
    assert initial_state(parse("12345678." + "........9" + "." * 63)) is None  # r1c9 empty
    assert not has_other_solution(one_hole, answer, [8])
    assert has_other_solution("." * 81, answer, [0])
    assert not has_other_solution(SEED_003, answer, range(81))


def test_a_budget_gives_up_clearly() -> None:
    with pytest.raises(GaveUpError, match="gave up after 5 search nodes"):
        count_solutions("." * 81, limit=10**6, budget=Budget(nodes=5))
    result = search("." * 81, limit=10**9, budget=Budget(seconds=0.05))
    assert result.gave_up and not result.complete and result.count > 0
    with pytest.raises(GaveUpError):
        solve(ESCARGOT, budget=Budget(nodes=1))


def test_stats_count_nodes_and_guesses() -> None:
    easy = search(cases("easy50")[0].grid, limit=2)
    assert easy.count == 1 and easy.stats.guesses == 0 and easy.stats.nodes == 1
    hard = search(ESCARGOT, limit=2)
    assert hard.stats.guesses > 0 and hard.stats.nodes > hard.stats.guesses


def test_search_rejects_a_zero_limit() -> None:
    with pytest.raises(ValueError, match="limit must be at least 1"):
        search(LEETCODE, limit=0)


def test_counted_gives_exact_counts() -> None:
    counted = cases("counted")
    assert len(counted) == 43
    from puzzle_sets import puzzle_file
    from sudoku_core.puzzle_files import read_file

    for item in read_file(puzzle_file("counted")):
        assert item.grid is not None
        expected = int(item.extra[0])
        assert count_solutions(item.grid, limit=10_000) == expected, item.where
        if expected == 1:
            solution = solve(item.grid)
            assert solution is not None, item.where
            assert format_line(solution, ".") == item.extra[1].replace("0", ".")


# The data-driven solving tests, on each corpus: tests/test_corpus.py.


# Symmetries of Sudoku: each maps puzzles to puzzles with the same number of solutions.


def _relabel(grid: Grid, digits: list[int]) -> Grid:
    return tuple(digits[d - 1] if d else 0 for d in grid)


def _transpose(grid: Grid) -> Grid:
    return tuple(grid[9 * (c % 9) + c // 9] for c in range(81))


def _permute_rows(grid: Grid, rows: list[int]) -> Grid:
    return tuple(grid[9 * rows[c // 9] + c % 9] for c in range(81))


def _row_order(rng: random.Random) -> list[int]:
    """Bands shuffled, and rows shuffled within each band: a validity-preserving row order."""
    bands = rng.sample(range(3), 3)
    return [3 * band + r for band in bands for r in rng.sample(range(3), 3)]


_COUNTED = [(c.grid, c.expected) for c in cases("counted")]
_PROPERTY_PUZZLES = [c.grid for c in cases("top95", limit=30)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(_COUNTED) - 1), st.randoms(use_true_random=False), st.booleans())
def test_symmetries_keep_the_count(index: int, rng: random.Random, transpose: bool) -> None:
    grid, expected = _COUNTED[index]
    digits = rng.sample(range(1, 10), 9)
    variant = _permute_rows(_relabel(grid, digits), _row_order(rng))
    if transpose:
        variant = _transpose(variant)
    assert min(count_solutions(variant, limit=2), 2) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(_PROPERTY_PUZZLES) - 1), st.randoms(use_true_random=False))
def test_symmetries_map_the_solution(index: int, rng: random.Random) -> None:
    grid = _PROPERTY_PUZZLES[index]
    solution = solve(grid)
    assert solution is not None
    digits = rng.sample(range(1, 10), 9)
    rows = _row_order(rng)

    def transform(g: Grid) -> Grid:
        return _transpose(_permute_rows(_relabel(g, digits), rows))

    assert solve(transform(grid)) == transform(solution)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, len(_PROPERTY_PUZZLES) - 1),
    st.randoms(use_true_random=False),
    st.integers(0, 81),
)
def test_any_subset_of_a_solution_is_solved_keeping_its_givens(
    index: int, rng: random.Random, keep: int
) -> None:
    full = solve(_PROPERTY_PUZZLES[index])
    assert full is not None
    kept = set(rng.sample(range(81), keep))
    puzzle = tuple(d if c in kept else 0 for c, d in enumerate(full))
    solution = solve(puzzle)
    assert solution is not None and is_solution(solution, puzzle)


# The reference search has no propagation, so a few inputs send it wandering: with 14 givens and
# many solutions, this one took it more than 5 million nodes (25 s) without finding the first,
# while the fast search counts 50 at once. The oracle gets a node budget instead (about 0.5 s); an
# input it cannot finish is skipped (the fast search's first solution is still checked), and the
# skipped inputs are counted: on random subsets none came near the budget (the most in 600 draws
# was under 10,000 nodes), so more than a few would mean the oracle no longer tests anything.
WANDERER = "600050400000000002004002000000000000000000009005000040008000090009000000000680000"
REFERENCE_NODES = 100_000
MAX_SKIPPED = 3


@st.composite
def subsets_of_a_solution(draw: st.DrawFn) -> Grid:
    """Random subsets of a property puzzle's solution (often several solutions), sometimes with
    a wrong digit."""
    return _subset_of_a_solution(
        draw(st.integers(0, len(_PROPERTY_PUZZLES) - 1)),
        draw(st.randoms(use_true_random=False)),
        draw(st.integers(14, 40)),
        draw(st.booleans()),
    )


def test_counts_agree_with_the_reference_solver() -> None:
    skipped: list[Grid] = []

    @settings(max_examples=150, deadline=None)
    @given(subsets_of_a_solution())
    @example(parse(WANDERER))
    def agrees(grid: Grid) -> None:
        try:
            expected = reference_count(grid, limit=50, nodes=REFERENCE_NODES)
        except ReferenceGaveUpError:
            skipped.append(grid)
            solution = solve(grid)
            assert solution is None or is_solution(solution, grid)
            return
        assert count_solutions(grid, limit=50) == expected

    agrees()
    assert parse(WANDERER) in skipped, "the budget no longer stops the reference on the wanderer"
    assert len(skipped) <= MAX_SKIPPED, f"the reference gave up on {len(skipped)} inputs"


def test_the_wanderer_has_solutions_the_reference_search_cannot_reach_in_its_budget() -> None:
    grid = parse(WANDERER)
    with pytest.raises(ReferenceGaveUpError, match=f"after {REFERENCE_NODES} search nodes"):
        reference_count(grid, limit=1, nodes=REFERENCE_NODES)
    assert count_solutions(grid, limit=50) == 50
    solution = solve(grid)
    assert solution is not None and is_solution(solution, grid)


def _subset_of_a_solution(index: int, rng: random.Random, keep: int, clash: bool) -> Grid:
    """``keep`` givens of a property puzzle's solution; with ``clash``, one of them replaced by
    a random digit (often wrong)."""
    full = solve(_PROPERTY_PUZZLES[index])
    assert full is not None
    kept = set(rng.sample(range(81), keep))
    puzzle = [d if c in kept else 0 for c, d in enumerate(full)]
    if clash:
        puzzle[rng.choice(sorted(kept))] = rng.randint(1, 9)
    return tuple(puzzle)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"nodes": -5}, "nodes must be at least 1, got -5"),
        ({"nodes": 0}, "nodes must be at least 1, got 0"),
        ({"nodes": "100"}, "nodes must be a whole number, got '100'"),
        ({"nodes": True}, "nodes must be a whole number, got True"),
        ({"nodes": 2.5}, "nodes must be a whole number, got 2.5"),
        ({"seconds": float("nan")}, "seconds must be a finite number above 0"),
        (
            {"seconds": float("inf")},
            r"seconds must be a finite number above 0 \(None for no limit\)",
        ),
        ({"seconds": 0}, "seconds must be a finite number above 0"),
        ({"seconds": -1.0}, "seconds must be a finite number above 0"),
        ({"seconds": "1"}, "seconds must be a finite number above 0"),
        ({"seconds": False}, "seconds must be a finite number above 0"),
    ],
)
def test_a_budget_refuses_what_is_not_a_limit(options: dict[str, object], message: str) -> None:
    # Before: each was accepted; -5, "100", nan and inf all meant "no limit" in silence.
    with pytest.raises(ValueError, match=message):
        Budget(**options)  # type: ignore[arg-type]


def test_a_budget_takes_whole_nodes_and_finite_seconds() -> None:
    assert Budget(nodes=1, seconds=2) == Budget(nodes=1, seconds=2.0)
    assert Budget() == Budget(nodes=None, seconds=None)


@pytest.mark.parametrize(
    ("limit", "expected"),
    [
        (2.5, "limit must be a whole number, got 2.5"),
        (True, "limit must be a whole number, got True"),
        ("2", "limit must be a whole number, got '2'"),
        (None, "limit must be a whole number, got None"),
        (-5, "limit must be at least 1, got -5"),
    ],
)
def test_count_and_search_refuse_a_limit_that_is_not_a_whole_count(
    limit: object, expected: str
) -> None:
    # Before: limit=2.5 counted to 3, True counted to 1, "2" and None raised TypeError.
    for call in (count_solutions, search):
        with pytest.raises(ValueError, match=re.escape(expected)):
            call("." * 81, limit=limit)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("keep", "expected"),
    [(-1, "at least 0, got -1"), (1.5, "a whole number, got 1.5"), (False, "a whole number")],
)
def test_search_refuses_a_bad_keep(keep: object, expected: str) -> None:
    with pytest.raises(ValueError, match=f"keep must be {expected}"):
        search("." * 81, limit=2, keep=keep)  # type: ignore[arg-type]


TOP95_FIRST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_locked_candidates_apply_only_above_the_unsolved_threshold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first of top95 falls to singles and locked candidates at the root; singles alone
    stop with 61 cells unsolved. The search applies locked candidates only above LOCK_ABOVE."""
    from sudoku_core._propagate import LOCK_ABOVE, initial_state, locked_candidates, propagate

    state = initial_state(parse(TOP95_FIRST))
    assert state is not None
    with_locked = propagate(*state)
    singles_only = propagate(*state, 81)
    assert with_locked is not None and singles_only is not None
    assert with_locked[2] == 0  # solved: no cell with two or more candidates
    assert (
        singles_only[2].bit_count() == 61 and locked_candidates(singles_only[0]) != singles_only[0]
    )
    assert propagate(*state, 61) == singles_only  # not more than 61 unsolved: not applied
    above_60 = propagate(*state, 60)  # applied at 61 unsolved, then no longer once 60 or fewer
    assert above_60 is not None and above_60[2] != 0 and above_60[0] != singles_only[0]
    assert 0 < LOCK_ABOVE < 61
    assert search(TOP95_FIRST, limit=2).stats.nodes == 1  # the search applies them at the root
    monkeypatch.setattr("sudoku_core.solver.LOCK_ABOVE", 81)
    assert search(TOP95_FIRST, limit=2).stats.nodes > 1  # ... because of LOCK_ABOVE
    # The generator's random completions still apply them at every node (a seed's grid stays):
    pattern = TOP95_FIRST[:60] + "." * 21
    completed = random_solution(pattern, random.Random(1))
    monkeypatch.setattr("sudoku_core.solver.LOCK_ABOVE", 0)
    assert random_solution(pattern, random.Random(1)) == completed


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, len(_PROPERTY_PUZZLES) - 1),
    st.randoms(use_true_random=False),
    st.integers(10, 40),
    st.booleans(),
)
def test_the_search_locks_candidates_as_locked_candidates_does(
    index: int, rng: random.Random, keep: int, clash: bool
) -> None:
    """Propagation takes locked candidates from its own folds (_propagate._locked_eliminations);
    its fixed point must be the one reached by singles and the public locked_candidates, which
    folds the board afresh: the same board, record and unsolved cells, or None for both."""
    from sudoku_core._propagate import _unless_empty, initial_state, locked_candidates, propagate

    start = state = initial_state(_subset_of_a_solution(index, rng, keep, clash))
    assume(start is not None)  # a wrong digit may clash with another given
    assert state is not None
    expected = None
    while True:
        singles = propagate(*state, 81)
        if singles is None:
            break
        reduced = locked_candidates(singles[0])
        if reduced == singles[0]:
            expected = singles
            break
        reduced_state = _unless_empty(reduced, singles[1])  # propagate needs no empty field
        if reduced_state is None:
            break
        state = reduced_state
    assert start is not None
    assert propagate(*start, 0) == expected


@pytest.mark.parametrize(
    ("unit", "others"),
    [
        ("box", [1, 2, 9, 10, 11, 18, 19, 20]),
        ("row", list(range(1, 9))),
        ("col", list(range(9, 81, 9))),
    ],
)
def test_two_hidden_singles_on_one_cell_end_the_state(unit: str, others: list[int]) -> None:
    """Digits 1 and 2 have one place left in a unit, the same cell: the first hidden single
    placed takes the other's last place, a contradiction found in the middle of a fold (no
    naked single, and in a row or column no box single, comes first)."""
    from sudoku_core._propagate import exclude, initial_state, propagate, solved_boards

    state = initial_state(parse("." * 81))
    for cell in others:
        for digit in (1, 2):
            assert state is not None
            state = exclude(state, cell, digit)
    assert state is not None
    assert propagate(*state) is None, unit
    assert list(solved_boards(state)) == []  # the search's first node is the same


@pytest.mark.parametrize(
    ("budget", "tick_nodes", "ticks", "gave_up_at", "ran"),
    [
        ({"max_nodes": 30}, 7, [7, 14, 21, 28], 30, 30),
        ({"max_nodes": 28}, 7, [7, 14, 21, 28], 28, 28),  # the tick at the last node still comes
        ({"max_nodes": 0}, 5, [], 0, 0),
        # The clock is read at the start of every 64th node, which counts but does not run.
        ({"seconds": 0.0}, 10, [10, 20, 30, 40, 50, 60], 64, 63),
    ],
)
def test_the_search_loop_ticks_and_gives_up_at_exact_nodes(
    budget: dict[str, float], tick_nodes: int, ticks: list[int], gave_up_at: int, ran: int
) -> None:
    """The loop tests one node number a node (_propagate._checkpoint): every tick and the
    budget must still come at their exact nodes, also when they fall on the same node."""
    from sudoku_core._propagate import initial_state, solved_boards
    from sudoku_core.solver import SearchStats

    state = initial_state(parse("." * 81))
    assert state is not None
    stats = SearchStats()
    seen = []
    with pytest.raises(GaveUpError):
        for board in solved_boards(state, stats, tick_nodes=tick_nodes, **budget):  # type: ignore[arg-type]
            if board is None:
                seen.append(stats.nodes)
    assert seen == ticks
    assert stats.nodes == gave_up_at
    # ... and no node past the budget ran: a tick comes before its node, so the guesses at the
    # tick of node ran + 1 are those of the first ``ran`` nodes.
    every = SearchStats()
    for board in solved_boards(state, every, tick_nodes=1):
        if board is None and every.nodes == ran + 1:
            break
    assert stats.guesses == every.guesses
