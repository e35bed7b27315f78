"""`python build.py serve` and the tests' servers: the site as a static host serves it, with exact
types, the CSP header, an optional sub-path, and the precompressed copies negotiated.

A request gets `x.js.br` or `x.js.gz` (tools/buildpy/precompress.py) in place of `x.js` when its
Accept-Encoding allows (brotli first), with `Content-Encoding`, the file's own `Content-Type`, the
copy's `Content-Length` and `Vary: Accept-Encoding`; HEAD says the same. Never for a Range
request (ranges are of the file's bytes; this server answers a Range with the whole file, as
before), and never from a copy older than its file: a file changed after the build (the tests
tamper with copies of the site) is sent as it is, not from its stale copy. ETags name the file's
version and the coding, so a browser's revalidation (the service worker asks with "no-cache")
gets a 304.
"""

from __future__ import annotations

import datetime
import email.utils
import http.server
import json
import os
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

from tools.buildpy.headers import (
    BOARD_FILES,
    FRAME_ANCESTORS,
    csp_header,
    frame_ancestors_value,
    script_hashes,
    write_headers,
)
from tools.buildpy.layout import HEADERS_NAME, SITE
from tools.buildpy.negotiation import choose_coding
from tools.buildpy.precompress import CODINGS, COMPRESSIBLE, copy_path

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


def normalize_base(base: str) -> str:
    """'/puzzles/sudoku' -> '/puzzles/sudoku/'; '' -> '/'.

    Examples:
        >>> normalize_base("puzzles/sudoku"), normalize_base("/"), normalize_base("")
        ('/puzzles/sudoku/', '/', '/')
    """
    stripped = base.strip("/")
    return f"/{stripped}/" if stripped else "/"


def etag(mtime_ns: int, size: int, coding: str | None) -> str:
    """A strong validator for one encoding of one version of a file (its time and size).

    Examples:
        >>> etag(5, 300, "br"), etag(5, 300, None)
        ('"5-12c-br"', '"5-12c"')
    """
    return f'"{mtime_ns:x}-{size:x}{"-" + coding if coding else ""}"'


def _is_fresh(request_headers: Any, tag: str, modified: float) -> bool:
    """Whether the client's copy is current: If-None-Match when sent, else If-Modified-Since."""
    if_none_match = request_headers.get("If-None-Match")
    if if_none_match is not None:
        tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
        return "*" in tags or tag in tags
    if_modified_since = request_headers.get("If-Modified-Since")
    if if_modified_since is None:
        return False
    try:
        since = email.utils.parsedate_to_datetime(if_modified_since)
    except (TypeError, IndexError, OverflowError, ValueError):
        return False
    if since.tzinfo is None:
        since = since.replace(tzinfo=datetime.UTC)
    last = datetime.datetime.fromtimestamp(modified, datetime.UTC).replace(microsecond=0)
    return last <= since


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with exact types, a CSP header, an optional sub-path, isolation headers and
    precompressed copies.

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
    # When a list: (method, path, status, Content-Encoding, body bytes) of every response.
    transfers: ClassVar[list[tuple[str, str, int, str, int]] | None] = None
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

    def send_head(self) -> BinaryIO | None:
        """The response's status and headers; the file (or copy) to send, or None.

        As SimpleHTTPRequestHandler's (folders redirected to their slash, index.html, no
        listings), with the choice of a precompressed copy and ETags added.
        """
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            parts = urllib.parse.urlsplit(self.path)
            if not parts.path.endswith("/"):
                self.send_response(301)
                self.send_header(
                    "Location", urllib.parse.urlunsplit(parts._replace(path=parts.path + "/"))
                )
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not (path / "index.html").is_file():
                self.list_directory(path)
                return None
            path = path / "index.html"
        elif self.path.split("?", 1)[0].endswith("/"):
            self.send_error(404, "File not found")
            return None
        try:
            original = path.stat()
        except OSError:
            self.send_error(404, "File not found")
            return None
        coding, body = self._representation(path, original)
        try:
            f = body.open("rb")
        except OSError:
            self.send_error(404, "File not found")
            return None
        try:
            tag = etag(original.st_mtime_ns, original.st_size, coding)
            if _is_fresh(self.headers, tag, original.st_mtime):
                self.send_response(304)
                self._representation_headers(path, coding, tag, original)
                self.end_headers()
                f.close()
                return None
            size = os.fstat(f.fileno()).st_size
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Length", str(size))
            self._representation_headers(path, coding, tag, original)
            # Noted before the headers leave: a client that has its answer finds it counted.
            self._note_transfer(200, coding, 0 if self.command == "HEAD" else size)
            self.end_headers()
            return f
        except BaseException:
            f.close()
            raise

    def _representation(self, path: Path, original: os.stat_result) -> tuple[str | None, Path]:
        """(Content-Encoding, the file to send): a current precompressed copy the client accepts,
        else (None, the file itself)."""
        if path.suffix not in COMPRESSIBLE or "Range" in self.headers:
            return None, path
        fresh = {}
        for name, suffix in CODINGS:
            copy = copy_path(path, suffix)
            try:
                if copy.stat().st_mtime_ns >= original.st_mtime_ns:
                    fresh[name] = copy
            except OSError:
                continue
        coding = choose_coding(self.headers.get("Accept-Encoding"), list(fresh))
        return (coding, fresh[coding]) if coding else (None, path)

    def _representation_headers(
        self, path: Path, coding: str | None, tag: str, original: os.stat_result
    ) -> None:
        if coding:
            self.send_header("Content-Encoding", coding)
        if path.suffix in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", self.date_time_string(original.st_mtime))

    def _note_transfer(self, status: int, coding: str | None, size: int) -> None:
        if self.transfers is not None:
            path = self.path.split("?", 1)[0]
            self.transfers.append((self.command, path, status, coding or "", size))

    def send_response(self, code: int, message: str | None = None) -> None:
        """Every response but a file's 200 is noted here (a 200 is noted with its body's size)."""
        if code != 200:
            self._note_transfer(code, None, 0)
        super().send_response(code, message)

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


class _QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a page mid-download resets its connections: not an error to print."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A threaded static server for a site folder; start() in the background or serve_forever().

    Used by `python build.py serve`, the benchmarks and the test fixtures (port 0 picks a free
    port). ``transfers``: also keep a list of every response (method, path, status, coding,
    body bytes), which the visit benchmark sums.
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
        transfers: bool = False,
    ) -> None:
        self.csp_reports: list[dict[str, Any]] = []
        self.transfers: list[tuple[str, str, int, str, int]] = []
        settings = {
            "frame_ancestors": frame_ancestors_value(frame_ancestors),
            "base": normalize_base(base),
            "isolated": isolated,
            "csp_reports": self.csp_reports if csp_reports else None,
            "transfers": self.transfers if transfers else None,
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
    site: Path,
    port: int,
    base: str,
    *,
    isolated: bool,
    csp_reports: bool,
    frame_ancestors: str = FRAME_ANCESTORS,
) -> None:
    """Serve a built site until Ctrl-C, printing its URL (`python build.py serve`)."""
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
