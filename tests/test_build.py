"""build.py and tools/buildpy/: the download cache, the built site's contents, and how `serve`
serves it."""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import importlib
import json
import os
import posixpath
import re
import shutil
import struct
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tools.buildpy import (
    assemble,
    bench,
    downloads,
    files,
    headers,
    layout,
    page_pins,
    precompress,
    pythons,
    runtime,
    server,
    suite,
    venvs,
    wheel,
)
from tools.buildpy.commands import BuildError

ROOT = Path(__file__).resolve().parents[1]
bp = importlib.import_module("sudoku_build")  # build.py (its command line), from conftest.py
ServeFactory = Callable[..., str]


# --- the download cache --------------------------------------------------------------------------


def make_pin(content: bytes, filename: str = "thing-1.0.whl") -> Any:
    """A pin whose sha256 is that of `content`."""
    return downloads.Pin("thing", "1.0", filename, hashlib.sha256(content).hexdigest())


class Fetcher:
    """A fake download that writes given bytes and counts its calls."""

    def __init__(self, content: bytes, filename: str = "thing-1.0.whl") -> None:
        self.content = content
        self.filename = filename
        self.calls = 0

    def __call__(self, dest: Path) -> Path:
        self.calls += 1
        path = dest / self.filename
        path.write_bytes(self.content)
        return path


def test_cache_hit_does_not_fetch(tmp_path: Path) -> None:
    pin = make_pin(b"good")
    (tmp_path / pin.filename).write_bytes(b"good")
    fetch = Fetcher(b"good")
    assert downloads.cached(pin, tmp_path, fetch, offline=False) == tmp_path / pin.filename
    assert fetch.calls == 0


def test_corrupt_cached_file_is_detected_and_fetched_again(tmp_path: Path) -> None:
    pin = make_pin(b"good")
    (tmp_path / pin.filename).write_bytes(b"goof")  # same size, one byte flipped
    fetch = Fetcher(b"good")
    path = downloads.cached(pin, tmp_path, fetch, offline=False)
    assert fetch.calls == 1
    assert path.read_bytes() == b"good"


def test_corrupt_cached_file_offline_is_an_error_not_used(tmp_path: Path) -> None:
    pin = make_pin(b"good")
    (tmp_path / pin.filename).write_bytes(b"evil")
    with pytest.raises(BuildError, match="offline"):
        downloads.cached(pin, tmp_path, Fetcher(b"good"), offline=True)
    assert not (tmp_path / pin.filename).exists()


def test_download_with_wrong_hash_is_refused_and_not_cached(tmp_path: Path) -> None:
    pin = make_pin(b"good")
    with pytest.raises(BuildError, match="refusing"):
        downloads.cached(pin, tmp_path, Fetcher(b"tampered"), offline=False)
    assert list(tmp_path.iterdir()) == []


def test_missing_npm_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(BuildError, match=r"Install Node\.js"):
        downloads.npm_pack(downloads.PYODIDE)(tmp_path)


def test_no_modern_python_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pythons, "python_candidates", lambda: iter([sys.executable]))
    monkeypatch.setattr(pythons, "python_version", lambda exe: (3, 11))
    with pytest.raises(BuildError, match=r"Python >= 3\.12.*Install"):
        pythons.find_modern_python()


def test_main_prints_build_errors_without_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail(**kwargs: object) -> None:
        raise BuildError("npm is missing")

    monkeypatch.setattr(bp, "build", fail)
    assert bp.main(["build"]) == 2
    assert capsys.readouterr().err.strip() == "build.py: error: npm is missing"


def test_find_modern_python_finds_one_here() -> None:
    version = pythons.python_version(pythons.find_modern_python())
    assert version is not None and version >= (3, 12)


# --- virtual environments ------------------------------------------------------------------------


@pytest.fixture
def fake_venv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A "venv" whose python is a modern interpreter and that passes the soundness check, so only
    the stamp decides (tests/test_build_venv.py tests the check on real venvs)."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(pythons.find_modern_python())
    monkeypatch.setattr(venvs, "venv_problem", lambda path: None)
    return venv


def recorder(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Replace the venvs' run() by a recorder of the commands it would run."""
    calls: list[list[str]] = []
    monkeypatch.setattr(venvs, "run", lambda cmd, **kw: calls.append([str(c) for c in cmd]))
    return calls


def test_venv_installs_once_then_reuses_its_stamp(
    fake_venv: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = recorder(monkeypatch)
    venvs.ensure_venv(fake_venv, ["pytest==9.2.0"], offline=False)
    assert [c[-1] for c in calls] == ["pytest==9.2.0"]
    venvs.ensure_venv(fake_venv, ["pytest==9.2.0"], offline=True)  # up to date: no pip, no network
    assert len(calls) == 1
    venvs.ensure_venv(fake_venv, ["pytest==9.2.1"], offline=False)  # changed list: reinstall
    assert [c[-1] for c in calls] == ["pytest==9.2.0", "pytest==9.2.1"]


def test_stale_venv_offline_is_an_error(fake_venv: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder(monkeypatch)
    venvs.ensure_venv(fake_venv, ["a==1"], offline=False)
    with pytest.raises(BuildError, match="offline"):
        venvs.ensure_venv(fake_venv, ["a==2"], offline=True)


# --- command line --------------------------------------------------------------------------------


def test_test_subsets_become_marker_expressions() -> None:
    args = bp.parse_args(["test", "--unit", "--", "-k", "cache", "-x"])
    assert args.pytest_args == ["-k", "cache", "-x"]
    argv = suite.pytest_args(args)
    assert argv[argv.index("-m") + 1] == "(not e2e and not pyodide)"
    assert argv[-3:] == ["-k", "cache", "-x"]
    e2e_and_pyodide = suite.pytest_args(bp.parse_args(["test", "--e2e", "--pyodide"]))
    assert "(e2e) or (pyodide)" in e2e_and_pyodide
    assert "-m" not in suite.pytest_args(bp.parse_args(["test"]))
    quick = suite.pytest_args(bp.parse_args(["test", "--quick", "--no-lint"]))
    assert quick[quick.index("-m") + 1] == "(not e2e and not pyodide and not site and not slow)"


def test_pytest_runs_in_workers_a_file_each_unless_told_otherwise() -> None:
    three = suite.pytest_args(bp.parse_args(["test", "--workers", "3", "--", "-x"]))
    assert three[three.index("--numprocesses") + 1] == "3"
    assert three[three.index("--dist") + 1] == "loadfile"
    assert three[-1] == "-x"  # what follows `--` still comes last, so it can override
    for alone in ("0", "1"):
        assert "--numprocesses" not in suite.pytest_args(
            bp.parse_args(["test", "--workers", alone])
        )
    default = suite.pytest_args(bp.parse_args(["test", "--quick"]))
    cores = os.cpu_count() or 1
    assert ("--numprocesses" in default) == (cores > 1)


def test_the_site_tests_are_marked_so_the_quick_tier_leaves_them_out(
    request: pytest.FixtureRequest,
) -> None:
    """conftest.py marks `site` every test that uses the built site (here: the one below)."""
    items = request.session.items
    by_name = {item.name: item for item in items}
    reused = by_name.get("test_up_to_date_site_is_reused_not_rebuilt")
    if reused is not None:  # collected in this run
        assert reused.get_closest_marker("site") is not None
    assert request.node.get_closest_marker("site") is None


def test_hypothesis_runs_derandomized_exactly_when_ci_is_set() -> None:
    from hypothesis import settings

    in_ci = os.environ.get("CI", "").lower() not in ("", "0", "false")
    assert settings().derandomize is in_ci
    assert settings.get_profile("ci").derandomize and settings.get_profile("ci").database is None


def test_serve_options() -> None:
    args = bp.parse_args(["serve", "--port", "8123", "--base", "/puzzles/sudoku", "--isolated"])
    assert (args.port, args.base, args.isolated) == (8123, "/puzzles/sudoku", True)


def test_trim_lockfile_raises_on_unknown_package() -> None:
    with pytest.raises(BuildError, match="nope"):
        runtime.trim_lockfile({"packages": {}}, ["nope"])


# --- the built site ------------------------------------------------------------------------------


def lockfile(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    return data


def test_site_has_the_runtime_and_nothing_else_of_the_npm_package(site_dir: Path) -> None:
    """(Besides the precompressed copies of its files: test_precompressed_copies_...)"""
    shipped = {
        p.name for p in (site_dir / "pyodide").iterdir() if not precompress.is_precompressed_copy(p)
    }
    wheels = {p for p in shipped if p.endswith(".whl")}
    assert shipped - wheels == {*runtime.RUNTIME_FILES, layout.SNAPSHOT_NAME}
    assert {w.split("-")[0] for w in wheels} == {"sudoku_core"}


def test_the_engine_snapshot_is_gzip_of_pyodide_memory_and_in_the_manifest(site_dir: Path) -> None:
    """pyodide/sudoku-core.snapshot (tools/make-snapshot.mjs): gzip (no ".gz" name, so no server
    adds Content-Encoding) of a Pyodide memory snapshot (its magic number first), hashed in the
    manifest like every file that executes. That it restores and works: test_pyodide.py."""
    snapshot = site_dir / "pyodide" / layout.SNAPSHOT_NAME
    packed = snapshot.read_bytes()
    memory = gzip.decompress(packed)
    assert memory[:4] == b"\0snp"  # Pyodide 314's snapshot magic (0x706e7300, little-endian)
    assert len(memory) > 16 * 2**20  # the interpreter's heap, not a stub
    files = json.loads((site_dir / "build-manifest.json").read_text())["files"]
    entry = files[f"pyodide/{layout.SNAPSHOT_NAME}"]
    assert entry == {"size": len(packed), "sha256": hashlib.sha256(packed).hexdigest()}


def unpinned(html: str) -> str:
    """A built page as web/ has it: without the import map, its CSP hash and the module preloads
    (pin_page_scripts)."""
    html = re.sub(r'\n[ \t]*<script type="importmap">.*?</script>', "", html, flags=re.DOTALL)
    html = re.sub(r'\n[ \t]*<link rel="modulepreload" href="[^"]+" integrity="[^"]+">', "", html)
    return re.sub(r" 'sha256-[A-Za-z0-9+/=]+'", "", html)


def test_web_files_are_copied(site_dir: Path) -> None:
    web_files = [p.relative_to(layout.WEB) for p in files.iter_files(layout.WEB)]
    for relative in web_files:
        if relative.suffix == ".html":
            assert (
                unpinned((site_dir / relative).read_text()) == (layout.WEB / relative).read_text()
            )
        else:
            assert (site_dir / relative).read_bytes() == (layout.WEB / relative).read_bytes()
    if (layout.WEB / "index.html").exists():
        assert (site_dir / "index.html").is_file()


def test_every_page_pins_the_scripts_with_an_import_map_its_csp_allows(site_dir: Path) -> None:
    """pin_page_scripts: each page with modules carries one import map giving every page script's
    sha256 (so the browser refuses a module that is not this build's), placed before the first
    module load, and its <meta> CSP (and the server's header, via the manifest) allows exactly
    that inline script by its hash."""
    manifest = json.loads((site_dir / "build-manifest.json").read_text())
    (source,) = manifest["script_hashes"]
    scripts = sorted(
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*.js")
        if p.name != "sw.js" and p.relative_to(site_dir).parts[0] != "pyodide"
    )
    pages = [p for p in site_dir.glob("*.html") if '<script type="module"' in p.read_text()]
    assert pages
    for page in pages:
        html = page.read_text()
        (text,) = re.findall(r'<script type="importmap">(.*?)</script>', html, flags=re.DOTALL)
        integrity = json.loads(text)["integrity"]
        assert sorted(name.removeprefix("./") for name in integrity) == scripts
        for name, value in integrity.items():
            digest = hashlib.sha256((site_dir / name).read_bytes()).digest()
            assert value == "sha256-" + base64.b64encode(digest).decode()
        digest = hashlib.sha256(text.encode()).digest()
        assert source == "'sha256-" + base64.b64encode(digest).decode() + "'"
        csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert csp and csp.group(1) == headers.with_script_hashes(headers.META_CSP, [source]), (
            page.name
        )
        first_module = min(
            i
            for i in (html.find('<script type="module"'), html.find('<link rel="modulepreload"'))
            if i >= 0
        )
        assert html.index('<script type="importmap">') < first_module, page.name
    assert headers.script_hashes(site_dir) == [source]
    # again on the built site: nothing changes (tests make "a new build" with finish_site)
    before = {p.name: p.read_text() for p in pages}
    assert page_pins.pin_page_scripts(site_dir) == source
    assert {p.name: p.read_text() for p in pages} == before


# a module's static imports, as the browser reads them (a test's own reading, not build.py's)
STATIC_IMPORT = re.compile(r'(?:\bfrom\s*|^import\s*)["\'](\.\.?/[^"\']+)["\']', re.MULTILINE)


def test_every_page_preloads_every_module_its_scripts_import_with_its_integrity(
    site_dir: Path,
) -> None:
    """preload_module_graph: the whole static import graph of each page's module scripts is
    preloaded (one `modulepreload` each, after the import map), with the file's sha256, so the
    browser fetches it at once instead of level by level."""
    pages = [p for p in site_dir.glob("*.html") if '<script type="module"' in p.read_text()]
    assert pages
    for page in pages:
        html = page.read_text()
        roots = re.findall(r'<script type="module" src="([^"]+)"', html)
        graph: set[str] = set()
        queue = list(roots)
        while queue:
            importer = queue.pop()
            for ref in STATIC_IMPORT.findall((site_dir / importer).read_text()):
                name = posixpath.normpath(posixpath.join(posixpath.dirname(importer), ref))
                if name not in graph and name not in roots:
                    graph.add(name)
                    queue.append(name)
        assert "board/grid.js" in graph, (
            "the import scan found too little: is the regex still right?"
        )
        preloads = re.findall(
            r'<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)">', html
        )
        assert sorted(name for name, _ in preloads) == sorted(graph), page.name
        for name, value in preloads:
            digest = hashlib.sha256((site_dir / name).read_bytes()).digest()
            assert value == "sha256-" + base64.b64encode(digest).decode(), name
        assert html.index('<script type="importmap">') < html.index('<link rel="modulepreload"')
        assert not re.search(r'<link rel="modulepreload" href="[^"]+">', html)  # none unchecked


def test_module_preloads_follow_static_imports_only(tmp_path: Path) -> None:
    """Multi-line and side-effect imports and re-exports are followed; JSDoc types and dynamic
    import() are not (those load later by design); a preload written by hand stays, once."""
    (tmp_path / "index.html").write_text(
        '<head>\n  <link rel="modulepreload" href="c.js">\n'
        '  <script type="module" src="a.js" async></script>\n</head>\n'
    )
    (tmp_path / "a.js").write_text(
        'import {\n  b1,\n  b2,\n} from "./b.js";\nimport "./c.js";\n'
        '/** @typedef {import("./t.js").T} T */\nconst later = () => import("./lazy.js");\n'
    )
    (tmp_path / "b.js").write_text('export * from "./d.js";\n')
    for name in ("c.js", "d.js", "t.js", "lazy.js"):
        (tmp_path / name).write_text("export const x = 1;\n")
    page_pins.pin_page_scripts(tmp_path)
    html = (tmp_path / "index.html").read_text()
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)"', html) == ["c.js", "b.js", "d.js"]
    assert f'href="b.js" integrity="{files.sri(tmp_path / "b.js")}"' in html
    page_pins.pin_page_scripts(tmp_path)
    assert (tmp_path / "index.html").read_text() == html  # idempotent


# the parts of the page no board needs at its start: app.js loads each with later(...)
LATER_PARTS = (
    "teach/path-view.js",
    "puzzles/new-puzzle-dialog.js",
    "puzzles/pool-refill.js",
    "puzzles/daily-view.js",
    "train/drill-view.js",
    "app/offline.js",
    "embed/embed-frame.js",
    "puzzles/export-view.js",
    "puzzles/setter-view.js",
    "puzzles/booklet-view.js",
)


def test_the_parts_the_board_does_not_need_load_after_it() -> None:
    """None of them is in the start's static import graph (so none is preloaded or run before
    the board takes input), and app.js names each in a later(...) import."""
    start = set(page_pins.static_imports(ROOT / "web", ["app/app.js"]))
    assert "board/grid.js" in start, "the import scan found too little"
    app = (ROOT / "web/app/app.js").read_text()
    for part in LATER_PARTS:
        assert part not in start, f"{part} is imported at the start"
        path = posixpath.relpath(part, "app")
        path = path if path.startswith("../") else f"./{path}"
        loaded_later = rf'later\("[^"]+", \(\) => import\("{re.escape(path)}"\)'
        assert re.search(loaded_later, app), f"app.js does not load {part} with later(...)"


def test_the_start_graph_is_asked_for_after_the_first_paint(site_dir: Path) -> None:
    """index.html keeps app.js and every module preload in <template id="app-start">
    (start-after-paint.js puts them into <head> once the first frame is painted), so no module of
    app.js's graph is fetched before the welcome is painted; the module scripts outside it import
    nothing (their preloads would land in the template). The statistics are loaded at the first
    game recorded, not at the start."""
    html = (site_dir / "index.html").read_text()
    start, end = html.index('<template id="app-start">'), html.index("</template>")
    inside, outside = html[start:end], html[:start] + html[end:]
    assert '<script type="module" src="app/app.js"></script>' in inside
    assert "modulepreload" not in outside
    roots = re.findall(r'<script type="module" src="([^"]+)"', outside)
    assert "app/start-after-paint.js" in roots
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)"', inside)
    graph = set(page_pins.static_imports(site_dir, ["app/app.js"])) - set(roots)
    assert sorted(preloads) == sorted(graph)
    assert page_pins.static_imports(site_dir, roots) == []
    assert "game/statistics.js" not in preloads


def test_a_page_importing_a_module_the_site_lacks_is_a_build_error(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<script type="module" src="a.js"></script>\n')
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\n')
    with pytest.raises(BuildError, match=r"b\.js is imported"):
        page_pins.pin_page_scripts(tmp_path)


def test_lockfile_lists_only_our_packages_with_the_shipped_wheels_hashes(site_dir: Path) -> None:
    lock = lockfile(site_dir)
    assert lock["info"]["python"].startswith("3.14")
    assert set(lock["packages"]) == {"sudoku-core"}
    for name, entry in lock["packages"].items():
        file_name = entry["file_name"]
        assert "/" not in file_name, f"{name}: {file_name} must be relative to the lockfile"
        shipped = site_dir / "pyodide" / file_name
        assert hashlib.sha256(shipped.read_bytes()).hexdigest() == entry["sha256"], name


def test_sudoku_core_wheel_is_pure_and_current(site_dir: Path) -> None:
    """The site's wheel ships every source of sudoku_core but the front-ends the page never
    imports (wheel.PAGE_LEAVES_OUT: test_build_delivery.py)."""
    entry = lockfile(site_dir)["packages"]["sudoku-core"]
    assert entry["version"] == wheel.engine_version()
    assert entry["imports"] == ["sudoku_core"]
    assert entry["file_name"].endswith("-py3-none-any.whl")
    with zipfile.ZipFile(site_dir / "pyodide" / entry["file_name"]) as page_wheel:
        shipped = {n for n in page_wheel.namelist() if n.startswith("sudoku_core/")}
    sources = {
        f"sudoku_core/{p.relative_to(ROOT / 'sudoku_core').as_posix()}"
        for p in files.iter_files(ROOT / "sudoku_core")
    }
    left_out = {name for name in sources if wheel.is_left_out(name)}
    assert left_out, "the page's wheel leaves nothing out: is PAGE_LEAVES_OUT still right?"
    assert shipped == sources - left_out


def test_manifest_lists_every_file_with_size_and_hash(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "build-manifest.json").read_text())
    on_disk = {
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*")
        if p.is_file()
        and p.name not in ("build-manifest.json", "sw.js", "_headers")
        and not precompress.is_precompressed_copy(p)  # the same bytes, encoded for the wire
    }
    assert set(manifest["files"]) == on_disk
    for name, entry in manifest["files"].items():
        data = (site_dir / name).read_bytes()
        assert entry == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}, name
    assert manifest["version"] == wheel.engine_version()
    assert manifest["pyodide"] == "314.0.7"
    assert manifest["inputs"] == assemble.fingerprint()


def test_the_service_worker_precaches_every_file_with_its_sha256(site_dir: Path) -> None:
    """sw.js (Workbox, inlined) lists every file of the manifest, each with its integrity."""
    manifest = json.loads((site_dir / "build-manifest.json").read_text())
    sw = (site_dir / "sw.js").read_text()
    assert "importScripts" not in sw  # Workbox's runtime is inlined: nothing from elsewhere
    precached = dict(re.findall(r'url:"([^"]+)",revision:"[0-9a-f]+"(?:,integrity:"([^"]+)")?', sw))
    assert set(precached) == {*manifest["files"], "build-manifest.json"}
    for name, entry in manifest["files"].items():
        digest = base64.b64encode(bytes.fromhex(entry["sha256"])).decode()
        assert precached[name] == f"sha256-{digest}", name


def test_icons_are_pngs_of_the_sizes_the_manifest_says(site_dir: Path) -> None:
    web_manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    pngs = [i for i in web_manifest["icons"] if i["type"] == "image/png"]
    assert {i["sizes"] for i in pngs} == {"192x192", "512x512"}
    assert any(i.get("purpose") == "maskable" for i in pngs)
    for icon in pngs:
        data = (site_dir / icon["src"]).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_up_to_date_site_is_reused_not_rebuilt(
    site_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError("rebuilt an up-to-date site")

    monkeypatch.setattr(assemble, "build", no_build)
    assert assemble.ensure_built(site_dir) == site_dir


EXTERNAL_URL = re.compile(r"https?://[^\s\"'`<>)]+")
# URLs that appear in code but are never fetched (XML namespaces, a link in a Workbox warning).
NOT_FETCHED = ("http://www.w3.org/", "https://bit.ly/wb-precache")


def our_text_files(site: Path) -> list[Path]:
    """The site's own text files: everything but the third-party Pyodide runtime folder."""
    suffixes = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt"}
    return [
        p
        for p in files.iter_files(site)
        if p.suffix in suffixes and p.relative_to(site).parts[0] != "pyodide"
    ]


def test_our_files_reference_no_external_host(site_dir: Path) -> None:
    offenders = [
        f"{path.relative_to(site_dir)}: {url}"
        for path in our_text_files(site_dir)
        for url in EXTERNAL_URL.findall(path.read_text(errors="replace"))
        if not url.startswith(NOT_FETCHED)
        and urlsplit(url).hostname not in ("127.0.0.1", "localhost")
    ]
    assert offenders == []


def test_every_loadpyodide_caller_passes_index_url(site_dir: Path) -> None:
    """Pyodide's default indexURL for packages is a CDN; our worker must name its own folder."""
    callers = [p for p in our_text_files(site_dir) if "loadPyodide(" in p.read_text()]
    probe = ROOT / "tests" / "browser_probe" / "probe-worker.js"
    for path in [*callers, probe]:
        assert re.search(r"loadPyodide\(\s*\{[^}]*indexURL", path.read_text()), path


def test_url_scan_would_catch_a_cdn(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_text('import x from "https://cdn.jsdelivr.net/pyodide/x.mjs";')
    urls = [u for p in our_text_files(tmp_path) for u in EXTERNAL_URL.findall(p.read_text())]
    assert urls == ["https://cdn.jsdelivr.net/pyodide/x.mjs"]


# Local references a page file makes: HTML src/href, JS static/dynamic imports, new URL(...),
# new Worker(...), and the web manifest's icons and start_url.
HTML_REF = re.compile(r"""(?:src|href)\s*=\s*["']([^"'#?]+)""")
JS_REF = re.compile(
    r"""(?:^\s*import\s[^;]*?from\s*|^\s*import\s*|import\(\s*|new URL\(\s*|new Worker\(\s*)"""
    r"""["'](\.{1,2}/[^"'#?]*|[\w-]+\.m?js)["']""",
    re.MULTILINE,
)


def local_references(path: Path) -> list[str]:
    """The relative URLs a page file refers to (absolute URLs are the CDN test's business)."""
    text = path.read_text(errors="replace")
    if path.suffix == ".html":
        refs = HTML_REF.findall(text)
    elif path.suffix in (".js", ".mjs"):
        refs = JS_REF.findall(text)
    elif path.suffix == ".webmanifest":
        manifest = json.loads(text)
        refs = [icon["src"] for icon in manifest.get("icons", [])]
    else:
        refs = []
    return [r for r in refs if not re.match(r"^[a-z]+:|^/", r)]


def test_every_file_the_page_refers_to_is_in_the_site(site_dir: Path) -> None:
    checked = 0
    missing = []
    for path in our_text_files(site_dir):
        for ref in local_references(path):
            checked += 1
            target = (path.parent / ref).resolve()
            is_folder_url = ref.endswith("/") and target.is_dir()  # e.g. indexURL "./pyodide/"
            if not (target.is_file() or is_folder_url):
                missing.append(f"{path.relative_to(site_dir)} -> {ref}")
    assert missing == []
    if (layout.WEB / "index.html").exists():
        assert checked > 0, "the reference scan found nothing: is the regex still right?"


def test_reference_scan_sees_imports_workers_and_links(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text(
        'import "./b.js";\nimport { x } from "./c.js";\n'
        'const w = new Worker(new URL("./d.js", import.meta.url), { type: "module" });\n'
        'await import("./e.js");\n// import stays out: "https://cdn.example/x.js"\n'
    )
    (tmp_path / "i.html").write_text('<link href="s.css"><script src="a.js"></script>')
    assert local_references(tmp_path / "a.js") == ["./b.js", "./c.js", "./d.js", "./e.js"]
    assert local_references(tmp_path / "i.html") == ["s.css", "a.js"]


# --- rebuilding offline --------------------------------------------------------------------------


def test_rebuild_with_a_full_cache_needs_no_network(
    site_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every fetcher is replaced by a failure and the tools' own network paths are closed."""

    def no_network(pin: Any) -> Callable[[Path], Path]:
        def fetch(dest: Path) -> Path:
            raise AssertionError(f"tried to download {pin.filename}")

        return fetch

    monkeypatch.setattr(downloads, "npm_pack", no_network)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")  # the discard port: any request fails
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("npm_config_offline", "true")
    rebuilt = assemble.build(tmp_path / "site", offline=True)
    assert lockfile(rebuilt) == lockfile(site_dir)
    assert (rebuilt / "pyodide" / "pyodide.asm.wasm").read_bytes() == (
        site_dir / "pyodide" / "pyodide.asm.wasm"
    ).read_bytes()


# --- serving -------------------------------------------------------------------------------------


def request(url: str, path: str, method: str = "GET") -> http.client.HTTPResponse:
    """One request without following redirects; the response body is read."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    connection.request(method, path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("pyodide/pyodide-lock.json", "application/json"),
        ("pyodide/python_stdlib.zip", "application/zip"),
        ("build-manifest.json", "application/json"),
    ],
)
def test_served_types_and_csp(site_server: str, site_dir: Path, path: str, mime: str) -> None:
    for method in ("GET", "HEAD"):
        response = request(site_server, f"/{path}", method)
        assert response.status == 200
        assert response.headers["Content-Type"].split(";")[0] == mime
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        csp = response.headers["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert "'wasm-unsafe-eval'" in directives["script-src"]
        assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in directives["script-src"]
        assert headers.script_hashes(site_dir)[0] in directives["script-src"]  # the import map
        assert directives["connect-src"] == "'self'" and directives["worker-src"] == "'self'"
        assert "Cross-Origin-Embedder-Policy" not in response.headers


def test_wheels_and_webmanifest_types(site_server: str, site_dir: Path) -> None:
    assert server.MIME_TYPES[".webmanifest"] == "application/manifest+json"
    name = next((site_dir / "pyodide").glob("sudoku_core-*.whl")).name
    assert request(site_server, f"/pyodide/{name}").headers["Content-Type"] == "application/zip"
    for path in site_dir.glob("*.webmanifest"):
        response = request(site_server, f"/{path.name}")
        assert response.headers["Content-Type"] == "application/manifest+json"


def test_serve_refuses_listings_and_paths_outside_the_site(site_server: str) -> None:
    assert request(site_server, "/pyodide/").status == 404  # no directory listing
    assert request(site_server, "/../build.py").status == 404
    assert request(site_server, "/%2e%2e/pyproject.toml").status == 404
    assert request(site_server, "/nope.js").status == 404


def test_serve_under_a_sub_path(serve_site: ServeFactory) -> None:
    url = serve_site(base="/puzzles/sudoku/")
    assert url.endswith("/puzzles/sudoku/")
    inside = request(url, "/puzzles/sudoku/pyodide/pyodide.asm.wasm")
    assert inside.status == 200
    assert inside.headers["Content-Type"] == "application/wasm"
    assert request(url, "/pyodide/pyodide.asm.wasm").status == 404
    assert request(url, "/puzzles/pyodide/pyodide.asm.wasm").status == 404
    redirect = request(url, "/puzzles/sudoku")
    assert (redirect.status, redirect.headers["Location"]) == (301, "/puzzles/sudoku/")
    assert request(url, "/puzzles/sudoku/pyodide/pyodide.mjs?v=1").status == 200
    if (layout.WEB / "index.html").exists():
        index = request(url, "/puzzles/sudoku/")
        assert index.status == 200
        assert index.headers["Content-Type"] == "text/html; charset=utf-8"


def test_isolated_serving_sends_coop_coep(serve_site: ServeFactory) -> None:
    response = request(serve_site(isolated=True), "/pyodide/pyodide.mjs")
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"


def test_bench_table_shows_the_pyodide_to_cpython_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    cpython = [{"set": "top95", "puzzles": 95, "solve_per_s": 1000.0, "check_per_s": 500.0}]
    pyodide = [{"set": "top95", "puzzles": 95, "solve_per_s": 600.0, "check_per_s": 100.0}]
    bench.print_bench_table(cpython, pyodide, [3000.0, 2000.0, 2500.0])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("top95"))
    assert row.split()[4] == "0.60" and row.split()[-1] == "0.20"
    assert "median 2500 ms over 3 boots" in out


def test_index_html_carries_the_meta_policy_before_anything_it_governs() -> None:
    """Hosts that send no header still get the policy (all of it a <meta> can carry)."""
    html = (layout.WEB / "index.html").read_text()
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert found, "index.html has no <meta> Content-Security-Policy"
    assert found.group(1) == headers.META_CSP
    assert "frame-ancestors" not in headers.META_CSP and "report-uri" not in headers.META_CSP
    first_loaded = min(html.index("<script"), html.index("<link"))
    assert found.start() < first_loaded, "the <meta> policy must come before scripts and links"


def test_header_is_the_meta_policy_plus_frame_ancestors() -> None:
    assert headers.CSP == headers.META_CSP + "; frame-ancestors *"
    directives = dict(d.strip().split(" ", 1) for d in headers.CSP.split(";"))
    assert directives["img-src"] == "'self'"  # no data: or blob: images anywhere
    assert headers.csp_header("'self' https://example.org").endswith(
        "; frame-ancestors 'self' https://example.org"
    )


@pytest.mark.parametrize(
    "value",
    ["", "'self'; script-src *", "a,b", "'unsafe-inline'", "'none' 'self'", '"self"', "<x>"],
)
def test_bad_frame_ancestors_is_a_clear_error(value: str) -> None:
    with pytest.raises(BuildError, match="--frame-ancestors"):
        headers.frame_ancestors_value(value)


def test_serve_frame_ancestors_option(serve_site: ServeFactory, site_dir: Path) -> None:
    assert bp.parse_args(["serve"]).frame_ancestors == "*"
    args = bp.parse_args(["serve", "--frame-ancestors", "'self'"])
    assert args.frame_ancestors == "'self'"
    with server.SiteServer(site_dir, frame_ancestors="'self'") as narrowed:
        csp = request(narrowed.url, "/index.html").headers["Content-Security-Policy"]
    assert csp.endswith("; frame-ancestors 'self'")
    default = request(serve_site(), "/index.html").headers["Content-Security-Policy"]
    assert "; frame-ancestors *" in default


def test_serve_with_a_bad_frame_ancestors_exits_2_before_building(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bp.main(["serve", "--frame-ancestors", "'self'; script-src *"]) == 2
    assert "is not a frame-ancestors source" in capsys.readouterr().err


def test_the_headers_file_says_what_serve_sends(site_dir: Path, site_server: str) -> None:
    """site/_headers (Netlify, Cloudflare Pages): the CSP with frame-ancestors, the wasm type and
    CORS on <sudoku-board>'s files; serve sends the same and does not serve the file itself."""
    text = (site_dir / "_headers").read_text()
    sent = request(site_server, "/index.html").headers["Content-Security-Policy"]
    # the test servers collect CSP reports; a host's headers have no report-uri
    sent = sent.removesuffix(f"; report-uri /{server.REPORT_PATH}")
    assert headers.script_hashes(site_dir)[0] in sent  # the import map's hash (pin_page_scripts)
    assert f"  Content-Security-Policy: {sent}\n" in text
    assert "/pyodide/pyodide.asm.wasm\n  Content-Type: application/wasm" in text
    narrowed = headers.headers_file("https://example.org")
    assert "; frame-ancestors https://example.org\n" in narrowed
    assert bp.parse_args(["build", "--frame-ancestors", "'self'"]).frame_ancestors == "'self'"
    for name in headers.BOARD_FILES:
        assert f"/{name}\n  Access-Control-Allow-Origin: *" in text
        assert request(site_server, f"/{name}").headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Origin" not in request(site_server, "/index.html").headers
    assert request(site_server, "/_headers").status == 404


def test_the_board_files_are_the_elements_whole_import_graph() -> None:
    """BOARD_FILES (served with CORS, for other sites that import <sudoku-board>) is exactly what
    define-sudoku-board.js imports, at any depth, plus its stylesheet: a module the element
    gains cannot be left out of the list."""
    root = "board/define-sudoku-board.js"
    graph = {root, *page_pins.static_imports(layout.WEB, [root]), "board/sudoku-board.css"}
    assert graph == set(headers.BOARD_FILES)


def test_build_with_a_bad_frame_ancestors_exits_2_before_building(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bp.main(["build", "--frame-ancestors", "'self'; script-src *"]) == 2
    assert "is not a frame-ancestors source" in capsys.readouterr().err
