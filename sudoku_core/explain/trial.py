"""What follows from a supposition, in words: singles placed one after another until a fact
or a contradiction, each with the reason it is forced.

A Forcing Chain or Net, and a guess that fails, are explained the same way: suppose a
candidate true (or false), place the naked and hidden singles that follow, and stop at the
fact to prove or at a contradiction (a cell with no candidate left, or a unit with no place
left for a digit). Every placement remembers the earlier ones that forced it, so the
explanation keeps only those the end needs, in the order they were made: "if r5c7 were 3,
r5c9 would be 8 (the last candidate left in it), r2c9 would be 4 (the only place left for 4 in
column 9), and row 5 would have no place left for 6".

The search goes round by round (every single the board shows, then again), so the reasoning
it finds is short. It uses singles only: a Forcing Chain's group links are not followed, so
now and then a step's fact is not reached; :func:`suppose` says so by returning None and the
caller falls back to plainer words.
"""

from __future__ import annotations

from typing import NamedTuple

from sudoku_core.explain import words
from sudoku_core.grid import CELLS, PEERS, UNITS, Cell, Digit, cell_name
from sudoku_core.logic.board import MASK_DIGITS, Board

__all__ = ["Fact", "Proof", "suppose"]

_PREMISE = -1
_MAX_PLACEMENTS = 81


class Fact(NamedTuple):
    """``digit`` is (``on``) or is not in ``cell``."""

    cell: Cell
    digit: Digit
    on: bool

    def said(self, mood: str = "is") -> str:
        """``r5c7 is 3``, ``r5c7 would not be 3`` (``mood`` "would be")."""
        if self.on:
            return f"{cell_name(self.cell)} {mood} {self.digit}"
        verb = "is not" if mood == "is" else mood.replace(" be", " not be")
        return f"{cell_name(self.cell)} {verb} {self.digit}"


class _Placed(NamedTuple):
    cell: Cell
    digit: Digit
    why: str
    needs: frozenset[int]


class Proof(NamedTuple):
    """What a supposition forces: the placements the end needs, in order, each with its
    reason, and the end (the fact reached, or the contradiction met)."""

    steps: tuple[tuple[Cell, Digit, str], ...]
    end: str
    broke: bool
    """True when the end is a contradiction."""

    def reading(self, premise: Fact) -> str:
        """``if r5c7 were 3, r5c9 would be 8 (...), and row 5 would have no place left
        for 6`` (no capital, no full stop)."""
        said = premise.said("would be").replace(" would be", " were", 1)
        said = said.replace(" would not be", " were not", 1)
        parts = [f"{cell_name(c)} would be {d} ({why})" for c, d, why in self.steps]
        parts.append(self.end)
        return f"if {said}, " + words.join(parts)


def suppose(board: Board, premise: Fact, target: Fact | None = None) -> Proof | None:
    """Follow ``premise`` on a copy of ``board`` until ``target`` holds or the grid breaks
    (the first of the two met); None when singles alone reach neither."""
    trial = _Trial(board)
    if premise.on:
        trial.place(premise.cell, premise.digit, "", frozenset())
    else:
        trial.remove(premise.cell, premise.digit, _PREMISE)
    while len(trial.placed) <= _MAX_PLACEMENTS:
        end = trial.reached(target) if target else None
        if end is None:
            end = trial.contradiction()
        if end is not None:
            text, needs, broke = end
            return trial.proof(text, needs, broke)
        singles = trial.singles()
        if not singles:
            return None
        for cell, digit, why, needs in singles:
            if not trial.values[cell] and trial.cands[cell] >> (digit - 1) & 1:
                trial.place(cell, digit, why, needs)
    return None


class _Trial:
    """A board that a supposition changes, remembering which placement removed what."""

    def __init__(self, board: Board) -> None:
        self.values = board.values[:]
        self.cands = board.cands[:]
        self.start = board.cands[:]
        self.placed: list[_Placed] = []
        self.removed_by: dict[tuple[Cell, Digit], int] = {}

    def remove(self, cell: Cell, digit: Digit, by: int) -> None:
        if self.cands[cell] >> (digit - 1) & 1:
            self.cands[cell] &= ~(1 << (digit - 1))
            self.removed_by[(cell, digit)] = by

    def place(self, cell: Cell, digit: Digit, why: str, needs: frozenset[int]) -> None:
        index = len(self.placed)
        self.placed.append(_Placed(cell, digit, why, needs))
        for d in MASK_DIGITS[self.cands[cell]]:
            if d != digit:
                self.remove(cell, d, index)
        self.cands[cell] = 0
        self.values[cell] = digit
        for p in PEERS[cell]:
            self.remove(p, digit, index)

    def _needs(self, lost: list[tuple[Cell, Digit]]) -> frozenset[int]:
        return frozenset(self.removed_by[item] for item in lost if item in self.removed_by)

    def reached(self, target: Fact) -> tuple[str, frozenset[int], bool] | None:
        cell, digit, on = target
        if on and self.values[cell] == digit:
            index = next(i for i, p in enumerate(self.placed) if p.cell == cell)
            return "", frozenset({index}), False
        if not on and (cell, digit) in self.removed_by:
            by = self.removed_by[(cell, digit)]
            if by != _PREMISE and self.placed[by].cell != cell:
                seen = self.placed[by]
                text = f"{cell_name(cell)} would not be {digit} (it sees {cell_name(seen.cell)})"
            else:
                text = f"{cell_name(cell)} would not be {digit}"
            return text, frozenset({by}), False
        return None

    def contradiction(self) -> tuple[str, frozenset[int], bool] | None:
        for c in CELLS:
            if not self.values[c] and not self.cands[c]:
                lost = [(c, d) for d in MASK_DIGITS[self.start[c]]]
                return f"{cell_name(c)} would have no candidate left", self._needs(lost), True
        for u, unit in enumerate(UNITS):
            placed = {self.values[c] for c in unit}
            for d in range(1, 10):
                if d in placed or any(self.cands[c] >> (d - 1) & 1 for c in unit):
                    continue
                lost = [(c, d) for c in unit if self.start[c] >> (d - 1) & 1]
                text = f"{words.unit(u)} would have no place left for {d}"
                return text, self._needs(lost), True
        return None

    def singles(self) -> list[tuple[Cell, Digit, str, frozenset[int]]]:
        """Every naked and hidden single the board shows, with what forced each."""
        found: dict[Cell, tuple[Cell, Digit, str, frozenset[int]]] = {}
        for c in CELLS:
            mask = self.cands[c]
            if not self.values[c] and mask and mask & (mask - 1) == 0:
                (d,) = MASK_DIGITS[mask]
                lost = [(c, e) for e in MASK_DIGITS[self.start[c]] if e != d]
                found[c] = (c, d, "the last candidate left in it", self._needs(lost))
        for u in (*range(18, 27), *range(18)):  # boxes first: the reason most players see
            unit = UNITS[u]
            placed = {self.values[c] for c in unit}
            for d in range(1, 10):
                if d in placed:
                    continue
                spots = [c for c in unit if self.cands[c] >> (d - 1) & 1]
                if len(spots) == 1 and spots[0] not in found:
                    lost = [(c, d) for c in unit if c != spots[0] and self.start[c] >> (d - 1) & 1]
                    why = f"the only place left for {d} in {words.unit(u)}"
                    found[spots[0]] = (spots[0], d, why, self._needs(lost))
        return list(found.values())

    def proof(self, end: str, needs: frozenset[int], broke: bool) -> Proof:
        keep: set[int] = set()
        todo = [i for i in needs if i != _PREMISE]
        while todo:
            i = todo.pop()
            if i in keep:
                continue
            keep.add(i)
            todo.extend(j for j in self.placed[i].needs if j != _PREMISE)
        steps = tuple(
            (p.cell, p.digit, p.why) for i, p in enumerate(self.placed) if i in keep and p.why
        )
        if not end and steps:  # the target was a placement: it is the last step
            *steps_list, (cell, digit, why) = steps
            return Proof(tuple(steps_list), f"{cell_name(cell)} would be {digit} ({why})", broke)
        return Proof(steps, end, broke)
