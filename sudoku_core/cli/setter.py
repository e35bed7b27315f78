"""The setters' subcommands: ``repair`` (the fewest givens to add to a puzzle with several
solutions; for a unique one, its redundant givens and symmetry) and ``minimize`` (minimal
puzzles inside a unique one)."""

from __future__ import annotations

import argparse
import json

from sudoku_core._slices import run_to_end
from sudoku_core.cli.command import Command, Exit, Streams, at_least, worst
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_line
from sudoku_core.grid import cell_name
from sudoku_core.puzzle_files import add_input_arguments, read_inputs
from sudoku_core.setter import minimize_in_slices, study_in_slices, unique_grid_solution
from sudoku_core.verdict import Status

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Any

    from sudoku_core.grid import Grid

TEXT_FORMATS = ("text", "json")


def _repair_lines(grid: Grid) -> tuple[list[str], dict[str, Any], Exit]:
    found = run_to_end(study_in_slices(grid))
    body = found.to_dict()
    verdict = found.verdict
    lines = [verdict.describe()]
    code = Exit.OK
    if found.repair is not None:
        lines.append(found.repair.describe())
        added = list(grid)
        for cell, digit in found.repair.clues:
            added[cell] = digit
        lines.append(f"repaired: {format_line(tuple(added))}")
        if len(found.repair.single_clues) > 1:
            others = ", ".join(f"{cell_name(c)}={d}" for c, d in found.repair.single_clues)
            lines.append(f"any one of: {others}")
    elif found.redundant is not None:
        names = ", ".join(cell_name(c) for c in found.redundant)
        lines.append(
            f"redundant givens (each could go alone): {names}"
            if names
            else "minimal: no given can go"
        )
    elif verdict.status is not Status.UNIQUE:
        code = Exit.GAVE_UP if verdict.status is Status.GAVE_UP else Exit.NOT_UNIQUE
    lines.append(found.symmetry.describe())
    return lines, body, code


def _minimize_lines(grid: Grid, choices: int, seed: int) -> tuple[list[str], dict[str, Any], Exit]:
    found = run_to_end(minimize_in_slices(grid, unique_grid_solution(grid), choices, seed))
    lines = []
    for choice in found:
        shape = ", ".join(choice.symmetry) or "no symmetry"
        lines.append(f"{format_line(choice.puzzle)}\t{choice.givens} givens\t{shape}")
    return lines, {"choices": [m.to_dict() for m in found]}, Exit.OK


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Answer each input puzzle in order; exit 1 when one is invalid or cannot be answered."""
    code = Exit.OK
    for item in read_inputs(args, streams.stdin):
        where: dict[str, Any] = {"source": item.source, "line": item.line}
        if item.grid is None:
            streams.stderr.write(f"{item.where}: {item.error}\n")
            code = worst(code, Exit.BAD_INPUT)
            body: dict[str, Any] = {**where, "puzzle": None, "input": item.text}
            lines: list[str] = []
        else:
            where["puzzle"] = format_line(item.grid)
            try:
                if args.command == "repair":
                    lines, body, answered = _repair_lines(item.grid)
                else:
                    lines, body, answered = _minimize_lines(item.grid, args.choices, args.seed)
                code = worst(code, answered)
                body = {**where, **body}
            except InvalidPuzzleError as error:
                streams.stderr.write(f"{item.where}: {error}\n")
                code = worst(code, Exit.NOT_UNIQUE)
                body, lines = {**where, "error": str(error)}, []
        if args.format == "json":
            streams.stdout.write(json.dumps(body) + "\n")
        elif lines:
            streams.stdout.write("\n".join(lines) + "\n")
    return code


def _add_minimize_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "--choices",
        type=at_least(1, 16),
        default=4,
        help="how many different minimal puzzles to offer (default 4)",
    )
    parser.add_argument(
        "--seed", type=at_least(0), default=0, help="seeds the orders tried (default 0)"
    )


COMMANDS = (
    Command(
        "repair",
        "several solutions: the fewest givens to add; unique: the redundant givens; the symmetry",
        add_input_arguments,
        run,
        TEXT_FORMATS,
    ),
    Command(
        "minimize",
        "minimal puzzles inside a unique one (no given can go), fewest givens first",
        _add_minimize_arguments,
        run,
        TEXT_FORMATS,
    ),
)
