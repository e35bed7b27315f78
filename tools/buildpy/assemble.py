"""`python build.py build`: the site assembled in a scratch folder from the wheel, the pinned
runtime and web/, then swapped in whole (a failed build leaves the old site).

Order matters: the lockfile names the wheel, the stdlib's trim boots the runtime with it, the
snapshot reads the lockfile and is made against the trimmed stdlib, the manifest hashes
every file (the snapshot too), the service worker lists the manifest's files, and the
precompressed copies are made of the finished files (build-manifest.json and sw.js included).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools.buildpy.commands import BuildError, log
from tools.buildpy.downloads import fetch_downloads
from tools.buildpy.files import iter_files
from tools.buildpy.headers import FRAME_ANCESTORS, frame_ancestors_value, write_headers
from tools.buildpy.icons import write_icons
from tools.buildpy.layout import CACHE, PYODIDE_DIR_NAME, ROOT, SITE, WEB, is_offline
from tools.buildpy.manifest import read_manifest, write_manifest
from tools.buildpy.page_pins import pin_page_scripts
from tools.buildpy.precompress import precompress, precompressed_copies
from tools.buildpy.runtime import (
    SITE_PACKAGES,
    add_wheels_to_lockfile,
    extract_runtime,
    trim_lockfile,
)
from tools.buildpy.service_worker import write_service_worker
from tools.buildpy.snapshot import write_snapshot
from tools.buildpy.stdlib import trim_stdlib
from tools.buildpy.venvs import ensure_tools
from tools.buildpy.wheel import build_wheel, keep_library_wheel, page_wheel

if sys.platform != "win32":
    import fcntl

# What the site is made of: a change to any of these makes `serve` and the tests build again.
FINGERPRINTED = ("build.py", "pyproject.toml", "README.md", "package-lock.json")
FINGERPRINTED_FOLDERS = ("tools", "sudoku_core", "web")


def fingerprint() -> str:
    """Hash of every build input, so an unchanged site is reused by `serve` and the tests."""
    digest = hashlib.sha256()
    inputs = [ROOT / name for name in FINGERPRINTED]
    inputs += [path for folder in FINGERPRINTED_FOLDERS for path in iter_files(ROOT / folder)]
    for path in inputs:
        if path.exists():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def copy_web(site: Path) -> None:
    """Copy web/ into the site root; it may not exist yet (the web engineer fills it)."""
    if not WEB.is_dir():
        log("web/ does not exist yet: the site has only the runtime and wheels")
        return
    for path in iter_files(WEB):
        target = site / path.relative_to(WEB)
        if target.relative_to(site).parts[0] == PYODIDE_DIR_NAME:
            raise BuildError(f"web/{PYODIDE_DIR_NAME}/ would clash with the Pyodide runtime folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def finish_site(
    site: Path, inputs: str, *, offline: bool = False, cache: Path = CACHE
) -> dict[str, Any]:
    """The last steps of a build on a site folder: the pages' import map, the manifest, the
    service worker, then the precompressed copies (the old ones go first: they would be stale).

    Tests call it on a changed copy of the site to make "a new build" without rebuilding wheels.
    """
    for copy in precompressed_copies(site):
        copy.unlink()
    script_hash = pin_page_scripts(site)
    manifest = write_manifest(site, inputs, [script_hash])
    write_service_worker(site, offline=offline)
    precompress(site, cache)
    return manifest


def build(
    site: Path = SITE,
    cache: Path = CACHE,
    *,
    offline: bool = False,
    frame_ancestors: str = FRAME_ANCESTORS,
) -> Path:
    """Make the site in a scratch folder, then swap it in (a failed build leaves the old one)."""
    offline = is_offline(offline)
    frame_ancestors = frame_ancestors_value(frame_ancestors)  # a bad value fails before the work
    inputs = fingerprint()
    downloads = fetch_downloads(cache, offline=offline)
    tools_python = ensure_tools(cache, offline=offline)
    scratch = Path(tempfile.mkdtemp(prefix="site-", dir=cache))
    try:
        staging = scratch / "site"
        pyodide_dir = staging / PYODIDE_DIR_NAME
        extract_runtime(downloads.pyodide_tarball, pyodide_dir)
        library = keep_library_wheel(build_wheel(tools_python, scratch / "dist"), cache)
        our_wheel = page_wheel(library, pyodide_dir)
        add_wheels_to_lockfile(tools_python, pyodide_dir, [our_wheel])
        lock_path = pyodide_dir / "pyodide-lock.json"
        trimmed = trim_lockfile(json.loads(lock_path.read_text()), SITE_PACKAGES)
        lock_path.write_text(json.dumps(trimmed, indent=1, sort_keys=True) + "\n")
        trim_stdlib(pyodide_dir)
        copy_web(staging)
        write_icons(staging)
        write_snapshot(pyodide_dir)
        finish_site(staging, inputs, offline=offline, cache=cache)
        write_headers(staging, frame_ancestors)
        shutil.rmtree(site, ignore_errors=True)
        shutil.move(staging, site)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    copies = set(precompressed_copies(site))
    size = sum(f.stat().st_size for f in iter_files(site) if f not in copies)
    log(f"built {site} ({size / 1e6:.1f} MB without its precompressed copies)")
    return site


@contextmanager
def one_build_at_a_time(cache: Path = CACHE) -> Iterator[None]:
    """Hold the cache's build lock: the test workers of one run (pytest-xdist) each ask for the
    site as their session starts, and the first one builds it while the others wait, then reuse
    it. (On Windows, without fcntl, nothing is locked.)"""
    cache.mkdir(parents=True, exist_ok=True)
    with (cache / "build.lock").open("a") as lock:
        if sys.platform != "win32":
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        yield


def ensure_built(site: Path = SITE, cache: Path = CACHE, *, offline: bool = False) -> Path:
    """Reuse site/ when its manifest's fingerprint matches the inputs, else build it (one
    process at a time: see `one_build_at_a_time`)."""
    with one_build_at_a_time(cache):
        manifest = read_manifest(site)
        if manifest is not None and manifest.get("inputs") == fingerprint():
            return site
        return build(site, cache, offline=offline)
