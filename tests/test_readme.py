"""The README's examples run as written, and its layer table is pyproject.toml's layers, so
neither can drift from the library."""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def readme_layers() -> list[set[str]]:
    """The modules of each row of the README's layer table, bottom-up."""
    text = README.read_text(encoding="utf-8")
    table = text.split("| layer | modules | job |\n")[1].split("\n\n")[0]
    rows = [line.split("|")[2] for line in table.splitlines()[1:]]
    return [
        {name.removesuffix(".py").rstrip("/") for name in re.findall(r"`([^`]+)`", row)}
        for row in rows
    ]


def test_readme_layer_table_is_pyprojects_layers() -> None:
    config = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    layers = [{name.strip() for name in layer.split("|")} for layer in contract["layers"]]
    assert readme_layers() == layers[::-1]
