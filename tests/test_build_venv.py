"""build.py (tools/buildpy/venvs.py) notices a venv it cannot use (moved, copied, interpreter gone) and makes it again.

The failure this guards against: a `.venv` moved with its repo still has a working `bin/python`
(a symlink to the base interpreter), but every console script's `#!` line names the old path,
so `python build.py test` died with `FileNotFoundError: .venv/bin/mypy`.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.buildpy import venvs
from tools.buildpy.commands import BuildError
from tools.buildpy.pythons import find_modern_python


def make_venv(where: Path) -> Path:
    """A real venv (no pip: fast) with one console script, as pip writes them."""
    base = find_modern_python()
    subprocess.run([str(base), "-m", "venv", "--without-pip", str(where)], check=True)
    script = where / "bin" / "mypy"
    script.write_text(f"#!{where / 'bin' / 'python'}\nimport sys\nsys.exit(0)\n")
    script.chmod(0o755)
    return where


def test_a_sound_venv_has_no_problem(tmp_path: Path) -> None:
    venv = make_venv(tmp_path / "venv")
    assert venvs.venv_problem(venv) is None


def test_a_missing_venv_is_missing(tmp_path: Path) -> None:
    assert venvs.venv_problem(tmp_path / "nothing") == "missing"


def test_a_moved_venv_is_noticed(tmp_path: Path) -> None:
    venv = make_venv(tmp_path / "old")
    moved = tmp_path / "new"
    shutil.move(venv, moved)
    problem = venvs.venv_problem(moved)
    assert problem is not None
    assert "mypy" in problem and str(tmp_path / "old") in problem


def test_a_venv_whose_interpreter_is_gone_is_noticed(tmp_path: Path) -> None:
    venv = make_venv(tmp_path / "venv")
    python = venv / "bin" / "python"
    python.unlink()
    python.symlink_to(tmp_path / "removed-python3.12")  # a dangling link, as after an upgrade
    assert venvs.venv_problem(venv) == "no interpreter"


def test_ensure_venv_makes_a_moved_venv_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moved venv is deleted and created afresh instead of failing on its scripts."""
    venv = make_venv(tmp_path / "old")
    moved = tmp_path / "new"
    shutil.move(venv, moved)
    (moved / ".sudoku-stamp").write_text("stale\n")
    commands: list[list[str]] = []

    def fake_run(cmd: list[str | Path], **kwargs: object) -> None:
        commands.append([str(c) for c in cmd])
        if cmd[1:3] == ["-m", "venv"]:
            make_venv(Path(cmd[3]))

    monkeypatch.setattr(venvs, "run", fake_run)
    python = venvs.ensure_venv(moved, ["nothing==1"], offline=False)
    assert python == moved / "bin" / "python"
    assert any(c[1:3] == ["-m", "venv"] for c in commands), commands
    assert venvs.venv_problem(moved) is None


def test_offline_names_the_problem(tmp_path: Path) -> None:
    venv = make_venv(tmp_path / "old")
    moved = tmp_path / "new"
    shutil.move(venv, moved)
    with pytest.raises(BuildError, match="moved venv"):
        venvs.ensure_venv(moved, ["nothing==1"], offline=True)
