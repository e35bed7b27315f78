"""sudoku_core: a fast, pure-Python Sudoku engine for CPython and Pyodide.

Parse any common puzzle format, find rule conflicts, solve, count solutions and give a
verdict that explains itself; generate unique puzzles; grade them with human techniques
as HoDoKu does, and give hints. No dependencies; everything is plain data.

Examples:
    >>> from sudoku_core import check
    >>> check("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..").status
    <Status.UNIQUE: 'unique'>
"""

from __future__ import annotations

import sys

from sudoku_core._version import __version__

TYPE_CHECKING = False
"""True for type checkers only. Not ``typing.TYPE_CHECKING``: importing :mod:`typing` costs
5 ms of every start, and nothing on the way to ``solve`` needs it at run time."""

if TYPE_CHECKING:  # the real imports, for type checkers and readers; at run time see _HOMES
    from sudoku_core.errors import GaveUpError, InvalidPuzzleError
    from sudoku_core.formats import GridLike, format_board, format_grid, format_line, parse
    from sudoku_core.generator import SYMMETRIES, Generated, generate, is_minimal, iter_generate
    from sudoku_core.graded import GradedPuzzle, generate_graded, iter_generate_graded
    from sudoku_core.grader import Grade, Level, grade, iter_grade
    from sudoku_core.grid import Grid, cell_name
    from sudoku_core.hints import Hint, hint
    from sudoku_core.solver import (
        Budget,
        SearchResult,
        SearchStats,
        count_solutions,
        is_solution,
        iter_solutions,
        search,
        solve,
    )
    from sudoku_core.validate import Conflict, conflicts
    from sudoku_core.verdict import Status, Verdict, check, find_mistakes, iter_check

_HOMES: dict[str, tuple[str, ...]] = {
    "errors": ("GaveUpError", "InvalidPuzzleError"),
    "formats": ("GridLike", "format_board", "format_grid", "format_line", "parse"),
    "generator": ("SYMMETRIES", "Generated", "generate", "is_minimal", "iter_generate"),
    "graded": ("GradedPuzzle", "generate_graded", "iter_generate_graded"),
    "grader": ("Grade", "Level", "grade", "iter_grade"),
    "grid": ("Grid", "cell_name"),
    "hints": ("Hint", "hint"),
    "solver": (
        "Budget",
        "SearchResult",
        "SearchStats",
        "count_solutions",
        "is_solution",
        "iter_solutions",
        "search",
        "solve",
    ),
    "validate": ("Conflict", "conflicts"),
    "verdict": ("Status", "Verdict", "check", "find_mistakes", "iter_check"),
}
"""The module each public name lives in, imported on first use (PEP 562).

Why lazy: importing everything at once cost 0.17 s of CPU, most of it the technique engine
(``logic/``) behind ``grade``, ``hint`` and the graded generator, which ``solve`` and ``check``
never touch. ``python -m sudoku_core solve`` and the page's worker (which starts with
``sudoku_core.bridge``) import only what they run.
"""

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error

    def _import(module: str) -> object:
        """``importlib.import_module`` without importing :mod:`importlib` (0.5 ms)."""
        __import__(module)
        return sys.modules[module]

    def __getattr__(name: str) -> object:
        """A public name, imported from its module the first time it is asked for; else a
        submodule, so that ``sudoku_core.solver`` works as an attribute whether or not that
        module has been imported yet."""
        module = _HOME_OF.get(name)
        if module is None:
            try:
                return _import(f"sudoku_core.{name}")
            except ModuleNotFoundError as error:
                if error.name != f"sudoku_core.{name}":
                    raise
                raise AttributeError(f"module 'sudoku_core' has no attribute {name!r}") from None
        value = getattr(_import(f"sudoku_core.{module}"), name)
        globals()[name] = value  # later look-ups skip this function
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "SYMMETRIES",
    "Budget",
    "Conflict",
    "GaveUpError",
    "Generated",
    "Grade",
    "GradedPuzzle",
    "Grid",
    "GridLike",
    "Hint",
    "InvalidPuzzleError",
    "Level",
    "SearchResult",
    "SearchStats",
    "Status",
    "Verdict",
    "__version__",
    "cell_name",
    "check",
    "conflicts",
    "count_solutions",
    "find_mistakes",
    "format_board",
    "format_grid",
    "format_line",
    "generate",
    "generate_graded",
    "grade",
    "hint",
    "is_minimal",
    "is_solution",
    "iter_check",
    "iter_generate",
    "iter_generate_graded",
    "iter_grade",
    "iter_solutions",
    "parse",
    "search",
    "solve",
]
