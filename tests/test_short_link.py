"""The short link printed in booklets (``#p=<code>&l=h&s=123``): its codec round-trips every grid,
the page's codec (web/puzzles/short-link.js, run in Node) writes and reads the same codes as the
library's, a bad code says what is wrong with it, and the formats reader opens the short link
as it opens the long one."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.errors import InvalidPuzzleError
from sudoku_core.formats import parse, read_position, read_short_code, short_code, short_fragment

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
VECTORS = [
    ((0,) * 81, "A"),
    ((1,) + (0,) * 80, "B"),
    ((0,) * 80 + (1,), "EAAAAAAAAAAAAA"),
    ((5, 3) + (0,) * 79, "EwAAAAAAAAAAAAD"),
    (parse(PUZZLE), "CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT"),
    (tuple(range(1, 10)) * 9, "DZW3kXXeieq7nLGbvZDdft4d1h1UaAJ7vmIUuOoEKcn_____________"),
]
"""Codes fixed once: tests/js/short-link.test.mjs checks the page's codec against the same."""

grids = st.lists(st.integers(0, 9), min_size=81, max_size=81).map(tuple)


@pytest.mark.parametrize(("grid", "code"), VECTORS)
def test_fixed_codes(grid: tuple[int, ...], code: str) -> None:
    assert short_code(grid) == code
    assert read_short_code(code) == grid


@settings(max_examples=500, deadline=None)
@given(grids)
def test_every_grid_round_trips_in_few_characters(grid: tuple[int, ...]) -> None:
    code = short_code(grid)
    assert read_short_code(code) == grid
    givens = sum(1 for d in grid if d)
    bits = 81 + givens * 3.1699250014423126  # log2(9)
    assert len(code) <= -(-bits // 6) and not (len(code) > 1 and code.startswith("A"))


def test_a_booklet_puzzle_with_the_largest_seed_takes_49_characters() -> None:
    fragment = short_fragment(parse(PUZZLE), level="hard", seed=4294967295)
    assert fragment == "p=CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT&l=h&s=4294967295"


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("", "the short link's code is empty"),
        ("A" * 58, "58 characters long; at most 57"),
        ("AB+C", "has “+” at character 3; a code is written with A-Z, a-z, 0-9, - and _"),
        ("BIAAAAAAAAAAAAB", "holds more digits than its 1 givens"),
    ],
)
def test_a_bad_code_says_what_is_wrong(code: str, problem: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=problem.replace("+", r"\+")):
        read_short_code(code)


def test_the_formats_reader_opens_the_short_link_pasted() -> None:
    fragment = short_fragment(parse(PUZZLE), level="easy", seed=12)
    for text in (f"https://studio.example/sudoku/#{fragment}", f"#{fragment}", fragment):
        position = read_position(text)
        assert position.givens == parse(PUZZLE)
        assert position.source == "the studio's link"
    with pytest.raises(InvalidPuzzleError, match="The studio's link: the short link's code has"):
        parse("https://studio.example/#p=CC_G!")


NODE_SCRIPT = """
import { readShortCode, shortCode } from "./web/puzzles/short-link.js";
const cases = JSON.parse(process.argv[1]);
const out = cases.map(([grid, code]) => [shortCode(grid), readShortCode(code)]);
console.log(JSON.stringify(out));
"""


def test_the_page_writes_and_reads_the_same_codes() -> None:
    node = shutil.which("node")
    assert node, "Node.js >= 20 is needed for the page's codec"
    pick = random.Random(28)
    cases = []
    for _ in range(300):
        givens = set(pick.sample(range(81), pick.randint(0, 81)))
        grid = tuple(pick.randint(1, 9) if cell in givens else 0 for cell in range(81))
        cases.append(("".join(str(d) if d else "." for d in grid), short_code(grid), grid))
    run = subprocess.run(
        [node, "--input-type=module", "-e", NODE_SCRIPT, json.dumps([c[:2] for c in cases])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = json.loads(run.stdout)
    assert len(answers) == len(cases)
    for (_, code, grid), (page_code, page_read) in zip(cases, answers, strict=True):
        assert page_code == code
        assert page_read == {"ok": True, "grid": "".join(map(str, grid))}
