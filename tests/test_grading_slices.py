"""Grading and hints step in slices: the bridge can stop them every few milliseconds.

The bridge's ``Task.step`` stops at the first yield past its time slice, so what matters is
how much work runs between two yields. That is counted here in Python function calls (the
profiler's ``call`` events), not in seconds, so the tests do not depend on the machine:
before the searches yielded, one step of a grade ran about 40,000 calls between yields on
these puzzles (a whole ALS or forcing-chain search), and a hint never yielded at all. The
timings themselves are in ``python -m sudoku_core bench --slices``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from sudoku_core import bridge, parse
from sudoku_core._record import replace
from sudoku_core._slices import run_to_end
from sudoku_core.bench.slices import OPERATIONS, bench_slices, format_slices_markdown
from sudoku_core.cli import main
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.explain.words import summary
from sudoku_core.grader import grade, grade_in_slices, iter_grade
from sudoku_core.hints import hint, hint_in_slices, iter_hint
from sudoku_core.logic import Board, Technique, als, forcing, franken, grouped, sue_de_coq
from sudoku_core.logic.techniques import CATALOGUE

ALS_AND_FORCING = (
    "6..3.2....4.....1..........7.26............543.........8.15........4.2........7.."
)
"""top95: graded in about 0.3 s with ALS-XZ and Forcing Chain steps."""
HARDEST = "98.7..6..7...5......4..8.7.4....7.3..9.2.......3.1...6.4...9.8....5....2.....21.."
"""forum_hardest_1905_11plus: its first step needs the slow finders (about 0.6 s for a hint)."""

MAX_CALLS_BETWEEN_YIELDS = 20_000
"""A few milliseconds of CPython: 2,751 calls for ALS_AND_FORCING and 3,112 for HARDEST's hint
today, 39,123 and "never yields" before the searches were sliced."""


def most_calls_between_yields(steps: Generator[Any, Any, Any]) -> tuple[int, int, Any]:
    """Run ``steps`` to the end; the most function calls between two yields, the number of
    yields and the result."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    most = yields = 0
    while True:
        calls = 0
        sys.setprofile(count)
        try:
            next(steps)
        except StopIteration as done:
            return max(most, calls), yields, done.value
        finally:
            sys.setprofile(None)
        yields += 1
        most = max(most, calls)


def test_grading_yields_every_few_thousand_calls() -> None:
    most, yields, result = most_calls_between_yields(iter_grade(ALS_AND_FORCING))
    assert most <= MAX_CALLS_BETWEEN_YIELDS
    assert yields > 10 * len(result.path)  # many pieces of work per solving step
    # slicing changes nothing in the grade (but the time it took)
    assert replace(result, seconds=0) == replace(grade(ALS_AND_FORCING), seconds=0)
    assert {"ALS-XZ", "Forcing Chain"} <= set(result.histogram)  # the slow finders ran


def test_hint_yields_every_few_thousand_calls() -> None:
    most, yields, result = most_calls_between_yields(iter_hint(HARDEST))
    assert most <= MAX_CALLS_BETWEEN_YIELDS
    assert yields > 100
    assert result == hint(HARDEST)


def test_bridge_hint_reports_progress_before_its_result() -> None:
    task = bridge.start("hint", json.dumps({"grid": HARDEST}))
    first = json.loads(task.run_slice(1))  # 1 ms: a fraction of the search
    assert first["done"] is False
    assert first["progress"]["work"] >= 1
    most, _, result = most_calls_between_yields(bridge.OPERATIONS["hint"]({"grid": HARDEST}))
    assert most <= MAX_CALLS_BETWEEN_YIELDS
    found = hint(HARDEST)
    assert found.step is not None
    # the bridge's hint is the library's, with its step also said in words for the page
    want = found.to_dict()
    assert result == {**want, "step": {**want["step"], "summary": summary(found.step)}}
    task.close()


def test_bridge_grade_steps_are_bounded_too() -> None:
    steps = bridge.OPERATIONS["grade"]({"grid": ALS_AND_FORCING, "path": False})
    most, _, result = most_calls_between_yields(steps)
    assert most <= MAX_CALLS_BETWEEN_YIELDS
    assert result["level"] == grade(ALS_AND_FORCING).level.value


@pytest.mark.parametrize(
    "technique", [t for t in CATALOGUE if t.stepper is not None], ids=lambda t: t.name
)
def test_a_stepper_finds_what_its_finder_finds(technique: Technique) -> None:
    board = Board.from_grid(parse(ALS_AND_FORCING))
    assert technique.stepper is not None and technique.finder is not None
    als._last = None  # the ALS cache must not hand the second search the first one's answer
    stepped = run_to_end(technique.stepper(board.copy()))
    als._last = None
    assert stepped == technique.finder(board.copy())


def test_the_slow_finders_have_steppers() -> None:
    slow = {
        forcing.find_forcing_chain,
        forcing.find_forcing_net,
        als.find_als_xz,
        als.find_als_xy_wing,
        als.find_als_xy_chain,
        franken.find_franken_x_wing,
        franken.find_franken_swordfish,
        franken.find_finned_franken_x_wing,
        franken.find_finned_franken_swordfish,
        grouped.find_grouped_aic,
        sue_de_coq.find_sue_de_coq,
    }
    assert {t.finder for t in CATALOGUE if t.stepper is not None} == slow


def test_an_abandoned_als_search_leaves_no_half_cache() -> None:
    board = Board.from_grid(parse(HARDEST))
    als._last = None
    search = als.iter_als_xz(board)
    for _ in range(20):  # inside the listing of ALSs and RCs
        next(search)
    search.close()
    assert als._last is None
    assert als.find_als_xz(board) == als.find_als_xz(board.copy())


def test_bench_slices_reports_each_operation(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{HARDEST}\n{ALS_AND_FORCING}\n")
    rows = bench_slices(path, limit=2, seeds=1, operations=("check", "hint"))
    assert [r["op"] for r in rows] == ["check", "hint"]
    assert all(r["requests"] == 2 and r["steps"] >= 2 and r["max_cpu_ms"] > 0 for r in rows)
    table = format_slices_markdown(rows, path.name)
    assert "| hint | 2 |" in table and "max CPU ms" in table
    assert set(OPERATIONS) >= {"grade", "hint", "generate_graded"}


def test_bench_slices_names_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.txt"
    assert main(["bench", "--slices", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"no puzzle file {missing}" in err


SEVERAL_SOLUTIONS = (
    "........1....23....245...3.........6.32.7..5.8....5......7..9...8.4......75..2.4."
)
"""Two solutions, found after 534 search nodes: a grade or hint of it is its uniqueness
check alone (more than two of the bridge's ticks of search nodes)."""


def calls_between_yields_until_error(steps: Generator[Any, Any, Any]) -> tuple[int, list[Any]]:
    """Run ``steps`` until it raises: the most calls between two yields, and the progress."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    most, progress = 0, []
    while True:
        calls = 0
        sys.setprofile(count)
        try:
            progress.append(next(steps))
        except InvalidPuzzleError:
            return max(most, calls), progress
        finally:
            sys.setprofile(None)
        most = max(most, calls)


@pytest.mark.parametrize("op", ["grade", "hint"])
def test_the_uniqueness_check_runs_in_the_operations_slices(op: str) -> None:
    most, progress = calls_between_yields_until_error(
        bridge.OPERATIONS[op]({"grid": SEVERAL_SOLUTIONS})
    )
    assert len(progress) >= 2 and most <= MAX_CALLS_BETWEEN_YIELDS
    assert progress[0] == (
        {"work": 0} if op == "hint" else {"steps": 0, "score": 0, "level": "easy"}
    )
    task = bridge.start(op, json.dumps({"grid": SEVERAL_SOLUTIONS}))
    first = json.loads(task.run_slice(0.001))  # stops at the first tick of the search
    assert first["done"] is False
    last = json.loads(task.run_slice(1000))
    assert last["error"]["message"].endswith("the puzzle has several solutions")


def test_a_hint_and_a_grade_yield_during_their_uniqueness_check() -> None:
    grid = parse(HARDEST)
    hinting = hint_in_slices(grid, tick_nodes=10)
    before = 0
    while next(hinting) == {"work": 0}:  # the uniqueness check: 123 nodes, a tick every 10
        before += 1
    assert before >= 10
    assert run_to_end(hinting) == hint(HARDEST)
    grading = grade_in_slices(grid, tick_nodes=10)
    ticks = [next(grading) for _ in range(10)]
    assert ticks == [{"steps": 0, "score": 0, "level": "easy"}] * 10
    assert run_to_end(grading).path == grade(HARDEST).path
