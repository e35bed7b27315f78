"""What every subcommand shares: the command record, the exit codes, the ``--format`` words.

One table each, so the subcommands cannot drift apart: :class:`Exit` says what a code means
for all of them, :data:`FORMATS` is the one vocabulary of output formats (each subcommand
declares which of them it writes and its default, and asking for another is an argparse error
naming the ones it accepts), and :class:`Command` is one row of the registry that
:mod:`sudoku_core.cli` builds the parser from.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from enum import IntEnum

from sudoku_core._record import Frozen, Record, frozen_init

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    import multiprocessing.pool
    from collections.abc import Callable
    from typing import TextIO


class Exit(IntEnum):
    """The exit codes of every subcommand, and which one wins when puzzles disagree."""

    OK = 0
    NOT_UNIQUE = 1
    """A puzzle is invalid, has no solution or several (bench: an answer was wrong)."""
    BAD_INPUT = 2
    """Bad input or options: the parse error with file and line is on stderr."""
    GAVE_UP = 3
    """A budget (nodes, seconds, tries) ran out."""
    INTERRUPTED = 130
    """Ctrl-C, as a shell reports it."""


_SEVERITY = (Exit.OK, Exit.GAVE_UP, Exit.NOT_UNIQUE, Exit.BAD_INPUT, Exit.INTERRUPTED)


def worst(first: Exit, second: Exit) -> Exit:
    """The code to report for two puzzles: bad input, then not unique, then gave up, then ok.

    Examples:
        >>> worst(Exit.GAVE_UP, Exit.NOT_UNIQUE).name, worst(Exit.OK, Exit.GAVE_UP).name
        ('NOT_UNIQUE', 'GAVE_UP')
    """
    return max(first, second, key=_SEVERITY.index)


FORMATS = {
    "line": "81 characters a puzzle, one a line",
    "grid": "a boxed 9-line picture",
    "board": "a LeetCode board (JSON lists of strings)",
    "text": "readable sentences (bench: a Markdown table)",
    "json": "one JSON object a line",
    "fpuzzles": "an f-puzzles link (givens, digits, corner and centre marks)",
    "sudokupad": "a SudokuPad link (givens, corner and centre marks)",
    "sudokuwiki": "a sudokuwiki solver link (givens, digits, candidates)",
    "coach": "a sudoku.coach link",
    "hodoku": "a HoDoKu library line (givens, digits, candidates)",
    "ss": "a Simple Sudoku .ss grid",
    "sdk": "a SudoCue .sdk file (givens, title, author)",
    "sdx": "a SudoCue .sdx progress file (givens, digits, candidates)",
}
"""The one vocabulary of ``--format``; a subcommand writes some of these."""

_ALIASES = {"markdown": "text"}
"""Older names still accepted (``bench --format markdown``)."""


def format_type(command: str, accepted: tuple[str, ...]) -> Callable[[str], str]:
    """The argparse ``type`` of ``--format`` for a subcommand writing ``accepted``.

    Examples:
        >>> format_type("grade", ("text", "json"))("json")
        'json'
        >>> format_type("grade", ("text", "json"))("grid")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: grade does not write grid: use text or json
    """

    def check(value: str) -> str:
        value = _ALIASES.get(value, value)
        if value not in FORMATS:
            raise argparse.ArgumentTypeError(
                f"unknown format {value!r}: the formats are {', '.join(FORMATS)}"
            )
        if value not in accepted:
            choices = (
                ", ".join(accepted[:-1]) + f" or {accepted[-1]}" if accepted[1:] else accepted[0]
            )
            raise argparse.ArgumentTypeError(f"{command} does not write {value}: use {choices}")
        return value

    return check


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, without importing :mod:`shutil`."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, as wide as the terminal, found without :mod:`shutil`.

    argparse makes a formatter for every option it adds (to check its metavar), and the
    stock one imports ``shutil`` to ask the terminal's width: 3 ms of every start, mostly the
    compression modules ``shutil`` imports, for a width the help alone uses. Same width,
    same layout: ``COLUMNS`` if set, else the terminal's, else 80; minus 2, as argparse does.
    """

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = _terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class Streams(Record):
    """Where a subcommand reads and writes (the process's own, or test doubles)."""

    _fields = ("stdin", "stdout", "stderr")
    __slots__ = _fields

    def __init__(self, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr


class Command(Frozen):
    """One subcommand: its name and help, its options, what it runs, the formats it writes.

    ``formats``: the :data:`FORMATS` it writes, the default first; none: no ``--format`` option.
    """

    _fields = ("name", "help", "add_arguments", "run", "formats")
    __slots__ = _fields
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Streams], int]
    formats: tuple[str, ...]

    def __init__(
        self,
        name: str,
        help: str,
        add_arguments: Callable[[argparse.ArgumentParser], None],
        run: Callable[[argparse.Namespace, Streams], int],
        formats: tuple[str, ...] = (),
    ) -> None:
        frozen_init(self, name, help, add_arguments, run, formats)

    def __repr__(self) -> str:  # its functions would make the record's repr unreadable
        return f"Command({self.name!r})"

    def add_to(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """Add this subcommand, with its ``--format`` when it has one, to the main parser."""
        parser = subparsers.add_parser(
            self.name, help=self.help, description=self.help, formatter_class=HelpFormatter
        )
        self.add_arguments(parser)
        if self.formats:
            default = self.formats[0]
            parser.add_argument(
                "--format",
                type=format_type(self.name, self.formats),
                default=default,
                metavar="{" + ",".join(self.formats) + "}",
                help=f"output format (default {default})",
            )


def at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """The argparse ``type`` of a whole-number option of at least ``minimum`` (and at most
    ``maximum``).

    argparse's own ``int`` takes ``0`` or ``-5`` for a limit, which then fails deep in the
    library with a traceback; this refuses it at once, naming the option (exit 2).

    Examples:
        >>> at_least(1)("12")
        12
        >>> at_least(1)("0")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: must be at least 1, got 0
    """

    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if maximum is not None and not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"must be from {minimum} to {maximum}, got {value}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    return check


SEEDS = (-(2**63), 2**63)
"""The first and last seed the generator takes (:func:`sudoku_core.generator.generate`)."""


def seed_number(text: str) -> int:
    """The argparse ``type`` of ``--seed``: a whole number the generator takes as a seed.

    Examples:
        >>> seed_number("-5")
        -5
        >>> seed_number(str(2**64))
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: must be from -9223372036854775808 to 9223372036854775808, got 18446744073709551616
    """
    return at_least(*SEEDS)(text)


def seeds_run_out(first: int, count: int) -> str | None:
    """Why ``count`` seeds from ``first`` on are not all seeds (None: they are), for a command
    that derives seeds from ``--seed``.

    Examples:
        >>> seeds_run_out(2**63 - 1, 2) is None, seeds_run_out(2**63 - 1, 3)
        (True, '--seed 9223372036854775807: 3 seeds from it pass the last seed, 9223372036854775808')
    """
    if first + count - 1 <= SEEDS[1]:
        return None
    return f"--seed {first}: {count} seeds from it pass the last seed, {SEEDS[1]}"


def seconds(text: str) -> float:
    """The argparse ``type`` of a time limit: a finite number of seconds above 0.

    ``inf`` and ``nan`` parse as floats but mean no limit at all (NaN never compares as
    "over"), so they are refused; leaving the option out is how to ask for no limit.

    Examples:
        >>> seconds("2.5")
        2.5
        >>> seconds("inf")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: must be a finite number of seconds, got 'inf'
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds, got {text!r}")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text!r}")
    return value


def add_jobs_argument(parser: argparse.ArgumentParser) -> None:
    """``-j/--jobs``: how many processes share the puzzles."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=at_least(0),
        default=1,
        help="processes to use (0 = one per core; more than the cores is capped)",
    )


def add_empty_argument(parser: argparse.ArgumentParser) -> None:
    """``--empty``: the empty-cell character of line and grid output."""
    parser.add_argument(
        "--empty", choices=list(".0"), default=".", help="the empty-cell character of line output"
    )


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform says)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def processes(jobs: int, stderr: TextIO | None = None) -> int:
    """The number of processes for ``--jobs`` (0 = one per core), capped at the cores.

    More processes than cores only take turns on them: ``--jobs 1000`` once ran 60 times
    slower than one process, starting a thousand interpreters. The cap is said on ``stderr``.
    """
    available = cores()
    if jobs > available and stderr is not None:
        stderr.write(
            f"--jobs {jobs}: this machine has {available} cores; using {available} processes\n"
        )
    return min(jobs, available) if jobs > 0 else available


def process_pool(count: int) -> multiprocessing.pool.Pool:
    """A process pool that does not fork a possibly multi-threaded caller (the default on
    Python 3.14): forkserver where the platform has it, else spawn.

    ``multiprocessing`` is imported here, not at the top: it costs 13 ms at start-up, which
    every one-puzzle command would pay for nothing."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return context.Pool(count)


class Progress:
    """``done/total`` on stderr, only when it is a terminal, at most five times a second."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.enabled = total > 1 and stream.isatty()
        self.last = 0.0

    def update(self, done: int) -> None:
        """Show that ``done`` of the puzzles are finished."""
        now = time.monotonic()
        if self.enabled and (now - self.last > 0.2 or done == self.total):
            self.last = now
            self.stream.write(f"\r{done}/{self.total} puzzles")
            if done == self.total:
                self.stream.write("\n")
            self.stream.flush()
