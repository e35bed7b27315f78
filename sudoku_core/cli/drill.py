"""The ``drill`` subcommand: positions whose next step is a chosen technique, and the page's pack.

``python -m sudoku_core drill --technique "X-Wing" --count 5`` writes five positions whose
next step, by the grader, is an X-Wing (:mod:`sudoku_core.drills`), found on the solving paths
of the puzzles given (arguments, ``-f FILE``) or, when none is given, of generated puzzles
from ``--seed``. ``--format json`` writes each position as one JSON object (puzzle, digits,
candidates, solution, the step); ``line`` and ``grid`` write the position's digits, each
after a ``#`` line with the technique and the candidates (as ``hint --candidates`` reads
them), so the output is itself a puzzle file.

``python -m sudoku_core drill --pack -o web/train/drill-pack.json`` makes the page's drill pack:
up to ``--per-technique`` positions of every technique drilled, from the hard public
sets (``magictour_top1465.txt``, ``top95.txt`` of ``$SUDOKU_PUZZLES`` or ``../shared/puzzles``),
generated puzzles, and last the first puzzles of ``forum_hardest_1905_11plus.txt`` (for the
techniques still short: Avoidable Rectangle Type 2 turns up there, about once in a hundred
walks), at most one position of a technique per puzzle, chosen by ``--seed`` (one where the
technique has one answer when the puzzle has such a position:
:func:`sudoku_core.drills.is_only_instance`; otherwise the record carries the other
instances, ``others``): the same sets and options always give the same file, byte for byte.
``tests/test_drills.py`` grades every position of it again.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sudoku_core.cli.command import (
    Command,
    Exit,
    Streams,
    add_jobs_argument,
    at_least,
    processes,
    seed_number,
)
from sudoku_core.drills import (
    DRILL_TECHNIQUES,
    NEVER_NEXT,
    Drill,
    instances,
    is_only_instance,
    iter_positions,
    marks_text,
)
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import format_grid, format_line
from sudoku_core.generator import generate
from sudoku_core.grid import Grid
from sudoku_core.logic.steps import TECHNIQUES
from sudoku_core.puzzle_files import (
    add_input_arguments,
    default_folder,
    read_file,
    read_inputs,
)
from sudoku_core.verdict import unique_solution

PACK_VERSION = 1
PACK_SETS = ("magictour_top1465.txt", "top95.txt")
"""The public sets a pack walks first (hard puzzles: most of the Unfair techniques)."""
PACK_LAST = ("forum_hardest_1905_11plus.txt", 1200)
"""A set and how many of its first puzzles a pack walks last, after the generated ones: the
techniques the others lack (their first 1,200 walks hold ten Avoidable Rectangle Type 2
positions, the sets before and the generated puzzles none)."""
PACK_GENERATED = 1500
# (a bound, not a need: a pack walks 1,500; without one a huge number fails in range's length)
MAX_GENERATED = 1_000_000
"""Generated puzzles a pack walks after them (the easier techniques, and more variety)."""


def positions(puzzle: Grid) -> list[Drill]:
    """Every position of a puzzle's walk (:func:`sudoku_core.drills.iter_positions`)."""
    solution = unique_solution(puzzle)
    return [item for item in iter_positions(puzzle, solution) if item is not None]


def _generated(seed: int) -> Grid:
    return generate(seed=seed, symmetry="none", max_seconds=None).puzzle


def _walk_generated(seed: int) -> list[Drill]:
    return positions(_generated(seed))


def _walks(puzzles: list[Grid], seeds: range, last: list[Grid], jobs: int) -> Iterator[list[Drill]]:
    """The walks of ``puzzles``, of generated puzzles of ``seeds``, then of ``last``, in that
    order."""
    if jobs <= 1:
        yield from map(positions, puzzles)
        yield from map(_walk_generated, seeds)
        yield from map(positions, last)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(positions, puzzles, chunksize=4)
        yield from pool.imap(_walk_generated, seeds, chunksize=4)
        yield from pool.imap(positions, last, chunksize=4)


def drill_record(drill: Drill) -> dict[str, Any]:
    """A drill as the pack holds it: :meth:`Drill.to_dict` with the technique's other
    instances in the position (:func:`sudoku_core.drills.instances`) and the candidates as
    one comma-separated string (``hint --candidates``'s form)."""
    record = drill.to_dict(instances(drill)[1:])
    record["candidates"] = ",".join(record["candidates"])
    return record


def pack_text(drills: list[Drill], seed: int, sources: list[str]) -> str:
    """The pack file: ``{"v": 1, "seed", "sources", "techniques", "never", "drills": [...]}``,
    one drill a line, grouped by technique in the catalogue's order. ``techniques`` names every
    technique drilled, with its level and how many positions the pack has of it (the page
    offers those with none too, made by the worker); ``never``, the techniques up to Unfair
    that are never a next step, with their level and why (the page says so)."""
    order = {name: index for index, name in enumerate(DRILL_TECHNIQUES)}
    ranked = sorted(drills, key=lambda drill: order[drill.technique])
    rows = [json.dumps(drill_record(drill), separators=(",", ":")) for drill in ranked]
    counts = Counter(drill.technique for drill in drills)
    techniques = [[name, TECHNIQUES[name].level.value, counts[name]] for name in DRILL_TECHNIQUES]
    never = [[name, TECHNIQUES[name].level.value, why] for name, why in NEVER_NEXT.items()]
    head = json.dumps(
        {
            "v": PACK_VERSION,
            "seed": seed,
            "sources": sources,
            "techniques": techniques,
            "never": never,
        }
    )[:-1]
    return head + ', "drills": [\n' + ",\n".join(rows) + "\n]}\n"


def _pack_puzzles(
    streams: Streams, names: tuple[str, ...], first: int | None = None
) -> tuple[list[Grid], list[str]]:
    """The puzzles of the public sets ``names`` (the ``first`` of each when given), and the
    sources as the pack names them."""
    folder = default_folder()
    puzzles: list[Grid] = []
    sources: list[str] = []
    for name in names:
        path = None if folder is None else folder / name
        if path is None or not path.is_file():
            streams.stderr.write(f"drill --pack: {name} not found; walked without it\n")
            continue
        found = [line.grid for line in read_file(path) if line.grid is not None][:first]
        puzzles += found
        sources.append(f"{name} ({len(found)}{'' if first is None else ', the first'})")
    return puzzles, sources


def make_pack(args: argparse.Namespace, streams: Streams) -> int:
    """Walk the sources until every technique has ``--per-technique`` positions or the
    sources end; write the pack (techniques with none are said on stderr)."""
    puzzles, sources = _pack_puzzles(streams, PACK_SETS)
    seeds = range(args.seed, args.seed + args.generated)
    sources.append(f"generated seeds {seeds.start}-{seeds.stop - 1}")
    last, more = _pack_puzzles(streams, PACK_LAST[:1], PACK_LAST[1])
    sources += more
    rng = random.Random(args.seed)
    chosen: dict[str, list[Drill]] = {name: [] for name in DRILL_TECHNIQUES}
    seen: set[tuple[Grid, tuple[int, ...]]] = set()
    total = len(puzzles) + len(seeds) + len(last)
    walks = _walks(puzzles, seeds, last, processes(args.jobs, streams.stderr))
    for done, walk in enumerate(walks, 1):
        by_technique: dict[str, list[Drill]] = {}
        for drill in walk:
            by_technique.setdefault(drill.technique, []).append(drill)
        for name, found in by_technique.items():
            if len(chosen[name]) >= args.per_technique:
                continue
            rng.shuffle(found)
            drill = next((d for d in found if is_only_instance(d)), found[0])
            if len(chosen[name]) < args.per_technique and (drill.grid, drill.marks) not in seen:
                seen.add((drill.grid, drill.marks))
                chosen[name].append(drill)
        if done % 100 == 0:
            full = sum(len(found) >= args.per_technique for found in chosen.values())
            streams.stderr.write(f"{done}/{total} puzzles, {full} techniques full\n")
            streams.stderr.flush()
        if all(len(found) >= args.per_technique for found in chosen.values()):
            break
    for name, found in chosen.items():
        if len(found) < args.per_technique:
            streams.stderr.write(f"\n{name}: {len(found)} position{'' if len(found) == 1 else 's'}")
    streams.stderr.write("\n")
    drills = [drill for found in chosen.values() for drill in found]
    text = pack_text(drills, args.seed, sources)
    if args.output == "-":
        streams.stdout.write(text)
    else:
        path = Path(args.output)
        partial = path.with_name(path.name + ".partial")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    return Exit.OK


def _write_drill(drill: Drill, fmt: str, streams: Streams) -> None:
    if fmt == "json":
        streams.stdout.write(json.dumps(drill.to_dict(instances(drill)[1:])) + "\n")
        return
    marks = ",".join(marks_text(drill.marks))
    streams.stdout.write(f"# {drill.technique}: candidates {marks}\n")
    grid = format_line(drill.grid) if fmt == "line" else format_grid(drill.grid)
    streams.stdout.write(grid + "\n")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """The pack, or ``--count`` positions of ``--technique``."""
    if args.pack:
        return make_pack(args, streams)
    if args.technique is None:
        streams.stderr.write("drill: name a --technique (or make the page's pack with --pack)\n")
        return Exit.BAD_INPUT
    if args.technique in NEVER_NEXT:
        streams.stderr.write(
            f"drill: no drill for {args.technique!r}: {NEVER_NEXT[args.technique]}\n"
        )
        return Exit.BAD_INPUT
    if args.technique not in DRILL_TECHNIQUES:
        streams.stderr.write(
            f"drill: no drill for {args.technique!r}; the techniques are: "
            + ", ".join(DRILL_TECHNIQUES)
            + "\n"
        )
        return Exit.BAD_INPUT
    given = args.puzzles or args.file
    items = list(read_inputs(args, streams.stdin)) if given else []
    code = Exit.OK
    sources: Iterator[Grid]
    if given:
        sources = (item.grid for item in items if item.grid is not None)
        for item in items:
            if item.grid is None:
                streams.stderr.write(f"{item.where}: {item.error}\n")
                code = Exit.BAD_INPUT
    else:
        sources = map(_generated, range(args.seed, args.seed + args.max_puzzles))
    rng = random.Random(args.seed)
    written = 0
    for puzzle in sources:
        try:
            found = [d for d in positions(puzzle) if d.technique == args.technique]
        except InvalidPuzzleError as error:
            streams.stderr.write(f"drill: {format_line(puzzle)}: {error}\n")
            code = Exit.NOT_UNIQUE
            continue
        if found:
            _write_drill(rng.choice(found), args.format, streams)
            streams.stdout.flush()
            written += 1
            if written == args.count:
                return code
    streams.stderr.write(
        f"drill: {written} of {args.count} positions of {args.technique} found"
        + ("" if given else f" in {args.max_puzzles} generated puzzles (--max-puzzles)")
        + "\n"
    )
    return Exit.GAVE_UP if code == Exit.OK else code


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument("--technique", metavar="NAME", help='the technique to drill, e.g. "X-Wing"')
    parser.add_argument(
        "--count", type=at_least(1), default=1, metavar="N", help="positions (default 1)"
    )
    parser.add_argument(
        "--seed", type=seed_number, default=1, help="the generated puzzles' first seed (default 1)"
    )
    parser.add_argument(
        "--max-puzzles",
        type=at_least(1),
        default=500,
        metavar="N",
        help="generated puzzles to look through at most (default 500)",
    )
    parser.add_argument(
        "--pack", action="store_true", help="make the page's drill pack (web/train/drill-pack.json)"
    )
    parser.add_argument(
        "--per-technique",
        type=at_least(1),
        default=60,
        metavar="N",
        help="--pack: positions per technique at most (default 60)",
    )
    parser.add_argument(
        "--generated",
        type=at_least(0, MAX_GENERATED),
        default=PACK_GENERATED,
        metavar="N",
        help=f"--pack: generated puzzles walked after the sets (default {PACK_GENERATED})",
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="FILE", help="--pack: where to write it"
    )
    add_jobs_argument(parser)


COMMAND = Command(
    "drill",
    "positions whose next step is a technique (and the page's drill pack)",
    _add_arguments,
    run,
    ("json", "line", "grid"),
)
