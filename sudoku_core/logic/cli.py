"""The command line of the logic engine: ``grade``, ``hint`` and ``path``.

Wired into ``python -m sudoku_core`` by :func:`add_commands` and :func:`run`. Puzzles come
from arguments, files (``-f``) or standard input, one per line. Output is readable text, or
one JSON object per puzzle with ``--format json``. Exit codes as the main CLI: 0 ok,
1 a puzzle has no unique solution, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.grading import grade
from sudoku_core.hints import hint
from sudoku_core.puzzle_files import PuzzleLine, add_input_arguments, read_inputs

COMMANDS = ("grade", "hint", "path")
EXIT_OK, EXIT_NOT_UNIQUE, EXIT_BAD_INPUT = 0, 1, 2


def add_commands(subparsers: Any) -> None:
    """Add ``grade``, ``hint`` and ``path`` to the main parser's subcommands."""
    helps = {
        "grade": "rate each puzzle as HoDoKu does: level, score, ER rating, techniques, bottleneck",
        "hint": "the next hint for a puzzle (and the player's digits and marks)",
        "path": "the full solving path of each puzzle, one step per line",
    }
    for name, text in helps.items():
        sub = subparsers.add_parser(name, help=text, description=text)
        add_input_arguments(sub)
        sub.add_argument(
            "--format",
            choices=["text", "json"],
            default="text",
            help="output format (default text)",
        )
        if name == "hint":
            sub.add_argument(
                "--digits",
                metavar="GRID",
                help="the player's grid (givens and entries), 81 characters",
            )
            sub.add_argument(
                "--candidates",
                metavar="MARKS",
                help="the player's pencil marks: 81 comma-separated digit strings, e.g. '137,,25,...'",
            )
            sub.add_argument(
                "--level",
                choices=["nudge", "pattern", "effect", "all"],
                default="all",
                help="how much of the hint to show (default all)",
            )


def _grade_text(result: Any) -> list[str]:
    lines = [result.describe()]
    techniques = ", ".join(f"{name} x{count}" for name, count in result.histogram.items())
    lines.append(f"  techniques: {techniques}")
    return lines


def _answer(
    command: str, item: PuzzleLine, args: argparse.Namespace
) -> tuple[list[str], dict[str, Any]]:
    assert item.grid is not None
    if command == "grade":
        result = grade(item.grid)
        return _grade_text(result), result.to_dict(with_path=False)
    if command == "path":
        result = grade(item.grid)
        lines = [f"{i:3}. {step.text}" for i, step in enumerate(result.path, 1)]
        return [*lines, *_grade_text(result)], result.to_dict(with_path=True)
    marks = args.candidates.split(",") if args.candidates else None
    found = hint(item.grid, args.digits, marks)
    levels = {"nudge": found.nudge, "pattern": found.pattern, "effect": found.effect}
    if args.level == "all":
        lines = [f"{key}: {value}" for key, value in levels.items()]
        if found.kind != "step":
            lines.insert(0, found.message)
    else:
        lines = [levels[args.level]]
    return lines, found.to_dict()


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int | None:
    """Run ``grade``, ``hint`` or ``path``; None when the command is not one of these."""
    command = getattr(args, "command", None)
    if command not in COMMANDS:
        return None
    code = EXIT_OK
    items = list(read_inputs(args, stdin))
    if not items:
        stderr.write("no puzzle given: pass one as an argument, a file with -f, or on stdin\n")
        return EXIT_BAD_INPUT
    for item in items:
        if item.grid is None:
            stderr.write(f"{item.source}:{item.line}: {item.error}\n")
            code = EXIT_BAD_INPUT
            continue
        try:
            lines, body = _answer(command, item, args)
        except InvalidPuzzleError as error:
            stderr.write(f"{item.source}:{item.line}: {error}\n")
            code = max(code, EXIT_NOT_UNIQUE)
            continue
        except ValueError as error:
            stderr.write(f"{command}: {error}\n")
            return EXIT_BAD_INPUT
        if args.format == "json":
            stdout.write(json.dumps(body) + "\n")
        else:
            stdout.write("\n".join(lines) + "\n")
    return code


def main(argv: list[str] | None = None) -> int:
    """Standalone entry point (until the main CLI wires these commands in)."""
    import sys

    parser = argparse.ArgumentParser(prog="python -m sudoku_core.logic.cli")
    add_commands(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    result = run(parser.parse_args(argv), sys.stdin, sys.stdout, sys.stderr)
    return EXIT_OK if result is None else result


if __name__ == "__main__":
    raise SystemExit(main())
