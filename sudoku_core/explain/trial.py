"""What follows from a supposition, in words: singles and locked candidates, one after another,
until a fact or a contradiction, each with the reason it is forced.

A Forcing Chain or Net, and a guess that fails, are explained the same way: suppose a
candidate true (or false), make the naked and hidden singles that follow (and, when there are
none, the locked candidates: a digit of a box confined to one of its lines, or of a line to
one box), and stop at the fact to prove or at a contradiction (a cell with no candidate left,
or a unit with no place left for a digit). Every deduction remembers the earlier ones that
forced it, so the explanation keeps only those the end needs, in the order they were made:
"if r5c7 were 3, r5c9 would be 8 (the last candidate left in it), r2c9 would be 4 (the only
place left for 4 in column 9), and row 5 would have no place left for 6".

The search goes round by round (every single the board shows, then again), so the reasoning
it finds is short. Locked candidates stand in for a Forcing Chain's group nodes (a digit in
two or three cells of a box-line crossing). Deeper reasoning is not followed: then
:func:`suppose` returns None and the caller falls back to plainer words.
"""

from __future__ import annotations

from typing import NamedTuple

from sudoku_core.explain import words
from sudoku_core.grid import CELLS, PEERS, UNITS, Cell, Digit, cell_name
from sudoku_core.logic.board import MASK_DIGITS, Board

__all__ = ["Fact", "Proof", "suppose"]

_PREMISE = -1
_MAX_EVENTS = 160


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


class _Event(NamedTuple):
    """One deduction on the trial board: a placement (``cell``) or locked candidates
    (``cell`` -1), how it reads, and the earlier events it needs."""

    cell: Cell
    digit: Digit
    text: str
    needs: frozenset[int]


class Proof(NamedTuple):
    """What a supposition forces: the deductions the end needs, in order, each as it reads,
    and the end (the fact reached, or the contradiction met)."""

    steps: tuple[str, ...]
    end: str
    broke: bool
    """True when the end is a contradiction."""

    def reading(self, premise: Fact) -> str:
        """``if r5c7 were 3: r5c9 would be 8 (...); and row 5 would have no place left
        for 6`` (no capital, no full stop): semicolons, since a deduction may hold a list."""
        said = premise.said("would be").replace(" would be", " were", 1)
        said = said.replace(" would not be", " were not", 1)
        if not self.steps:
            return f"if {said}, {self.end}"
        return f"if {said}: " + "; ".join(self.steps) + f"; and {self.end}"


def suppose(board: Board, premise: Fact, target: Fact | None = None) -> Proof | None:
    """Follow ``premise`` on a copy of ``board`` until ``target`` holds or the grid breaks
    (the first of the two met); None when singles and locked candidates reach neither."""
    trial = _Trial(board)
    if premise.on:
        trial.place(premise.cell, premise.digit, "", frozenset())
    else:
        trial.remove(premise.cell, premise.digit, _PREMISE)
    while len(trial.events) <= _MAX_EVENTS:
        end = trial.reached(target) if target else None
        if end is None:
            end = trial.contradiction()
        if end is not None:
            text, needs, broke = end
            return trial.proof(text, needs, broke)
        singles = trial.singles()
        if singles:
            for cell, digit, why, needs in singles:
                if not trial.values[cell] and trial.cands[cell] >> (digit - 1) & 1:
                    trial.place(cell, digit, why, needs)
        elif not trial.lock():
            return None
    return None


class _Trial:
    """A board that a supposition changes, remembering which event removed what."""

    def __init__(self, board: Board) -> None:
        self.values = board.values[:]
        self.cands = board.cands[:]
        self.start = board.cands[:]
        self.events: list[_Event] = []
        self.removed_by: dict[tuple[Cell, Digit], int] = {}

    def remove(self, cell: Cell, digit: Digit, by: int) -> bool:
        if self.cands[cell] >> (digit - 1) & 1:
            self.cands[cell] &= ~(1 << (digit - 1))
            self.removed_by[(cell, digit)] = by
            return True
        return False

    def place(self, cell: Cell, digit: Digit, why: str, needs: frozenset[int]) -> None:
        index = len(self.events)
        text = f"{cell_name(cell)} would be {digit} ({why})" if why else ""  # "" the premise
        self.events.append(_Event(cell, digit, text, needs))
        for d in MASK_DIGITS[self.cands[cell]]:
            if d != digit:
                self.remove(cell, d, index)
        self.cands[cell] = 0
        self.values[cell] = digit
        for p in PEERS[cell]:
            self.remove(p, digit, index)

    def _needs(self, lost: list[tuple[Cell, Digit]]) -> frozenset[int]:
        return frozenset(self.removed_by[item] for item in lost if item in self.removed_by)

    def _spots(self, unit: int, digit: Digit) -> list[Cell]:
        return [c for c in UNITS[unit] if self.cands[c] >> (digit - 1) & 1]

    def reached(self, target: Fact) -> tuple[str, frozenset[int], bool] | None:
        cell, digit, on = target
        if on and self.values[cell] == digit:
            index = next(i for i, e in enumerate(self.events) if e.cell == cell)
            return "", frozenset({index}), False
        if not on and (cell, digit) in self.removed_by:
            by = self.removed_by[(cell, digit)]
            text = f"{cell_name(cell)} would not be {digit}"
            if by != _PREMISE and self.events[by].cell not in (cell, -1):
                text += f" (it sees {cell_name(self.events[by].cell)})"
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
                if d in placed or self._spots(u, d):
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
            placed = {self.values[c] for c in UNITS[u]}
            for d in range(1, 10):
                spots = [] if d in placed else self._spots(u, d)
                if len(spots) == 1 and spots[0] not in found:
                    lost = [
                        (c, d) for c in UNITS[u] if c != spots[0] and self.start[c] >> (d - 1) & 1
                    ]
                    why = f"the only place left for {d} in {words.unit(u)}"
                    found[spots[0]] = (spots[0], d, why, self._needs(lost))
        return list(found.values())

    def lock(self) -> bool:
        """Make every locked candidate the board shows (a box's digit on one line, a line's
        in one box); False when there is none."""
        made = False
        for u in range(27):
            for d in range(1, 10):
                spots = self._spots(u, d)
                if len(spots) < 2:  # one spot is a single, none a contradiction
                    continue
                for other in range(27):
                    if other == u or (u < 18) == (other < 18):
                        continue  # a box with a line, a line with a box
                    if not all(c in UNITS[other] for c in spots):
                        continue
                    gone = [c for c in self._spots(other, d) if c not in spots]
                    if not gone:
                        continue
                    index = len(self.events)
                    lost = [
                        (c, d) for c in UNITS[u] if c not in spots and self.start[c] >> (d - 1) & 1
                    ]
                    text = (
                        f"the {d}s of {words.unit(u)} would lie only in {words.unit(other)}, so "
                        f"{words.cells(gone)} would not be {d}"
                    )
                    self.events.append(_Event(-1, d, text, self._needs(lost)))
                    for c in gone:
                        self.remove(c, d, index)
                    made = True
        return made

    def proof(self, end: str, needs: frozenset[int], broke: bool) -> Proof:
        keep: set[int] = set()
        todo = [i for i in needs if i != _PREMISE]
        while todo:
            i = todo.pop()
            if i in keep:
                continue
            keep.add(i)
            todo.extend(j for j in self.events[i].needs if j != _PREMISE)
        steps = tuple(e.text for i, e in enumerate(self.events) if i in keep and e.text)
        if not end and steps:  # the target was a placement: it is the last step
            return Proof(steps[:-1], steps[-1], broke)
        return Proof(steps, end, broke)
