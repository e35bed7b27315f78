"""The worker's JSON entry point: replies, errors, slices and cancellation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sudoku_core import __version__, bridge
from sudoku_core._requests import BadRequestError

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def call(op: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(bridge.call(op, json.dumps(args)))
    assert reply["done"] is True
    return reply


def test_version() -> None:
    assert call("version") == {"done": True, "ok": True, "result": {"version": __version__}}


def test_check_and_solve_return_the_verdict() -> None:
    for op in ("check", "solve"):
        result = call(op, grid=UNIQUE)["result"]
        assert result["status"] == "unique" and result["solution"] == SOLUTION


def test_invalid_verdict_lists_conflicts() -> None:
    result = call("check", grid="55" + "." * 79)["result"]
    assert result["status"] == "invalid"
    assert result["conflicts"][0] == {
        "digit": 5,
        "kind": "row",
        "number": 1,
        "cells": [0, 1],
        "message": "digit 5 appears twice in row 1: r1c1, r1c2",
    }


def test_parse_errors_keep_type_message_and_position() -> None:
    reply = call("parse", text="1" * 9 + "\n" + "12x")
    assert reply["ok"] is False
    assert reply["error"]["type"] == "InvalidPuzzleError"
    assert (
        reply["error"]["message"]
        == "unexpected character 'x' at row 2, column 3 (line 2, character 3)"
    )
    assert (reply["error"]["line"], reply["error"]["column"]) == (2, 3)


def test_parse_returns_the_grid_and_conflicts() -> None:
    result = call("parse", text="\n".join(UNIQUE[i : i + 9] for i in range(0, 81, 9)))["result"]
    assert result == {"grid": UNIQUE, "givens": 27, "conflicts": []}


def test_format() -> None:
    assert call("format", grid=UNIQUE, to="line", empty="0")["result"]["text"] == UNIQUE.replace(
        ".", "0"
    )
    assert call("format", grid=UNIQUE, to="grid")["result"]["text"].startswith("+---")
    assert call("format", grid=UNIQUE, to="xml")["error"]["type"] == "BadRequestError"


@pytest.mark.parametrize(
    ("op", "args", "message"),
    [
        ("nope", "{}", "unknown operation 'nope'"),
        ("check", "[]", "must be a JSON object"),
        ("check", "{not json", "Expecting property name"),
        ("check", "{}", "missing argument 'grid'"),
        ("check", '{"grid": 5}', "argument 'grid' must be str, got int"),
        ("count_solutions", json.dumps({"grid": UNIQUE, "limit": 0}), "limit must be between 1"),
        ("check", json.dumps({"grid": UNIQUE, "max_seconds": -1}), "must be positive"),
    ],
)
def test_bad_requests_get_one_error_reply(op: str, args: str, message: str) -> None:
    reply = json.loads(bridge.call(op, args))
    assert reply["done"] and not reply["ok"]
    assert message in reply["error"]["message"]


def test_long_work_runs_in_slices_and_can_be_cancelled() -> None:
    task = bridge.start("count_solutions", json.dumps({"grid": "." * 81, "limit": 1_000_000}))
    first = json.loads(task.run_slice(20))
    second = json.loads(task.run_slice(20))
    assert first["done"] is False and second["done"] is False
    assert 0 < first["progress"]["count"] < second["progress"]["count"]
    task.close()
    assert json.loads(task.run_slice())["ok"] is False


def test_count_solutions_result() -> None:
    result = call("count_solutions", grid="." * 81, limit=300)["result"]
    assert (result["count"], result["complete"], result["gave_up"]) == (300, False, False)
    assert call("count_solutions", grid=UNIQUE)["result"]["complete"] is True
    assert call("count_solutions", grid="55" + "." * 79)["result"]["invalid"] is True


def test_budgets_give_up_with_a_verdict() -> None:
    result = call("check", grid="." * 81, max_nodes=1)["result"]
    assert result["status"] == "gave_up"
    result = call("count_solutions", grid="." * 81, limit=10**6, max_seconds=0.05)["result"]
    assert result["gave_up"] is True and result["count"] > 0


def test_find_mistakes() -> None:
    entries = "4" + "." * 80
    result = call("find_mistakes", grid=UNIQUE, entries=entries)["result"]
    assert result["mistakes"] == [0] and result["verdict"]["status"] == "unique"
    assert call("find_mistakes", grid="." * 81, entries=entries)["result"]["mistakes"] is None


def test_an_unexpected_exception_is_an_error_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: dict[str, Any]) -> Any:
        raise KeyError("boom")
        yield {}

    monkeypatch.setitem(bridge.OPERATIONS, "version", broken)
    reply = call("version")
    assert reply["error"]["type"] == "KeyError"


def test_logic_operations_are_part_of_the_bridge() -> None:
    graded = call("grade", grid=UNIQUE, path=False)["result"]
    assert graded["level"] in {"easy", "medium", "hard", "unfair", "extreme"}
    hinted = call("hint", grid=UNIQUE)["result"]
    assert hinted["kind"] and hinted["levels"]
    made = call("generate_graded", difficulty="easy", seed=2)["result"]
    assert made["level"] == "easy" and made["target_met"] is True
    assert call("generate_graded", difficulty="impossible")["error"]["type"] == "BadRequestError"


def test_generate_operation() -> None:
    made = call("generate", seed=5, symmetry="rot180")["result"]
    assert made["seed"] == 5 and made["target_met"] is True and len(made["puzzle"]) == 81
    assert call("generate", symmetry="spiral")["error"]["type"] == "BadRequestError"
    assert call("generate", givens="11" + "." * 79)["error"]["type"] == "InvalidPuzzleError"


def test_logic_operations_run_in_slices() -> None:
    medium = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

    def run_op(op: str, args: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        work = bridge.OPERATIONS[op](args)
        ticks = 0
        while True:
            try:
                next(work)
                ticks += 1
            except StopIteration as done:
                return ticks, done.value

    ticks, result = run_op("grade", {"grid": medium, "path": False})
    assert ticks > 10 and result["level"] == "medium" and "path" not in result
    _, result = run_op("hint", {"grid": medium, "candidates": None})
    assert result["kind"] == "step" and result["levels"]["nudge"]
    _, made = run_op("generate_graded", {"difficulty": "Easy", "seed": 2})
    assert made["level"] == "easy" and made["target_met"] and len(made["puzzle"]) == 81
    for bad in ({"difficulty": "impossible"}, {"difficulty": "easy", "symmetry": "spiral"}):
        with pytest.raises(BadRequestError):
            run_op("generate_graded", bad)


def test_grade_and_hint_of_a_solved_grid() -> None:
    """What the page receives when Path or Hint is asked on a full board."""
    graded = call("grade", grid=SOLUTION)["result"]
    assert (graded["level"], graded["score"], graded["steps"], graded["path"]) == ("easy", 0, 0, [])
    assert graded["bottleneck"] is None and graded["message"].startswith("Already solved")
    hinted = call("hint", grid=UNIQUE, digits=SOLUTION)["result"]
    assert (hinted["kind"], hinted["step"]) == ("solved", None)
    assert call("hint", grid=SOLUTION)["result"]["kind"] == "solved"


def test_a_path_and_a_hint_say_each_step_in_words_beside_its_notation() -> None:
    """The page lists the path and says an applied hint in words (explain.words.summary); the
    notation stays in `text`, the expert's line."""
    graded = call("grade", grid=UNIQUE)["result"]
    first = graded["path"][0]
    moves = [f"place {p['digit']} in {p['name']}" for p in first["placements"]]
    assert first["summary"].startswith(f"{first['technique']}: ")
    assert all(move in first["summary"] for move in moves) and first["summary"] != first["text"]
    assert all(step["summary"] for step in graded["path"])
    assert graded["bottleneck"]["summary"].startswith(graded["bottleneck"]["technique"].split()[0])
    hinted = call("hint", grid=UNIQUE)["result"]
    assert hinted["step"]["summary"] == first["summary"]  # the same first step
