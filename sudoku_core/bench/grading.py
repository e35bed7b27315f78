"""The grading benchmark: ``python -m sudoku_core bench --grading [options]``.

Reports, per puzzle set: median and max milliseconds to grade a puzzle, the levels found and
the techniques used; optionally (``--soundness N``) checks every step of N puzzles against the
solution; (``--generate N``) times generation to each level; and (``--agreement N``) compares
levels with HoDoKu's on N puzzles of magictour_top1465 plus N generated across levels.

HoDoKu's levels come from the PyPI package ``hodoku-py`` (a GPL port of HoDoKu) used as a
black-box oracle in a separate process: ``--hodoku-python`` names an interpreter that has it
(by default the current one). Without it the agreement table is skipped with a message.
Its answers can be kept in a JSON-lines file (``--hodoku-cache``): HoDoKu takes seconds per
hard puzzle.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from sudoku_core.bench.grade_timing import check_fingerprints, spread, time_grade
from sudoku_core.bench.grading_report import (
    agreement_markdown,
    generation_markdown,
    grading_time_markdown,
    mixed_markdown,
    soundness_markdown,
)
from sudoku_core.bench.sample import mixed_sample
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_line
from sudoku_core.graded import generate_graded
from sudoku_core.grader import grade
from sudoku_core.grid import Grid
from sudoku_core.logic.board import Board
from sudoku_core.logic.solving_path import iter_path
from sudoku_core.logic.steps import LEVELS
from sudoku_core.puzzle_files import default_paths, load_cases
from sudoku_core.solver import solve

DEFAULT_SETS = ("easy50", "top95", "magictour_top1465", "17_clue", "forum_hardest_1905_11plus")
_ORACLE = """
import json, sys
from hodoku.api import Solver
solver = Solver()
for line in sys.stdin:
    p = line.strip()
    r = solver.solve(p)
    print(json.dumps({"p": p, "level": r.level.name.lower(), "score": r.score}), flush=True)
"""


class PuzzleSetError(Exception):
    """A set named on the command line is not there, or holds no unique puzzle."""


def _path(name: str) -> Path:
    for path in default_paths():
        if path.stem == name or str(path) == name:
            return path
    candidate = Path(name)
    if candidate.is_file():
        return candidate
    raise PuzzleSetError(f"puzzle set {name!r} not found")


def _sample(name: str, limit: int, every: int | None = None) -> list[Grid]:
    """``limit`` puzzles spread over a set, or every ``every``-th from its first."""
    cases, _ = load_cases(_path(name))
    cases = [c for c in cases if c.expected == 1]
    if not cases:
        raise PuzzleSetError(f"puzzle set {name!r} holds no puzzle with one solution")
    if every is None:
        every = max(1, len(cases) // limit) if limit else 1
    return [c.grid for c in cases[::every][:limit]]


def bench_grading(
    name: str,
    limit: int,
    every: int | None = None,
    *,
    hints: bool = False,
    fingerprints: Path | None = None,
) -> dict[str, object]:
    """Grade ``limit`` puzzles of a set (spread over it, or every ``every``-th): wall and CPU
    timings, levels and techniques; with ``hints`` the CPU time of two hints per puzzle
    (:mod:`sudoku_core.bench.grade_timing`); with ``fingerprints`` the puzzles whose grade
    differs from the one kept in that file."""
    timed = [time_grade(grid, hints=hints) for grid in _sample(name, limit, every)]
    levels, techniques = Counter[str](), Counter[str]()
    for one in timed:
        levels[one.result.level.value] += 1
        techniques.update(one.result.histogram)
    walls = [one.wall for one in timed]
    row: dict[str, object] = {
        "set": name,
        "puzzles": len(timed),
        "median_ms": round(statistics.median(walls) * 1000, 1),
        "max_ms": round(max(walls) * 1000, 1),
        "cpu": spread([one.cpu for one in timed]),
        "levels": dict(levels),
        "techniques": dict(techniques),
    }
    if hints:
        row["hint_start_cpu"] = spread([one.hint_start or 0.0 for one in timed])
        row["hint_hardest_cpu"] = spread([one.hint_hardest or 0.0 for one in timed])
    if fingerprints is not None:
        found = {format_line(one.result.puzzle): one.fingerprint for one in timed}
        row["changed"] = check_fingerprints(fingerprints, found)
    return row


def check_soundness(
    names: Sequence[str], total: int, counts: dict[str, int] | None = None, progress: bool = False
) -> tuple[int, int, list[str]]:
    """Apply every step of ``total`` puzzles spread over the sets, or of ``counts[name]`` puzzles
    of each named set; returns (puzzles, steps, errors)."""
    plan = counts or dict.fromkeys(names, max(1, total // max(1, len(names))))
    puzzles = steps = 0
    errors: list[str] = []
    for name, count in plan.items():
        for grid in _sample(name, count):
            solution = solve(grid)
            if solution is None:
                continue
            puzzles += 1
            board = Board.from_grid(grid)
            for step in iter_path(board, solution, unique=True):
                steps += 1
                bad = [(c, d) for c, d in step.placements if solution[c] != d]
                bad += [(c, d) for c, d in step.eliminations if solution[c] == d]
                if bad:
                    errors.append(f"{format_line(grid)}: {step.text}")
                    print(f"UNSOUND {errors[-1]}", file=sys.stderr, flush=True)
            if board.grid() != solution:
                errors.append(f"{format_line(grid)}: not solved")
            if progress and puzzles % 250 == 0:
                print(
                    f"  ... {puzzles} puzzles, {steps} steps, {len(errors)} unsound",
                    file=sys.stderr,
                    flush=True,
                )
    return puzzles, steps, errors


def bench_generation(count: int) -> list[dict[str, object]]:
    """Time ``count`` seeded generations per level."""
    rows: list[dict[str, object]] = []
    for level in LEVELS:
        times, met = [], 0
        for seed in range(count):
            started = time.perf_counter()
            made = generate_graded(difficulty=level, seed=seed, max_seconds=60)
            times.append(time.perf_counter() - started)
            met += made.target_met
        rows.append(
            {
                "level": level.value,
                "count": count,
                "median_s": round(statistics.median(times), 2),
                "max_s": round(max(times), 2),
                "met": met,
            }
        )
    return rows


def hodoku_grades(
    puzzles: list[str], python: str, cache: Path | None
) -> dict[str, tuple[str, int]] | None:
    """HoDoKu's (level, score) per puzzle, via hodoku-py in ``python``; None when it is not
    installed."""
    known: dict[str, tuple[str, int]] = {}
    if cache and cache.exists():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            known[row["p"]] = (row["level"].lower(), int(row.get("score", -1)))
    todo = [p for p in puzzles if p not in known]
    if todo:
        try:
            probe = subprocess.run(
                [python, "-c", "import hodoku.api"], capture_output=True, check=False
            )
        except OSError:  # no such interpreter
            return None
        if probe.returncode != 0:
            return None
        done = subprocess.run(
            [python, "-c", _ORACLE],
            input="\n".join(todo) + "\n",
            capture_output=True,
            text=True,
            check=True,
        )
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        for row in rows:
            known[row["p"]] = (row["level"], int(row["score"]))
        if cache:
            with cache.open("a") as out:
                for row in rows:
                    out.write(json.dumps(row) + "\n")
    return known


def hodoku_levels(puzzles: list[str], python: str, cache: Path | None) -> dict[str, str] | None:
    """HoDoKu's level per puzzle (see :func:`hodoku_grades`)."""
    grades = hodoku_grades(puzzles, python, cache)
    return None if grades is None else {p: level for p, (level, _) in grades.items()}


def agreement(count: int, python: str, cache: Path | None) -> dict[str, object] | str:
    """Level agreement with HoDoKu on ``count`` magictour puzzles plus ``count`` generated ones."""
    sample = [format_line(g) for g in _sample("magictour_top1465", count)]
    per_level = max(1, count // len(LEVELS))
    generated = [
        format_line(generate_graded(difficulty=lv, seed=1000 + i, max_seconds=60).generated.puzzle)
        for lv in LEVELS
        for i in range(per_level)
    ]
    theirs = hodoku_levels(sample + generated, python, cache)
    if theirs is None:
        return f"HoDoKu agreement skipped: hodoku-py is not installed for {python} (pip install hodoku-py)"
    table: dict[str, object] = {}
    for label, puzzles in (("magictour_top1465", sample), ("generated", generated)):
        same = 0
        confusion = Counter[str]()
        for p in puzzles:
            ours = grade(p).level.value
            same += ours == theirs[p]
            if ours != theirs[p]:
                confusion[f"hodoku {theirs[p]} / ours {ours}"] += 1
        table[label] = {
            "puzzles": len(puzzles),
            "agree": same,
            "percent": round(100 * same / len(puzzles), 1),
            "differences": dict(confusion),
        }
    return table


def mixed_agreement(
    count: int, seed: int, python: str, cache: Path | None
) -> dict[str, object] | str:
    """Levels and scores against HoDoKu's on :func:`mixed_sample`: per part and overall, how
    many levels agree and how many scores are within 5% of HoDoKu's; every puzzle that
    differs, with both grades."""
    parts = mixed_sample(count, seed)
    everything = [p for puzzles in parts.values() for p in puzzles]
    theirs = hodoku_grades(everything, python, cache)
    if theirs is None:
        return f"HoDoKu agreement skipped: hodoku-py is not installed for {python} (pip install hodoku-py)"
    ours = {p: grade(p) for p in everything}
    table: dict[str, object] = {}
    for label, puzzles in (*parts.items(), ("all", everything)):
        level_same = score_near = 0
        differences: list[str] = []
        for p in puzzles:
            level, score = theirs[p]
            same = ours[p].level.value == level
            near = abs(ours[p].score - score) <= 0.05 * score
            level_same += same
            score_near += near
            if not (same and near):
                differences.append(
                    f"{p}: hodoku {level} {score} / ours {ours[p].level.value} {ours[p].score}"
                )
        table[label] = {
            "puzzles": len(puzzles),
            "level_agree_percent": round(100 * level_same / len(puzzles), 1),
            "score_within_5_percent": round(100 * score_near / len(puzzles), 1),
            **({"differences": differences} if label != "all" else {}),
        }
    return table


def _spread_text(spread: object) -> str:
    """``median 1.0 ms, p90 ..., max ..., total ...`` from a :func:`spread` dict."""
    parts = cast("dict[str, float]", spread)
    return ", ".join(f"{key.removesuffix('_ms')} {value} ms" for key, value in parts.items())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; prints JSON-ish tables, returns 1 if a step was ever unsound, 2 if
    an option or a set cannot be used (said on stderr)."""
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_core bench --grading", description=__doc__
    )
    parser.add_argument(
        "sets", nargs="*", default=list(DEFAULT_SETS), help="puzzle set names or files"
    )
    parser.add_argument(
        "--limit", type=int, default=100, help="puzzles graded per set (default 100)"
    )
    parser.add_argument(
        "--every",
        type=int,
        metavar="N",
        help="grade every N-th puzzle from the first (default: --limit puzzles spread evenly)",
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help="also time a hint at the start and before the hardest step of each puzzle (CPU)",
    )
    parser.add_argument(
        "--fingerprints",
        type=Path,
        metavar="FILE",
        help="compare each grade and path with the ones kept in FILE (kept there on a first run)",
    )
    parser.add_argument(
        "--soundness", type=int, default=0, metavar="N", help="check every step of N puzzles"
    )
    parser.add_argument(
        "--soundness-set",
        action="append",
        default=[],
        metavar="NAME:N",
        help="check every step of N puzzles of a set (repeatable; replaces --soundness N)",
    )
    parser.add_argument(
        "--generate", type=int, default=0, metavar="N", help="time N generations per level"
    )
    parser.add_argument(
        "--agreement", type=int, default=0, metavar="N", help="compare levels with HoDoKu"
    )
    parser.add_argument(
        "--mixed",
        type=int,
        default=0,
        metavar="N",
        help="compare levels and scores with HoDoKu on N puzzles of each part of the mixed sample",
    )
    parser.add_argument("--seed", type=int, default=12, help="the mixed sample's seed (default 12)")
    parser.add_argument(
        "--hodoku-python", default=sys.executable, help="an interpreter with hodoku-py"
    )
    parser.add_argument(
        "--hodoku-cache", type=Path, help="JSON-lines file keeping HoDoKu's answers"
    )
    parser.add_argument(
        "--markdown",
        action="store_true",
        help="print each section as a Markdown table (for docs/performance.md)",
    )
    args = parser.parse_args(argv)
    for name in ("limit", "soundness", "generate", "agreement", "mixed"):
        if getattr(args, name) < 0:
            parser.error(f"--{name} must be at least 0, got {getattr(args, name)}")
    if args.every is not None and args.every < 1:
        parser.error(f"--every must be at least 1, got {args.every}")
    counts: dict[str, int] = {}
    for item in args.soundness_set:
        name, _, n = item.rpartition(":")
        if not (name and n.isdigit()):
            parser.error(f"--soundness-set {item!r}: expected NAME:N, a set and a count")
        counts[name] = int(n)
    try:
        return _run(args, counts)
    except (OSError, PuzzleSetError, InvalidPuzzleError) as error:
        # a set that is not there, or a file named on the line that holds a puzzle without
        # one solution; a file that cannot be read or written
        print(f"bench --grading: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, counts: dict[str, int]) -> int:
    """The sections asked for; returns 1 if a step was ever unsound."""
    code = 0
    if args.limit:
        print("## Grading time per puzzle")
        rows = []
        for name in args.sets:
            row = bench_grading(
                name, args.limit, args.every, hints=args.hints, fingerprints=args.fingerprints
            )
            rows.append(row)
            if not args.markdown:  # a line per set as soon as it is graded
                _print_grading_time(row)
            changed = cast("list[str]", row.get("changed", []))
            code = 1 if changed else code
        if args.markdown:
            print(f"\n{grading_time_markdown(rows)}\n")
            for row in rows:
                _print_changed(row, f"- {row['set']}, fingerprints")
    if args.soundness or args.soundness_set:
        puzzles, steps, errors = check_soundness(
            args.sets, args.soundness, counts or None, progress=True
        )
        print("## Soundness")
        if args.markdown:
            print(f"\n{soundness_markdown(puzzles, steps, errors)}\n")
        else:
            print(f"- {puzzles} puzzles, {steps} steps, {len(errors)} unsound")
            for error in errors[:20]:
                print(f"  - {error}")
        code = 1 if errors else 0
    if args.generate:
        print("## Generation to a level")
        generated = bench_generation(args.generate)
        if args.markdown:
            print(f"\n{generation_markdown(generated)}\n")
        else:
            for gen in generated:
                print(
                    f"- {gen['level']}: median {gen['median_s']} s, max {gen['max_s']} s, "
                    f"target met {gen['met']}/{gen['count']}"
                )
    if args.agreement:
        print("## Level agreement with HoDoKu")
        table = agreement(args.agreement, args.hodoku_python, args.hodoku_cache)
        if isinstance(table, str):
            print(table)
        else:
            print(
                f"\n{agreement_markdown(table)}\n" if args.markdown else json.dumps(table, indent=1)
            )
    if args.mixed:
        print("## Levels and scores against HoDoKu on the mixed sample")
        mixed = mixed_agreement(args.mixed, args.seed, args.hodoku_python, args.hodoku_cache)
        if isinstance(mixed, str):
            print(mixed)
        else:
            print(f"\n{mixed_markdown(mixed)}\n" if args.markdown else json.dumps(mixed, indent=1))
    return code


def _print_grading_time(row: dict[str, object]) -> None:
    """One set's grading times as a few lines (the output without ``--markdown``)."""
    print(
        f"- {row['set']}: {row['puzzles']} puzzles, median {row['median_ms']} ms, "
        f"max {row['max_ms']} ms, levels {row['levels']}"
    )
    print(f"  CPU: {_spread_text(row['cpu'])}")
    for key, what in (("hint_start_cpu", "start"), ("hint_hardest_cpu", "hardest step")):
        if key in row:
            print(f"  hint CPU, {what}: {_spread_text(row[key])}")
    print(f"  techniques: {row['techniques']}")
    _print_changed(row, "  fingerprints")


def _print_changed(row: dict[str, object], label: str) -> None:
    """With ``--fingerprints``: how many grades changed, and the first ten of them."""
    if "changed" in row:
        changed = cast("list[str]", row["changed"])
        print(f"{label}: {len(changed)} of {row['puzzles']} grades changed")
        for line in changed[:10]:
            print(f"  - {line}")
