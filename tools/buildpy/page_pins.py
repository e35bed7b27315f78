"""The pages' scripts pinned: an import map with every script's integrity, allowed by the pages'
CSP by its hash, and a module preload (with integrity) for every module they import statically.

Why: on a first visit nothing but the browser can check the page's own modules before they run
(the service worker is not there yet, and the engine's worker checks only what it runs). With the
import map's `integrity`, Chromium 127+, Firefox 138+ and Safari 18+ refuse a module whose bytes
are not this build's (a corrupt, stale or tampered copy), and load-guard.js says so on the page.
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import re
from collections.abc import Sequence
from pathlib import Path

from tools.buildpy.commands import BuildError
from tools.buildpy.files import iter_files, sri
from tools.buildpy.headers import HASH_SOURCE, with_script_hashes
from tools.buildpy.layout import PYODIDE_DIR_NAME, SERVICE_WORKER_NAME

_IMPORT_MAP = re.compile(r'\n?[ \t]*<script type="importmap">.*?</script>', re.DOTALL)
# the import map must come before the first module load: a module script or a modulepreload link
_FIRST_MODULE = re.compile(r'([ \t]*)<(?:script type="module"|link rel="modulepreload")')
_META_CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')
_MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"[^>]*></script>\n?')
# a static `import … from "./x.js"`, `import "./x.js"` or `export … from "./x.js"` at a line's
# start (never a JSDoc `import("./x.js")` type nor a dynamic import(), which load later by design)
_STATIC_IMPORT = re.compile(
    r'^(?:import|export)\s+(?:[\w$*{}\s,]+?\s+from\s+)?["\'](\.\.?/[^"\']+)["\']', re.MULTILINE
)
_HANDWRITTEN_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
_BUILT_PRELOAD = re.compile(r'\n?[ \t]*<link rel="modulepreload" href="[^"]+" integrity="[^"]+">')


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
    import statically, after its last module script in <head> (or its last one, for a page with
    none there; preloads written by hand are kept as they are, and not repeated). index.html's
    last one is app.js in a <template> that app/start-after-paint.js puts into <head> after the
    first paint: its preloads are in the template too, and wait with it (the page's other module
    scripts import nothing).

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
    head_end = html.find("</head>")
    in_head = [m for m in scripts if head_end < 0 or m.end() <= head_end]
    after = (in_head or scripts)[-1]
    indent = re.search(r"([ \t]*)$", html[: after.start()])
    pad = indent.group(1) if indent else ""
    links = "".join(
        f'{pad}<link rel="modulepreload" href="{name}" integrity="{sri(site / name)}">\n'
        for name in static_imports(site, roots)
        if name not in written
    )
    end = after.end()
    return html[:end] + links + html[end:]


def pin_page_scripts(site: Path) -> str:
    """Give every page of the site the import map of :func:`import_map`, and allow it in the
    page's <meta> CSP by its hash; the hash source (for the server's CSP header too). Each page
    also preloads its scripts' static imports (:func:`preload_module_graph`).

    Idempotent: run again on a changed site (tests make "a new build" so).
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
                + with_script_hashes(HASH_SOURCE.sub("", m.group(2)), [source])
                + m.group(3)
            ),
            html,
        )
        if html != page.read_text():  # an unchanged page keeps its date (and its copies)
            page.write_text(html)
    return source
