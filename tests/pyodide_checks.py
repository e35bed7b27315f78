"""Checks that run *inside Pyodide* (via tests/pyodide_runner.mjs), on the wheel the site ships.

`main(data)` returns plain data; tests/test_pyodide.py asserts on it. Nothing here runs at import,
so pytest's doctest collection can import this module in CPython too.

data: {"puzzle_dir": "/puzzles", "solve_sets": ["top95.txt", ...], "counted": "counted.txt",
       "seed_examples": "seed_examples.txt"}; /puzzles is tests/data, the shipped corpus.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any


def read_puzzles(path: Path) -> list[str]:
    """Puzzle lines of a puzzle set file (comments and blanks skipped)."""
    lines = (line.strip() for line in path.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def solve_set(path: Path) -> dict[str, Any]:
    """Solve every puzzle of a file and verify each solution keeps the givens and is valid."""
    from sudoku_core import is_solution, parse, solve

    puzzles = read_puzzles(path)
    failures: list[str] = []
    started = time.perf_counter()
    for line in puzzles:
        puzzle = parse(line)
        solution = solve(puzzle)
        if solution is None or not is_solution(solution, puzzle):
            failures.append(line)
    return {
        "puzzles": len(puzzles),
        "verified": len(puzzles) - len(failures),
        "failures": failures[:5],
        "seconds": time.perf_counter() - started,
    }


def expected_status(count: int) -> str:
    """The Status name check() must give for a puzzle with `count` solutions.

    Examples:
        >>> expected_status(0), expected_status(1), expected_status(847)
        ('NO_SOLUTION', 'UNIQUE', 'MULTIPLE')
    """
    return "NO_SOLUTION" if count == 0 else "UNIQUE" if count == 1 else "MULTIPLE"


def count_set(path: Path) -> dict[str, Any]:
    """count_solutions and check() against a counted file (counted.txt, seed_examples.txt), exactly.

    Lines are `puzzle:count:solution`, or `puzzle:count` when the puzzle is not unique.
    """
    from sudoku_core import check, count_solutions, format_line, solve

    mismatches: list[str] = []
    lines = read_puzzles(path)
    for line in lines:
        puzzle, count_text, *solution = line.split(":")  # the solution only when unique
        count = int(count_text)
        got = count_solutions(puzzle, limit=count + 1)
        status = check(puzzle).status.name
        if got != count or status != expected_status(count):
            mismatches.append(f"{puzzle}: count {got} (want {count}), status {status}")
        if count == 1:
            solved = solve(puzzle)
            if solved is None or [format_line(solved)] != solution:
                mismatches.append(f"{puzzle}: wrong solution")
    return {"puzzles": len(lines), "mismatches": mismatches}


def parse_errors() -> dict[str, str]:
    """The parser's error class and messages for a few bad inputs, as the page would show them."""
    from sudoku_core import parse

    bad_inputs = {"short": "1" * 80, "letters": "x" * 81}
    messages: dict[str, str] = {}
    for name, text in bad_inputs.items():
        try:
            parse(text)
        except ValueError as exc:
            messages[name] = f"{type(exc).__name__}: {exc}"
        else:
            messages[name] = "no error"
    return messages


def interchange() -> dict[str, Any]:
    """A game in every other app's format, and each read back: the lz-string codec and the
    readers give the same text in WebAssembly as in CPython (a title outside the BMP included)."""
    from sudoku_core.formats import FORMATS, Position, format_position, read_position

    puzzle = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
    givens = tuple(0 if ch == "." else int(ch) for ch in puzzle)
    position = Position(
        givens,
        (5,) + (0,) * 80,
        centre=(0, 0b10001) + (0,) * 79,
        corner=(0, 0, 0b11) + (0,) * 78,
        title="Sudoku ✓ 🧩",
        author="it's",
    )
    written = {to: format_position(position, to) for to in FORMATS}
    return {
        "written": written,
        "read": {to: read_position(t).to_dict() for to, t in written.items()},
    }


GENERATOR_CASES: list[dict[str, Any]] = [
    {"seed": 1},
    {"seed": 2, "symmetry": "rot180"},
    {"seed": 3, "symmetry": "diagonal", "minimal": True},
    {"seed": 4, "max_givens": 24},
    {"seed": 5, "givens": "123456789" + "." * 72},
]
"""Generator calls whose puzzles must be the same in Pyodide as in CPython."""

GRADED_CASES: list[dict[str, Any]] = [
    {"difficulty": "easy", "seed": 1},
    {"difficulty": "hard", "seed": 2},
]


def generated(folder: Path) -> dict[str, Any]:
    """The puzzles of GENERATOR_CASES and GRADED_CASES (bounded by tries, not time, so the same on
    any machine), and the grade of top95's first puzzle."""
    from sudoku_core import format_line, generate, generate_graded, grade

    first = read_puzzles(folder / "top95.txt")[0]
    return {
        "plain": [
            format_line(generate(max_seconds=None, **case).puzzle) for case in GENERATOR_CASES
        ],
        "graded": [
            format_line(generate_graded(max_seconds=None, **case).generated.puzzle)
            for case in GRADED_CASES
        ],
        "grade": grade(first).to_dict(with_path=False),
    }


def main(data: dict[str, Any]) -> dict[str, Any]:
    """Everything test_pyodide.py asserts on, from one Pyodide boot."""
    import sudoku_core

    folder = Path(data["puzzle_dir"])
    return {
        "module_file": sudoku_core.__file__,
        "version": sudoku_core.__version__,
        "sets": {name: solve_set(folder / name) for name in data["solve_sets"]},
        "counted": count_set(folder / data["counted"]),
        "seed_examples": count_set(folder / data["seed_examples"]),
        "parse_errors": parse_errors(),
        "interchange": interchange(),
        "generated": generated(folder),
    }
