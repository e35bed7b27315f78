"""A position: a puzzle with a player's progress, as the formats that carry progress hold it.

``givens`` are the puzzle; ``entries`` the player's digits (0 where none, and 0 on every
given); ``centre`` and ``corner`` the player's pencil marks as 81 masks of 9 bits (bit ``d-1``
for digit ``d``; 0 on every filled cell). Candidates, in the formats that have one layer of
them (sudokuwiki, HoDoKu, SudoCue's ``.sdx``), are centre marks, as on the page.
"""

from __future__ import annotations

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.grid import EMPTY_GRID, PEERS, Grid

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, Final

NO_MARKS: Final[tuple[int, ...]] = (0,) * 81
ALL_DIGITS: Final = 0x1FF


class Position(Frozen):
    """A puzzle, the player's digits and marks, and the puzzle's title and author when known.

    Examples:
        >>> p = Position((5,) + (0,) * 80, entries=(0, 3) + (0,) * 79)
        >>> p.filled[:3], p.has_progress
        ((5, 3, 0), True)
    """

    _fields = ("givens", "entries", "centre", "corner", "title", "author", "source")
    _compared = ("givens", "entries", "centre", "corner", "title", "author")
    __slots__ = _fields
    givens: Grid
    entries: Grid
    centre: tuple[int, ...]
    corner: tuple[int, ...]
    title: str
    author: str
    source: str
    """Where it was read from, in words (``"an f-puzzles link"``); not part of equality."""

    def __init__(
        self,
        givens: Grid,
        entries: Grid = EMPTY_GRID,
        *,
        centre: Sequence[int] = NO_MARKS,
        corner: Sequence[int] = NO_MARKS,
        title: str = "",
        author: str = "",
        source: str = "",
    ) -> None:
        # An entry never sits on a given, nor a mark on a filled cell: the page shows neither.
        entries = tuple(e if not g else 0 for g, e in zip(givens, entries, strict=True))
        filled = [g or e for g, e in zip(givens, entries, strict=True)]
        centre = tuple(m & ALL_DIGITS if not f else 0 for f, m in zip(filled, centre, strict=True))
        corner = tuple(m & ALL_DIGITS if not f else 0 for f, m in zip(filled, corner, strict=True))
        frozen_init(self, tuple(givens), entries, centre, corner, title, author, source)

    @property
    def filled(self) -> Grid:
        """The grid as the player sees it: givens and entries together."""
        return tuple(g or e for g, e in zip(self.givens, self.entries, strict=True))

    @property
    def has_progress(self) -> bool:
        """True when the player has a digit or a mark on the board."""
        return any(self.entries) or any(self.centre) or any(self.corner)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page: grids as 81-character lines (``.`` for empty), marks as
        81 masks."""
        return {
            "givens": _line(self.givens),
            "entries": _line(self.entries),
            "centre": list(self.centre),
            "corner": list(self.corner),
            "title": self.title,
            "author": self.author,
            "source": self.source,
        }


def _line(grid: Grid) -> str:
    return "".join(str(d) if d else "." for d in grid)


def allowed(grid: Grid) -> tuple[int, ...]:
    """Every cell's candidates as the filled cells allow them (0 on a filled cell): what
    HoDoKu's list of deleted candidates is counted from.

    Examples:
        >>> allowed((1,) + (0,) * 80)[1] == 0x1FF & ~1
        True
    """
    masks = []
    for cell, digit in enumerate(grid):
        if digit:
            masks.append(0)
            continue
        seen = 0
        for peer in PEERS[cell]:
            if grid[peer]:
                seen |= 1 << (grid[peer] - 1)
        masks.append(ALL_DIGITS & ~seen)
    return tuple(masks)


def mask_digits(mask: int) -> str:
    """``"137"`` for the mask of 1, 3 and 7."""
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def digit_of(value: object) -> int:
    """A cell's digit as JSON of other apps holds it (``5`` or ``"5"``); 0 for anything else."""
    if type(value) is int and 1 <= value <= 9:
        return value
    if isinstance(value, str) and len(value) == 1 and value in "123456789":
        return int(value)
    return 0


def marks_of(value: object) -> int:
    """A cell's marks as JSON of other apps holds them (``[1, 5]`` or ``"15"``); 0 else."""
    return digits_mask(value) if isinstance(value, list | str) else 0


def mark_list(mask: int) -> list[int]:
    """The digits of a mask as a list, as f-puzzles and SudokuPad write marks."""
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


def json_rows(
    position: Position, digit_of_cell: Callable[[int], dict[str, Any]], centre: str, corner: str
) -> list[list[dict[str, Any]]]:
    """The nine rows of cells f-puzzles and SudokuPad write: each cell's digit as
    ``digit_of_cell`` says, and its marks as lists under the app's two keys."""
    rows = []
    for r in range(9):
        row = []
        for cell in range(9 * r, 9 * r + 9):
            item = digit_of_cell(cell)
            if position.centre[cell]:
                item[centre] = mark_list(position.centre[cell])
            if position.corner[cell]:
                item[corner] = mark_list(position.corner[cell])
            row.append(item)
        rows.append(row)
    return rows


def digits_mask(digits: Sequence[int] | str) -> int:
    """The mask of some digits 1-9 (others are ignored)."""
    mask = 0
    for d in digits:
        if type(d) is int and 1 <= d <= 9:
            mask |= 1 << (d - 1)
        elif isinstance(d, str) and len(d) == 1 and d in "123456789":
            mask |= 1 << (int(d) - 1)
    return mask
