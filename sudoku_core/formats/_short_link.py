"""The studio's short link (``#p=<code>&l=h&s=123``): a puzzle's givens in a few dozen
URL-safe characters, short enough to print under a puzzle, with its level and seed.

The code is one whole number written in base64url (``A``-``Z``, ``a``-``z``, ``0``-``9``, ``-``,
``_``; most significant first, no leading ``A``): ``digits * 2**81 + mask``, where bit ``c`` of
``mask`` is set when cell ``c`` (r1c1 = 0, row by row) holds a given, and ``digits`` is the
givens in cell order as a base-9 number (digit ``d`` written ``d - 1``, the first given most
significant). A puzzle of ``n`` givens takes ``81 + n * log2(9)`` bits: 23 characters for 17
givens, 27 for 25, 32 for 35, where the 81 digits written as one base-10 number always take 45.
web/puzzles/short-link.js is the same codec for the page; tests/test_short_link.py runs both.

Examples:
    >>> grid = (5, 3) + (0,) * 79
    >>> short_code(grid)
    'EwAAAAAAAAAAAAD'
    >>> read_short_code("EwAAAAAAAAAAAAD") == grid
    True
"""

from __future__ import annotations

from sudoku_core.errors import InvalidPuzzleError

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Final

BASE64URL: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The URL-safe digits of the code (and of the share link's marks, :mod:`._links`)."""
_CELLS: Final = 81
MAX_CODE_CHARS: Final = 57
"""The longest code: a full grid, ``81 + 81 * log2(9)`` bits, is 57 characters."""
LEVEL_LETTERS: Final = {"easy": "e", "medium": "m", "hard": "h", "unfair": "u", "extreme": "x"}
"""A level as the short link writes it (``l=h``)."""


def short_code(grid: Sequence[int]) -> str:
    """The givens (81 digits, 0 for empty) as the short link's code."""
    mask, digits = 0, 0
    for cell, digit in enumerate(grid):
        if digit:
            mask |= 1 << cell
            digits = digits * 9 + digit - 1
    value = (digits << _CELLS) | mask
    out = ""
    while True:
        value, low = divmod(value, 64)
        out = BASE64URL[low] + out
        if not value:
            return out


def read_short_code(code: str) -> tuple[int, ...]:
    """The givens a short link's code holds; :class:`InvalidPuzzleError` says why there are none.

    Examples:
        >>> read_short_code("A!")
        Traceback (most recent call last):
        ...
        sudoku_core.errors.InvalidPuzzleError: the short link's code has “!” at character 2; ...
    """
    if not code:
        raise InvalidPuzzleError("the short link's code is empty")
    if len(code) > MAX_CODE_CHARS:
        raise InvalidPuzzleError(
            f"the short link's code is {len(code)} characters long; at most {MAX_CODE_CHARS}"
        )
    value = 0
    for at, ch in enumerate(code, 1):
        digit = BASE64URL.find(ch)
        if digit < 0:
            raise InvalidPuzzleError(
                f"the short link's code has “{ch}” at character {at}; "
                "a code is written with A-Z, a-z, 0-9, - and _"
            )
        value = value * 64 + digit
    mask, digits = value & ((1 << _CELLS) - 1), value >> _CELLS
    given_cells = [cell for cell in range(_CELLS) if mask >> cell & 1]
    if digits >= 9 ** len(given_cells):
        raise InvalidPuzzleError(
            f"the short link's code holds more digits than its {len(given_cells)} givens"
        )
    grid = [0] * _CELLS
    for cell in reversed(given_cells):
        digits, low = divmod(digits, 9)
        grid[cell] = low + 1
    return tuple(grid)


def short_fragment(
    grid: Sequence[int], *, level: str | None = None, seed: int | None = None
) -> str:
    """The short link's fragment, without its ``#``: ``p=<code>``, then ``&l=`` the level's
    letter and ``&s=`` the seed when given.

    Examples:
        >>> short_fragment((1,) + (0,) * 80, level="hard", seed=42)
        'p=B&l=h&s=42'
    """
    fragment = "p=" + short_code(grid)
    if level is not None:
        fragment += "&l=" + LEVEL_LETTERS[level]
    if seed is not None:
        fragment += f"&s={seed}"
    return fragment
