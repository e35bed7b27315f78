"""Steps, techniques and levels: what a technique finds and how much it is worth.

A :class:`Step` is one deduction: the technique, the pattern (cells, candidates, units),
what it proves (placements and eliminations) and a sentence in the standard notation.
:class:`Technique` is a row of the technique catalogue (:mod:`sudoku_core.logic.techniques`):
HoDoKu's default level and score (``Options.java``, ``solverSteps``), a Sudoku-Explainer-style
rating (an estimate of SE's ER scale), the finder and whether it needs a unique puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from enum import StrEnum
from itertools import pairwise
from typing import Any, Final, NamedTuple

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.grid import Cell, Digit, cell_name, unit_name
from sudoku_core.logic.board import Board, Candidate


class Level(StrEnum):
    """HoDoKu's difficulty levels, easiest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    UNFAIR = "unfair"
    EXTREME = "extreme"

    @property
    def title(self) -> str:  # type: ignore[override]
        """The name shown to a person, e.g. ``Hard``."""
        return self.value.capitalize()

    @property
    def rank(self) -> int:
        """0 for Easy up to 4 for Extreme."""
        return LEVELS.index(self)


LEVELS: Final = tuple(Level)
LEVEL_MAX_SCORE: Final = {
    Level.EASY: 800,
    Level.MEDIUM: 1000,
    Level.HARD: 1600,
    Level.UNFAIR: 1800,
    Level.EXTREME: 2**31 - 1,
}
"""HoDoKu's rule: a puzzle's level is raised while its score exceeds the level's maximum."""


Finder = Callable[["Board"], "Step | None"]
"""A technique's finder: the first step of that technique on the board, or None."""

Search = Generator[None, None, "Step | None"]
"""A finder's search in slices: a generator that yields between pieces of work (each a few
milliseconds at most) and returns what the finder would, so grading and hints can stop at a
yield when the bridge's time slice is up."""

Stepper = Callable[["Board"], Search]
"""A technique's finder in slices (see :data:`Search`)."""


class Technique(Frozen):
    """One row of the technique catalogue: what the technique is worth and how it is found."""

    _fields = ("name", "level", "score", "rating", "finder", "needs_uniqueness", "stepper")
    __slots__ = _fields
    name: str
    level: Level
    score: int
    """HoDoKu's default score (``Options.java``, ``solverSteps``)."""
    rating: float
    """Sudoku-Explainer-style rating (ER scale, 1.0 .. 11+), an estimate."""
    finder: Finder | None
    """None for Trial and Error, the last resort that needs the solution."""
    needs_uniqueness: bool
    """Sound only when the puzzle is known to have one solution (Unique Rectangles, BUG+1)."""
    stepper: Stepper | None
    """The finder in slices, for the techniques whose one search can outlast a 30 ms slice
    (None: one call of :attr:`finder` is short enough)."""

    def __init__(
        self,
        name: str,
        level: Level,
        score: int,
        rating: float,
        finder: Finder | None = None,
        *,
        needs_uniqueness: bool = False,
        stepper: Stepper | None = None,
    ) -> None:
        frozen_init(self, name, level, score, rating, finder, needs_uniqueness, stepper)


TECHNIQUES: Final[dict[str, Technique]] = {}
"""Every technique by name, in the order the solver tries them (HoDoKu's order).

The table itself is :data:`sudoku_core.logic.techniques.CATALOGUE`, which fills this dict when
the package is imported: it names every finder, and the finders import this module for
:class:`Step`, so the table cannot be written here without an import cycle.
"""


class Link(NamedTuple):
    """One edge of a chain, from candidate to candidate: strong (they cannot both be false) or
    weak (they cannot both be true), as the chain uses it.

    A *group node* (a digit in two or three cells of a box-line crossing, in grouped chains)
    is named by its first cell, with all its cells in ``start_cells`` / ``end_cells``
    (empty for a single candidate).
    """

    start: Candidate
    end: Candidate
    strong: bool
    start_cells: tuple[Cell, ...] = ()
    end_cells: tuple[Cell, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """``{"from": [cell, digit], "to": [cell, digit], "strong": bool}``, plus ``from_cells``
        / ``to_cells`` (every cell of the node) when that end is a group."""
        found: dict[str, Any] = {
            "from": list(self.start),
            "to": list(self.end),
            "strong": self.strong,
        }
        if self.start_cells:
            found["from_cells"] = list(self.start_cells)
        if self.end_cells:
            found["to_cells"] = list(self.end_cells)
        return found


def chain_links(chain: Iterable[Candidate], *, strong_first: bool = True) -> tuple[Link, ...]:
    """The links of an alternating chain given as its candidates in order: strong, weak,
    strong, ... (or weak first).

    Examples:
        >>> [tuple(link) for link in chain_links([(0, 5), (0, 7), (8, 7)])]
        [((0, 5), (0, 7), True, (), ()), ((0, 7), (8, 7), False, (), ())]
    """
    nodes = list(chain)
    return tuple(
        Link(a, b, (i % 2 == 0) == strong_first) for i, (a, b) in enumerate(pairwise(nodes))
    )


class Step(Frozen):
    """One deduction: the pattern, what it proves, and how to say it.

    ``cells`` and ``candidates`` form the pattern (what a UI highlights), ``units`` the
    regions to look at (what a nudge names). ``placements`` and ``eliminations`` are the
    effect; applying them never contradicts the solution.

    For drawing (not compared): ``links``, a chain's edges in order (chains, loops, wings and
    the two-link single-digit patterns); ``base``, ``cover`` (units) and ``fins`` (cells) of a
    fish; ``colours``, the colour classes of a colouring step (two per cluster, the cells of
    each, the clusters one after the other); ``als``, the cells of each almost locked set of
    an ALS step (ALS-XZ: A, B; ALS-XY-Wing: C, A, B; ALS-XY-Chain: the chain's sets in order).
    """

    _fields = (
        "technique",
        "placements",
        "eliminations",
        "cells",
        "candidates",
        "units",
        "text",
        "links",
        "base",
        "cover",
        "fins",
        "colours",
        "als",
    )
    _compared = _fields[:7]
    __slots__ = _fields
    technique: str
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    cells: tuple[Cell, ...]
    candidates: tuple[Candidate, ...]
    units: tuple[int, ...]
    text: str
    links: tuple[Link, ...]
    base: tuple[int, ...]
    cover: tuple[int, ...]
    fins: tuple[Cell, ...]
    colours: tuple[tuple[Cell, ...], ...]
    als: tuple[tuple[Cell, ...], ...]

    def __init__(
        self,
        technique: str,
        *,
        placements: tuple[Candidate, ...] = (),
        eliminations: tuple[Candidate, ...] = (),
        cells: tuple[Cell, ...] = (),
        candidates: tuple[Candidate, ...] = (),
        units: tuple[int, ...] = (),
        text: str = "",
        links: tuple[Link, ...] = (),
        base: tuple[int, ...] = (),
        cover: tuple[int, ...] = (),
        fins: tuple[Cell, ...] = (),
        colours: tuple[tuple[Cell, ...], ...] = (),
        als: tuple[tuple[Cell, ...], ...] = (),
    ) -> None:
        frozen_init(
            self,
            technique,
            placements,
            eliminations,
            cells,
            candidates,
            units,
            text,
            links,
            base,
            cover,
            fins,
            colours,
            als,
        )

    @property
    def info(self) -> Technique:
        """The technique's level, score and rating."""
        return TECHNIQUES[self.technique]

    def apply(self, board: Board) -> None:
        """Make the step's placements and eliminations on the board."""
        for cell, digit in self.placements:
            if not board.values[cell]:
                board.place(cell, digit)
        for cell, digit in self.eliminations:
            board.eliminate(cell, digit)

    def nudge(self) -> str:
        """The first hint: the technique and where to look, without the answer."""
        where = ", ".join(unit_name(u) for u in self.units[:3])
        if not where and self.cells:
            where = ", ".join(cell_name(c) for c in self.cells[:4])
        return f"Look for a {self.technique}" + (f" in {where}." if where else ".")

    def pattern(self) -> str:
        """The second hint: the cells and candidates of the pattern."""
        if self.candidates:
            return f"{self.technique}: " + ", ".join(
                f"{cell_name(c)}({d})" for c, d in self.candidates
            )
        return f"{self.technique}: " + ", ".join(cell_name(c) for c in self.cells)

    def effect(self) -> str:
        """The third hint: what the step places and removes."""
        parts = []
        if self.placements:
            parts.append("place " + ", ".join(f"{d} in {cell_name(c)}" for c, d in self.placements))
        if self.eliminations:
            parts.append(removals(self.eliminations))
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: cells both as indexes and as names; units by name; the drawing
        fields always present (empty lists when the technique has none)."""
        return {
            "technique": self.technique,
            "level": self.info.level.value,
            "score": self.info.score,
            "rating": self.info.rating,
            "text": self.text,
            "placements": [
                {"cell": c, "name": cell_name(c), "digit": d} for c, d in self.placements
            ],
            "eliminations": [
                {"cell": c, "name": cell_name(c), "digit": d} for c, d in self.eliminations
            ],
            "cells": list(self.cells),
            "candidates": [[c, d] for c, d in self.candidates],
            "units": [unit_name(u) for u in self.units],
            "links": [link.to_dict() for link in self.links],
            "base": [unit_name(u) for u in self.base],
            "cover": [unit_name(u) for u in self.cover],
            "fins": list(self.fins),
            "colours": [list(cells) for cells in self.colours],
            "als": [list(cells) for cells in self.als],
        }


def digits_text(digits: Iterable[Digit]) -> str:
    """Digits joined the usual way: ``3/7``."""
    return "/".join(str(d) for d in sorted(digits))


def cells_text(cells: Iterable[Cell]) -> str:
    """Cell names joined by commas: ``r4c2, r4c6``."""
    return ", ".join(cell_name(c) for c in sorted(cells))


def removals(eliminations: Iterable[Candidate]) -> str:
    """``removes 3/7 from r4c1, r4c9``; cells that lose different digits are grouped.

    Examples:
        >>> removals([(27, 3), (27, 7), (35, 3), (35, 7)])
        'removes 3/7 from r4c1, r4c9'
        >>> removals([(0, 5), (1, 6)])
        'removes 5 from r1c1; 6 from r1c2'
    """
    parts = [
        f"{digits_text(ds)} from {cells_text(cs)}"
        for ds, cs in removal_groups(eliminations).items()
    ]
    return "removes " + "; ".join(parts)


def removal_groups(eliminations: Iterable[Candidate]) -> dict[tuple[Digit, ...], list[Cell]]:
    """The cells that lose the same digits, together, in cell order.

    Examples:
        >>> removal_groups([(35, 7), (27, 3), (27, 7), (35, 3), (1, 6)])
        {(6,): [1], (3, 7): [27, 35]}
    """
    lost: dict[Cell, set[Digit]] = {}
    for c, d in eliminations:
        lost.setdefault(c, set()).add(d)
    groups: dict[tuple[Digit, ...], list[Cell]] = {}
    for c in sorted(lost):
        groups.setdefault(tuple(sorted(lost[c])), []).append(c)
    return groups


def spread(eliminations: Iterable[Candidate]) -> int:
    """HoDoKu's tie-break between steps that remove as many candidates: a weighted sum of the
    removed candidates taken by digit, then cell (the smaller sum is preferred).

    Examples:
        >>> spread([(10, 3)]), spread([(10, 3), (2, 5)])
        (13, 180)
    """
    total, weight = 0, 1
    for cell, digit in sorted(eliminations, key=lambda t: (t[1], t[0])):
        total += cell * weight + digit
        weight += 80
    return total


def make_step(
    technique: str,
    description: str,
    *,
    placements: Iterable[Candidate] = (),
    eliminations: Iterable[Candidate] = (),
    cells: Iterable[Cell] = (),
    candidates: Iterable[Candidate] = (),
    units: Iterable[int] = (),
    links: Iterable[Link] = (),
    base: Iterable[int] = (),
    cover: Iterable[int] = (),
    fins: Iterable[Cell] = (),
    colours: Iterable[Iterable[Cell]] = (),
    als: Iterable[Iterable[Cell]] = (),
) -> Step:
    """A step whose text is ``description: effect``."""
    placed = tuple(placements)
    removed = tuple(sorted(set(eliminations)))
    step = Step(
        technique,
        placements=placed,
        eliminations=removed,
        cells=tuple(cells),
        candidates=tuple(candidates),
        units=tuple(units),
    )
    return Step(
        technique,
        placements=placed,
        eliminations=removed,
        cells=step.cells,
        candidates=step.candidates,
        units=step.units,
        text=f"{description}: {step.effect()}",
        links=tuple(links),
        base=tuple(base),
        cover=tuple(cover),
        fins=tuple(fins),
        colours=tuple(tuple(c) for c in colours),
        als=tuple(tuple(c) for c in als),
    )
