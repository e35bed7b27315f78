"""The static checks `python build.py test` runs before pytest: ruff (lint and format), mypy
strict, import-linter's layer contracts (pyproject.toml) and TypeScript's checker over the JSDoc
types of web/ (tsconfig.json)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tools.buildpy.commands import log
from tools.buildpy.layout import ROOT
from tools.buildpy.node_tools import ensure_node_tools


def lint_commands(python: Path, node_bin: Path) -> list[list[str | Path]]:
    """Every static check, each one a command run from the repo root."""
    bin_dir = python.parent
    return [
        [bin_dir / "ruff", "check", ROOT],
        [bin_dir / "ruff", "format", "--check", ROOT],
        [bin_dir / "mypy"],
        [bin_dir / "lint-imports"],
        [node_bin / "tsc", "-p", ROOT / "tsconfig.json"],
        [node_bin / "tsc", "-p", ROOT / "tsconfig.worker.json"],  # the worker's own lib
    ]


def lint(python: Path, *, offline: bool = False) -> int:
    """Run every lint command; non-zero when any of them finds something.

    Runs before pytest so that pytest's summary is the last line (CI reads it).
    """
    status = 0
    for cmd in lint_commands(python, ensure_node_tools(offline=offline)):
        log(" ".join(str(c) for c in cmd))
        code = subprocess.run([str(c) for c in cmd], cwd=ROOT, check=False).returncode
        if code != 0:
            log(f"failed (exit {code}): {Path(cmd[0]).name}")
        status |= code
    return status
