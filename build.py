#!/usr/bin/env python3
"""Build, serve, test and benchmark Sudoku studio: a static offline site, sudoku_core in Pyodide.

    python build.py [build]      wheel + pinned Pyodide runtime + web/ -> site/
    python build.py serve        build if needed, then serve site/ on http://127.0.0.1:8000/
    python build.py test         set up .venv, a browser and the site, then lint and run pytest
    python build.py test --quick unit tests and doctests only: no site, no browser, no Pyodide
    python build.py bench        the engine's benchmark in CPython and in Pyodide (Node)
    python build.py bench --hodoku  how closely grades and hints follow HoDoKu (hodoku-py)

This file is the command line only; each concern is a module of tools/buildpy/ (its __init__ lists
them). Runs on Python 3.11+, stdlib only. Tools that need Python >= 3.12 (pyodide-build, the test
tools) run in venvs made with a newer interpreter found on this machine.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # imported by path (the tests, the page benchmarks)
    sys.path.insert(0, str(ROOT))

from tools.buildpy.assemble import build, ensure_built, finish_site  # noqa: E402
from tools.buildpy.bench import BENCH_SETS, bench_engine  # noqa: E402
from tools.buildpy.browser import ensure_browser, system_chromium  # noqa: E402
from tools.buildpy.commands import BuildError, log  # noqa: E402
from tools.buildpy.headers import FRAME_ANCESTORS, frame_ancestors_value  # noqa: E402
from tools.buildpy.layout import OFFLINE_ENV, PUZZLES, is_offline  # noqa: E402
from tools.buildpy.lighthouse import run_lighthouse  # noqa: E402
from tools.buildpy.pyodide_node import run_node  # noqa: E402
from tools.buildpy.pythons import find_modern_python  # noqa: E402
from tools.buildpy.server import SiteServer, serve  # noqa: E402
from tools.buildpy.suite import test  # noqa: E402
from tools.buildpy.venvs import ensure_test_venv, ensure_venv, venv_problem  # noqa: E402
from tools.buildpy.wheel import engine_version  # noqa: E402

# What the tests and the page benchmarks (tests/) reach through this module, by its old names.
__all__ = [
    "PUZZLES",
    "BuildError",
    "SiteServer",
    "engine_version",
    "ensure_built",
    "ensure_venv",
    "find_modern_python",
    "finish_site",
    "main",
    "run_node",
    "system_chromium",
    "venv_problem",
]

VISIT_BENCH = ROOT / "tests" / "visit_bench.py"
SAVES_BENCH = ROOT / "tests" / "saves_bench.py"


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The four commands and their options; anything after `--` goes to pytest."""
    argv = list(argv)
    extra: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1 :]
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--offline", action="store_true", help=f"use only the cache (also: {OFFLINE_ENV}=1)"
    )
    frame = argparse.ArgumentParser(add_help=False)
    frame.add_argument(
        "--frame-ancestors",
        default=FRAME_ANCESTORS,
        help="who may frame the page (CSP frame-ancestors, also in site/_headers): * (default), "
        "\"'self'\", \"'none'\" or hosts",
    )
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None, parents=[common]
    )
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", parents=[common, frame], help="build site/ (the default)")
    serve_p = commands.add_parser(
        "serve", parents=[common, frame], help="build if needed, then serve"
    )
    serve_p.add_argument("--port", type=int, default=8000)
    serve_p.add_argument(
        "--base", default="/", help="serve under a sub-path, e.g. /puzzles/sudoku/"
    )
    serve_p.add_argument(
        "--isolated", action="store_true", help="send COOP/COEP (cross-origin isolation)"
    )
    serve_p.add_argument(
        "--csp-reports", action="store_true", help="print CSP violations (adds report-uri)"
    )
    test_p = commands.add_parser(
        "test", parents=[common], help="set up .venv and a browser, build, run pytest + lint"
    )
    test_p.add_argument(
        "--quick",
        action="store_true",
        help="unit tests and doctests only: no site build, no browser, no Pyodide",
    )
    test_p.add_argument(
        "--unit",
        action="store_true",
        help="every test with no browser or Pyodide (builds the site)",
    )
    test_p.add_argument("--e2e", action="store_true", help="only browser (Playwright) tests")
    test_p.add_argument("--pyodide", action="store_true", help="only Pyodide-in-Node tests")
    test_p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="pytest worker processes (pytest-xdist); default one per core, 0 for none",
    )
    test_p.add_argument(
        "--no-lint",
        dest="lint",
        action="store_false",
        help="skip the static checks (ruff, mypy, lint-imports, tsc)",
    )
    bench_p = commands.add_parser(
        "bench",
        parents=[common],
        help="the engine in CPython vs Pyodide; with --visits, --saves or --lighthouse, the page instead",
    )
    bench_p.add_argument("--limit", type=int, default=200, help="first N puzzles of each set")
    bench_p.add_argument("--boots", type=int, default=5, help="Pyodide boots to time")
    bench_p.add_argument(
        "--sets",
        nargs="+",
        default=list(BENCH_SETS),
        help="in $SUDOKU_PUZZLES, ../shared/puzzles, else tests/data",
    )
    bench_p.add_argument(
        "--pyodide-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set for Pyodide's Python before it starts, e.g. PYTHONMALLOC=mimalloc (repeatable)",
    )
    bench_p.add_argument(
        "--visits",
        type=int,
        default=0,
        metavar="N",
        help="the page instead: N first and repeat visits in Chromium (times, bytes transferred)",
    )
    bench_p.add_argument(
        "--saves",
        type=int,
        nargs="?",
        const=5000,
        default=0,
        metavar="GAMES",
        help="the page instead: a move's save with GAMES saved games of 1,000 moves (default 5000)",
    )
    bench_p.add_argument(
        "--lighthouse",
        type=int,
        nargs="?",
        const=1,
        default=0,
        metavar="N",
        help="the page instead: Lighthouse's mobile and desktop presets, N runs each (default 1)",
    )
    bench_p.add_argument(
        "--hodoku",
        action="store_true",
        help="how closely the grader follows HoDoKu instead (hodoku-py, from requirements-dev.txt;"
        " HoDoKu's paths kept in .cache/hodoku-paths.jsonl)",
    )
    args = parser.parse_args(argv)
    args.pytest_args = extra
    if extra and args.command != "test":
        parser.error("arguments after `--` are only for `test`")
    return args


def bench(args: argparse.Namespace) -> int:
    """`python build.py bench`: the page's tables when asked for, else the engine's."""
    offline = is_offline(args.offline)
    python = ensure_test_venv(offline=offline)
    if args.hodoku:
        cache = ROOT / ".cache" / "hodoku-paths.jsonl"
        cache.parent.mkdir(exist_ok=True)
        fidelity = [str(python), "-m", "sudoku_core", "bench", "--markdown", "--hodoku"]
        fidelity += ["--hodoku-cache", str(cache), "--jobs", "2"]
        log(" ".join(fidelity[1:]))
        return subprocess.run(fidelity, cwd=ROOT, check=False).returncode
    site = ensure_built(offline=offline)
    code = 0
    if args.visits:
        ensure_browser(python)
        log(f"{VISIT_BENCH.name} --runs {args.visits}")
        visits = [str(python), str(VISIT_BENCH), "--runs", str(args.visits), "--site", str(site)]
        code |= subprocess.run(visits, cwd=ROOT, check=False).returncode
    if args.saves:
        ensure_browser(python)
        log(f"{SAVES_BENCH.name} --games {args.saves}")
        saves = [str(python), str(SAVES_BENCH), "--games", str(args.saves), "--site", str(site)]
        code |= subprocess.run(saves, cwd=ROOT, check=False).returncode
    if args.lighthouse:
        code |= run_lighthouse(site, runs=args.lighthouse)
    if args.visits or args.saves or args.lighthouse:
        return code
    return bench_engine(
        python,
        site,
        limit=args.limit,
        boots=args.boots,
        sets=args.sets,
        pyodide_env=args.pyodide_env,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch a command; a BuildError becomes a one-line message and exit code 2."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    try:
        if args.command in (None, "build"):
            build(
                offline=args.offline,
                frame_ancestors=getattr(args, "frame_ancestors", FRAME_ANCESTORS),
            )
            log(f"done in {time.monotonic() - started:.1f} s")
            return 0
        if args.command == "serve":
            frame_ancestors = frame_ancestors_value(args.frame_ancestors)  # before any build
            site = ensure_built(offline=args.offline)
            serve(
                site,
                args.port,
                args.base,
                isolated=args.isolated,
                csp_reports=args.csp_reports,
                frame_ancestors=frame_ancestors,
            )
            return 0
        if args.command == "test":
            return test(args)
        return bench(args)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
