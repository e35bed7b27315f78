"""A mixed, repeatable sample of puzzles for comparing grades with HoDoKu.

Three parts of equal size, all from one seed: easy50 and magictour_top1465 puzzles, each
*permuted* (digits relabelled, rows swapped within bands and bands swapped, the same for
columns, maybe transposed: the same puzzle to a human, a different string to a solver, so
an engine tuned on the listed strings gains nothing), and *random minimal* puzzles (a random
full grid, givens removed in random order while the puzzle stays unique: :func:`generate`
without symmetry), which span Easy to Unfair.
"""

from __future__ import annotations

import random

from sudoku_core.formats import format_line
from sudoku_core.generator import generate
from sudoku_core.grid import Grid
from sudoku_core.puzzle_files import default_paths, load_cases


def _lines(rng: random.Random) -> list[int]:
    """A random order of the 9 rows (or columns) that keeps bands together."""
    bands = rng.sample(range(3), 3)
    return [3 * band + inner for band in bands for inner in rng.sample(range(3), 3)]


def permute(grid: Grid, rng: random.Random) -> Grid:
    """A random equivalent of ``grid``: relabelled digits, shuffled lines, maybe transposed.

    Examples:
        >>> puzzle = (1, 2) + (0,) * 79
        >>> moved = permute(puzzle, random.Random(3))
        >>> sorted(d for d in moved if d) != [1, 2] or moved != puzzle, sum(1 for d in moved if d)
        (True, 2)
    """
    digits = [0, *rng.sample(range(1, 10), 9)]
    rows, cols = _lines(rng), _lines(rng)
    flip = rng.random() < 0.5
    out = []
    for r in range(9):
        for c in range(9):
            rr, cc = (cols[c], rows[r]) if flip else (rows[r], cols[c])
            out.append(digits[grid[9 * rr + cc]])
    return tuple(out)


def _set(name: str) -> list[Grid]:
    for path in default_paths():
        if path.stem == name:
            cases, _ = load_cases(path)
            return [c.grid for c in cases if c.expected == 1]
    raise FileNotFoundError(f"puzzle set {name!r} not found (see sudoku_core.puzzle_files)")


def mixed_sample(count: int, seed: int = 12) -> dict[str, list[str]]:
    """``count`` puzzles of each part, as 81-character lines, the same for the same seed."""
    rng = random.Random(seed)
    parts: dict[str, list[str]] = {}
    for name in ("easy50", "magictour_top1465"):
        pool = _set(name)
        picked = [pool[rng.randrange(len(pool))] for _ in range(count)]
        parts[f"{name} (permuted)"] = [format_line(permute(g, rng)) for g in picked]
    parts["random minimal"] = [
        format_line(generate(seed=rng.randrange(2**31), max_seconds=None).puzzle)
        for _ in range(count)
    ]
    return parts
