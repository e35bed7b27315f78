"""The one answer a user-facing tool needs about a puzzle: is it a proper Sudoku, and why not.

:func:`check` returns INVALID (with the conflicting givens), NO_SOLUTION, UNIQUE (with the
solution), MULTIPLE (with two solutions and the cells where they differ) or GAVE_UP.
:func:`iter_check` is the same work in slices, for the page's worker. Two helpers serve every
feature that needs the one answer: :func:`unique_solution` (the solution, or an error that says
why there is none) and :func:`mistakes` (the player's entries that differ from it).

The public functions read any form :func:`sudoku_core.parse` reads, once, at their entry; the
``*_in_slices`` generators and :func:`wrong_entries` take grids, for the callers that have
read theirs already (the bridge, the command line, grading and hints).
"""

from __future__ import annotations

from collections.abc import Generator
from enum import StrEnum

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import GridLike, as_grid, format_line
from sudoku_core.grid import Cell, Grid, cell_name, givens_count
from sudoku_core.solver import Budget, SearchResult, SearchStats, count_in_slices
from sudoku_core.validate import Conflict, grid_conflicts

MIN_UNIQUE_GIVENS = 17
"""No puzzle with fewer givens has a unique solution (McGuire, Tugemann and Civario, 2012)."""


class Status(StrEnum):
    """The kinds of verdict; the values are the strings the page and the CLI's JSON use."""

    INVALID = "invalid"
    NO_SOLUTION = "no_solution"
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    GAVE_UP = "gave_up"


class Verdict(Frozen):
    """What :func:`check` found, with the evidence for it."""

    _fields = ("status", "puzzle", "conflicts", "solutions", "stats")
    __slots__ = _fields
    status: Status
    puzzle: Grid
    conflicts: tuple[Conflict, ...]
    solutions: tuple[Grid, ...]
    """One solution when UNIQUE, two when MULTIPLE, none otherwise."""
    stats: SearchStats

    def __init__(
        self,
        status: Status,
        puzzle: Grid,
        conflicts: tuple[Conflict, ...] = (),
        solutions: tuple[Grid, ...] = (),
        stats: SearchStats | None = None,
    ) -> None:
        stats = SearchStats() if stats is None else stats
        frozen_init(self, status, puzzle, conflicts, solutions, stats)

    @property
    def givens(self) -> int:
        """How many givens the puzzle has."""
        return givens_count(self.puzzle)

    @property
    def too_few_givens(self) -> bool:
        """Fewer than 17 givens: the puzzle cannot have a unique solution."""
        return self.givens < MIN_UNIQUE_GIVENS

    @property
    def solution(self) -> Grid | None:
        """The solution when the puzzle has exactly one."""
        return self.solutions[0] if self.status is Status.UNIQUE else None

    @property
    def differences(self) -> tuple[Cell, ...]:
        """For MULTIPLE: the cells where the two solutions shown differ."""
        if len(self.solutions) < 2:
            return ()
        first, second = self.solutions[:2]
        return tuple(c for c in range(81) if first[c] != second[c])

    def describe(self) -> str:
        """A sentence or two for a person.

        Examples:
            >>> check("11" + "." * 79).describe()
            'Invalid: digit 1 appears twice in row 1: r1c1, r1c2; digit 1 appears twice in box 1: r1c1, r1c2.'
        """
        few = (
            f" It has only {self.givens} givens; a unique puzzle needs at least "
            f"{MIN_UNIQUE_GIVENS}."
            if self.too_few_givens and self.status is not Status.INVALID
            else ""
        )
        if self.status is Status.INVALID:
            return "Invalid: " + "; ".join(c.describe() for c in self.conflicts) + "."
        if self.status is Status.NO_SOLUTION:
            return "No solution: the givens follow the rules but cannot be completed." + few
        if self.status is Status.UNIQUE:
            return "Unique: the puzzle has exactly one solution."
        if self.status is Status.MULTIPLE:
            cells = self.differences
            shown = ", ".join(cell_name(c) for c in cells[:12]) + (
                " ..." if len(cells) > 12 else ""
            )
            return f"Multiple solutions: two of them differ in {len(cells)} cells ({shown})." + few
        return (
            f"Gave up after {self.stats.nodes} search nodes ({self.stats.seconds:.1f} s) "
            "without an answer." + few
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: grids as 81-character lines."""
        return {
            "status": self.status.value,
            "message": self.describe(),
            "puzzle": format_line(self.puzzle),
            "givens": self.givens,
            "too_few_givens": self.too_few_givens,
            "conflicts": [c.to_dict() for c in self.conflicts],
            "solution": format_line(self.solution) if self.solution else None,
            "solutions": [format_line(s) for s in self.solutions],
            "differences": list(self.differences),
            "stats": {
                "nodes": self.stats.nodes,
                "guesses": self.stats.guesses,
                "seconds": round(self.stats.seconds, 6),
            },
        }


def check_in_slices(
    grid: Grid, budget: Budget | None = None, tick_nodes: int = 500
) -> Generator[SearchStats, None, Verdict]:
    """The verdict on a grid in slices: yields the running stats every ``tick_nodes`` search
    nodes (never when it is 0), returns the :class:`Verdict`."""
    clashes = grid_conflicts(grid)
    if clashes:
        return Verdict(Status.INVALID, grid, conflicts=tuple(clashes), stats=SearchStats())
    counting = count_in_slices(grid, 2, budget, keep=2, tick_nodes=tick_nodes)
    found = yield from relay(counting, _running_stats)
    if found.gave_up:
        return Verdict(Status.GAVE_UP, grid, stats=found.stats)
    status = (Status.NO_SOLUTION, Status.UNIQUE, Status.MULTIPLE)[found.count]
    return Verdict(status, grid, solutions=tuple(found.solutions), stats=found.stats)


def _running_stats(running: SearchResult) -> SearchStats:
    return running.stats


def iter_check(
    puzzle: GridLike, budget: Budget | None = None, tick_nodes: int = 500
) -> Generator[SearchStats, None, Verdict]:
    """:func:`check` in slices: yields the running stats every ``tick_nodes`` search nodes.

    The puzzle is read here, once (an :class:`InvalidPuzzleError` comes at the call);
    :func:`check_in_slices` does the work.
    """
    return check_in_slices(as_grid(puzzle), budget, tick_nodes)


def check(puzzle: GridLike, budget: Budget | None = None) -> Verdict:
    """The verdict on a puzzle: INVALID, NO_SOLUTION, UNIQUE, MULTIPLE or GAVE_UP.

    Examples:
        >>> check("." * 81).status.value, check("." * 81).too_few_givens
        ('multiple', True)
    """
    return run_to_end(check_in_slices(as_grid(puzzle), budget, tick_nodes=0))


_NOT_UNIQUE = {
    Status.INVALID: "the puzzle breaks the rules",
    Status.NO_SOLUTION: "the puzzle has no solution",
    Status.MULTIPLE: "the puzzle has several solutions",
    Status.GAVE_UP: "the puzzle could not be checked in time",
}


def unique_solution_in_slices(
    grid: Grid,
    budget: Budget | None = None,
    *,
    purpose: str | None = None,
    tick_nodes: int = 500,
) -> Generator[SearchStats, None, Grid]:
    """:func:`unique_solution` of a grid in slices: yields the search's running stats every
    ``tick_nodes`` nodes (never when it is 0), so grading and hints stop for the page's
    worker during their uniqueness check too."""
    verdict = yield from check_in_slices(grid, budget, tick_nodes)
    if verdict.solution is not None:
        return verdict.solution
    reason = _NOT_UNIQUE[verdict.status]
    if verdict.conflicts:
        reason += ": " + "; ".join(c.describe() for c in verdict.conflicts)
    raise InvalidPuzzleError(f"{purpose}: {reason}" if purpose else reason)


def unique_solution(
    puzzle: GridLike, budget: Budget | None = None, *, purpose: str | None = None
) -> Grid:
    """The puzzle's only solution, for the features that need exactly one (grading, hints).

    Raises :class:`InvalidPuzzleError` saying why there is none: conflicting givens (named),
    no solution, several solutions, or the budget ran out. ``purpose`` starts the message
    (``"cannot grade"``), so the person reads what could not be done and why.

    Examples:
        >>> unique_solution("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")[:9]
        (5, 1, 9, 7, 4, 8, 6, 3, 2)
        >>> unique_solution("." * 81, purpose="no hint")
        Traceback (most recent call last):
        ...
        sudoku_core.errors.InvalidPuzzleError: no hint: the puzzle has several solutions
    """
    finding = unique_solution_in_slices(as_grid(puzzle), budget, purpose=purpose, tick_nodes=0)
    return run_to_end(finding)


def wrong_entries(entries: Grid, solution: Grid) -> tuple[Cell, ...]:
    """The cells whose entry differs from the solution (empty cells are not mistakes)."""
    return tuple(c for c in range(81) if entries[c] and entries[c] != solution[c])


def mistakes(entries: GridLike, solution: GridLike) -> tuple[Cell, ...]:
    """The cells whose entry differs from the solution (empty cells are not mistakes).

    Takes the solution rather than the puzzle so that a caller who already has it (a hint, the
    worker's check) does not search again.

    Examples:
        >>> puzzle = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
        >>> solution = unique_solution(puzzle)
        >>> mistakes("51.7" + "." * 77, solution), mistakes("2" + "." * 80, solution)
        ((), (0,))
    """
    return wrong_entries(as_grid(entries), as_grid(solution))


def find_mistakes(puzzle: GridLike, entries: GridLike) -> list[Cell] | None:
    """The cells where the player's entries differ from the unique solution.

    Returns None when the puzzle has no unique solution (there is nothing to compare with).
    """
    solution = check(puzzle).solution
    if solution is None:
        return None
    return list(wrong_entries(as_grid(entries), solution))
