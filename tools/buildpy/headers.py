"""What a host must send with the site: the Content-Security-Policy (the same policy as the
pages' <meta>, plus frame-ancestors and the import map's hash), and site/_headers, the file
Netlify and Cloudflare Pages read. `serve` sends the same headers (tools/buildpy/server.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from tools.buildpy.commands import BuildError
from tools.buildpy.layout import HEADERS_NAME, PYODIDE_DIR_NAME
from tools.buildpy.manifest import read_manifest

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
HASH_SOURCE = re.compile(r" 'sha256-[A-Za-z0-9+/=]+'")
"""A CSP hash source (with its leading space), as pin_page_scripts adds it to script-src."""

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
    """``policy`` with these hash sources added to script-src (the pages' import map).

    Examples:
        >>> with_script_hashes("script-src 'self'; img-src 'self'", ["'sha256-AA=='"])
        "script-src 'self' 'sha256-AA=='; img-src 'self'"
    """
    if not hashes:
        return policy
    return policy.replace("script-src 'self'", "script-src 'self' " + " ".join(hashes), 1)


def csp_header(frame_ancestors: str = FRAME_ANCESTORS, script_hashes: Sequence[str] = ()) -> str:
    """The Content-Security-Policy header the server sends: the <meta> policy (with the build's
    import-map hash) + frame-ancestors."""
    policy = with_script_hashes(META_CSP, script_hashes)
    return f"{policy}; frame-ancestors {frame_ancestors_value(frame_ancestors)}"


CSP = csp_header()


def script_hashes(site: Path) -> list[str]:
    """The CSP hash sources the site's pages need (its manifest says; none when it has none).
    Read at each response: tests change a served copy of the site and run finish_site on it."""
    manifest = read_manifest(site) or {}
    hashes = manifest.get("script_hashes", [])
    return [h for h in hashes if isinstance(h, str) and HASH_SOURCE.fullmatch(" " + h)]


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
