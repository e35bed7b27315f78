"""pyodide/sudoku-core.snapshot: the memory of an interpreter with sudoku_core imported, made in
Node by tools/make-snapshot.mjs (Pyodide's memory-snapshot API). The worker restores it in about
0.5 s instead of booting Python and importing the engine (4-6 s in Chromium)."""

from __future__ import annotations

from pathlib import Path

from tools.buildpy.commands import NODE_HINT, require_command, run
from tools.buildpy.layout import ROOT, TOOLS

SNAPSHOT_MAKER = TOOLS / "make-snapshot.mjs"


def write_snapshot(pyodide_dir: Path) -> None:
    """Write the snapshot into the site's pyodide/ folder.

    Made after the lockfile (it names the wheel) and before the manifest (which hashes it).
    """
    node = require_command("node", NODE_HINT)
    run(
        [node, SNAPSHOT_MAKER, pyodide_dir],
        what="making the engine's memory snapshot",
        cwd=ROOT,
        quiet=True,
    )
