"""The grouped chain search finds, on every board of a hard path, the chain it found before its
speed-up (numbered nodes, lists for the walk, ends tested before their eliminations are listed).

Which chain is taken depends on the order the walk meets the nodes (the first of equal chains
wins), so the digest below, of the steps the search before (commit 64a98a3) found on the 84
boards of the path, checks that order as well as the chains.
"""

from __future__ import annotations

import hashlib

from sudoku_core import parse, solve
from sudoku_core.logic import Board, grouped
from sudoku_core.logic.solver import iter_path

PUZZLE = "98.7..6..7..........5.4..9.36......8..2.1..4......3....5...2.1...91.........5.4.9"
"""forum_hardest_1905_11plus (tests/data, line 9): a grouped chain on 47 of its path's boards."""
FOUND_BEFORE = "c11d6e6312eec8872da4289a45e47a3175239d5a048f7dd24aecc30ae0ca52b3"
"""sha256 of the texts of the steps found, one a line ("-" for none), board after board."""


def test_the_grouped_search_finds_the_chains_it_found_before() -> None:
    grid = parse(PUZZLE)
    board = Board.from_grid(grid)
    texts = []
    for _ in iter_path(board, solve(grid), unique=True):
        step = grouped.find_grouped_aic(board)
        texts.append(step.text if step else "-")
    assert len(texts) == 84 and sum(text != "-" for text in texts) == 47
    assert hashlib.sha256("\n".join(texts).encode()).hexdigest() == FOUND_BEFORE
