"""Parsing and formatting: every accepted layout, every error message, and round trips."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_core import InvalidPuzzleError, format_board, format_grid, format_line, parse
from sudoku_core.formats import EMPTY_CHARS, MAX_INPUT_CHARS

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
GRID = tuple(int(ch) if ch != "." else 0 for ch in PUZZLE)
LEETCODE = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]
SS_FILE = """\
53.|.7.|...
6..|195|...
.98|...|.6.
-----------
8..|.6.|..3
4..|8.3|..1
7..|.2.|..6
-----------
.6.|...|28.
...|419|..5
...|.8.|.79
"""
BOXED = """\
*-----------*
|53.|.7.|...|
|6..|195|...|
|.98|...|.6.|
|---+---+---|
|8..|.6.|..3|
|4..|8.3|..1|
|7..|.2.|..6|
|---+---+---|
|.6.|...|28.|
|...|419|..5|
|...|.8.|.79|
*-----------*
"""


@pytest.mark.parametrize(
    "text",
    [
        PUZZLE,
        PUZZLE.replace(".", "0"),
        PUZZLE.replace(".", "-"),
        PUZZLE.replace(".", "_"),
        PUZZLE.replace(".", "*"),
        "\ufeff" + PUZZLE + "\r\n",
        "  \n" + PUZZLE + "  \n\n",
        "\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9)),
        "\r\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9)),
        " ".join(PUZZLE.replace(".", "0")),
        ",".join(PUZZLE.replace(".", "0")),
        SS_FILE,
        BOXED,
        "# an .sdk file\n#A author\n" + "\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9)),
        format_grid(GRID),
        format_grid(GRID, empty="0"),
        json.dumps(LEETCODE),
        json.dumps(LEETCODE, indent=2),
        str(LEETCODE),
        "[" + ",".join(PUZZLE.replace(".", "0")) + "]",
        PUZZLE[:40] + "\n" + PUZZLE[40:],
    ],
    ids=lambda text: repr(text[:12]),
)
def test_every_layout_reads_the_same_grid(text: str) -> None:
    assert parse(text) == GRID


@pytest.mark.parametrize(
    "puzzle",
    [
        LEETCODE,
        [list(map(int, row)) for row in [r.replace(".", "0") for r in map("".join, LEETCODE)]],
        list(GRID),
        GRID,
        list(PUZZLE),
        PUZZLE.encode(),
    ],
    ids=["leetcode", "int-rows", "81-ints", "tuple", "81-chars", "bytes"],
)
def test_sequences_read_the_same_grid(puzzle: object) -> None:
    assert parse(puzzle) == GRID


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1" * 80, "80 cells, expected 81"),
        ("1" * 82, "82 cells, expected 81"),
        (
            PUZZLE[:17] + "x" + PUZZLE[18:],
            "unexpected character 'x' at row 2, column 9 (line 1, character 18)",
        ),
        ("", "the input is empty"),
        ("   \n\n  ", "the input is empty"),
        ("\n".join(PUZZLE[i : i + 9] for i in range(0, 72, 9)), "8 rows, expected 9"),
        (
            "\n".join(
                [PUZZLE[0:9], PUZZLE[9:18], PUZZLE[18:26]]
                + [PUZZLE[i : i + 9] for i in range(27, 81, 9)]
            ),
            "row 3 has 8 cells, expected 9 (line 3)",
        ),
        (
            "\n".join(
                [PUZZLE[0:9], PUZZLE[9:13] + "x" + PUZZLE[14:18]]
                + [PUZZLE[i : i + 9] for i in range(18, 81, 9)]
            ),
            "unexpected character 'x' at row 2, column 5 (line 2, character 5)",
        ),
        (PUZZLE[:30] + "\u00e9" + PUZZLE[31:], "unexpected character 'é' at row 4, column 4"),
        (PUZZLE[:30] + "\u200b" + PUZZLE[31:], "unexpected character U+200B at row 4, column 4"),
        ("1" * (MAX_INPUT_CHARS + 1), f"one puzzle needs at most {MAX_INPUT_CHARS}"),
        ("[[1,2", "must end with ']'"),
        (json.dumps(LEETCODE[:8]), "8 rows, expected 9"),
        (
            json.dumps([*LEETCODE[:2], LEETCODE[2][:8], *LEETCODE[3:]]),
            "row 3 has 8 cells, expected 9",
        ),
        (
            json.dumps([LEETCODE[0], ["x", *LEETCODE[1][1:]], *LEETCODE[2:]]),
            "unexpected 'x' at row 2, column 1",
        ),
    ],
)
def test_errors_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        parse(text)
    assert message in str(caught.value)


def test_error_positions_are_attributes() -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        rows = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
        rows[1] = rows[1][:4] + "x" + rows[1][5:]
        parse("\n".join(rows))
    assert (caught.value.line, caught.value.column) == (2, 5)


@pytest.mark.parametrize(
    "value",
    [
        None,
        5,
        3.5,
        {"a": 1},
        [1, 2, 3],
        [[1] * 9] * 8,
        [True] * 81,
        [10] * 81,
        [[None] * 9] * 9,
        b"\xff\xfe",
        object(),
    ],
)
def test_non_puzzles_are_rejected_clearly(value: object) -> None:
    with pytest.raises(InvalidPuzzleError):
        parse(value)


def test_huge_nesting_is_not_a_recursion_error() -> None:
    with pytest.raises(InvalidPuzzleError):
        parse("[" * 5000 + "]" * 5000)


def test_formats() -> None:
    assert format_line(GRID) == PUZZLE
    assert format_line(GRID, empty="0") == PUZZLE.replace(".", "0")
    assert format_board(GRID) == LEETCODE
    picture = format_grid(GRID).splitlines()
    assert picture[0] == "+-------+-------+-------+"
    assert picture[1] == "| 5 3 . | . 7 . | . . . |"
    assert len(picture) == 13
    with pytest.raises(ValueError, match="empty must be one of"):
        format_line(GRID, empty="x")


grids = st.lists(st.integers(0, 9), min_size=81, max_size=81).map(tuple)


@given(grids, st.sampled_from(".0"))
def test_every_format_round_trips(grid: tuple[int, ...], empty: str) -> None:
    assert parse(format_line(grid, empty)) == grid
    assert parse(format_grid(grid, empty)) == grid
    assert parse(format_board(grid)) == grid
    assert parse(json.dumps(format_board(grid))) == grid


puzzle_alphabet = st.sampled_from(list("0123456789.-_*|+ \n\r\t,[]\"'#x\ufeff"))


@given(
    st.one_of(
        st.text(), st.text(puzzle_alphabet), st.text(puzzle_alphabet, min_size=60, max_size=200)
    )
)
def test_the_parser_raises_only_invalid_puzzle_error(text: str) -> None:
    try:
        grid = parse(text)
    except InvalidPuzzleError as error:
        assert str(error)
    else:
        assert len(grid) == 81 and all(0 <= d <= 9 for d in grid)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: format_line([10] * 3), "3 items: expected 81 cells or 9 rows of 9"),
        (lambda: format_line([10] * 81), "unexpected 10 at row 1, column 1"),
        (lambda: format_line("1" * 80), "80 cells, expected 81"),
        (lambda: format_grid(None), "expected text, 81 numbers or 9 rows of 9 cells, got NoneType"),  # type: ignore[arg-type]
        (lambda: format_grid([True] * 81), "unexpected True at row 1, column 1"),
        (lambda: format_board("x" * 81), "unexpected character 'x' at row 1, column 1"),
        (lambda: format_board([[1] * 9] * 8), "8 items: expected 81 cells or 9 rows of 9"),  # type: ignore[arg-type]
    ],
)
def test_formatting_validates_its_grid_like_every_function(
    call: Callable[[], object], message: str
) -> None:
    # Before: format_line([10] * 3) gave '101010', the others printed garbage or crashed.
    with pytest.raises(InvalidPuzzleError) as caught:
        call()
    assert message in str(caught.value)


def test_formatting_reads_any_puzzle_form_and_keeps_empty() -> None:
    # Before: format_line("0" * 81) returned the text as it was, ignoring empty=".".
    assert format_line("0" * 81) == "." * 81
    assert format_line("0" * 81, empty="-") == "-" * 81
    assert format_line(PUZZLE.replace(".", "0")) == PUZZLE
    assert format_line(list(GRID)) == PUZZLE
    assert format_board(PUZZLE) == LEETCODE
    assert format_grid(SS_FILE) == format_grid(GRID)


@pytest.mark.parametrize("empty", list(".0-_*"))
def test_a_grid_with_an_empty_row_round_trips_with_every_empty_char(empty: str) -> None:
    # Before: with "-" an all-empty row "| - - - | - - - | - - - |" was taken for a rule.
    grid = GRID[:36] + (0,) * 9 + GRID[45:]
    assert parse(format_grid(grid, empty)) == grid
    assert parse(format_grid((0,) * 81, empty)) == (0,) * 81
    assert parse(format_line(grid, empty)) == grid


def test_a_nine_line_grid_with_rows_of_8_and_10_cells_is_refused_naming_both_lines() -> None:
    # Before: 8 + 10 = 18 cells, so the text was read as "wrapped" with cells shifted.
    rows = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
    rows[2], rows[6] = rows[2][:8], rows[6] + "1"
    text = "# header\n" + "\n".join(rows)
    with pytest.raises(InvalidPuzzleError) as caught:
        parse(text)
    assert str(caught.value) == (
        "row 3 has 8 cells, expected 9 (line 4); row 7 has 10 cells, expected 9 (line 8)"
    )
    assert caught.value.line == 4


@given(grids, st.sampled_from(EMPTY_CHARS))
def test_every_format_round_trips_with_every_empty_char(grid: tuple[int, ...], empty: str) -> None:
    assert parse(format_line(grid, empty)) == grid
    assert parse(format_grid(grid, empty)) == grid


def test_nine_lines_of_text_wrapped_at_ten_are_read() -> None:
    """81 cells wrapped at width 10 make nine lines (8 of 10, one of 1): text, not a grid."""
    line = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
    wrapped = "\n".join(line[i : i + 10] for i in range(0, 81, 10))
    assert len(wrapped.splitlines()) == 9
    assert parse(wrapped) == parse(line)
