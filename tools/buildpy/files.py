"""Files of a folder, and their hashes (the manifest's sha256, subresource integrity)."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from pathlib import Path


def iter_files(folder: Path) -> Iterator[Path]:
    """Files under folder, sorted, skipping caches and hidden files (editor and OS clutter)."""
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).parts
        if path.is_file() and not any(p.startswith(".") or p == "__pycache__" for p in relative):
            yield path


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in chunks (the wasm is ~10 MB)."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def sri(path: Path) -> str:
    """A file's subresource-integrity value (sha256, base64)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
