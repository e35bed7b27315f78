"""Other apps' links and files: real public links read to the right givens, variants refused by
name, every writer read back to the same position, and the lz-string codec against npm's."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from real_links import (
    FPUZZLES_IMPORT_EXAMPLE,
    FPUZZLES_KILLER,
    FPUZZLES_README,
    FPUZZLES_X_SUDOKU,
    SUDOKU_COACH,
    SUDOKUPAD_PARITY_FISH,
    SUDOKUPAD_SCF,
    SUDOKUPAD_SHORT,
    SUDOKUWIKI_S9B,
    SUDOKUWIKI_START,
    X_SUDOKU_GIVENS,
)
from sudoku_core import parse
from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import (
    FORMATS,
    NotClassicError,
    Position,
    format_grid,
    format_line,
    format_position,
    read_position,
)
from sudoku_core.formats._files import write_sdx
from sudoku_core.formats._lzstring import compress_to_base64, decompress_from_base64
from sudoku_core.formats._position import allowed

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_real_fpuzzles_links_of_classic_puzzles_read_to_their_givens() -> None:
    readme = read_position(FPUZZLES_README)
    assert format_line(readme.givens) == "1" + "." * 80
    example = read_position(FPUZZLES_IMPORT_EXAMPLE)
    assert [(c, d) for c, d in enumerate(example.givens) if d] == [(20, 1), (60, 2)]
    assert parse(FPUZZLES_IMPORT_EXAMPLE) == example.givens  # parse reads links too
    assert example.source == "the f-puzzles link" and not example.has_progress


def test_real_sudokupad_links_of_classic_puzzles_read_to_their_givens() -> None:
    assert format_line(read_position(SUDOKUPAD_SCF).givens) == "." * 78 + "6.."
    # SudokuPad's own link to an f-puzzles payload, and the bare payload f-puzzles exports
    payload = FPUZZLES_IMPORT_EXAMPLE.split("load=")[1]
    for text in (
        f"https://sudokupad.app/fpuzzles{payload}",
        f"sudokupad.app/fpuz{payload}",
        payload,
    ):
        assert read_position(text).givens == read_position(FPUZZLES_IMPORT_EXAMPLE).givens


def test_an_fpuzzles_x_sudoku_and_a_killer_are_refused_with_the_rule_named() -> None:
    with pytest.raises(NotClassicError, match=r"diagonals \(X-Sudoku\)") as x_sudoku:
        read_position(FPUZZLES_X_SUDOKU)
    assert x_sudoku.value.rules == ("diagonals (X-Sudoku)",)
    with pytest.raises(NotClassicError, match="killer cages") as killer:
        parse(FPUZZLES_KILLER)
    assert killer.value.rules == ("killer cages",)
    assert "classic 9x9 Sudoku only" in str(killer.value)


def test_the_x_sudoku_link_holds_the_givens_its_importer_expects() -> None:
    """The refusal is about the rules, not a misread grid: without them, these are its givens."""
    from sudoku_core.formats import _fpuzzles

    data = _fpuzzles.decode_payload(FPUZZLES_X_SUDOKU.split("load=")[1], "the link")
    del data["diagonal+"], data["diagonal-"]
    assert format_line(_fpuzzles.position_of(data, "the link").givens) == X_SUDOKU_GIVENS


def test_a_sudokupad_variant_and_scf_rules_are_refused() -> None:
    fish = SUDOKUPAD_PARITY_FISH
    assert fish.startswith("https://sudokupad.app/scl")
    with pytest.raises(NotClassicError) as caught:
        read_position(fish)
    assert caught.value.rules
    with pytest.raises(NotClassicError, match=r"diagonals \(X-Sudoku\)"):
        read_position(SUDOKUPAD_SCF + "x")


@pytest.mark.parametrize(
    ("link", "short_id"),
    [
        (SUDOKUPAD_SHORT, "wsj7iunsg6"),
        # sudokupad-penpa-import's docs: a classic puzzle, and an arrow example, by short id
        ("https://sudokupad.app/94Qq6qGjh2", "94Qq6qGjh2"),
        ("https://sudokupad.app/sudoku/DGT6HQ46FN", "DGT6HQ46FN"),
    ],
)
def test_a_sudokupad_short_link_says_it_needs_their_server_and_how_to_get_the_long_link(
    link: str, short_id: str
) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        parse(link)
    message = str(caught.value)
    assert short_id in message and "server" in message and "full link" in message


def test_links_that_lost_their_plus_signs_and_double_slashes_are_repaired() -> None:
    link = FPUZZLES_X_SUDOKU.replace("www.f-puzzles", "f-puzzles")
    payload = link.split("load=")[1]
    assert "+" in payload
    mangled = link.replace("+", " ")
    for text in (mangled, mangled.replace(" ", "%20")):
        with pytest.raises(NotClassicError):  # read, so refused for its rules
            read_position(text)
    collapsed = _collapsed_double_slash()
    assert read_position(collapsed[0]) == collapsed[1]


def _collapsed_double_slash() -> tuple[str, Position]:
    """A position whose f-puzzles link has a ``//``, and that link with it collapsed."""
    rng = random.Random(7)
    for _ in range(500):
        marks = tuple(rng.randrange(512) for _ in range(81))
        position = Position((0,) * 81, centre=marks)
        link = format_position(position, "fpuzzles")
        if "//" in link.split("load=")[1]:
            head, payload = link.split("load=")
            return f"{head}load={payload.replace('//', '/')}", position
    raise AssertionError("no payload with // in 500 tries")


def test_a_real_sudokuwiki_s9b_link_reads_givens_entries_and_candidates() -> None:
    """The guide's position: the givens are its "from the start" link's, the solved digits
    the solution's, and every cell's candidates hold the solution's digit."""
    from sudoku_core import solve

    position = read_position(SUDOKUWIKI_S9B)
    start = read_position(SUDOKUWIKI_START)
    assert position.givens == start.givens and not start.has_progress
    solution = solve(start.givens)
    assert solution is not None
    placed = [c for c in range(81) if position.entries[c]]
    assert len(placed) == 17
    assert all(position.entries[c] == solution[c] for c in placed)
    marked = [c for c in range(81) if position.centre[c]]
    assert len(marked) == 35 and len(placed) + len(marked) + sum(map(bool, start.givens)) == 81
    assert all(position.centre[c] >> (solution[c] - 1) & 1 for c in marked)
    assert read_position(format_position(position, "sudokuwiki")) == position


def test_a_real_sudoku_coach_link_reads_its_givens() -> None:
    position = read_position(SUDOKU_COACH)
    assert position.givens == parse(SUDOKU_COACH.rsplit("/", 1)[1])
    assert (
        format_line(position.givens)[:9] == ".....17.."
        and position.source == "the sudoku.coach link"
    )


def test_sudokuwiki_s9b_links_read_givens_entries_and_candidates() -> None:
    values = [0] * 81
    values[0] = 5  # given 5
    values[1] = 3 + 9  # solved 3 (the player's)
    values[2] = 18 + (1 << 0 | 1 << 3)  # candidates 1 and 4
    board = "S9B" + "".join(_base36(v) for v in values)
    position = read_position(f"https://www.sudokuwiki.org/sudoku.htm?bd={board}")
    assert position.givens[:3] == (5, 0, 0)
    assert position.entries[:3] == (0, 3, 0)
    assert position.centre[:3] == (0, 0, 0b1001)
    assert read_position(
        "https://www.sudokuwiki.org/sudoku.htm?bd=" + PUZZLE.replace(".", "0")
    ).givens == parse(PUZZLE)
    with pytest.raises(InvalidPuzzleError, match="162"):
        read_position("https://www.sudokuwiki.org/sudoku.htm?bd=S9B0102")


def _base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[value // 36] + digits[value % 36]


@pytest.mark.parametrize(
    ("text", "source"),
    [
        ("https://sudoku.coach/en/play/" + PUZZLE.replace(".", "0"), "the sudoku.coach link"),
        ("https://sudoku.coach/solver/" + PUZZLE.replace(".", "0"), "the sudoku.coach link"),
        (":0000:x:" + PUZZLE + ":::", "the HoDoKu line"),
        (
            "#ARuud\n#DA random puzzle\n" + "\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9)),
            "the .sdk file",
        ),
        ("http://127.0.0.1:8000/#puzzle=" + PUZZLE.replace(".", "0"), "the studio's link"),
        ("#puzzle=" + PUZZLE.replace(".", "0"), "the studio's link"),
        ("http://127.0.0.1:8000/#p=CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT&l=h&s=3", "the studio's link"),
        ("#p=CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT", "the studio's link"),
    ],
)
def test_every_other_format_is_read_and_named(text: str, source: str) -> None:
    position = read_position(text)
    assert position.givens == parse(PUZZLE)
    assert position.source == source
    assert parse(text) == parse(PUZZLE)


def test_hodoku_lines_carry_placed_digits_and_deleted_candidates() -> None:
    grid = "+5" + PUZZLE[1:]  # r1c1's 5 placed by the player, not given
    line = f":0000:x:{grid}:312 412::"
    position = read_position(line)
    assert position.givens[0] == 0 and position.entries[0] == 5
    free = allowed(position.filled)[1]
    assert position.centre[1] == free & ~0b1100  # 3 and 4 deleted at r1c2
    assert format_position(position, "hodoku").startswith(":0000:x:+53..7")


def test_sadman_sections_and_sdx_progress_are_read() -> None:
    rows = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
    state = ["534" + rows[0][3:], *rows[1:]]
    sadman = "[Puzzle]\n" + "\n".join(rows) + "\n[State]\n" + "\n".join(state) + "\n"
    position = read_position(sadman)
    assert position.entries[:3] == (0, 0, 4)
    sdx = write_sdx(Position(parse(PUZZLE), entries=(0, 0, 4) + (0,) * 78))
    assert sdx.startswith("5 3 u4 ")
    assert read_position(sdx).entries[:3] == (0, 0, 4)


def test_addresses_of_other_sites_are_named_not_read() -> None:
    with pytest.raises(InvalidPuzzleError, match=r"example\.org"):
        read_position("https://example.org/puzzle?id=3")


# --- every writer, read back ---------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A game of the one solution grid relabelled: givens, the player's right digits, and no
    marks, or a candidate grid (each empty cell the solution's digit and more), and corner marks."""
    relabel = draw(st.permutations(range(1, 10)))
    solution = [relabel[int(ch) - 1] for ch in SOLUTION]
    shown = draw(st.lists(st.sampled_from(("given", "entry", "empty")), min_size=81, max_size=81))
    givens = tuple(d if s == "given" else 0 for d, s in zip(solution, shown, strict=True))
    entries = tuple(d if s == "entry" else 0 for d, s in zip(solution, shown, strict=True))
    centre = [0] * 81
    corner = [0] * 81
    if draw(st.booleans()):
        filled = tuple(g or e for g, e in zip(givens, entries, strict=True))
        free = allowed(filled)
        for cell in range(81):
            if not filled[cell]:
                dropped = draw(st.integers(0, 511))
                centre[cell] = (free[cell] & ~dropped) | 1 << (solution[cell] - 1)
                corner[cell] = draw(st.integers(0, 511)) if draw(st.booleans()) else 0
    text = st.text(st.sampled_from("Sudoku it's 17 clues-"), max_size=12).map(str.strip)
    return Position(
        givens, entries, centre=centre, corner=corner, title=draw(text), author=draw(text)
    )


def carried(position: Position, to: str) -> Position:
    """What a format keeps of a position (FORMATS says it in words)."""
    givens = position.givens
    if to in ("line", "grid", "coach", "ss"):
        return Position(givens)
    if to == "sdk":
        return Position(givens, title=position.title, author=position.author)
    if to == "sudokupad":
        return Position(
            givens,
            centre=position.centre,
            corner=position.corner,
            title=position.title,
            author=position.author,
        )
    if to == "sudokuwiki":
        return Position(givens, position.entries, centre=position.centre)
    free = allowed(position.filled)
    full = any(position.centre) and all(
        f or m for f, m in zip(position.filled, position.centre, strict=True)
    )
    if to == "hodoku":
        centre = position.centre if full and position.centre != free else (0,) * 81
        return Position(givens, position.entries, centre=centre)
    if to == "sdx":
        return Position(givens, position.entries, centre=position.centre)
    return position


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(sorted(FORMATS)))
def test_every_export_reads_back_to_the_same_position(position: Position, to: str) -> None:
    written = format_position(position, to)
    assert read_position(written) == carried(position, to)


def test_the_formats_table_names_every_writer() -> None:
    assert set(FORMATS) == {
        "line",
        "grid",
        "fpuzzles",
        "sudokupad",
        "sudokuwiki",
        "coach",
        "hodoku",
        "ss",
        "sdk",
        "sdx",
    }


# --- lz-string against the npm package -----------------------------------------------------------

LZ_SAMPLES = [
    '{"size":9}',
    "a",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "Sudoku ✓ 🧩 ünïcödé “quotes”",
    json.dumps({"size": 9, "grid": [[{"value": 5, "given": True}] * 9] * 9}),
    "".join(chr(random.Random(3).randrange(32, 0x3000)) for _ in range(2000)),
    "".join(random.Random(4).choice('0123456789{}[],:"') for _ in range(5000)),
]


def test_the_lz_string_codec_matches_the_npm_package_both_ways() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to compare the codec with npm's lz-string"
    script = (
        "const L = require('lz-string'); let s = ''; process.stdin.on('data', d => s += d);"
        "process.stdin.on('end', () => { const texts = JSON.parse(s);"
        "console.log(JSON.stringify(texts.map(t => [L.compressToBase64(t),"
        " L.decompressFromBase64(L.compressToBase64(t))]))); });"
    )
    run = subprocess.run(
        [node, "-e", script],
        input=json.dumps(LZ_SAMPLES),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    for text, (theirs, back) in zip(LZ_SAMPLES, json.loads(run.stdout), strict=True):
        assert back == text
        assert compress_to_base64(text) == theirs
        assert decompress_from_base64(theirs) == text


def test_damaged_payloads_say_so() -> None:
    for bad in ("", "!!!!", "N4Ig", "AAAA"):
        with pytest.raises(ValueError):
            decompress_from_base64(bad)
    with pytest.raises(InvalidPuzzleError, match="f-puzzles"):
        read_position("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAv")


# --- the command line ----------------------------------------------------------------------------


def test_format_writes_other_apps_formats_with_the_progress_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from sudoku_core.cli import main

    hodoku = ":0000:x:+5" + PUZZLE[1:] + ":312 412::"
    assert main(["format", "--to", "sudokuwiki", hodoku]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=S9B")
    assert read_position(link) == read_position(hodoku)
    assert main(["format", "--to", "line", FPUZZLES_IMPORT_EXAMPLE]) == 0
    assert capsys.readouterr().out.strip() == format_line(
        read_position(FPUZZLES_IMPORT_EXAMPLE).givens
    )
    assert main(["format", "--to", "line", FPUZZLES_KILLER]) == 2
    assert "killer cages" in capsys.readouterr().err


def test_an_sdx_file_without_the_players_digits_is_read_as_one() -> None:
    marks = [0] * 81
    marks[2] = 0b011  # r1c3: 1 and 2, fewer than the filled cells allow (1, 2, 4)
    position = Position(parse(PUZZLE), centre=tuple(marks))
    free = allowed(position.givens)
    full = tuple(m or f for m, f in zip(marks, free, strict=True))
    full_position = Position(parse(PUZZLE), centre=full)
    text = write_sdx(full_position)
    assert "u" not in text
    assert read_position(text).centre == full  # lone candidates too
    assert read_position(text).source == "the .sdx text"


SUDOCUE_SDX = """2 679 6789 1 46789 5 469 9 3
389 5 4 69 689 68 7 1 29
9 1 679 2 4679 3 4569 8 59
6 9 2 8 u1 7 3 59 4
3489 3479 3789 56 2456 46 u1 2579 2579
1 47 5 3 24 9 8 27 6
3459 2 39 7 3589 1 59 6 589
359 8 1 569 3569 6 2 4 579
7 369 369 4 35689 2 59 359 1
"""
"""SudoCue's own example of an ``.sdx`` (sudocue.net/fileformats.php): its givens are its
``.sdk`` example's, and four cells hold one candidate, written as the bare digit."""
SUDOCUE_SDK = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"


def test_sudocues_own_sdx_example_reads_its_lone_candidates_as_candidates() -> None:
    position = read_position(SUDOCUE_SDX)
    assert format_line(position.givens) == SUDOCUE_SDK
    lone = {(c // 9 + 1, c % 9 + 1) for c, m in enumerate(position.centre) if m and not m & m - 1}
    assert lone == {(1, 8), (3, 1), (4, 2), (8, 6)}
    assert position.entries[31] == 1 and position.entries[42] == 1
    assert write_sdx(position) == SUDOCUE_SDX  # written as SudoCue writes it


README_PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def test_sdx_writes_the_players_marks_not_the_grids_candidates() -> None:
    """The player's 5 in r1c1 and centre marks 2 6 in r1c7 (2 clashes with the given in r4c7)
    and a lone 6 in r1c8: the marks as they are, no candidates made up for other cells."""
    centre = [0] * 81
    centre[6] = 0b100010
    centre[7] = 0b100000
    position = Position(parse(README_PUZZLE), (5,) + (0,) * 80, centre=centre)
    text = format_position(position, "sdx")
    rows = text.splitlines()
    assert rows[0].split(" ") == ["u5", "", "9", "7", "4", "8", "26", "6", ""]
    assert rows[3].split(" ") == ["", "", "7", "", "", "", "2", "4", ""]
    assert rows[9] == "# lone candidates: r1c8"
    assert read_position(text) == position
    # without the line, r4c7's given 2 would read as a lone candidate (r1c7 lists a 2)
    assert read_position("\n".join(rows[:9])).givens[33] == 0
    no_marks = Position(parse(README_PUZZLE), (5,) + (0,) * 80)
    assert format_position(no_marks, "sdx").splitlines()[0] == "u5  9 7 4 8   "
    assert read_position(format_position(no_marks, "sdx")) == no_marks


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text("0123456789abc:#/ ", max_size=6),
    lambda inner: (
        st.lists(inner, max_size=10)
        | st.dictionaries(
            st.sampled_from(
                [
                    "size",
                    "grid",
                    "cells",
                    "regions",
                    "cages",
                    "lines",
                    "value",
                    "given",
                    "cells",
                    "centerPencilMarks",
                    "cornerPencilMarks",
                    "pencilMarks",
                    "centremarks",
                    "region",
                    "title",
                    "sum",
                    "wayPoints",
                    "metadata",
                    "diagonal+",
                    "cage",
                    "killercage",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(
    JSON,
    st.sampled_from(
        ("https://f-puzzles.com/?load=", "https://sudokupad.app/scl", "fpuzzles", "ctc")
    ),
)
def test_any_payload_is_read_or_refused_with_a_message(data: object, prefix: str) -> None:
    text = prefix + compress_to_base64(json.dumps(data))
    try:
        position = read_position(text)
    except InvalidPuzzleError as error:
        assert str(error)
    else:
        assert len(position.givens) == 81


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        (
            "scl",
            "scf",
            "S9B",
            "bd=",
            ":0000:x:",
            "#puzzle=",
            "https://sudokupad.app/",
            "N4Ig",
            "https://sudoku.coach/play/",
        )
    ),
    st.text(max_size=200),
)
def test_any_text_after_a_formats_mark_is_read_or_refused_with_a_message(
    mark: str, rest: str
) -> None:
    try:
        read_position(mark + rest)
    except InvalidPuzzleError as error:
        assert str(error)


@pytest.mark.parametrize(
    "extra",
    [
        {"cages": 5},
        {"lines": [{"wayPoints": [[[0], [1]], [9, 9]]}]},
        {"regions": "x"},
        {"cells": [[{}] * 9] * 8 + [5]},
    ],
)
def test_sudokupad_json_of_an_unexpected_shape_is_refused_with_a_message(
    extra: dict[str, object],
) -> None:
    data = {"cells": [[{}] * 9 for _ in range(9)], **extra}
    with pytest.raises(InvalidPuzzleError):
        read_position("https://sudokupad.app/scl" + compress_to_base64(json.dumps(data)))


def test_a_simple_sudoku_file_with_history_lines_reads_its_grid_and_says_what_it_left() -> None:
    rows = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
    ss = "\n".join("|".join(r[j : j + 3] for j in (0, 3, 6)) for r in rows) + "\nI 1 3 4\nE 2 2 7\n"
    position = read_position(ss)
    assert position.givens == parse(PUZZLE)
    assert "I and E lines are not read" in position.source


# --- pencil-mark grids and comments ----------------------------------------------------------

HODOKU_PM_GRID = """.----------------------.-------------------.----------------------.
| 15      13      9    | 7     4      8    | 16    136    123     |
| 7       1348    136  | 356   2356   26   | 1468  13568  1234589 |
| 3468    2       36   | 1     356    9    | 4678  35678  34578   |
:----------------------+-------------------+----------------------:
| 13      135     7    | 3569  35689  6    | 2     4      18      |
| 23      6       4    | 3     1      27   | 5     9      78      |
| 12      9       8    | 456   256    2467 | 3     167    17      |
:----------------------+-------------------+----------------------:
| 1469    1457    156  | 8     69     3    | 147   2      1457    |
| 123489  134578  1235 | 49    9      14   | 1478  13578  6       |
| 13468   1348    136  | 2     7      5    | 9     138    1348    |
'----------------------'-------------------'----------------------'
"""
"""The README puzzle as HoDoKu's "Copy PM grid" lays it out (SudokuPanel's writeLine: each
column as wide as its longest field plus two, ``.``/``:``/``'`` rules), with the candidates
left after a few eliminations: r4c6, r5c4 and r8c5 hold one candidate each."""


def test_a_hodoku_pencil_mark_grid_reads_as_givens_and_candidates() -> None:
    position = read_position(HODOKU_PM_GRID)
    assert format_line(position.givens) == README_PUZZLE
    assert position.source == "the pencil-mark grid" and not any(position.entries)
    lone = {(c // 9 + 1, c % 9 + 1): m for c, m in enumerate(position.centre) if m & m - 1 == 0}
    assert {k: v for k, v in lone.items() if v} == {(4, 6): 1 << 5, (5, 4): 1 << 2, (8, 5): 1 << 8}
    assert position.centre[8] == 0b111  # r1c9: 123
    assert parse(HODOKU_PM_GRID) == position.givens


def test_sudoku_explainer_and_sudokuwiki_pencil_mark_grids_read_the_same() -> None:
    rows = [
        line.replace(".", "*").replace(":", "|").replace("'", "*")
        for line in HODOKU_PM_GRID.splitlines()
    ]
    explainer = "\n".join(rows)
    assert explainer.startswith("*---") and "|---" in explainer
    assert read_position(explainer) == read_position(HODOKU_PM_GRID)
    bare = "\n".join(  # no rules, fields apart by spaces, a comment line above
        ["# from the forum", *(ln.replace("|", " ") for ln in rows if any(c.isdigit() for c in ln))]
    )
    assert read_position(bare) == read_position(HODOKU_PM_GRID)


def test_a_single_digit_that_is_the_only_one_of_its_units_is_a_given() -> None:
    """A solved cell and a cell of one candidate look the same: HoDoKu's rule decides."""
    grid = HODOKU_PM_GRID.replace("| 13      135     7 ", "| 13      135     5 ")
    position = read_position(grid)
    assert position.givens[29] == 0 and position.centre[29] == 1 << 4  # r4c2 lists a 5
    assert position.givens[2] == 9  # no peer of r1c3 lists a 9


def test_a_puzzle_line_with_a_comment_reads_as_the_puzzle() -> None:
    assert parse(README_PUZZLE + "  # from my book") == parse(README_PUZZLE)
    assert parse(f"# HoDoKu\n{README_PUZZLE} #1 Hidden Single (1)\n") == parse(README_PUZZLE)
    grid = format_grid(parse(README_PUZZLE)).replace("| . . 9 |", "| . . 9 |", 1)
    assert parse(grid.replace("\n", "   # row\n", 2)) == parse(README_PUZZLE)
    with pytest.raises(InvalidPuzzleError, match="'#' at row 9, column 9"):
        parse(README_PUZZLE[:-1] + "#")  # glued to the cells: a stray character


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "https://www.sudokuwiki.org/sudoku.htm?bd=S9B0102",
            "The sudokuwiki link: S9B is followed",
        ),
        (SUDOKUPAD_SHORT, "The SudokuPad link sudokupad.app/wsj7iunsg6"),
        ("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAv", "The f-puzzles link"),
        (":0000:x:" + "." * 81 + ":1011::", "The HoDoKu line: '1011'"),
    ],
)
def test_the_formats_messages_start_with_a_capital(text: str, start: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        read_position(text)
    assert str(caught.value).startswith(start)
    with pytest.raises(InvalidPuzzleError, match=f"^{start}"):
        parse(text)


def test_format_to_sdx_writes_the_marks_read(capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's ``format --to sdx`` is the library's writer: the marks of an
    f-puzzles link go out as they came in, a lone one too."""
    from sudoku_core.cli import main

    centre = [0] * 81
    centre[6], centre[7] = 0b100010, 0b100000  # r1c7: 2 6; r1c8: 6
    position = Position(parse(README_PUZZLE), (5,) + (0,) * 80, centre=centre)
    assert main(["format", "--to", "sdx", format_position(position, "fpuzzles")]) == 0
    written = capsys.readouterr().out
    assert written.splitlines()[0] == "u5  9 7 4 8 26 6 "
    assert read_position(written) == position


@settings(max_examples=150, deadline=None)
@given(positions(), st.lists(st.integers(0, 511), min_size=81, max_size=81))
def test_sdx_reads_back_any_marks_even_ones_the_grid_rules_out(
    position: Position, marks: list[int]
) -> None:
    """Marks a player may really leave (a lone digit, one a given in the row rules out): the
    ``.sdx`` still opens as it was written, the givens untouched."""
    wild = Position(position.givens, position.entries, centre=marks)
    assert read_position(format_position(wild, "sdx")) == Position(
        wild.givens, wild.entries, centre=wild.centre
    )


def test_an_sdx_row_of_nine_empty_cells_is_read_as_one() -> None:
    """A row without givens, digits or marks is eight spaces: still a row."""
    givens = parse("." * 9 + README_PUZZLE[9:])
    position = Position(givens, (0,) * 80 + (3,))
    text = format_position(position, "sdx")
    assert text.startswith(" " * 8 + "\n")
    assert read_position(text) == position


@pytest.mark.parametrize(
    "position",
    [
        Position((0,) * 81, centre=(0,) * 20 + (0b10110,) + (0,) * 60),
        Position(parse("12345678." + "." * 72)),
        Position((0,) * 81, (0,) * 40 + (7,) + (0,) * 40),
    ],
    ids=["one-mark", "givens-in-one-row", "one-digit"],
)
def test_an_sdx_with_all_its_content_in_one_row_is_read_as_nine_rows(position: Position) -> None:
    """The other eight rows are eight spaces each: the text is still nine rows, not one line
    (an early draft saved from Create mode looks like this)."""
    assert read_position(format_position(position, "sdx")) == position


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (
            lambda g: g.replace("| 15      13      9    |", "| 15      13           |"),
            "row 1 has 8",
        ),
        (
            lambda g: g.replace("| 7       1348    136  |", "| 7  5    1348    136  |"),
            "row 2 has 10",
        ),
        (lambda g: "\n".join(ln for i, ln in enumerate(g.splitlines()) if i != 2), "8 rows"),
        (
            lambda g: "\n".join(
                ln.replace("|", " ") for ln in g.splitlines() if any(c.isdigit() for c in ln)
            ).replace("15      13      9", "15      13     "),
            "row 1 has 8",
        ),
    ],
    ids=["a-cell-lost", "a-cell-added", "a-row-lost", "no-rules-a-cell-lost"],
)
def test_a_damaged_pencil_mark_grid_says_which_row(damage: Callable[[str], str], said: str) -> None:
    """Not the plain reader's "unexpected character" at a rule or "row 1 has 20 cells"."""
    with pytest.raises(InvalidPuzzleError, match=f"The pencil-mark grid is not read: .*{said}"):
        read_position(damage(HODOKU_PM_GRID))


def test_a_pencil_mark_grid_with_a_comment_after_a_row_reads_as_without() -> None:
    last = "| 13468   1348    136  | 2     7      5    | 9     138    1348    |"
    commented = HODOKU_PM_GRID.replace(last, last + "  # the last row")
    assert read_position(commented) == read_position(HODOKU_PM_GRID)
