"""The subcommands that explain a puzzle with human techniques: ``grade``, ``hint``, ``path``,
and ``review`` (a player's moves, each labelled with what justified it then).

Output is readable text, or one JSON object per puzzle with ``--format json`` (with its
``source``, ``line`` and ``puzzle``, so the records line up with the input). A puzzle without
exactly one solution cannot be graded or hinted: its reason goes to stderr (exit 1) and, in
JSON, into its record's ``error``, as does a line that is not a puzzle, or one whose work
failed (exit 2); the next line is answered all the same. A completely filled grid is already
solved: its grade is an empty path (Easy, score 0; :func:`sudoku_core.grader.grade`), its
hint "The puzzle is solved."
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from sudoku_core._slices import run_to_end
from sudoku_core.cli.command import Command, Exit, Streams, seconds, worst
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_line, parse, parse_marks
from sudoku_core.grader import Grade, grade_in_slices
from sudoku_core.grid import Grid
from sudoku_core.hints import MARKS_MEANINGS, hint_in_slices
from sudoku_core.puzzle_files import PuzzleLine, add_input_arguments, read_inputs
from sudoku_core.review import Move, Review, check_moves, parse_moves, review_in_slices
from sudoku_core.solver import Budget

TEXT_FORMATS = ("text", "json")


def _grade_text(result: Grade) -> list[str]:
    techniques = ", ".join(f"{name} x{count}" for name, count in result.histogram.items())
    return [result.describe(), f"  techniques: {techniques or 'none'}"]


def _answer(item: PuzzleLine, args: argparse.Namespace) -> tuple[list[str], dict[str, Any]]:
    """The text lines and the JSON body of one puzzle's answer."""
    assert item.grid is not None
    if args.command in ("grade", "path"):
        result = run_to_end(grade_in_slices(item.grid, tick_nodes=0))
        if args.command == "grade":
            return _grade_text(result), result.to_dict(with_path=False)
        lines = [f"{i:3}. {step.text}" for i, step in enumerate(result.path, 1)]
        return [*lines, *_grade_text(result)], result.to_dict(with_path=True)
    if args.command == "review":
        check_moves(item.grid, args.moves)
        budget = None if args.max_seconds is None else Budget(seconds=args.max_seconds)
        done = run_to_end(
            review_in_slices(item.grid, args.moves, budget, start=args.digits, tick_nodes=0)
        )
        return _review_text(done), done.to_dict()
    found = run_to_end(
        hint_in_slices(item.grid, args.digits, args.candidates, marks=args.marks, tick_nodes=0)
    )
    levels = {"nudge": found.nudge, "pattern": found.pattern, "effect": found.effect}
    if found.step is None:  # solved, or a mistake: one message, not the same one three times
        lines = [found.message]
    elif args.level == "all":
        lines = [f"{key}: {value}" for key, value in levels.items()]
        if found.notation:
            lines.append(f"notation: {found.notation}")
        if found.kind != "step":
            lines.insert(0, found.message)
    else:
        lines = [levels[args.level]]
    return lines, found.to_dict()


def _review_text(done: Review) -> list[str]:
    """A line per move, then the summary beside the grader's path."""
    lines = [f"{label.index + 1:3}. {label.move.text:14} {label.text}" for label in done.labels]
    used = ", ".join(f"{name} x{count}" for name, count in done.used.items()) or "none"
    lines.append(f"  yours: {used}")
    hardest = done.hardest
    lines.append(f"  hardest found by yourself: {hardest.technique if hardest else 'none'}")
    lines.append(
        f"  guesses {done.count('guess')}, wrong digits {done.count('wrong')}, true candidates"
        f" lost {done.count('lost')} (undone {done.undone_mistakes}), with help"
        f" {done.count('helped')}"
    )
    phases = [
        f"{p.name} {p.moves} moves" + ("" if p.seconds is None else f" {p.seconds:g} s")
        for p in done.phases
    ]
    lines.append("  phases: " + ", ".join(phases))
    lines.extend(_grade_text(done.grade))
    return lines


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Answer every puzzle of the input, in order, whatever happens to one of them."""
    code = Exit.OK
    items = list(read_inputs(args, streams.stdin))
    if not items:
        streams.stderr.write(
            "no puzzle given: pass one as an argument, a file with -f, or on stdin\n"
        )
        return Exit.BAD_INPUT
    for item in items:
        where: dict[str, Any] = {"source": item.source, "line": item.line}
        lines: list[str] = []
        body: dict[str, Any]
        if item.grid is None:
            streams.stderr.write(f"{item.where}: {item.error}\n")
            code = worst(code, Exit.BAD_INPUT)
            body = {**where, "puzzle": None, "input": item.text, "error": item.error}
        else:
            where["puzzle"] = format_line(item.grid)
            try:
                lines, body = _answer(item, args)
                body = {**where, **body}
            except InvalidPuzzleError as error:
                streams.stderr.write(f"{item.where}: {error}\n")
                code = worst(code, Exit.NOT_UNIQUE)
                body = {**where, "error": str(error)}
            except Exception as error:  # one line's failure is said for it; the run goes on
                message = f"cannot {args.command}: {error} ({type(error).__name__})"
                streams.stderr.write(f"{item.where}: {message}\n")
                code = worst(code, Exit.BAD_INPUT)
                body = {**where, "error": message}
        if args.format == "json":  # a record for every puzzle: the output lines up
            streams.stdout.write(json.dumps(body) + "\n")
        elif lines:
            streams.stdout.write("\n".join(lines) + "\n")
    return code


def _digits(text: str) -> Grid:
    """The argparse ``type`` of ``--digits``: a bad grid is the option's fault (exit 2), not
    the puzzle's."""
    try:
        return parse(text)
    except InvalidPuzzleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _candidates(text: str) -> list[int]:
    """The argparse ``type`` of ``--candidates``: 81 comma-separated cells of digits 1-9,
    read into masks."""
    try:
        return parse_marks(text.split(","))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_hint_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "--digits",
        type=_digits,
        metavar="GRID",
        help="the player's grid (givens and entries), 81 characters",
    )
    parser.add_argument(
        "--candidates",
        type=_candidates,
        metavar="MARKS",
        help="the player's pencil marks: 81 comma-separated digit strings, e.g. '137,,25,...'",
    )
    parser.add_argument(
        "--marks",
        choices=MARKS_MEANINGS,
        default="notes",
        help="what --candidates are: each marked cell's complete candidate list (a removed "
        "candidate the solution needs is reported), or notes (default: none counts as removed)",
    )
    parser.add_argument(
        "--level",
        choices=["nudge", "pattern", "effect", "all"],
        default="all",
        help="how much of the hint to show (default all: the three levels in plain words and "
        "the step's notation)",
    )


def _moves(text: str) -> tuple[Move, ...]:
    """The argparse ``type`` of ``--moves``: the review's notation (:func:`parse_moves`)."""
    try:
        return parse_moves(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_review_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "--digits",
        type=_digits,
        metavar="GRID",
        help="the player's grid where the moves start (givens and entries), 81 characters",
    )
    parser.add_argument(
        "--moves",
        type=_moves,
        required=True,
        metavar="MOVES",
        help="the player's moves in order, e.g. 'r5c4=3@4 r1c1-5@15 r1c1x@20': =d places a "
        "digit, -d removes a candidate, x erases; ! after a move made with help (hint, reveal), "
        "h after one made after reading a hint, ~ after one undone; @seconds of play when known",
    )
    parser.add_argument(
        "--max-seconds",
        type=seconds,
        help="label the moves left after this many seconds 'not checked'",
    )


COMMANDS = (
    Command(
        "grade",
        "rate each puzzle as HoDoKu does: level, score, ER rating, techniques, bottleneck",
        add_input_arguments,
        run,
        TEXT_FORMATS,
    ),
    Command(
        "hint",
        "the next hint for a puzzle (and the player's digits and marks)",
        _add_hint_arguments,
        run,
        TEXT_FORMATS,
    ),
    Command(
        "path",
        "the full solving path of each puzzle, one step per line",
        add_input_arguments,
        run,
        TEXT_FORMATS,
    ),
    Command(
        "review",
        "a player's moves on a puzzle, each labelled with the technique that justified it then",
        _add_review_arguments,
        run,
        TEXT_FORMATS,
    ),
)
