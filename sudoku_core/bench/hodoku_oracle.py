"""HoDoKu's solving path of each puzzle, as JSON lines: the fidelity benchmark's reference.

Run as a script (``python hodoku_oracle.py < puzzles``) by an interpreter that has the PyPI
package ``hodoku-py`` (a GPL port of HoDoKu): the benchmark talks to it only through this
process's standard input and output, so nothing of it is imported into sudoku_core, and the
interpreter may be another one than the benchmark's (it needs nothing but ``hodoku-py``).

Each input line is a puzzle of 81 characters; each output line is
``{"p": puzzle, "level": "extreme", "score": 1828, "steps": [[technique, placements,
eliminations], ...]}`` with HoDoKu's own technique names and each effect as ``[cell, digit]``
pairs (cells 0..80), in the order HoDoKu applies them (its placements, then its eliminations).
"""

from __future__ import annotations

import json
import sys
from typing import Any

PROBE = "import hodoku.api"
"""What the benchmark runs first to learn whether an interpreter has hodoku-py."""


def path_of(solver: Any, placing: frozenset[Any], puzzle: str) -> dict[str, Any]:
    """HoDoKu's grade and path of one puzzle as plain data."""
    result = solver.solve(puzzle)
    steps = []
    for step in result.steps:
        placed = list(zip(step.indices, step.values, strict=True)) if step.type in placing else []
        removed = [(c.index, c.value) for c in step.candidates_to_delete]
        steps.append([step.type.value, placed, removed])
    return {
        "p": puzzle,
        "level": result.level.name.lower(),
        "score": result.score,
        "steps": steps,
    }


def main() -> None:
    """Answer each puzzle of standard input with its line, as soon as it is solved."""
    from hodoku.api import Solver
    from hodoku.solver.solver import _PLACEMENT_TYPES

    solver = Solver()
    for line in sys.stdin:
        puzzle = line.strip()
        if puzzle:
            print(json.dumps(path_of(solver, _PLACEMENT_TYPES, puzzle)), flush=True)


if __name__ == "__main__":
    main()
