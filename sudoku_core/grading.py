"""Grading a puzzle the way HoDoKu does, and generating puzzles of a chosen difficulty.

:func:`grade` solves with the simplest technique available at each step
(:mod:`sudoku_core.logic`) and rates the path: HoDoKu's level and score (each step adds its
technique's score; the level is the hardest technique's level, raised while the score exceeds
that level's maximum: Easy 800, Medium 1000, Hard 1600, Unfair 1800), a Sudoku-Explainer-style
rating of the hardest step (ER) with EP and ED, the techniques used, the bottleneck step and the
whole path.

:func:`generate_graded` draws puzzles from :func:`sudoku_core.generator.iter_generate` until one
grades at the target level; a candidate is dropped as soon as its partial grade is above the
target, and accepted as soon as Extreme is reached when Extreme is the target.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

from sudoku_core._steps import run_to_end, tagged
from sudoku_core.errors import GaveUpError, InvalidPuzzleError
from sudoku_core.formats import GridLike, as_grid, format_line
from sudoku_core.generator import Generated, Symmetry, iter_generate
from sudoku_core.grid import Grid
from sudoku_core.logic.board import Board
from sudoku_core.logic.solver import iter_path
from sudoku_core.logic.steps import LEVEL_MAX_SCORE, LEVELS, Level, Step
from sudoku_core.verdict import Status, check

__all__ = [
    "Grade",
    "Level",
    "build_pool",
    "generate_graded",
    "grade",
    "iter_generate_graded",
    "iter_grade",
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


@dataclass(frozen=True)
class Grade:
    """What :func:`grade` found; ``path`` is every step from the puzzle to its solution."""

    puzzle: Grid
    solution: Grid
    level: Level
    score: int
    rating: float
    """ER: the Sudoku-Explainer-style rating of the hardest step."""
    pearl: float
    """EP: the hardest rating needed before the first placement that is not a single... see
    :func:`grade`."""
    diamond: float
    """ED: the rating of the first step."""
    histogram: dict[str, int]
    path: tuple[Step, ...]
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def bottleneck(self) -> Step | None:
        """The hardest step of the path (highest level, then score, then rating)."""
        return _hardest(self.path)

    @property
    def logical(self) -> bool:
        """True when no step was a guess (trial and error)."""
        return "Trial and Error" not in self.histogram

    def describe(self) -> str:
        """One line for a person: ``Hard (score 1302, ER 4.2): bottleneck X-Wing ...``."""
        hardest = self.bottleneck
        text = f"{self.level.title} (score {self.score}, ER {self.rating:.1f}/{self.pearl:.1f}/{self.diamond:.1f})"
        if hardest is not None:
            text += f"; hardest step: {hardest.text}"
        return text

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


def _solution(grid: Grid) -> Grid:
    verdict = check(grid)
    if verdict.status is Status.UNIQUE and verdict.solution is not None:
        return verdict.solution
    reasons = {
        Status.INVALID: "breaks the rules",
        Status.NO_SOLUTION: "has no solution",
        Status.MULTIPLE: "has several solutions",
        Status.GAVE_UP: "could not be checked in time",
    }
    raise InvalidPuzzleError(
        f"cannot grade: the puzzle {reasons[verdict.status]}; grading needs exactly one solution"
    )


def _rate(
    grid: Grid,
    solution: Grid,
    started: float,
    stop_above: Level | None = None,
    accept_at: Level | None = None,
) -> tuple[Grade, bool]:
    """Grade, stopping early (second value True) once the level passes ``stop_above`` or reaches ``accept_at``."""
    return run_to_end(_iter_rate(grid, solution, started, stop_above, accept_at))


def _iter_rate(
    grid: Grid,
    solution: Grid,
    started: float,
    stop_above: Level | None = None,
    accept_at: Level | None = None,
) -> Generator[dict[str, Any], None, tuple[Grade, bool]]:
    """:func:`_rate` step by step: yields ``{"steps", "score", "level"}`` after each step."""
    board = Board.from_grid(grid)
    path: list[Step] = []
    score = 0
    hardest = Level.EASY
    stopped = False
    for step in iter_path(board, solution, unique=True):
        path.append(step)
        info = step.info
        score += info.score
        if info.level.rank > hardest.rank:
            hardest = info.level
        now = level_of(hardest, score)
        yield {"steps": len(path), "score": score, "level": now.value}
        if (stop_above is not None and now.rank > stop_above.rank) or (
            accept_at is not None and now is accept_at
        ):
            stopped = True
            break
    ratings = [s.info.rating for s in path] or [1.0]
    first_placement = next((i for i, s in enumerate(path) if s.placements), len(path) - 1)
    result = Grade(
        puzzle=grid,
        solution=solution,
        level=level_of(hardest, score),
        score=score,
        rating=max(ratings),
        pearl=max(ratings[: first_placement + 1]),
        diamond=ratings[0],
        histogram=dict(Counter(s.technique for s in path)),
        path=tuple(path),
        seconds=time.perf_counter() - started,
    )
    return result, stopped


def iter_grade(puzzle: GridLike) -> Generator[dict[str, Any], None, Grade]:
    """:func:`grade` step by step: yields progress after each solving step, returns the grade."""
    started = time.perf_counter()
    grid = as_grid(puzzle)
    result, _ = yield from _iter_rate(grid, _solution(grid), started)
    return result


def grade(puzzle: GridLike) -> Grade:
    """Grade a puzzle with exactly one solution (raises :class:`InvalidPuzzleError` otherwise).

    ER is the rating of the hardest step; EP the hardest rating up to the first placement;
    ED the rating of the first step (Sudoku Explainer's three numbers, estimated per technique).

    Examples:
        >>> result = grade("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
        >>> result.level.title, result.logical, result.histogram["Full House"] > 0
        ('Hard', True, True)
        >>> sum(result.histogram.values()) == len(result.path)
        True
    """
    started = time.perf_counter()
    grid = as_grid(puzzle)
    result, _ = _rate(grid, _solution(grid), started)
    return result


@dataclass(frozen=True)
class GradedPuzzle:
    """A generated puzzle with its grade; ``seed`` and the options reproduce it."""

    generated: Generated
    grade: Grade
    target: Level
    tries: int
    seconds: float
    seed: int
    """The seed asked for: the same seed and options give the same puzzle again (the puzzle's
    own generator seed, ``generated.seed``, reproduces it with :func:`sudoku_core.generate`)."""

    @property
    def target_met(self) -> bool:
        """False when the budget ran out: the puzzle is the closest level found."""
        return self.grade.level is self.target

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        body = self.generated.to_dict()
        body.update(
            {
                "seed": self.seed,
                "puzzle_seed": self.generated.seed,
                "difficulty": self.target.value,
                "level": self.grade.level.value,
                "score": self.grade.score,
                "rating": {
                    "er": self.grade.rating,
                    "ep": self.grade.pearl,
                    "ed": self.grade.diamond,
                },
                "histogram": self.grade.histogram,
                "target_met": self.target_met,
                "tries": self.tries,
                "seconds": round(self.seconds, 4),
            }
        )
        return body


def iter_generate_graded(
    *,
    difficulty: Level | str,
    seed: int | None = None,
    symmetry: Symmetry = "none",
    max_seconds: float | None = 30.0,
    max_tries: int = 100_000,
) -> Generator[dict[str, Any], None, GradedPuzzle]:
    """:func:`generate_graded` step by step: yields progress dicts, returns the puzzle."""
    target = parse_level(difficulty)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    started = time.perf_counter()
    deadline = None if max_seconds is None else started + max_seconds
    best: tuple[int, GradedPuzzle] | None = None
    tries = 0
    while tries < max_tries:
        tries += 1
        sub_seed = rng.randrange(2**32)
        work = iter_generate(seed=sub_seed, symmetry=symmetry, max_tries=50, max_seconds=None)
        generated: Generated = yield from tagged(work, {"tries": tries, "level": target.value})
        accept = target if target is Level.EXTREME else None
        rating = _iter_rate(
            generated.puzzle, generated.solution, time.perf_counter(), target, accept
        )
        rated, _ = yield from rating
        found = GradedPuzzle(generated, rated, target, tries, time.perf_counter() - started, seed)
        distance = abs(rated.level.rank - target.rank)
        if distance == 0:
            if rated.path and not generated.puzzle == rated.puzzle:
                raise RuntimeError("internal error: graded a different puzzle")
            final = grade(generated.puzzle)
            if final.level is not target:
                raise RuntimeError(
                    f"early and full grade disagree for {format_line(generated.puzzle)}"
                )
            return GradedPuzzle(
                generated, final, target, tries, time.perf_counter() - started, seed
            )
        if best is None or distance < best[0]:
            best = (distance, found)
        yield {
            "tries": tries,
            "level": target.value,
            "last": rated.level.value,
            "seconds": round(time.perf_counter() - started, 3),
        }
        if deadline is not None and time.perf_counter() >= deadline:
            break
    if best is None:  # pragma: no cover  (max_tries >= 1 always makes one)
        raise GaveUpError("no puzzle was generated")
    closest = best[1]
    return GradedPuzzle(
        closest.generated,
        grade(closest.generated.puzzle),
        target,
        tries,
        time.perf_counter() - started,
        seed,
    )


def generate_graded(
    *,
    difficulty: Level | str,
    seed: int | None = None,
    symmetry: Symmetry = "none",
    max_seconds: float | None = 30.0,
    max_tries: int = 100_000,
) -> GradedPuzzle:
    """A unique puzzle of the given level (``easy`` .. ``extreme``), verified by :func:`grade`.

    Seeded and reproducible like :func:`sudoku_core.generate`. When the budget runs out the
    closest level found is returned and ``target_met`` is False.

    Examples:
        >>> made = generate_graded(difficulty="medium", seed=3)
        >>> made.grade.level.value, made.target_met
        ('medium', True)
        >>> generate_graded(difficulty="medium", seed=3).generated.puzzle == made.generated.puzzle
        True
    """
    return run_to_end(
        iter_generate_graded(
            difficulty=difficulty,
            seed=seed,
            symmetry=symmetry,
            max_seconds=max_seconds,
            max_tries=max_tries,
        )
    )


def iter_pool(
    per_level: int, seed: int = 0, levels: tuple[Level, ...] = LEVELS
) -> Iterator[tuple[Level, GradedPuzzle]]:
    """The puzzles of :func:`build_pool`, one at a time."""
    for index, level in enumerate(levels):
        for i in range(per_level):
            yield (
                level,
                generate_graded(difficulty=level, seed=seed + 1000 * index + i, max_seconds=None),
            )


def build_pool(per_level: int, seed: int = 0) -> dict[str, list[str]]:
    """A pre-graded pool for the page: ``per_level`` puzzles per level, as 81-character lines.

    Building takes a few seconds per level (Extreme puzzles are rare among random ones); the
    keys are the level names, ``easy`` .. ``extreme``.
    """
    pool: dict[str, list[str]] = {level.value: [] for level in LEVELS}
    for level, made in iter_pool(per_level, seed):
        pool[level.value].append(format_line(made.generated.puzzle))
    return pool
