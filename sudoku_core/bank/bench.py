"""``bank bench``: how fast a bank fills on 1 and 2 local workers, what the canonical form and
the writer's check cost, and what that means for ten million puzzles on a cluster.

Wall-clock time (workers run in parallel), so run it on a quiet machine; a table, never a test.
"""

from __future__ import annotations

import itertools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sudoku_core.bank.run import run_units
from sudoku_core.bank.store import Bank, verify_record
from sudoku_core.bank.work import UNIT_SEEDS, GenerateUnit, Record
from sudoku_core.canonical import minlex

__all__ = ["bench_bank", "format_bank_markdown"]

CLUSTER_MACHINES = 100
CORES_PER_MACHINE = 8
"""The cluster of the estimate: 100 machines of 8 cores, one Dask worker process per core."""
TEN_MILLION = 10_000_000


def _fill(level: str, count: int, seed: int, workers: int) -> tuple[float, list[Record]]:
    """Wall seconds to generate ``count`` puzzles of ``level`` into a new bank on ``workers``."""
    kept: list[Record] = []
    with tempfile.TemporaryDirectory() as folder, Bank(Path(folder) / "bench.sqlite") as bank:
        run = bank.run_id({"kind": "bench", "level": level, "seed": seed})
        units = (
            GenerateUnit(index, level, "none", seed + index * UNIT_SEEDS, UNIT_SEEDS)
            for index in itertools.count()
        )

        def commit(unit: Any, records: list[Record]) -> bool:
            bank.commit_unit(run, unit.index, records, count)
            kept.extend(record for record in records if "error" not in record)
            return bank.stored(run) < count

        started = time.perf_counter()
        run_units(units, commit, workers=workers)
        return time.perf_counter() - started, kept[:count]


def bench_bank(level: str, count: int, seed: int = 1) -> dict[str, Any]:
    """Rates on 1 and 2 workers, the per-puzzle costs, and the ten-million estimate."""
    rates = {}
    records: list[Record] = []
    for workers in (1, 2):
        seconds, records = _fill(level, count, seed, workers)
        rates[workers] = count / seconds
    canonical = []
    checking = []
    for record in records:
        started = time.process_time()
        minlex(record["puzzle"])
        canonical.append(time.process_time() - started)
        started = time.process_time()
        verify_record(record)
        checking.append(time.process_time() - started)
    per_puzzle = 1 / rates[1]  # one worker: a core's seconds per stored puzzle
    cores = CLUSTER_MACHINES * CORES_PER_MACHINE
    writer = statistics.mean(checking) + 0.0001  # plus the INSERT (about 0.1 ms in a transaction)
    return {
        "level": level,
        "count": count,
        "rate_1": rates[1],
        "rate_2": rates[2],
        "speedup": rates[2] / rates[1],
        "canonical_ms": 1000 * statistics.median(canonical),
        "canonical_max_ms": 1000 * max(canonical),
        "check_ms": 1000 * statistics.median(checking),
        "core_hours": TEN_MILLION * per_puzzle / 3600,
        "cluster_hours": TEN_MILLION * per_puzzle / cores / 3600,
        "writer_hours": TEN_MILLION * writer / 3600,
    }


def format_bank_markdown(row: dict[str, Any]) -> str:
    """The figures as Markdown, the estimate spelt out."""
    return "\n".join(
        [
            f"| {row['level']}, {row['count']} puzzles | 1 worker | 2 workers | speed-up |",
            "| --- | ---: | ---: | ---: |",
            f"| puzzles/s | {row['rate_1']:.2f} | {row['rate_2']:.2f} | {row['speedup']:.2f}x |",
            "",
            f"canonical form: {row['canonical_ms']:.1f} ms median a puzzle (max "
            f"{row['canonical_max_ms']:.1f}); the writer's check: {row['check_ms']:.2f} ms.",
            f"Ten million {row['level']} puzzles: {row['core_hours']:,.0f} core-hours; on "
            f"{CLUSTER_MACHINES} machines of {CORES_PER_MACHINE} cores, "
            f"{row['cluster_hours']:,.1f} h of computing, while the one writing process needs "
            f"{row['writer_hours']:,.1f} h for its checks and inserts, so the bank takes "
            f"max({row['cluster_hours']:,.1f}, {row['writer_hours']:,.1f}) h.",
        ]
    )
