"""The command line's start-up: ``python -m sudoku_core bench --startup``.

What a person waits for before ``python -m sudoku_core solve PUZZLE`` answers, over what the
interpreter alone costs. Method: each round starts three processes one after the other (a
bare ``python -c pass``, ``python -c "import sudoku_core"``, ``python -m sudoku_core solve
PUZZLE``), so a machine that gets busier slows all three alike; ``runs`` rounds give each
command's median and minimum wall time, and the median CPU time the child used (user +
system, which waiting for a busy machine's cores does not inflate). The figure that matters
is the last row: ``solve`` minus ``pass``, medians and minimums.

The package is copied (without its ``__pycache__``) to a scratch folder and run from there,
under two conditions:

- *cached*: as an installed package or any second run: the first round's bytecode is
  written next to the copy and read by the later rounds (not timed: one warm-up round);
- *compiled*: with ``PYTHONDONTWRITEBYTECODE=1`` and no ``__pycache__``, so every module of
  the package is compiled from source on every run (a read-only checkout, or this project's
  own sandbox). The standard library keeps its installed bytecode in both.

Speed is reported here, never asserted in tests.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
"""The puzzle ``solve`` answers: one that needs a little search, as most people's do."""

COMMANDS = {
    "pass": ("-c", "pass"),
    "import sudoku_core": ("-c", "import sudoku_core"),
    "solve PUZZLE": ("-m", "sudoku_core", "solve", PUZZLE),
}
"""What each round runs, by the name the table shows."""

CONDITIONS = ("cached", "compiled")
TARGET_MS = 60
"""The goal: ``solve PUZZLE`` within 60 ms of ``python -c pass``."""

_PACKAGE = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    """Seconds of CPU (user + system) used so far by this process's finished children:
    ``resource`` counts microseconds, ``os.times`` (where there is no ``resource``) ticks of
    10 ms, too coarse for a 20 ms process."""
    try:
        import resource
    except ImportError:  # Windows
        times = os.times()
        return times.children_user + times.children_system
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(
    python: str, args: tuple[str, ...], folder: Path, env: dict[str, str]
) -> tuple[float, float]:
    """The wall and CPU seconds of one run; a run that fails is an error (its stderr shown)."""
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [python, *args],
        cwd=folder,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
    )
    wall = time.perf_counter() - started
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)} failed: {done.stderr.decode(errors='replace')}")
    return wall, _children_cpu() - cpu


def _environment(condition: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPYCACHEPREFIX", "PYTHONPATH")}
    if condition == "compiled":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _rows(condition: str, times: dict[str, list[tuple[float, float]]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name, runs in times.items():
        walls = [wall for wall, _ in runs]
        rows.append(
            {
                "bytecode": condition,
                "run": name,
                "median_ms": round(1000 * statistics.median(walls), 1),
                "min_ms": round(1000 * min(walls), 1),
                "cpu_ms": round(1000 * statistics.median(cpu for _, cpu in runs), 1),
            }
        )
    bare, solve = rows[0], rows[-1]
    rows.append(
        {
            "bytecode": condition,
            "run": "solve PUZZLE - pass",
            **{key: round(solve[key] - bare[key], 1) for key in ("median_ms", "min_ms", "cpu_ms")},
        }
    )
    return rows


def bench_startup(runs: int = 15, python: str = sys.executable) -> list[dict[str, Any]]:
    """Per condition (cached, compiled bytecode), per command and for ``solve`` minus
    ``pass``: the median and minimum wall milliseconds and the median CPU milliseconds."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="sudoku-startup-") as scratch:
        folder = Path(scratch)
        copy = folder / "sudoku_core"
        shutil.copytree(_PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
        for condition in ("compiled", "cached"):  # compiled first: no bytecode is written yet
            env = _environment(condition)
            if condition == "cached":
                for args in COMMANDS.values():  # the warm-up round writes the bytecode
                    _run(python, args, folder, env)
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
            for _ in range(runs):
                for name, args in COMMANDS.items():
                    times[name].append(_run(python, args, folder, env))
            rows += _rows(condition, times)
    rows.sort(key=lambda row: CONDITIONS.index(row["bytecode"]))
    return rows


def format_startup_markdown(rows: list[dict[str, Any]], runs: int) -> str:
    """The rows as a Markdown table, with the method and the verdict on the target."""
    lines = [
        f"Start-up of `python -m sudoku_core`: {runs} interleaved runs of each, "
        f"{sys.implementation.name} {sys.version.split()[0]}",
        "",
        "| bytecode | run | median ms | min ms | CPU ms (median) |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for row in rows:
        name = f"**{row['run']}**" if " - " in row["run"] else row["run"]
        lines.append(
            f"| {row['bytecode']} | {name} | {row['median_ms']:.1f} | {row['min_ms']:.1f} "
            f"| {row['cpu_ms']:.1f} |"
        )
    over = {row["bytecode"]: row["median_ms"] for row in rows if " - " in row["run"]}
    verdicts = ", ".join(
        f"{condition} {ms:.1f} ms ({'met' if ms <= TARGET_MS else 'not met'})"
        for condition, ms in over.items()
    )
    lines += ["", f"solve over a bare start, medians (target {TARGET_MS} ms): {verdicts}"]
    return "\n".join(lines)
