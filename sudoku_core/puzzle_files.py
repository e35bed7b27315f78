"""Reading puzzle files: one puzzle per line, ``#`` comments, or one puzzle laid out as a grid.

Collections in the wild append fields after the puzzle (``puzzle:count:solution`` in tdoku's
test data, ratings after a space or a tab); those are kept as ``extra`` for the caller.
:func:`load_cases` turns those fields into expected answers, and :func:`default_paths` finds
the puzzle sets the benchmark and the data-driven tests read.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import sys

from sudoku_core._record import Record
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import MAX_INPUT_CHARS, Position, parse, read_other
from sudoku_core.grid import Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path
    from typing import TextIO

    CURATED_FOLDER: Path
    """The small corpus shipped in the repo, so a fresh clone benchmarks and tests without
    ../shared."""
    SHARED_FOLDER: Path
    """The full public sets, when they sit beside the repo (as in CI)."""

# pathlib is imported only where a path is used (reading ``-f FILE``, finding the puzzle
# sets): with the ``urllib`` and ``ipaddress`` modules it brings, it cost 5 ms of every start
# of the command line, which ``solve PUZZLE`` never needed.

MAX_FILE_BYTES = 256 * 1024 * 1024
_SEPARATORS = frozenset(":;\t ,")


def __getattr__(name: str) -> Path:
    """:data:`CURATED_FOLDER` and :data:`SHARED_FOLDER`, made on first use (see above)."""
    if name not in ("CURATED_FOLDER", "SHARED_FOLDER"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    curated = name == "CURATED_FOLDER"
    folder = repo / "tests" / "data" if curated else repo.parent / "shared" / "puzzles"
    globals()[name] = folder  # made once: later look-ups find it (or a test's replacement)
    return folder


def _folder(name: str) -> Path:
    """One of the folders above, as set now (a test may have replaced it)."""
    folder: Path = getattr(sys.modules[__name__], name)
    return folder


class PuzzleLine(Record):
    """One puzzle read from a source, or the error that stopped it.

    ``text``: a line that did not parse, as read (cut at 100 characters), so output can show
    it. ``position``: the player's digits and marks too, for a text in a format that carries
    them (an f-puzzles link, a HoDoKu line...), which ``format --to`` writes again.
    """

    _fields = ("source", "line", "grid", "extra", "error", "text", "position")
    __slots__ = _fields

    def __init__(
        self,
        source: str,
        line: int,
        grid: Grid | None,
        extra: tuple[str, ...] = (),
        *,
        error: str | None = None,
        text: str | None = None,
        position: Position | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.grid = grid
        self.extra = extra
        self.error = error
        self.text = text
        self.position = position

    def __repr__(self) -> str:  # where it came from, without its 81 digits
        return f"PuzzleLine({self.source!r}, {self.line}, error={self.error!r})"

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


GRID_MAX_LINES = 13
"""The most content lines one grid takes: nine rows and four rules (``.sdk``, boxed)."""


def read_lines(text: str, source: str) -> Iterator[PuzzleLine]:
    """Every puzzle of a text, one per line, or the whole text as one grid.

    The text is one grid only when its content lines (not blank, not ``#``) read together as
    exactly one puzzle. Otherwise every line is a puzzle and each bad one is reported with its
    line number, so a truncated first puzzle or an uncommented header costs that line alone.
    Only when no line is a puzzle by itself, in a text short enough to be a grid (at most
    :data:`GRID_MAX_LINES` lines), is it reported once, as a grid, at the line at fault.

    Examples:
        >>> [p.grid is not None for p in read_lines("# two\\n" + "." * 81 + "\\n\\n" + "1" * 80, "x")]
        [True, False]
        >>> [(p.line, p.grid is not None) for p in read_lines("1234\\n" + "." * 81, "x")]
        [(1, False), (2, True)]
    """
    lines = text.removeprefix("\ufeff").splitlines()
    content = [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip()]
    content = [(n, line) for n, line in content if not line.startswith("#")]
    if not content:
        return
    as_grid: PuzzleLine | None = None
    if len(content) > 1:
        start = content[0][0]
        try:
            as_grid = _puzzle_line(source, start, _text_from(lines, start))
        except InvalidPuzzleError as error:
            at = start + (error.line - 1 if error.line else 0)
            shown = lines[at - 1][:100] if at <= len(lines) else None
            as_grid = PuzzleLine(source, at, None, error=str(error), text=shown)
        if as_grid.grid is not None:
            yield as_grid
            return
    if as_grid is None or len(content) > GRID_MAX_LINES:
        yield from (_read_line(source, number, line) for number, line in content)
        return
    # A short text that is not one grid: a file of puzzles when any line reads as one;
    # with none, it was meant as a grid, and the grid's error says where it went wrong.
    held = [_read_line(source, number, line) for number, line in content]
    yield from held if any(item.grid is not None for item in held) else [as_grid]


def _text_from(lines: list[str], start: int) -> str:
    """The text from line ``start`` on, cut just past what :func:`parse` reads: a big file
    of puzzles is refused as one grid at once, without being joined whole first."""
    taken: list[str] = []
    size = 0
    for line in itertools.islice(lines, start - 1, None):
        taken.append(line)
        size += len(line) + 1
        if size > MAX_INPUT_CHARS:
            break
    return "\n".join(taken)[: MAX_INPUT_CHARS + 1]


def _puzzle_line(source: str, number: int, text: str, extra: tuple[str, ...] = ()) -> PuzzleLine:
    """The puzzle of a text, with the position when its format carries one."""
    position = read_other(text)
    if position is None:
        return PuzzleLine(source, number, parse(text), extra)
    return PuzzleLine(source, number, position.givens, extra, position=position)


def _read_line(source: str, number: int, line: str) -> PuzzleLine:
    """One line of a file of puzzles: the puzzle and its extra fields, or why it is not one."""
    head, extra = _split_fields(line)
    try:
        return _puzzle_line(source, number, head, extra)
    except InvalidPuzzleError as error:
        return PuzzleLine(source, number, None, extra, error=str(error), text=line[:100])


def read_file(path: str | Path) -> Iterator[PuzzleLine]:
    """The puzzles of a file (see :func:`read_lines`); an unreadable file is one error line."""
    from pathlib import Path

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


class Case(Record):
    """A puzzle and what its file says about it: the solution count (2 = several) and solution."""

    _fields = ("grid", "expected", "solution")
    __slots__ = _fields

    def __init__(self, grid: Grid, expected: int, solution: Grid | None) -> None:
        self.grid = grid
        self.expected = expected
        self.solution = solution


def default_folder() -> Path | None:
    """The folder of puzzle sets to read when none is named, or None when there is none.

    In order: ``$SUDOKU_PUZZLES``; the full shared sets in ``../shared/puzzles`` (beside the
    current directory or beside the repo); the repo's curated corpus ``tests/data``, which has
    the same file names with samples of the big sets.
    """
    from pathlib import Path

    candidates = [os.environ.get("SUDOKU_PUZZLES", "")]
    candidates += [str(Path.cwd().parent / "shared" / "puzzles")]
    candidates += [str(_folder("SHARED_FOLDER")), str(_folder("CURATED_FOLDER"))]
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
