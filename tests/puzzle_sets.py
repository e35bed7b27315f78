"""The puzzle corpora of the data-driven tests: the curated sample shipped in tests/data, and the
full public sets when they are present.

A fresh clone has only ``tests/data`` (a few hundred KB: the small sets whole, fixed samples of the
big ones), so every data-driven test runs there. When the full sets are found (``$SUDOKU_PUZZLES``,
or ``../shared/puzzles`` beside the repo, as in CI) the tests written for them run on them too.
A data-driven test asserts that its file was found, so an empty suite cannot pass; a set missing
from a corpus is a failure, never a skip.

The samples are drawn by one rule, `draw_sample`; ``python tests/puzzle_sets.py DIR`` redraws them
from the full sets in DIR, and tests/test_corpus.py checks that the shipped files match the rule.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sudoku_core.puzzle_files import Case, load_cases

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
PUZZLES_ENV = "SUDOKU_PUZZLES"

WHOLE_SETS = ("easy50", "top95", "norvig_hardest", "counted", "seed_examples")
"""Sets shipped whole: small, and exact (counts, the articles' examples)."""

SAMPLE_SIZES = {
    "17_clue": 1000,
    "magictour_top1465": 1000,
    "forum_hardest_1905_11plus": 1000,
    "serg_benchmark_multi": 300,
}
"""Big sets shipped as a fixed sample of this many puzzles (see `draw_sample`)."""


@dataclass(frozen=True)
class Corpus:
    """A folder of puzzle sets: ``sample`` (tests/data) or ``full`` (the public sets)."""

    name: str
    folder: Path

    def __str__(self) -> str:
        return self.name

    @property
    def is_full(self) -> bool:
        return self.name == "full"

    def file(self, name: str) -> Path:
        """The path of a set, e.g. ``top95``; fails the test when it is missing."""
        path = self.folder / f"{name}.txt"
        assert path.is_file(), f"puzzle set {name!r} missing from the {self} corpus: {path}"
        return path

    def cases(self, name: str, limit: int | None = None, every: int = 1) -> list[Case]:
        """The puzzles of a set with their expected answers; every ``every``-th for a sample."""
        found, bad = load_cases(self.file(name))
        assert not bad, f"{bad} unreadable lines in {name} ({self})"
        assert found, f"no puzzles in {name} ({self})"
        sample = found[::every]
        return sample[:limit] if limit else sample


SAMPLE = Corpus("sample", DATA)


@cache
def full_corpus() -> Corpus | None:
    """The full public sets: ``$SUDOKU_PUZZLES`` if set (it must exist), else ``../shared/puzzles``
    beside the repo, else None (a fresh clone)."""
    configured = os.environ.get(PUZZLES_ENV, "")
    if configured:
        folder = Path(configured)
        if not folder.is_dir():
            raise FileNotFoundError(f"${PUZZLES_ENV} is {configured!r}, which is not a folder")
        return Corpus("full", folder)
    folder = ROOT.parent / "shared" / "puzzles"
    return Corpus("full", folder) if folder.is_dir() else None


def corpora() -> list[Corpus]:
    """The corpora to test on: always the sample, and the full sets when present."""
    full = full_corpus()
    return [SAMPLE] if full is None else [SAMPLE, full]


def describe_corpora() -> str:
    """One line for the test report saying which corpus the data-driven tests use."""
    full = full_corpus()
    if full is None:
        return f"puzzle corpus: tests/data only (the shipped sample, {DATA}); no full sets found"
    return f"puzzle corpus: tests/data (the shipped sample) and the full sets in {full.folder}"


def puzzle_file(name: str) -> Path:
    """The path of a set in the shipped corpus (tests/data), e.g. ``top95``."""
    return SAMPLE.file(name)


def cases(name: str, limit: int | None = None, every: int = 1) -> list[Case]:
    """The puzzles of a set in the shipped corpus; every ``every``-th, at most ``limit``."""
    return SAMPLE.cases(name, limit, every)


# --- drawing the samples -------------------------------------------------------------------------


def puzzle_lines(text: str) -> list[str]:
    """The puzzle lines of a set file: stripped, without comments and blank lines."""
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def draw_sample(lines: list[str], size: int) -> list[str]:
    """``size`` lines spread evenly over the whole file: line ``j * len(lines) // size`` for each j.

    Deterministic, so the sample never changes unless the full set does.

    Examples:
        >>> draw_sample(list("abcdefghij"), 4)
        ['a', 'c', 'f', 'h']
    """
    return [lines[j * len(lines) // size] for j in range(size)]


def sample_text(name: str, full_text: str) -> str:
    """The shipped sample of a big set: the source's own comment lines, a line saying how it was
    drawn, then the drawn puzzles."""
    lines = puzzle_lines(full_text)
    size = SAMPLE_SIZES[name]
    credits = [line for line in full_text.splitlines() if line.startswith("#")]
    header = (
        f"# Sample: {size} of the {len(lines)} puzzles of {name}.txt, puzzle j being the"
        f" (j * {len(lines)} // {size})-th; redraw with `python tests/puzzle_sets.py DIR`."
    )
    return "\n".join([header, *credits, *draw_sample(lines, size)]) + "\n"


def redraw(full: Path, data: Path = DATA) -> None:
    """Write tests/data from the full sets in ``full``: small sets copied, big ones sampled."""
    for name in WHOLE_SETS:
        (data / f"{name}.txt").write_bytes((full / f"{name}.txt").read_bytes())
    for name in SAMPLE_SIZES:
        text = (full / f"{name}.txt").read_text()
        (data / f"{name}.txt").write_text(sample_text(name, text))


if __name__ == "__main__":
    redraw(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "puzzles")
