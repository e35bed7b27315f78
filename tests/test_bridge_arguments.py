"""The bridge's requests at their edges: whatever the page (or a bug in
it) sends, the answer is one JSON error reply naming what is wrong, never an exception."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sudoku_core import bridge

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
MARKS = ["123456789"] * 81


def error_of(reply: str) -> dict[str, Any]:
    """The error of a final error reply (it must be one)."""
    body: dict[str, Any] = json.loads(reply)
    assert body["done"] is True and body["ok"] is False, body
    error: dict[str, Any] = body["error"]
    return error


@pytest.mark.parametrize(
    ("candidates", "message"),
    [
        (["\u0661\u0662"] + [""] * 80, "cell 1: '\u0661\u0662' is not up to 9 digits 1-9"),
        ([{"1": 2}] + [""] * 80, "cell 1: must be a string of digits, a list of digits or a mask"),
        ([True] + [""] * 80, "cell 1: must be a string of digits, a list of digits or a mask"),
        (["1" * 10_000] + [""] * 80, "cell 1: '11111111111111111111'... is not up to 9 digits"),
        (["0"] + [""] * 80, "cell 1: '0' is not up to 9 digits 1-9"),
        ([[1, 10]] + [""] * 80, "cell 1: a list of marks must hold up to 9 digits 1-9"),
        ([512] + [""] * 80, "cell 1: a mask must be 0..511, got 512"),
        ([""] * 80, "81 cells, got 80"),
        ("123", "must be a list of 81 cells, got str"),
        ({"1": 2}, "must be a list of 81 cells, got dict"),
    ],
)
def test_candidates_are_digits_1_to_9_and_bounded(candidates: Any, message: str) -> None:
    reply = bridge.call("hint", json.dumps({"grid": UNIQUE, "candidates": candidates}))
    error = error_of(reply)
    assert error["type"] == "BadRequestError"
    assert error["message"].startswith(f"argument 'candidates': {message}")


def test_good_candidates_still_give_a_hint() -> None:
    for marks in (MARKS, [511] * 81, [list(range(1, 10))] * 81):
        reply = json.loads(bridge.call("hint", json.dumps({"grid": UNIQUE, "candidates": marks})))
        kinds = {"step", "missing_candidate", "remove_first"}  # 1-9 everywhere: marks to remove
        assert reply["ok"] is True and reply["result"]["kind"] in kinds


@pytest.mark.parametrize(
    ("op", "args_json", "message"),
    [
        (["check"], "{}", "start(op, args_json) takes two strings, got list and str"),
        ("check", None, "start(op, args_json) takes two strings, got str and NoneType"),
        (None, None, "start(op, args_json) takes two strings, got NoneType and NoneType"),
        ("check", b"{}", "start(op, args_json) takes two strings, got str and bytes"),
    ],
)
def test_start_with_the_wrong_types_is_an_error_reply(
    op: Any, args_json: Any, message: str
) -> None:
    assert error_of(bridge.start(op, args_json).run_slice(30)) == {
        "type": "BadRequestError",
        "message": message,
    }


@pytest.mark.parametrize("slice_ms", ["x", None, float("nan"), float("inf"), -1, 0, True])
def test_step_with_a_bad_slice_is_an_error_reply(slice_ms: Any) -> None:
    task = bridge.start("check", json.dumps({"grid": UNIQUE}))
    error = error_of(task.run_slice(slice_ms))
    assert error["type"] == "BadRequestError" and "slice_ms must be" in error["message"]
    assert "already finished" in error_of(task.run_slice(30))["message"]  # the error was the last


@pytest.mark.parametrize(
    ("op", "args", "message"),
    [
        ("check", {"grid": UNIQUE, "max_second": 1}, "unknown argument 'max_second' for check"),
        ("version", {"x": 1}, "unknown argument 'x' for version; it takes no arguments"),
        (
            "hint",
            {"grid": UNIQUE, "pencil": [], "level": 1},
            "unknown arguments 'level', 'pencil' for hint; it takes candidates, digits, grid, marks",
        ),
        ("grade", {"grid": UNIQUE, "with_path": False}, "unknown argument 'with_path' for grade"),
    ],
)
def test_unknown_arguments_are_refused_by_name(op: str, args: dict[str, Any], message: str) -> None:
    error = error_of(bridge.call(op, json.dumps(args)))
    assert error["type"] == "BadRequestError" and message in error["message"]


def test_every_operation_lists_its_arguments() -> None:
    assert set(bridge.ARGUMENTS) == set(bridge.OPERATIONS)
    for op, names in bridge.ARGUMENTS.items():  # every listed argument is one the op reads
        reply = json.loads(bridge.call(op, json.dumps(dict.fromkeys(names))))
        assert "unknown argument" not in reply.get("error", {}).get("message", ""), op


@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN"])
@pytest.mark.parametrize("op", ["check", "count_solutions", "generate", "generate_graded"])
def test_seconds_must_be_finite(op: str, value: str) -> None:
    first = {"generate": "", "generate_graded": '"difficulty": "easy", '}.get(
        op, f'"grid": "{UNIQUE}", '
    )
    args = f'{{{first}"max_seconds": {value}}}'
    error = error_of(bridge.call(op, args))
    assert error == {
        "type": "BadRequestError",
        "message": f"argument 'max_seconds' must be a finite number, got {float(value)}",
    }
