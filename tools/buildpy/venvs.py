"""The virtual environments: the test venv (.venv: pinned test tools, sudoku_core editable) and
the tools venv under .cache/ (pyodide-build and the wheel's build backend)."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Sequence
from pathlib import Path

from tools.buildpy.commands import BuildError, log, run
from tools.buildpy.layout import CACHE, DEV_REQUIREMENTS, ROOT, VENV
from tools.buildpy.pythons import MIN_TOOL_PYTHON, find_modern_python, probe_python

# The tools venv: pyodide-build registers wheels in the lockfile; build/setuptools/wheel build ours
# without build isolation, so a rebuild needs no index.
TOOL_REQUIREMENTS = (
    "pyodide-build==0.39.2",
    "pkginfo==2.0",
    "build==1.6.1",
    "setuptools==84.2.1",
    "wheel==0.48.0",
)


def venv_python(venv: Path) -> Path:
    """The interpreter inside a venv (POSIX or Windows layout)."""
    posix = venv / "bin" / "python"
    return posix if posix.exists() or os.name != "nt" else venv / "Scripts" / "python.exe"


def venv_problem(venv: Path) -> str | None:
    """Why the venv cannot be used as it is, or None when it is sound.

    A venv that was moved or copied, or whose base interpreter was removed or upgraded, keeps
    running scripts whose `#!` line names an interpreter that no longer exists: running
    `.venv/bin/mypy` then fails with FileNotFoundError. So check the interpreter (it runs, is new
    enough and its sys.prefix is this folder) and every console script's `#!` line.
    """
    python = venv_python(venv)
    if not python.exists():
        return "no interpreter" if venv.exists() else "missing"
    probed = probe_python(python)
    if probed is None:
        return "its interpreter does not run"
    (major, minor), prefix = probed
    if (major, minor) < MIN_TOOL_PYTHON:
        return f"its Python is {major}.{minor}, older than {'.'.join(map(str, MIN_TOOL_PYTHON))}"
    if prefix.resolve() != venv.resolve():
        return f"it belongs to {prefix} (moved or copied)"
    for script in sorted(python.parent.iterdir()):
        if script.is_symlink() or not script.is_file():
            continue
        with script.open("rb") as f:
            first = f.readline(4096)
        if not first.startswith(b"#!"):
            continue
        interpreter = first[2:].decode(errors="replace").split()[0] if first[2:].split() else ""
        if "python" in Path(interpreter).name and not Path(interpreter).exists():
            return f"{script.name} runs {interpreter}, which does not exist (moved venv)"
    return None


def ensure_venv(
    venv: Path,
    requirements: Sequence[str],
    *,
    offline: bool,
    editable: Path | None = None,
) -> Path:
    """Create or reuse a venv (Python >= 3.12) holding exactly these requirements.

    A stamp file keyed on the requirement list (and on the editable project's pyproject.toml)
    makes an up-to-date venv cost nothing and need no network.
    """
    key_parts = [*requirements]
    if editable is not None:
        key_parts.append((editable / "pyproject.toml").read_text())
        key_parts.append(str(editable.resolve()))  # an editable install names its folder
    key = hashlib.sha256("\n".join(key_parts).encode()).hexdigest()
    stamp = venv / ".sudoku-stamp"
    python = venv_python(venv)
    problem = venv_problem(venv)
    if problem is None and stamp.exists() and stamp.read_text().strip() == key:
        return python
    if offline:
        raise BuildError(
            f"{venv} cannot be used ({problem or 'out of date'}) and the build is offline"
        )
    if problem is not None:
        if venv.exists():
            log(f"{venv} cannot be used ({problem}): making it again")
        shutil.rmtree(venv, ignore_errors=True)
        base = find_modern_python()
        log(f"creating {venv} with {base}")
        run([base, "-m", "venv", venv], what="creating a virtual environment")
        python = venv_python(venv)
    log(f"installing {len(requirements)} pinned requirements into {venv}")
    pip: list[str | Path] = [
        python,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ]
    run([*pip, *requirements], what=f"installing into {venv}")
    if editable is not None:
        log(f"installing the project at {editable} (editable) into {venv}")
        run([*pip, "--no-deps", "--no-build-isolation", "-e", editable], what="editable install")
    stamp.write_text(key + "\n")
    return python


def ensure_tools(cache: Path = CACHE, *, offline: bool = False) -> Path:
    """The tools venv (pyodide-build, build backend) under .cache/; returns its python."""
    return ensure_venv(cache / "tools-venv", TOOL_REQUIREMENTS, offline=offline)


def dev_requirements() -> list[str]:
    """requirements-dev.txt without comments and blank lines."""
    lines = (line.split("#", 1)[0].strip() for line in DEV_REQUIREMENTS.read_text().splitlines())
    return [line for line in lines if line]


def ensure_test_venv(*, offline: bool = False) -> Path:
    """.venv with the pinned test tools and sudoku_core installed editable."""
    return ensure_venv(VENV, dev_requirements(), offline=offline, editable=ROOT)
