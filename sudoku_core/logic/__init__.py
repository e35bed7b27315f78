"""The human-technique engine: a candidate grid, one module per technique family, steps.

:data:`CATALOGUE` lists every technique (name, level, score, rating, finder) in HoDoKu's
order; :func:`find_step` finds the next step with the simplest technique that applies;
:func:`iter_path` solves a board step by step. Grading and hints build on these
(:mod:`sudoku_core.grader`, :mod:`sudoku_core.hints`).
"""

from sudoku_core.logic.board import Board
from sudoku_core.logic.solving_path import find_step, iter_path
from sudoku_core.logic.steps import LEVEL_MAX_SCORE, LEVELS, TECHNIQUES, Level, Step, Technique
from sudoku_core.logic.techniques import CATALOGUE

__all__ = [
    "CATALOGUE",
    "LEVELS",
    "LEVEL_MAX_SCORE",
    "TECHNIQUES",
    "Board",
    "Level",
    "Step",
    "Technique",
    "find_step",
    "iter_path",
]
