"""pyodide/python_stdlib.zip cut to the modules the engine's interpreter can import.

Pyodide's zip holds the whole standard library (614 files, 2.5 MB of deflate), and a first
visit downloads all of it, though the engine imports a small part. The files to keep are
found inside Pyodide at build time (tools/buildpy/stdlib_scan.py says how, and what is kept);
`encodings` stays whole, since codecs are looked up by names made at run time. The zip keeps
its deflate, so a host that serves no precompressed copies sends no more than before.

Made before the snapshot (tools/make-snapshot.mjs): the snapshot's memory holds zipimport's
table of the zip's members and their offsets, so it must be made against this zip.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from collections.abc import Collection
from pathlib import Path

from tools.buildpy.commands import NODE_HINT, BuildError, log, require_command
from tools.buildpy.layout import ROOT, TOOLS

STDLIB_NAME = "python_stdlib.zip"
SCAN = TOOLS / "buildpy" / "stdlib_scan.py"
SNAPSHOT_MAKER = TOOLS / "make-snapshot.mjs"
# Kept whole: codecs are found by computed names (codecs.lookup, str.encode, open(encoding=)).
WHOLE = ("encodings/",)


def importable_files(pyodide_dir: Path) -> list[str]:
    """The stdlib zip's files the engine's interpreter can import, listed inside Pyodide."""
    node = require_command("node", NODE_HINT)
    argv = [str(node), str(SNAPSHOT_MAKER), str(pyodide_dir), "--list-imports", str(SCAN)]
    out = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0 or not out.stdout.strip():
        sys.stderr.write(out.stderr)
        raise BuildError(
            f"listing the standard library modules the engine can import failed "
            f"(exit {out.returncode}): {' '.join(argv)}"
        )
    files: list[str] = json.loads(out.stdout.strip().splitlines()[-1])["files"]
    return files


def kept_names(names: Collection[str], files: Collection[str]) -> list[str]:
    """The zip's entries to keep: ``files``, what is kept whole, and the folders holding them.

    Examples:
        >>> names = ["a/", "a/__init__.py", "a/b.py", "c.py", "d/", "d/e.py",
        ...          "encodings/", "encodings/utf_8.py"]
        >>> kept_names(names, ["a/b.py", "c.py"])
        ['a/', 'a/b.py', 'c.py', 'encodings/', 'encodings/utf_8.py']
    """
    wanted = {name for name in names if name in files or name.startswith(WHOLE)}
    folders = {name[: i + 1] for name in wanted for i, c in enumerate(name) if c == "/"}
    return [name for name in names if name in wanted or name in folders]


def write_trimmed(source: Path, target: Path, files: Collection[str]) -> None:
    """Write ``target``: ``source`` with only the entries :func:`kept_names` keeps, each with
    its name, date and compression (so the same input gives the same bytes)."""
    with zipfile.ZipFile(source) as archive:
        names = [info.filename for info in archive.infolist()]
        missing = sorted(set(files) - set(names))
        if missing:
            raise BuildError(f"{source.name} has no {', '.join(missing[:5])}")
        keep = set(kept_names(names, files))
        with zipfile.ZipFile(target, "w") as out:
            for info in archive.infolist():
                if info.filename in keep:
                    out.writestr(info, archive.read(info), compress_type=info.compress_type)


def trim_stdlib(pyodide_dir: Path) -> None:
    """Replace the site's stdlib zip with the trimmed one (the lockfile must name the wheel)."""
    stdlib = pyodide_dir / STDLIB_NAME
    files = importable_files(pyodide_dir)
    trimmed = stdlib.with_name(STDLIB_NAME + ".trimmed")
    write_trimmed(stdlib, trimmed, files)
    before, after = stdlib.stat().st_size, trimmed.stat().st_size
    trimmed.replace(stdlib)
    log(f"{STDLIB_NAME}: {before:,} -> {after:,} bytes ({len(files)} modules, encodings whole)")
