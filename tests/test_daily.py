"""The daily puzzle's puzzles are pinned: the page makes a day's puzzle with the worker's
``generate_graded(difficulty=level, seed=dailySeed(day, level))`` (web/puzzles/daily.js, whose
date -> seed mapping tests/js/daily.test.mjs pins), so the engine must go on making exactly these
puzzles from these seeds, or every visitor's past days would change under them."""

from __future__ import annotations

import pytest

from sudoku_core.graded import generate_graded

# (level, its seed, the puzzle): a seed is DAILY_SEED_BASE + day number * 5 + level index; day 0
# is 2026-01-01, day 304 is 2026-11-01, day 329 is 2026-11-26
PINNED = [
    (
        "easy",
        1_000_000_000,
        "..6...387..7.3.4...4.9.........5...4...6......8.4...51.5....91...1.4..32.2.......",
    ),
    (
        "easy",
        1_000_001_520,
        "5..64.2......123....4...97........61..7..68.5..8.5....4.1....9....4......9.18....",
    ),
    (
        "easy",
        1_000_001_645,
        "..5.8....47.5.3..23....6.1.....4......3..1......85...4......1.5.57....2.9.2....47",
    ),
    (
        "medium",
        1_000_001_646,
        ".4.1..5.9.....87.......9.381...8.......5..6..5.7...4...3...6..7..29....1.75......",
    ),
    (
        "hard",
        1_000_001_647,
        ".3..8..579....3.......2...8..6..78.44.....2..5......616.357.........2...82..49...",
    ),
    (
        "unfair",
        1_000_001_648,
        "..432..98....8.6.3.9......2.12.....95....7....4.........98..5..47....9...3.4...6.",
    ),
    (
        "extreme",
        1_000_001_649,
        "....8..3..6......2..2..17.475........1..35...9.3.27.........17.8.....5..5..8.3...",
    ),
]


@pytest.mark.parametrize(("level", "seed", "puzzle"), PINNED)
def test_a_days_seed_makes_its_pinned_puzzle_at_its_level(
    level: str, seed: int, puzzle: str
) -> None:
    made = generate_graded(difficulty=level, seed=seed, max_seconds=None).to_dict()
    assert made["puzzle"] == puzzle, f"the {level} puzzle of seed {seed} changed"
    assert made["level"] == level
    assert made["target_met"] is True
