"""Doing a bank's units on the local cores or on a Dask cluster, committing them in order.

The work goes to an existing engine, not a home-made one: a ``multiprocessing`` pool on this
machine (no dependency), or ``dask.distributed`` when a scheduler address is given
(``pip install 'sudoku-core[cluster]'``; workers need ``sudoku_core`` installed too). Both are
driven the same way (:func:`_drive`): about two units per worker are kept running, finished
results wait in a buffer, and the client commits unit 0, 1, 2 ... in that order whichever
finished first. That order is what makes a bank made on a cluster equal the local one, and a
killed run resumable from a count; the buffer is what keeps one slow unit at the head from
idling every other worker (Extreme puzzles vary from 0.1 s to many seconds).

Ctrl+C: local workers are terminated at once (their units are lost anyway), Dask futures are
cancelled, nothing half-done is written, and the caller says how far the bank got.
"""

from __future__ import annotations

import signal
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TextIO

from sudoku_core.bank.work import GenerateUnit, GradeUnit, Record, do_unit

__all__ = ["ClusterError", "Unit", "run_units"]

Unit = GenerateUnit | GradeUnit
Commit = Callable[[Unit, list[Record]], bool]
"""Store one unit's records; False when the run has what it needs (stop)."""

POLL_SECONDS = 0.02
"""How often the client looks for finished units: units take seconds, so 20 ms is free."""
BUFFER_PER_WORKER = 8
"""Finished but uncommitted units allowed per worker while the head unit is still running."""


class ClusterError(Exception):
    """No Dask cluster at ``--scheduler``: Dask is not installed, or the address is not one or
    does not answer."""


class _Pending(Protocol):
    """A unit in flight: a Dask future, or :class:`_Local` around a pool's ``AsyncResult``."""

    def done(self) -> bool: ...
    def result(self) -> list[Record]: ...
    def cancel(self) -> Any: ...


class _Local:
    def __init__(self, result: Any) -> None:
        self._result = result

    def done(self) -> bool:
        return bool(self._result.ready())

    def result(self) -> list[Record]:
        records: list[Record] = self._result.get()
        return records

    def cancel(self) -> None:
        """Nothing to do: the pool is terminated when the run stops early."""


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl+C to the client, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_units(
    units: Iterator[Unit],
    commit: Commit,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    log: TextIO | None = None,
) -> None:
    """Do ``units`` and ``commit`` their records in order until ``commit`` says stop or the
    units run out. ``scheduler`` (``tcp://host:8786``) sends them to a Dask cluster."""
    if scheduler is not None:
        _run_on_dask(units, commit, scheduler, log)
        return
    if workers <= 1:  # no pool at all: one unit at a time, in this process
        for unit in units:
            if not commit(unit, do_unit(unit)):
                return
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = context.Pool(workers, initializer=_ignore_interrupt)
    try:
        _drive(
            units, commit, lambda unit: _Local(pool.apply_async(do_unit, (unit,))), lambda: workers
        )
        pool.close()
    finally:
        pool.terminate()  # after close(): the workers are idle; after Ctrl+C: stop them now
        pool.join()


def _run_on_dask(units: Iterator[Unit], commit: Commit, scheduler: str, log: TextIO | None) -> None:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask: pip install 'sudoku-core[cluster]' (dask[distributed])"
        ) from None
    try:
        client: Any = Client(scheduler)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:  # no answer; not an address
        raise ClusterError(f"--scheduler {scheduler}: no Dask scheduler there ({error})") from None
    with client:
        seen = {"at": 0.0, "cores": 1}

        def cores() -> int:
            """Worker threads on the cluster, asked again every 5 s (workers come and go)."""
            now = time.monotonic()
            if now - seen["at"] > 5:
                seen["at"], seen["cores"] = now, max(1, sum(client.nthreads().values()))
            return int(seen["cores"])

        if log is not None:
            log.write(f"Dask: {cores()} workers, dashboard {client.dashboard_link}\n")
            log.flush()

        def submit(unit: Unit) -> _Pending:
            future: _Pending = client.submit(do_unit, unit, pure=False)
            return future

        _drive(units, commit, submit, cores)


def _drive(
    units: Iterator[Unit],
    commit: Commit,
    submit: Callable[[Unit], _Pending],
    cores: Callable[[], int],
) -> None:
    """Keep about two units per core running; commit finished ones in unit order."""
    out: deque[tuple[Unit, _Pending]] = deque()
    exhausted = False
    try:
        while True:
            while out and out[0][1].done():
                unit, pending = out.popleft()
                if not commit(unit, pending.result()):
                    return
            if exhausted and not out:
                return
            workers = cores()
            running = sum(1 for _, pending in out if not pending.done())
            while (
                not exhausted and running < 2 * workers and len(out) < BUFFER_PER_WORKER * workers
            ):
                following = next(units, None)
                if following is None:
                    exhausted = True
                    break
                out.append((following, submit(following)))
                running += 1
            if out and not out[0][1].done():
                time.sleep(POLL_SECONDS)
    finally:
        for _, pending in out:
            pending.cancel()
