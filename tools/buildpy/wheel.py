"""sudoku_core's wheel: built reproducibly from its sdist, then cut to what the page loads.

The page's worker imports `sudoku_core.bridge` and what it imports, and the engine's snapshot
imports every module the site's wheel holds. The command line, the benchmarks and the puzzle
banks (`cli/`, `bench/`, `bank/`, `__main__.py`) are none of that: they were 28% of the wheel's
bytes, and each of their modules also sat in the snapshot's memory. The layers in pyproject.toml
keep them out of the bridge's imports (lint-imports), and the snapshot's build imports every
module of the cut wheel, so a module that needed them would fail the build by name.
`pip install .` still gives the whole library with its command line; the build also keeps the
whole wheel in .cache/wheels/ for what runs the library's benchmarks in Pyodide (pyodide_node.py).
"""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path
from typing import Any

from tools.buildpy.commands import BuildError, run
from tools.buildpy.layout import CACHE, ROOT

# Any fixed date: the zip timestamps in the wheel, so the same source gives the same wheel hash.
SOURCE_DATE_EPOCH = "1704067200"
# What the site's wheel leaves out: the front-ends the page never imports (wheel paths).
PAGE_LEAVES_OUT = (
    "sudoku_core/cli/",
    "sudoku_core/bench/",
    "sudoku_core/bank/",
    "sudoku_core/__main__.py",
)
# The console script names sudoku_core.cli, which the page's wheel does not have.
_LEFT_OUT_METADATA = ("entry_points.txt",)


def engine_version() -> str:
    """sudoku_core.__version__, read from its _version.py without importing the package."""
    namespace: dict[str, Any] = {}
    exec((ROOT / "sudoku_core" / "_version.py").read_text(), namespace)
    return str(namespace["__version__"])


def build_wheel(tools_python: Path, out_dir: Path) -> Path:
    """Build the pure sudoku_core wheel (sdist first, then the wheel from it: proves the sdist)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    run(
        [tools_python, "-m", "build", "--no-isolation", "--outdir", out_dir, ROOT],
        what="building the sudoku_core wheel",
        quiet=True,
        cwd=out_dir,  # not ROOT: there `-m build` would find build.py, not PyPA's build
        env={"SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH},
    )
    wheels = sorted(out_dir.glob("sudoku_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one py3-none-any sudoku_core wheel, found {wheels}")
    return wheels[0]


def is_left_out(name: str) -> bool:
    """Whether a file of the wheel stays out of the page's wheel.

    Examples:
        >>> [is_left_out(n) for n in ("sudoku_core/cli/puzzles.py", "sudoku_core/bridge.py",
        ...  "sudoku_core-0.1.0.dist-info/entry_points.txt")]
        [True, False, True]
    """
    return name.startswith(PAGE_LEAVES_OUT) or (
        ".dist-info/" in name and name.rsplit("/", 1)[-1] in _LEFT_OUT_METADATA
    )


def page_wheel(wheel: Path, dest: Path) -> Path:
    """The page's wheel, written into ``dest`` under the same name: ``wheel`` without the files
    of :data:`PAGE_LEAVES_OUT` and its console script, and its RECORD without their lines.

    Every kept entry keeps its bytes, date and compression, so the result is as reproducible as
    the wheel it is cut from.
    """
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / wheel.name
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w") as out:
        names = [info.filename for info in source.infolist()]
        if not any(name.startswith(PAGE_LEAVES_OUT) for name in names):
            raise BuildError(f"{wheel.name} has none of {PAGE_LEAVES_OUT}: is the cut still right?")
        for info in source.infolist():
            if is_left_out(info.filename):
                continue
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                kept = (line for line in lines if not is_left_out(line.split(",", 1)[0]))
                data = "".join(kept).encode()
            out.writestr(info, data, compress_type=info.compress_type)
    return target


def keep_library_wheel(wheel: Path, cache: Path = CACHE) -> Path:
    """Keep the whole wheel (the library's, with its front-ends) in the cache's wheels/ folder,
    in place of an older one; its path there.

    The new file takes its name in one step (a copy under a temporary name, then a rename), so
    whatever reads the kept wheel meanwhile (a Pyodide benchmark in a parallel test worker
    while another test rebuilds the site) reads the old bytes or the new, never a gap.
    """
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / wheel.name
    for old in folder.glob("sudoku_core-*.whl"):
        if old != kept:
            old.unlink()
    partial = Path(shutil.copy2(wheel, folder / f".{wheel.name}.{os.getpid()}.partial"))
    os.replace(partial, kept)
    return kept


def library_wheel(name: str, cache: Path = CACHE) -> Path:
    """The whole wheel the last build made, by its file name; a BuildError when it is not kept."""
    path = cache / "wheels" / name
    if not path.is_file():
        raise BuildError(
            f"the library's whole wheel ({path}) is missing: run `python build.py build` again"
        )
    return path
