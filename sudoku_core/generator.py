"""Generating puzzles with exactly one solution: random full grid, then remove givens.

The method is the classic one, made fast and honest:

1. A random solution grid: the solver's search with a random branch order (random cell among
   the most constrained, random digit order) extends the caller's starting pattern, if any.
2. Cells are visited in random order in *orbits* of the chosen symmetry (a cell and its
   images); an orbit is emptied when the puzzle stays unique. Uniqueness after emptying
   cells ``O`` is tested by asking, for each cell of ``O``, whether the puzzle has a solution
   with a *different* digit there: any second solution must differ in a cell just emptied,
   and "no solution" is cheaper to prove than "exactly one".
3. A cell that could not be emptied can never be emptied later (fewer givens only allow more
   solutions), so one pass without symmetry gives a minimal puzzle: no given can be removed.
   With symmetry the pass removes whole orbits, so minimality is checked cell by cell.

Every puzzle returned has been proven unique by :func:`sudoku_core.check` as well.
Randomness comes only from ``random.Random(seed)``: the same seed and options give the same
puzzle in CPython and in Pyodide.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Generator
from typing import Any, Final, Literal, get_args

from sudoku_core._record import Frozen, Record, frozen_init
from sudoku_core._slices import run_to_end
from sudoku_core.errors import InvalidPuzzleError, positive_seconds, whole_number
from sudoku_core.formats import GridLike, as_grid, format_line
from sudoku_core.grid import CELLS, Grid, givens_count
from sudoku_core.solver import has_other_solution, random_solution, search
from sudoku_core.validate import grid_conflicts
from sudoku_core.verdict import Status, check

Symmetry = Literal["none", "rot180", "rot90", "horizontal", "vertical", "diagonal", "antidiagonal"]
SYMMETRIES: Final[tuple[Symmetry, ...]] = get_args(Symmetry)

_IMAGE: Final[dict[str, Any]] = {
    "none": lambda r, c: [],
    "rot180": lambda r, c: [(8 - r, 8 - c)],
    "rot90": lambda r, c: [(c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
    "horizontal": lambda r, c: [(r, 8 - c)],
    "vertical": lambda r, c: [(8 - r, c)],
    "diagonal": lambda r, c: [(c, r)],
    "antidiagonal": lambda r, c: [(8 - c, 8 - r)],
}
"""Per symmetry: the images of cell (row, col); mirrors are named by the axis they flip along
(``horizontal``: left-right, ``vertical``: top-bottom)."""


def orbits(symmetry: Symmetry) -> list[tuple[int, ...]]:
    """The cells grouped by a symmetry: each orbit is emptied or kept as a whole.

    Examples:
        >>> len(orbits("none")), len(orbits("rot180")), len(orbits("rot90"))
        (81, 41, 21)
    """
    if symmetry not in _IMAGE:
        raise ValueError(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")
    seen: set[int] = set()
    found: list[tuple[int, ...]] = []
    for cell in CELLS:
        if cell in seen:
            continue
        r, c = divmod(cell, 9)
        orbit = tuple(sorted({cell} | {9 * i + j for i, j in _IMAGE[symmetry](r, c)}))
        seen.update(orbit)
        found.append(orbit)
    return found


def is_symmetric(grid: Grid, symmetry: Symmetry) -> bool:
    """True when the givens of ``grid`` are placed with that symmetry (digits may differ)."""
    return all(len({bool(grid[c]) for c in orbit}) == 1 for orbit in orbits(symmetry))


class Generated(Frozen):
    """A generated puzzle and how it was made; ``seed`` and the options reproduce it."""

    _fields = (
        "puzzle",
        "solution",
        "seed",
        "symmetry",
        "minimal",
        "target_met",
        "tries",
        "seconds",
        "options",
        "timed_out",
    )
    __slots__ = _fields
    puzzle: Grid
    solution: Grid
    seed: int
    symmetry: Symmetry
    minimal: bool | None
    """True: proven minimal; False: checked and not; None: not checked (not asked for)."""
    target_met: bool
    """False when the budget ran out before ``max_givens`` was reached: ``puzzle`` is the best."""
    tries: int
    seconds: float
    options: dict[str, Any]
    timed_out: bool
    """True when ``max_seconds`` ended the search before ``max_tries``: how far it got depends
    on the machine's speed, so the seed alone may not give this puzzle again."""

    def __init__(
        self,
        *,
        puzzle: Grid,
        solution: Grid,
        seed: int,
        symmetry: Symmetry,
        minimal: bool | None,
        target_met: bool,
        tries: int,
        seconds: float,
        options: dict[str, Any] | None = None,
        timed_out: bool = False,
    ) -> None:
        options = {} if options is None else options
        frozen_init(
            self,
            puzzle,
            solution,
            seed,
            symmetry,
            minimal,
            target_met,
            tries,
            seconds,
            options,
            timed_out,
        )

    @property
    def givens(self) -> int:
        """How many givens the puzzle has."""
        return givens_count(self.puzzle)

    def describe(self) -> str:
        """A sentence for a person."""
        text = f"{self.givens} givens, symmetry {self.symmetry}, seed {self.seed}"
        if self.minimal:
            text += ", minimal"
        if not self.target_met:
            most = self.options.get("max_givens")
            goal = "minimal puzzle" if self.options.get("minimal") else "puzzle"
            if most is not None:
                goal += f" with at most {most} givens"
            text += (
                f"; no {goal} was found in {self.tries} tries ({self.seconds:.1f} s): "
                "this is the closest found"
            )
            if self.timed_out:
                text += " (the time limit ended the search, so the seed may not reproduce it)"
        return text

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "puzzle": format_line(self.puzzle),
            "solution": format_line(self.solution),
            "seed": self.seed,
            "givens": self.givens,
            "symmetry": self.symmetry,
            "minimal": self.minimal,
            "target_met": self.target_met,
            "timed_out": self.timed_out,
            "tries": self.tries,
            "seconds": round(self.seconds, 4),
            "message": self.describe(),
        }


def _unique_without(grid: list[int], solution: Grid, emptied: tuple[int, ...]) -> bool:
    """True when ``grid`` (with ``emptied`` already cleared) still has only ``solution``."""
    return not has_other_solution(tuple(grid), solution, emptied)


def _removable_given(grid: Grid, solution: Grid, candidates: Collection[int]) -> int | None:
    """A given among ``candidates`` whose removal keeps the puzzle unique, or None."""
    work = list(grid)
    for cell in candidates:
        if grid[cell]:
            work[cell] = 0
            if _unique_without(work, solution, (cell,)):
                return cell
            work[cell] = grid[cell]
    return None


def is_minimal(puzzle: GridLike) -> bool:
    """True when the puzzle is unique and no single given can be removed keeping it unique."""
    grid = as_grid(puzzle)
    solution = check(grid).solution
    return solution is not None and _removable_given(grid, solution, CELLS) is None


def _pattern(givens: GridLike | None, keep: Collection[int] | None) -> tuple[Grid, frozenset[int]]:
    """The starting pattern and the cells that must stay givens, checked for the rules."""
    pattern = as_grid(givens) if givens is not None else (0,) * 81
    clashes = grid_conflicts(pattern)
    if clashes:
        raise InvalidPuzzleError(
            "the starting pattern breaks the rules: " + "; ".join(c.describe() for c in clashes)
        )
    if keep is not None and (isinstance(keep, str | bytes) or not isinstance(keep, Collection)):
        raise ValueError(f"keep must be a collection of cells 0..80, got {keep!r}")
    kept = frozenset(keep or ())
    bad = sorted((c for c in kept if not (type(c) is int and 0 <= c <= 80)), key=repr)
    if bad:
        raise ValueError(f"cells to keep must be 0..80, got {bad[:5]}")
    return pattern, kept | {c for c in CELLS if pattern[c]}


def _tied_orbits(symmetry: Symmetry, fixed: frozenset[int]) -> frozenset[int]:
    """The fixed cells and their images: every cell of an orbit that holds a fixed cell.

    The symmetry is the whole puzzle's, so when a fixed cell's images are not fixed too
    (a starting pattern or ``keep`` that is not itself symmetric) they stay givens with it:
    emptying them would break the symmetry asked for. They are exempt from ``minimal``
    like the fixed cells, since no symmetric puzzle with those cells fixed can lack them.
    """
    return frozenset(c for orbit in orbits(symmetry) if not fixed.isdisjoint(orbit) for c in orbit)


def _check_options(
    seed: object, max_givens: object, minimal: object, max_tries: object, max_seconds: object
) -> None:
    """Refuse, by name, an option that is not what its annotation says: Python would take
    ``max_givens=2.5`` or ``True`` as a number and a NaN or infinite time as no limit."""
    whole_number("seed", seed, -(2**63), 2**63)
    if max_givens is not None:
        whole_number("max_givens", max_givens, 0, 81)
    if not isinstance(minimal, bool):
        raise ValueError(f"minimal must be True or False, got {minimal!r}")
    whole_number("max_tries", max_tries, 1)
    if max_seconds is not None:
        positive_seconds("max_seconds", max_seconds)


MAX_SWAPS: Final = 20
"""Local-search steps per grid when a symmetric puzzle must also be minimal."""


class _Work(Record):
    """One try in progress: the grid being thinned, its solution, the orbits it may empty."""

    _fields = ("grid", "solution", "groups", "rng")
    __slots__ = _fields

    def __init__(
        self,
        grid: list[int],
        solution: Grid,
        groups: list[tuple[int, ...]],
        rng: random.Random,
    ) -> None:
        self.grid = grid
        self.solution = solution
        self.groups = groups
        self.rng = rng

    @property
    def givens(self) -> int:
        return 81 - self.grid.count(0)

    def removal_pass(self, stop_at: int | None) -> Generator[int, None, bool]:
        """Empty every orbit (random order) that keeps the puzzle unique; yields the givens left.

        Returns True when it stopped early because ``stop_at`` givens were reached.
        """
        order = [orbit for orbit in self.groups if self.grid[orbit[0]]]
        self.rng.shuffle(order)
        for orbit in order:
            if stop_at is not None and self.givens <= stop_at:
                return True
            for c in orbit:
                self.grid[c] = 0
            if not _unique_without(self.grid, self.solution, orbit):
                for c in orbit:
                    self.grid[c] = self.solution[c]
            yield self.givens
        return False

    def swap(self, orbit: tuple[int, ...]) -> bool:
        """Empty ``orbit`` (which alone would lose uniqueness) and fill another one that keeps
        the puzzle unique: a step of local search out of a non-minimal symmetric puzzle."""
        for c in orbit:
            self.grid[c] = 0
        empty = [o for o in self.groups if o != orbit and not self.grid[o[0]]]
        self.rng.shuffle(empty)
        for other in empty:
            for c in other:
                self.grid[c] = self.solution[c]
            if search(tuple(self.grid), limit=2, keep=0).count == 1:
                return True
            for c in other:
                self.grid[c] = 0
        for c in orbit:
            self.grid[c] = self.solution[c]
        return False


def iter_generate(
    *,
    seed: int | None = None,
    symmetry: Symmetry = "none",
    max_givens: int | None = None,
    minimal: bool = False,
    givens: GridLike | None = None,
    keep: Collection[int] | None = None,
    max_tries: int = 1000,
    max_seconds: float | None = 10.0,
) -> Generator[dict[str, Any], None, Generated]:
    """:func:`generate` in slices: yields progress dicts, returns the :class:`Generated`."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    _check_options(seed, max_givens, minimal, max_tries, max_seconds)
    pattern, kept = _pattern(givens, keep)
    tied = _tied_orbits(symmetry, kept)
    groups = [orbit for orbit in orbits(symmetry) if tied.isdisjoint(orbit)]
    orbit_of = {c: orbit for orbit in groups for c in orbit}
    free = [c for c in CELLS if c not in tied]
    rng = random.Random(seed)
    started = time.perf_counter()
    deadline = started + max_seconds if max_seconds is not None else None
    best: tuple[tuple[bool, int], Grid, Grid, bool | None] | None = None
    tries = 0
    while tries < max_tries and (
        deadline is None or time.perf_counter() < deadline or best is None
    ):
        tries += 1
        solution = random_solution(pattern, rng)
        if solution is None:
            raise InvalidPuzzleError("the starting pattern cannot be completed to a full grid")
        work = _Work(list(solution), solution, groups, rng)
        progress = {"tries": tries, "best": -best[0][1] if best else None}
        for left in work.removal_pass(None if minimal else max_givens):
            yield progress | {"givens": left, "seconds": round(time.perf_counter() - started, 3)}
        proven: bool | None = None
        if minimal:
            # One pass without symmetry is minimal by construction (see the module doc);
            # otherwise search locally: trade a removable given's orbit for another one.
            proven = symmetry == "none"
            for _ in range(0 if proven else MAX_SWAPS + 1):
                cell = _removable_given(tuple(work.grid), solution, free)
                if cell is None:
                    proven = True
                    break
                if not work.swap(orbit_of[cell]):
                    break
                yield from (progress | {"givens": left} for left in work.removal_pass(None))
        elif symmetry == "none" and max_givens is None:
            proven = True
        puzzle = tuple(work.grid)
        acceptable = not minimal or proven is True
        rank = (acceptable, -givens_count(puzzle))
        if best is None or rank > best[0]:
            best = (rank, puzzle, solution, proven)
        if acceptable and (max_givens is None or givens_count(puzzle) <= max_givens):
            break
    assert best is not None
    (acceptable, fewest), puzzle, solution, proven = best
    met = acceptable and (max_givens is None or -fewest <= max_givens)
    verdict = check(puzzle)
    if verdict.status is not Status.UNIQUE or verdict.solution != solution:
        raise RuntimeError(f"generated a puzzle that is not unique: {format_line(puzzle)}")
    return Generated(
        puzzle=puzzle,
        solution=solution,
        seed=seed,
        symmetry=symmetry,
        minimal=proven,
        target_met=met,
        timed_out=not met and tries < max_tries,
        tries=tries,
        seconds=time.perf_counter() - started,
        options={"symmetry": symmetry, "max_givens": max_givens, "minimal": minimal},
    )


def generate(
    *,
    seed: int | None = None,
    symmetry: Symmetry = "none",
    max_givens: int | None = None,
    minimal: bool = False,
    givens: GridLike | None = None,
    keep: Collection[int] | None = None,
    max_tries: int = 1000,
    max_seconds: float | None = 10.0,
) -> Generated:
    """A random puzzle with exactly one solution.

    Args:
        seed: the random seed; None picks one, returned in the result so it can be shared.
        symmetry: where givens stand: ``none``, ``rot180``, ``rot90``, ``horizontal``,
            ``vertical``, ``diagonal`` or ``antidiagonal``.
        max_givens: at most this many givens; low targets (under about 22) are hard to reach:
            tries continue within the budget and ``target_met`` says whether it was reached.
        minimal: guarantee that no given can be removed without losing uniqueness (no given
            outside the starting pattern, when there is one). With a symmetry this is checked
            cell by cell, and found by local search: slower, about 0.1-1 s.
        givens: a starting pattern: a partial grid whose digits stay as givens.
        keep: cells (0..80) that must be givens, whatever their digits.
        max_tries, max_seconds: the budget; the best puzzle found is returned when it ends.
            ``max_seconds`` is a finite number above 0, or None for no time limit.

    The symmetry holds for the whole puzzle: when the starting pattern or ``keep`` is not
    symmetric itself, the images of its cells stay givens as well, and ``minimal`` then
    means that no *other* given can be removed.

    Raises:
        InvalidPuzzleError: the starting pattern is not a puzzle, breaks the rules or cannot
            be completed.
        ValueError: an option is not what it must be (the message names it).

    Examples:
        >>> from sudoku_core import count_solutions
        >>> result = generate(seed=7)
        >>> count_solutions(result.puzzle, limit=2), result.minimal, result.seed
        (1, True, 7)
        >>> generate(seed=7).puzzle == result.puzzle
        True
    """
    return run_to_end(
        iter_generate(
            seed=seed,
            symmetry=symmetry,
            max_givens=max_givens,
            minimal=minimal,
            givens=givens,
            keep=keep,
            max_tries=max_tries,
            max_seconds=max_seconds,
        )
    )
