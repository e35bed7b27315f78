"""The command line at its edges (issue 10): bad option values, bad lines, invalid puzzles, --jobs.

Every bad value is a usage error (exit 2) that names the option; a bad input line or an invalid
puzzle keeps its place in the output, whatever the format.
"""

from __future__ import annotations

import pytest

from sudoku_core.cli import main

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The message of an argparse usage error (exit 2, no traceback)."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "--limit", "0"], "argument --limit: must be at least 1, got 0"),
        (["count", "--limit", "-5"], "argument --limit: must be at least 1, got -5"),
        (["count", "--limit", "2.5"], "argument --limit: not a whole number: '2.5'"),
        (["solve", "--max-nodes", "0"], "argument --max-nodes: must be at least 1, got 0"),
        (["check", "--max-seconds", "inf"], "argument --max-seconds: must be a finite number"),
        (["check", "--max-seconds", "nan"], "argument --max-seconds: must be a finite number"),
        (["check", "--max-seconds", "-1"], "argument --max-seconds: must be more than 0"),
        (["solve", "--jobs", "-1"], "argument -j/--jobs: must be at least 0, got -1"),
        (["generate", "--max-seconds", "inf"], "argument --max-seconds: must be a finite number"),
        (["generate", "--max-tries", "0"], "argument --max-tries: must be at least 1, got 0"),
        (["generate", "--count", "0"], "argument -n/--count: must be at least 1, got 0"),
    ],
)
def test_a_bad_number_is_a_usage_error_naming_the_option(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert message in usage_error(capsys, *args, UNIQUE)
