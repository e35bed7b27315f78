"""The English of the explanations: lists, articles, plurals, and the names of cells, units,
digits and effects in a sentence.

Every hint sentence is made from these, so the rules hold everywhere: a list ends with "and"
("rows 1, 4 and 8"), units of one kind share their noun ("rows 1 and 4", not "row 1 and row 4"),
a technique takes "a" or "an" by its sound ("an X-Wing", "a Unique Rectangle"), a count agrees
with its noun ("1 candidate", "2 candidates"), and a sentence starts with a capital letter (never
with a cell name, which is lower case: such a sentence starts with "Cell") and ends with a full
stop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from sudoku_core.grid import UNIT_KINDS, Cell, Digit, cell_name
from sudoku_core.logic.board import Candidate
from sudoku_core.logic.steps import Step, removal_groups

__all__ = [
    "a_technique",
    "cells",
    "digits",
    "effect",
    "either",
    "join",
    "number",
    "placing",
    "plural",
    "removing",
    "sentence",
    "sentences",
    "summary",
    "technique_name",
    "unit",
    "units",
]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_KIND_PLURALS = {"row": "rows", "column": "columns", "box": "boxes"}
_PHRASES = {
    "Locked Candidates Type 1 (Pointing)": "Locked Candidates (Pointing)",
    "Locked Candidates Type 2 (Claiming)": "Locked Candidates (Claiming)",
    "Nice Loop/AIC": "a Nice Loop (an AIC)",
    "Grouped Nice Loop/AIC": "a Grouped Nice Loop (an AIC)",
    "Simple Colors": "a Simple Colors step",
    "Multi Colors": "a Multi Colors step",
    "Trial and Error": "a guess",
}
"""Techniques whose name is not a noun to put "a" or "an" before."""
_NAMES = {
    "Locked Candidates Type 1 (Pointing)": "Locked Candidates (Pointing)",
    "Locked Candidates Type 2 (Claiming)": "Locked Candidates (Claiming)",
    "Nice Loop/AIC": "Nice Loop (AIC)",
    "Grouped Nice Loop/AIC": "Grouped Nice Loop (AIC)",
}
"""Techniques named otherwise for people than in HoDoKu's list."""
_CELL_START = re.compile(r"r[1-9]c[1-9]")
_CELLS_START = re.compile(r"r[1-9]c[1-9](, | and )r[1-9]c[1-9]")


def join(items: Iterable[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``.

    Examples:
        >>> join(["1"]), join(["1", "4"]), join(["1", "4", "8"], "or")
        ('1', '1 and 4', '1, 4 or 8')
    """
    found = list(items)
    if len(found) <= 1:
        return "".join(found)
    return ", ".join(found[:-1]) + f" {word} " + found[-1]


def either(items: Sequence[str]) -> str:
    """``a or b``; ``one of a, b and c`` (one of three or more).

    Examples:
        >>> either(["r1c1", "r1c2"]), either(["r1c1", "r1c2", "r1c3"])
        ('r1c1 or r1c2', 'one of r1c1, r1c2 and r1c3')
    """
    return join(items, "or") if len(items) <= 2 else "one of " + join(items)


def number(n: int) -> str:
    """``one`` .. ``nine`` (``no`` for 0); larger numbers as digits.

    Examples:
        >>> number(3), number(12)
        ('three', '12')
    """
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, noun: str) -> str:
    """A count with its noun: ``1 candidate``, ``2 candidates``.

    Examples:
        >>> plural(1, "candidate"), plural(2, "candidate"), plural(0, "box")
        ('1 candidate', '2 candidates', '0 boxes')
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n} {_KIND_PLURALS.get(noun, noun + 's')}"


def a_technique(name: str) -> str:
    """A technique's name as a noun phrase with its article, by sound: "an X-Wing",
    "an ALS-XZ", "a Unique Rectangle (Uniqueness Test 2)", "an Empty Rectangle".

    Examples:
        >>> a_technique("X-Wing"), a_technique("Swordfish"), a_technique("ALS-XZ")
        ('an X-Wing', 'a Swordfish', 'an ALS-XZ')
        >>> a_technique("Uniqueness Test 2"), a_technique("Empty Rectangle")
        ('a Unique Rectangle (Uniqueness Test 2)', 'an Empty Rectangle')
    """
    if name in _PHRASES:
        return _PHRASES[name]
    plain = technique_name(name)
    sounds_like_vowel = plain[0] in "AEIOX8" and not plain.startswith(("Uni", "Use", "One"))
    return ("an " if sounds_like_vowel else "a ") + plain


def cells(found: Iterable[Cell], word: str = "and") -> str:
    """Cell names in the order given: ``r1c1, r1c5 and r3c2``."""
    return join((cell_name(c) for c in found), word)


def digits(found: Iterable[Digit], word: str = "and") -> str:
    """Digits in ascending order: ``1, 4 and 7``."""
    return join((str(d) for d in sorted(set(found))), word)


def unit(u: int) -> str:
    """``row 3``, ``column 1``, ``box 9``."""
    return f"{UNIT_KINDS[u]} {u % 9 + 1}"


def units(found: Iterable[int]) -> str:
    """Units by kind, each kind's noun once: ``rows 1, 4 and 8``, ``row 2 and box 4``.

    Examples:
        >>> units([0, 3, 7]), units([1, 21]), units([9, 11, 18])
        ('rows 1, 4 and 8', 'row 2 and box 4', 'columns 1 and 3 and box 1')
    """
    by_kind: dict[str, list[int]] = {}
    for u in dict.fromkeys(found):
        by_kind.setdefault(UNIT_KINDS[u], []).append(u % 9 + 1)
    parts = []
    for kind, numbers in by_kind.items():
        noun = kind if len(numbers) == 1 else _KIND_PLURALS[kind]
        parts.append(f"{noun} {join(str(n) for n in numbers)}")
    return join(parts)


def removing(eliminations: Iterable[Candidate]) -> str:
    """``remove 5 from r1c8 and r2c8``; cells that lose different digits in groups.

    Examples:
        >>> removing([(27, 3), (27, 7), (35, 3), (35, 7)])
        'remove 3 and 7 from r4c1 and r4c9'
        >>> removing([(0, 5), (1, 6)])
        'remove 5 from r1c1; 6 from r1c2'
    """
    groups = removal_groups(eliminations)
    return "remove " + "; ".join(f"{digits(ds)} from {cells(cs)}" for ds, cs in groups.items())


def placing(placements: Iterable[Candidate]) -> str:
    """``place 4 in r5c7`` (and ``5 in r6c1`` for each further placement)."""
    return "place " + join(f"{d} in {cell_name(c)}" for c, d in placements)


def effect(placements: Sequence[Candidate], eliminations: Sequence[Candidate]) -> str:
    """What a step does, as an order to the player: ``place 4 in r5c7``,
    ``remove 5 from r1c8``, or both joined by "and"."""
    parts = []
    if placements:
        parts.append(placing(placements))
    if eliminations:
        parts.append(removing(eliminations))
    return " and ".join(parts)


def sentence(text: str) -> str:
    """One sentence: a capital first letter and a full stop. A text that starts with a cell
    name gets "Cell " before it (``R5c4`` is not how a cell is written).

    Examples:
        >>> sentence("r5c4 sees every digit but one"), sentence("in box 5, look.")
        ('Cell r5c4 sees every digit but one.', 'In box 5, look.')
        >>> sentence("r1c1 and r9c9 are apart")
        'Cells r1c1 and r9c9 are apart.'

    """
    text = text.strip()
    if _CELL_START.match(text):
        text = ("Cells " if _CELLS_START.match(text) else "Cell ") + text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def sentences(texts: Iterable[str]) -> str:
    """Several sentences in one text, each made one by :func:`sentence`.

    Examples:
        >>> sentences(["r1c1 holds 3 or 8", "if r1c1 were 3, row 1 would have no place left for 8"])
        'Cell r1c1 holds 3 or 8. If r1c1 were 3, row 1 would have no place left for 8.'
    """
    return " ".join(sentence(text) for text in texts)


def technique_name(name: str) -> str:
    """A technique's name for people, without an article: "Locked Candidates (Pointing)" for
    HoDoKu's "Locked Candidates Type 1 (Pointing)", "Unique Rectangle (Uniqueness Test 2)".

    Examples:
        >>> technique_name("Nice Loop/AIC"), technique_name("Uniqueness Test 2")
        ('Nice Loop (AIC)', 'Unique Rectangle (Uniqueness Test 2)')
    """
    if name in _NAMES:
        return _NAMES[name]
    if name.startswith("Uniqueness Test"):
        return f"Unique Rectangle ({name})"
    return name


def summary(step: Step) -> str:
    """A step in one line of words: its technique and what it does ("Naked Pair: remove 1 from
    r1c7 and r1c9"), for a list of steps; the notation (``step.text``) stays the expert's line.

    Examples:
        >>> from sudoku_core.logic.board import Board
        >>> from sudoku_core.logic.singles import find_full_house
        >>> board = Board.from_grid([0] + [d for d in range(2, 10)] + [0] * 72)
        >>> summary(find_full_house(board))
        'Full House: place 1 in r1c1'
    """
    done = effect(step.placements, step.eliminations)
    return f"{technique_name(step.technique)}: {done}" if done else technique_name(step.technique)
