"""Drills (sudoku_core.drills) and the page's drill pack (web/train/drill-pack.json).

The pack's promise: a fresh grading of every position's next step is the named technique,
with the effect the pack gives, and the technique's other instances there are the pack's
``others`` (what the page judges answers by). The quick tier checks one
position of each technique; the whole pack (some minutes: the Unfair finders are slow) is
marked ``slow`` and runs in the full tiers. When the technique finders change, make the pack
again: ``python -m sudoku_core drill --pack --seed 2911 -j 0 -o web/train/drill-pack.json``
(with the public sets in ``$SUDOKU_PUZZLES`` or ``../shared/puzzles``).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from sudoku_core import bridge
from sudoku_core._slices import run_to_end
from sudoku_core.cli import main
from sudoku_core.drills import (
    DRILL_TECHNIQUES,
    NEVER_NEXT,
    Drill,
    drill_in_slices,
    instances,
    is_only_instance,
    iter_positions,
    next_step,
    position_board,
)
from sudoku_core.explain.words import summary
from sudoku_core.formats import parse, parse_marks
from sudoku_core.grid import UNITS
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import TECHNIQUES, Level, Step, Technique
from sudoku_core.verdict import unique_solution

PACK = Path(__file__).resolve().parent.parent / "web" / "train" / "drill-pack.json"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PAIR_POINTING = "Locked Candidates Type 1 (Pointing)"
THREE_X_WINGS = (
    ".3..8....8.75...62......4..2...6..945...1...7..92......2.6..7.......3...6.8.5.1..",
    ".32.86...8.75...62....2.4..2...6..945...192.7..92......2.648759...1.3.2.6.8.52143",
    "149,,,479,,,59,17,15,,14,,,39,14,39,,,19,56,56,379,,17,,1378,18,,17,13,378,,57,358,,,,468,"
    "46,348,,,,38,,37,48,,,37,45,568,18,156,13,,13,,,,,,,47,4579,45,,79,,68,,68,,79,,79,,,,,",
)
"""magictour_top1465 (tests/data, line 302): the first X-Wing of its walk, with two more there."""


def _pack() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PACK.read_text(encoding="utf-8"))
    return data


def _effect(step: dict[str, Any]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    return (
        sorted((p["cell"], p["digit"]) for p in step["placements"]),
        sorted((e["cell"], e["digit"]) for e in step["eliminations"]),
    )


def _regraded(record: dict[str, Any]) -> tuple[str | None, Any, str | None]:
    """A fresh grading of a pack position: its next step's technique, effect and words."""
    puzzle, digits = parse(record["puzzle"]), parse(record["digits"])
    marks = parse_marks(record["candidates"].split(","))
    step = next_step(puzzle, digits, marks)
    if step is None:
        return None, None, None
    return step.technique, _effect(step.to_dict()), summary(step)


def _check(record: dict[str, Any]) -> None:
    technique, effect, words = _regraded(record)
    assert technique is not None and technique == record["technique"], record["digits"]
    assert effect == _effect(record["step"]), record["digits"]
    assert record["step"].get("summary") == words, record["digits"]  # what the page says
    assert record["level"] == TECHNIQUES[technique].level.value
    drill = _drill(record["puzzle"], record["digits"], record["candidates"])
    others = [_effect(step.to_dict()) for step in instances(drill)[1:]]
    assert [_effect(step) for step in record.get("others", [])] == others, record["digits"]


def _drill(puzzle: str, digits: str, candidates: str) -> Drill:
    """The drill of a position, labelled with its fresh next step."""
    givens, grid = parse(puzzle), parse(digits)
    marks = tuple(parse_marks(candidates.split(",")))
    step = next_step(givens, grid, marks)
    assert step is not None
    return Drill(givens, grid, marks, unique_solution(givens), step)


def test_the_pack_names_every_technique_up_to_unfair_and_has_a_few_of_most() -> None:
    pack = _pack()
    assert pack["v"] == 1
    named = [name for name, _, _ in pack["techniques"]]
    assert named == list(DRILL_TECHNIQUES)
    assert pack["never"] == [[n, TECHNIQUES[n].level.value, why] for n, why in NEVER_NEXT.items()]
    assert all(TECHNIQUES[name].level.rank <= Level.UNFAIR.rank for name in named)
    counts = {name: count for name, _, count in pack["techniques"]}
    in_pack: dict[str, int] = {}
    for record in pack["drills"]:
        in_pack[record["technique"]] = in_pack.get(record["technique"], 0) + 1
    assert {name: n for name, n in counts.items() if n} == in_pack
    assert in_pack["Avoidable Rectangle Type 2"] >= 3
    assert len(pack["drills"]) >= 1000
    assert sum(n >= 3 for n in in_pack.values()) >= 0.75 * len(DRILL_TECHNIQUES)
    positions = [(r["digits"], r["candidates"]) for r in pack["drills"]]
    assert len(set(positions)) == len(positions)


def test_one_position_of_each_technique_grades_afresh_to_it() -> None:
    seen: set[str] = set()
    for record in _pack()["drills"]:
        if record["technique"] not in seen:
            seen.add(record["technique"])
            _check(record)


@pytest.mark.slow
def test_every_position_of_the_pack_grades_afresh_to_its_technique() -> None:
    for record in _pack()["drills"]:
        _check(record)


def test_every_instance_of_the_technique_in_a_position_is_a_right_answer() -> None:
    drill = _drill(*THREE_X_WINGS)
    found = instances(drill)
    assert [step.text for step in found] == [
        "X-Wing on 3 in rows 3 and 5, columns 4 and 8: removes 3 from r4c4",
        "X-Wing on 4 in rows 2 and 6, columns 2 and 6: removes 4 from r5c2, r8c2",
        "X-Wing on 7 in columns 1 and 5, rows 6 and 8: removes 7 from r8c2",
    ]
    assert found[0] == drill.step and not is_only_instance(drill)
    assert all(drill.solution[c] != d for step in found for c, d in step.eliminations)
    record = drill.to_dict(found[1:])  # what the page judges answers by: the step, then the others
    assert [other["text"] for other in record["others"]] == [step.text for step in found[1:]]
    assert [other["summary"] for other in record["others"]] == [summary(s) for s in found[1:]]
    assert "others" not in drill.to_dict()
    walk = iter_positions(drill.puzzle, drill.solution)
    single = next(d for d in walk if d is not None and d.step.placements)
    assert instances(single) == [single.step]  # a placement: any single of its kind is right


NINE_POINTINGS = (
    ".................1..2..3.4..............35.2..1...6..7...71...6..48.....2.9......",
    "..1..............1..21.3.4..2..71.......3512.41.2869.7...7124961.48.9...2.93.4.1.",
    "356789,3456789,,4569,24569,78,235678,35678,23589,356789,3456789,35678,4569,24569,78,235678,"
    "35678,,56789,56789,,,569,,5678,,589,35689,,3568,49,,,3568,3568,3458,6789,6789,678,49,,,,,48,"
    ",,35,,,,,35,,358,358,358,,,,,,,,3567,,,56,,2357,357,235,,5678,,,56,,578,,58",
)
"""17_clue (line 293 of the public set): a walk's position with nine Pointings, in four boxes."""


def test_every_instance_counts_however_many_the_position_has() -> None:
    drill = _drill(*NINE_POINTINGS)
    found = instances(drill)
    assert drill.technique == PAIR_POINTING and found[0] == drill.step
    assert len(found) == 9  # no cap: the seventh, eighth and ninth are right answers too
    assert found[-1].text == (
        "Locked Candidates Type 1 (Pointing): in box 9, 8 lies only in row 9: removes 8 from r9c2"
    )
    assert len({step.text for step in found}) == 9
    assert all(drill.solution[c] != d for step in found for c, d in step.eliminations)
    # each is there in the position as shown: its digit in its box lies in its line only
    marks = drill.marks
    for step in found:
        (box,) = (u for u in step.units if u >= 18)
        (line,) = (u for u in step.units if u < 18)
        digit = step.eliminations[0][1]
        in_box = {cell for cell in UNITS[box] if marks[cell] >> (digit - 1) & 1}
        assert in_box and in_box <= set(UNITS[line]), step.text


def test_a_finder_that_repeats_a_step_already_made_ends_the_cascade(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each round makes its step's eliminations; one whose strikes were made already would be
    found again and again, so the cascade stops there rather than loop (a finder is not trusted
    to move on)."""
    drill = _drill(*NINE_POINTINGS)
    asked = 0

    def the_same_step(_board: Board) -> Step:
        nonlocal asked
        asked += 1
        if asked > 5:
            raise AssertionError("the cascade kept asking")
        return drill.step

    technique = TECHNIQUES[drill.technique]
    repeating = Technique(
        technique.name,
        technique.level,
        technique.score,
        technique.rating,
        the_same_step,
        needs_uniqueness=technique.needs_uniqueness,
    )
    monkeypatch.setitem(TECHNIQUES, drill.technique, repeating)
    assert instances(drill) == [drill.step]
    assert asked == 1


# The cascade of this Locked Pair position (its step's eliminations made, the finder asked
# again) finds "Locked Pair 4/8 in column 7 and box 6 (r4c7, r6c7)": a pair those eliminations
# made, since here r4c7 is 358 and r6c7 3458. Striking its 4s is not a right answer.
MADE_BY_THE_CASCADE = (
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
    "5..7..6....38...........2..62.4...........7917............35.8.4.....1......94...",
    ",1489,12489,,124,1239,,134,3489,129,14679,,,12456,1269,459,1457,4579,189,146789,146789,359,"
    "1456,1369,,13457,345789,,,1589,,1578,13789,358,35,35,38,3458,458,35,26,26,,,,,134589,14589,"
    "359,158,1389,3458,23456,23456,129,1679,12679,126,,,49,,24679,,3569,2569,26,78,78,,2356,"
    "23569,1238,135678,125678,126,,,35,23567,23567",
)


def test_a_pattern_the_earlier_eliminations_made_is_not_an_instance() -> None:
    drill = _drill(*MADE_BY_THE_CASCADE)
    assert drill.technique == "Locked Pair"
    assert instances(drill) == [drill.step]
    assert not is_only_instance(drill)  # the pack still prefers positions with nothing more


def test_every_other_instance_in_the_pack_is_in_the_position_as_shown() -> None:
    """Checked apart from the code that chose them: a naked or locked subset's cells hold only
    its digits, and a wing's or XY-Chain's cells are bivalue, in the position's candidates."""
    checked = 0
    for record in _pack()["drills"]:
        marks = record["candidates"].split(",")
        for other in record.get("others", []):
            technique = record["technique"]
            if technique.startswith(("Naked", "Locked Pair", "Locked Triple")):
                digits = {str(digit) for _, digit in other["candidates"]}
                assert all(set(marks[cell]) <= digits for cell in other["cells"]), other["text"]
            elif technique in ("XY-Chain", "Remote Pair", "XY-Wing"):
                ends = {link["from"][0] for link in other["links"]}
                cells = set(other["cells"]) if technique == "XY-Wing" else ends
                assert all(len(marks[cell]) == 2 for cell in cells), other["text"]
            else:
                continue
            checked += 1
    assert checked >= 10


def test_the_worker_sends_a_drill_with_the_other_instances_of_its_technique() -> None:
    task = bridge.start("drill", json.dumps({"technique": PAIR_POINTING, "seed": 2}))
    reply: dict[str, Any] = {"done": False}
    while not reply["done"]:
        reply = json.loads(task.run_slice(1000))
    found = reply["result"]
    assert found["found"] and found["technique"] == PAIR_POINTING
    drill = _drill(found["puzzle"], found["digits"], ",".join(found["candidates"]))
    assert [o["text"] for o in found["others"]] == [s.text for s in instances(drill)[1:]]
    assert len(found["others"]) >= 1


def test_a_technique_that_is_never_a_next_step_is_not_drilled_and_says_why() -> None:
    assert "Franken X-Wing" in NEVER_NEXT and "Franken X-Wing" not in DRILL_TECHNIQUES
    with pytest.raises(ValueError, match="never the next step"):
        run_to_end(drill_in_slices("Franken X-Wing", 5))


def test_a_walk_labels_each_position_with_its_fresh_next_step() -> None:
    puzzle = parse(PUZZLE)
    solution = unique_solution(puzzle)
    drills = [d for d in iter_positions(puzzle, solution) if d is not None]
    assert len(drills) > 20
    for drill in drills[::7]:
        step = next_step(drill.puzzle, drill.grid, drill.marks)
        assert step is not None and step == drill.step
        assert all(solution[c] != d for c, d in step.eliminations)
        assert all(solution[c] == d for c, d in step.placements)


def test_a_position_board_keeps_the_givens_apart_from_digits_placed_since() -> None:
    puzzle = parse(PUZZLE)
    grid = list(puzzle)
    grid[1] = unique_solution(puzzle)[1]
    board = position_board(puzzle, tuple(grid), [0x1FF] * 81)
    assert not board.givens >> 1 & 1 and board.givens & 1
    assert board.values[1] == grid[1]


def test_the_worker_makes_a_drill_on_demand_and_refuses_a_technique_it_has_none_of() -> None:
    found, steps, puzzles = run_to_end(drill_in_slices("Naked Pair", 5))
    assert isinstance(found, Drill) and puzzles >= 1 and steps[0] == found.step
    assert found.technique == "Naked Pair"
    assert next_step(found.puzzle, found.grid, found.marks) == found.step
    with pytest.raises(ValueError, match="no drill for 'Forcing Chain'"):
        run_to_end(drill_in_slices("Forcing Chain", 5))
    task = bridge.start("drill", json.dumps({"technique": "Forcing Chain", "seed": 1}))
    reply = json.loads(task.run_slice(1000))
    assert reply["ok"] is False and "no drill for" in reply["error"]["message"]


def test_the_command_line_writes_positions_of_a_technique(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))

    def _cli(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    code, out, _ = _cli("drill", "--technique", "Naked Pair", "--count", "2", "--format", "json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["technique"] for r in records] == ["Naked Pair", "Naked Pair"]
    for record in records:
        record["candidates"] = ",".join(record["candidates"])
        _check(record)
    code, out, _ = _cli("drill", "--technique", "Hidden Single", PUZZLE, "--format", "line")
    assert code == 0
    comment, line = out.splitlines()
    assert comment.startswith("# Hidden Single: candidates ") and len(line) == 81
    code, _, err = _cli("drill", "--technique", "Y-Wing")
    assert code == 2 and "no drill for 'Y-Wing'" in err
    code, _, err = _cli("drill", "--technique", "Franken X-Wing")
    assert code == 2 and "no drill for 'Franken X-Wing': never the next step" in err
    code, _, err = _cli("drill")
    assert code == 2 and "--technique" in err
    code, _, err = _cli("drill", "--technique", "Jellyfish", PUZZLE)
    assert code == 3 and "0 of 1 positions of Jellyfish" in err


def _stopped_at(
    progress_seen: int | None, puzzles: int
) -> tuple[Drill | None, list[Any], int, int]:
    """A Pointing drill made on demand (seed 2) with a clock that stands still until the
    ``progress_seen``-th report saying ``puzzles`` puzzles walked (None: never), then jumps
    past its 60 s: what it returned, and how many more pieces of work it did after the jump."""
    now = [0.0]
    making = drill_in_slices(PAIR_POINTING, 2, max_seconds=60, clock=lambda: now[0])
    seen = after = 0
    try:
        while True:
            progress = next(making)
            after += now[0] > 60
            seen += progress["puzzles"] == puzzles
            if seen == progress_seen:
                now[0] = 61.0
    except StopIteration as done:
        found, steps, walked = done.value
    return found, steps, walked, after


def test_a_drill_made_on_demand_finds_its_instances_inside_its_time() -> None:
    found, steps, walked, _ = _stopped_at(None, 1)  # the clock never jumps
    assert found is not None and walked == 1 and len(steps) >= 2  # the first puzzle has it
    # the time runs out while it looks for the other instances: the drill found is kept, with
    # its own step alone, and no more work is done
    found, steps, walked, after = _stopped_at(1, 1)
    assert found is not None and (steps, walked, after) == ([found.step], 1, 0)
    # or while it walks the first puzzle
    found, steps, walked, after = _stopped_at(3, 0)
    assert (found, steps, walked, after) == (None, [], 0, 0)
