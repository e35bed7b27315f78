"""Real public links of other apps, each with the public source it was found in: the
acceptance data of sudoku_core.formats (tests/test_interchange.py) and of the page
(tests/e2e/test_formats.py)."""

from __future__ import annotations

from pathlib import Path

# lisudoku/sudoku_formats README: a classic 9x9 f-puzzles link with one given.
FPUZZLES_README = (
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfAL"
    "rJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"
)
# lisudoku's import dialog (ImportModal.tsx): the f-puzzles example, givens at r3c3 and r7c7.
FPUZZLES_IMPORT_EXAMPLE = (
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1kANwEMAbAK5x4ARl"
    "RoI3GADsEAFwzCmK1kQ5tVmug216VGrUbWG1ZyjwHCEAJglTZCpTAO7j+nZw/7atIkA="
)
# An f-puzzles importer's tests (SudokuSolverTest, FPuzzlesImportTests): an X-Sudoku.
FPUZZLES_X_SUDOKU = (
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGD"
    "BlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZE"
    "nnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz5"
    "2yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA==="
)
X_SUDOKU_GIVENS = (
    "..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4"
)
# A sum-constraint solver's tests (SumConstraintTests): a killer puzzle.
FPUZZLES_KILLER = (
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3P"
    "gIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzIme"
    "TgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA="
)
# SudokuPad/sudokutools (src/puzzleloader comment): "for testing, a blank grid" in the legacy
# classic form; SudokuPad reads its first 81 cells, which leave a 6 at r9c7.
SUDOKUPAD_SCF = "https://sudokupad.app/scfoooooooooooook"
# SakanaAI/Sudoku-Bench README: a short id, and the inline link of a variant (Parity Fish).
SUDOKUPAD_SHORT = "https://sudokupad.app/wsj7iunsg6"
SUDOKUPAD_PARITY_FISH = (
    (Path(__file__).parent / "data" / "links" / "sudokupad-parity-fish.txt").read_text().strip()
)
"""SakanaAI/Sudoku-Bench README: "Parity Fish", a variant, inline (2,900 characters: a file)."""

# A sudokuwiki strategy guide (X-Wing, example 1): the position after some steps as an S9B
# board, and the same puzzle "from the start".
SUDOKUWIKI_S9B = (
    "https://www.sudokuwiki.org/sudoku.htm?bd=S9B015y2e685w68050609040i022e0e0f0a2e085y050f0a5u0"
    "90b042e2u2e0i06042c0810012q0f0dd0015w9i102e020a089e03050f9e0d5y042e05d0609i010f095y0e5y0f0a"
    "045y0206020166cy669id205"
)
SUDOKUWIKI_START = (
    "https://www.sudokuwiki.org/sudoku.htm?bd="
    "100000569402000008050009040000640801000010000208035000040500010900000402621000005"
)
# A puzzle write-up of the 2025 MIT Logic Puzzle Open: "An interactive Sudoku is available in
# sudoku.coach".
SUDOKU_COACH = (
    "https://sudoku.coach/en/play/"
    "000001700000006300123408500567804200000000000004703158008107642005300000002600000"
)
