"""The command line: ``python -m sudoku_core COMMAND`` (or ``sudoku-core COMMAND``).

One registry, :data:`COMMANDS`, lists every subcommand: solve, check, count, format
(:mod:`.puzzles`), generate (:mod:`.generate`), grade, hint, path (:mod:`.explain`), pool
(:mod:`.pool`) and bench (:mod:`.bench`). They share one exit-code table and one
``--format`` vocabulary (:mod:`.command`).

Puzzles come from arguments, files (``-f``, one puzzle per line or one grid) or standard
input. Exit codes, worst first: 2 = bad input (the parse error with file and line is on
stderr), 1 = a puzzle is invalid, has no solution or several, 3 = a budget ran out, 0 = ok.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sudoku_core._version import __version__
from sudoku_core.cli import bench, explain, generate, pool, puzzles
from sudoku_core.cli.command import FORMATS, Command, Exit, Streams

__all__ = ["COMMANDS", "main"]


COMMANDS: tuple[Command, ...] = (
    *puzzles.COMMANDS,
    generate.COMMAND,
    *explain.COMMANDS,
    pool.COMMAND,
    bench.COMMAND,
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_core",
        description="Solve, check, count, convert, generate, grade and explain Sudoku puzzles; "
        "benchmark the engine.",
        epilog="Exit codes: 0 ok, 1 invalid/no solution/several, 2 bad input, 3 gave up. "
        f"Formats (each command writes some): {', '.join(FORMATS)}.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku_core {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_to(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    runner = {command.name: command.run for command in COMMANDS}[args.command]
    try:
        return int(runner(args, Streams(sys.stdin, sys.stdout, sys.stderr)))
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return Exit.INTERRUPTED
    except BrokenPipeError:
        return Exit.OK
