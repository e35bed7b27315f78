"""The results that were dataclasses behave as they did (see sudoku_core._record): equal by
value, shown field by field, frozen where they were frozen, picklable for ``--jobs``."""

from __future__ import annotations

import pickle

import pytest

from sudoku_core import Budget, Conflict, SearchResult, SearchStats, Status, Verdict, check

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def test_records_are_equal_by_value_and_shown_by_field() -> None:
    assert SearchStats(3, 1) == SearchStats(nodes=3, guesses=1, seconds=0.0)
    assert SearchStats(3) != SearchStats(4)
    assert SearchStats() != (0, 0, 0.0)  # a record, not a tuple
    assert repr(SearchStats(3, 1, 0.5)) == "SearchStats(nodes=3, guesses=1, seconds=0.5)"
    assert repr(Budget(nodes=10)) == "Budget(nodes=10, seconds=None)"
    assert repr(Conflict(5, 2, (18, 24))) == "Conflict(digit=5, unit=2, cells=(18, 24))"
    grid = check(UNIQUE).puzzle
    assert Verdict(Status.UNIQUE, grid, solutions=(grid,)) == Verdict(
        Status.UNIQUE, grid, (), (grid,)
    )


def test_defaults_are_made_per_record() -> None:
    first, second = SearchResult(0, 1), SearchResult(0, 1)
    first.solutions.append((1,) * 81)
    first.stats.nodes = 5
    assert second.solutions == [] and second.stats == SearchStats()
    assert Verdict(Status.INVALID, (0,) * 81).stats is not Verdict(Status.INVALID, (0,) * 81).stats


def test_frozen_records_refuse_changes_and_hash() -> None:
    budget = Budget(nodes=10, seconds=2)
    with pytest.raises(AttributeError, match="cannot assign to field 'nodes'"):
        budget.nodes = 11
    with pytest.raises(AttributeError):
        del budget.seconds
    assert hash(budget) == hash(Budget(10, 2.0))
    assert len({Conflict(5, 2, (18, 24)), Conflict(5, 2, (18, 24))}) == 1


def test_mutable_records_change_and_do_not_hash() -> None:
    stats = SearchStats()
    stats.nodes += 1
    assert stats.nodes == 1
    with pytest.raises(TypeError):
        hash(stats)
    with pytest.raises(AttributeError):
        stats.other = 1  # type: ignore[attr-defined]


def test_budget_still_checks_its_fields() -> None:
    assert Budget(seconds=2).seconds == 2.0 and isinstance(Budget(seconds=2).seconds, float)
    with pytest.raises(ValueError, match="nodes must be at least 1"):
        Budget(nodes=0)
    with pytest.raises(ValueError, match="seconds must be a finite number above 0"):
        Budget(seconds=float("nan"))


@pytest.mark.parametrize(
    "record",
    [
        Budget(nodes=100, seconds=1.5),
        SearchStats(1, 2, 3.0),
        SearchResult(1, 2, [(1,) * 81], True, SearchStats(4)),
        Conflict(5, 2, (18, 24)),
    ],
    ids=repr,
)
def test_records_survive_pickling(record: object) -> None:
    assert pickle.loads(pickle.dumps(record)) == record


def test_a_verdict_survives_pickling() -> None:
    verdict = check(UNIQUE)
    again = pickle.loads(pickle.dumps(verdict))
    assert again == verdict and again.solution == verdict.solution
