"""The logic engine's CLI commands (grade, hint, path) and bridge operations."""

from __future__ import annotations

import argparse
import io
import json
from typing import Any

from sudoku_core._requests import BadRequestError
from sudoku_core.logic import cli
from sudoku_core.logic.bridge_ops import OPERATIONS

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(*argv: str, stdin: str = "") -> tuple[int | None, str, str]:
    parser = argparse.ArgumentParser()
    cli.add_commands(parser.add_subparsers(dest="command", required=True))
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(parser.parse_args(list(argv)), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def call(op: str, args: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    work = OPERATIONS[op](args)
    ticks = 0
    while True:
        try:
            next(work)
            ticks += 1
        except StopIteration as done:
            return ticks, done.value


def test_grade_text_and_json() -> None:
    code, out, _ = run("grade", PUZZLE)
    assert code == 0 and out.startswith("Medium (score 696")
    code, out, _ = run("grade", "--format", "json", stdin=PUZZLE + "\n")
    assert code == 0 and json.loads(out)["level"] == "medium"


def test_path_lists_every_step() -> None:
    code, out, _ = run("path", PUZZLE)
    assert code == 0 and out.splitlines()[0].startswith("  1. Hidden Single")


def test_hint_levels_and_errors() -> None:
    code, out, _ = run("hint", "--level", "nudge", PUZZLE)
    assert code == 0 and out.startswith("Look for a Hidden Single")
    code, _, err = run("hint", "." * 81)
    assert (code == 1 and "several" in err) or "multiple" in err
    code, _, err = run("grade", "not a puzzle")
    assert code == 2


def test_the_command_is_not_ours() -> None:
    assert (
        cli.run(argparse.Namespace(command="solve"), io.StringIO(), io.StringIO(), io.StringIO())
        is None
    )


def test_bridge_operations() -> None:
    ticks, result = call("grade", {"grid": PUZZLE, "path": False})
    assert ticks > 10 and result["level"] == "medium" and "path" not in result
    _, result = call("hint", {"grid": PUZZLE, "candidates": None})
    assert result["kind"] == "step" and result["levels"]["nudge"]
    _, made = call("generate_graded", {"difficulty": "Easy", "seed": 2})
    assert made["level"] == "easy" and made["target_met"] and len(made["puzzle"]) == 81
    for bad in ({"difficulty": "impossible"}, {"difficulty": "easy", "symmetry": "spiral"}):
        try:
            call("generate_graded", bad)
        except BadRequestError:
            continue
        raise AssertionError(f"accepted {bad}")
