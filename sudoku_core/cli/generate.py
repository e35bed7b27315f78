"""The ``generate`` subcommand: unique puzzles, by options or to a HoDoKu level, from seeds.

Puzzle ``i`` uses seed ``--seed + i``, so any puzzle of a run can be made again alone; with
``--jobs`` the seeds are shared among processes and the output keeps their order.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from sudoku_core.cli.command import (
    Command,
    Exit,
    Progress,
    Streams,
    add_empty_argument,
    add_jobs_argument,
    at_least,
    process_pool,
    processes,
    seconds,
    seed_number,
)
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_grid, format_line, parse
from sudoku_core.generator import SYMMETRIES, generate
from sudoku_core.graded import generate_graded
from sudoku_core.grader import Level


def generate_one(job: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    """One generated puzzle as plain data; module-level so a process pool can run it.

    With a ``difficulty`` in the options it is :func:`generate_graded`'s puzzle, else
    :func:`generate`'s.
    """
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


def iter_generated(jobs: list[tuple[int, dict[str, Any]]], count: int) -> Iterator[dict[str, Any]]:
    """:func:`generate_one` for every job over ``count`` processes, in order, each puzzle as
    soon as it and those before it are made (not all at the end)."""
    if count > 1 and len(jobs) > 1:
        with process_pool(count) as pool:
            yield from pool.imap(generate_one, jobs)
        return
    yield from map(generate_one, jobs)


def _write(result: dict[str, Any], args: argparse.Namespace, out: Any) -> None:
    puzzle = parse(result["puzzle"])
    if args.format == "json":
        out.write(json.dumps(result) + "\n")
    elif args.format == "grid":
        out.write(format_grid(puzzle, args.empty) + "\n\n")
    elif args.show_seed:
        fields = [format_line(puzzle, args.empty), str(result["seed"]), str(result["givens"])]
        if "level" in result:
            fields.append(result["level"])
        out.write("\t".join(fields) + "\n")
    else:
        out.write(format_line(puzzle, args.empty) + "\n")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Make ``--count`` puzzles; exit 3 when one missed its target (the closest is printed)."""
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
        streams.stderr.write(
            "generate: --difficulty cannot be combined with --clues, --minimal or --pattern\n"
        )
        return Exit.BAD_INPUT
    jobs = [(first + i, options) for i in range(args.count)]
    progress = Progress(len(jobs), streams.stderr)
    code = Exit.OK
    try:
        made = iter_generated(jobs, processes(args.jobs, streams.stderr))
        for done, result in enumerate(made, 1):
            _write(result, args, streams.stdout)
            streams.stdout.flush()
            if not result["target_met"]:
                streams.stderr.write(f"seed {result['seed']}: {result['message']}\n")
                code = Exit.GAVE_UP
            progress.update(done)
    except (InvalidPuzzleError, ValueError) as error:
        streams.stderr.write(f"generate: {error}\n")
        return Exit.BAD_INPUT
    return code


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-n", "--count", type=at_least(1), default=1, help="how many puzzles (default 1)"
    )
    parser.add_argument(
        "--seed", type=seed_number, help="seed of the first puzzle; puzzle i uses seed+i"
    )
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none", help="where givens stand")
    parser.add_argument("--clues", type=at_least(0, 81), metavar="N", help="at most N givens")
    parser.add_argument(
        "--minimal", action="store_true", help="no given can be removed keeping uniqueness"
    )
    parser.add_argument(
        "--pattern", metavar="PUZZLE", help="a partial grid whose digits stay as givens"
    )
    parser.add_argument(
        "--difficulty",
        choices=[level.value for level in Level],
        help="a puzzle of this HoDoKu level",
    )
    parser.add_argument(
        "--max-tries",
        type=at_least(1),
        default=1000,
        help="grids to try per puzzle (default 1000; with --difficulty, --max-seconds bounds the search)",
    )
    parser.add_argument(
        "--max-seconds", type=seconds, default=10.0, help="time per puzzle (default 10)"
    )
    add_empty_argument(parser)
    parser.add_argument(
        "--show-seed",
        action="store_true",
        help="line output: puzzle, seed and givens, tab-separated",
    )
    add_jobs_argument(parser)


COMMAND = Command(
    "generate",
    "make puzzles with exactly one solution",
    _add_arguments,
    run,
    ("line", "grid", "json"),
)
