"""The per-puzzle subcommands: ``solve``, ``check``, ``count`` and ``format``.

Each puzzle is answered on its own (:func:`answer`, so ``--jobs`` can share them among
processes) and the answers are written in input order, each as soon as it and those before it
are done (so ``| head -1`` answers at once). Every input puzzle gets its answer, so the output
stays aligned with the input: in ``line``, ``grid`` and ``board`` output a bad line or a puzzle
without an answer prints as a ``#`` comment line (``line`` output is itself a puzzle file), and
every ``json`` record says where its puzzle came from (``source``, ``line``) and carries it as
``puzzle`` (null for a line that did not parse, with the line as ``input`` and its ``error``).
"""

from __future__ import annotations

import argparse

from sudoku_core._record import Record
from sudoku_core._slices import run_to_end
from sudoku_core.cli.command import (
    Command,
    Exit,
    Progress,
    Streams,
    add_empty_argument,
    add_jobs_argument,
    at_least,
    format_type,
    process_pool,
    processes,
    seconds,
    worst,
)
from sudoku_core.formats import format_board, format_grid, format_line
from sudoku_core.grid import Grid
from sudoku_core.puzzle_files import PuzzleLine, add_input_arguments, read_inputs
from sudoku_core.solver import Budget, count_in_slices
from sudoku_core.validate import grid_conflicts
from sudoku_core.verdict import Status, Verdict, check_in_slices

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

GRID_FORMATS = ("line", "grid", "board", "json")


class Options(Record):
    """What every worker process needs to answer one puzzle (picklable)."""

    _fields = ("command", "output", "empty", "limit", "budget", "detailed")
    __slots__ = _fields

    def __init__(
        self,
        *,
        command: str,
        output: str,
        empty: str,
        limit: int,
        budget: Budget | None,
        detailed: bool,
    ) -> None:
        self.command = command
        self.output = output
        self.empty = empty
        self.limit = limit
        self.budget = budget
        self.detailed = detailed


class Answer(Record):
    """One puzzle's output lines and exit code."""

    _fields = ("stdout", "stderr", "code")
    __slots__ = _fields

    def __init__(self, stdout: tuple[str, ...], stderr: tuple[str, ...], code: Exit) -> None:
        self.stdout = stdout
        self.stderr = stderr
        self.code = code


def _render(grid: Grid, options: Options) -> str:
    if options.output == "grid":
        return format_grid(grid, options.empty) + "\n"
    if options.output == "board":
        import json  # here, as in _record: a one-puzzle line answer need not load it

        return json.dumps(format_board(grid))
    return format_line(grid, options.empty)


def _record(item: PuzzleLine, body: dict[str, Any]) -> tuple[str, ...]:
    """One ``json`` output line: where the puzzle came from, then the answer."""
    import json

    return (json.dumps({"source": item.source, "line": item.line, **body}),)


def _verdict(grid: Grid, budget: Budget | None) -> Verdict:
    """The verdict on a grid read from the input (read once, by :mod:`sudoku_core.puzzle_files`)."""
    return run_to_end(check_in_slices(grid, budget, tick_nodes=0))


def _verdict_code(verdict: Verdict) -> Exit:
    if verdict.status is Status.UNIQUE:
        return Exit.OK
    return Exit.GAVE_UP if verdict.status is Status.GAVE_UP else Exit.NOT_UNIQUE


def _answer_solve(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    verdict = _verdict(grid, options.budget)
    code = _verdict_code(verdict)
    if options.output == "json":
        return Answer(_record(item, verdict.to_dict()), (), code)
    if verdict.solutions:
        note = () if code == Exit.OK else (f"{item.where}: {verdict.describe()} Showing one.",)
        return Answer((_render(verdict.solutions[0], options),), note, code)
    return Answer((f"# {verdict.status.value}",), (f"{item.where}: {verdict.describe()}",), code)


def _answer_check(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    verdict = _verdict(grid, options.budget)
    code = _verdict_code(verdict)
    if options.output == "json":
        return Answer(_record(item, verdict.to_dict()), (), code)
    lines = [verdict.describe() if options.detailed else f"{item.where}: {verdict.describe()}"]
    if options.detailed and verdict.status is Status.MULTIPLE:
        for number, solution in enumerate(verdict.solutions, 1):
            lines.append(f"solution {number}:\n{format_grid(solution, options.empty)}")
    return Answer(tuple(lines), (), code)


def _answer_count(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    puzzle = format_line(grid)
    if grid_conflicts(grid):  # clashing givens: "0 solutions" would hide why (exit 1, as check)
        message = _verdict(grid, None).describe()
        if options.output == "json":
            body = {"puzzle": puzzle, "count": 0, "complete": True, "gave_up": False}
            return Answer(
                _record(item, {**body, "invalid": True, "message": message}),
                (),
                Exit.NOT_UNIQUE,
            )
        return Answer(("# invalid",), (f"{item.where}: {message}",), Exit.NOT_UNIQUE)
    result = run_to_end(count_in_slices(grid, options.limit, options.budget, keep=0))
    shown = f"{result.count}+" if result.gave_up or not result.complete else str(result.count)
    code = Exit.GAVE_UP if result.gave_up else Exit.OK
    if options.output == "json":
        body = {"puzzle": puzzle, "count": result.count, "complete": result.complete}
        body |= {"gave_up": result.gave_up, "invalid": False}
        return Answer(_record(item, body), (), code)
    if result.gave_up:
        return Answer(
            (shown,), (f"{item.where}: gave up; at least {result.count} solutions",), code
        )
    return Answer((shown,), (), code)


def _answer_format(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    if options.output in OTHER_APPS:
        from sudoku_core.formats import Position, format_position

        position = item.position or Position(grid)
        return Answer((format_position(position, options.output).rstrip("\n"),), (), Exit.OK)
    if options.output == "json":
        return Answer(_record(item, {"puzzle": format_line(grid, options.empty)}), (), Exit.OK)
    return Answer((_render(grid, options),), (), Exit.OK)


_ANSWERS: dict[str, Callable[[PuzzleLine, Grid, Options], Answer]] = {
    "solve": _answer_solve,
    "check": _answer_check,
    "count": _answer_count,
    "format": _answer_format,
}


def answer(job: tuple[PuzzleLine, Options]) -> Answer:
    """One puzzle's answer; module-level so a process pool can run it."""
    item, options = job
    if item.grid is None:
        bad = {"puzzle": None, "input": item.text, "error": item.error}
        shown = _record(item, bad) if options.output == "json" else ("# bad input",)
        return Answer(shown, (f"{item.where}: {item.error}",), Exit.BAD_INPUT)
    return _ANSWERS[options.command](item, item.grid, options)


def answer_batch(batch: tuple[Options, list[PuzzleLine]]) -> list[Answer]:
    """The answers to a batch of puzzles; module-level so a process pool can run it."""
    options, items = batch
    return [answer((item, options)) for item in items]


def iter_answer_batches(
    items: list[PuzzleLine], options: Options, count: int
) -> Iterator[list[Answer]]:
    """Every puzzle's :func:`answer` in input order, a batch at a time, each batch as soon as
    it and those before it are ready.

    Over ``count`` processes, ``imap`` hands out the batches and gives them back in order
    while the others are still being worked on: collecting them all first made
    ``solve --jobs 2 | head -1`` wait for the whole file (28.6 s instead of 1.5 s). Batches
    are ours, not ``imap``'s chunks, so that the options cross the pipe once a batch and the
    caller flushes once a batch: on the 49,158 17-clue puzzles that took ``--jobs 0`` from
    11.9 s to 7.8 s wall and the parent's CPU from 2.8 s to 2.1 s. They are small enough that
    the first answers come quickly and large enough to keep the pipes idle.
    """
    if count <= 1 or len(items) < 64:
        yield from ([answer((item, options))] for item in items)
        return
    size = max(1, min(64, len(items) // (16 * count)))
    batches = [(options, items[i : i + size]) for i in range(0, len(items), size)]
    with process_pool(count) as pool:
        yield from pool.imap(answer_batch, batches)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Answer every puzzle of the input, in order; the exit code is the worst of them."""
    budget = None
    if args.max_nodes is not None or args.max_seconds is not None:
        budget = Budget(nodes=args.max_nodes, seconds=args.max_seconds)
    items = list(read_inputs(args, streams.stdin))
    if not items:
        streams.stderr.write(
            "no puzzle given: pass one as an argument, a file with -f, or on stdin\n"
        )
        return Exit.BAD_INPUT
    options = Options(
        command=args.command,
        output=getattr(args, "to", None) or args.format,
        empty=args.empty,
        limit=getattr(args, "limit", 1000),
        budget=budget,
        detailed=len(items) == 1,
    )
    progress = Progress(len(items), streams.stderr)
    code = Exit.OK
    done = 0
    for batch in iter_answer_batches(items, options, processes(args.jobs, streams.stderr)):
        for result in batch:
            for line in result.stdout:
                streams.stdout.write(line + "\n")
            for line in result.stderr:
                streams.stderr.write(line + "\n")
            code = worst(code, result.code)
        streams.stdout.flush()  # a reader (| head, a pipeline) sees each batch as it comes
        done += len(batch)
        progress.update(done)
    return code


def _options(name: str) -> Callable[[argparse.ArgumentParser], None]:
    def add(parser: argparse.ArgumentParser) -> None:
        add_input_arguments(parser)
        if name == "format":
            parser.add_argument(
                "--to", type=format_type(name, FORMAT_FORMATS), help="the same as --format"
            )
        add_empty_argument(parser)
        add_jobs_argument(parser)
        parser.add_argument(
            "--max-nodes", type=at_least(1), help="give up on a puzzle after this many search nodes"
        )
        parser.add_argument(
            "--max-seconds", type=seconds, help="give up on a puzzle after this many seconds"
        )
        if name == "count":
            parser.add_argument(
                "--limit",
                type=at_least(1),
                default=1000,
                help="stop counting at this many (default 1000)",
            )

    return add


OTHER_APPS = ("fpuzzles", "sudokupad", "sudokuwiki", "coach", "hodoku", "ss", "sdk", "sdx")
"""The formats of other apps ``format`` writes (:data:`sudoku_core.formats.FORMATS`), with the
player's digits and marks when the input had them and the format carries them."""
FORMAT_FORMATS = ("grid", "line", "board", "json", *OTHER_APPS)
"""``format`` writes the same formats as the others, but a grid by default, and other apps'."""

COMMANDS = (
    Command("solve", "print the solution of each puzzle", _options("solve"), run, GRID_FORMATS),
    Command(
        "check",
        "say whether each puzzle is invalid, unsolvable, unique or has several solutions",
        _options("check"),
        run,
        GRID_FORMATS,
    ),
    Command(
        "count",
        "count the solutions of each puzzle, up to --limit",
        _options("count"),
        run,
        GRID_FORMATS,
    ),
    Command("format", "convert puzzles to another format", _options("format"), run, FORMAT_FORMATS),
)
