"""`python build.py test`: set up what the chosen tier needs, lint, then run pytest.

The tiers, by pytest marker (conftest.py marks every test that uses the built site `site`):

- `--quick`: unit and property tests and doctests; no site build, no browser, no Pyodide, and
  none of the checks that take minutes (marker `slow`);
- `--unit`: every test without a browser or Pyodide, the site's own tests included (they build it);
- `--e2e`, `--pyodide`: the browser tests, the wheel in Pyodide;
- none of these: everything.

pytest runs in one worker process per core (pytest-xdist; `--workers N` to choose, 0 for none),
after the site is built here once, so that no worker builds it. Each test file runs whole in
one worker, in its order (`--dist loadfile`): a file's module fixtures and caches (the steps of
test_step_links, the Pyodide report) are made once, and no file's tests meet a state that its
neighbours in the file never left. Session fixtures (the site's server, the browser, the shared
booted page) are one per worker.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from tools.buildpy.assemble import ensure_built
from tools.buildpy.browser import ensure_browser
from tools.buildpy.commands import NODE_HINT, log, require_command
from tools.buildpy.layout import ROOT, is_offline
from tools.buildpy.lint import lint
from tools.buildpy.node_tools import ensure_node_tools
from tools.buildpy.venvs import ensure_test_venv

SUBSETS = {
    "quick": "not e2e and not pyodide and not site and not slow",
    "unit": "not e2e and not pyodide",
    "e2e": "e2e",
    "pyodide": "pyodide",
}


def worker_count(requested: int | None) -> int:
    """pytest-xdist's workers: as asked, else one per core the machine has.

    Examples:
        >>> worker_count(3), worker_count(0), worker_count(None) == (os.cpu_count() or 1)
        (3, 0, True)
    """
    return requested if requested is not None else os.cpu_count() or 1


def pytest_args(args: argparse.Namespace) -> list[str]:
    """pytest's arguments for the chosen subset and workers, plus whatever followed `--`."""
    selected = [name for name in SUBSETS if getattr(args, name, False)]
    argv = ["-p", "no:cacheprovider"] if os.environ.get("CI") else []
    if selected:
        argv += ["-m", " or ".join(f"({SUBSETS[name]})" for name in selected)]
    workers = worker_count(getattr(args, "workers", None))
    if workers > 1:
        # Files in collection order, not re-sorted by their number of tests: tests/e2e/ comes
        # first, and its files are the longest, so the run does not end on one of them alone.
        argv += ["--numprocesses", str(workers), "--dist", "loadfile", "--no-loadscope-reorder"]
    return [*argv, "--timeout=900", *args.pytest_args]


def test(args: argparse.Namespace) -> int:
    """Set up, build when the tier needs the site, run pytest (+ lint); pytest's exit code, or 1
    when the tests pass but lint fails."""
    offline = is_offline(args.offline)
    python = ensure_test_venv(offline=offline)
    without_site = args.quick or args.unit
    if args.e2e or not (without_site or args.pyodide):
        ensure_browser(python)
        ensure_node_tools(offline=offline)  # axe-core for the accessibility checks
    if not without_site:
        require_command("node", NODE_HINT)
        ensure_built(offline=offline)
    lint_code = lint(python, offline=offline) if args.lint else 0
    log("pytest " + " ".join(pytest_args(args)))
    code = subprocess.run(
        [str(python), "-m", "pytest", *pytest_args(args)], cwd=ROOT, check=False
    ).returncode
    if code == 5:
        print("pytest collected no tests: that is a failure, not a pass", file=sys.stderr)
    if code == 0 and lint_code != 0:
        print(
            "tests passed but lint failed (ruff, mypy, lint-imports or tsc, above)", file=sys.stderr
        )
        return 1
    return code
