"""`python build.py bench`: the engine's benchmark in CPython and in Pyodide (Node), side by side,
and the solver's building blocks timed one by one in both runtimes. Tables, never tests."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.buildpy.commands import BuildError
from tools.buildpy.layout import ROOT, full_puzzles
from tools.buildpy.pyodide_node import run_node

BENCH_SETS = (
    "easy50.txt",
    "top95.txt",
    "norvig_hardest.txt",
    "magictour_top1465.txt",
    "17_clue.txt",
    "forum_hardest_1905_11plus.txt",
)
MICRO_SCRIPT = ROOT / "tests" / "pyodide_micro.py"


def bench_cpython(python: Path, paths: Sequence[Path], limit: int) -> list[dict[str, Any]]:
    """run_benchmark in CPython (the .venv's interpreter, where sudoku_core is installed)."""
    code = (
        "import json, sys; from sudoku_core.bench import run_benchmark; "
        "print(json.dumps(run_benchmark(sys.argv[2:], int(sys.argv[1]))))"
    )
    out = subprocess.run(
        [str(python), "-c", code, str(limit), *map(str, paths)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    if out.returncode != 0:
        raise BuildError(f"CPython benchmark failed:\n{out.stderr}")
    rows: list[dict[str, Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    return rows


def bench_engine(
    python: Path,
    site: Path,
    *,
    limit: int,
    boots: int,
    sets: Sequence[str],
    pyodide_env: Sequence[str] = (),
) -> int:
    """The same sets in CPython and Pyodide, with the ratio per set, then the micro table;
    1 when either side gives a wrong answer. ``pyodide_env``: NAME=VALUE settings for Pyodide's
    Python (see --pyodide-env)."""
    folder = full_puzzles()
    paths = [folder / name for name in sets]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise BuildError(f"puzzle files not found: {missing}")
    cpython_rows = bench_cpython(python, paths, limit)
    report = run_node(
        site,
        ROOT / "tests" / "pyodide_bench.py",
        {"paths": [f"/puzzles/{p.name}" for p in paths], "limit": limit},
        boots=boots,
        puzzles=folder,
        env=pyodide_env,
    )
    if not report.get("ok"):
        raise BuildError(f"Pyodide benchmark failed: {report.get('error')}")
    print_bench_table(cpython_rows, report["result"], report["boot_ms"])
    allocator = report["result"][0].get("allocator", "unknown") if report["result"] else "unknown"
    print(f"Pyodide's memory allocator: {allocator} (set with --pyodide-env PYTHONMALLOC=...)")
    print_micro_table(*bench_micro(python, site, pyodide_env))
    wrong = sum(row.get("wrong", 0) for row in [*cpython_rows, *report["result"]])
    if wrong:
        print(f"{wrong} wrong answers: the figures above are not valid", file=sys.stderr)
    return 1 if wrong else 0


def bench_micro(
    python: Path, site: Path, pyodide_env: Sequence[str] = ()
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The solver's building blocks timed one by one in CPython and in Pyodide (the rows of
    tests/pyodide_micro.py in each): which operations cost more in WebAssembly."""
    code = "import json, runpy, sys; print(json.dumps(runpy.run_path(sys.argv[1])['main']({})))"
    out = subprocess.run(
        [str(python), "-c", code, str(MICRO_SCRIPT)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    if out.returncode != 0:
        raise BuildError(f"CPython micro-benchmark failed:\n{out.stderr}")
    cpython: list[dict[str, Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    report = run_node(site, MICRO_SCRIPT, {}, env=pyodide_env)
    if not report.get("ok"):
        raise BuildError(f"Pyodide micro-benchmark failed: {report.get('error')}")
    pyodide: list[dict[str, Any]] = report["result"]
    return cpython, pyodide


def print_micro_table(cpython: Sequence[dict[str, Any]], pyodide: Sequence[dict[str, Any]]) -> None:
    """One row per operation: nanoseconds in both runtimes and how many times slower Pyodide is."""
    print(f"\n{'operation':<36}{'CPy ns':>10}{'Pyo ns':>10}{'Pyo/CPy':>9}")
    print("-" * 65)
    for cpy, pyo in zip(cpython, pyodide, strict=True):
        slower = pyo["ns"] / cpy["ns"] if cpy["ns"] else 0.0
        print(f"{cpy['op']:<36}{cpy['ns']:>10.1f}{pyo['ns']:>10.1f}{slower:>9.2f}")
    print("Pyo/CPy = Pyodide time / CPython time per operation (the empty loop subtracted)")


def print_bench_table(
    cpython: Sequence[dict[str, Any]], pyodide: Sequence[dict[str, Any]], boot_ms: Sequence[float]
) -> None:
    """One row per set: solves/s and checks/s in both runtimes and Pyodide's slowdown."""
    header = f"{'set':<24}{'n':>6}  {'CPy solve/s':>12}{'Pyo solve/s':>12}{'ratio':>7}"
    header += f"  {'CPy check/s':>12}{'Pyo check/s':>12}{'ratio':>7}"
    print(header)
    print("-" * len(header))
    for cpy, pyo in zip(cpython, pyodide, strict=True):
        solve_ratio = pyo["solve_per_s"] / cpy["solve_per_s"] if cpy["solve_per_s"] else 0.0
        check_ratio = pyo["check_per_s"] / cpy["check_per_s"] if cpy["check_per_s"] else 0.0
        print(
            f"{Path(str(cpy['set'])).name:<24}{cpy['puzzles']:>6}  {cpy['solve_per_s']:>12.1f}"
            f"{pyo['solve_per_s']:>12.1f}{solve_ratio:>7.2f}  {cpy['check_per_s']:>12.1f}"
            f"{pyo['check_per_s']:>12.1f}{check_ratio:>7.2f}"
        )
    print(
        f"\nPyodide boot (runtime + packages, Node): median {statistics.median(boot_ms):.0f} ms "
        f"over {len(boot_ms)} boots ({', '.join(f'{b:.0f}' for b in boot_ms)})"
    )
    print("ratio = Pyodide / CPython throughput (1.00 = same speed; lower is slower)")
