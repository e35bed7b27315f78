"""The site's python_stdlib.zip, cut to what the engine's interpreter can import
(tools/buildpy/stdlib.py, tools/buildpy/stdlib_scan.py). That the engine runs on it, booted
and restored from its snapshot: tests/test_pyodide.py."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from tools.buildpy import pyodide_node, stdlib
from tools.buildpy.commands import BuildError
from tools.buildpy.layout import CACHE

# Big parts of the stdlib that nothing in the engine's interpreter imports: help(), the REPL,
# debuggers and test runners, process pools.
NEVER_IMPORTED = ("unittest", "pydoc", "_pyrepl", "doctest", "pdb", "multiprocessing", "idlelib")
# What the worker's interpreter imports in any case (boot, snapshot restore, the package loader,
# an exception's traceback, a codec by name).
ALWAYS_IMPORTED = (
    "_pyodide/_base.py",
    "pyodide/__init__.py",
    "pyodide/_package_loader.py",
    "asyncio/__init__.py",
    "json/__init__.py",
    "traceback.py",
    "linecache.py",
    "zipfile/__init__.py",
    "encodings/idna.py",
    "stringprep.py",  # encodings.idna's
)


def site_stdlib(site: Path) -> Path:
    return site / "pyodide" / stdlib.STDLIB_NAME


def zip_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()


def test_trimmed_entries_keep_their_bytes_dates_and_compression(tmp_path: Path) -> None:
    source, target = tmp_path / "whole.zip", tmp_path / "trimmed.zip"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in ("a/", "a/__init__.py", "a/b.py", "c.py", "encodings/", "encodings/x.py"):
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 2, 3, 4, 6))
            archive.writestr(info, "" if name.endswith("/") else f"# {name}\n" * 50)
    stdlib.write_trimmed(source, target, ["a/b.py"])
    with zipfile.ZipFile(source) as whole, zipfile.ZipFile(target) as trimmed:
        assert trimmed.namelist() == ["a/", "a/b.py", "encodings/", "encodings/x.py"]
        for info in trimmed.infolist():
            original = whole.getinfo(info.filename)
            assert (info.date_time, info.compress_type) == (
                original.date_time,
                original.compress_type,
            )
            assert trimmed.read(info) == whole.read(original)
    first = target.read_bytes()
    stdlib.write_trimmed(source, target, ["a/b.py"])
    assert target.read_bytes() == first  # the same input, the same bytes


def test_a_listed_file_the_zip_lacks_is_a_build_error(tmp_path: Path) -> None:
    source = tmp_path / "whole.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("a.py", "")
    with pytest.raises(BuildError, match=r"whole\.zip has no b\.py"):
        stdlib.write_trimmed(source, tmp_path / "trimmed.zip", ["a.py", "b.py"])


def test_the_site_stdlib_is_the_trimmed_one_in_the_manifest(site_dir: Path) -> None:
    """Smaller than Pyodide's, deflated as Pyodide's is, and listed in build-manifest.json with
    its own size and sha256 (the worker and the service worker check it against those)."""
    shipped = site_stdlib(site_dir)
    data = shipped.read_bytes()
    files = json.loads((site_dir / "build-manifest.json").read_text())["files"]
    assert files[f"pyodide/{stdlib.STDLIB_NAME}"] == {
        "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    with zipfile.ZipFile(shipped) as archive:
        modules = [info for info in archive.infolist() if info.filename.endswith(".py")]
        assert {info.compress_type for info in modules} == {zipfile.ZIP_DEFLATED}
        assert 150 < len(modules) < 500


def test_the_site_stdlib_holds_what_the_engine_imports_and_none_of_the_rest(
    site_dir: Path,
) -> None:
    names = zip_names(site_stdlib(site_dir))
    missing = [name for name in ALWAYS_IMPORTED if name not in names]
    assert missing == []
    kept = sorted({name.split("/")[0].removesuffix(".py") for name in names} & {*NEVER_IMPORTED})
    assert kept == []


@pytest.mark.pyodide
def test_the_site_stdlib_is_exactly_the_scan_of_the_whole_one(
    site_dir: Path, tmp_path: Path
) -> None:
    """The scan run again inside Pyodide on the site's runtime with Pyodide's whole stdlib (from
    the pinned npm tarball): the site's zip holds every file it finds, every member of
    `encodings`, the folders holding them, and nothing else."""
    runtime = tmp_path / "pyodide"
    shutil.copytree(site_dir / "pyodide", runtime)
    pyodide_node.whole_stdlib(CACHE, runtime / stdlib.STDLIB_NAME)
    whole = zip_names(runtime / stdlib.STDLIB_NAME)
    files = stdlib.importable_files(runtime)
    assert "sudoku_core/__init__.py" not in files  # the wheel's own files are not the stdlib's
    assert zip_names(site_stdlib(site_dir)) == stdlib.kept_names(whole, files)
    assert [n for n in whole if n.startswith("encodings/")] == [
        n for n in zip_names(site_stdlib(site_dir)) if n.startswith("encodings/")
    ]
