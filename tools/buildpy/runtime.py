"""The Pyodide runtime in the site: the few files taken from the npm tarball, and its lockfile
with our wheels registered and everything else trimmed."""

from __future__ import annotations

import shutil
import tarfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.buildpy.commands import BuildError, run

# Only these runtime files are shipped: no source maps, typings, consoles or README.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Lockfile entries the site loads by name; their dependencies are kept too. The worker loads
# sudoku-core only (and from the snapshot not even that): micropip, which installs packages from
# an index at run time, and its dependency packaging would be bytes a first visit never uses.
SITE_PACKAGES = ("sudoku-core",)


def extract_runtime(tarball: Path, dest: Path) -> None:
    """Copy only RUNTIME_FILES out of the npm tarball (members live under package/)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in RUNTIME_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} has no {name}")
            with member, (dest / name).open("wb") as out:
                shutil.copyfileobj(member, out)


def add_wheels_to_lockfile(tools_python: Path, pyodide_dir: Path, wheels: Sequence[Path]) -> None:
    """Register the wheels (already copied beside the lockfile) with `pyodide lockfile add-wheels`.

    File names stay relative to the lockfile, so they resolve from indexURL wherever it is hosted.
    """
    lock = pyodide_dir / "pyodide-lock.json"
    new_lock = pyodide_dir / "pyodide-lock.new.json"
    pyodide_cli = tools_python.parent / "pyodide"
    run(
        [pyodide_cli, "lockfile", "add-wheels", "--input", lock, "--output", new_lock,
         "--base-path", pyodide_dir, *wheels],
        what="registering wheels in pyodide-lock.json",
        quiet=True,
    )  # fmt: skip
    new_lock.replace(lock)


def trim_lockfile(lock: dict[str, Any], keep: Sequence[str]) -> dict[str, Any]:
    """The lockfile with only `keep` and their dependencies (the site never loads the rest).

    Examples:
        >>> lock = {"info": {}, "packages": {"a": {"depends": ["b"]}, "b": {"depends": []},
        ...                                  "c": {"depends": []}}}
        >>> sorted(trim_lockfile(lock, ["a"])["packages"])
        ['a', 'b']
    """
    packages: dict[str, Any] = lock["packages"]
    wanted: set[str] = set()
    todo = list(keep)
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        if name not in packages:
            raise BuildError(f"pyodide-lock.json has no package {name!r}")
        wanted.add(name)
        todo.extend(packages[name].get("depends", []))
    return {**lock, "packages": {k: v for k, v in packages.items() if k in wanted}}
