"""The review of a player's own solve: scripted games whose labels are known, the move notation,
the summary, and a property: a replay of the grader's path is justified move by move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core import bridge, grade
from sudoku_core.cli import main
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.grid import cell_name
from sudoku_core.logic.steps import TECHNIQUES
from sudoku_core.review import Move, format_moves, parse_moves, review
from sudoku_core.solver import Budget

HARD = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
"""Graded Hard: 20 singles, 4 Hidden Singles, a Hidden Pair, two Swordfish, then more."""
NEEDS_TRIAL = "98.7..6..75.....8...6......4...3......59...7......72.4.1...9.....98...6.....21..3"
"""Its grader's path starts with trial and error: no technique of the catalogue applies."""
EASY = Path(__file__).parent / "data" / "easy50.txt"


def moves_of_path(puzzle: str, first: int, last: int) -> list[str]:
    """The grader's steps ``first..last-1`` of the puzzle as moves (placements, then
    eliminations)."""
    moves = []
    for step in grade(puzzle).path[first:last]:
        moves += [f"{cell_name(c)}={d}" for c, d in step.placements]
        moves += [f"{cell_name(c)}-{d}" for c, d in step.eliminations]
    return moves


def test_a_scripted_game_gets_the_labels_it_should() -> None:
    game = [
        "r5c4=3@4",  # 0: the grader's first step, a Naked Single
        "r1c1=4@9",  # 1: the solution has 5 there
        "r1c1x@11",  # 2: erased
        "r1c1-5@15",  # 3: 5 is r1c1's answer
        "r1c2-9@17",  # 4: the given 9 in r1c3 rules it out
        *moves_of_path(HARD, 1, 20),  # the rest of the singles
        "r1c9=2@200",  # the grader's next step: a Hidden Single
        *moves_of_path(HARD, 21, 24),
        "r2c2-1@300",  # the Hidden Pair's first elimination
        *moves_of_path(HARD, 24, 25)[1:],
        "r9c1-3@400",  # one of the Swordfish's eliminations
        "r3c8=7@450",  # before the rest of both Swordfish, the Naked Pair and the single
    ]
    found = review(HARD, " ".join(game))
    labels = found.labels
    by_move = {label.move.text: label for label in labels}
    assert [(lb.kind, lb.technique) for lb in labels[:5]] == [
        ("technique", "Naked Single"),
        ("wrong", None),
        ("erase", None),
        ("lost", None),
        ("seen", None),
    ]
    assert labels[0].text == "Placed 3 in r5c4: a Naked Single."
    assert labels[1].text == "Placed 4 in r1c1: a wrong digit."
    assert labels[2].text == "Erased r1c1 (a wrong digit)."
    assert labels[3].text == "Removed 5 from r1c1: a true candidate lost (it is the cell's answer)."
    assert labels[4].text == "Removed 9 from r1c2: already seen (the 9 in r1c3)."
    assert by_move["r1c9=2@200"].technique == "Hidden Single"
    assert by_move["r1c9=2@200"].steps == 1
    assert by_move["r2c2-1@300"].technique == "Hidden Pair"
    assert by_move["r9c1-3@400"].technique == "Swordfish"
    late = by_move["r3c8=7@450"]
    assert late.kind == "technique" and late.technique == "Swordfish" and late.steps == 4
    assert late.text == (
        "Placed 7 in r3c8: the grader's route there takes 4 steps, none harder than a Swordfish."
    )
    assert found.hardest is not None and found.hardest.move.text == "r9c1-3@400"
    assert found.count("wrong") == 1 and found.count("lost") == 1 and found.count("guess") == 0
    assert found.complete
    summary = found.to_dict()["summary"]
    assert list(summary["used"])[:2] == ["Swordfish", "Hidden Pair"]
    assert summary["used"]["Naked Single"] >= 1


def test_a_placement_no_technique_reaches_is_a_guess() -> None:
    solution = grade(NEEDS_TRIAL).solution
    cell = NEEDS_TRIAL.index(".")
    found = review(NEEDS_TRIAL, [Move("place", cell, solution[cell], seconds=5)])
    (label,) = found.labels
    assert label.kind == "guess" and label.technique is None
    assert (
        label.text == f"Placed {solution[cell]} in {cell_name(cell)}: not yet justified (a guess)."
    )
    assert found.to_dict()["summary"]["guesses"] == 1
    assert found.to_dict()["grader"]["histogram"]["Trial and Error"] >= 1


def test_helped_moves_are_not_the_players_own() -> None:
    found = review(HARD, "r5c4=3! r4c6=6")
    assert [label.kind for label in found.labels] == ["helped", "technique"]
    assert found.used == {"Naked Single": 1}
    assert found.labels[0].text == "Placed 3 in r5c4 with help."


def test_digits_on_the_board_before_the_moves_are_the_start_not_moves() -> None:
    solution = grade(HARD).solution
    start = "".join(
        str(solution[c]) if HARD[c] == "." and c < 27 else "." for c in range(81)
    )  # rows 1 to 3 filled
    start = "4" + start[1:]  # and a wrong digit in r1c1: not in the state
    found = review(HARD, "r1c1x r1c1=5", start=start)
    assert [label.kind for label in found.labels] == ["erase", "technique"]
    assert found.labels[1].technique == "Full House"
    cli = review(HARD, "r1c1=5")
    assert cli.labels[0].technique != "Full House"


def test_phases_split_the_play_time_by_the_cells_filled() -> None:
    solution = grade(HARD).solution
    empty = [c for c in range(81) if HARD[c] == "."]
    moves = [Move("place", c, solution[c], seconds=10.0 * (i + 1)) for i, c in enumerate(empty)]
    phases = review(HARD, moves).phases
    assert [p.name for p in phases] == ["opening", "middle", "endgame"]
    assert sum(p.moves for p in phases) == len(empty)
    assert sum(p.seconds or 0 for p in phases) == pytest.approx(10.0 * len(empty))
    assert all(p.moves >= len(empty) // 3 - 1 for p in phases)
    untimed = review(HARD, "r5c4=3").phases
    assert all(p.seconds is None for p in untimed)


def test_the_budget_leaves_the_rest_unchecked() -> None:
    found = review(HARD, "r5c4=3 r4c6=6 r8c5=9", Budget(nodes=1))
    assert [label.kind for label in found.labels] == ["technique", "unchecked", "unchecked"]
    assert not found.complete


def test_the_notation_round_trips_and_refuses_what_is_not_a_move() -> None:
    text = "r1c3=5@12.5 r2c2-7 r1c3x! r9c9=1"
    assert format_moves(parse_moves(text)) == text
    for bad in ("r0c1=5", "r1c1=10", "r1c1", "r1c1=5@-3", "r1c1?5"):
        with pytest.raises(ValueError, match="is not a move"):
            parse_moves(bad)
    with pytest.raises(ValueError, match="at most 5000"):
        parse_moves("r1c1x " * 5001)


def test_bad_games_get_clear_messages() -> None:
    with pytest.raises(ValueError, match="move 1 \\(r1c3=2\\): r1c3 is a given"):
        review(HARD, "r1c3=2")
    with pytest.raises(InvalidPuzzleError):
        review("." * 81, "r1c1=1")


def test_the_operation_answers_and_refuses_bad_moves() -> None:
    reply = json.loads(bridge.call("review", json.dumps({"grid": HARD, "moves": "r5c4=3@2"})))
    assert reply["ok"] is True
    assert reply["result"]["labels"][0]["technique"] == "Naked Single"
    assert reply["result"]["grader"]["level"] == "hard"
    bad = json.loads(bridge.call("review", json.dumps({"grid": HARD, "moves": "r5c4"})))
    assert bad["ok"] is False and bad["error"]["type"] == "BadRequestError"
    assert "argument 'moves': move 1 'r5c4' is not a move" in bad["error"]["message"]


def _puzzles() -> list[str]:
    lines = [
        line.split()[0][:81] for line in EASY.read_text().splitlines() if line[:1] in ".0123456789"
    ]
    assert len(lines) >= 20  # the data file was found
    return lines


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_puzzles()))
def test_replaying_the_graders_path_is_justified_move_by_move(puzzle: str) -> None:
    path = grade(puzzle).path
    moves = moves_of_path(puzzle, 0, len(path))
    found = review(puzzle, " ".join(moves))
    hardest = max(TECHNIQUES[s.technique].level.rank for s in path)
    assert all(label.kind == "technique" for label in found.labels)
    assert all(TECHNIQUES[label.technique or ""].level.rank <= hardest for label in found.labels)
    # the first move of each step is justified by that very step's technique, directly
    first = 0
    for step in path:
        label = found.labels[first]
        assert (label.technique, label.steps) == (step.technique, 1), label.text
        first += len(step.placements) + len(step.eliminations)


def test_a_wrong_digit_placed_and_undone_is_a_mistake_that_leaves_no_trace() -> None:
    """An undone move is reviewed where it was made but moves the state on no further: the
    wrong digit counts as a mistake, a correct one undone is neither found nor counted."""
    found = review(HARD, "r5c4=3@4 r1c1=4~@9 r5c4x~@10 r4c6=6@12 r1c1=5~@14 r1c1-5~@15")
    assert [label.kind for label in found.labels] == [
        "technique",
        "wrong",
        "undone",
        "technique",
        "undone",
        "lost",
    ]
    assert found.labels[1].text == "Placed 4 in r1c1: a wrong digit, undone."
    assert found.labels[2].text == "Erased r5c4, then undone."
    assert found.labels[4].text == "Placed 5 in r1c1, then undone."
    assert found.labels[5].text == (
        "Removed 5 from r1c1: a true candidate struck (it is the cell's answer), undone."
    )
    assert found.labels[3].technique == "Naked Single"  # r5c4's 3 stayed: its erase was undone
    assert found.count("wrong") == 1 and found.count("lost") == 1
    summary = found.to_dict()["summary"]
    assert summary["wrong"] == 1 and summary["undone"] == 2
    assert found.used == {"Naked Single": 2}
    assert [p.moves for p in found.phases] == [6, 0, 0]


def test_a_true_candidate_struck_and_undone_is_a_mistake_made_where_it_was_struck(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Put back with Undo, the answer was never lost, but striking it was the mistake: it counts
    among the undone mistakes; a false candidate struck and undone is neither found nor counted,
    and neither moves the state on (r1c1's 5 is still there to be found)."""
    found = review(HARD, "r1c1-5~@3 r1c1-4~@4 r5c4=3@5")
    assert [label.kind for label in found.labels] == ["lost", "undone", "technique"]
    assert found.labels[0].text == (
        "Removed 5 from r1c1: a true candidate struck (it is the cell's answer), undone."
    )
    assert found.labels[1].text == "Removed 4 from r1c1, then undone."
    summary = found.to_dict()["summary"]
    assert (summary["wrong"], summary["lost"], summary["undone"]) == (0, 1, 1)
    assert found.used == {"Naked Single": 1}
    assert main(["review", HARD, "--moves", "r1c1-5~@3 r5c4=3@5"]) == 0
    out = capsys.readouterr().out
    assert "1. r1c1-5~@3" in out
    assert "Removed 5 from r1c1: a true candidate struck (it is the cell's answer), undone." in out
    assert "wrong digits 0, true candidates lost 1 (undone 1)" in out


def test_a_move_made_after_reading_a_hint_is_with_help_not_found() -> None:
    found = review(HARD, "r5c4=3h@4 r4c6=6@9 r1c1=4h@10")
    assert [label.kind for label in found.labels] == ["helped", "technique", "wrong"]
    assert found.labels[0].text == "Placed 3 in r5c4 with help (after a hint)."
    assert found.used == {"Naked Single": 1}
    assert found.hardest is not None and found.hardest.move.text == "r4c6=6@9"
    assert found.to_dict()["summary"]["helped"] == 1
    swordfish = review(HARD, " ".join([*moves_of_path(HARD, 0, 25), "r9c1-3h"]))
    assert swordfish.labels[-1].kind == "helped"
    assert swordfish.hardest is not None and swordfish.hardest.technique == "Hidden Pair"


def test_hint_and_undone_marks_round_trip() -> None:
    text = "r1c3=5h@12 r1c1=4~@13 r2c2-7h r1c3x!~"
    moves = parse_moves(text)
    assert format_moves(moves) == text
    assert [(m.hinted, m.undone, m.helped) for m in moves] == [
        (True, False, False),
        (False, True, False),
        (True, False, False),
        (False, True, True),
    ]
    for bad in ("r1c1=5~h", "r1c1=5!h", "r1c1=5hh"):
        with pytest.raises(ValueError, match="is not a move"):
            parse_moves(bad)


def test_the_command_line_reviews_moves_from_the_players_digits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["review", HARD, "--moves", "r5c4=3@4 r1c1=4~@9 r4c6=6h@12"]) == 0
    out = capsys.readouterr().out
    assert "1. r5c4=3@4" in out and "Placed 3 in r5c4: a Naked Single." in out
    assert "Placed 4 in r1c1: a wrong digit, undone." in out
    assert "Placed 6 in r4c6 with help (after a hint)." in out
    assert "wrong digits 1, true candidates lost 0 (undone 1), with help 1" in out
    solution = grade(HARD).solution
    rows = "".join(str(solution[c]) if c < 27 and c else HARD[c] for c in range(81))
    assert main(["review", HARD, "--digits", rows, "--moves", "r1c1=5"]) == 0
    assert "Placed 5 in r1c1: a Full House." in capsys.readouterr().out
