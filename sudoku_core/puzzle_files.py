"""Reading puzzle files: one puzzle per line, ``#`` comments, or one puzzle laid out as a grid.

Collections in the wild append fields after the puzzle (``puzzle:count:solution`` in tdoku's
test data, ratings after a space or a tab); those are kept as ``extra`` for the caller.
:func:`load_cases` turns those fields into expected answers, and :func:`default_paths` finds
the puzzle sets the benchmark and the data-driven tests read.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import MAX_INPUT_CHARS, parse
from sudoku_core.grid import Grid

MAX_FILE_BYTES = 256 * 1024 * 1024
_SEPARATORS = frozenset(":;\t ,")
_REPO = Path(__file__).resolve().parents[1]
CURATED_FOLDER = _REPO / "tests" / "data"
"""The small corpus shipped in the repo, so a fresh clone benchmarks and tests without ../shared."""
SHARED_FOLDER = _REPO.parent / "shared" / "puzzles"
"""The full public sets, when they sit beside the repo (as in CI)."""


@dataclass(frozen=True)
class PuzzleLine:
    """One puzzle read from a source, or the error that stopped it."""

    source: str
    line: int
    grid: Grid | None
    extra: tuple[str, ...] = ()
    error: str | None = None
    text: str | None = None
    """A line that did not parse, as read (cut at 100 characters), so output can show it."""

    @property
    def where(self) -> str:
        """``file:line`` for messages."""
        return f"{self.source}:{self.line}"


def _split_fields(line: str) -> tuple[str, tuple[str, ...]]:
    """The puzzle part of a line and the fields after it (``puzzle:count:solution``, ratings)."""
    head = line[:81]
    if len(line) > 81 and line[81] in _SEPARATORS and not _SEPARATORS & set(head):
        return head, tuple(f for f in re.split(r"[:;\t ,]+", line[82:]) if f)
    return line, ()


def read_lines(text: str, source: str) -> Iterator[PuzzleLine]:
    """Every puzzle of a text, one per line, or the whole text as one grid.

    A text whose first content line is a whole puzzle (81 cells or more characters) is read
    line by line; otherwise the whole text is one puzzle laid out over several lines.

    Examples:
        >>> [p.grid is not None for p in read_lines("# two\\n" + "." * 81 + "\\n\\n" + "1" * 80, "x")]
        [True, False]
    """
    lines = text.removeprefix("\ufeff").splitlines()
    content = [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip()]
    content = [(n, line) for n, line in content if not line.startswith("#")]
    if not content:
        return
    first = content[0][1]
    if len(first) < 81 or first.startswith(("+", "|", "[")):
        start = content[0][0]
        try:
            grid = parse("\n".join(lines[start - 1 :])[: MAX_INPUT_CHARS + 1])
            yield PuzzleLine(source, start, grid)
        except InvalidPuzzleError as error:
            at = start + (error.line - 1 if error.line else 0)
            yield PuzzleLine(source, at, None, error=str(error))
        return
    for number, line in content:
        head, extra = _split_fields(line)
        try:
            yield PuzzleLine(source, number, parse(head), extra)
        except InvalidPuzzleError as error:
            yield PuzzleLine(source, number, None, extra, error=str(error), text=line[:100])


def read_file(path: str | Path) -> Iterator[PuzzleLine]:
    """The puzzles of a file (see :func:`read_lines`); an unreadable file is one error line."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            yield PuzzleLine(str(path), 0, None, error=f"file larger than {MAX_FILE_BYTES} bytes")
            return
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        yield PuzzleLine(str(path), 0, None, error=f"cannot read: {error.strerror or error}")
        return
    yield from read_lines(text, str(path))


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    """The command line's puzzle sources: PUZZLE arguments and ``-f FILE`` (``-`` = stdin)."""
    parser.add_argument("puzzles", nargs="*", metavar="PUZZLE", help="a puzzle as text")
    parser.add_argument(
        "-f", "--file", action="append", metavar="FILE", help="read puzzles from FILE ('-' = stdin)"
    )


def read_inputs(args: argparse.Namespace, stdin: TextIO) -> Iterator[PuzzleLine]:
    """The puzzles named by :func:`add_input_arguments`, in order; stdin when none is named."""
    for index, text in enumerate(args.puzzles, 1):
        yield from read_lines(text, f"argument {index}")
    for path in args.file or ():
        yield from read_lines(stdin.read(), "<stdin>") if path == "-" else read_file(path)
    if not args.puzzles and not args.file:
        yield from read_lines(stdin.read(), "<stdin>")


@dataclass(frozen=True)
class Case:
    """A puzzle and what its file says about it: the solution count (2 = several) and solution."""

    grid: Grid
    expected: int
    solution: Grid | None


def default_folder() -> Path | None:
    """The folder of puzzle sets to read when none is named, or None when there is none.

    In order: ``$SUDOKU_PUZZLES``; the full shared sets in ``../shared/puzzles`` (beside the
    current directory or beside the repo); the repo's curated corpus ``tests/data``, which has
    the same file names with samples of the big sets.
    """
    candidates = [os.environ.get("SUDOKU_PUZZLES", "")]
    candidates += [str(Path.cwd().parent / "shared" / "puzzles")]
    candidates += [str(SHARED_FOLDER), str(CURATED_FOLDER)]
    for folder in filter(None, candidates):
        if any(Path(folder).glob("*.txt")):
            return Path(folder)
    return None


def default_paths() -> list[Path]:
    """Every ``*.txt`` puzzle set of :func:`default_folder`, sorted; empty when there is none."""
    folder = default_folder()
    return sorted(folder.glob("*.txt")) if folder else []


def load_cases(path: Path, limit: int | None = None) -> tuple[list[Case], int]:
    """The puzzles of a set with their expected answers, and how many lines failed to parse.

    A ``puzzle:count:solution`` line gives the count (capped at 2, "several") and the solution;
    a file named ``*multi*`` holds puzzles with several solutions; any other puzzle is unique.
    """
    several = "multi" in path.name
    cases: list[Case] = []
    bad = 0
    for item in read_file(path):
        if item.grid is None:
            bad += 1
            continue
        expected, solution = (2 if several else 1), None
        if item.extra and item.extra[0].isdigit():
            expected = min(int(item.extra[0]), 2)
            if expected == 1 and len(item.extra) > 1 and len(item.extra[1]) == 81:
                solution = tuple(int(ch) for ch in item.extra[1])
        cases.append(Case(item.grid, expected, solution))
        if limit is not None and len(cases) >= limit:
            break
    return cases, bad
