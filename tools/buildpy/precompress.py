"""Precompressed copies of the site's files, beside each file: `app.js.br` and `app.js.gz` hold
the bytes of `app.js` brotli- and gzip-encoded, for `serve` (tools/buildpy/server.py) and for static
hosts that send such copies with `Content-Encoding` (nginx `gzip_static`/`brotli_static`, Caddy's
`file_server { precompressed br gzip }`; docs/build.md).

Only the types that compress get copies (:data:`COMPRESSIBLE`): the text files and the wasm. The
wheels, the stdlib zip and the engine's snapshot are deflate or gzip already (1-2% smaller at
brotli's best: measured, not worth a copy), PNGs too. A copy is kept only when it is at most
:data:`MAX_RATIO` of its file. The copies are no files of the build: the manifest does not list
them and the service worker does not precache them (the browser decodes the response, so the
integrity checks, which hash decoded bytes, see the file itself).

Brotli comes from Node (tools/precompress.mjs): Node is already needed by the build and its zlib
has brotli; Python's stdlib has none, and PyPI's `Brotli` is a C extension (a pin per platform and
Python version). Gzip is Python's zlib at level 9, with no timestamp in its header. Both are kept
in .cache/precompressed/ under the file's sha256, so a rebuild compresses only what changed (the
wasm alone takes ~20 s at brotli's best).
"""

from __future__ import annotations

import gzip
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

from tools.buildpy.commands import NODE_HINT, log, require_command, run
from tools.buildpy.files import iter_files, sha256_file
from tools.buildpy.layout import CACHE, ROOT, TOOLS

COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm", ".txt"}
)
# (Content-Encoding, file suffix), the server's order of preference: brotli is 20-25% smaller.
CODINGS = (("br", ".br"), ("gzip", ".gz"))
MAX_RATIO = 0.9
BROTLI_WRITER = TOOLS / "precompress.mjs"


def copy_path(path: Path, suffix: str) -> Path:
    """Where the copy of ``path`` with this coding's suffix lives: beside it."""
    return path.with_name(path.name + suffix)


def is_precompressed_copy(path: Path) -> bool:
    """Whether ``path`` is an encoded copy of a file beside it (not a file of the build)."""
    if path.suffix not in {suffix for _, suffix in CODINGS}:
        return False
    original = path.with_suffix("")
    return original.suffix in COMPRESSIBLE and original.is_file()


def _compressible(site: Path) -> Iterator[Path]:
    for path in iter_files(site):
        if path.suffix in COMPRESSIBLE:
            yield path


def precompress(site: Path, cache: Path = CACHE) -> dict[str, int]:
    """Write the copies of every compressible file of ``site`` (after removing its old ones);
    the bytes of the files that got copies and of their brotli copies, for the log."""
    for path in list(iter_files(site)):
        if is_precompressed_copy(path):
            path.unlink()
    store = cache / "precompressed"
    store.mkdir(parents=True, exist_ok=True)
    files = {path: sha256_file(path) for path in _compressible(site)}
    missing = [(path, store / f"{digest}.br") for path, digest in files.items()]
    missing = [(path, stored) for path, stored in missing if not stored.exists()]
    if missing:
        jobs = store / "jobs.json"
        jobs.write_text(json.dumps([[str(source), str(target)] for source, target in missing]))
        log(f"brotli: {len(missing)} files ({sum(p.stat().st_size for p, _ in missing):,} bytes)")
        node = require_command("node", NODE_HINT)
        run([node, BROTLI_WRITER, jobs], what="writing brotli copies", cwd=ROOT, quiet=True)
        jobs.unlink()
    totals = {"files": 0, "br": 0}
    for path, digest in files.items():
        stored_gz = store / f"{digest}.gz"
        if not stored_gz.exists():
            part = stored_gz.with_suffix(".part")
            part.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
            part.replace(stored_gz)
        size = path.stat().st_size
        for coding, suffix in CODINGS:
            stored = store / f"{digest}{suffix}"
            if stored.stat().st_size <= MAX_RATIO * size:
                shutil.copyfile(stored, copy_path(path, suffix))
                if coding == "br":
                    totals["files"] += size
                    totals["br"] += stored.stat().st_size
    return totals


def precompressed_copies(site: Path) -> list[Path]:
    """Every precompressed copy in ``site``."""
    return [path for path in iter_files(site) if is_precompressed_copy(path)]
