"""Every subcommand's arguments, fuzzed: whatever the command line, an answer and an exit code
(0, 1, 2 or 3; 2 with a message on stderr), never a traceback.

Hypothesis builds argument lists from each subcommand's own options (read from its parser, so
a new option is fuzzed as soon as it exists), their choices, and values chosen to hurt: zero,
negative and huge numbers, ``nan``, missing folders, a directory, a binary file, puzzles that
are full, short or broken, and arbitrary text. Each command runs in the test's process in an
empty folder (``bank.sqlite`` and ``-o`` outputs land there), on one core (no process pools),
with a short time budget: a command still working when the budget runs out took the arguments
and is stopped (the run is not judged), since valid work of any size is the other tests' job.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import sudoku_core.cli
from sudoku_core.cli import main
from sudoku_core.cli.command import Exit

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
BUDGET_SECONDS = 0.5
"""How long one command may work before it is stopped (it took its arguments)."""

FILES = {
    "puzzles.txt": f"{UNIQUE}\n{SOLUTION}\n{'1' * 80}\n# a comment\n\n{'.' * 81}\n",
    "empty.txt": "",
    "binary.bin": b"\x00\xff\xfe SQLite format 3\x00".decode("latin-1"),
}
"""The files in each run's folder, named by relative paths among the values."""

NUMBERS = ("-1", "0", "1", "2", "3", "81", "82", "-0", "1e3", "0x10", "1.5", "nan", "inf",
           "99999999999999999999999", "-99999999999999999999999")  # fmt: skip
"""Numbers at and past every edge."""
INPUTS = (
    *("-", ".", "/", "/nonexistent/dir/x.json", "missing/x.json", "out.json", "bank.sqlite"),
    *FILES,
    *(UNIQUE, SOLUTION, "1" * 80, "." * 81, "12" + "." * 79, "tcp://127.0.0.1:1", "x" * 300),
    *(",".join(["123"] * 81), ",".join(["0"] * 81), "", " ", "abc", "é"),
)
"""Paths that do not work, files that are not puzzles, puzzles that are full, short or broken."""


def _parser_of(name: str) -> argparse.ArgumentParser:
    """The subcommand's parser, as the command line builds it."""
    command = next(c for c in sudoku_core.cli.COMMANDS if c.name == name)
    subparsers = argparse.ArgumentParser().add_subparsers()
    command.add_to(subparsers)
    return subparsers.choices[name]


NAMES = sorted(command.name for command in sudoku_core.cli.COMMANDS)

# Arbitrary text as a shell could pass it: no NUL, no lone surrogates.
_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=8)
_VALUE = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(INPUTS), _TEXT)
"""A value: numbers first (Hypothesis draws the first branch most), then inputs, then text."""


@st.composite
def _arguments(draw: st.DrawFn, parser: argparse.ArgumentParser) -> list[str]:
    """Arguments for ``parser``, mostly of its shape: each option drawn or not (a required one
    mostly drawn) with a value of its own choices or a hurtful one, positionals, a sub-action
    and its own arguments, in any order, now and then a stray word."""
    groups: list[list[str]] = []
    after: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            name = draw(st.sampled_from(sorted(action.choices)))
            after = [name, *draw(_arguments(action.choices[name]))]
        elif not action.option_strings:  # positionals: puzzles, files
            groups.append(draw(st.lists(st.sampled_from(INPUTS), max_size=2)))
        elif draw(st.floats(0, 1)) < (0.9 if action.required else 0.3):
            words = [draw(st.sampled_from(action.option_strings))]
            if action.nargs != 0:
                own = [str(c) for c in action.choices] if action.choices is not None else []
                mine = bool(own) and draw(st.booleans())
                words.append(draw(st.sampled_from(own)) if mine else draw(_VALUE))
            groups.append(words)
    groups = draw(st.permutations(groups))
    stray = [draw(_VALUE)] if draw(st.floats(0, 1)) < 0.1 else []
    return [word for group in groups for word in group] + after + stray


def argv_for(name: str) -> st.SearchStrategy[list[str]]:
    """Argument lists for one subcommand, from its own parser."""
    return _arguments(_parser_of(name)).map(lambda rest: [name, *rest])


class _OutOfTime(BaseException):
    """The budget ran out: not an Exception, so no handler of the command's can swallow it."""


def _out_of_time(signum: int, frame: FrameType | None) -> None:
    """Stop the command, unless the timer landed in code run on its behalf that cannot pass an
    exception on (a garbage-collector callback, a finalizer, the test tools' own hooks): it
    fires again 50 ms later."""
    while frame is not None and frame.f_code is not run_cli.__code__:
        name, file = frame.f_code.co_name, frame.f_code.co_filename
        if name == "__del__" or any(tool in file for tool in ("hypothesis", "_pytest", "pluggy")):
            return
        frame = frame.f_back
    if frame is not None:
        raise _OutOfTime


@contextlib.contextmanager
def _budget(seconds: float) -> Iterator[None]:
    """Raise :class:`_OutOfTime` in the body after ``seconds``."""
    previous = signal.signal(signal.SIGALRM, _out_of_time)
    # Again every 50 ms after the first: see _out_of_time.
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.05)
    try:
        yield
    finally:
        while True:  # the timer may fire once more before it is stopped
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                break
            except _OutOfTime:
                continue
        signal.signal(signal.SIGALRM, previous)


def run_cli(argv: list[str], stdin: str, budget: float = BUDGET_SECONDS) -> tuple[int, str] | None:
    """The exit code and stderr of the command line run on ``argv`` in an empty folder holding
    :data:`FILES`; None if it was still working when its ``budget`` (seconds) ran out."""
    err = io.StringIO()
    with (
        tempfile.TemporaryDirectory() as folder,
        contextlib.chdir(folder),
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(err),
    ):
        for name, text in FILES.items():
            Path(name).write_text(text, encoding="latin-1")
        saved_stdin, sys.stdin = sys.stdin, io.StringIO(stdin)
        try:
            with _budget(budget):
                code = main(argv)
        except SystemExit as stop:  # argparse: --help and --version (0), a usage error (2)
            assert isinstance(stop.code, int), f"SystemExit({stop.code!r}): exit 1, not 2"
            code = stop.code
        except _OutOfTime:
            return None
        finally:
            sys.stdin = saved_stdin
    return code, err.getvalue()


@pytest.fixture
def one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``--jobs`` and ``--workers`` on one core: the work stays in this process."""
    monkeypatch.setattr("sudoku_core.cli.command.cores", lambda: 1)
    monkeypatch.setattr("sudoku_core.cli.bank.cores", lambda: 1)


@pytest.mark.usefixtures("one_core")
@pytest.mark.parametrize("command", NAMES)
@settings(
    max_examples=100,
    deadline=None,  # the budget bounds each run
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), stdin=st.sampled_from(["", f"{UNIQUE}\n", "not a puzzle\n"]))
def test_any_arguments_get_an_answer_and_no_traceback(
    command: str, data: st.DataObject, stdin: str
) -> None:
    argv = data.draw(argv_for(command), label="argv")
    result = run_cli(argv, stdin)
    event("still working at the budget" if result is None else f"exit {result[0]}")
    if result is None:
        return
    code, err = result
    assert code in (Exit.OK, Exit.NOT_UNIQUE, Exit.BAD_INPUT, Exit.GAVE_UP), (code, err)
    assert "Traceback" not in err
    if code == Exit.BAD_INPUT:
        assert err.strip(), "exit 2 without a message"


@pytest.mark.usefixtures("one_core")
@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "--generate", "-1"],
        ["pool", "-o", "/nonexistent/dir/x.json", "--per-level", "1"],
        ["pool", "--seed", "99999999999999999999999", "-o", "-1"],
        ["bank", "grade", "-f", "puzzles.txt", "--scheduler", "-1"],
        ["bench", "--slices", "empty.txt"],
        ["bench", "--limit", "1", "--grading", "-1"],
        ["bench", "--limit", "1", "--grading", "."],
        ["bench", "puzzles.txt", "--grading", "--limit", "5"],
        ["bank", "--db", "-1", "grade", "-f", "x" * 300],
        ["bench", "y" * 300],
        ["drill", "--pack", "--generated", "9" * 40, "-o", "-1"],
        ["drill", "--seed", "99999999999999999999999", "--technique", "X-Wing"],
    ],
)
def test_what_the_fuzz_found_is_answered(argv: list[str]) -> None:
    """Arguments that once ended in a traceback (or exit 2 with no message), run as the fuzz
    runs them: each is refused with its reason before any work (exit 2)."""
    result = run_cli(argv, "", budget=60)  # importing Dask alone takes seconds
    assert result is not None, "still working: the argument was not refused"
    code, err = result
    assert code == Exit.BAD_INPUT and err.strip() and "Traceback" not in err


def test_the_fuzz_knows_every_subcommand() -> None:
    """The arguments come from the parsers: every subcommand, each of its options."""
    assert len(NAMES) == 16 and {"bank", "bench", "pool", "drill", "booklet"} <= set(NAMES)
    bench = {word for action in _parser_of("bench")._actions for word in action.option_strings}
    assert {"--generate", "--limit", "--grading"} <= bench
