"""The command line: ``python -m sudoku_core COMMAND`` (or ``sudoku-core COMMAND``).

One registry, :data:`COMMANDS`, lists every subcommand: solve, check, count, format
(:mod:`.puzzles`), generate (:mod:`.generate`), grade, hint, path (:mod:`.explain`), drill
(:mod:`.drill`), repair, minimize (:mod:`.setter`), booklet (:mod:`.booklet`), pool (:mod:`.pool`),
bank (:mod:`.bank`) and bench (:mod:`.bench`). They share one exit-code table and one ``--format``
vocabulary (:mod:`.command`).

Puzzles come from arguments, files (``-f``, one puzzle per line or one grid) or standard
input. Exit codes, worst first: 2 = bad input (the parse error with file and line is on
stderr), 1 = a puzzle is invalid, has no solution or several, 3 = a budget ran out, 0 = ok.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from sudoku_core._version import __version__
from sudoku_core.cli.command import FORMATS, Command, Exit, HelpFormatter, Streams

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["COMMANDS", "main"]


_HOMES = {
    "solve": "puzzles",
    "check": "puzzles",
    "count": "puzzles",
    "format": "puzzles",
    "generate": "generate",
    "grade": "explain",
    "hint": "explain",
    "path": "explain",
    "review": "explain",
    "drill": "drill",
    "repair": "setter",
    "minimize": "setter",
    "booklet": "booklet",
    "pool": "pool",
    "bank": "bank",
    "bench": "bench",
}
"""Each subcommand's module, in the order ``--help`` lists them.

Why not import them all: ``grade`` and ``generate`` pull in the technique engine and the
generator, ``bench`` the benchmarks and the pool ``multiprocessing``; ``solve PUZZLE`` took
0.25 s against 0.08 s for a bare ``python -c pass``. Only the module of the command named on
the line is imported (all of them for the top-level ``--help`` or a name that is not a command).
"""


def _commands_in(module_name: str) -> tuple[Command, ...]:
    module = import_module(f"sudoku_core.cli.{module_name}")
    commands: tuple[Command, ...] = getattr(module, "COMMANDS", None) or (module.COMMAND,)
    return commands


def _load(names: Sequence[str]) -> dict[str, Command]:
    """The :class:`Command` records of ``names``, importing each module once."""
    found: dict[str, Command] = {}
    for module_name in dict.fromkeys(_HOMES[name] for name in names):
        found |= {command.name: command for command in _commands_in(module_name)}
    return {name: found[name] for name in names}


def __getattr__(name: str) -> tuple[Command, ...]:
    """``COMMANDS``: every subcommand's record (imports every subcommand module)."""
    if name == "COMMANDS":
        return tuple(_load(list(_HOMES)).values())
    raise AttributeError(f"module 'sudoku_core.cli' has no attribute {name!r}")


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on the line (the first word that is not an option), if any."""
    word = next((arg for arg in argv if not arg.startswith("-")), None)
    return word if word in _HOMES else None


def _parser(argv: Sequence[str]) -> tuple[argparse.ArgumentParser, dict[str, Command]]:
    """The parser, with full options for the chosen subcommand only, and the loaded records."""
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_core",
        description="Solve, check, count, convert, generate, grade and explain Sudoku puzzles; "
        "benchmark the engine.",
        epilog="Exit codes: 0 ok, 1 invalid/no solution/several, 2 bad input, 3 gave up. "
        f"Formats (each command writes some): {', '.join(FORMATS)}.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"sudoku_core {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = _chosen(argv)
    loaded = _load([chosen] if chosen else list(_HOMES))
    for command in loaded.values():  # the others are not needed: another one was chosen
        command.add_to(subparsers)
    return parser, loaded


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    words = sys.argv[1:] if argv is None else list(argv)
    parser, loaded = _parser(words)
    args = parser.parse_args(words)
    runner = loaded[args.command].run
    try:
        return int(runner(args, Streams(sys.stdin, sys.stdout, sys.stderr)))
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return Exit.INTERRUPTED
    except BrokenPipeError:
        return Exit.OK
    except OSError as error:  # a path the system refuses (too long, no permission, a full disk)
        sys.stderr.write(f"{args.command}: {error}\n")
        return Exit.BAD_INPUT
