"""Puzzle banks: many graded, unique puzzles in one SQLite file, each stored once.

- :mod:`.store`: the SQLite file (schema, transactions, resuming, export, stats);
- :mod:`.work`: the deterministic units of work (a range of seeds, or a slice of a file) and the
  function that does one, run in a worker process or on a Dask worker;
- :mod:`.run`: doing the units on the local cores or on a Dask cluster, committing their results
  in order, so the same options give the same bank wherever the work ran.

The command line is ``python -m sudoku_core bank ...`` (:mod:`sudoku_core.cli.bank`).
"""

from __future__ import annotations

from sudoku_core.bank.run import run_units
from sudoku_core.bank.store import Bank
from sudoku_core.bank.work import GenerateUnit, GradeUnit, do_unit

__all__ = ["Bank", "GenerateUnit", "GradeUnit", "do_unit", "run_units"]
