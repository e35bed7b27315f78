"""A Chromium for the browser tests and the page benchmarks: the system one, Debian's via apt
when root, or Playwright's own."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tools.buildpy.commands import BuildError, log, run

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
# Nothing that phones home or needs a sandbox the container does not give.
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


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
