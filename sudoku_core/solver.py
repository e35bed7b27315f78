"""Solve, count and enumerate solutions: constraint propagation plus depth-first search.

The design is the classic one (naked and hidden singles to a fixed point, then branch on the
most constrained cell), run on the whole-board ints of :mod:`sudoku_core._bitboard` by
:mod:`sudoku_core._propagate`. A search state is two immutable ints, so a branch costs nothing
to copy and nothing to undo.

One search loop, :func:`_iter_solved`, serves every question, as in tdoku: ``limit=1``
solves, ``limit=2`` tests uniqueness, a larger limit counts; with a random branch order it
completes a pattern for the generator. :func:`count_in_slices` runs it in slices (the verdict
and the page's worker advance it a slice at a time) and :func:`search` runs that to the end. Every search can
be bounded by a :class:`Budget`; running out is reported (``SearchResult.gave_up``), never
silent.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Generator, Iterator

from sudoku_core._propagate import (
    LOCK_ABOVE,
    State,
    decode,
    exclude,
    initial_state,
    solved_boards,
)
from sudoku_core._record import Frozen, Record, frozen_init
from sudoku_core._slices import run_to_end
from sudoku_core.errors import GaveUpError, InvalidPuzzleError, positive_seconds, whole_number
from sudoku_core.formats import GridLike, as_grid
from sudoku_core.grid import UNITS, Cell, Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    import random  # only the generator passes an rng; importing it cost solve 1 ms


class Budget(Frozen):
    """A bound on one search: at most ``nodes`` propagations and/or ``seconds`` of wall time.

    The page relies on this to keep every request short; ``None`` means unbounded. Anything
    else that is not a positive whole number of nodes or a finite positive number of seconds
    is refused here (a ValueError naming the field), because the search would read ``-5``,
    ``"100"`` or NaN as "never run out" without a word.
    """

    _fields = ("nodes", "seconds")
    __slots__ = _fields
    nodes: int | None
    seconds: float | None

    def __init__(self, nodes: int | None = None, seconds: float | None = None) -> None:
        if nodes is not None:
            whole_number("nodes", nodes, 1)
        if seconds is not None:
            seconds = positive_seconds("seconds", seconds)
        frozen_init(self, nodes, seconds)


class SearchStats(Record):
    """What a search did, tdoku-style: ``nodes`` propagations, ``guesses`` branch points."""

    _fields = ("nodes", "guesses", "seconds")
    __slots__ = _fields

    def __init__(self, nodes: int = 0, guesses: int = 0, seconds: float = 0.0) -> None:
        self.nodes = nodes
        self.guesses = guesses
        self.seconds = seconds


class SearchResult(Record):
    """The outcome of :func:`search`.

    ``count`` is exact unless ``gave_up`` (the budget ran out first) or ``count == limit``
    (there may be more). ``solutions`` holds the first few solutions found, in search order.
    """

    _fields = ("count", "limit", "solutions", "gave_up", "stats")
    __slots__ = _fields

    def __init__(
        self,
        count: int,
        limit: int,
        solutions: list[Grid] | None = None,
        gave_up: bool = False,
        stats: SearchStats | None = None,
    ) -> None:
        self.count = count
        self.limit = limit
        self.solutions = [] if solutions is None else solutions
        self.gave_up = gave_up
        self.stats = SearchStats() if stats is None else stats

    @property
    def complete(self) -> bool:
        """True when ``count`` is the exact number of solutions."""
        return not self.gave_up and self.count < self.limit


def _iter_solved(
    state: State,
    stats: SearchStats,
    budget: Budget | None = None,
    tick_nodes: int = 0,
    rng: random.Random | None = None,
) -> Iterator[int | None]:
    """The search loop (:func:`sudoku_core._propagate.solved_boards`) under a budget: each solution's
    board (a field per cell holding its digit: see :func:`decode`), and None every
    ``tick_nodes`` nodes when that is not 0, so a caller can run it in slices (the page's
    worker does). Raises :class:`GaveUpError` when the budget runs out.

    Branching: without ``rng``, on the two-candidate cell with the most unsolved peers, lowest
    digit first (the fastest order measured); with ``rng``, on a random cell among those with
    the fewest candidates, digits in random order (the generator's random completion).
    """
    # The generator's random completions keep locked candidates at every node: the states, and
    # so the calls on ``rng`` that a seed reproduces, stay what they were.
    lock_above = LOCK_ABOVE if rng is None else 0
    max_nodes = budget.nodes if budget and budget.nodes is not None else -1
    seconds = budget.seconds if budget else None
    return solved_boards(
        state,
        stats,
        lock_above=lock_above,
        max_nodes=max_nodes,
        seconds=seconds,
        tick_nodes=tick_nodes,
        rng=rng,
    )


def count_in_slices(
    grid: Grid,
    limit: int = 2,
    budget: Budget | None = None,
    *,
    keep: int = 2,
    tick_nodes: int = 0,
    rng: random.Random | None = None,
) -> Generator[SearchResult, None, SearchResult]:
    """:func:`search` of a grid in slices: yields the running result every ``tick_nodes``
    search nodes (never when it is 0).

    The running result is the same object each time (its count and stats so far); the final
    one is returned. ``rng`` makes the branch order random (see :func:`random_solution`).

    Examples:
        >>> from sudoku_core.grid import EMPTY_GRID
        >>> counting = count_in_slices(EMPTY_GRID, limit=1000, keep=0, tick_nodes=100)
        >>> next(counting).stats.nodes
        100
        >>> run_to_end(counting).count
        1000
    """
    whole_number("limit", limit, 1)
    whole_number("keep", keep, 0)
    whole_number("tick_nodes", tick_nodes, 0)
    if budget is not None and not isinstance(budget, Budget):
        raise ValueError(f"budget must be a Budget or None, got {type(budget).__name__}")
    stats = SearchStats()
    result = SearchResult(count=0, limit=limit, stats=stats)
    started = time.perf_counter()
    state = initial_state(grid)
    if state is not None:
        try:
            for solved in _iter_solved(state, stats, budget, tick_nodes, rng):
                if solved is None:
                    stats.seconds = time.perf_counter() - started
                    yield result
                    continue
                result.count += 1
                if len(result.solutions) < keep:
                    result.solutions.append(decode(solved))
                if result.count >= limit:
                    break
        except GaveUpError:
            result.gave_up = True
    stats.seconds = time.perf_counter() - started
    return result


def search(
    grid: GridLike,
    limit: int = 2,
    budget: Budget | None = None,
    keep: int = 2,
) -> SearchResult:
    """Count the solutions of a puzzle up to ``limit``, keeping the first ``keep`` of them.

    Never raises for a budget: ``gave_up`` says the count is a lower bound.

    Examples:
        >>> r = search("." * 81, limit=5)
        >>> r.count, r.complete
        (5, False)
    """
    return run_to_end(count_in_slices(as_grid(grid), limit, budget, keep=keep))


def random_solution(pattern: GridLike, rng: random.Random, max_nodes: int = 200_000) -> Grid | None:
    """A random complete grid that keeps the pattern's givens, or None when there is none.

    The search loop with a random branch order: a random cell among those with the fewest
    candidates, its digits in random order. The same ``rng`` state gives the same grid.
    Raises :class:`GaveUpError` past ``max_nodes`` search nodes.

    Examples:
        >>> import random
        >>> grid = random_solution("1" + "." * 80, random.Random(7))
        >>> grid is not None and grid[0] == 1 and is_solution(grid)
        True
    """
    counting = count_in_slices(as_grid(pattern), 1, Budget(nodes=max_nodes), keep=1, rng=rng)
    found = run_to_end(counting)
    if found.gave_up:
        raise GaveUpError(f"gave up completing the pattern after {max_nodes} search nodes")
    return found.solutions[0] if found.solutions else None


def has_other_solution(grid: GridLike, solution: Grid, cells: Collection[Cell]) -> bool:
    """True when ``grid`` has a solution other than ``solution`` (which it must have).

    The generator's uniqueness test after emptying ``cells``: any other solution differs
    from ``solution`` in one of them, so it asks, cell by cell, for a solution with another
    digit there; "no solution" is cheaper to prove than "exactly one".

    Examples:
        >>> puzzle = as_grid("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
        >>> answer = solve(puzzle)
        >>> has_other_solution(puzzle, answer, [0, 1]), has_other_solution(puzzle[:-3] + (0,) * 3, answer, [78])
        (False, True)
    """
    state = initial_state(as_grid(grid))
    if state is None:
        return False
    for cell in cells:
        other = exclude(state, cell, solution[cell])
        if other is not None and next(_iter_solved(other, SearchStats()), None) is not None:
            return True
    return False


def solve(grid: GridLike, budget: Budget | None = None) -> Grid | None:
    """The first solution of a puzzle, or None when it has none.

    A puzzle with several solutions gets one of them; use :func:`count_solutions` or
    :func:`sudoku_core.check` to know. Raises :class:`GaveUpError` if a budget runs out.

    Examples:
        >>> from sudoku_core.formats import format_line
        >>> p = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
        >>> format_line(solve(p))
        '519748632783652419426139875357986241264317598198524367975863124832491756641275983'
    """
    result = search(grid, limit=1, budget=budget, keep=1)
    if result.gave_up:
        raise GaveUpError(f"gave up after {result.stats.nodes} search nodes")
    return result.solutions[0] if result.solutions else None


def count_solutions(grid: GridLike, limit: int = 1000, budget: Budget | None = None) -> int:
    """The number of solutions, stopping at ``limit`` (``limit=2`` is the uniqueness test).

    Raises :class:`GaveUpError` if a budget runs out before the count is known.

    Examples:
        >>> count_solutions("." * 81, limit=10)
        10
    """
    result = search(grid, limit=limit, budget=budget, keep=0)
    if result.gave_up:
        raise GaveUpError(
            f"gave up after {result.stats.nodes} search nodes with {result.count} solutions found"
        )
    return result.count


def iter_solutions(grid: GridLike, budget: Budget | None = None) -> Iterator[Grid]:
    """Every solution of a puzzle, lazily, in search order.

    Examples:
        >>> from itertools import islice
        >>> len(list(islice(iter_solutions("." * 81), 10_000)))
        10000
    """
    state = initial_state(as_grid(grid))
    if state is None:
        return
    for solved in _iter_solved(state, SearchStats(), budget):
        if solved is not None:
            yield decode(solved)


def is_solution(solution: GridLike, puzzle: GridLike | None = None) -> bool:
    """True when ``solution`` is a complete valid grid that keeps every given of ``puzzle``.

    Examples:
        >>> is_solution("." * 81)
        False
    """
    try:
        grid = as_grid(solution)
        givens = as_grid(puzzle) if puzzle is not None else None
    except InvalidPuzzleError:
        return False
    full = set(range(1, 10))
    if any({grid[c] for c in unit} != full for unit in UNITS):
        return False
    return givens is None or all(g in (0, s) for g, s in zip(givens, grid, strict=True))
