"""The site's external inputs: the Pyodide runtime from npm and two wheels from PyPI, each
accepted only with its pinned sha256 and kept, verified, in .cache/downloads/.

A *pin* is a name, version and sha256 we accept (the registry's word is not enough).
"""

from __future__ import annotations

import dataclasses
import sys
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
PYPI_WHEELS = (
    Pin(
        "micropip",
        "0.11.1",
        "micropip-0.11.1-py3-none-any.whl",
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    ),
    Pin(
        "packaging",
        "26.1",
        "packaging-26.1-py3-none-any.whl",
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f",
    ),
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


def pip_download(pin: Pin) -> Callable[[Path], Path]:
    """A fetcher for one pure wheel from PyPI, tagged for Pyodide's Python, hash-required by pip."""

    def fetch(dest: Path) -> Path:
        requirement = dest / "requirement.txt"
        requirement.write_text(f"{pin.name}=={pin.version} --hash=sha256:{pin.sha256}\n")
        log(f"pip download {pin.name}=={pin.version}")
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "--require-hashes", "-r", requirement, "-d", dest],
            what=f"downloading {pin.name} from PyPI",
        )  # fmt: skip
        return dest / pin.filename

    return fetch


@dataclasses.dataclass(frozen=True)
class Downloads:
    """Every verified external input of the site."""

    pyodide_tarball: Path
    wheels: tuple[Path, ...]


def fetch_downloads(cache: Path = CACHE, *, offline: bool = False) -> Downloads:
    """The Pyodide tarball and the PyPI wheels, from cache when present and intact."""
    downloads = cache / "downloads"
    tarball = cached(PYODIDE, downloads, npm_pack(PYODIDE), offline=offline)
    wheels = tuple(
        cached(pin, downloads, pip_download(pin), offline=offline) for pin in PYPI_WHEELS
    )
    return Downloads(tarball, wheels)
