"""Booklets: the puzzles (a level mix over seeds, each unique and graded), and the command line's
PDF and HTML files: a booklet of 12 puzzles, 4 a page, has 3 puzzle pages and 2 answer pages,
every puzzle and answer on them, and the PDF's structure holds (every object where the
cross-reference table says)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudoku_core import bridge, count_solutions, is_solution
from sudoku_core._slices import run_to_end
from sudoku_core.booklet import BookletPuzzle, iter_booklet, read_levels
from sudoku_core.cli import main
from sudoku_core.cli.booklet import caption
from sudoku_core.formats import format_line, parse, read_position
from sudoku_core.logic.steps import Level

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def twelve() -> tuple[BookletPuzzle, ...]:
    return run_to_end(iter_booklet(12, read_levels("easy,medium"), 5))


def test_a_booklet_cycles_its_levels_over_consecutive_seeds(
    twelve: tuple[BookletPuzzle, ...],
) -> None:
    assert [p.number for p in twelve] == list(range(1, 13))
    assert [p.seed for p in twelve] == list(range(5, 17))
    assert [p.level.value for p in twelve] == ["easy", "medium"] * 6
    for puzzle in twelve:
        assert count_solutions(puzzle.puzzle, limit=2) == 1
        assert is_solution(puzzle.solution, puzzle.puzzle)


def test_the_engine_makes_the_same_booklet(twelve: tuple[BookletPuzzle, ...]) -> None:
    reply = json.loads(bridge.call("booklet", json.dumps({"count": 3, "seed": 5})))
    assert [p["puzzle"] for p in reply["result"]["puzzles"]] == [
        format_line(p.puzzle) for p in twelve[:3]
    ]


def test_bad_levels_are_named() -> None:
    with pytest.raises(ValueError, match="levels must be level names"):
        read_levels("easy,tricky")


def _pdf_objects(data: bytes) -> dict[int, bytes]:
    """Every object of a PDF, checked against its cross-reference table."""
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    start = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    assert data[start:].startswith(b"xref")
    header = re.match(rb"xref\s+0 (\d+)\s+", data[start:])
    assert header is not None
    size = int(header.group(1))
    table = data[start + header.end() :].split(b"\n")[:size]
    objects = {}
    for number, row in enumerate(table[1:], 1):
        offset = int(row[:10])
        assert data[offset:].startswith(b"%d 0 obj" % number), number
        end = data.index(b"endobj", offset)
        objects[number] = data[offset:end]
    return objects


def test_the_pdf_has_every_puzzle_then_every_answer(
    tmp_path: Path, twelve: tuple[BookletPuzzle, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "book.pdf"
    argv = ["booklet", "-n", "12", "--per-page", "4", "--levels", "easy,medium", "--seed", "5"]
    assert main([*argv, "--url", "https://example.org/s/", "-o", str(out)]) == 0
    assert "12 puzzles from seed 5, 5 pages" in capsys.readouterr().err
    objects = _pdf_objects(out.read_bytes())
    pages = [body for body in objects.values() if re.search(rb"/Type /Page\b", body)]
    assert len(pages) == 5
    contents = []
    for page in pages:
        ref = re.search(rb"/Contents (\d+) 0 R", page)
        assert ref is not None
        contents.append(objects[int(ref.group(1))].decode("latin-1"))
    for index, puzzle in enumerate(twelve):
        label = caption(puzzle)  # "·" is \xb7 in WinAnsiEncoding as in Latin-1
        on_puzzle_page = contents[index // 4]
        assert f"({label})" in on_puzzle_page
        for answers in contents[3:]:  # 9 a page
            if f"({label})" in answers:
                break
        else:
            raise AssertionError(f"no answer for {label}")
    assert all("answers" in page for page in contents[3:])
    links = [body for body in objects.values() if b"/S /URI" in body]
    assert len(links) == 12
    for index, (puzzle, link) in enumerate(zip(twelve, links, strict=True)):
        short = puzzle.link("https://example.org/s/")
        assert short.startswith("https://example.org/s/#p=") and len(short) < 70
        assert f"/URI ({short})".encode() in link  # clickable
        assert f"({short}) Tj" in contents[index // 4]  # printed whole, on one line
        assert read_position(short).givens == puzzle.puzzle


def test_the_printed_link_is_the_short_one() -> None:
    made = BookletPuzzle(
        3, Level.HARD, score=1140, seed=4294967295, puzzle=parse(PUZZLE), solution=(1,) * 81
    )
    link = made.link("https://example.org/sudoku/#old")
    assert link == "https://example.org/sudoku/#p=CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT&l=h&s=4294967295"


def test_the_html_file_is_print_ready(
    tmp_path: Path, twelve: tuple[BookletPuzzle, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "book.html"
    argv = ["booklet", "-n", "12", "--levels", "easy,medium", "--seed", "5", "-o", str(out)]
    assert main(argv) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count('class="sheet"') == 5 and "@page" in text
    assert sorted(map(int, re.findall(r'data-puzzle="(\d+)"', text))) == list(range(1, 13))
    assert sorted(map(int, re.findall(r'data-answer="(\d+)"', text))) == list(range(1, 13))
    hrefs = re.findall(r'<a href="([^"]+)">([^<]+)</a>', text)
    escaped = [p.link("https://sudoku.example/").replace("&", "&amp;") for p in twelve]
    assert hrefs == [(link, link) for link in escaped]
    answers = text.split('data-answer="1"', 1)[1]
    assert "".join(re.findall(r">(\d)</span>", answers)[:81]) == format_line(twelve[0].solution)


def test_bad_options_say_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["booklet", "--levels", "hardest", "-o", str(tmp_path / "b.pdf")]) == 2
    assert "levels must be level names" in capsys.readouterr().err
    assert main(["booklet", "-o", str(tmp_path / "b.txt")]) == 2
    assert "must end in .pdf or .html" in capsys.readouterr().err
