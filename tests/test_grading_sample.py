"""The mixed sample for comparing grades with HoDoKu (``bench --grading --mixed N``): repeatable,
made of real puzzles in disguise and random minimal ones, and scored from HoDoKu's answers."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from sudoku_core import count_solutions, grade, parse
from sudoku_core.bench.grading import mixed_agreement
from sudoku_core.bench.sample import mixed_sample, permute
from sudoku_core.generator import is_minimal


def test_the_sample_is_the_same_for_a_seed_and_has_three_parts() -> None:
    sample = mixed_sample(3, seed=5)
    assert sample == mixed_sample(3, seed=5)
    assert sample != mixed_sample(3, seed=6)
    assert list(sample) == ["easy50 (permuted)", "magictour_top1465 (permuted)", "random minimal"]
    for puzzles in sample.values():
        assert len(puzzles) == 3
        for puzzle in puzzles:
            assert count_solutions(puzzle, limit=2) == 1
    assert all(is_minimal(p) for p in sample["random minimal"])


def test_a_permuted_puzzle_is_the_same_puzzle_in_disguise() -> None:
    puzzle = parse(
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
    )
    moved = permute(puzzle, random.Random(1))
    assert moved != puzzle
    assert sum(1 for d in moved if d) == sum(1 for d in puzzle if d)
    assert count_solutions(moved, limit=2) == 1
    assert grade(moved).level == grade(puzzle).level


def test_agreement_counts_levels_and_scores_from_hodokus_answers(tmp_path: Path) -> None:
    sample = mixed_sample(1, seed=3)
    puzzles = [p for part in sample.values() for p in part]
    cache = tmp_path / "hodoku.jsonl"
    rows = []
    for i, p in enumerate(puzzles):
        ours = grade(p)
        # The first puzzle: HoDoKu says 10% more; the others: the same grade.
        score = round(ours.score * 1.1) if i == 0 else ours.score
        rows.append({"p": p, "level": ours.level.value, "score": score})
    cache.write_text("".join(json.dumps(row) + "\n" for row in rows))
    table = mixed_agreement(1, 3, "python-without-hodoku", cache)
    assert isinstance(table, dict)
    overall = table["all"]
    assert overall == {"puzzles": 3, "level_agree_percent": 100.0, "score_within_5_percent": 66.7}
    first = table["easy50 (permuted)"]
    assert isinstance(first, dict) and len(first["differences"]) == 1


def test_agreement_is_skipped_without_hodoku() -> None:
    answer = mixed_agreement(1, 3, sys.executable + "-missing", None)
    assert isinstance(answer, str) and "skipped" in answer
