"""site/sw.js: the service worker that keeps every file of the build for offline use, each
fetched with its manifest sha256 as subresource integrity (tools/generate-sw.mjs bundles
tools/service-worker.js with Workbox, pinned in package-lock.json)."""

from __future__ import annotations

from pathlib import Path

from tools.buildpy.commands import NODE_HINT, require_command, run
from tools.buildpy.layout import ROOT, TOOLS
from tools.buildpy.node_tools import ensure_node_tools

SW_GENERATOR = TOOLS / "generate-sw.mjs"


def write_service_worker(site: Path, *, offline: bool = False) -> None:
    """Write site/sw.js from the site's build-manifest.json.

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
