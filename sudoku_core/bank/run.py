"""Doing a bank's units on the local cores or on a Dask cluster, committing them in order.

The work goes to an existing engine, not a home-made one: a ``concurrent.futures`` process pool
on this machine (no dependency), or ``dask.distributed`` when a scheduler address is given
(``pip install 'sudoku-core[cluster]'``; workers need ``sudoku_core`` installed too). Both are
driven the same way: at most ``window`` units are out at once, and results are taken back in
unit order, so the client commits unit 0, 1, 2 ... whatever finished first. That order is what
makes a bank made on a cluster equal the local one, and a killed run resumable from a count.

Ctrl+C: the units out are cancelled, nothing half-done is written, and the caller says how far
the bank got (committed units stay).
"""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Protocol, TextIO

from sudoku_core.bank.work import GenerateUnit, GradeUnit, Record, do_unit

__all__ = ["Unit", "run_units"]

Unit = GenerateUnit | GradeUnit
Commit = Callable[[Unit, list[Record]], bool]
"""Store one unit's records; False when the run has what it needs (stop)."""


class _Pending(Protocol):
    def result(self) -> list[Record]: ...
    def cancel(self) -> Any: ...


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl+C to the client, which stops them cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_pool(workers: int) -> Executor:
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupt)


class _InProcess:
    """One worker: no pool at all (a unit is done when its result is asked for)."""

    def __init__(self, unit: Unit) -> None:
        self.unit = unit

    def result(self) -> list[Record]:
        return do_unit(self.unit)

    def cancel(self) -> bool:
        return True


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
    if workers <= 1:
        _drive(units, commit, _InProcess, window=1)
        return
    with _local_pool(workers) as pool:
        try:
            _drive(units, commit, lambda unit: pool.submit(do_unit, unit), window=2 * workers)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _run_on_dask(units: Iterator[Unit], commit: Commit, scheduler: str, log: TextIO | None) -> None:
    try:
        from distributed import Client
    except ImportError:
        raise SystemExit(
            "--scheduler needs Dask: pip install 'sudoku-core[cluster]' (dask[distributed])"
        ) from None
    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        if log is not None:
            log.write(f"Dask: {workers} workers, dashboard {client.dashboard_link}\n")
            log.flush()

        def submit(unit: Unit) -> _Pending:
            future: _Pending = client.submit(do_unit, unit, pure=False)
            return future

        _drive(units, commit, submit, window=2 * workers)


def _drive(
    units: Iterator[Unit],
    commit: Commit,
    submit: Callable[[Unit], _Pending | Future[Any]],
    window: int,
) -> None:
    """Keep ``window`` units out; commit results in unit order."""
    out: deque[tuple[Unit, _Pending | Future[Any]]] = deque()
    try:
        for unit in units:
            out.append((unit, submit(unit)))
            if len(out) < window:
                continue
            done, pending = out.popleft()
            if not commit(done, pending.result()):
                return
        while out:
            done, pending = out.popleft()
            if not commit(done, pending.result()):
                return
    finally:
        for _, pending in out:
            pending.cancel()
