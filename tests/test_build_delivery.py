"""What a visit downloads: the page's cut of the wheel, the precompressed copies of the site's
files, and how `serve` negotiates them (tools/buildpy/wheel.py, precompress.py, server.py)."""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from tools.buildpy import precompress, wheel
from tools.buildpy.commands import BuildError
from tools.buildpy.server import SiteHandler, SiteServer

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[1]


# --- the page's wheel ----------------------------------------------------------------------------


def record_line(name: str, data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return f"{name},sha256={base64.urlsafe_b64encode(digest).rstrip(b'=').decode()},{len(data)}\n"


def make_wheel(folder: Path, files: dict[str, bytes]) -> Path:
    """A small wheel with these files, its RECORD listing them as pip writes it."""
    path = folder / "sudoku_core-9.9-py3-none-any.whl"
    record = "".join(record_line(name, data) for name, data in files.items())
    record += "sudoku_core-9.9.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in files.items():
            out.writestr(zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0)), data)
        out.writestr(
            zipfile.ZipInfo("sudoku_core-9.9.dist-info/RECORD", (2024, 1, 1, 0, 0, 0)), record
        )
    return path


def test_the_page_wheel_leaves_out_the_front_ends_and_their_record_lines(tmp_path: Path) -> None:
    files = {
        "sudoku_core/__init__.py": b"",
        "sudoku_core/__main__.py": b"main",
        "sudoku_core/bridge.py": b"bridge",
        "sudoku_core/cli/__init__.py": b"cli",
        "sudoku_core/bench/solving.py": b"bench",
        "sudoku_core/bank/store.py": b"bank",
        "sudoku_core/logic/fish.py": b"fish",
        "sudoku_core-9.9.dist-info/METADATA": b"Name: sudoku-core\n",
        "sudoku_core-9.9.dist-info/entry_points.txt": b"[console_scripts]\n",
    }
    source = make_wheel(tmp_path, files)
    cut = wheel.page_wheel(source, tmp_path / "page")
    assert cut.name == source.name
    with zipfile.ZipFile(cut) as page:
        names = page.namelist()
        record = page.read("sudoku_core-9.9.dist-info/RECORD").decode()
        dates = {info.date_time for info in page.infolist()}
    kept = ["sudoku_core/__init__.py", "sudoku_core/bridge.py", "sudoku_core/logic/fish.py"]
    assert names == [
        *kept,
        "sudoku_core-9.9.dist-info/METADATA",
        "sudoku_core-9.9.dist-info/RECORD",
    ]
    expected = [record_line(n, files[n]) for n in [*kept, "sudoku_core-9.9.dist-info/METADATA"]]
    assert record == "".join(expected) + "sudoku_core-9.9.dist-info/RECORD,,\n"
    assert dates == {(2024, 1, 1, 0, 0, 0)}  # as reproducible as the wheel it is cut from
    assert wheel.page_wheel(source, tmp_path / "again").read_bytes() == cut.read_bytes()


def test_a_wheel_without_the_front_ends_is_a_build_error(tmp_path: Path) -> None:
    source = make_wheel(tmp_path, {"sudoku_core/bridge.py": b""})
    with pytest.raises(BuildError, match="is the cut still right"):
        wheel.page_wheel(source, tmp_path / "page")


BLOCKER = """
import importlib, importlib.abc, json, pkgutil, sys
LEFT_OUT = tuple(json.loads(sys.argv[1]))

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.startswith(LEFT_OUT):
            raise ImportError(f"the page's wheel has no {name}")
        return None

sys.meta_path.insert(0, Refuse())
import sudoku_core, sudoku_core.bridge
for module in pkgutil.walk_packages(sudoku_core.__path__, "sudoku_core."):
    if not module.name.startswith(LEFT_OUT):
        importlib.import_module(module.name)
for op, args in (("check", {"grid": "." * 81}), ("hint", {"grid": sys.argv[2]}),
                 ("grade", {"grid": sys.argv[2]})):
    reply = json.loads(sudoku_core.bridge.call(op, json.dumps(args)))
    assert reply["ok"], reply
print(sorted(m for m in sys.modules if m.startswith("sudoku_core")))
"""


def test_nothing_the_page_imports_needs_the_front_ends() -> None:
    """What the snapshot imports (every module of the cut wheel) and the bridge's operations run
    in CPython with the left-out packages made unimportable."""
    left_out = [
        name.removesuffix("/").removesuffix(".py").replace("/", ".")
        for name in wheel.PAGE_LEAVES_OUT
    ]
    puzzle = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
    run = subprocess.run(
        [sys.executable, "-c", BLOCKER, json.dumps(left_out), puzzle],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    imported = json.loads(run.stdout.strip().splitlines()[-1].replace("'", '"'))
    assert "sudoku_core.bridge" in imported and "sudoku_core.logic.fish" in imported
    assert not [m for m in imported if m.startswith(tuple(left_out))]


# --- precompressed copies --------------------------------------------------------------------------


def test_every_compressible_file_has_copies_that_decode_to_it(site_dir: Path) -> None:
    copies = precompress.precompressed_copies(site_dir)
    assert copies, "the site has no precompressed copies"
    for copy in copies:
        original = copy.with_suffix("")
        data = original.read_bytes()
        if copy.suffix == ".gz":
            assert gzip.decompress(copy.read_bytes()) == data, copy
        assert copy.stat().st_size <= precompress.MAX_RATIO * len(data), copy
    names = {c.relative_to(site_dir).as_posix() for c in copies}
    for name in ("index.html", "app/app.js", "pyodide/pyodide.asm.wasm", "sw.js"):
        assert {f"{name}.br", f"{name}.gz"} <= names, name
    # compressed already (or images): measured 1-2% smaller at best, so no copies
    for name in ("pyodide/python_stdlib.zip", "pyodide/sudoku-core.snapshot", "icon-512.png"):
        assert not {f"{name}.br", f"{name}.gz"} & names, name
    assert not [n for n in names if n.endswith(".whl.br") or n.endswith(".whl.gz")]


def test_copies_are_neither_in_the_manifest_nor_precached(site_dir: Path) -> None:
    listed = json.loads((site_dir / "build-manifest.json").read_text())["files"]
    assert not [name for name in listed if name.endswith((".br", ".gz"))]
    sw = (site_dir / "sw.js").read_text()
    urls = re.findall(r'url:"([^"]+)"', sw)
    assert "index.html" in urls
    assert not [url for url in urls if url.endswith((".br", ".gz"))]


def test_the_service_worker_revalidates_instead_of_downloading_again(site_dir: Path) -> None:
    """tools/service-worker.js: the precache asks with "no-cache" (a 304 for what the page
    already has), not Workbox's "reload"."""
    sw = (site_dir / "sw.js").read_text()
    assert re.search(r'"reload"===\w+\.cache\?new Request\(\w+,\{cache:"no-cache"\}\)', sw), (
        "the precache plugin is not in sw.js"
    )


def test_the_brotli_writer_is_asked_only_for_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    (site / "a.js").write_text("const a = 1;\n" * 400)
    (site / "b.css").write_text("b { color: red; }\n" * 400)
    (site / "c.png").write_bytes(b"\x89PNG" + bytes(4000))
    (site / "tiny.js").write_text("x")
    precompress.precompress(site, cache)
    names = sorted(p.name for p in site.iterdir())
    assert names == sorted(
        ["a.js", "a.js.br", "a.js.gz", "b.css", "b.css.br", "b.css.gz", "c.png", "tiny.js"]
    )
    asked: list[list[list[str]]] = []

    def record(cmd: list[object], **kwargs: object) -> None:
        asked.append(json.loads(Path(str(cmd[-1])).read_text()))

    monkeypatch.setattr(precompress, "run", record)
    (site / "b.css").write_text("b { color: blue; }\n" * 400)
    with pytest.raises(FileNotFoundError):  # the recorder wrote no brotli copy of the new b.css
        precompress.precompress(site, cache)
    assert [[Path(source).name for source, _ in jobs] for jobs in asked] == [["b.css"]]


# --- serving the copies ----------------------------------------------------------------------------


def fetch(
    url: str, path: str, headers: dict[str, str] | None = None, method: str = "GET"
) -> tuple[http.client.HTTPResponse, bytes]:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip;q=0.5", "gzip"),
        ("*", "br"),
        ("identity", None),
        (None, None),
    ],
)
def test_serve_negotiates_the_copies(
    site_server: str, site_dir: Path, accept: str | None, coding: str | None
) -> None:
    headers = {"Accept-Encoding": accept} if accept is not None else {}
    original = (site_dir / "pyodide" / "pyodide.asm.wasm").read_bytes()
    for method in ("GET", "HEAD"):
        response, body = fetch(site_server, "/pyodide/pyodide.asm.wasm", headers, method)
        assert response.status == 200
        assert response.headers["Content-Type"] == "application/wasm"
        assert response.headers.get("Content-Encoding") == coding
        assert response.headers["Vary"] == "Accept-Encoding"
        suffix = {"br": ".br", "gzip": ".gz", None: ""}[coding]
        sent = site_dir / "pyodide" / f"pyodide.asm.wasm{suffix}"
        assert response.headers["Content-Length"] == str(sent.stat().st_size)
        if method == "GET":
            assert body == sent.read_bytes()
            if coding == "gzip":
                assert gzip.decompress(body) == original
        else:
            assert body == b""


def test_serve_sends_the_file_itself_for_ranges_and_uncompressed_types(site_server: str) -> None:
    response, _ = fetch(site_server, "/index.html", {**BROWSER, "Range": "bytes=0-9"})
    assert "Content-Encoding" not in response.headers
    response, _ = fetch(site_server, "/pyodide/python_stdlib.zip", BROWSER)
    assert "Content-Encoding" not in response.headers and "Vary" not in response.headers
    assert response.headers["Content-Type"] == "application/zip"
    response, _ = fetch(site_server, "/", BROWSER)  # a folder's index.html
    assert response.headers["Content-Encoding"] == "br"
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"


def test_serve_revalidates_each_representation(site_server: str) -> None:
    first, _ = fetch(site_server, "/app/app.js", BROWSER)
    tag = first.headers["ETag"]
    assert tag.endswith('-br"')
    again, body = fetch(site_server, "/app/app.js", {**BROWSER, "If-None-Match": tag})
    assert (again.status, body, again.headers["ETag"]) == (304, b"", tag)
    plain, _ = fetch(site_server, "/app/app.js", {"If-None-Match": tag})
    assert plain.status == 200 and "Content-Encoding" not in plain.headers


def test_a_file_changed_after_the_build_is_never_sent_from_its_stale_copy(
    site_copy: Path,
) -> None:
    """The tests tamper with copies of the site; a host would serve the stale copy, `serve` the
    file as it now is."""
    style = site_copy / "app" / "style.css"
    style.write_text(style.read_text() + "\n/* changed */\n")
    os.utime(style, ns=(style.stat().st_atime_ns, style.stat().st_mtime_ns + 10**9))
    with SiteServer(site_copy) as server:
        response, body = fetch(server.url, "/app/style.css", BROWSER)
        fresh, _ = fetch(server.url, "/app/app.js", BROWSER)
    assert "Content-Encoding" not in response.headers
    assert body == style.read_bytes()
    assert fresh.headers["Content-Encoding"] == "br"


def test_serve_counts_what_it_sends_when_asked(
    site_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each response is counted before its headers leave, so the list is in the order the
    client saw its answers (a HEAD's headers are its whole answer)."""
    counted_when_sent: list[int] = []
    flush = SiteHandler.flush_headers

    def noting_flush(handler: SiteHandler) -> None:
        counted_when_sent.append(len(handler.transfers or []))
        flush(handler)

    monkeypatch.setattr(SiteHandler, "flush_headers", noting_flush)
    with SiteServer(site_dir, transfers=True) as server:
        fetch(server.url, "/index.html", BROWSER)
        fetch(server.url, "/index.html", BROWSER, method="HEAD")
        fetch(server.url, "/nope.js")
    size = (site_dir / "index.html.br").stat().st_size
    assert server.transfers == [
        ("GET", "/index.html", 200, "br", size),
        ("HEAD", "/index.html", 200, "br", 0),
        ("GET", "/nope.js", 404, "", 0),
    ]
    assert counted_when_sent == [1, 2, 3]


@pytest.mark.e2e
def test_a_first_visit_downloads_each_file_once_and_compressed(
    site_dir: Path, browser: Browser
) -> None:
    """The page, its engine and the service worker's precache share the browser's HTTP cache:
    the precache revalidates what the page fetched (a 304) instead of downloading it again."""
    with SiteServer(site_dir, transfers=True) as server:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector("#engine[data-state=ready]", state="attached", timeout=120_000)
            page.wait_for_selector("#update[data-offline=ready]", state="attached", timeout=120_000)
        finally:
            context.close()
    bodies: dict[str, int] = {}
    for method, path, status, coding, size in server.transfers:
        if method == "GET" and status == 200 and size:
            bodies[path] = bodies.get(path, 0) + 1
            name = path.removeprefix("/") or "index.html"
            if (site_dir / f"{name}.br").is_file():
                assert coding == "br", path
    assert "/pyodide/pyodide.asm.wasm" in bodies
    assert {path: count for path, count in bodies.items() if count > 1} == {}
