"""The concerns of `python build.py`, one module each (build.py is only its command line).

Foundations: `layout` (where things are), `files` (listing and hashing), `commands` (running a
tool; BuildError), `pythons` and `venvs` (the tool and test venvs), `downloads` (pinned,
hash-checked inputs), `node_tools` (npm ci).

The site, in build order (`assemble` runs them): `wheel` (sudoku_core's wheel, cut to what the
page loads), `runtime` (Pyodide's files and lockfile), `stdlib` (the stdlib zip cut to what the
engine can import, found by `stdlib_scan` inside Pyodide), `icons`, `snapshot` (the engine's memory),
`page_pins` (import map, module preloads), `manifest`, `service_worker`, `precompress` (.br and
.gz copies); `headers` (the CSP and site/_headers).

Around it: `server` with `negotiation` (`serve`: types, CSP, sub-path, precompressed copies),
`browser` (a Chromium), `lint` and `suite` (`test` and its tiers), `pyodide_node` (Python in
Pyodide in Node), `bench` (the engine's tables) and `lighthouse` (the page's scores).
"""
