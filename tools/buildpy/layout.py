"""Where things are: the repository's folders, the site's fixed file names, and the puzzle sets.

Vocabulary: the *site* (site/) is the folder any static host serves; the *cache* (.cache/) keeps
verified downloads and tool venvs so that a rebuild is offline.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache"
SITE = ROOT / "site"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
TOOLS = ROOT / "tools"
PUZZLES = ROOT / "tests" / "data"  # the shipped corpus; the full sets: full_puzzles()
DEV_REQUIREMENTS = ROOT / "requirements-dev.txt"

MANIFEST_NAME = "build-manifest.json"
PYODIDE_DIR_NAME = "pyodide"
SERVICE_WORKER_NAME = "sw.js"
# The headers file static hosts read (Netlify, Cloudflare Pages): not a page file, never precached.
HEADERS_NAME = "_headers"
SNAPSHOT_NAME = "sudoku-core.snapshot"  # in site/pyodide/, written by tools/make-snapshot.mjs
OFFLINE_ENV = "SUDOKU_OFFLINE"


def is_offline(flag: bool = False) -> bool:
    """Offline when asked by flag or by SUDOKU_OFFLINE=1: every download must come from cache."""
    return flag or os.environ.get(OFFLINE_ENV, "") not in ("", "0")


def full_puzzles() -> Path:
    """The full puzzle sets ($SUDOKU_PUZZLES, or ../shared/puzzles beside the repo) when present,
    else the corpus shipped in tests/data (a sample of the big sets)."""
    configured = os.environ.get("SUDOKU_PUZZLES", "")
    if configured:
        return Path(configured)
    shared = ROOT.parent / "shared" / "puzzles"
    return shared if shared.is_dir() else PUZZLES
