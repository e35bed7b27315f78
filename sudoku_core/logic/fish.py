"""Basic fish (X-Wing, Swordfish, Jellyfish) and their finned and sashimi forms.

A fish of size n on digit d: n *base* lines (rows, or columns) whose candidates for d all lie
in n *cover* lines of the other direction; one of the base lines' cells holds d in each cover
line, so the cover lines lose d everywhere else. A *finned* fish has extra base candidates
(fins) in one box: either the fish holds or a fin is true, so only cover cells that also
see that box lose d. It is *sashimi* when a base line has at most one cell left in the cover.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TypeVar

from sudoku_core.grid import cell_name
from sudoku_core.logic.board import (
    BIT_COUNT,
    BOX_BITS,
    COL_BITS,
    ROW_BITS,
    UNIT_BITS,
    Board,
    cells_of,
)
from sudoku_core.logic.per_digit import each_digit
from sudoku_core.logic.steps import Step, make_step

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_LINE_BITS = (ROW_BITS, COL_BITS)
_WORD = ("row", "column")
_PLURAL = ("rows", "columns")
_T = TypeVar("_T")


def _spread(lines: tuple[int, ...], orient: int) -> int:
    bits = 0
    for line in lines:
        bits |= _LINE_BITS[orient][line]
    return bits


def _positions(where_d: int, line: int, orient: int) -> int:
    """The 9-bit set of cross-line indexes where d lies in the base line."""
    if orient == 0:
        return where_d >> (9 * line) & 0x1FF
    bits = where_d >> line
    mask = 0
    for i in range(9):
        if bits >> (9 * i) & 1:
            mask |= 1 << i
    return mask


def _describe(name: str, d: int, orient: int, base: tuple[int, ...], cover: tuple[int, ...]) -> str:
    b = (
        " and ".join(str(i + 1) for i in base)
        if len(base) == 2
        else ", ".join(str(i + 1) for i in base)
    )
    c = (
        " and ".join(str(i + 1) for i in cover)
        if len(cover) == 2
        else ", ".join(str(i + 1) for i in cover)
    )
    return f"{name} on {d} in {_PLURAL[orient]} {b}, {_PLURAL[1 - orient]} {c}"


def fish_step(
    board: Board,
    name: str,
    d: int,
    description: str,
    *,
    base: tuple[int, ...],
    cover: tuple[int, ...],
    removed: int,
    fins: int,
) -> Step:
    """The step of any fish on digit ``d`` (basic, finned, sashimi or Franken): its base and
    cover units (indexes 0..26), the cells that lose ``d`` and the fins (cellsets). Its pattern
    is every candidate of ``d`` in the base; its text ``description`` and the fins."""
    body = 0
    for unit in base:
        body |= board.where[d] & UNIT_BITS[unit]
    if fins:
        description += " with fin " + ", ".join(cell_name(c) for c in cells_of(fins))
    return make_step(
        name,
        description,
        eliminations=[(c, d) for c in cells_of(removed)],
        cells=list(cells_of(body)),
        candidates=[(c, d) for c in cells_of(body)],
        units=base,
        base=base,
        cover=cover,
        fins=list(cells_of(fins)),
    )


def _fish_step(
    board: Board,
    name: str,
    d: int,
    *,
    orient: int,
    base: tuple[int, ...],
    cover: tuple[int, ...],
    removed: int,
    fins: int,
) -> Step:
    """:func:`fish_step` of a fish whose base lines and cover lines are numbered 0..8 in the
    orientation ``orient`` (0: base rows, cover columns; 1: the other way)."""
    return fish_step(
        board,
        name,
        d,
        _describe(name, d, orient, base, cover),
        base=tuple((line if orient == 0 else 9 + line) for line in base),
        cover=tuple((line if orient == 1 else 9 + line) for line in cover),
        removed=removed,
        fins=fins,
    )


def _per_digit(
    board: Board, key: str, n: int, scan: Callable[[Board, int, int], _T]
) -> Iterator[_T]:
    """``scan(board, n, d)`` for each digit in order, kept in the board's memo with the digit's
    candidates and not run again while they stay the same (:func:`each_digit`).

    A digit's fish depend on its candidates alone, and on the hardest boards each fish is
    asked for some 30 times a path while most steps change a few digits (on the slowest
    forum_hardest puzzle finned fish take 4.4% of its grading time without it, 0.5% with it).
    """
    return each_digit(board, (key, n), lambda b, d: scan(b, n, d))


def find_basic_fish(board: Board, n: int) -> Step | None:
    """X-Wing (n=2), Swordfish (3) or Jellyfish (4), rows as base first, then columns."""
    found = _per_digit(board, "fish", n, _basic_fish_of)
    return next((step for step in found if step is not None), None)


def _basic_fish_of(board: Board, n: int, d: int) -> Step | None:
    """The first basic fish of size ``n`` on digit ``d``."""
    where_d = board.where[d]
    for orient in (0, 1):
        pos = [_positions(where_d, line, orient) for line in range(9)]
        lines = [i for i in range(9) if 2 <= pos[i].bit_count() <= n]
        for base in combinations(lines, n):
            union = 0
            for i in base:
                union |= pos[i]
            if union.bit_count() != n:
                continue
            cover = tuple(i for i in range(9) if union >> i & 1)
            removed = where_d & _spread(cover, 1 - orient) & ~_spread(base, orient)
            if removed:
                return _fish_step(
                    board,
                    _NAMES[n],
                    d,
                    orient=orient,
                    base=base,
                    cover=cover,
                    removed=removed,
                    fins=0,
                )
    return None


_Found = dict[bool, Step | None]
"""The first finned (False) and the first sashimi (True) fish of one digit."""


def find_finned_fish(board: Board, n: int, sashimi: bool) -> Step | None:
    """Finned (or sashimi) X-Wing, Swordfish or Jellyfish: fins all in one box.

    One scan of a digit finds its first finned and its first sashimi fish; both are kept (see
    :func:`_per_digit`), so the other kind is ready for the solver's next call.
    """
    found = _per_digit(board, "finned fish", n, _scan_finned)
    return next((kinds[sashimi] for kinds in found if kinds[sashimi] is not None), None)


def _scan_finned(board: Board, n: int, d: int) -> _Found:
    """The first finned and the first sashimi fish of size ``n`` on digit ``d``."""
    found: _Found = {False: None, True: None}
    where_d = board.where[d]
    for orient in (0, 1):
        pos = [_positions(where_d, line, orient) for line in range(9)]
        lines = [i for i in range(9) if 0 < BIT_COUNT[pos[i]] <= n + 3]
        for base in combinations(lines, n):
            union = 0
            for i in base:
                union |= pos[i]
            size = BIT_COUNT[union]
            if size <= n or size > n + 3:
                continue
            # HoDoKu tries a base's covers in order: of this base's fish, the first covers win
            here: _Found = {False: None, True: None}
            base_spread = 0
            for stack in range(3):
                stack_mask = 0b111 << (3 * stack)
                if BIT_COUNT[union & ~stack_mask] > n:
                    continue
                if not base_spread:
                    base_spread = _spread(base, orient)
                for band in {i // 3 for i in base}:
                    body = 0
                    has_fin_side = False
                    for i in base:
                        if i // 3 == band:
                            body |= pos[i] & ~stack_mask
                            has_fin_side = has_fin_side or bool(pos[i] & stack_mask)
                        else:
                            body |= pos[i]
                    if not has_fin_side or BIT_COUNT[body] > n:
                        continue
                    box = 3 * band + stack if orient == 0 else 3 * stack + band
                    if not where_d & BOX_BITS[box] & ~base_spread:
                        continue
                    for kind in (False, True):
                        if found[kind] is None:
                            fish = _finned_cover(
                                board,
                                ("Sashimi " if kind else "Finned ") + _NAMES[n],
                                d,
                                orient=orient,
                                base=base,
                                pos=pos,
                                body=body,
                                stack_mask=stack_mask,
                                box=box,
                                sashimi=kind,
                            )
                            kept = here[kind]
                            if fish is not None and (kept is None or fish.cover < kept.cover):
                                here[kind] = fish
            for kind in (False, True):
                if found[kind] is None:
                    found[kind] = here[kind]
            if found[False] is not None and found[True] is not None:
                return found
    return found


def _finned_cover(
    board: Board,
    kind: str,
    d: int,
    *,
    orient: int,
    base: tuple[int, ...],
    pos: list[int],
    body: int,
    stack_mask: int,
    box: int,
    sashimi: bool,
) -> Step | None:
    """Complete the cover lines of a finned fish inside the fin box's stack, if it removes anything."""
    where_d = board.where[d]
    n = len(base)
    base_bits = where_d & _spread(base, orient)
    union = 0
    for i in base:
        union |= pos[i]
    # A cover line holds a base candidate (HoDoKu's rule: one without would cover nothing).
    choices = [i for i in range(9) if stack_mask >> i & 1 and not body >> i & 1 and union >> i & 1]
    for added in combinations(choices, n - body.bit_count()):
        cover_mask = body
        for i in added:
            cover_mask |= 1 << i
        if not cover_mask & stack_mask:
            continue
        cover = tuple(i for i in range(9) if cover_mask >> i & 1)
        cover_bits = _spread(cover, 1 - orient)
        fins = base_bits & ~cover_bits
        if not fins:
            continue
        is_sashimi = min((pos[i] & cover_mask).bit_count() for i in base) <= 1
        if is_sashimi != sashimi:
            continue
        removed = where_d & cover_bits & BOX_BITS[box] & ~_spread(base, orient)
        if removed:
            return _fish_step(
                board, kind, d, orient=orient, base=base, cover=cover, removed=removed, fins=fins
            )
    return None


def find_x_wing(board: Board) -> Step | None:
    """X-Wing: two lines whose digit lies in the same two cross lines."""
    return find_basic_fish(board, 2)


def find_swordfish(board: Board) -> Step | None:
    """Swordfish: three lines covered by three cross lines."""
    return find_basic_fish(board, 3)


def find_jellyfish(board: Board) -> Step | None:
    """Jellyfish: four lines covered by four cross lines."""
    return find_basic_fish(board, 4)


def find_finned_x_wing(board: Board) -> Step | None:
    """Finned X-Wing."""
    return find_finned_fish(board, 2, False)


def find_sashimi_x_wing(board: Board) -> Step | None:
    """Sashimi X-Wing."""
    return find_finned_fish(board, 2, True)


def find_finned_swordfish(board: Board) -> Step | None:
    """Finned Swordfish."""
    return find_finned_fish(board, 3, False)


def find_sashimi_swordfish(board: Board) -> Step | None:
    """Sashimi Swordfish."""
    return find_finned_fish(board, 3, True)


def find_finned_jellyfish(board: Board) -> Step | None:
    """Finned Jellyfish."""
    return find_finned_fish(board, 4, False)


def find_sashimi_jellyfish(board: Board) -> Step | None:
    """Sashimi Jellyfish."""
    return find_finned_fish(board, 4, True)
