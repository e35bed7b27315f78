"""Finding a Python >= 3.12 on this machine for the tool venvs (build.py itself runs on 3.11+)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tools.buildpy.commands import BuildError

MIN_TOOL_PYTHON = (3, 12)  # pyodide-build needs it


def probe_python(executable: str | Path) -> tuple[tuple[int, int], Path] | None:
    """(major, minor) and sys.prefix of an interpreter, or None if it does not run (an
    inactive pyenv shim, a venv whose base interpreter is gone)."""
    try:
        out = subprocess.run(
            [str(executable), "-c", "import sys; print(*sys.version_info[:2]); print(sys.prefix)"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) != 2 or len(lines[0].split()) != 2:
        return None
    major, minor = (int(part) for part in lines[0].split())
    return (major, minor), Path(lines[1])


def python_version(executable: str | Path) -> tuple[int, int] | None:
    """(major, minor) of an interpreter, or None if it does not run."""
    probed = probe_python(executable)
    return None if probed is None else probed[0]


def python_candidates() -> Iterator[str]:
    """Interpreters to try, best first: this one, newer ones on PATH, then pyenv's versions."""
    yield sys.executable
    for name in ("python3.14", "python3.13", "python3.12"):
        found = shutil.which(name)
        if found:
            yield found
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    for version_dir in sorted((pyenv_root / "versions").glob("3.*"), reverse=True):
        yield str(version_dir / "bin" / "python3")


def find_modern_python() -> Path:
    """A Python >= 3.12 (pyodide-build needs it), or a BuildError that says what to install."""
    for candidate in python_candidates():
        version = python_version(candidate)
        if version is not None and version >= MIN_TOOL_PYTHON:
            return Path(candidate)
    raise BuildError(
        "Python >= 3.12 is needed for pyodide-build and the test venv, and none was found "
        "(tried this interpreter, python3.14/3.13/3.12 on PATH and pyenv versions). "
        "Install one, e.g. `pyenv install 3.12` or your OS's python3.12 package."
    )
