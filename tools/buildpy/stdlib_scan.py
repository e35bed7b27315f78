"""The stdlib files the engine's interpreter can import: found inside Pyodide, at build time.

tools/make-snapshot.mjs runs `main` in Pyodide in Node (`--list-imports`) after an ordinary
boot, the engine's wheel loaded as the worker loads it and every module of it imported. It is
stdlib only, so that it runs there as well as here (its doctests run in CPython).

What can be imported, and so is kept (tools/buildpy/stdlib.py writes the trimmed zip):
- every module in ``sys.modules`` at that point: Pyodide's boot (asyncio for its event loop,
  the package loader's zipfile, tarfile and importlib.metadata) and the engine's imports;
- every module of the engine's wheel, of Pyodide's own ``pyodide`` and ``_pyodide`` packages
  (their code runs when a snapshot is restored and when a package is loaded), and of
  ``encodings`` (codecs are looked up by computed names);
- the modules the interpreter's C code imports by name (:data:`C_IMPORTS`);
- and whatever those import, at any depth: each module's import statements, those inside
  functions included, read with Pyodide's own Python (its `ast`) from its own stdlib. Not
  followed: a module's self-test under `if __name__ == "__main__":`, and the few imports of
  :data:`NOT_FOLLOWED`, each of which only a REPL or a process pool would reach.

Roads not taken: stdlib `modulefinder` counts the imports under `if __name__ == "__main__":`
(heapq's self-test alone brings doctest, pdb, pydoc and unittest) and cannot read a zip.
"""

from __future__ import annotations

import ast
import os
import sys
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath
from typing import Any

# Packages imported whole: every module of them is a root of the scan.
WHOLE_PACKAGES = ("pyodide", "_pyodide", "encodings")
# Imported by the interpreter's C code, where no import statement shows them: `_strptime` by
# time.strptime and datetime.strptime, `_pylong` by int <-> str of many digits,
# `_compat_pickle` by pickle's C code, `linecache`, `traceback` and `warnings` to report an
# exception or a warning (PyErr_Display, _warnings); `numbers`, `collections` and
# `contextvars` by the C `_decimal` as it loads (decimal, which `_pylong` imports, has no
# pure-Python fallback here: Pyodide ships no `_pydecimal`).
C_IMPORTS = (
    "_strptime", "_pylong", "_compat_pickle", "linecache", "traceback", "warnings",
    "numbers", "collections", "contextvars",
)  # fmt: skip
# (importer, module): an import the scan does not follow, with the module's submodules, and
# why the worker's interpreter never runs it. A module left out this way is still kept when
# anything else imports it.
NOT_FOLLOWED = (
    ("_sitebuiltins", "pydoc"),  # help(), the interactive help: no REPL in the worker
    ("site", "_pyrepl"),  # site.register_readline: run only when a REPL starts
    # concurrent.futures.ProcessPoolExecutor, looked up lazily: Pyodide starts no processes
    ("concurrent.futures", "concurrent.futures.process"),
    ("random", "statistics"),  # random._test_generator, random's self-test
)
# Where the scan unpacks the stdlib zip (it reads files, not zip members).
UNPACKED = "/tmp/stdlib-unpacked"


def module_name(path: str) -> str | None:
    """The module a .py file under a search-path folder defines; None for other files.

    Examples:
        >>> module_name("pyodide/ffi/__init__.py"), module_name("_pyodide/_base.py")
        ('pyodide.ffi', '_pyodide._base')
        >>> module_name("json.py"), module_name("pyodide/py.typed")
        ('json', None)
    """
    parts = PurePosixPath(path)
    if parts.suffix != ".py":
        return None
    names = [*parts.parent.parts, parts.stem]
    if names[-1] == "__init__":
        names.pop()
    return ".".join(names)


def package_modules(folder: str, package: str) -> list[str]:
    """Every module of a package, found in a search-path folder (none when it is not there)."""
    found: list[str] = []
    for dirpath, _dirs, files in os.walk(os.path.join(folder, package)):
        relative = os.path.relpath(dirpath, folder)
        for file in files:
            name = module_name(PurePosixPath(relative.replace(os.sep, "/"), file).as_posix())
            if name is not None:
                found.append(name)
    return sorted(found)


class _Imports(ast.NodeVisitor):
    """The modules a module's import statements name, at any depth (in functions too)."""

    def __init__(self, package: str) -> None:
        self.package = package  # what a relative import is relative to
        self.names: set[str] = set()

    def visit_Import(self, node: ast.Import) -> None:
        self.names.update(alias.name for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parents = self.package.split(".")[: len(self.package.split(".")) - node.level + 1]
            base = ".".join([*parents, *([base] if base else [])])
        if node.module or node.level:
            self.names.add(base)
        # `from package import name`: the name may be a submodule (kept only if it is one)
        self.names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")

    def visit_Call(self, node: ast.Call) -> None:
        # __import__("name") and importlib.import_module("name") with a literal, absolute name
        func, args = node.func, node.args
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        literal = args[0].value if args and isinstance(args[0], ast.Constant) else None
        if (
            called in ("__import__", "import_module")
            and isinstance(literal, str)
            and literal[:1] != "."
        ):
            self.names.add(literal)
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        # `if __name__ == "__main__":` runs only when the file is run as a script: a module's
        # self-test (heapq's imports doctest there) is not an import of whoever imports it
        if _is_main_test(node.test):
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)


def _is_main_test(test: ast.expr) -> bool:
    """Whether an `if` tests `__name__ == "__main__"`."""
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


def imported_names(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """The modules named by a module's imports, and their parent packages.

    Examples:
        >>> text = (
        ...     "import a.b\\nfrom . import c\\nfrom .d import e\\ndef f():\\n    import g\\n"
        ...     "if __name__ == '__main__':\\n    import h\\n"
        ... )
        >>> sorted(imported_names(text, "p.m"))
        ['a', 'a.b', 'g', 'p', 'p.c', 'p.d', 'p.d.e']
        >>> sorted(imported_names("from .x import y", "p", is_package=True))
        ['p', 'p.x', 'p.x.y']
    """
    package = module if is_package else module.rpartition(".")[0]
    visitor = _Imports(package)
    visitor.visit(ast.parse(source))
    names: set[str] = set()
    for name in visitor.names:
        parts = name.split(".")
        names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return names


def find_module(name: str, search_path: Sequence[str]) -> str | None:
    """The file that defines a module on the search path (a package's __init__.py); None for a
    builtin module, a module made at run time, or a name that is not a module."""
    relative = os.path.join(*name.split("."))
    for folder in search_path:
        package = os.path.join(folder, relative, "__init__.py")
        if os.path.isfile(package):
            return package
        if os.path.isfile(os.path.join(folder, relative + ".py")):
            return os.path.join(folder, relative + ".py")
    return None


def is_followed(importer: str, module: str) -> bool:
    """Whether the scan follows ``importer``'s import of ``module`` (see :data:`NOT_FOLLOWED`).

    Examples:
        >>> is_followed("site", "_pyrepl.readline"), is_followed("site", "os")
        (False, True)
        >>> is_followed("concurrent.futures", "concurrent.futures._base")
        True
    """
    return not any(
        importer == skipped_importer and (module == skipped or module.startswith(skipped + "."))
        for skipped_importer, skipped in NOT_FOLLOWED
    )


def closure(roots: Iterable[str], search_path: Sequence[str]) -> dict[str, str]:
    """The modules ``roots`` import at any depth, found on ``search_path``: name -> file.

    Builtin and frozen modules have no file and are left out; a root that is not found (a
    module made at run time, such as Pyodide's ``js``) is skipped.

    Examples:
        >>> import os, tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> for name, text in {"a.py": "import b", "b.py": "def f():\\n    import c",
        ...                    "c.py": "", "d.py": ""}.items():
        ...     with open(os.path.join(folder.name, name), "w") as file:
        ...         _ = file.write(text)
        >>> sorted(closure(["a", "made_at_run_time"], [folder.name]))
        ['a', 'b', 'c']
        >>> folder.cleanup()
    """
    found: dict[str, str] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        file = find_module(name, search_path)
        if file is None:
            continue
        found[name] = file
        with open(file, "rb") as source:
            text = source.read()
        imported = imported_names(text.decode(), name, is_package=file.endswith("__init__.py"))
        todo += sorted(module for module in imported if is_followed(name, module))
    return found


def main(data: dict[str, Any]) -> dict[str, Any]:
    """Inside Pyodide: the stdlib zip's files the interpreter can import (paths in the zip).

    data: {"sys_modules": [...], "wheel_packages": ["sudoku_core"]}: the names in sys.modules
    before this module ran (its own imports are not the engine's), the top-level packages of
    the engine's wheel.
    """
    stdlib_zip = next(entry for entry in sys.path if entry.endswith(".zip"))
    site_packages = next(entry for entry in sys.path if entry.endswith("site-packages"))
    booted: list[str] = data["sys_modules"]
    with zipfile.ZipFile(stdlib_zip) as archive:
        archive.extractall(UNPACKED)
    roots = [*booted, *C_IMPORTS]
    for package in WHOLE_PACKAGES:
        roots += package_modules(UNPACKED, package)
    for package in data["wheel_packages"]:
        roots += package_modules(site_packages, package)
    found = closure(roots, [UNPACKED, site_packages])
    files = sorted(
        os.path.relpath(file, UNPACKED).replace(os.sep, "/")
        for file in found.values()
        if file.startswith(UNPACKED + "/")
    )
    return {"stdlib_zip": stdlib_zip, "files": files}
