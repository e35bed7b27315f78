"""The package's public face: every name of ``__all__`` is there, imported on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import sudoku_core


@pytest.mark.parametrize("name", sudoku_core.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(sudoku_core, name) is not None
    assert name in dir(sudoku_core)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = sudoku_core.nope  # type: ignore[attr-defined]


def test_submodules_are_attributes_as_before() -> None:
    code = "import sudoku_core; print(sudoku_core.solver.solve is sudoku_core.solve)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_import_loads_only_the_version_until_a_name_is_used() -> None:
    code = (
        "import sys, sudoku_core; before = sorted(m for m in sys.modules if m.startswith('sudoku_core')); "
        "from sudoku_core import solve; after = 'sudoku_core.solver' in sys.modules; "
        "print(before, after, 'sudoku_core.logic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['sudoku_core',", "'sudoku_core._version']", "True", "False"]


def test_star_import_gives_all() -> None:
    scope: dict[str, object] = {}
    exec("from sudoku_core import *", scope)  # the statement under test
    assert set(sudoku_core.__all__) <= set(scope)
