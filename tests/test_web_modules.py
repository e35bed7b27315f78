"""The page's pure modules (no DOM at import: web/board/'s cell-layers.js, grid.js,
board-values.js, highlight.js, cell-states.js and the board's overlay geometry and key moves;
web/game/'s move-history.js and game-record.js; web/embed/embed-protocol.js) under Node's own
test runner: each tests/js/*.test.mjs file is one pytest test, its TAP output shown on failure."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = sorted((Path(__file__).parent / "js").glob("*.test.mjs"))


def test_the_js_tests_are_found() -> None:
    assert JS_TESTS, "no tests/js/*.test.mjs files"


@pytest.mark.parametrize("path", JS_TESTS, ids=[p.name for p in JS_TESTS])
def test_js_module(path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js >= 20 is needed for the page's module tests"
    run = subprocess.run(
        [node, "--no-warnings", "--test", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
