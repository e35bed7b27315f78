#!/usr/bin/env python3
"""Build, serve, test and benchmark Sudoku studio: a static offline site, sudoku_core in Pyodide.

    python build.py [build]      wheel + pinned Pyodide runtime + web/ -> site/
    python build.py serve        build if needed, then serve site/ on http://127.0.0.1:8000/
    python build.py test         set up .venv, a browser and the site, then lint and run pytest
    python build.py bench        the engine's benchmark in CPython and in Pyodide (Node)

Vocabulary: the *runtime* is Pyodide's core files from npm; a *pin* is a name, version and sha256
we accept; the *cache* (.cache/) keeps verified downloads and tool venvs so a rebuild is offline;
the *site* (site/) is the folder any static host serves; the *fingerprint* is a hash of every
build input, so an up-to-date site is reused instead of rebuilt.

Runs on Python 3.11+, stdlib only. Tools that need Python >= 3.12 (pyodide-build) run in a venv
under .cache/ made with a newer interpreter found on this machine.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import functools
import hashlib
import http.server
import json
import os
import posixpath
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
SITE = ROOT / "site"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
PUZZLES = ROOT / "tests" / "data"  # the shipped corpus; the full sets: full_puzzles()
NODE_RUNNER = ROOT / "tests" / "pyodide_runner.mjs"
DEV_REQUIREMENTS = ROOT / "requirements-dev.txt"
MANIFEST_NAME = "build-manifest.json"
PYODIDE_DIR_NAME = "pyodide"
MIN_TOOL_PYTHON = (3, 12)
OFFLINE_ENV = "SUDOKU_OFFLINE"
SERVICE_WORKER_NAME = "sw.js"
# The headers file static hosts read (Netlify, Cloudflare Pages): not a page file, never precached.
HEADERS_NAME = "_headers"
SW_GENERATOR = ROOT / "tools" / "generate-sw.mjs"
SNAPSHOT_MAKER = ROOT / "tools" / "make-snapshot.mjs"
SNAPSHOT_NAME = "sudoku-core.snapshot"  # in site/pyodide/, written by SNAPSHOT_MAKER


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
# Only these runtime files are shipped: no source maps, typings, consoles or README.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Lockfile entries the site loads by name; their dependencies are kept too.
SITE_PACKAGES = ("micropip", "packaging", "sudoku-core")
# The tools venv: pyodide-build registers wheels in the lockfile; build/setuptools/wheel build ours
# without build isolation, so a rebuild needs no index.
TOOL_REQUIREMENTS = (
    "pyodide-build==0.39.2",
    "pkginfo==2.0",
    "build==1.6.1",
    "setuptools==84.2.1",
    "wheel==0.48.0",
)
# Any fixed date: the zip timestamps in the wheel, so the same source gives the same wheel hash.
SOURCE_DATE_EPOCH = "1704067200"

# The page's Content-Security-Policy, minus frame-ancestors: exactly what index.html's <meta>
# policy carries (the fallback for hosts that send no header; a <meta> policy cannot carry
# frame-ancestors or report-uri, and a test keeps the two equal).
CSP_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",  # Pyodide compiles wasm; no 'unsafe-eval'
    "worker-src 'self'",
    "connect-src 'self'",  # the worker fetches the runtime, stdlib and wheels
    "img-src 'self'",  # nothing uses data: or blob: images (Save's blob: is a download link)
    "style-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)
META_CSP = "; ".join(CSP_DIRECTIVES)
# Embedding on other sites is a use case: by default any page may frame it (`--frame-ancestors`).
FRAME_ANCESTORS = "*"
_ANCESTOR_SOURCE = re.compile(
    r"\*|'self'|'none'|[a-z][a-z0-9+.-]*:|([a-z][a-z0-9+.-]*://)?(\*\.)?[a-z0-9.-]+(:(\d+|\*))?(/\S*)?",
    re.IGNORECASE,
)


def frame_ancestors_value(value: str) -> str:
    """Check a frame-ancestors source list ("'self'", "'none'", "*", hosts); its normal form.

    Examples:
        >>> frame_ancestors_value("'self'  https://example.org")
        "'self' https://example.org"

    Anything else (a ";" that would start another directive, commas, quotes) is a BuildError.
    """
    sources = value.split()
    if not sources:
        raise BuildError("--frame-ancestors: empty; use \"'none'\" to forbid every frame")
    for source in sources:
        if not _ANCESTOR_SOURCE.fullmatch(source) or any(c in source for c in ';,"<>'):
            raise BuildError(
                f"--frame-ancestors: {source!r} is not a frame-ancestors source (use '*', "
                "\"'self'\", \"'none'\" or hosts such as https://example.org)"
            )
    if "'none'" in sources and len(sources) > 1:
        raise BuildError("--frame-ancestors: \"'none'\" cannot be combined with other sources")
    return " ".join(sources)


def with_script_hashes(policy: str, hashes: Sequence[str]) -> str:
    """``policy`` with these hash sources added to script-src (the pages' import map)."""
    if not hashes:
        return policy
    return policy.replace("script-src 'self'", "script-src 'self' " + " ".join(hashes), 1)


def csp_header(frame_ancestors: str = FRAME_ANCESTORS, script_hashes: Sequence[str] = ()) -> str:
    """The Content-Security-Policy header the server sends: the <meta> policy (with the build's
    import-map hash) + frame-ancestors."""
    policy = with_script_hashes(META_CSP, script_hashes)
    return f"{policy}; frame-ancestors {frame_ancestors_value(frame_ancestors)}"


CSP = csp_header()
# What another origin's page imports to use <sudoku-board> on its own (module scripts and their
# imports are fetched with CORS): these get `Access-Control-Allow-Origin: *` (docs/embed.md).
BOARD_FILES = (
    "board/define-sudoku-board.js",
    "board/sudoku-board.js",
    "board/board-input.js",
    "board/board-overlay.js",
    "board/board-values.js",
    "board/cell-layers.js",
    "board/cell-states.js",
    "board/cell-view.js",
    "board/grid.js",
    "board/highlight.js",
    "board/sudoku-board.css",
)


def headers_file(frame_ancestors: str = FRAME_ANCESTORS, script_hashes: Sequence[str] = ()) -> str:
    """site/_headers: what `serve` sends, in the format Netlify and Cloudflare Pages read
    (``script_hashes``: the pages' import-map hash, see pin_page_scripts).

    Examples:
        >>> print(headers_file("'self'").splitlines()[3])
        /*
    """
    lines = [
        "# Written by build.py: the headers this site needs from a static host (Netlify and",
        "# Cloudflare Pages read this file; other hosts: docs/build.md and docs/embed.md).",
        "",
        "/*",
        f"  Content-Security-Policy: {csp_header(frame_ancestors, script_hashes)}",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: no-referrer",
        "",
        f"/{PYODIDE_DIR_NAME}/pyodide.asm.wasm",
        "  Content-Type: application/wasm",
    ]
    for name in BOARD_FILES:
        lines += ["", f"/{name}", "  Access-Control-Allow-Origin: *"]
    return "\n".join(lines) + "\n"


def write_headers(site: Path, frame_ancestors: str = FRAME_ANCESTORS) -> None:
    """Write site/_headers (outside the manifest: it is the host's, not a file the page loads),
    with the CSP hash of the site's import map (from its manifest: run after finish_site)."""
    (site / HEADERS_NAME).write_text(headers_file(frame_ancestors, script_hashes(site)))


REPORT_PATH = "__csp-report"
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


class BuildError(Exception):
    """A problem the user can fix (missing tool, failed download): a message, not a traceback."""


# --- small helpers -------------------------------------------------------------------------------


def log(message: str) -> None:
    """Progress goes to stderr so stdout stays clean for tables and JSON."""
    print(f"[build] {message}", file=sys.stderr, flush=True)


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in chunks (the wasm is ~10 MB)."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def run(
    cmd: Sequence[str | Path],
    *,
    what: str,
    cwd: Path | None = None,
    quiet: bool = False,
    env: Mapping[str, str] | None = None,
) -> None:
    """Run a tool; on failure raise BuildError naming the step, after showing the tool's output.

    quiet: keep the tool's chatter (setuptools, npm) to show only if it fails.
    """
    argv = [str(c) for c in cmd]
    try:
        result = subprocess.run(
            argv,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            check=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            text=True,
        )
    except FileNotFoundError as exc:
        raise BuildError(f"{what}: {argv[0]} not found") from exc
    if result.returncode != 0:
        if quiet:
            sys.stderr.write(result.stdout)
        raise BuildError(f"{what} failed (exit {result.returncode}): {' '.join(argv)}")


def is_offline(flag: bool = False) -> bool:
    """Offline when asked by flag or by SUDOKU_OFFLINE=1: every download must come from cache."""
    return flag or os.environ.get(OFFLINE_ENV, "") not in ("", "0")


# --- finding tools -------------------------------------------------------------------------------


def probe_python(executable: str | Path) -> tuple[tuple[int, int], Path] | None:
    """(major, minor) and sys.prefix of an interpreter, or None if it does not run (an
    inactive pyenv shim, a venv whose base interpreter is gone)."""
    try:
        out = subprocess.run(
            [str(executable), "-c", "import sys; print(*sys.version_info[:2]); print(sys.prefix)"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) != 2 or len(lines[0].split()) != 2:
        return None
    major, minor = (int(part) for part in lines[0].split())
    return (major, minor), Path(lines[1])


def python_version(executable: str | Path) -> tuple[int, int] | None:
    """(major, minor) of an interpreter, or None if it does not run."""
    probed = probe_python(executable)
    return None if probed is None else probed[0]


def python_candidates() -> Iterator[str]:
    """Interpreters to try, best first: this one, newer ones on PATH, then pyenv's versions."""
    yield sys.executable
    for name in ("python3.14", "python3.13", "python3.12"):
        found = shutil.which(name)
        if found:
            yield found
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    for version_dir in sorted((pyenv_root / "versions").glob("3.*"), reverse=True):
        yield str(version_dir / "bin" / "python3")


def find_modern_python() -> Path:
    """A Python >= 3.12 (pyodide-build needs it), or a BuildError that says what to install."""
    for candidate in python_candidates():
        version = python_version(candidate)
        if version is not None and version >= MIN_TOOL_PYTHON:
            return Path(candidate)
    raise BuildError(
        "Python >= 3.12 is needed for pyodide-build and the test venv, and none was found "
        "(tried this interpreter, python3.14/3.13/3.12 on PATH and pyenv versions). "
        "Install one, e.g. `pyenv install 3.12` or your OS's python3.12 package."
    )


def require_command(name: str, hint: str) -> str:
    """Path of a command on PATH, or a BuildError with an install hint."""
    found = shutil.which(name)
    if found is None:
        raise BuildError(f"`{name}` is not on PATH. {hint}")
    return found


NODE_HINT = "Install Node.js >= 20 with npm (e.g. `apt-get install nodejs npm`, or nodejs.org)."


# --- the download cache --------------------------------------------------------------------------


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


# --- virtual environments ------------------------------------------------------------------------


def venv_python(venv: Path) -> Path:
    """The interpreter inside a venv (POSIX or Windows layout)."""
    posix = venv / "bin" / "python"
    return posix if posix.exists() or os.name != "nt" else venv / "Scripts" / "python.exe"


def venv_problem(venv: Path) -> str | None:
    """Why the venv cannot be used as it is, or None when it is sound.

    A venv that was moved or copied, or whose base interpreter was removed or upgraded, keeps
    running scripts whose `#!` line names an interpreter that no longer exists: running
    `.venv/bin/mypy` then fails with FileNotFoundError. So check the interpreter (it runs, is new
    enough and its sys.prefix is this folder) and every console script's `#!` line.
    """
    python = venv_python(venv)
    if not python.exists():
        return "no interpreter" if venv.exists() else "missing"
    probed = probe_python(python)
    if probed is None:
        return "its interpreter does not run"
    (major, minor), prefix = probed
    if (major, minor) < MIN_TOOL_PYTHON:
        return f"its Python is {major}.{minor}, older than {'.'.join(map(str, MIN_TOOL_PYTHON))}"
    if prefix.resolve() != venv.resolve():
        return f"it belongs to {prefix} (moved or copied)"
    for script in sorted(python.parent.iterdir()):
        if script.is_symlink() or not script.is_file():
            continue
        with script.open("rb") as f:
            first = f.readline(4096)
        if not first.startswith(b"#!"):
            continue
        interpreter = first[2:].decode(errors="replace").split()[0] if first[2:].split() else ""
        if "python" in Path(interpreter).name and not Path(interpreter).exists():
            return f"{script.name} runs {interpreter}, which does not exist (moved venv)"
    return None


def ensure_venv(
    venv: Path,
    requirements: Sequence[str],
    *,
    offline: bool,
    editable: Path | None = None,
) -> Path:
    """Create or reuse a venv (Python >= 3.12) holding exactly these requirements.

    A stamp file keyed on the requirement list (and on the editable project's pyproject.toml)
    makes an up-to-date venv cost nothing and need no network.
    """
    key_parts = [*requirements]
    if editable is not None:
        key_parts.append((editable / "pyproject.toml").read_text())
        key_parts.append(str(editable.resolve()))  # an editable install names its folder
    key = hashlib.sha256("\n".join(key_parts).encode()).hexdigest()
    stamp = venv / ".sudoku-stamp"
    python = venv_python(venv)
    problem = venv_problem(venv)
    if problem is None and stamp.exists() and stamp.read_text().strip() == key:
        return python
    if offline:
        raise BuildError(
            f"{venv} cannot be used ({problem or 'out of date'}) and the build is offline"
        )
    if problem is not None:
        if venv.exists():
            log(f"{venv} cannot be used ({problem}): making it again")
        shutil.rmtree(venv, ignore_errors=True)
        base = find_modern_python()
        log(f"creating {venv} with {base}")
        run([base, "-m", "venv", venv], what="creating a virtual environment")
        python = venv_python(venv)
    log(f"installing {len(requirements)} pinned requirements into {venv}")
    pip: list[str | Path] = [
        python,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ]
    run([*pip, *requirements], what=f"installing into {venv}")
    if editable is not None:
        log(f"installing the project at {editable} (editable) into {venv}")
        run([*pip, "--no-deps", "--no-build-isolation", "-e", editable], what="editable install")
    stamp.write_text(key + "\n")
    return python


def ensure_tools(cache: Path = CACHE, *, offline: bool = False) -> Path:
    """The tools venv (pyodide-build, build backend) under .cache/; returns its python."""
    return ensure_venv(cache / "tools-venv", TOOL_REQUIREMENTS, offline=offline)


# --- building the site ---------------------------------------------------------------------------


def iter_files(folder: Path) -> Iterator[Path]:
    """Files under folder, sorted, skipping caches and hidden files (editor and OS clutter)."""
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).parts
        if path.is_file() and not any(p.startswith(".") or p == "__pycache__" for p in relative):
            yield path


def fingerprint() -> str:
    """Hash of every build input, so an unchanged site is reused by `serve` and the tests."""
    digest = hashlib.sha256()
    inputs = [ROOT / "build.py", ROOT / "pyproject.toml", ROOT / "README.md"]
    inputs += [ROOT / "package-lock.json", *iter_files(ROOT / "tools")]  # the service worker's
    inputs += [*iter_files(ROOT / "sudoku_core"), *iter_files(WEB)]
    for path in inputs:
        if path.exists():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def build_wheel(tools_python: Path, out_dir: Path) -> Path:
    """Build the pure sudoku_core wheel (sdist first, then the wheel from it: proves the sdist)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    run(
        [tools_python, "-m", "build", "--no-isolation", "--outdir", out_dir, ROOT],
        what="building the sudoku_core wheel",
        quiet=True,
        cwd=out_dir,  # not ROOT: there `-m build` would find this build.py, not PyPA's build
        env={"SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH},
    )
    wheels = sorted(out_dir.glob("sudoku_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one py3-none-any sudoku_core wheel, found {wheels}")
    return wheels[0]


def extract_runtime(tarball: Path, dest: Path) -> None:
    """Copy only RUNTIME_FILES out of the npm tarball (members live under package/)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in RUNTIME_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} has no {name}")
            with member, (dest / name).open("wb") as out:
                shutil.copyfileobj(member, out)


def add_wheels_to_lockfile(tools_python: Path, pyodide_dir: Path, wheels: Sequence[Path]) -> None:
    """Register the wheels (already copied beside the lockfile) with `pyodide lockfile add-wheels`.

    File names stay relative to the lockfile, so they resolve from indexURL wherever it is hosted.
    """
    lock = pyodide_dir / "pyodide-lock.json"
    new_lock = pyodide_dir / "pyodide-lock.new.json"
    pyodide_cli = tools_python.parent / "pyodide"
    run(
        [pyodide_cli, "lockfile", "add-wheels", "--input", lock, "--output", new_lock,
         "--base-path", pyodide_dir, *wheels],
        what="registering wheels in pyodide-lock.json",
        quiet=True,
    )  # fmt: skip
    new_lock.replace(lock)


def trim_lockfile(lock: dict[str, Any], keep: Sequence[str]) -> dict[str, Any]:
    """The lockfile with only `keep` and their dependencies (the site never loads the rest).

    Examples:
        >>> lock = {"info": {}, "packages": {"a": {"depends": ["b"]}, "b": {"depends": []},
        ...                                  "c": {"depends": []}}}
        >>> sorted(trim_lockfile(lock, ["a"])["packages"])
        ['a', 'b']
    """
    packages: dict[str, Any] = lock["packages"]
    wanted: set[str] = set()
    todo = list(keep)
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        if name not in packages:
            raise BuildError(f"pyodide-lock.json has no package {name!r}")
        wanted.add(name)
        todo.extend(packages[name].get("depends", []))
    return {**lock, "packages": {k: v for k, v in packages.items() if k in wanted}}


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


# --- icons: the PNGs an installed app needs, drawn from icon.svg's shapes -------------------------

# icon.svg in its own 90-unit square: a blue tile, a white 3x3 grid, a "5" in the middle box
# (drawn here as five bars: no font is needed, and the same source gives the same bytes).
ICON_BLUE = (0x1D, 0x4E, 0xD8)
ICON_WHITE = (0xFF, 0xFF, 0xFF)
_ICON_BARS = (  # (x0, y0, x1, y1) in icon units, white
    (7, 7, 83, 11), (7, 79, 83, 83), (7, 7, 11, 83), (79, 7, 83, 83),  # the frame
    (31, 9, 35, 81), (55, 9, 59, 81), (9, 31, 81, 35), (9, 55, 81, 59),  # the box lines
    (39, 38, 51, 41), (39, 38, 42, 47), (39, 44.5, 51, 47.5),  # the "5": top, left, middle
    (48, 44.5, 51, 53), (39, 50, 51, 53),  # right, bottom
)  # fmt: skip
# (file name, pixels, maskable): a maskable icon fills its square (the platform cuts the shape)
# with the drawing inside the central 80% safe zone.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)


def icon_pixel(x: float, y: float, *, maskable: bool) -> tuple[int, int, int, int]:
    """The RGBA colour of icon.svg at (x, y) in its 90-unit square.

    Examples:
        >>> [icon_pixel(x, y, maskable=False) for x, y in ((45, 20), (45, 33), (0.5, 0.5))]
        [(29, 78, 216, 255), (255, 255, 255, 255), (0, 0, 0, 0)]
    """
    if not maskable:
        radius = 12.0  # the tile's rounded corners: transparent outside them
        cx = min(max(x, radius), 90 - radius)
        cy = min(max(y, radius), 90 - radius)
        if (x - cx) ** 2 + (y - cy) ** 2 > radius**2:
            return (0, 0, 0, 0)
    else:  # the drawing scaled into the central 80%, the blue reaching the edges
        x, y = (x - 45) / 0.8 + 45, (y - 45) / 0.8 + 45
    for x0, y0, x1, y1 in _ICON_BARS:
        if x0 <= x < x1 and y0 <= y < y1:
            return (*ICON_WHITE, 255)
    return (*ICON_BLUE, 255)


def png_bytes(size: int, pixel: Callable[[float, float], tuple[int, int, int, int]]) -> bytes:
    """A size x size RGBA PNG; pixel(x, y) is sampled at each pixel's centre, in 90-unit space."""
    scale = 90 / size
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # filter: none
        for col in range(size):
            rows.extend(pixel((col + 0.5) * scale, (row + 0.5) * scale))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_icons(site: Path) -> None:
    """The installable app's PNG icons (192, 512, maskable 512) beside icon.svg."""
    for name, size, maskable in ICONS:
        (site / name).write_bytes(png_bytes(size, functools.partial(icon_pixel, maskable=maskable)))


# --- the engine's memory snapshot -----------------------------------------------------------------


def write_snapshot(pyodide_dir: Path) -> None:
    """pyodide/sudoku-core.snapshot: the memory of an interpreter with sudoku_core imported,
    made in Node by tools/make-snapshot.mjs (Pyodide's memory-snapshot API). The worker restores
    it in about 0.5 s instead of booting Python and importing the engine (4-6 s in Chromium).

    Made after the lockfile (it names the wheel) and before the manifest (which hashes it).
    """
    node = require_command("node", NODE_HINT)
    run(
        [node, SNAPSHOT_MAKER, pyodide_dir],
        what="making the engine's memory snapshot",
        cwd=ROOT,
        quiet=True,
    )


# --- the service worker --------------------------------------------------------------------------


def write_service_worker(site: Path, *, offline: bool = False) -> None:
    """site/sw.js: Workbox's generateSW (pinned in package-lock.json) precaching every file of the
    site with its build-manifest.json sha256 as subresource integrity (tools/generate-sw.mjs).

    Run after write_manifest: sw.js itself is the one file the manifest does not list.
    """
    node = require_command("node", NODE_HINT)
    ensure_node_tools(offline=offline)
    run(
        [node, SW_GENERATOR, site],
        what="writing the service worker (Workbox)",
        cwd=ROOT,
        quiet=True,
    )


# --- the page's scripts, pinned: an import map with every script's integrity ---------------------

_IMPORT_MAP = re.compile(r'\n?[ \t]*<script type="importmap">.*?</script>', re.DOTALL)
# the import map must come before the first module load: a module script or a modulepreload link
_FIRST_MODULE = re.compile(r'([ \t]*)<(?:script type="module"|link rel="modulepreload")')
_META_CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')
_HASH_SOURCE = re.compile(r" 'sha256-[A-Za-z0-9+/=]+'")


def sri(path: Path) -> str:
    """A file's subresource-integrity value (sha256, base64)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def import_map(site: Path) -> str:
    """The import map every page of the site carries: the integrity of each of the page's
    scripts, in any folder (sw.js and Pyodide's files are checked elsewhere), as compact JSON.
    Keys are relative to the site's root, where its pages are."""
    integrity = {
        f"./{path.relative_to(site).as_posix()}": sri(path)
        for path in sorted(iter_files(site))
        if path.suffix in (".js", ".mjs")
        and path.relative_to(site).as_posix() != SERVICE_WORKER_NAME
        and path.relative_to(site).parts[0] != PYODIDE_DIR_NAME
    }
    return json.dumps({"integrity": integrity}, sort_keys=True, separators=(",", ":"))


_MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"[^>]*></script>\n?')
# a static `import … from "./x.js"`, `import "./x.js"` or `export … from "./x.js"` at a line's
# start (never a JSDoc `import("./x.js")` type nor a dynamic import(), which load later by design)
_STATIC_IMPORT = re.compile(
    r'^(?:import|export)\s+(?:[\w$*{}\s,]+?\s+from\s+)?["\'](\.\.?/[^"\']+)["\']', re.MULTILINE
)
_HANDWRITTEN_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
_BUILT_PRELOAD = re.compile(r'\n?[ \t]*<link rel="modulepreload" href="[^"]+" integrity="[^"]+">')


def static_imports(site: Path, roots: Sequence[str]) -> list[str]:
    """Every module the page's module scripts ``roots`` import statically, at any depth, nearest
    first (breadth-first), the roots left out. A module that is not in the site is a build error
    (the page would fail on it anyway)."""
    seen = set(roots)
    order: list[str] = []
    queue = list(roots)
    while queue:
        name = queue.pop(0)
        path = site / name
        if not path.is_file():
            raise BuildError(f"{name} is imported by a page's scripts but is not in the site")
        for ref in _STATIC_IMPORT.findall(path.read_text()):
            child = posixpath.normpath(posixpath.join(posixpath.dirname(name), ref))
            if child not in seen:
                seen.add(child)
                order.append(child)
                queue.append(child)
    return order


def preload_module_graph(site: Path, html: str) -> str:
    """``html`` with a `<link rel="modulepreload" href integrity>` for every module its scripts
    import statically, after its last module script (preloads written by hand are kept as they
    are, and not repeated).

    Why: without them the browser learns of each module only once its importer has arrived and
    been parsed, a waterfall of four levels under app.js. On a first visit app.js arrived at
    65 ms but its imports were asked for at 233 ms (Resource Timing: the page's main thread was
    busy parsing and painting meanwhile); with the preloads every module is asked for at ~60 ms
    and the board came 100-250 ms sooner. The integrity is the import map's (said twice, so a
    browser that reads only the attribute checks it too); the CSP needs nothing new.
    """
    html = _BUILT_PRELOAD.sub("", html)
    scripts = list(_MODULE_SCRIPT.finditer(html))
    if not scripts:
        return html
    written = set(_HANDWRITTEN_PRELOAD.findall(html))
    roots = [m.group(1) for m in scripts]
    indent = re.search(r"([ \t]*)$", html[: scripts[-1].start()])
    pad = indent.group(1) if indent else ""
    links = "".join(
        f'{pad}<link rel="modulepreload" href="{name}" integrity="{sri(site / name)}">\n'
        for name in static_imports(site, roots)
        if name not in written
    )
    end = scripts[-1].end()
    return html[:end] + links + html[end:]


def pin_page_scripts(site: Path) -> str:
    """Give every page of the site the import map of :func:`import_map`, and allow it in the
    page's <meta> CSP by its hash; the hash source (for the server's CSP header too). Each page
    also preloads its scripts' static imports (:func:`preload_module_graph`).

    Why: on a first visit nothing but the browser can check the page's own modules before they
    run (the service worker is not there yet, and the engine's worker checks only what it runs).
    With the import map's `integrity`, Chromium 127+, Firefox 138+ and Safari 18+ refuse a module
    whose bytes are not this build's (a corrupt, stale or tampered copy), and load-guard.js says
    so on the page. Idempotent: run again on a changed site (tests make "a new build" so).
    """
    text = import_map(site)
    source = "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
    for page in sorted(site.glob("*.html")):
        html = preload_module_graph(site, _IMPORT_MAP.sub("", page.read_text()))
        first = _FIRST_MODULE.search(html)
        if not first:
            continue
        indent = first.group(1)
        html = (
            html[: first.start()]
            + f'{indent}<script type="importmap">{text}</script>\n'
            + html[first.start() :]
        )
        html = _META_CSP.sub(
            lambda m: (
                m.group(1)
                + with_script_hashes(_HASH_SOURCE.sub("", m.group(2)), [source])
                + m.group(3)
            ),
            html,
        )
        page.write_text(html)
    return source


def finish_site(site: Path, inputs: str, *, offline: bool = False) -> dict[str, Any]:
    """The last steps of a build on a site folder: the pages' import map, the manifest, then the
    service worker.

    Tests call it on a changed copy of the site to make "a new build" without rebuilding wheels.
    """
    script_hash = pin_page_scripts(site)
    manifest = write_manifest(site, inputs, [script_hash])
    write_service_worker(site, offline=offline)
    return manifest


def engine_version() -> str:
    """sudoku_core.__version__, read from its _version.py without importing the package."""
    namespace: dict[str, Any] = {}
    exec((ROOT / "sudoku_core" / "_version.py").read_text(), namespace)
    return str(namespace["__version__"])


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
            for path in iter_files(site)
            if path.relative_to(site).as_posix()
            not in (MANIFEST_NAME, SERVICE_WORKER_NAME, HEADERS_NAME)
        },
    }
    (site / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
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
        our_wheel = build_wheel(tools_python, scratch / "dist")
        staging = scratch / "site"
        pyodide_dir = staging / PYODIDE_DIR_NAME
        extract_runtime(downloads.pyodide_tarball, pyodide_dir)
        wheels = [shutil.copy2(w, pyodide_dir / w.name) for w in (*downloads.wheels, our_wheel)]
        add_wheels_to_lockfile(tools_python, pyodide_dir, [Path(w) for w in wheels])
        lock_path = pyodide_dir / "pyodide-lock.json"
        trimmed = trim_lockfile(json.loads(lock_path.read_text()), SITE_PACKAGES)
        lock_path.write_text(json.dumps(trimmed, indent=1, sort_keys=True) + "\n")
        copy_web(staging)
        write_icons(staging)
        write_snapshot(pyodide_dir)
        finish_site(staging, inputs, offline=offline)
        write_headers(staging, frame_ancestors)
        shutil.rmtree(site, ignore_errors=True)
        shutil.move(staging, site)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    log(f"built {site} ({sum(f.stat().st_size for f in iter_files(site)) / 1e6:.1f} MB)")
    return site


def read_manifest(site: Path = SITE) -> dict[str, Any] | None:
    """The site's build manifest, or None if there is no complete build."""
    try:
        manifest: dict[str, Any] = json.loads((site / MANIFEST_NAME).read_text())
    except (OSError, ValueError):
        return None
    return manifest


def ensure_built(site: Path = SITE, cache: Path = CACHE, *, offline: bool = False) -> Path:
    """Reuse site/ when its manifest's fingerprint matches the inputs, else build it."""
    manifest = read_manifest(site)
    if manifest is not None and manifest.get("inputs") == fingerprint():
        return site
    return build(site, cache, offline=offline)


# --- serving -------------------------------------------------------------------------------------


def normalize_base(base: str) -> str:
    """'/puzzles/sudoku' -> '/puzzles/sudoku/'; '' -> '/'.

    Examples:
        >>> normalize_base("puzzles/sudoku"), normalize_base("/"), normalize_base("")
        ('/puzzles/sudoku/', '/', '/')
    """
    stripped = base.strip("/")
    return f"/{stripped}/" if stripped else "/"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with exact types, a CSP header, an optional sub-path and isolation headers.

    HTTP/1.1 with keep-alive, as every real host: a first visit asks for some 45 files, and a
    new connection (and thread) for each kept the page waiting on this server. Nagle's
    algorithm off: the headers and the body are two writes, and with it each response on a
    kept connection waited some 40 ms for the client's delayed ACK. Measured with 235 requests
    of the site's scripts from one client: 1.26-1.53 ms a request before, 0.50-0.73 after.
    """

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    timeout = 30  # an idle kept connection is closed (its thread would otherwise wait for ever)

    base: ClassVar[str] = "/"
    isolated: ClassVar[bool] = False
    # When a list: CSP violation reports are POSTed to REPORT_PATH under the base and kept here.
    csp_reports: ClassVar[list[dict[str, Any]] | None] = None
    frame_ancestors: ClassVar[str] = FRAME_ANCESTORS
    extensions_map: ClassVar[dict[str, str]] = {"": "application/octet-stream", **MIME_TYPES}  # type: ignore[misc]

    def do_GET(self) -> None:
        """Serve only under the base path (a real host would not serve the rest either)."""
        if self._outside_base():
            return
        super().do_GET()

    def do_HEAD(self) -> None:
        """As GET, without a body."""
        if self._outside_base():
            return
        super().do_HEAD()

    def do_POST(self) -> None:
        """Only CSP violation reports are accepted (when enabled); they are logged and kept."""
        if self.csp_reports is None or self.path != self.base + REPORT_PATH:
            self.send_error(405, "static site")
            return
        length = min(int(self.headers.get("Content-Length") or 0), 65536)
        try:
            report = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            report = {"unparsed": True}
        self.csp_reports.append(report)
        print(f"CSP violation: {json.dumps(report)}", file=sys.stderr, flush=True)
        self.send_response(204)
        self.end_headers()

    def _outside_base(self) -> bool:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == self.base + HEADERS_NAME:  # the host's instructions, not a file of the site
            self.send_error(404, "not served")
            return True
        if path == self.base.rstrip("/") and self.base != "/":
            self.send_response(301)
            self.send_header("Location", self.base)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return True
        if not path.startswith(self.base):
            self.send_error(404, "outside the served base path")
            return True
        return False

    def translate_path(self, path: str) -> str:
        """Map /base/x to site/x; self.path keeps the base, so redirects stay correct."""
        return super().translate_path("/" + path[len(self.base) :])

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """No directory listings: a folder without index.html is a 404, as on most hosts."""
        self.send_error(404, "no index.html here")

    def end_headers(self) -> None:
        """Security and caching headers on every response (a <meta> CSP would miss the worker)."""
        csp = csp_header(self.frame_ancestors, script_hashes(Path(self.directory)))
        if self.csp_reports is not None:
            csp += f"; report-uri {self.base}{REPORT_PATH}"
        self.send_header("Content-Security-Policy", csp)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-cache")
        if self.path.split("?", 1)[0] in {self.base + name for name in BOARD_FILES}:
            self.send_header("Access-Control-Allow-Origin", "*")
        if self.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: tests and the console stay readable; errors still reach the browser."""


def script_hashes(site: Path) -> list[str]:
    """The CSP hash sources the site's pages need (its manifest says; none when it has none).
    Read at each response: tests change a served copy of the site and run finish_site on it."""
    manifest = read_manifest(site) or {}
    hashes = manifest.get("script_hashes", [])
    return [h for h in hashes if isinstance(h, str) and _HASH_SOURCE.fullmatch(" " + h)]


class _QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a page mid-download resets its connections: not an error to print."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A threaded static server for a site folder; start() in the background or serve_forever().

    Used by `python build.py serve` and by the test fixtures (port 0 picks a free port).
    """

    def __init__(
        self,
        site: Path = SITE,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        base: str = "/",
        isolated: bool = False,
        csp_reports: bool = False,
        frame_ancestors: str = FRAME_ANCESTORS,
    ) -> None:
        self.csp_reports: list[dict[str, Any]] = []
        settings = {
            "frame_ancestors": frame_ancestors_value(frame_ancestors),
            "base": normalize_base(base),
            "isolated": isolated,
            "csp_reports": self.csp_reports if csp_reports else None,
        }
        handler = type("BoundSiteHandler", (SiteHandler,), settings)
        directory = str(site)

        def factory(*args: Any) -> SiteHandler:
            return handler(*args, directory=directory)  # type: ignore[no-any-return]

        self.httpd = _QuietServer((host, port), factory)
        self.httpd.daemon_threads = True
        self.base = normalize_base(base)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The site's URL, base path included, with a trailing slash."""
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}{self.base}"

    def start(self) -> SiteServer:
        """Serve in a daemon thread; returns self for chaining."""
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and free the port."""
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve(
    port: int,
    base: str,
    *,
    isolated: bool,
    csp_reports: bool,
    offline: bool,
    frame_ancestors: str = FRAME_ANCESTORS,
) -> None:
    """`python build.py serve`: build if needed, print the URL, serve until Ctrl-C."""
    frame_ancestors = frame_ancestors_value(frame_ancestors)  # a bad value fails before the build
    site = ensure_built(offline=offline)
    write_headers(site, frame_ancestors)  # the file says what this server sends
    server = SiteServer(
        site,
        port=port,
        base=base,
        isolated=isolated,
        csp_reports=csp_reports,
        frame_ancestors=frame_ancestors,
    )
    print(f"Serving {site} at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.httpd.server_close()


# --- testing -------------------------------------------------------------------------------------

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def system_chromium() -> str | None:
    """A system Chromium (SUDOKU_CHROMIUM overrides), else None: use Playwright's own."""
    override = os.environ.get("SUDOKU_CHROMIUM")
    if override:
        return override
    return next((p for p in CHROMIUM_PATHS if Path(p).exists()), None)


def ensure_browser(python: Path) -> None:
    """A Chromium for the e2e tests: the system one, Debian's via apt when root, or Playwright's."""
    if system_chromium():
        return
    geteuid = getattr(os, "geteuid", None)
    if geteuid is not None and geteuid() == 0 and shutil.which("apt-get"):
        log("installing Debian's chromium with apt-get (Playwright cannot download browsers here)")
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        run(["apt-get", "update", "-qq"], what="apt-get update", env=env, quiet=True)
        run(
            ["apt-get", "install", "-y", "-qq", "chromium"],
            what="installing chromium",
            env=env,
            quiet=True,
        )
        return
    log("no system Chromium: asking Playwright to install its own")
    try:
        run([python, "-m", "playwright", "install", "chromium"], what="playwright install chromium")
    except BuildError as exc:
        raise BuildError(
            f"{exc}. Install Chromium (Debian: `apt-get install chromium`) or set SUDOKU_CHROMIUM."
        ) from exc


def dev_requirements() -> list[str]:
    """requirements-dev.txt without comments and blank lines."""
    lines = (line.split("#", 1)[0].strip() for line in DEV_REQUIREMENTS.read_text().splitlines())
    return [line for line in lines if line]


def ensure_test_venv(*, offline: bool = False) -> Path:
    """.venv with the pinned test tools and sudoku_core installed editable."""
    return ensure_venv(VENV, dev_requirements(), offline=offline, editable=ROOT)


def pytest_args(args: argparse.Namespace) -> list[str]:
    """pytest's arguments for the chosen subset, plus whatever followed `--`."""
    selected = [m for m in ("unit", "e2e", "pyodide") if getattr(args, m)]
    markers = {"unit": "not e2e and not pyodide", "e2e": "e2e", "pyodide": "pyodide"}
    argv = ["-p", "no:cacheprovider"] if os.environ.get("CI") else []
    if selected:
        argv += ["-m", " or ".join(f"({markers[m]})" for m in selected)]
    return [*argv, "--timeout=900", *args.pytest_args]


def ensure_node_tools(*, offline: bool = False) -> Path:
    """node_modules/ from package-lock.json (workbox-build for sw.js, TypeScript's checker,
    axe-core); its bin.

    `npm ci` installs exactly the locked versions and checks each tarball's integrity hash. A stamp
    keyed on the lockfile makes an up-to-date install cost nothing.
    """
    lock = ROOT / "package-lock.json"
    modules = ROOT / "node_modules"
    stamp = modules / ".sudoku-stamp"
    key = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text().strip() == key:
        return modules / ".bin"
    npm = require_command("npm", NODE_HINT)
    log("npm ci (the pinned dev tools of package-lock.json)")
    argv: list[str | Path] = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"]
    run([*argv, "--offline"] if offline else argv, what="npm ci", cwd=ROOT, quiet=True)
    stamp.write_text(key + "\n")
    return modules / ".bin"


def lint_commands(python: Path, node_bin: Path) -> list[list[str | Path]]:
    """Every static check, each one a command run from the repo root.

    ruff (lint and format), mypy strict, import-linter's layer contracts (pyproject.toml) and
    TypeScript's checker over the JSDoc types of web/ (tsconfig.json).
    """
    bin_dir = python.parent
    return [
        [bin_dir / "ruff", "check", ROOT],
        [bin_dir / "ruff", "format", "--check", ROOT],
        [bin_dir / "mypy"],
        [bin_dir / "lint-imports"],
        [node_bin / "tsc", "-p", ROOT / "tsconfig.json"],
        [node_bin / "tsc", "-p", ROOT / "tsconfig.worker.json"],  # the worker's own lib
    ]


def lint(python: Path, *, offline: bool = False) -> int:
    """Run every lint command; non-zero when any of them finds something.

    Runs before pytest so that pytest's summary is the last line (CI reads it).
    """
    status = 0
    for cmd in lint_commands(python, ensure_node_tools(offline=offline)):
        log(" ".join(str(c) for c in cmd))
        code = subprocess.run([str(c) for c in cmd], cwd=ROOT, check=False).returncode
        if code != 0:
            log(f"failed (exit {code}): {Path(cmd[0]).name}")
        status |= code
    return status


def test(args: argparse.Namespace) -> int:
    """`python build.py test`: set up, build, run pytest (+ lint); exit code: pytest's or lint's."""
    offline = is_offline(args.offline)
    python = ensure_test_venv(offline=offline)
    needs_browser = args.e2e or not (args.unit or args.pyodide)
    if needs_browser:
        ensure_browser(python)
        ensure_node_tools(offline=offline)  # axe-core for the accessibility checks
    if not args.unit:
        require_command("node", NODE_HINT)
        ensure_built(offline=offline)
    lint_code = lint(python, offline=offline) if args.lint else 0
    log("pytest " + " ".join(pytest_args(args)))
    code = subprocess.run(
        [str(python), "-m", "pytest", *pytest_args(args)], cwd=ROOT, check=False
    ).returncode
    if code == 5:
        print("pytest collected no tests: that is a failure, not a pass", file=sys.stderr)
    if code == 0 and lint_code != 0:
        print(
            "tests passed but lint failed (ruff, mypy, lint-imports or tsc, above)", file=sys.stderr
        )
        return 1
    return code


# --- benchmark -----------------------------------------------------------------------------------

BENCH_SETS = (
    "easy50.txt",
    "top95.txt",
    "norvig_hardest.txt",
    "magictour_top1465.txt",
    "17_clue.txt",
    "forum_hardest_1905_11plus.txt",
)


def bench_cpython(python: Path, paths: Sequence[Path], limit: int) -> list[dict[str, Any]]:
    """run_benchmark in CPython (the .venv's interpreter, where sudoku_core is installed)."""
    code = (
        "import json, sys; from sudoku_core.bench import run_benchmark; "
        "print(json.dumps(run_benchmark(sys.argv[2:], int(sys.argv[1]))))"
    )
    out = subprocess.run(
        [str(python), "-c", code, str(limit), *map(str, paths)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    if out.returncode != 0:
        raise BuildError(f"CPython benchmark failed:\n{out.stderr}")
    rows: list[dict[str, Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    return rows


def full_puzzles() -> Path:
    """The full puzzle sets ($SUDOKU_PUZZLES, or ../shared/puzzles beside the repo) when present,
    else the corpus shipped in tests/data (a sample of the big sets)."""
    configured = os.environ.get("SUDOKU_PUZZLES", "")
    if configured:
        return Path(configured)
    shared = ROOT.parent / "shared" / "puzzles"
    return shared if shared.is_dir() else PUZZLES


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
    argv = [node, str(NODE_RUNNER), "--pyodide", str(site / PYODIDE_DIR_NAME),
            "--script", str(script), "--mount", f"{puzzles}:/puzzles",
            "--boots", str(boots), "--timeout-ms", str(int(timeout * 1000)),
            "--input-json", json.dumps(data), *(["--snapshot"] if snapshot else []),
            *(f"--env={spec}" for spec in env)]  # fmt: skip
    out = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=timeout + 30)
    lines = out.stdout.strip().splitlines()
    if not lines:
        raise BuildError(
            f"the Pyodide runner printed nothing (exit {out.returncode}):\n{out.stderr}"
        )
    return json.loads(lines[-1])


def bench(
    limit: int, boots: int, sets: Sequence[str], visits: int = 0, pyodide_env: Sequence[str] = ()
) -> int:
    """`python build.py bench`: the same sets in CPython and Pyodide, with the ratio per set;
    with `visits`, first and repeat page visits in Chromium too (tests/visit_bench.py);
    `pyodide_env`: NAME=VALUE settings for Pyodide's Python (see --pyodide-env)."""
    python = ensure_test_venv()
    site = ensure_built()
    if visits:
        ensure_browser(python)
        script = ROOT / "tests" / "visit_bench.py"
        log(f"{script.name} --runs {visits}")
        subprocess.run([str(python), str(script), "--runs", str(visits)], cwd=ROOT, check=False)
        print()
    folder = full_puzzles()
    paths = [folder / name for name in sets]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise BuildError(f"puzzle files not found: {missing}")
    cpython_rows = bench_cpython(python, paths, limit)
    report = run_node(
        site,
        ROOT / "tests" / "pyodide_bench.py",
        {"paths": [f"/puzzles/{p.name}" for p in paths], "limit": limit},
        boots=boots,
        puzzles=folder,
        env=pyodide_env,
    )
    if not report.get("ok"):
        raise BuildError(f"Pyodide benchmark failed: {report.get('error')}")
    print_bench_table(cpython_rows, report["result"], report["boot_ms"])
    allocator = report["result"][0].get("allocator", "unknown") if report["result"] else "unknown"
    print(f"Pyodide's memory allocator: {allocator} (set with --pyodide-env PYTHONMALLOC=...)")
    print_micro_table(*bench_micro(python, site, pyodide_env))
    wrong = sum(row.get("wrong", 0) for row in [*cpython_rows, *report["result"]])
    if wrong:
        print(f"{wrong} wrong answers: the figures above are not valid", file=sys.stderr)
    return 1 if wrong else 0


MICRO_SCRIPT = ROOT / "tests" / "pyodide_micro.py"


def bench_micro(
    python: Path, site: Path, pyodide_env: Sequence[str] = ()
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The solver's building blocks timed one by one in CPython and in Pyodide (the rows of
    tests/pyodide_micro.py in each): which operations cost more in WebAssembly."""
    code = "import json, runpy, sys; print(json.dumps(runpy.run_path(sys.argv[1])['main']({})))"
    out = subprocess.run(
        [str(python), "-c", code, str(MICRO_SCRIPT)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    if out.returncode != 0:
        raise BuildError(f"CPython micro-benchmark failed:\n{out.stderr}")
    cpython: list[dict[str, Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    report = run_node(site, MICRO_SCRIPT, {}, env=pyodide_env)
    if not report.get("ok"):
        raise BuildError(f"Pyodide micro-benchmark failed: {report.get('error')}")
    pyodide: list[dict[str, Any]] = report["result"]
    return cpython, pyodide


def print_micro_table(cpython: Sequence[dict[str, Any]], pyodide: Sequence[dict[str, Any]]) -> None:
    """One row per operation: nanoseconds in both runtimes and how many times slower Pyodide is."""
    print(f"\n{'operation':<36}{'CPy ns':>10}{'Pyo ns':>10}{'Pyo/CPy':>9}")
    print("-" * 65)
    for cpy, pyo in zip(cpython, pyodide, strict=True):
        slower = pyo["ns"] / cpy["ns"] if cpy["ns"] else 0.0
        print(f"{cpy['op']:<36}{cpy['ns']:>10.1f}{pyo['ns']:>10.1f}{slower:>9.2f}")
    print("Pyo/CPy = Pyodide time / CPython time per operation (the empty loop subtracted)")


def print_bench_table(
    cpython: Sequence[dict[str, Any]], pyodide: Sequence[dict[str, Any]], boot_ms: Sequence[float]
) -> None:
    """One row per set: solves/s and checks/s in both runtimes and Pyodide's slowdown."""
    header = f"{'set':<24}{'n':>6}  {'CPy solve/s':>12}{'Pyo solve/s':>12}{'ratio':>7}"
    header += f"  {'CPy check/s':>12}{'Pyo check/s':>12}{'ratio':>7}"
    print(header)
    print("-" * len(header))
    for cpy, pyo in zip(cpython, pyodide, strict=True):
        solve_ratio = pyo["solve_per_s"] / cpy["solve_per_s"] if cpy["solve_per_s"] else 0.0
        check_ratio = pyo["check_per_s"] / cpy["check_per_s"] if cpy["check_per_s"] else 0.0
        print(
            f"{Path(str(cpy['set'])).name:<24}{cpy['puzzles']:>6}  {cpy['solve_per_s']:>12.1f}"
            f"{pyo['solve_per_s']:>12.1f}{solve_ratio:>7.2f}  {cpy['check_per_s']:>12.1f}"
            f"{pyo['check_per_s']:>12.1f}{check_ratio:>7.2f}"
        )
    print(
        f"\nPyodide boot (runtime + packages, Node): median {statistics.median(boot_ms):.0f} ms "
        f"over {len(boot_ms)} boots ({', '.join(f'{b:.0f}' for b in boot_ms)})"
    )
    print("ratio = Pyodide / CPython throughput (1.00 = same speed; lower is slower)")


# --- command line --------------------------------------------------------------------------------


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The four commands and their options; anything after `--` goes to pytest."""
    argv = list(argv)
    extra: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1 :]
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--offline", action="store_true", help=f"use only the cache (also: {OFFLINE_ENV}=1)"
    )
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None, parents=[common]
    )
    commands = parser.add_subparsers(dest="command")
    build_p = commands.add_parser("build", parents=[common], help="build site/ (the default)")
    build_p.add_argument(
        "--frame-ancestors",
        default=FRAME_ANCESTORS,
        help="who may frame the page, written into site/_headers: * (default), \"'self'\", "
        "\"'none'\" or hosts",
    )
    serve_p = commands.add_parser("serve", parents=[common], help="build if needed, then serve")
    serve_p.add_argument("--port", type=int, default=8000)
    serve_p.add_argument(
        "--base", default="/", help="serve under a sub-path, e.g. /puzzles/sudoku/"
    )
    serve_p.add_argument(
        "--isolated", action="store_true", help="send COOP/COEP (cross-origin isolation)"
    )
    serve_p.add_argument(
        "--csp-reports", action="store_true", help="print CSP violations (adds report-uri)"
    )
    serve_p.add_argument(
        "--frame-ancestors",
        default=FRAME_ANCESTORS,
        help="who may frame the page (CSP frame-ancestors): * (default), \"'self'\", "
        "\"'none'\" or hosts",
    )
    test_p = commands.add_parser(
        "test", parents=[common], help="set up .venv and a browser, build, run pytest + lint"
    )
    test_p.add_argument("--unit", action="store_true", help="only tests with no browser or Pyodide")
    test_p.add_argument("--e2e", action="store_true", help="only browser (Playwright) tests")
    test_p.add_argument("--pyodide", action="store_true", help="only Pyodide-in-Node tests")
    test_p.add_argument(
        "--no-lint",
        dest="lint",
        action="store_false",
        help="skip the static checks (ruff, mypy, lint-imports, tsc)",
    )
    bench_p = commands.add_parser(
        "bench", parents=[common], help="CPython vs Pyodide benchmark table"
    )
    bench_p.add_argument("--limit", type=int, default=200, help="first N puzzles of each set")
    bench_p.add_argument("--boots", type=int, default=5, help="Pyodide boots to time")
    bench_p.add_argument(
        "--visits",
        type=int,
        default=0,
        help="also time N first and repeat page visits in Chromium (service worker warm)",
    )
    bench_p.add_argument(
        "--sets",
        nargs="+",
        default=list(BENCH_SETS),
        help="in $SUDOKU_PUZZLES, ../shared/puzzles, else tests/data",
    )
    bench_p.add_argument(
        "--pyodide-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set for Pyodide's Python before it starts, e.g. PYTHONMALLOC=mimalloc (repeatable)",
    )
    args = parser.parse_args(argv)
    args.pytest_args = extra
    if extra and args.command != "test":
        parser.error("arguments after `--` are only for `test`")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch a command; a BuildError becomes a one-line message and exit code 2."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    try:
        if args.command in (None, "build"):
            build(
                offline=args.offline,
                frame_ancestors=getattr(args, "frame_ancestors", FRAME_ANCESTORS),
            )
            code = 0
        elif args.command == "serve":
            serve(
                args.port,
                args.base,
                isolated=args.isolated,
                csp_reports=args.csp_reports,
                offline=args.offline,
                frame_ancestors=args.frame_ancestors,
            )
            code = 0
        elif args.command == "test":
            code = test(args)
        else:
            code = bench(args.limit, args.boots, args.sets, args.visits, args.pyodide_env)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    if args.command in (None, "build"):
        log(f"done in {time.monotonic() - started:.1f} s")
    return code


if __name__ == "__main__":
    sys.exit(main())
