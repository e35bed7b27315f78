"""Graded generation: a unique puzzle of a chosen HoDoKu level, reproducible from its seed.

:func:`generate_graded` draws puzzles from :func:`sudoku_core.generator.iter_generate` until one
grades at the target level (:mod:`sudoku_core.grader`). A candidate is dropped as soon as its
partial grade is above the target, and accepted as soon as Extreme is reached when Extreme is
the target, so most candidates are never solved to the end; the one returned is graded again
in full, so its grade is exactly what :func:`sudoku_core.grader.grade` says.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from typing import Any, TypeVar

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.errors import GaveUpError, positive_seconds, whole_number
from sudoku_core.formats import format_line
from sudoku_core.generator import Generated, Symmetry, iter_generate
from sudoku_core.grader import Grade, Level, iter_grade, iter_rate, parse_level
from sudoku_core.grid import Grid

__all__ = ["GradedPuzzle", "generate_graded", "iter_generate_graded"]

T = TypeVar("T")


class GradedPuzzle(Frozen):
    """A generated puzzle with its grade; ``seed`` and the options reproduce it."""

    _fields = ("generated", "grade", "target", "tries", "seconds", "seed")
    __slots__ = _fields
    generated: Generated
    grade: Grade
    target: Level
    tries: int
    seconds: float
    seed: int
    """The seed asked for: the same seed and options give the same puzzle again (the puzzle's
    own generator seed, ``generated.seed``, reproduces it with :func:`sudoku_core.generate`)."""

    def __init__(
        self,
        generated: Generated,
        grade: Grade,
        target: Level,
        tries: int,
        seconds: float,
        *,
        seed: int,
    ) -> None:
        frozen_init(self, generated, grade, target, tries, seconds, seed)

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
                "message": self.describe(),
            }
        )
        return body

    def describe(self) -> str:
        """One line for a person, saying whether the level asked for was met."""
        level = f"{self.grade.level.title} (score {self.grade.score})"
        tries = f"after {self.tries} {'try' if self.tries == 1 else 'tries'}"
        if self.target_met:
            return f"{level}, {self.generated.givens} givens, {tries}"
        return (
            f"{level} instead of {self.target.title} {tries}: the closest level found in the"
            " time allowed"
        )


def iter_generate_graded(
    *,
    difficulty: Level | str,
    seed: int | None = None,
    symmetry: Symmetry = "none",
    max_seconds: float | None = 30.0,
    max_tries: int = 100_000,
) -> Generator[dict[str, Any], None, GradedPuzzle]:
    """:func:`generate_graded` in slices: yields progress dicts, returns the puzzle."""
    target = parse_level(difficulty)
    if seed is not None:  # checked as generate checks them: 2.5, True or NaN are no options
        whole_number("seed", seed, -(2**63), 2**63)
    whole_number("max_tries", max_tries, 1)
    if max_seconds is not None:
        positive_seconds("max_seconds", max_seconds)
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
        generated: Generated = yield from _tagged(work, tries, target)
        accept = target if target is Level.EXTREME else None
        rating = iter_rate(
            generated.puzzle, generated.solution, stop_above=target, accept_at=accept
        )
        rated, _ = yield from _tagged(rating, tries, target)
        found = GradedPuzzle(
            generated, rated, target, tries, time.perf_counter() - started, seed=seed
        )
        distance = abs(rated.level.rank - target.rank)
        if distance == 0:
            if rated.path and not generated.puzzle == rated.puzzle:
                raise RuntimeError("internal error: graded a different puzzle")
            final = yield from _regrade(generated.puzzle, tries, target)
            if final.level is not target:
                raise RuntimeError(
                    f"early and full grade disagree for {format_line(generated.puzzle)}"
                )
            return GradedPuzzle(
                generated, final, target, tries, time.perf_counter() - started, seed=seed
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
        (yield from _regrade(closest.generated.puzzle, tries, target)),
        target,
        tries,
        time.perf_counter() - started,
        seed=seed,
    )


def _regrade(puzzle: Grid, tries: int, target: Level) -> Generator[dict[str, Any], None, Grade]:
    """The full grade of the chosen puzzle, in slices like the rest (it can take seconds)."""
    return (yield from _tagged(iter_grade(puzzle), tries, target))


def _tagged(
    work: Generator[dict[str, Any], None, T], tries: int, target: Level
) -> Generator[dict[str, Any], None, T]:
    """``work`` with the try and the level sought added to each of its progress dicts."""
    return relay(work, lambda progress: {**progress, "tries": tries, "level": target.value})


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
