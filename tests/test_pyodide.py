"""The shipped sudoku_core wheel inside the real Pyodide runtime, loaded the way the page loads it.

Node: one boot per session (tests/pyodide_runner.mjs runs tests/pyodide_checks.py and prints one
JSON report that the tests below share), with the shipped corpus tests/data mounted at /puzzles, so
a fresh clone runs them too. Chromium: a test-only probe page boots the site's
Pyodide in a module worker under the server's CSP, and a site with a tampered wheel must fail.
"""

from __future__ import annotations

import importlib
import json
import shutil
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
bp = importlib.import_module("sudoku_build")  # build.py, registered by conftest.py
SOLVE_SETS = {"top95.txt": 95, "easy50.txt": 50}
COUNTED = "counted.txt"
SEED_EXAMPLES = "seed_examples.txt"
PROBE = ROOT / "tests" / "browser_probe"


@pytest.fixture(scope="session")
def pyodide_report(site_dir: Path) -> dict[str, Any]:
    """One Pyodide boot in Node running every check; the runner's JSON report."""
    for name in [*SOLVE_SETS, COUNTED, SEED_EXAMPLES]:
        assert (bp.PUZZLES / name).is_file(), f"puzzle file missing: {bp.PUZZLES / name}"
    data = {
        "puzzle_dir": "/puzzles",
        "solve_sets": list(SOLVE_SETS),
        "counted": COUNTED,
        "seed_examples": SEED_EXAMPLES,
    }
    report: dict[str, Any] = bp.run_node(site_dir, ROOT / "tests" / "pyodide_checks.py", data)
    assert report["ok"], f"Pyodide runner failed: {report.get('error')}\n{report.get('messages')}"
    return report


def without_timings(value: Any) -> Any:
    """A report's result with its wall-clock fields left out (they differ run to run)."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


@pytest.mark.pyodide
def test_the_engine_restored_from_its_snapshot_gives_the_same_results(
    site_dir: Path, pyodide_report: dict[str, Any]
) -> None:
    """The page's worker restores pyodide/sudoku-core.snapshot (tools/make-snapshot.mjs) instead
    of booting: the same checks give the same results from it, with no wheel loaded, and each
    restore draws its own randomness (the snapshot's `random` was seeded with 0 at build time)."""
    data = {
        "puzzle_dir": "/puzzles",
        "solve_sets": list(SOLVE_SETS),
        "counted": COUNTED,
        "seed_examples": SEED_EXAMPLES,
    }
    report = bp.run_node(
        site_dir, ROOT / "tests" / "pyodide_checks.py", data, boots=2, snapshot=True
    )
    assert report["ok"], f"Pyodide runner failed: {report.get('error')}\n{report.get('messages')}"
    assert report["messages"] == []  # nothing loaded: the engine is in the snapshot
    assert report["sudoku_core"] == bp.engine_version()
    assert without_timings(report["result"]) == without_timings(pyodide_report["result"])
    first, second = report["random_draws"]
    assert first != second


@pytest.fixture(scope="module")
def operation_replies_in_cpython() -> dict[str, Any]:
    from pyodide_operations import main

    replies: dict[str, Any] = main({})["replies"]
    return replies


@pytest.mark.pyodide
@pytest.mark.parametrize("snapshot", [False, True], ids=["booted", "restored"])
def test_every_operation_of_the_bridge_runs_on_the_site_runtime(
    site_dir: Path, operation_replies_in_cpython: dict[str, Any], snapshot: bool
) -> None:
    """Every operation the page's bridge offers, on the site's own runtime files (its trimmed
    stdlib zip): booted as the worker boots when it cannot restore the snapshot, and restored
    from it; the replies are CPython's, and the modules the trim leaves out are not there."""
    from pyodide_operations import REQUESTS
    from sudoku_core.operations import OPERATIONS
    from tools.buildpy.pyodide_node import needs_library_wheel

    script = ROOT / "tests" / "pyodide_operations.py"
    assert not needs_library_wheel(script.read_text())  # so it runs on site/pyodide itself
    assert sorted(REQUESTS) == sorted(OPERATIONS)
    report = bp.run_node(site_dir, script, {}, snapshot=snapshot)
    assert report["ok"], f"Pyodide runner failed: {report.get('error')}\n{report.get('messages')}"
    result = report["result"]
    failed = {op: r["error"] for op, r in result["replies"].items() if not r["ok"]}
    assert failed == {}
    assert result["replies"] == operation_replies_in_cpython
    assert "JSONDecodeError" in result["traceback"]
    assert result["importable"] == {
        "json": True,
        "unittest": False,
        "pydoc": False,
        "_pyrepl": False,
    }
    assert result["imported"] == {"_pylong": "ok", "decimal": "ok", "_strptime": "ok"}


@pytest.mark.pyodide
def test_wheel_loads_by_name_through_the_site_lockfile(pyodide_report: dict[str, Any]) -> None:
    assert pyodide_report["python"].startswith("3.14")
    assert "Loaded sudoku-core" in pyodide_report["messages"]
    assert not [m for m in pyodide_report["messages"] if m.startswith("ERROR")]
    assert pyodide_report["sudoku_core"] == bp.engine_version()
    result = pyodide_report["result"]
    assert result["version"] == bp.engine_version()
    # Installed from the wheel into site-packages, not read from the repo.
    assert result["module_file"].startswith("/lib/python3.14/site-packages/sudoku_core/")


@pytest.mark.pyodide
@pytest.mark.parametrize(("name", "size"), SOLVE_SETS.items())
def test_solves_and_verifies_real_puzzles(
    pyodide_report: dict[str, Any], name: str, size: int
) -> None:
    outcome = pyodide_report["result"]["sets"][name]
    assert outcome["puzzles"] == size
    assert outcome["failures"] == []
    assert outcome["verified"] == size


@pytest.mark.pyodide
def test_counts_solutions_exactly(pyodide_report: dict[str, Any]) -> None:
    counted = pyodide_report["result"]["counted"]
    assert counted["puzzles"] == 43
    assert counted["mismatches"] == []


@pytest.mark.pyodide
def test_counts_the_seed_examples_exactly(pyodide_report: dict[str, Any]) -> None:
    """The articles' examples, 103 solutions included (tests/test_seed_examples.py in CPython)."""
    examples = pyodide_report["result"]["seed_examples"]
    assert examples["puzzles"] == 4
    assert examples["mismatches"] == []


@pytest.mark.pyodide
def test_the_generator_and_grader_give_the_same_answers_as_in_cpython(
    pyodide_report: dict[str, Any],
) -> None:
    from puzzle_sets import puzzle_file
    from pyodide_checks import GENERATOR_CASES, GRADED_CASES, read_puzzles
    from sudoku_core import format_line, generate, generate_graded, grade

    inside = pyodide_report["result"]["generated"]
    assert inside["plain"] == [
        format_line(generate(max_seconds=None, **case).puzzle) for case in GENERATOR_CASES
    ]
    assert inside["graded"] == [
        format_line(generate_graded(max_seconds=None, **case).generated.puzzle)
        for case in GRADED_CASES
    ]
    here = grade(read_puzzles(puzzle_file("top95"))[0]).to_dict(with_path=False)
    assert {k: inside["grade"][k] for k in ("level", "score", "histogram")} == {
        k: here[k] for k in ("level", "score", "histogram")
    }


@pytest.mark.pyodide
def test_parse_errors_keep_their_class_and_message(pyodide_report: dict[str, Any]) -> None:
    errors = pyodide_report["result"]["parse_errors"]
    assert errors["short"].startswith("InvalidPuzzleError: ")
    assert "80 cells, expected 81" in errors["short"]
    assert errors["letters"].startswith("InvalidPuzzleError: ")


@pytest.mark.pyodide
def test_other_apps_formats_are_written_and_read_as_in_cpython(
    pyodide_report: dict[str, Any],
) -> None:
    from pyodide_checks import interchange

    assert pyodide_report["result"]["interchange"] == interchange()


# --- in Chromium, through the server --------------------------------------------------------------


def add_probe(site: Path) -> None:
    """Put the test-only probe page beside the site's index (never shipped)."""
    for path in PROBE.iterdir():
        shutil.copy2(path, site / path.name)


def probe_report(page: Page, url: str) -> dict[str, Any]:
    """Open the probe page and wait (no sleeps) for its worker's single report."""
    page.goto(url + "probe.html")
    page.wait_for_selector("body:not([data-state='loading'])", timeout=180_000)
    report: dict[str, Any] = json.loads(page.text_content("#report") or "{}")
    return report


@pytest.mark.e2e
def test_pyodide_boots_in_chromium_under_the_csp_on_a_sub_path(
    page: Page, site_copy: Path, serve_site: Callable[..., str]
) -> None:
    add_probe(site_copy)
    report = probe_report(page, serve_site(site_copy, base="/puzzles/sudoku/"))
    assert report["state"] == "ready", report
    assert report["version"] == bp.engine_version()


def tamper(wheel: Path) -> None:
    """Rewrite the wheel as a *valid* zip with changed code, so only the hash check can notice."""
    with zipfile.ZipFile(wheel) as original:
        entries = [(info, original.read(info)) for info in original.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as evil:
        for info, data in entries:
            if info.filename == "sudoku_core/__init__.py":
                data += b'\n__version__ = "6.6.6-tampered"\n'
            evil.writestr(info, data)


@pytest.mark.e2e
@pytest.mark.allow_console_errors
def test_a_tampered_wheel_is_refused(
    page: Page, site_copy: Path, serve_site: Callable[..., str]
) -> None:
    entry = json.loads((site_copy / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    tamper(site_copy / "pyodide" / entry["sudoku-core"]["file_name"])
    add_probe(site_copy)
    report = probe_report(page, serve_site(site_copy))
    assert report["state"] == "failed", report
    assert "6.6.6" not in json.dumps(report)
    assert any("sudoku-core" in m for m in report["messages"] if m.startswith("ERROR")), report


@pytest.mark.e2e
@pytest.mark.allow_console_errors
def test_csp_blocks_and_reports_a_cdn_fetch_from_a_worker(
    page: Page, tmp_path: Path, serve_site: Callable[..., str], servers: Any
) -> None:
    """The header CSP covers module workers, and the fixtures see violations there."""
    (tmp_path / "index.html").write_text(
        '<!doctype html><link rel="icon" href="icon.svg"><script type="module" src="main.js"></script>'
    )
    # The site's img-src is 'self' only: a data: icon would be a violation of its own.
    (tmp_path / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    (tmp_path / "main.js").write_text(
        'const w = new Worker("./w.js", {type: "module"});\n'
        "w.onmessage = (e) => { document.body.dataset.state = e.data; };\n"
    )
    (tmp_path / "w.js").write_text(
        'fetch("https://cdn.jsdelivr.net/pyodide/x.js").then(() => postMessage("fetched"),'
        ' () => postMessage("blocked"));\n'
    )
    before = len(servers.reports())
    page.goto(serve_site(tmp_path))
    page.wait_for_selector("body[data-state]", state="attached")
    assert page.get_attribute("body", "data-state") == "blocked"
    deadline = time.monotonic() + 10  # the report is POSTed asynchronously: poll for it
    while len(servers.reports()) == before and time.monotonic() < deadline:
        time.sleep(0.05)
    blocked = [r["csp-report"]["blocked-uri"] for r in servers.reports()[before:]]
    assert blocked == ["https://cdn.jsdelivr.net/pyodide/x.js"]


@pytest.mark.pyodide
def test_the_engine_benchmark_runs_inside_pyodide(site_dir: Path) -> None:
    """The plumbing of `python build.py bench` (a second, short boot)."""
    data = {"paths": ["/puzzles/easy50.txt"], "limit": 5}
    report = bp.run_node(site_dir, ROOT / "tests" / "pyodide_bench.py", data)
    assert report["ok"], report.get("error")
    [row] = report["result"]
    assert (row["set"], row["puzzles"], row["wrong"]) == ("easy50", 5, 0)
    assert row["solve_per_s"] > 0 and row["check_per_s"] > 0
    assert row["allocator"] == "malloc"  # this Pyodide is built without pymalloc


@pytest.mark.pyodide
def test_the_benchmark_can_start_pyodide_on_mimalloc(site_dir: Path) -> None:
    """`python build.py bench --pyodide-env PYTHONMALLOC=mimalloc` reaches Python's start
    (mimalloc measured 10-18% faster solving than Pyodide's default malloc)."""
    data = {"paths": ["/puzzles/easy50.txt"], "limit": 2}
    script = ROOT / "tests" / "pyodide_bench.py"
    report = bp.run_node(site_dir, script, data, env=["PYTHONMALLOC=mimalloc"])
    assert report["ok"], report.get("error")
    assert [row["allocator"] for row in report["result"]] == ["mimalloc"]
