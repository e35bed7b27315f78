"""`python build.py bench --lighthouse`: Lighthouse 12.2.3 (pinned in package-lock.json) on the
built site as `serve` serves it (precompressed copies, the CSP header), with the mobile preset
(Lighthouse's default: a mid-range phone, simulated slow 4G) and the desktop preset. A table,
never a test: the scores vary from run to run, most of all on a shared machine.

Chromium is the system one, headless, with nothing that phones home. Each report is kept as
JSON in .cache/lighthouse/ for its details. With Chromium 156, Lighthouse 12.2.3 cannot name the
elements behind a layout shift or the LCP (its RootCauses gatherer fails on the newer trace, so
`layout-shifts`, `largest-contentful-paint-element` and `render-blocking-resources` report an
error); the scores and the metrics are not affected.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.buildpy.browser import CHROMIUM_FLAGS, system_chromium
from tools.buildpy.commands import BuildError, log
from tools.buildpy.layout import CACHE
from tools.buildpy.node_tools import ensure_node_tools
from tools.buildpy.server import SiteServer

PRESETS = ("mobile", "desktop")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# (column, audit, unit): the metrics of the table, from each report's audits.
METRICS = (
    ("LCP", "largest-contentful-paint", "ms"),
    ("CLS", "cumulative-layout-shift", ""),
    ("TBT", "total-blocking-time", "ms"),
    ("FCP", "first-contentful-paint", "ms"),
    ("bytes", "total-byte-weight", "B"),
)


def lighthouse_argv(lighthouse: Path, url: str, preset: str, report: Path) -> list[str]:
    """The Lighthouse command for one run of one preset, its JSON report written to ``report``.

    Examples:
        >>> argv = lighthouse_argv(Path("lh"), "http://127.0.0.1:1/", "desktop", Path("r.json"))
        >>> argv[:3], "--preset=desktop" in argv, argv[-1]
        (['lh', 'http://127.0.0.1:1/', '--output=json'], True, '--quiet')
    """
    chrome_flags = " ".join(["--headless=new", *CHROMIUM_FLAGS])
    return [
        str(lighthouse),
        url,
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={chrome_flags}",
        *(["--preset=desktop"] if preset == "desktop" else []),
        "--quiet",
    ]


def summarize(report: dict[str, Any]) -> dict[str, float]:
    """A report's four category scores and the table's metrics (numeric values)."""
    row = {name: float(report["categories"][name]["score"] or 0.0) for name in CATEGORIES}
    for column, audit, _ in METRICS:
        row[column] = float(report["audits"][audit]["numericValue"])
    return row


def format_table(rows: dict[str, list[dict[str, float]]]) -> str:
    """One line per preset: the median of its runs.

    Examples:
        >>> row = {"performance": 0.77, "accessibility": 1.0, "best-practices": 1.0, "seo": 1.0,
        ...        "LCP": 3712.4, "CLS": 0.2, "TBT": 12.0, "FCP": 1501.0, "bytes": 20e6}
        >>> print(format_table({"mobile": [row]}).splitlines()[2])
        mobile       1     0.77     1.00     1.00     1.00    3712   0.200      12    1501    20.00
    """
    header = f"{'preset':<10}{'runs':>4}{'perf':>9}{'a11y':>9}{'best pr':>9}{'SEO':>9}"
    header += f"{'LCP ms':>8}{'CLS':>8}{'TBT ms':>8}{'FCP ms':>8}{'MB':>9}"
    lines = [header, "-" * len(header)]
    for preset, runs in rows.items():

        def median(key: str, runs: list[dict[str, float]] = runs) -> float:
            return statistics.median(run[key] for run in runs)

        lines.append(
            f"{preset:<10}{len(runs):>4}"
            + "".join(f"{median(name):>9.2f}" for name in CATEGORIES)
            + f"{median('LCP'):>8.0f}{median('CLS'):>8.3f}{median('TBT'):>8.0f}"
            + f"{median('FCP'):>8.0f}{median('bytes') / 1e6:>9.2f}"
        )
    return "\n".join(lines)


def run_lighthouse(site: Path, runs: int = 1, presets: Sequence[str] = PRESETS) -> int:
    """Serve ``site`` and run Lighthouse ``runs`` times per preset; print the table."""
    chromium = system_chromium()
    if chromium is None:
        raise BuildError(
            "Lighthouse needs a Chromium: install one (Debian: apt-get install chromium)"
        )
    lighthouse = ensure_node_tools() / "lighthouse"
    out_dir = CACHE / "lighthouse"
    out_dir.mkdir(parents=True, exist_ok=True)
    rows: dict[str, list[dict[str, float]]] = {preset: [] for preset in presets}
    with SiteServer(site) as server:
        for run in range(runs):
            for preset in presets:
                report = out_dir / f"{preset}-{run + 1}.json"
                report.unlink(missing_ok=True)  # an earlier run's is not this one's
                log(f"lighthouse {preset} ({run + 1}/{runs}) on {server.url}")
                result = subprocess.run(
                    lighthouse_argv(lighthouse, server.url, preset, report),
                    env={**os.environ, "CHROME_PATH": chromium},
                    check=False,
                    stdin=subprocess.DEVNULL,
                )
                if result.returncode != 0 or not report.is_file():
                    raise BuildError(f"Lighthouse ({preset}) failed (exit {result.returncode})")
                data = json.loads(report.read_text())
                if data.get("runtimeError"):
                    raise BuildError(f"Lighthouse ({preset}): {data['runtimeError']}")
                rows[preset].append(summarize(data))
    print(format_table(rows))
    print(
        f"\nLighthouse 12.2.3, headless Chromium ({chromium}), the site served by `python build.py"
        f" serve`'s server; the median of {runs} run(s) per preset. Reports: {out_dir}/"
    )
    return 0
