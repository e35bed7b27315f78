"""Where a benchmark table was measured: ``bench --markdown``'s header and footer.

A figure means little without the machine, the date, the exact command and how busy the
machine was (a benchmark on a machine shared with test runs is slower than on a quiet one,
by up to 2x here). ``--markdown`` prints these around the table, so a run pastes into
docs/performance.md as it is. The load is the operating system's load average, read at the
start and at the end of the run.
"""

from __future__ import annotations

import os
import platform
import shlex
import time
from collections.abc import Sequence
from pathlib import Path

_CPUINFO = Path("/proc/cpuinfo")


def cores() -> int:
    """The cores this process may run on (what ``nproc`` prints), else the machine's."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _cpu_model() -> str:
    """The processor's name from /proc/cpuinfo, or "" where there is none."""
    try:
        text = _CPUINFO.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "model name":
            return " ".join(value.split())
    return ""


def machine() -> str:
    """The machine in one line: cores, architecture, processor, Python, operating system.

    Examples:
        >>> machine().startswith(f"{cores()}-core {platform.machine()}")
        True
    """
    model = _cpu_model()
    return (
        f"{cores()}-core {platform.machine()}{f' ({model})' if model else ''}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.release()}"
    )


def load() -> str:
    """The load average over 1, 5 and 15 minutes, or "unknown" where the OS has none.

    Examples:
        >>> load() == "unknown" or load().count(" / ") == 2
        True
    """
    try:
        averages = os.getloadavg()
    except (AttributeError, OSError):
        return "unknown"
    return " / ".join(f"{value:.2f}" for value in averages)


def command_line(words: Sequence[str], environment: dict[str, str] | None = None) -> str:
    """``python -m sudoku_core WORDS``, quoted for a POSIX shell, after the environment
    settings that change what it measures.

    Examples:
        >>> command_line(["bench", "--markdown", "--limit", "40"], {"SUDOKU_PUZZLES": "/p s"})
        "SUDOKU_PUZZLES='/p s' python -m sudoku_core bench --markdown --limit 40"
    """
    settings = [f"{name}={shlex.quote(value)}" for name, value in (environment or {}).items()]
    return " ".join([*settings, "python -m sudoku_core", *map(shlex.quote, words)])


def header(command: str, puzzles: str | None = None) -> str:
    """The lines before a table: the command, the machine, the date and the load at the start."""
    lines = [
        f"- Command: `{command}`",
        f"- Machine: {machine()}",
        f"- Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
        f"- Load average (1 / 5 / 15 min) at the start: {load()}",
    ]
    if puzzles is not None:
        lines.append(f"- Puzzle sets: {puzzles}")
    return "\n".join([*lines, ""])


def footer(seconds: float) -> str:
    """The line after a table: how long the run took and the load at its end."""
    return f"\nRun time {seconds:.0f} s; load average at the end: {load()}."
