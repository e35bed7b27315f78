"""The puzzles of a printed booklet: a level mix over a range of seeds, each graded.

Puzzle ``i`` (from 0) is ``generate_graded(difficulty=levels[i % len(levels)], seed=first_seed +
i)``, so a booklet is made again from its levels and first seed, and each puzzle alone from the
level and seed printed beside it. The page's worker makes a booklet with :func:`iter_booklet`
(progress between puzzles and inside each, so Cancel works); the command line's ``booklet``
lays the same puzzles out as a PDF or an HTML file (:mod:`sudoku_core.cli.booklet`), and the
page as printed pages.
"""

from __future__ import annotations

from collections.abc import Generator

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay
from sudoku_core.errors import whole_number
from sudoku_core.formats import format_line, short_fragment
from sudoku_core.graded import iter_generate_graded
from sudoku_core.grid import Grid
from sudoku_core.logic.steps import LEVELS, Level

MAX_PUZZLES = 120
"""The most puzzles in one booklet (a book of 20 pages of 6)."""
PER_PAGE = (1, 2, 4, 6)
"""How many puzzles a printed page may hold."""


class BookletPuzzle(Frozen):
    """One puzzle of a booklet: where it is, what made it, and its answer."""

    _fields = ("number", "level", "score", "seed", "puzzle", "solution")
    __slots__ = _fields
    number: int
    """1-based, as printed."""
    level: Level
    score: int
    seed: int
    """With ``level``: ``generate_graded(difficulty=level, seed=seed)`` makes it again."""
    puzzle: Grid
    solution: Grid

    def __init__(
        self, number: int, level: Level, *, score: int, seed: int, puzzle: Grid, solution: Grid
    ) -> None:
        frozen_init(self, number, level, score, seed, puzzle, solution)

    def link(self, page_url: str) -> str:
        """The short link to this puzzle, short enough to print under it: ``page_url`` with
        ``#p=<the givens' code>&l=<level>&s=<seed>`` (:func:`sudoku_core.formats.short_fragment`;
        the page opens it with its level and seed as the link's claims).

        Examples:
            >>> made = BookletPuzzle(
            ...     1, Level.EASY, score=338, seed=7, puzzle=(0,) * 80 + (1,), solution=(1,) * 81
            ... )
            >>> made.link("https://example.org/sudoku/#old")
            'https://example.org/sudoku/#p=EAAAAAAAAAAAAA&l=e&s=7'
        """
        base = page_url.split("#", 1)[0]
        return f"{base}#{short_fragment(self.puzzle, level=self.level.value, seed=self.seed)}"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "number": self.number,
            "level": self.level.value,
            "score": self.score,
            "seed": self.seed,
            "puzzle": format_line(self.puzzle),
            "solution": format_line(self.solution),
        }


class _Said:
    """The booklet's progress, said for each of a puzzle's own progress reports."""

    def __init__(self, progress: dict[str, object]) -> None:
        self.progress = progress

    def __call__(self, _: object) -> dict[str, object]:
        return self.progress


def read_levels(text: str) -> tuple[Level, ...]:
    """A level mix as the command line and the page write it: level names, comma-separated.

    Examples:
        >>> [level.value for level in read_levels("easy, Hard,easy")]
        ['easy', 'hard', 'easy']
    """
    names = [word.strip().lower() for word in text.split(",") if word.strip()]
    known = {level.value: level for level in LEVELS}
    wrong = [name for name in names if name not in known]
    if wrong or not names:
        raise ValueError(
            f"levels must be level names separated by commas ({', '.join(known)}), got {text!r}"
        )
    return tuple(known[name] for name in names)


def iter_booklet(
    count: int, levels: tuple[Level, ...], first_seed: int
) -> Generator[dict[str, object], None, tuple[BookletPuzzle, ...]]:
    """The booklet's puzzles in slices: yields ``{"made", "count", "level"}`` progress."""
    whole_number("count", count, 1, MAX_PUZZLES)
    whole_number("first_seed", first_seed, 0, 2**32)
    if not levels:
        raise ValueError("levels must name at least one level")
    made: list[BookletPuzzle] = []
    for index in range(count):
        level = levels[index % len(levels)]
        progress: dict[str, object] = {"made": index, "count": count, "level": level.value}
        making = iter_generate_graded(difficulty=level, seed=first_seed + index)
        graded = yield from relay(making, _Said(progress))
        made.append(
            BookletPuzzle(
                index + 1,
                graded.grade.level,
                score=graded.grade.score,
                seed=first_seed + index,
                puzzle=graded.generated.puzzle,
                solution=graded.generated.solution,
            )
        )
    return tuple(made)
