"""Step-wise computations: generators that yield progress and *return* their result.

Long work (checking, generating, grading) is written once, as such a generator, so the page's
worker can run it in slices (see :mod:`sudoku_core.bridge`); the plain library call runs the
same generator to its end with :func:`run_to_end`.
"""

from __future__ import annotations

from collections.abc import Generator

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")


def run_to_end(steps: Generator[Any, Any, T]) -> T:
    """Advance ``steps`` until it finishes and return its result, ignoring the progress."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def tagged(
    steps: Generator[dict[str, Any], Any, T], extra: dict[str, Any]
) -> Generator[dict[str, Any], None, T]:
    """The same computation with ``extra`` added to every progress dict; returns its result."""
    while True:
        try:
            progress = next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        yield progress | extra
