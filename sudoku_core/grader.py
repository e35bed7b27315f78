"""Grading a puzzle the way HoDoKu does: level, score, ratings, techniques and path.

:func:`grade` solves with the simplest technique available at each step
(:mod:`sudoku_core.logic`) and rates the path: HoDoKu's level and score (each step adds its
technique's score; the level is the hardest technique's level, raised while the score exceeds
that level's maximum: Easy 800, Medium 1000, Hard 1600, Unfair 1800), a Sudoku-Explainer-style
rating of the hardest step (ER) with EP and ED, the techniques used, the bottleneck step and the
whole path. :func:`iter_rate` is the same loop with early stops, for graded generation
(:mod:`sudoku_core.graded`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Generator
from typing import Any

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.formats import GridLike, as_grid, format_line
from sudoku_core.grid import Grid
from sudoku_core.logic.board import Board
from sudoku_core.logic.solving_path import iter_solving
from sudoku_core.logic.steps import LEVEL_MAX_SCORE, LEVELS, Level, Step
from sudoku_core.verdict import unique_solution_in_slices

__all__ = [
    "Grade",
    "Level",
    "grade",
    "iter_grade",
    "iter_rate",
    "level_of",
    "parse_level",
]


def level_of(hardest: Level, score: int) -> Level:
    """HoDoKu's rule: the hardest technique's level, raised while the score exceeds its maximum.

    Examples:
        >>> level_of(Level.EASY, 790).value, level_of(Level.EASY, 810).value
        ('easy', 'medium')
        >>> level_of(Level.MEDIUM, 1700).value, level_of(Level.MEDIUM, 1900).value
        ('unfair', 'extreme')
    """
    level = hardest
    while score > LEVEL_MAX_SCORE[level]:
        level = LEVELS[level.rank + 1]
    return level


def parse_level(name: str | Level) -> Level:
    """A level from its name in any case: ``"Hard"``, ``"hard"``.

    Examples:
        >>> parse_level("Unfair")
        <Level.UNFAIR: 'unfair'>
    """
    try:
        return Level(str(name).lower())
    except ValueError:
        raise ValueError(
            f"unknown level {name!r}: use {', '.join(lv.title for lv in LEVELS)}"
        ) from None


def _hardest(path: list[Step] | tuple[Step, ...]) -> Step | None:
    if not path:
        return None
    return max(path, key=lambda s: (s.info.level.rank, s.info.score, s.info.rating))


class Grade(Frozen):
    """What :func:`grade` found; ``path`` is every step from the puzzle to its solution."""

    _fields = (
        "puzzle",
        "solution",
        "level",
        "score",
        "rating",
        "pearl",
        "diamond",
        "histogram",
        "path",
        "seconds",
    )
    __slots__ = _fields
    puzzle: Grid
    solution: Grid
    level: Level
    score: int
    rating: float
    """ER: the Sudoku-Explainer-style rating of the hardest step."""
    pearl: float
    """EP: the hardest rating of the steps up to and including the first placement."""
    diamond: float
    """ED: the rating of the first step."""
    histogram: dict[str, int]
    path: tuple[Step, ...]
    seconds: float

    def __init__(
        self,
        *,
        puzzle: Grid,
        solution: Grid,
        level: Level,
        score: int,
        rating: float,
        pearl: float,
        diamond: float,
        histogram: dict[str, int],
        path: tuple[Step, ...],
        seconds: float = 0.0,
    ) -> None:
        frozen_init(
            self, puzzle, solution, level, score, rating, pearl, diamond, histogram, path, seconds
        )

    @property
    def bottleneck(self) -> Step | None:
        """The hardest step of the path (highest level, then score, then rating)."""
        return _hardest(self.path)

    @property
    def logical(self) -> bool:
        """True when no step was a guess (trial and error)."""
        return "Trial and Error" not in self.histogram

    def describe(self) -> str:
        """One line for a person: ``Hard (score 1302, ER 4.2/...); hardest step: X-Wing ...``,
        or ``Already solved: no step to take (Easy, score 0).`` for a full grid."""
        hardest = self.bottleneck
        if hardest is None:
            return f"Already solved: no step to take ({self.level.title}, score {self.score})."
        text = f"{self.level.title} (score {self.score}, ER {self.rating:.1f}/{self.pearl:.1f}/{self.diamond:.1f})"
        return f"{text}; hardest step: {hardest.text}"

    def to_dict(self, with_path: bool = True) -> dict[str, Any]:
        """Plain data for JSON."""
        hardest = self.bottleneck
        body: dict[str, Any] = {
            "puzzle": format_line(self.puzzle),
            "solution": format_line(self.solution),
            "level": self.level.value,
            "score": self.score,
            "rating": {"er": self.rating, "ep": self.pearl, "ed": self.diamond},
            "histogram": dict(self.histogram),
            "bottleneck": hardest.to_dict() if hardest else None,
            "steps": len(self.path),
            "logical": self.logical,
            "seconds": round(self.seconds, 4),
            "message": self.describe(),
        }
        if with_path:
            body["path"] = [step.to_dict() for step in self.path]
        return body


def iter_rate(
    grid: Grid,
    solution: Grid,
    *,
    started: float | None = None,
    stop_above: Level | None = None,
    accept_at: Level | None = None,
) -> Generator[dict[str, Any], None, tuple[Grade, bool]]:
    """Rate ``grid`` (whose unique solution is ``solution``), yielding ``{"steps", "score",
    "level"}`` after each step, and again (the same dict) between the pieces of work of a
    step, so the bridge's time slices hold on the hardest puzzles too.

    Returns the grade and whether it stopped early: graded generation gives up on a candidate
    as soon as its level passes ``stop_above``, or takes it once the level reaches
    ``accept_at``, without solving the rest. ``started`` (a ``perf_counter`` time) is when the
    caller's work began, for :attr:`Grade.seconds`.
    """
    if started is None:
        started = time.perf_counter()
    board = Board.from_grid(grid)
    path: list[Step] = []
    score = 0
    hardest = Level.EASY
    stopped = False
    progress = {"steps": 0, "score": 0, "level": hardest.value}
    for step in iter_solving(board, solution, unique=True):
        if step is None:
            yield progress
            continue
        path.append(step)
        info = step.info
        score += info.score
        if info.level.rank > hardest.rank:
            hardest = info.level
        now = level_of(hardest, score)
        progress = {"steps": len(path), "score": score, "level": now.value}
        yield progress
        if (stop_above is not None and now.rank > stop_above.rank) or (
            accept_at is not None and now is accept_at
        ):
            stopped = True
            break
    ratings = [s.info.rating for s in path]
    first_placement = next((i for i, s in enumerate(path) if s.placements), len(path) - 1)
    result = Grade(
        puzzle=grid,
        solution=solution,
        level=level_of(hardest, score),
        score=score,
        rating=max(ratings, default=0.0),  # a solved grid has no step, so no rating
        pearl=max(ratings[: first_placement + 1], default=0.0),
        diamond=ratings[0] if ratings else 0.0,
        histogram=dict(Counter(s.technique for s in path)),
        path=tuple(path),
        seconds=time.perf_counter() - started,
    )
    return result, stopped


def grade_in_slices(grid: Grid, *, tick_nodes: int = 500) -> Generator[dict[str, Any], None, Grade]:
    """The grade of a grid in slices: the uniqueness check (yielding every ``tick_nodes``
    search nodes; never when 0), then a progress dict after each solving step and between
    the pieces of work of a step (:func:`iter_rate`); returns the grade."""
    started = time.perf_counter()
    checking = unique_solution_in_slices(grid, purpose="cannot grade", tick_nodes=tick_nodes)
    solution = yield from relay(checking, _not_started)
    result, _ = yield from iter_rate(grid, solution, started=started)
    return result


def _not_started(_: object) -> dict[str, Any]:
    """The progress of a grade whose path has not started (the uniqueness check runs)."""
    return {"steps": 0, "score": 0, "level": Level.EASY.value}


def iter_grade(puzzle: GridLike) -> Generator[dict[str, Any], None, Grade]:
    """:func:`grade` in slices: yields progress after each solving step, returns the grade.

    The puzzle is read here, once; :func:`grade_in_slices` does the work.
    """
    return grade_in_slices(as_grid(puzzle))


def grade(puzzle: GridLike) -> Grade:
    """Grade a puzzle with exactly one solution (raises :class:`InvalidPuzzleError` otherwise).

    ER is the rating of the hardest step; EP the hardest rating up to the first placement;
    ED the rating of the first step (Sudoku Explainer's three numbers, estimated per technique).

    A completely filled (valid) grid is already solved: its path is empty, and it grades as
    HoDoKu starts every grade, Easy with score 0; with no step there is no rating, so ER, EP
    and ED are 0.0 and :attr:`Grade.bottleneck` is None.

    Examples:
        >>> result = grade("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
        >>> result.level.title, result.logical, result.histogram["Full House"] > 0
        ('Hard', True, True)
        >>> sum(result.histogram.values()) == len(result.path)
        True
        >>> solved = grade(result.solution)
        >>> solved.level.title, solved.score, solved.path, solved.rating
        ('Easy', 0, (), 0.0)
    """
    return run_to_end(grade_in_slices(as_grid(puzzle), tick_nodes=0))
