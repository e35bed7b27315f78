"""The generator benchmark (``bench --generate SEEDS``): time and givens per option set.

Every puzzle made is checked again for a unique solution, so a fast but wrong generator shows.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from sudoku_core.generator import generate
from sudoku_core.verdict import Status, check

GENERATOR_OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"symmetry": "rot180"},
    {"minimal": True},
    {"symmetry": "rot180", "minimal": True},
    {"symmetry": "horizontal", "minimal": True},
    {"max_givens": 22},
]
"""What ``bench --generate`` measures: the default, symmetry, strict minimality, a low target."""


def bench_generator(seeds: int, first_seed: int = 0) -> list[dict[str, Any]]:
    """Generation time and givens per option set over ``seeds`` seeds; every puzzle re-checked."""
    rows = []
    for options in GENERATOR_OPTION_SETS:
        times: list[float] = []
        givens: list[int] = []
        not_unique = missed = 0
        for seed in range(first_seed, first_seed + seeds):
            started = time.perf_counter()
            made = generate(seed=seed, max_seconds=None, **options)
            times.append(time.perf_counter() - started)
            givens.append(made.givens)
            missed += not made.target_met
            not_unique += check(made.puzzle).status is not Status.UNIQUE
        times.sort()
        rows.append(
            {
                "options": ", ".join(f"{k}={v}" for k, v in options.items())
                or "defaults (minimal, no symmetry)",
                "puzzles": seeds,
                "median_ms": statistics.median(times) * 1e3,
                "p90_ms": times[int(0.9 * (len(times) - 1))] * 1e3,
                "max_ms": times[-1] * 1e3,
                "givens_mean": statistics.mean(givens),
                "givens_min": min(givens),
                "givens_max": max(givens),
                "givens_histogram": {g: givens.count(g) for g in sorted(set(givens))},
                "target_missed": missed,
                "not_unique": not_unique,
            }
        )
    return rows


def format_generator_markdown(rows: list[dict[str, Any]]) -> str:
    """The generator rows as a Markdown table."""
    lines = [
        "| options | puzzles | median ms | p90 ms | max ms | givens mean | min | max "
        "| givens: puzzles | missed | not unique |",
        "|" + "---|" * 11,
    ]
    for r in rows:
        histogram = " ".join(f"{g}:{n}" for g, n in r["givens_histogram"].items())
        lines.append(
            f"| {r['options']} | {r['puzzles']} | {r['median_ms']:.1f} | {r['p90_ms']:.1f} | {r['max_ms']:.1f} | "
            f"{r['givens_mean']:.1f} | {r['givens_min']} | {r['givens_max']} | {histogram} | "
            f"{r['target_missed']} | {r['not_unique']} |"
        )
    return "\n".join(lines)
