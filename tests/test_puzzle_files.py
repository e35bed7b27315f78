"""Reading puzzle files: one grid only when the whole text is one grid, else a puzzle a line.

The rule must never lose a good line: a truncated first puzzle or an uncommented header
used to make the reader take the whole file for one grid and skip every puzzle in it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_core import format_grid, parse
from sudoku_core.puzzle_files import PuzzleLine, read_file, read_lines

PUZZLES = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
]


def _summary(items: list[PuzzleLine]) -> list[tuple[int, bool]]:
    return [(item.line, item.grid is not None) for item in items]


@pytest.mark.parametrize(
    "first",
    [PUZZLES[0][:40], "My favourite puzzles", "1234", PUZZLES[0][:80]],
    ids=["truncated", "header", "short", "one-cell-short"],
)
def test_a_short_first_line_loses_no_good_puzzle(first: str) -> None:
    # Before: the file was read as one grid, and only one "bad input" came out.
    text = "# my set\n" + first + "\n" + "\n".join(PUZZLES) + "\n"
    items = list(read_lines(text, "set.txt"))
    assert _summary(items) == [(2, False), (3, True), (4, True), (5, True)]
    assert [item.grid for item in items[1:]] == [parse(p) for p in PUZZLES]
    assert items[0].where == "set.txt:2" and items[0].error


def test_a_bad_line_in_the_middle_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "set.txt"
    path.write_text("\n".join([PUZZLES[0], PUZZLES[1][:70], "", PUZZLES[2] + ":1:x"]) + "\n")
    items = list(read_file(path))
    assert _summary(items) == [(1, True), (2, False), (4, True)]
    assert "70 cells, expected 81" in (items[1].error or "")
    assert items[2].extra == ("1", "x")


@pytest.mark.parametrize(
    "text",
    [
        format_grid(parse(PUZZLES[0])),
        "\n".join(PUZZLES[0][i : i + 9] for i in range(0, 81, 9)),
        "# an .sdk file\n#A author\n" + "\n".join(PUZZLES[0][i : i + 9] for i in range(0, 81, 9)),
        PUZZLES[0][:40] + "\n" + PUZZLES[0][40:],
        PUZZLES[0],
    ],
    ids=["boxed", "nine-lines", "sdk", "wrapped", "one-line"],
)
def test_a_text_that_is_one_grid_is_read_as_one_grid(text: str) -> None:
    items = list(read_lines(text, "grid.txt"))
    assert len(items) == 1 and items[0].grid == parse(PUZZLES[0])


def test_a_broken_grid_is_one_error_at_its_line() -> None:
    rows = [PUZZLES[0][i : i + 9] for i in range(0, 81, 9)]
    rows[3] = rows[3][:4] + "x" + rows[3][5:]
    items = list(read_lines("# header\n" + "\n".join(rows), "grid.txt"))
    assert len(items) == 1 and items[0].grid is None
    assert items[0].line == 5
    assert "unexpected character 'x' at row 4, column 5" in (items[0].error or "")
    assert items[0].text == rows[3]


def test_every_line_bad_and_more_lines_than_a_grid_reports_each_line() -> None:
    text = "\n".join(p[:80] for p in PUZZLES * 5)
    items = list(read_lines(text, "bad.txt"))
    assert _summary(items) == [(n, False) for n in range(1, 16)]
    assert all("80 cells, expected 81" in (item.error or "") for item in items)


def test_a_long_file_with_a_truncated_first_line_reads_every_other_line() -> None:
    good = [p for _ in range(200) for p in PUZZLES]
    items = list(read_lines("\n".join([PUZZLES[1][:50], *good]), "long.txt"))
    assert len(items) == 601 and items[0].grid is None and items[0].line == 1
    assert [item.grid for item in items[1:]] == [parse(p) for p in good]
