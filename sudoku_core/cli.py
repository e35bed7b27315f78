"""The command line: ``python -m sudoku_core solve|check|count|format|generate|grade|hint|path|bench``.

Puzzles come from arguments, files (``-f``, one puzzle per line or one grid) or standard
input. Exit codes, worst first: 2 = bad input (the parse error with file and line is on
stderr), 1 = a puzzle is invalid, has no solution or several, 3 = a budget ran out, 0 = ok.

In ``line`` output a puzzle that has no answer prints as a ``#`` comment line, so the output
stays line-aligned with the input and is itself a valid puzzle file.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from sudoku_core._version import __version__
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_board, format_grid, format_line, parse
from sudoku_core.generator import SYMMETRIES, generate
from sudoku_core.grading import Level, generate_graded
from sudoku_core.grid import Grid
from sudoku_core.logic.cli import add_commands as add_logic_commands
from sudoku_core.logic.cli import run as run_logic_command
from sudoku_core.puzzle_files import PuzzleLine, add_input_arguments, read_inputs
from sudoku_core.solver import Budget, search
from sudoku_core.verdict import Status, Verdict, check

EXIT_OK, EXIT_NOT_UNIQUE, EXIT_BAD_INPUT, EXIT_GAVE_UP = 0, 1, 2, 3
_SEVERITY = {EXIT_OK: 0, EXIT_GAVE_UP: 1, EXIT_NOT_UNIQUE: 2, EXIT_BAD_INPUT: 3}


@dataclass(frozen=True)
class Options:
    """What every worker process needs to answer one puzzle (picklable)."""

    command: str
    output: str
    empty: str
    limit: int
    budget: Budget | None
    detailed: bool


@dataclass(frozen=True)
class Answer:
    """One puzzle's output lines and exit code."""

    stdout: tuple[str, ...]
    stderr: tuple[str, ...]
    code: int


def _render(grid: Grid, options: Options) -> str:
    if options.output == "grid":
        return format_grid(grid, options.empty) + "\n"
    if options.output == "board":
        return json.dumps(format_board(grid))
    return format_line(grid, options.empty)


def _verdict_code(verdict: Verdict) -> int:
    if verdict.status is Status.UNIQUE:
        return EXIT_OK
    return EXIT_GAVE_UP if verdict.status is Status.GAVE_UP else EXIT_NOT_UNIQUE


def _answer_solve(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    verdict = check(grid, options.budget)
    code = _verdict_code(verdict)
    if options.output == "json":
        return Answer((json.dumps(verdict.to_dict()),), (), code)
    if verdict.solutions:
        note = () if code == EXIT_OK else (f"{item.where}: {verdict.describe()} Showing one.",)
        return Answer((_render(verdict.solutions[0], options),), note, code)
    return Answer((f"# {verdict.status.value}",), (f"{item.where}: {verdict.describe()}",), code)


def _answer_check(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    verdict = check(grid, options.budget)
    code = _verdict_code(verdict)
    if options.output == "json":
        return Answer((json.dumps(verdict.to_dict()),), (), code)
    lines = [verdict.describe() if options.detailed else f"{item.where}: {verdict.describe()}"]
    if options.detailed and verdict.status is Status.MULTIPLE:
        for number, solution in enumerate(verdict.solutions, 1):
            lines.append(f"solution {number}:\n{format_grid(solution, options.empty)}")
    return Answer(tuple(lines), (), code)


def _answer_count(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    result = search(grid, limit=options.limit, budget=options.budget, keep=0)
    shown = f"{result.count}+" if result.gave_up or not result.complete else str(result.count)
    if options.output == "json":
        body = {"count": result.count, "complete": result.complete, "gave_up": result.gave_up}
        return Answer((json.dumps(body),), (), EXIT_GAVE_UP if result.gave_up else EXIT_OK)
    if result.gave_up:
        return Answer((shown,), (f"{item.where}: gave up; at least {result.count} solutions",), 3)
    return Answer((shown,), (), EXIT_OK)


def _answer_format(item: PuzzleLine, grid: Grid, options: Options) -> Answer:
    if options.output == "json":
        return Answer((json.dumps(format_line(grid, options.empty)),), (), EXIT_OK)
    return Answer((_render(grid, options),), (), EXIT_OK)


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
        shown = "# bad input" if options.output == "line" else ""
        return Answer((shown,) if shown else (), (f"{item.where}: {item.error}",), EXIT_BAD_INPUT)
    return _ANSWERS[options.command](item, item.grid, options)


def _pool(processes: int) -> multiprocessing.pool.Pool:
    """A process pool that does not fork a possibly multi-threaded caller (the default on
    Python 3.14): forkserver where the platform has it, else spawn."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return context.Pool(processes)


def _answers(jobs: list[tuple[PuzzleLine, Options]], processes: int) -> Iterable[Answer]:
    if processes <= 1 or len(jobs) < 64:
        return map(answer, jobs)
    with _pool(processes) as pool:
        return list(
            pool.imap(answer, jobs, chunksize=max(1, min(256, len(jobs) // (8 * processes))))
        )


class _Progress:
    """``done/total`` on stderr, only when it is a terminal, at most five times a second."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.enabled = total > 1 and stream.isatty()
        self.last = 0.0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if self.enabled and (now - self.last > 0.2 or done == self.total):
            self.last = now
            self.stream.write(f"\r{done}/{self.total} puzzles")
            if done == self.total:
                self.stream.write("\n")
            self.stream.flush()


def _run_puzzles(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    budget = None
    if args.max_nodes is not None or args.max_seconds is not None:
        budget = Budget(nodes=args.max_nodes, seconds=args.max_seconds)
    items = list(read_inputs(args, stdin))
    if not items:
        stderr.write("no puzzle given: pass one as an argument, a file with -f, or on stdin\n")
        return EXIT_BAD_INPUT
    options = Options(
        command=args.command,
        output=getattr(args, "to", None) or args.format,
        empty=args.empty,
        limit=getattr(args, "limit", 1000),
        budget=budget,
        detailed=len(items) == 1,
    )
    processes = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    progress = _Progress(len(items), stderr)
    code = EXIT_OK
    answers = _answers([(item, options) for item in items], processes)
    for done, result in enumerate(answers, 1):
        for line in result.stdout:
            stdout.write(line + "\n")
        for line in result.stderr:
            stderr.write(line + "\n")
        if _SEVERITY[result.code] > _SEVERITY[code]:
            code = result.code
        progress.update(done)
    return code


def generate_one(job: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    """One generated puzzle as plain data; module-level so a process pool can run it."""
    seed, options = job
    difficulty = options.get("difficulty")
    if difficulty:
        graded = generate_graded(
            difficulty=difficulty,
            seed=seed,
            symmetry=options["symmetry"],
            max_seconds=options["max_seconds"],
        )
        return graded.to_dict()
    rest = {k: v for k, v in options.items() if k != "difficulty"}
    return generate(seed=seed, **rest).to_dict()


def _run_generate(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    if args.count < 1:
        stderr.write("--count must be at least 1\n")
        return EXIT_BAD_INPUT
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    options: dict[str, Any] = {
        "symmetry": args.symmetry,
        "max_givens": args.clues,
        "minimal": args.minimal,
        "max_tries": args.max_tries,
        "max_seconds": args.max_seconds,
        "difficulty": args.difficulty,
    }
    if args.pattern:
        options["givens"] = args.pattern
    if args.difficulty and (args.clues is not None or args.minimal or args.pattern):
        stderr.write(
            "generate: --difficulty cannot be combined with --clues, --minimal or --pattern\n"
        )
        return EXIT_BAD_INPUT
    jobs = [(first + i, options) for i in range(args.count)]
    processes = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    progress = _Progress(len(jobs), stderr)
    code = EXIT_OK
    try:
        if processes > 1 and len(jobs) > 1:
            with _pool(processes) as pool:
                results: Iterable[dict[str, Any]] = list(pool.imap(generate_one, jobs))
        else:
            results = map(generate_one, jobs)
        for done, result in enumerate(results, 1):
            puzzle = parse(result["puzzle"])
            if args.format == "json":
                stdout.write(json.dumps(result) + "\n")
            elif args.format == "grid":
                stdout.write(format_grid(puzzle, args.empty) + "\n\n")
            elif args.show_seed:
                fields = [
                    format_line(puzzle, args.empty),
                    str(result["seed"]),
                    str(result["givens"]),
                ]
                if "level" in result:
                    fields.append(result["level"])
                stdout.write("\t".join(fields) + "\n")
            else:
                stdout.write(format_line(puzzle, args.empty) + "\n")
            if not result["target_met"]:
                stderr.write(f"seed {result['seed']}: {result['message']}\n")
                code = EXIT_GAVE_UP
            progress.update(done)
    except (InvalidPuzzleError, ValueError) as error:
        stderr.write(f"generate: {error}\n")
        return EXIT_BAD_INPUT
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_core",
        description="Solve, check, count and convert Sudoku puzzles; benchmark the solver.",
        epilog="Exit codes: 0 ok, 1 invalid/no solution/several, 2 bad input, 3 gave up.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku_core {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    helps = {
        "solve": "print the solution of each puzzle",
        "check": "say whether each puzzle is invalid, unsolvable, unique or has several solutions",
        "count": "count the solutions of each puzzle, up to --limit",
        "format": "convert puzzles to another format",
    }
    for name, text in helps.items():
        sub = commands.add_parser(name, help=text, description=text)
        add_input_arguments(sub)
        default = "grid" if name == "format" else "line"
        choices = ["line", "grid", "board", "json"]
        sub.add_argument(
            "--format", choices=choices, default=default, help=f"output format (default {default})"
        )
        if name == "format":
            sub.add_argument("--to", choices=choices, help="the same as --format")
        sub.add_argument(
            "--empty",
            choices=list(".0"),
            default=".",
            help="the empty-cell character of line output",
        )
        sub.add_argument(
            "-j", "--jobs", type=int, default=1, help="processes to use (0 = one per core)"
        )
        sub.add_argument(
            "--max-nodes", type=int, help="give up on a puzzle after this many search nodes"
        )
        sub.add_argument(
            "--max-seconds", type=float, help="give up on a puzzle after this many seconds"
        )
        if name == "count":
            sub.add_argument(
                "--limit", type=int, default=1000, help="stop counting at this many (default 1000)"
            )
    gen = commands.add_parser("generate", help="make puzzles with exactly one solution")
    gen.add_argument("-n", "--count", type=int, default=1, help="how many puzzles (default 1)")
    gen.add_argument("--seed", type=int, help="seed of the first puzzle; puzzle i uses seed+i")
    gen.add_argument("--symmetry", choices=SYMMETRIES, default="none", help="where givens stand")
    gen.add_argument("--clues", type=int, metavar="N", help="at most N givens")
    gen.add_argument(
        "--minimal", action="store_true", help="no given can be removed keeping uniqueness"
    )
    gen.add_argument(
        "--pattern", metavar="PUZZLE", help="a partial grid whose digits stay as givens"
    )
    gen.add_argument(
        "--difficulty",
        choices=[level.value for level in Level],
        help="a puzzle of this HoDoKu level",
    )
    gen.add_argument(
        "--max-tries", type=int, default=1000, help="grids to try per puzzle (default 1000)"
    )
    gen.add_argument("--max-seconds", type=float, default=10.0, help="time per puzzle (default 10)")
    gen.add_argument("--format", choices=["line", "grid", "json"], default="line")
    gen.add_argument("--empty", choices=list(".0"), default=".")
    gen.add_argument(
        "--show-seed",
        action="store_true",
        help="line output: puzzle, seed and givens, tab-separated",
    )
    gen.add_argument(
        "-j", "--jobs", type=int, default=1, help="processes to use (0 = one per core)"
    )
    add_logic_commands(commands)
    bench = commands.add_parser("bench", help="benchmark the solver on puzzle files")
    from sudoku_core.bench import add_arguments

    add_arguments(bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "bench":
            from sudoku_core.bench import run_from_args

            return run_from_args(args, sys.stdout, sys.stderr)
        if args.command == "generate":
            return _run_generate(args, sys.stdout, sys.stderr)
        code = run_logic_command(args, sys.stdin, sys.stdout, sys.stderr)
        if code is not None:
            return code
        return _run_puzzles(args, sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_OK
