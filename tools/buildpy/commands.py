"""Running the tools a step needs, and the one error a user can fix (a message, no traceback)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

NODE_HINT = "Install Node.js >= 20 with npm (e.g. `apt-get install nodejs npm`, or nodejs.org)."


class BuildError(Exception):
    """A problem the user can fix (missing tool, failed download): a message, not a traceback."""


def log(message: str) -> None:
    """Progress goes to stderr so stdout stays clean for tables and JSON."""
    print(f"[build] {message}", file=sys.stderr, flush=True)


def run(
    cmd: Sequence[str | Path],
    *,
    what: str,
    cwd: Path | None = None,
    quiet: bool = False,
    env: Mapping[str, str] | None = None,
) -> None:
    """Run a tool; on failure raise BuildError naming the step, after showing the tool's output.

    quiet: keep the tool's chatter (setuptools, npm) to show only if it fails.
    """
    argv = [str(c) for c in cmd]
    try:
        result = subprocess.run(
            argv,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            check=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            text=True,
        )
    except FileNotFoundError as exc:
        raise BuildError(f"{what}: {argv[0]} not found") from exc
    if result.returncode != 0:
        if quiet:
            sys.stderr.write(result.stdout)
        raise BuildError(f"{what} failed (exit {result.returncode}): {' '.join(argv)}")


def require_command(name: str, hint: str) -> str:
    """Path of a command on PATH, or a BuildError with an install hint."""
    found = shutil.which(name)
    if found is None:
        raise BuildError(f"`{name}` is not on PATH. {hint}")
    return found
