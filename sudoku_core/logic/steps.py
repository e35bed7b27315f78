"""Steps, techniques and levels: what a technique finds and how much it is worth.

A :class:`Step` is one deduction: the technique, the pattern (cells, candidates, units),
what it proves (placements and eliminations) and a sentence in the standard notation.
:data:`TECHNIQUES` gives each technique HoDoKu's default level and score (``Options.java``,
``solverSteps``) and a Sudoku-Explainer-style rating, an estimate of SE's ER scale.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

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


@dataclass(frozen=True)
class Technique:
    """A technique's place in the search order and what it is worth."""

    name: str
    level: Level
    score: int
    rating: float
    """Sudoku-Explainer-style rating (ER scale, 1.0 .. 11+), an estimate."""


def _techniques(*rows: tuple[str, Level, int, float]) -> dict[str, Technique]:
    return {name: Technique(name, level, score, rating) for name, level, score, rating in rows}


E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME
TECHNIQUES: Final = _techniques(
    ("Full House", E, 4, 1.0),
    ("Naked Single", E, 4, 2.3),
    ("Hidden Single", E, 14, 1.5),
    ("Locked Pair", M, 40, 3.0),
    ("Locked Triple", M, 60, 3.6),
    ("Locked Candidates Type 1 (Pointing)", M, 50, 2.6),
    ("Locked Candidates Type 2 (Claiming)", M, 50, 2.8),
    ("Naked Pair", M, 60, 3.0),
    ("Naked Triple", M, 80, 3.6),
    ("Hidden Pair", M, 70, 3.4),
    ("Hidden Triple", M, 100, 4.0),
    ("Naked Quadruple", H, 120, 5.0),
    ("Hidden Quadruple", H, 150, 5.4),
    ("X-Wing", H, 140, 3.2),
    ("Swordfish", H, 150, 3.8),
    ("Jellyfish", H, 160, 5.2),
    ("Remote Pair", H, 110, 4.6),
    ("BUG+1", H, 100, 5.6),
    ("Skyscraper", H, 130, 4.0),
    ("2-String Kite", H, 150, 4.1),
    ("Turbot Fish", H, 120, 4.2),
    ("Empty Rectangle", H, 120, 4.2),
    ("W-Wing", H, 150, 4.4),
    ("XY-Wing", H, 160, 4.2),
    ("XYZ-Wing", H, 180, 4.4),
    ("Uniqueness Test 1", H, 100, 4.5),
    ("Uniqueness Test 2", H, 100, 4.6),
    ("Uniqueness Test 3", H, 100, 4.7),
    ("Uniqueness Test 4", H, 100, 4.6),
    ("Hidden Rectangle", H, 100, 4.7),
    ("Finned X-Wing", H, 130, 3.4),
    ("Sashimi X-Wing", H, 150, 3.5),
    ("Finned Swordfish", U, 200, 4.0),
    ("Sashimi Swordfish", U, 240, 4.1),
    ("Finned Jellyfish", U, 250, 5.4),
    ("Sashimi Jellyfish", U, 260, 5.5),
    ("Sue de Coq", U, 250, 5.0),
    ("Simple Colors", H, 150, 4.5),
    ("Multi Colors", H, 200, 5.0),
    ("X-Chain", U, 260, 6.6),
    ("XY-Chain", U, 260, 6.6),
    ("Nice Loop/AIC", U, 280, 7.0),
    ("Grouped Nice Loop/AIC", U, 300, 7.2),
    ("ALS-XZ", U, 300, 7.5),
    ("ALS-XY-Wing", U, 320, 7.8),
    ("Forcing Chain", X, 500, 8.3),
    ("Forcing Net", X, 700, 9.0),
    ("Trial and Error", X, 10000, 11.0),
)
"""Every technique, in the order the solver tries them (HoDoKu's order)."""


@dataclass(frozen=True)
class Step:
    """One deduction: the pattern, what it proves, and how to say it.

    ``cells`` and ``candidates`` form the pattern (what a UI highlights), ``units`` the
    regions to look at (what a nudge names). ``placements`` and ``eliminations`` are the
    effect; applying them never contradicts the solution.
    """

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[Cell, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    units: tuple[int, ...] = ()
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

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
        """Plain data for JSON: cells both as indexes and as names."""
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
    lost: dict[Cell, set[Digit]] = {}
    for c, d in eliminations:
        lost.setdefault(c, set()).add(d)
    groups: dict[tuple[Digit, ...], list[Cell]] = {}
    for c in sorted(lost):
        groups.setdefault(tuple(sorted(lost[c])), []).append(c)
    parts = [f"{digits_text(ds)} from {cells_text(cs)}" for ds, cs in groups.items()]
    return "removes " + "; ".join(parts)


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
    )
