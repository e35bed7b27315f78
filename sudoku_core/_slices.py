"""Work in slices: generators that yield progress and *return* their result.

Long work (checking, counting, generating, grading, hints) is written once, as such a
generator, so the page's worker can advance it one time slice at a time and read its messages
(cancel, new requests) in between (see :mod:`sudoku_core.bridge`). The plain library call runs
the same generator to its end with :func:`run_to_end`; a generator that runs another inside
its own slices uses ``yield from`` when the progress passes through as it is, and :func:`relay`
when it must be reshaped for its caller.

"Slice" is the time vocabulary (the worker's 30 ms of work); a *step* is always a technique's
deduction (:class:`sudoku_core.logic.steps.Step`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Any, TypeVar

    P = TypeVar("P")
    Q = TypeVar("Q")
    T = TypeVar("T")


def run_to_end(work: Generator[Any, Any, T]) -> T:
    """Advance ``work`` until it finishes and return its result, ignoring the progress.

    Examples:
        >>> def work():
        ...     yield 1
        ...     return "done"
        >>> run_to_end(work())
        'done'
    """
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: T = done.value
            return result


def relay(work: Generator[P, None, T], convert: Callable[[P], Q]) -> Generator[Q, None, T]:
    """Run ``work`` inside the caller's slices: yield ``convert(progress)`` for each of its
    progress reports and return its result (``yield from`` with the progress reshaped).

    Examples:
        >>> def counting():
        ...     yield 1
        ...     yield 2
        ...     return "done"
        >>> relayed = relay(counting(), lambda n: {"count": n})
        >>> next(relayed), next(relayed), run_to_end(relayed)
        ({'count': 1}, {'count': 2}, 'done')
    """
    while True:
        try:
            progress = next(work)
        except StopIteration as done:
            result: T = done.value
            return result
        yield convert(progress)
