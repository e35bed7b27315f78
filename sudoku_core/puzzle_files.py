"""Reading puzzle files: one puzzle per line, ``#`` comments, or one puzzle laid out as a grid.

Collections in the wild append fields after the puzzle (``puzzle:count:solution`` in tdoku's
test data, ratings after a space or a tab); those are kept as ``extra`` for the caller.
"""

from __future__ import annotations

import argparse
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


@dataclass(frozen=True)
class PuzzleLine:
    """One puzzle read from a source, or the error that stopped it."""

    source: str
    line: int
    grid: Grid | None
    extra: tuple[str, ...] = ()
    error: str | None = None

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
            yield PuzzleLine(source, number, None, extra, error=str(error))


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
