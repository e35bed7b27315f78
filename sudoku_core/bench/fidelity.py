"""The fidelity benchmark: ``python -m sudoku_core bench --hodoku [options]``.

How closely the grader follows HoDoKu, measured against hodoku-py (PyPI, a GPL port of HoDoKu,
run as a separate process by :mod:`sudoku_core.bench.hodoku_oracle`; never imported here) on:

- fresh random minimal puzzles (:func:`~sudoku_core.generator.generate`, ``minimal=True``)
  from a seed, so no puzzle was ever tuned for;
- puzzles drawn (with the same seed) from the hardest set, forum_hardest_1905_11plus
  (``$SUDOKU_PUZZLES``, ``../shared/puzzles``, else the repo's sample in tests/data);
- mid-solve states: boards along HoDoKu's path whose next step is not a single, each given
  to :func:`~sudoku_core.hints.hint` as a player would have it (givens, entries, marks).

Per puzzle: the same level, a score within 5% of HoDoKu's, and the same path step by step
(each step the same technique, with the same placements and eliminations, in the same order).
Per state: the hint's technique, and its technique with its effect. Every step of ours, paths
and hints, is checked against the solution (``unsound``). The first step where each path
parts from HoDoKu's is listed, grouped by the pair of techniques, with an example each.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from sudoku_core.bench import hodoku_oracle
from sudoku_core.formats import format_line
from sudoku_core.generator import generate
from sudoku_core.grader import grade
from sudoku_core.grid import Grid, cell_name
from sudoku_core.hints import hint
from sudoku_core.logic.board import Board
from sudoku_core.logic.steps import Step
from sudoku_core.puzzle_files import default_paths, load_cases
from sudoku_core.solver import solve

HARDEST: Final = "forum_hardest_1905_11plus"
SINGLES: Final = frozenset({"Full House", "Naked Single", "Hidden Single"})
_OUR_NAME: Final = {
    "Bivalue Universal Grave + 1": "BUG+1",
    "Simple Colors Trap": "Simple Colors",
    "Simple Colors Wrap": "Simple Colors",
    "Multi-Colors 1": "Multi Colors",
    "Multi-Colors 2": "Multi Colors",
    "Dual 2-String Kite": "2-String Kite",
    "Dual Empty Rectangle": "Empty Rectangle",
    "Continuous Nice Loop": "Nice Loop/AIC",
    "Discontinuous Nice Loop": "Nice Loop/AIC",
    "AIC": "Nice Loop/AIC",
    "Grouped Continuous Nice Loop": "Grouped Nice Loop/AIC",
    "Grouped Discontinuous Nice Loop": "Grouped Nice Loop/AIC",
    "Grouped AIC": "Grouped Nice Loop/AIC",
    "Almost Locked Set XZ-Rule": "ALS-XZ",
    "Almost Locked Set XY-Wing": "ALS-XY-Wing",
    "Almost Locked Set XY-Chain": "ALS-XY-Chain",
    "Forcing Chain Contradiction": "Forcing Chain",
    "Forcing Chain Verity": "Forcing Chain",
    "Forcing Net Contradiction": "Forcing Net",
    "Forcing Net Verity": "Forcing Net",
    "Brute Force": "Trial and Error",
}
"""HoDoKu's technique names that differ from ours (several of its names are one of ours)."""

Effect = tuple[str, frozenset[tuple[int, int]], frozenset[tuple[int, int]]]
"""A step as compared: technique (our name), placements, eliminations."""


def their_step(step: Sequence[Any]) -> Effect:
    """A step of HoDoKu's path (as the oracle writes it) in our terms.

    Examples:
        >>> their_step(["Bivalue Universal Grave + 1", [], [[4, 2]]])
        ('BUG+1', frozenset(), frozenset({(4, 2)}))
    """
    name, placed, removed = step
    return (
        _OUR_NAME.get(name, name),
        frozenset((c, d) for c, d in placed),
        frozenset((c, d) for c, d in removed),
    )


def our_step(step: Step) -> Effect:
    """One of our steps as compared."""
    return (step.technique, frozenset(step.placements), frozenset(step.eliminations))


def effect_text(effect: Effect) -> str:
    """``Hidden Rectangle: r8c1<>9`` (HoDoKu's notation: ``=`` places, ``<>`` removes).

    Examples:
        >>> effect_text(("XY-Wing", frozenset(), frozenset({(0, 5), (9, 5)})))
        'XY-Wing: r1c1<>5, r2c1<>5'
    """
    name, placed, removed = effect
    parts = [f"{cell_name(c)}={d}" for c, d in sorted(placed)]
    parts += [f"{cell_name(c)}<>{d}" for c, d in sorted(removed)]
    return f"{name}: {', '.join(parts)}"


def is_unsound(step: Step, solution: Grid) -> bool:
    """True when the step places a wrong digit or removes a right one."""
    return any(solution[c] != d for c, d in step.placements) or any(
        solution[c] == d for c, d in step.eliminations
    )


# --- the sample -----------------------------------------------------------------------------


def random_minimal(count: int, seed: int) -> list[str]:
    """``count`` random minimal puzzles, the same for the same seed."""
    rng = random.Random(seed)
    return [
        format_line(generate(seed=rng.randrange(2**31), minimal=True, max_seconds=None).puzzle)
        for _ in range(count)
    ]


def hardest(count: int, seed: int) -> list[str]:
    """``count`` puzzles drawn from the hardest set with the seed (its order kept)."""
    for path in default_paths():
        if path.stem == HARDEST:
            cases, _ = load_cases(path)
            grids = [format_line(c.grid) for c in cases if c.expected == 1]
            picked = sorted(random.Random(seed).sample(range(len(grids)), min(count, len(grids))))
            return [grids[i] for i in picked]
    raise SystemExit(f"puzzle set {HARDEST!r} not found (see sudoku_core.puzzle_files)")


# --- the reference --------------------------------------------------------------------------


def has_hodoku(python: str) -> bool:
    """Whether ``python`` is an interpreter that can import hodoku-py."""
    try:
        probe = subprocess.run(
            [python, "-c", hodoku_oracle.PROBE], capture_output=True, check=False
        )
    except OSError:  # no such interpreter
        return False
    return probe.returncode == 0


def hodoku_paths(
    puzzles: Sequence[str], python: str, cache: Path | None, jobs: int = 1
) -> dict[str, dict[str, Any]]:
    """HoDoKu's grade and path of each puzzle (:mod:`~sudoku_core.bench.hodoku_oracle`), from
    ``cache`` (JSON lines) where it has them, else from ``jobs`` oracle processes (HoDoKu takes
    seconds a hard puzzle); new answers are added to the cache as they come."""
    known: dict[str, dict[str, Any]] = {}
    if cache is not None and cache.exists():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            if "steps" in row:
                known[row["p"]] = row
    todo = [p for p in dict.fromkeys(puzzles) if p not in known]
    if not todo:
        return known
    lock = threading.Lock()
    script = Path(hodoku_oracle.__file__)

    def run(part: list[str]) -> None:
        process = subprocess.Popen(
            [python, str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("\n".join(part) + "\n")
        process.stdin.close()
        for line in process.stdout:
            row = json.loads(line)
            with lock:
                known[row["p"]] = row
                if cache is not None:
                    with cache.open("a") as out:
                        out.write(line)
                done = sum(p in known for p in todo)
                print(f"  HoDoKu: {done}/{len(todo)}", file=sys.stderr, flush=True)
        if process.wait() != 0:
            raise SystemExit(f"the HoDoKu oracle failed (exit {process.returncode})")

    threads = [
        threading.Thread(target=run, args=(todo[i::jobs],)) for i in range(min(jobs, len(todo)))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    missing = [p for p in todo if p not in known]
    if missing:
        raise SystemExit(f"the HoDoKu oracle gave no answer for {len(missing)} puzzles")
    return known


# --- the comparisons ------------------------------------------------------------------------


def compare_path(puzzle: str, theirs: dict[str, Any]) -> dict[str, Any]:
    """Our grade and path of one puzzle against HoDoKu's."""
    ours = grade(puzzle)
    solution = ours.solution
    our_path = [our_step(s) for s in ours.path]
    their_path = [their_step(s) for s in theirs["steps"]]
    differs = next(
        (i for i, (a, b) in enumerate(zip(our_path, their_path, strict=False)) if a != b),
        None if len(our_path) == len(their_path) else min(len(our_path), len(their_path)),
    )
    row: dict[str, Any] = {
        "puzzle": puzzle,
        "level": [theirs["level"], ours.level.value],
        "score": [theirs["score"], ours.score],
        "same_level": ours.level.value == theirs["level"],
        "score_near": abs(ours.score - theirs["score"]) <= 0.05 * theirs["score"],
        "identical": differs is None,
        "steps": len(ours.path),
        "unsound": [s.text for s in ours.path if is_unsound(s, solution)],
    }
    if differs is not None:
        row["differs_at"] = differs
        row["theirs"] = effect_text(their_path[differs]) if differs < len(their_path) else "-"
        row["ours"] = effect_text(our_path[differs]) if differs < len(our_path) else "-"
    return row


def hint_states(
    paths: Sequence[dict[str, Any]], count: int, seed: int
) -> list[tuple[dict[str, Any], int]]:
    """``count`` mid-solve states, each (HoDoKu's record, the number of its steps done):
    puzzles drawn with the seed, each state one whose next step is not a single."""
    rng = random.Random(seed)
    eligible = [
        (record, [k for k, s in enumerate(record["steps"]) if their_step(s)[0] not in SINGLES])
        for record in paths
    ]
    eligible = [(record, ks) for record, ks in eligible if ks]
    picked = rng.sample(eligible, min(count, len(eligible)))
    return [(record, rng.choice(ks)) for record, ks in picked]


def compare_hint(record: dict[str, Any], done: int) -> dict[str, Any]:
    """Our hint on the board after HoDoKu's first ``done`` steps, against its next step."""
    givens = record["p"]
    board = Board.from_grid(tuple(int(ch) if ch in "123456789" else 0 for ch in givens))
    for step in record["steps"][:done]:
        for c, d in step[1]:
            if not board.values[c]:
                board.place(c, d)
        for c, d in step[2]:
            board.eliminate(c, d)
    found = hint(givens, board.grid(), board.cands, marks="complete")
    theirs = their_step(record["steps"][done])
    row: dict[str, Any] = {
        "puzzle": givens,
        "done": done,
        "theirs": effect_text(theirs),
        "ours": effect_text(our_step(found.step)) if found.step else found.kind,
        "same_technique": found.step is not None and found.step.technique == theirs[0],
        "same_effect": found.step is not None and our_step(found.step) == theirs,
    }
    solution = solve(givens)
    row["unsound"] = bool(found.step and solution and is_unsound(found.step, solution))
    return row


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def summary(
    random_rows: list[dict[str, Any]],
    hardest_rows: list[dict[str, Any]],
    hint_rows: list[dict[str, Any]],
) -> list[tuple[str, str]]:
    """The issue's figures, each (what, value)."""
    both = random_rows + hardest_rows
    steps = sum(r["steps"] for r in both) + len(hint_rows)
    unsound = sum(len(r["unsound"]) for r in both) + sum(r["unsound"] for r in hint_rows)

    def count(rows: list[dict[str, Any]], key: str) -> int:
        return sum(bool(r[key]) for r in rows)

    return [
        (
            "level agreement (random minimal + hardest)",
            f"{count(both, 'same_level')}/{len(both)}",
        ),
        (
            "score within 5%: random minimal / hardest",
            f"{_percent(count(random_rows, 'score_near'), len(random_rows))} / "
            f"{_percent(count(hardest_rows, 'score_near'), len(hardest_rows))}",
        ),
        (
            "identical path, step by step: random minimal / hardest",
            f"{_percent(count(random_rows, 'identical'), len(random_rows))} / "
            f"{_percent(count(hardest_rows, 'identical'), len(hardest_rows))}",
        ),
        (
            "hint from a mid-solve state (non-single next step): same technique / and effect",
            f"{count(hint_rows, 'same_technique')}/{len(hint_rows)} / "
            f"{count(hint_rows, 'same_effect')}/{len(hint_rows)}",
        ),
        ("unsound steps (paths and hints)", f"{unsound} of {steps}"),
    ]


def partings(rows: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    """Where the paths part from HoDoKu's: per pair of techniques (HoDoKu's / ours) at the
    first step that differs, how many puzzles, and one example."""
    pairs: Counter[str] = Counter()
    example: dict[str, str] = {}
    for row in rows:
        if row["identical"]:
            continue
        key = f"{row['theirs'].split(':')[0]} / {row['ours'].split(':')[0]}"
        pairs[key] += 1
        example.setdefault(
            key, f"{row['puzzle']} step {row['differs_at'] + 1}: {row['theirs']} / {row['ours']}"
        )
    return [(key, n, example[key]) for key, n in pairs.most_common()]


def markdown_table(figures: list[tuple[str, str]]) -> str:
    """The figures as a two-column Markdown table.

    Examples:
        >>> print(markdown_table([("unsound steps", "0 of 10")]))
        | figure | measured |
        | --- | ---: |
        | unsound steps | 0 of 10 |
    """
    lines = ["| figure | measured |", "| --- | ---: |"]
    lines += [f"| {what} | {value} |" for what, value in figures]
    return "\n".join(lines)


# --- the command ----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns 1 if a step was unsound, 2 without hodoku-py."""
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_core bench --hodoku", description=__doc__
    )
    parser.add_argument(
        "--random", type=int, default=160, metavar="N", help="random minimal puzzles (default 160)"
    )
    parser.add_argument(
        "--hardest", type=int, default=60, metavar="M", help=f"puzzles of {HARDEST} (default 60)"
    )
    parser.add_argument(
        "--hints", type=int, default=40, metavar="K", help="mid-solve hint states (default 40)"
    )
    parser.add_argument("--seed", type=int, default=27, help="the sample's seed (default 27)")
    parser.add_argument(
        "--hodoku-python",
        default=sys.executable,
        help="an interpreter with hodoku-py (default: this one)",
    )
    parser.add_argument(
        "--hodoku-cache", type=Path, metavar="FILE", help="JSON-lines file keeping HoDoKu's paths"
    )
    parser.add_argument("--jobs", type=int, default=1, help="HoDoKu processes at once (default 1)")
    parser.add_argument(
        "--details", type=Path, metavar="FILE", help="write every comparison to FILE (JSON lines)"
    )
    parser.add_argument(
        "--markdown", action="store_true", help="a Markdown table (for docs/performance.md)"
    )
    args = parser.parse_args(argv)
    cached = args.hodoku_cache is not None and args.hodoku_cache.exists()
    if not cached and not has_hodoku(args.hodoku_python):
        print(
            f"bench --hodoku: hodoku-py is not installed for {args.hodoku_python}: it is a "
            "development dependency (requirements-dev.txt; `python build.py bench --hodoku` sets "
            "up .venv with it), or `pip install hodoku-py==0.2.1`, or name an interpreter that "
            "has it with --hodoku-python",
            file=sys.stderr,
        )
        return 2
    random_puzzles = random_minimal(args.random, args.seed)
    hardest_puzzles = hardest(args.hardest, args.seed)
    everything = random_puzzles + hardest_puzzles
    theirs = hodoku_paths(everything, args.hodoku_python, args.hodoku_cache, args.jobs)
    print(f"  comparing {len(everything)} paths ...", file=sys.stderr, flush=True)
    random_rows = [compare_path(p, theirs[p]) for p in random_puzzles]
    hardest_rows = [compare_path(p, theirs[p]) for p in hardest_puzzles]
    states = hint_states([theirs[p] for p in everything], args.hints, args.seed)
    hint_rows = [compare_hint(record, done) for record, done in states]
    if args.details is not None:
        with args.details.open("w") as out:
            for kind, rows in (
                ("random", random_rows),
                ("hardest", hardest_rows),
                ("hint", hint_rows),
            ):
                for row in rows:
                    out.write(json.dumps({"kind": kind, **row}) + "\n")
    figures = summary(random_rows, hardest_rows, hint_rows)
    _print(figures, partings(random_rows + hardest_rows), hint_rows, markdown=args.markdown)
    unsound = [r for r in random_rows + hardest_rows if r["unsound"]] + [
        r for r in hint_rows if r["unsound"]
    ]
    for row in unsound:
        print(f"UNSOUND {row['puzzle']}: {row['unsound']}", file=sys.stderr)
    return 1 if unsound else 0


def _print(
    figures: list[tuple[str, str]],
    parted: list[tuple[str, int, str]],
    hint_rows: list[dict[str, Any]],
    *,
    markdown: bool,
) -> None:
    """The table, then where the paths part and the hints that differ."""
    if markdown:
        print(f"\n{markdown_table(figures)}\n")
    else:
        for what, value in figures:
            print(f"- {what}: {value}")
    print(
        "\nWhere the paths part from HoDoKu's (HoDoKu's technique / ours, puzzles, an example):\n"
    )
    for key, n, example in parted:
        print(f"- {key}: {n}; e.g. `{example}`")
    differ = [r for r in hint_rows if not r["same_effect"]]
    if differ:
        print("\nHints that differ (HoDoKu's step / ours):\n")
        for row in differ:
            print(f"- `{row['puzzle']}` after {row['done']} steps: {row['theirs']} / {row['ours']}")
