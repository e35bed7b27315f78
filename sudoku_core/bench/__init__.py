"""The benchmarks: the solver on puzzle files, the generator, and the logic grader.

Five measurements, one module each: :mod:`.solving` (tdoku-style: solve and uniqueness-check
speed, guesses, every answer validated), :mod:`.generation` (time and givens per option set),
:mod:`.grading` (speed, soundness of every step, agreement with HoDoKu), :mod:`.slices`
(the longest time slice of each bridge operation, as the page's worker steps it) and
:mod:`.startup` (how long ``python -m sudoku_core solve`` takes to start). Each returns plain
rows and a Markdown table (the grader's in :mod:`.grading_report`); the ``bench`` subcommand
(:mod:`sudoku_core.cli.bench`) runs them, and with ``--markdown`` heads them with where they
were measured (:mod:`.report`). Speed is reported, never asserted in tests.
"""

from __future__ import annotations

from sudoku_core.bench.generation import bench_generator, format_generator_markdown
from sudoku_core.bench.solving import bench_set, format_markdown, run_benchmark

__all__ = [
    "bench_generator",
    "bench_set",
    "format_generator_markdown",
    "format_markdown",
    "run_benchmark",
]
