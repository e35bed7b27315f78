"""Running a Python script inside the site's Pyodide in Node (tests/pyodide_runner.mjs): the
Pyodide tests and `python build.py bench` use it.

A script runs on the site's own wheel, the page's cut of sudoku_core, and the site's trimmed
stdlib, unless it imports a part of the library the cut leaves out (the engine's benchmark
imports sudoku_core.bench, which uses statistics and platform): then on a copy of the site's
runtime folder with the library's whole wheel, registered in its lockfile, and Pyodide's whole
stdlib from the pinned npm tarball (and no snapshot: it was made against the trimmed stdlib).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tools.buildpy.commands import NODE_HINT, BuildError, require_command
from tools.buildpy.downloads import fetch_downloads
from tools.buildpy.layout import CACHE, PUZZLES, PYODIDE_DIR_NAME, ROOT, SNAPSHOT_NAME, is_offline
from tools.buildpy.stdlib import STDLIB_NAME
from tools.buildpy.wheel import PAGE_LEAVES_OUT, library_wheel

NODE_RUNNER = ROOT / "tests" / "pyodide_runner.mjs"


def run_node(
    site: Path,
    script: Path,
    data: Any,
    *,
    boots: int = 1,
    timeout: float = 600,
    puzzles: Path = PUZZLES,
    snapshot: bool = False,
    env: Sequence[str] = (),
) -> Any:
    """Run a Python script's main(data) inside the site's Pyodide in Node, with the folder
    ``puzzles`` mounted at /puzzles; its JSON report. ``snapshot``: boot from the engine's memory
    snapshot, as the page's worker does, instead of loading the wheel. ``env``: NAME=VALUE
    settings for Python's start (e.g. PYTHONMALLOC=mimalloc)."""
    node = require_command("node", NODE_HINT)
    with runtime_for(script, site / PYODIDE_DIR_NAME) as runtime:
        argv = [node, str(NODE_RUNNER), "--pyodide", str(runtime),
                "--script", str(script), "--mount", f"{puzzles}:/puzzles",
                "--boots", str(boots), "--timeout-ms", str(int(timeout * 1000)),
                "--input-json", json.dumps(data), *(["--snapshot"] if snapshot else []),
                *(f"--env={spec}" for spec in env)]  # fmt: skip
        out = subprocess.run(
            argv, capture_output=True, text=True, check=False, timeout=timeout + 30
        )
    lines = out.stdout.strip().splitlines()
    if not lines:
        raise BuildError(
            f"the Pyodide runner printed nothing (exit {out.returncode}):\n{out.stderr}"
        )
    return json.loads(lines[-1])


def needs_library_wheel(source: str) -> bool:
    """Whether a script imports a part of sudoku_core that the page's wheel leaves out.

    Examples:
        >>> needs_library_wheel("from sudoku_core.bench import run_benchmark")
        True
        >>> needs_library_wheel("import sudoku_core.bridge"), needs_library_wheel("import json")
        (False, False)
    """
    parts = [p.removesuffix("/").removesuffix(".py").replace("/", ".") for p in PAGE_LEAVES_OUT]
    names = "|".join(re.escape(p.removeprefix("sudoku_core.")) for p in parts)
    pattern = rf"\bsudoku_core\.({names})\b|\bfrom\s+sudoku_core\s+import\s+[^\n]*\b({names})\b"
    return re.search(pattern, source) is not None


@contextlib.contextmanager
def runtime_for(script: Path, runtime: Path, cache: Path = CACHE) -> Iterator[Path]:
    """The runtime folder the script runs on: the site's, or a copy with the whole wheel and
    the whole stdlib."""
    if not needs_library_wheel(script.read_text()):
        yield runtime
        return
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entry = lock["packages"]["sudoku-core"]
    whole = library_wheel(entry["file_name"], cache)
    entry["sha256"] = hashlib.sha256(whole.read_bytes()).hexdigest()
    with tempfile.TemporaryDirectory(prefix="runtime-", dir=cache) as tmp:
        copy = Path(tmp)
        replaced = (entry["file_name"], "pyodide-lock.json", STDLIB_NAME, SNAPSHOT_NAME)
        for path in runtime.iterdir():
            if path.is_file() and path.name not in replaced:
                shutil.copy2(path, copy / path.name)
        whole_stdlib(cache, copy / STDLIB_NAME)
        shutil.copy2(whole, copy / whole.name)
        (copy / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
        yield copy


def whole_stdlib(cache: Path, target: Path) -> None:
    """Pyodide's whole stdlib zip, as the pinned npm tarball has it, written to ``target``."""
    tarball = fetch_downloads(cache, offline=is_offline()).pyodide_tarball
    with tarfile.open(tarball, "r:gz") as tar:
        member = tar.extractfile(f"package/{STDLIB_NAME}")
        if member is None:
            raise BuildError(f"{tarball.name} has no {STDLIB_NAME}")
        with member, target.open("wb") as out:
            shutil.copyfileobj(member, out)
