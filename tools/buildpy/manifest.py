"""site/build-manifest.json: the version, a fingerprint of the build's inputs, and every file
with its size and sha256 (for the page's worker, the service worker's precache list, the tests
and `serve`'s CSP header)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.buildpy.downloads import PYODIDE
from tools.buildpy.files import iter_files, sha256_file
from tools.buildpy.layout import (
    HEADERS_NAME,
    MANIFEST_NAME,
    PYODIDE_DIR_NAME,
    SERVICE_WORKER_NAME,
)
from tools.buildpy.precompress import is_precompressed_copy
from tools.buildpy.runtime import SITE_PACKAGES
from tools.buildpy.wheel import engine_version

# Files of the site that are not files of the build: the manifest itself, the service worker
# (made from the manifest) and the host's headers file.
NOT_LISTED = (MANIFEST_NAME, SERVICE_WORKER_NAME, HEADERS_NAME)


def listed_files(site: Path) -> list[Path]:
    """The files the manifest lists: every file of the site but :data:`NOT_LISTED` and the
    precompressed copies (the same bytes as their file, only encoded for the wire)."""
    return [
        path
        for path in iter_files(site)
        if path.relative_to(site).as_posix() not in NOT_LISTED and not is_precompressed_copy(path)
    ]


def write_manifest(site: Path, inputs: str, script_hashes: Sequence[str] = ()) -> dict[str, Any]:
    """site/build-manifest.json: version and every file's size and sha256 (for the page, the tests
    and the service worker's precache list), and the CSP hash sources the pages' import map
    needs (`script_hashes`, for the server's header)."""
    lock = json.loads((site / PYODIDE_DIR_NAME / "pyodide-lock.json").read_text())
    manifest: dict[str, Any] = {
        "name": "sudoku-studio",
        "version": engine_version(),
        "pyodide": PYODIDE.version,
        "inputs": inputs,
        "packages": {name: lock["packages"][name]["version"] for name in SITE_PACKAGES},
        "script_hashes": list(script_hashes),
        "files": {
            path.relative_to(site).as_posix(): {
                "size": path.stat().st_size,
                "sha256": sha256_file(path),
            }
            for path in listed_files(site)
        },
    }
    (site / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


def read_manifest(site: Path) -> dict[str, Any] | None:
    """The site's build manifest, or None if there is no complete build."""
    try:
        manifest: dict[str, Any] = json.loads((site / MANIFEST_NAME).read_text())
    except (OSError, ValueError):
        return None
    return manifest
