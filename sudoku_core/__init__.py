"""sudoku_core: a fast, pure-Python Sudoku engine for CPython and Pyodide.

Parse any common puzzle format, find rule conflicts, solve, count solutions and give a
verdict that explains itself; generate unique puzzles; grade them with human techniques
as HoDoKu does, and give hints. No dependencies; everything is plain data.

Examples:
    >>> from sudoku_core import check
    >>> check("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..").status
    <Status.UNIQUE: 'unique'>
"""

from sudoku_core._version import __version__
from sudoku_core.errors import GaveUpError, InvalidPuzzleError
from sudoku_core.formats import GridLike, format_board, format_grid, format_line, parse
from sudoku_core.generator import SYMMETRIES, Generated, generate, is_minimal, iter_generate
from sudoku_core.graded import GradedPuzzle, generate_graded, iter_generate_graded
from sudoku_core.grading import Grade, Level, grade, iter_grade
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
