"""The site's external input: the Pyodide runtime from npm, accepted only with its pinned sha256
and kept, verified, in .cache/downloads/. (The page loads no package from PyPI: only
sudoku-core, whose wheel the build makes.)

A *pin* is a name, version and sha256 we accept (the registry's word is not enough).
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable
from pathlib import Path

from tools.buildpy.commands import NODE_HINT, BuildError, log, require_command, run
from tools.buildpy.files import sha256_file
from tools.buildpy.layout import CACHE, OFFLINE_ENV


@dataclasses.dataclass(frozen=True)
class Pin:
    """A download we accept only with this exact sha256 (the registry's word is not enough)."""

    name: str
    version: str
    filename: str
    sha256: str


PYODIDE = Pin(
    "pyodide",
    "314.0.7",
    "pyodide-314.0.7.tgz",
    "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0",
)


def cached(pin: Pin, cache_dir: Path, fetch: Callable[[Path], Path], *, offline: bool) -> Path:
    """Return pin's file from cache_dir, fetching it when missing or corrupt; always hash-checked.

    `fetch(tmpdir)` downloads into a scratch folder and returns the file; only a file whose sha256
    matches the pin is moved into the cache, so a half or tampered download never sticks.
    """
    target = cache_dir / pin.filename
    if target.exists():
        if sha256_file(target) == pin.sha256:
            return target
        log(f"cached {pin.filename} fails its sha256 check: fetching it again")
        target.unlink()
    if offline:
        raise BuildError(
            f"{pin.filename} is not in {cache_dir} and the build is offline ({OFFLINE_ENV}=1): "
            "run once with network access to fill the cache."
        )
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache_dir) as tmp:
        fetched = fetch(Path(tmp))
        actual = sha256_file(fetched)
        if actual != pin.sha256:
            raise BuildError(
                f"downloaded {pin.filename} has sha256 {actual}, expected {pin.sha256}: refusing it"
            )
        fetched.replace(target)
    return target


def npm_pack(pin: Pin) -> Callable[[Path], Path]:
    """A fetcher for an npm package tarball (npm itself also checks the registry's integrity)."""

    def fetch(dest: Path) -> Path:
        npm = require_command("npm", NODE_HINT)
        log(f"npm pack {pin.name}@{pin.version}")
        run(
            [npm, "pack", f"{pin.name}@{pin.version}", "--pack-destination", dest, "--silent"],
            what=f"downloading {pin.name} from npm",
            cwd=dest,
            quiet=True,
        )
        return dest / pin.filename

    return fetch


@dataclasses.dataclass(frozen=True)
class Downloads:
    """Every verified external input of the site."""

    pyodide_tarball: Path


def fetch_downloads(cache: Path = CACHE, *, offline: bool = False) -> Downloads:
    """The Pyodide tarball, from cache when present and intact."""
    downloads = cache / "downloads"
    return Downloads(cached(PYODIDE, downloads, npm_pack(PYODIDE), offline=offline))
