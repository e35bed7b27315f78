"""node_modules/ from package-lock.json: the pinned npm tools of the build and the tests
(workbox-build for sw.js, TypeScript's checker, axe-core, Lighthouse)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tools.buildpy.commands import NODE_HINT, log, require_command, run
from tools.buildpy.layout import ROOT


def ensure_node_tools(*, offline: bool = False) -> Path:
    """node_modules/ as package-lock.json says; its bin folder.

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
