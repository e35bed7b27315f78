"""The units of work of a bank, and :func:`do_unit`, which does one anywhere.

A unit is plain, picklable data that fully decides its result: a range of seeds to generate
from (with the level and symmetry), or a slice of an input file's puzzles to grade. So a unit
done in this process, in a local worker process or on a Dask worker gives the same records, and
a bank made on a cluster equals the one made locally for the same options (tested).

Units are small on purpose (``UNIT_SEEDS`` seeds, ``UNIT_LINES`` lines): a unit is also what a
killed run loses at most, and what the progress line counts.
"""

from __future__ import annotations

from typing import Any, cast

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.canonical import minlex
from sudoku_core.formats import format_line, parse
from sudoku_core.generator import Symmetry
from sudoku_core.graded import generate_graded
from sudoku_core.grader import Grade, grade
from sudoku_core.solver import count_solutions

__all__ = ["UNIT_LINES", "UNIT_SEEDS", "GenerateUnit", "GradeUnit", "Record", "do_unit"]

UNIT_SEEDS = 8
"""Seeds per generation unit: about 1-10 s of work at Hard, enough to hide the hand-over."""
UNIT_LINES = 32
"""Puzzles per grading unit."""
_SOLVED = "already solved: a full grid is not a puzzle to store"
"""Why a bank refuses a full grid: it grades (an empty path), but is nobody's puzzle."""

Record = dict[str, Any]
"""One graded puzzle, or one rejected input line (``{"error": ...}``), as plain data."""


class GenerateUnit(Frozen):
    """Generate one puzzle to ``level`` from each seed of ``first_seed .. first_seed+seeds-1``."""

    _fields = ("index", "level", "symmetry", "first_seed", "seeds")
    __slots__ = _fields
    index: int
    level: str
    symmetry: str
    first_seed: int
    seeds: int

    def __init__(self, index: int, level: str, symmetry: str, first_seed: int, seeds: int) -> None:
        frozen_init(self, index, level, symmetry, first_seed, seeds)


class GradeUnit(Frozen):
    """Grade ``puzzles``: (line number, 81-character line) pairs read from ``source``."""

    _fields = ("index", "source", "puzzles", "errors")
    __slots__ = _fields
    index: int
    source: str
    puzzles: tuple[tuple[int, str], ...]
    errors: tuple[tuple[int, str], ...]
    """Lines of the slice that did not parse: (line number, message), reported in order."""

    def __init__(
        self,
        index: int,
        source: str,
        puzzles: tuple[tuple[int, str], ...],
        errors: tuple[tuple[int, str], ...] = (),
    ) -> None:
        frozen_init(self, index, source, puzzles, errors)


def graded_record(graded: Grade, **origin: Any) -> Record:
    """The row a bank stores for a graded puzzle; ``origin`` says how to make or find it again."""
    hardest = graded.bottleneck
    return {
        "puzzle": format_line(graded.puzzle),
        "canonical": minlex(graded.puzzle),
        "solution": format_line(graded.solution),
        "level": graded.level.value,
        "score": graded.score,
        "rating": graded.rating,
        "pearl": graded.pearl,
        "diamond": graded.diamond,
        "hardest": hardest.technique if hardest else None,
        "techniques": dict(graded.histogram),
        "givens": sum(1 for digit in graded.puzzle if digit),
        **origin,
    }


def _generate(unit: GenerateUnit) -> list[Record]:
    records = []
    for seed in range(unit.first_seed, unit.first_seed + unit.seeds):
        made = generate_graded(
            difficulty=unit.level,
            seed=seed,
            symmetry=cast(Symmetry, unit.symmetry),
            max_seconds=None,
        )
        if not made.target_met:  # pragma: no cover  (100,000 tries: never seen)
            records.append({"error": f"seed {seed}: {made.describe()}", "seed": seed})
            continue
        options = {"difficulty": unit.level, "symmetry": unit.symmetry, "max_seconds": None}
        records.append(graded_record(made.grade, seed=seed, options=options, source="generate"))
    return records


def _grade(unit: GradeUnit) -> list[Record]:
    records: list[Record] = [
        {"error": f"{unit.source}:{line}: {message}", "line": line} for line, message in unit.errors
    ]
    for line, text in unit.puzzles:
        where = f"{unit.source}:{line}"
        puzzle = parse(text)
        if 0 not in puzzle:
            records.append({"error": f"{where}: {_SOLVED}", "line": line})
            continue
        solutions = count_solutions(puzzle, 2)
        if solutions != 1:
            what = "no solution" if solutions == 0 else "more than one solution"
            records.append({"error": f"{where}: the puzzle has {what}", "line": line})
            continue
        try:
            graded = grade(puzzle)
        except Exception as error:  # one line's failure is refused with its line; the run goes on
            message = f"cannot grade: {error} ({type(error).__name__})"
            records.append({"error": f"{where}: {message}", "line": line})
            continue
        records.append(graded_record(graded, source=unit.source, line=line))
    return records


def do_unit(unit: GenerateUnit | GradeUnit) -> list[Record]:
    """Every record of ``unit``, in seed or line order. Module-level and free of globals, so a
    process pool or a Dask worker can run it (the worker needs ``sudoku_core`` installed)."""
    if isinstance(unit, GenerateUnit):
        return _generate(unit)
    return _grade(unit)
