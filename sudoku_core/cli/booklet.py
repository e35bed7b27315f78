"""The ``booklet`` subcommand: N graded puzzles laid out 1, 2, 4 or 6 a page, each with its
number, level, seed and link back to the page, then answer pages (9 a page); written as a PDF
(:mod:`.pdf`) or as a print-ready HTML file (the page's booklet, web/app/booklet.css, looks the
same), chosen by the output file's extension."""

from __future__ import annotations

import argparse
import html
import random
from pathlib import Path
from typing import TypeVar

from sudoku_core.booklet import MAX_PUZZLES, PER_PAGE, BookletPuzzle, iter_booklet, read_levels
from sudoku_core.cli.command import Command, Exit, Streams, at_least
from sudoku_core.cli.pdf import DIGIT_WIDTH, PAPER, Document, Page, text_width
from sudoku_core.grid import Grid

T = TypeVar("T")

DEFAULT_URL = "https://sudoku.example/"
"""Where the printed links point when ``--url`` is not given (the studio's address)."""
ANSWERS_PER_PAGE = 9
LAYOUT = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), ANSWERS_PER_PAGE: (3, 3)}
"""Puzzles a page -> (columns, rows)."""
MARGIN = 36.0
HEADER = 28.0


def pages_of(puzzles: tuple[T, ...], per_page: int) -> list[list[T]]:
    """The puzzles cut into pages of ``per_page``.

    Examples:
        >>> [len(page) for page in pages_of(tuple(range(10)), 4)]
        [4, 4, 2]
    """
    return [list(puzzles[i : i + per_page]) for i in range(0, len(puzzles), per_page)]


def caption(puzzle: BookletPuzzle) -> str:
    """What is printed above a puzzle: its number, level and seed."""
    return f"{puzzle.number} · {puzzle.level.value.capitalize()} · seed {puzzle.seed}"


# --- PDF -------------------------------------------------------------------------------------


def _draw_grid(
    page: Page, corner: tuple[float, float], size: float, digits: Grid, givens: Grid
) -> None:
    """A 9x9 grid with its top-left corner at ``corner``; givens bold, other digits regular."""
    x, top = corner
    cell = size / 9
    for i in range(10):
        width = 1.6 if i % 3 == 0 else 0.4
        page.line(x + i * cell, top, x + i * cell, top - size, width)
        page.line(x, top - i * cell, x + size, top - i * cell, width)
    font_size = cell * 0.62
    for index, digit in enumerate(digits):
        if digit:
            row, col = divmod(index, 9)
            tx = x + col * cell + cell / 2 - DIGIT_WIDTH * font_size / 2
            ty = top - row * cell - cell / 2 - font_size * 0.36
            page.text(tx, ty, font_size, str(digit), "bold" if givens[index] else "regular")


def _wrapped(text: str, size: float, width: float) -> list[str]:
    """``text`` cut into lines no wider than ``width`` (a link has no spaces to break at)."""
    lines, line = [], ""
    for ch in text:
        if line and text_width(line + ch, size) > width:
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line] if line else lines


def _pdf_page(
    document: Document,
    number: int,
    shown: list[BookletPuzzle],
    *,
    slots: int,
    answers: bool,
    title: str,
    url: str,
) -> None:
    page = document.add_page()
    width, height = page.width, page.height
    page.text(MARGIN, height - MARGIN - 12, 14, title + (" — answers" if answers else ""), "bold")
    page.text(width - MARGIN - text_width(str(number), 9), MARGIN - 14, 9, str(number))
    cols, rows = LAYOUT[slots]
    area_w, area_h = width - 2 * MARGIN, height - 2 * MARGIN - HEADER
    slot_w, slot_h = area_w / cols, area_h / rows
    link_size = 5.5
    for index, puzzle in enumerate(shown):
        row, col = divmod(index, cols)
        left = MARGIN + col * slot_w
        top = height - MARGIN - HEADER - row * slot_h
        link = "" if answers else puzzle.link(url)
        lines = 1 if link else 0
        while True:  # the grid as large as the slot allows under the link's lines
            size = min(slot_w - 18, slot_h - 20 - lines * (link_size + 1.5) - 10)
            needed = len(_wrapped(link, link_size, size))
            if needed <= lines:
                break
            lines = needed
        x = left + (slot_w - size) / 2
        label_size = 10 if not answers else 8
        page.text(x, top - label_size, label_size, caption(puzzle), "bold")
        grid_top = top - label_size - 6
        digits = puzzle.solution if answers else puzzle.puzzle
        _draw_grid(page, (x, grid_top), size, digits, puzzle.puzzle)
        if link:
            y = grid_top - size - link_size - 3
            for line in _wrapped(link, link_size, size):
                page.text(x, y, link_size, line)
                y -= link_size + 1.5
            page.link(x, y + link_size, size, grid_top - size - y - link_size, link)


def booklet_pdf(
    puzzles: tuple[BookletPuzzle, ...], per_page: int, *, title: str, url: str, paper: str
) -> bytes:
    """The booklet as a PDF: the puzzle pages, then the answer pages."""
    document = Document(paper, title)
    sheets = [(page, per_page, False) for page in pages_of(puzzles, per_page)]
    sheets += [(page, ANSWERS_PER_PAGE, True) for page in pages_of(puzzles, ANSWERS_PER_PAGE)]
    for number, (shown, slots, answers) in enumerate(sheets, 1):
        _pdf_page(document, number, shown, slots=slots, answers=answers, title=title, url=url)
    return document.to_bytes()


# --- HTML ------------------------------------------------------------------------------------

GRID_MM = {1: 160, 2: 100, 4: 84, 6: 62, ANSWERS_PER_PAGE: 54}
"""The grid's width in millimetres for each layout (A4 and Letter both fit)."""

STYLE = """
@page { size: %(paper)s; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Helvetica, Arial, sans-serif; color: #000; background: #fff; }
.sheet { display: flex; flex-direction: column; height: 250mm; overflow: hidden; break-after: page; }
.sheet:last-child { break-after: auto; }
.sheet h1 { font-size: 14pt; margin: 0 0 5mm; }
.slots { flex: 1; display: grid; gap: 4mm; }
.slot { display: flex; flex-direction: column; align-items: center; min-height: 0; }
.slot h2 { font-size: 10pt; margin: 0 0 2mm; align-self: center; }
.board { display: grid; grid-template-columns: repeat(9, 1fr); aspect-ratio: 1;
  border: 0.6mm solid #000; }
.board span { display: flex; align-items: center; justify-content: center; aspect-ratio: 1;
  border-right: 0.2mm solid #555; border-bottom: 0.2mm solid #555; font-weight: 400; }
.board span.given { font-weight: 700; }
.board span:nth-child(9n) { border-right: 0; }
.board span:nth-child(n+73) { border-bottom: 0; }
.board span.box-right { border-right: 0.6mm solid #000; }
.board span.box-bottom { border-bottom: 0.6mm solid #000; }
.link { font-size: 6pt; word-break: break-all; margin: 1.5mm 0 0; color: #333; }
.link a { color: inherit; text-decoration: none; }
.page-number { text-align: right; font-size: 9pt; margin: 2mm 0 0; }
"""


def _board_html(digits: Grid, givens: Grid, grid_mm: int) -> str:
    cells = []
    for index, digit in enumerate(digits):
        row, col = divmod(index, 9)
        classes = [
            name
            for name, on in (
                ("given", bool(givens[index])),
                ("box-right", col in (2, 5)),
                ("box-bottom", row in (2, 5)),
            )
            if on
        ]
        shown = str(digit) if digit else ""
        cells.append(f'<span class="{" ".join(classes)}">{shown}</span>')
    font = grid_mm / 9 * 0.62 * 72 / 25.4
    return f'<div class="board" style="width:{grid_mm}mm;font-size:{font:.1f}pt">{"".join(cells)}</div>'


def booklet_html(
    puzzles: tuple[BookletPuzzle, ...], per_page: int, *, title: str, url: str, paper: str
) -> str:
    """The booklet as one self-contained HTML file, ready for the browser's Print."""
    sheets = [(page, per_page, False) for page in pages_of(puzzles, per_page)]
    sheets += [(page, ANSWERS_PER_PAGE, True) for page in pages_of(puzzles, ANSWERS_PER_PAGE)]
    body = []
    for number, (shown, slots, answers) in enumerate(sheets, 1):
        cols, rows = LAYOUT[slots]
        heading = html.escape(title + (" — answers" if answers else ""))
        items = []
        for puzzle in shown:
            digits = puzzle.solution if answers else puzzle.puzzle
            board = _board_html(digits, puzzle.puzzle, GRID_MM[slots])
            link = ""
            if not answers:
                href = html.escape(puzzle.link(url), quote=True)
                link = f'<p class="link"><a href="{href}">{href}</a></p>'
            kind = "answer" if answers else "puzzle"
            items.append(
                f'<section class="slot" data-{kind}="{puzzle.number}">'
                f"<h2>{html.escape(caption(puzzle))}</h2>{board}{link}</section>"
            )
        grid = f"grid-template-columns:repeat({cols},1fr);grid-template-rows:repeat({rows},1fr)"
        body.append(
            f'<div class="sheet"><h1>{heading}</h1><div class="slots" style="{grid}">'
            f'{"".join(items)}</div><p class="page-number">{number}</p></div>'
        )
    style = STYLE % {"paper": "A4" if paper == "a4" else "letter"}
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{style}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )


# --- the command -----------------------------------------------------------------------------


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Make the puzzles (progress on stderr), then write the file."""
    try:
        levels = read_levels(args.levels)
    except ValueError as error:
        streams.stderr.write(f"booklet: {error}\n")
        return Exit.BAD_INPUT
    output = Path(args.output)
    kind = output.suffix.lower()
    if kind not in (".pdf", ".html", ".htm"):
        streams.stderr.write(f"booklet: the output must end in .pdf or .html, got {output.name}\n")
        return Exit.BAD_INPUT
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    making = iter_booklet(args.count, levels, seed)
    made = 0
    while True:
        try:
            progress = next(making)
        except StopIteration as done:
            puzzles: tuple[BookletPuzzle, ...] = done.value
            break
        if progress["made"] != made and streams.stderr.isatty():
            made = int(str(progress["made"]))
            streams.stderr.write(f"\rmade {made} of {args.count}")
    title = (
        args.title
        or f"Sudoku · {', '.join(dict.fromkeys(level.value.capitalize() for level in levels))}"
    )
    options = {"title": title, "url": args.url, "paper": args.paper}
    if kind == ".pdf":
        output.write_bytes(booklet_pdf(puzzles, args.per_page, **options))
    else:
        output.write_text(booklet_html(puzzles, args.per_page, **options), encoding="utf-8")
    pages = -(-len(puzzles) // args.per_page) + -(-len(puzzles) // ANSWERS_PER_PAGE)
    streams.stderr.write(
        f"wrote {output}: {len(puzzles)} puzzles from seed {seed}, {pages} pages with the answers\n"
    )
    return Exit.OK


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", required=True, help="the file: .pdf or .html")
    parser.add_argument(
        "-n", "--count", type=at_least(1, MAX_PUZZLES), default=12, help="puzzles (default 12)"
    )
    parser.add_argument(
        "--per-page",
        type=int,
        choices=PER_PAGE,
        default=4,
        help="puzzles a page (default 4); the answers come 9 a page",
    )
    parser.add_argument(
        "--levels",
        default="easy,medium",
        help="the level mix, in turn: e.g. easy,easy,hard (default easy,medium)",
    )
    parser.add_argument(
        "--seed", type=at_least(0), help="the first puzzle's seed; puzzle i has seed + i"
    )
    parser.add_argument("--url", default=DEFAULT_URL, help="the studio's address, for the links")
    parser.add_argument("--paper", choices=tuple(PAPER), default="a4", help="default a4")
    parser.add_argument("--title", help="the pages' heading (default: Sudoku and the levels)")


COMMAND = Command(
    "booklet",
    "print N graded puzzles, 1-6 a page, with their answers, as a PDF or an HTML file",
    _add_arguments,
    run,
)
