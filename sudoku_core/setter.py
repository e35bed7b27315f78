"""Tools for setters: what a puzzle being set lacks or has too much of.

- :func:`repair`: for a puzzle with several solutions, the fewest givens to add that make it
  unique (each answer checked unique by the solver), and the cells where two solutions differ.
- :func:`redundant_givens`: for a unique puzzle, every given that could go alone and leave it
  unique (removing two of them together may not).
- :func:`minimize`: a choice of minimal puzzles (no given can go) inside a unique one.
- :func:`given_symmetry`: the symmetries of the givens' pattern, or the nearest one and the
  givens that break it.
- :func:`study`: all of that at once for Create mode, as the setter types.

How the fewest clues are found: the puzzle's solutions are enumerated up to :data:`SAMPLE`.
When that is all of them, adding clues from one solution ``s`` makes the puzzle unique exactly
when every other solution differs from ``s`` in a clue's cell: a hitting set of the solutions'
difference masks (81-bit ints). One clue (a cell where ``s`` differs from every other solution)
and two are searched exhaustively over every ``s``; past that a greedy cover is taken, and
``fewest_proven`` says whether it is known to be the fewest. With more solutions than the
sample the cover is greedy, one clue at a time, on a fresh sample after each.

Each ``*_in_slices`` generator takes a grid and yields progress dicts between searches, so the
page's worker stays responsive and Cancel works; the public functions read any puzzle form.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.errors import InvalidPuzzleError, whole_number
from sudoku_core.formats import GridLike, as_grid, format_line
from sudoku_core.generator import SYMMETRIES, Symmetry, orbits
from sudoku_core.grid import CELLS, Cell, Grid, cell_name, givens_count
from sudoku_core.solver import (
    Budget,
    SearchResult,
    SearchStats,
    count_in_slices,
    has_other_solution,
)
from sudoku_core.verdict import Status, Verdict, check_in_slices

SAMPLE = 256
"""Solutions enumerated to choose clues: below it the fewest one or two clues are exact."""
SAMPLE_CHECKS = 40
"""With more solutions than :data:`SAMPLE`: single givens tried (those held by one sampled
solution) before a greedy cover."""
EXACT_UP_TO = 2
"""Clue counts searched exhaustively over every solution; a greedy cover beyond."""
NEAR_SYMMETRY = 6
"""At most this many givens breaking a symmetry: it is named as the nearest one."""

Clue = tuple[Cell, int]
"""A given to add: (cell, digit)."""
Progress = dict[str, object]


_NIBBLE_LOW = int("1" * 81, 16)
"""Bit 0 of each cell's 4-bit field in a packed grid."""


def _packed(grid: Grid) -> int:
    """A grid as one int, 4 bits a cell (cell ``c`` at bits ``4c..4c+3``)."""
    return int("".join(str(d) for d in reversed(grid)), 16)


def _bits(mask: int) -> Iterable[Cell]:
    """The cells of a difference mask (bit ``4c`` for cell ``c``)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1 >> 2
        mask ^= low


def _difference(first: int, second: int) -> int:
    """The cells where two packed grids differ: bit ``4c`` set for each such cell ``c``."""
    x = first ^ second
    return (x | x >> 1 | x >> 2 | x >> 3) & _NIBBLE_LOW


def _hitting(sets: list[int], size: int) -> list[Cell] | None:
    """At most ``size`` cells that meet every mask of ``sets``, or None."""
    if not sets:
        return []
    if size == 0:
        return None
    if size == 1:
        common = -1
        for mask in sets:
            common &= mask
        return [(common & -common).bit_length() - 1 >> 2] if common else None
    smallest = min(sets, key=int.bit_count)
    for cell in _bits(smallest):
        rest = [mask for mask in sets if not mask >> 4 * cell & 1]
        found = _hitting(rest, size - 1)
        if found is not None:
            return [cell, *found]
    return None


def _greedy(sets: list[int]) -> list[Cell]:
    """A cover of ``sets`` taking each time the cell that meets most of those left."""
    chosen: list[Cell] = []
    while sets:
        tally = [0] * 81
        for mask in sets:
            for cell in _bits(mask):
                tally[cell] += 1
        best = max(CELLS, key=tally.__getitem__)
        chosen.append(best)
        sets = [mask for mask in sets if not mask >> 4 * best & 1]
    return chosen


class Repair(Frozen):
    """What :func:`repair` found for a puzzle with several solutions."""

    _fields = ("puzzle", "solutions", "clues", "single_clues", "fewest_proven", "counted")
    __slots__ = _fields
    puzzle: Grid
    solutions: tuple[Grid, ...]
    """Two solutions, as the verdict shows them."""
    clues: tuple[Clue, ...]
    """The fewest givens found whose addition makes the puzzle unique (checked)."""
    single_clues: tuple[Clue, ...]
    """Givens that alone make the puzzle unique (each checked): all of them when the puzzle
    has fewer than :data:`SAMPLE` solutions, else those found among the sample's."""
    fewest_proven: bool
    """True when no smaller set of added givens makes the puzzle unique."""
    counted: int
    """Solutions enumerated (:data:`SAMPLE` means at least that many)."""

    def __init__(
        self,
        puzzle: Grid,
        *,
        solutions: tuple[Grid, ...],
        clues: tuple[Clue, ...],
        single_clues: tuple[Clue, ...],
        fewest_proven: bool,
        counted: int,
    ) -> None:
        frozen_init(self, puzzle, solutions, clues, single_clues, fewest_proven, counted)

    @property
    def differences(self) -> tuple[Cell, ...]:
        """The cells where the two solutions shown differ."""
        first, second = self.solutions[:2]
        return tuple(c for c in CELLS if first[c] != second[c])

    def describe(self) -> str:
        """A sentence for a person."""
        shown = ", ".join(f"{cell_name(c)}={d}" for c, d in self.clues)
        many = f"{self.counted}+" if self.counted >= SAMPLE else str(self.counted)
        if len(self.clues) == 1:
            others = len(self.single_clues) - 1
            more = f" ({others} other single givens would too)" if others > 0 else ""
            return f"{many} solutions; adding {shown} makes it unique{more}."
        fewest = "the fewest" if self.fewest_proven else "the fewest found"
        return f"{many} solutions; {fewest}: {len(self.clues)} givens ({shown}) make it unique."


def _clues_of(solution: Grid, cells: Iterable[Cell]) -> tuple[Clue, ...]:
    return tuple(sorted((cell, solution[cell]) for cell in cells))


def _with(grid: Grid, clues: Iterable[Clue]) -> Grid:
    work = list(grid)
    for cell, digit in clues:
        work[cell] = digit
    return tuple(work)


def _searched(running: SearchResult) -> Progress:
    return {"nodes": running.stats.nodes}


def _count(grid: Grid, limit: int, keep: int) -> Generator[Progress, None, SearchResult]:
    counting = count_in_slices(grid, limit, Budget(seconds=60.0), keep=keep, tick_nodes=500)
    result = yield from relay(counting, _searched)
    if result.gave_up:
        raise InvalidPuzzleError("the puzzle's solutions could not be counted in time")
    return result


def _is_unique(grid: Grid) -> Generator[Progress, None, bool]:
    return (yield from _count(grid, 2, 0)).count == 1


def _exact(solutions: list[Grid]) -> Generator[Progress, None, tuple[Grid, list[Cell]] | None]:
    """The fewest cells (at most :data:`EXACT_UP_TO`) from any solution that tell it apart
    from all the others, with that solution; None when more are needed."""
    packed = [_packed(solution) for solution in solutions]
    for size in range(1, EXACT_UP_TO + 1):
        for index, target in enumerate(packed):
            sets = [_difference(target, other) for other in packed if other != target]
            found = _hitting(sets, size)
            if found is not None:
                return solutions[index], found
            if index % 16 == 15:
                yield {"stage": "clues", "size": size, "solution": index + 1}
    return None


def repair_in_slices(grid: Grid) -> Generator[Progress, None, Repair]:
    """:func:`repair` of a grid in slices (progress dicts between searches)."""
    sample = yield from _count(grid, SAMPLE, SAMPLE)
    solutions = list(sample.solutions)
    if sample.count < 2:
        reason = "it is already unique" if sample.count == 1 else "it has no solution"
        raise InvalidPuzzleError(f"no givens to add: {reason}")
    shown = (solutions[0], solutions[1])
    if sample.count < SAMPLE:
        singles = yield from _single_clues(grid, solutions)
        exact = yield from _exact(solutions)
        if exact is not None:
            target, cells = exact
            clues = _clues_of(target, cells)
            proven = True
        else:
            packed = [_packed(solution) for solution in solutions]
            covers = [
                (_greedy([_difference(p, o) for o in packed if o != p]), solutions[i])
                for i, p in enumerate(packed[:32])
            ]
            cells, target = min(covers, key=lambda cover: len(cover[0]))
            clues = _clues_of(target, cells)
            proven = len(clues) == EXACT_UP_TO + 1
    else:  # a given held by one sampled solution may still pin it down (a minimal puzzle's)
        singles = yield from _single_clues(grid, solutions, SAMPLE_CHECKS)
        if singles:
            clues, proven = singles[:1], True
        else:
            clues = yield from _greedy_resampled(grid, solutions[0], solutions)
            proven = False
    if not (yield from _is_unique(_with(grid, clues))):
        raise RuntimeError(f"suggested givens do not make {format_line(grid)} unique")
    return Repair(
        grid,
        solutions=shown,
        clues=clues,
        single_clues=singles,
        fewest_proven=proven,
        counted=sample.count,
    )


def _single_clues(
    grid: Grid, solutions: list[Grid], most: int = 81
) -> Generator[Progress, None, tuple[Clue, ...]]:
    """Every (cell, digit) held by exactly one of the solutions that, checked, makes the
    puzzle unique (at most ``most`` checks): all such givens when ``solutions`` are all."""
    seen: dict[Clue, int] = {}
    for solution in solutions:
        for cell in CELLS:
            if not grid[cell]:
                clue = (cell, solution[cell])
                seen[clue] = seen.get(clue, 0) + 1
    found = []
    for clue in sorted(clue for clue, times in seen.items() if times == 1)[:most]:
        if (yield from _is_unique(_with(grid, (clue,)))):
            found.append(clue)
    return tuple(found)


def _greedy_resampled(
    grid: Grid, target: Grid, solutions: list[Grid]
) -> Generator[Progress, None, tuple[Clue, ...]]:
    """Clues from ``target`` one at a time, each meeting the most of a fresh sample's
    differences from it, until the puzzle is unique (``target`` stays a solution)."""
    clues: list[Clue] = []
    packed = _packed(target)
    while True:
        others = [_difference(packed, _packed(other)) for other in solutions if other != target]
        if not others:
            return tuple(sorted(clues))
        cell = _greedy(others)[0]
        clues.append((cell, target[cell]))
        yield {"stage": "clues", "added": len(clues)}
        solutions = (yield from _count(_with(grid, clues), SAMPLE, SAMPLE)).solutions


def repair(puzzle: GridLike) -> Repair:
    """The fewest givens to add to a puzzle with several solutions to make it unique.

    Raises :class:`InvalidPuzzleError` when the puzzle breaks the rules, has no solution or
    is already unique.

    Examples:
        >>> found = repair("519748..2783652419426139875357986241264317598198524..7975863124832491756641275983")
        >>> found.counted, found.clues, found.fewest_proven, found.differences
        (2, ((6, 3),), True, (6, 7, 51, 52))
        >>> found.describe()
        '2 solutions; adding r1c7=3 makes it unique (7 other single givens would too).'
    """
    grid = as_grid(puzzle)
    _refuse_conflicts(grid)
    return run_to_end(repair_in_slices(grid))


def _refuse_conflicts(grid: Grid) -> None:
    verdict = run_to_end(check_in_slices(grid, Budget(nodes=1)))
    if verdict.conflicts:
        raise InvalidPuzzleError(
            "the puzzle breaks the rules: " + "; ".join(c.describe() for c in verdict.conflicts)
        )


def redundant_in_slices(grid: Grid, solution: Grid) -> Generator[Progress, None, tuple[Cell, ...]]:
    """:func:`redundant_givens` of a unique grid whose solution is known, in slices."""
    found = []
    work = list(grid)
    for cell in CELLS:
        if grid[cell]:
            work[cell] = 0
            if not has_other_solution(tuple(work), solution, (cell,)):
                found.append(cell)
            work[cell] = grid[cell]
            yield {"stage": "redundant", "cell": cell}
    return tuple(found)


def unique_grid_solution(grid: Grid) -> Grid:
    """The solution of a unique grid; :class:`InvalidPuzzleError` saying why there is none."""
    verdict = run_to_end(check_in_slices(grid, Budget(seconds=60.0)))
    if verdict.solution is None:
        raise InvalidPuzzleError(
            "the puzzle must be unique: " + verdict.describe()[0].lower() + verdict.describe()[1:]
        )
    return verdict.solution


def redundant_givens(puzzle: GridLike) -> tuple[Cell, ...]:
    """The givens of a unique puzzle each of which can be removed, alone, keeping it unique.

    Examples:
        >>> solution = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
        >>> len(redundant_givens(solution))
        81
        >>> redundant_givens("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
        (3, 5, 37)
    """
    grid = as_grid(puzzle)
    return run_to_end(redundant_in_slices(grid, unique_grid_solution(grid)))


class Minimal(Frozen):
    """One minimal puzzle inside a unique one: no given of it can go."""

    _fields = ("puzzle", "removed", "symmetry")
    __slots__ = _fields
    puzzle: Grid
    removed: tuple[Cell, ...]
    """The givens of the original puzzle that it drops."""
    symmetry: tuple[Symmetry, ...]
    """The symmetries its givens keep."""

    def __init__(self, puzzle: Grid, removed: tuple[Cell, ...], symmetry: tuple[Symmetry, ...]):
        frozen_init(self, puzzle, removed, symmetry)

    @property
    def givens(self) -> int:
        """How many givens it has."""
        return givens_count(self.puzzle)

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "puzzle": format_line(self.puzzle),
            "givens": self.givens,
            "removed": list(self.removed),
            "symmetry": list(self.symmetry),
        }


def _thinned(
    grid: Grid, solution: Grid, groups: list[tuple[Cell, ...]]
) -> Generator[Progress, None, Grid]:
    """Empty each group of givens in turn when the puzzle stays unique without it."""
    work = list(grid)
    for group in groups:
        if not all(work[c] for c in group):
            continue
        for c in group:
            work[c] = 0
        if has_other_solution(tuple(work), solution, group):
            for c in group:
                work[c] = grid[c]
        yield {"stage": "minimize", "givens": 81 - work.count(0)}
    return tuple(work)


def minimize_in_slices(
    grid: Grid, solution: Grid, choices: int = 4, seed: int = 0
) -> Generator[Progress, None, tuple[Minimal, ...]]:
    """:func:`minimize` of a unique grid whose solution is known, in slices."""
    whole_number("choices", choices, 1, 16)
    givens = [c for c in CELLS if grid[c]]
    orders: list[list[tuple[Cell, ...]]] = []
    kept = given_symmetry(grid).holding
    if kept:  # first the symmetry's orbits, so that the result keeps it where it can
        orbit_order = [o for o in orbits(kept[0]) if all(grid[c] for c in o)]
        orders.append(orbit_order + [(c,) for c in givens])
    orders.append([(c,) for c in givens])
    rng = random.Random(seed)
    tries = 0
    found: dict[Grid, Minimal] = {}
    while len(found) < choices and tries < 4 * choices:
        order = orders[tries] if tries < len(orders) else _shuffled(givens, rng)
        tries += 1
        puzzle = yield from _thinned(grid, solution, order)
        puzzle = yield from _thinned(puzzle, solution, [(c,) for c in givens])
        removed = tuple(c for c in givens if not puzzle[c])
        found.setdefault(puzzle, Minimal(puzzle, removed, given_symmetry(puzzle).holding))
    return tuple(sorted(found.values(), key=lambda m: (m.givens, -len(m.symmetry), m.puzzle)))


def _shuffled(cells: list[Cell], rng: random.Random) -> list[tuple[Cell, ...]]:
    order: list[tuple[Cell, ...]] = [(c,) for c in cells]
    rng.shuffle(order)
    return order


def minimize(puzzle: GridLike, choices: int = 4, seed: int = 0) -> tuple[Minimal, ...]:
    """Up to ``choices`` different minimal puzzles inside a unique puzzle, fewest givens first.

    Each comes from emptying the givens in a different order (the symmetry's orbits first when
    the givens have one, then reading order, then orders drawn from ``seed``), keeping a given
    whenever the puzzle would lose uniqueness without it; one pass is enough, since a given
    that cannot go now cannot go later either.

    Examples:
        >>> found = minimize("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
        >>> [m.givens for m in found], found[0].removed, found[0].symmetry
        ([25, 26], (3, 37), ())
    """
    grid = as_grid(puzzle)
    return run_to_end(minimize_in_slices(grid, unique_grid_solution(grid), choices, seed))


class GivenSymmetry(Frozen):
    """The symmetries of a puzzle's givens (where they stand, whatever their digits)."""

    _fields = ("holding", "nearest", "breaks", "missing")
    __slots__ = _fields
    holding: tuple[Symmetry, ...]
    """Every symmetry the pattern has, in :data:`~sudoku_core.generator.SYMMETRIES`' order."""
    nearest: Symmetry | None
    """When none holds: the one fewest givens break (at most :data:`NEAR_SYMMETRY`)."""
    breaks: tuple[Cell, ...]
    """The givens whose image under ``nearest`` is empty."""
    missing: tuple[Cell, ...]
    """The empty images of those givens: the cells a setter fills to complete ``nearest``."""

    def __init__(
        self,
        holding: tuple[Symmetry, ...],
        nearest: Symmetry | None,
        breaks: tuple[Cell, ...],
        missing: tuple[Cell, ...] = (),
    ) -> None:
        frozen_init(self, holding, nearest, breaks, missing)

    def describe(self) -> str:
        """The symmetry named for a person: for a near one, the cells to fill to complete it.

        Examples:
            >>> given_symmetry("1" + "." * 79 + "2").describe()
            'Symmetry: rot180, diagonal, antidiagonal.'
            >>> given_symmetry("12" + "." * 78 + "3").describe()
            'No symmetry; nearly rot180: fill r9c8 to complete it (the partner of r1c2).'
        """
        if self.holding:
            return "Symmetry: " + ", ".join(self.holding) + "."
        if self.nearest:
            fill = ", ".join(cell_name(c) for c in self.missing)
            givens = ", ".join(cell_name(c) for c in self.breaks)
            partner = "the partner" if len(self.breaks) == 1 else "the partners"
            return f"No symmetry; nearly {self.nearest}: fill {fill} to complete it ({partner} of {givens})."
        return "No symmetry."

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "holding": list(self.holding),
            "nearest": self.nearest,
            "breaks": list(self.breaks),
            "missing": list(self.missing),
            "message": self.describe(),
        }


def given_symmetry(puzzle: GridLike) -> GivenSymmetry:
    """Which symmetries the givens' pattern has; else the nearest, the givens breaking it and
    the empty cells that would complete it.

    Examples:
        >>> given_symmetry("." * 81).holding[:2]
        ('rot180', 'rot90')
        >>> near = given_symmetry("12" + "." * 78 + "3")
        >>> near.holding, near.nearest, near.breaks, near.missing
        ((), 'rot180', (1,), (79,))
    """
    grid = as_grid(puzzle)
    broken: dict[Symmetry, list[tuple[Cell, ...]]] = {
        symmetry: [
            orbit
            for orbit in orbits(symmetry)
            if any(grid[o] for o in orbit) and not all(grid[o] for o in orbit)
        ]
        for symmetry in SYMMETRIES[1:]
    }
    breaking = {
        s: tuple(sorted(c for orbit in found for c in orbit if grid[c]))
        for s, found in broken.items()
    }
    holding = tuple(s for s, cells in breaking.items() if not cells)
    if holding or not any(grid):
        return GivenSymmetry(holding, None, ())
    nearest = min(breaking, key=lambda s: len(breaking[s]))
    if len(breaking[nearest]) > NEAR_SYMMETRY:
        return GivenSymmetry((), None, ())
    missing = tuple(sorted(c for orbit in broken[nearest] for c in orbit if not grid[c]))
    return GivenSymmetry((), nearest, breaking[nearest], missing)


class Study(Frozen):
    """Everything Create mode shows about a puzzle being set: the verdict, then for several
    solutions the repair (from 17 givens: with fewer, no added given can make it unique
    alone and a list of a dozen would not help a setter), for one the redundant givens; the
    symmetry always."""

    _fields = ("verdict", "repair", "redundant", "symmetry")
    __slots__ = _fields
    verdict: Verdict
    repair: Repair | None
    redundant: tuple[Cell, ...] | None
    symmetry: GivenSymmetry

    def __init__(
        self,
        verdict: Verdict,
        repair: Repair | None,
        redundant: tuple[Cell, ...] | None,
        symmetry: GivenSymmetry,
    ) -> None:
        frozen_init(self, verdict, repair, redundant, symmetry)

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: the verdict's fields, then the setter's."""
        repair = self.repair
        return {
            **self.verdict.to_dict(),
            "clues": [list(c) for c in repair.clues] if repair else [],
            "single_clues": [list(c) for c in repair.single_clues] if repair else [],
            "fewest_proven": repair.fewest_proven if repair else None,
            "repair_message": repair.describe() if repair else None,
            "redundant": list(self.redundant) if self.redundant is not None else None,
            "symmetry": self.symmetry.to_dict(),
        }


def _nodes(stats: SearchStats) -> Progress:
    return {"nodes": stats.nodes}


def study_in_slices(grid: Grid, budget: Budget | None = None) -> Generator[Progress, None, Study]:
    """:func:`study` of a grid in slices."""
    verdict = yield from relay(check_in_slices(grid, budget, tick_nodes=500), _nodes)
    repair_found = None
    redundant = None
    if verdict.status is Status.MULTIPLE and not verdict.too_few_givens:
        repair_found = yield from repair_in_slices(grid)
    elif verdict.solution is not None:
        redundant = yield from redundant_in_slices(grid, verdict.solution)
    return Study(verdict, repair_found, redundant, given_symmetry(grid))


def study(puzzle: GridLike, budget: Budget | None = None) -> Study:
    """The verdict, the givens to add or the redundant ones, and the symmetry, at once.

    Examples:
        >>> found = study("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
        >>> found.verdict.status.value, found.redundant, found.symmetry.holding
        ('unique', (3, 5, 37), ('rot180',))
    """
    return run_to_end(study_in_slices(as_grid(puzzle), budget))
