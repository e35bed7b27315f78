"""The grading benchmark's results as Markdown tables (``bench --markdown --grading ...``).

One function per section of :func:`sudoku_core.bench.grading.main`, each taking the rows that
section computed: the grading time per set, the soundness check, generation to a level and
the agreement with HoDoKu.
"""

from __future__ import annotations

from typing import cast


def _ms(value: object) -> str:
    """Milliseconds as ``1,234``, or ``3.5`` under 10.

    Examples:
        >>> _ms(1234.4), _ms(3.46)
        ('1,234', '3.5')
    """
    number = cast("float", value)
    return f"{number:,.0f}" if number >= 10 else f"{number:.1f}"


def _cell(spread: object, key: str) -> str:
    """One figure of a :func:`~sudoku_core.bench.grade_timing.spread` dict."""
    return _ms(cast("dict[str, float]", spread)[key])


def _counts(counts: object) -> str:
    """``{"easy": 3, "hard": 1}`` as ``easy 3, hard 1``."""
    return ", ".join(f"{name} {n}" for name, n in cast("dict[str, int]", counts).items())


def _with_notes(table: list[str], notes: list[str]) -> str:
    """A table's lines, then its notes (a list) after a blank line, when there are any."""
    return "\n".join([*table, "", *notes] if notes else table)


def grading_time_markdown(rows: list[dict[str, object]]) -> str:
    """Per set: levels, wall median and max, CPU median, p90, max and total; with the hint
    columns when the rows have them.

    Examples:
        >>> spread = {"median_ms": 1.0, "p90_ms": 2.0, "max_ms": 3.0, "total_ms": 9.0}
        >>> row = {"set": "easy50", "puzzles": 3, "median_ms": 1.2, "max_ms": 3.4,
        ...        "cpu": spread, "levels": {"easy": 3}}
        >>> table = grading_time_markdown([row]).splitlines()
        >>> print(table[0][:48])
        | set | puzzles | levels | wall median ms | wall
        >>> print(table[2])
        | easy50 | 3 | easy 3 | 1.2 | 3.4 | 1.0 | 2.0 | 3.0 | 9.0 |
    """
    hints = any("hint_start_cpu" in row for row in rows)
    columns = ["set", "puzzles", "levels", "wall median ms", "wall max ms"]
    columns += ["CPU median ms", "CPU p90 ms", "CPU max ms", "CPU total ms"]
    if hints:
        columns += ["hint at the start, CPU ms median / max"]
        columns += ["hint before the hardest step, CPU ms median / max"]
    rule = ["---" if name in ("set", "levels") else "---:" for name in columns]
    lines = ["| " + " | ".join(columns) + " |", "| " + " | ".join(rule) + " |"]
    for row in rows:
        cpu = row["cpu"]
        cells = [
            str(row["set"]),
            str(row["puzzles"]),
            _counts(row["levels"]),
            _ms(row["median_ms"]),
            _ms(row["max_ms"]),
            *(_cell(cpu, key) for key in ("median_ms", "p90_ms", "max_ms", "total_ms")),
        ]
        if hints:
            for key in ("hint_start_cpu", "hint_hardest_cpu"):
                found = row.get(key)
                cells.append(
                    f"{_cell(found, 'median_ms')} / {_cell(found, 'max_ms')}" if found else "-"
                )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def soundness_markdown(puzzles: int, steps: int, errors: list[str]) -> str:
    """The soundness check: puzzles, steps applied, steps contradicting the solution.

    Examples:
        >>> print(soundness_markdown(5, 120, []))
        | puzzles | steps applied | unsound |
        | ---: | ---: | ---: |
        | 5 | 120 | 0 |
    """
    lines = [
        "| puzzles | steps applied | unsound |",
        "| ---: | ---: | ---: |",
        f"| {puzzles:,} | {steps:,} | {len(errors)} |",
    ]
    notes = [f"- unsound: `{error}`" for error in errors[:20]]
    return _with_notes(lines, notes)


def generation_markdown(rows: list[dict[str, object]]) -> str:
    """Generation to each level: seeds, median and max seconds, how often the level was met.

    Examples:
        >>> print(generation_markdown([{"level": "easy", "count": 2, "median_s": 0.02,
        ...                             "max_s": 0.05, "met": 2}]))
        | level | seeds | median s | max s | level met |
        | --- | ---: | ---: | ---: | ---: |
        | easy | 2 | 0.02 | 0.05 | 2 / 2 |
    """
    lines = [
        "| level | seeds | median s | max s | level met |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        lines.append(
            f"| {row['level']} | {row['count']} | {row['median_s']} | {row['max_s']} "
            f"| {row['met']} / {row['count']} |"
        )
    return "\n".join(lines)


def agreement_markdown(table: dict[str, object]) -> str:
    """Level agreement with HoDoKu per sample, then the differences by kind.

    Examples:
        >>> print(agreement_markdown({"generated": {"puzzles": 4, "agree": 3, "percent": 75.0,
        ...                                         "differences": {"hodoku hard / ours unfair": 1}}}))
        | sample | puzzles | same level | % |
        | --- | ---: | ---: | ---: |
        | generated | 4 | 3 | 75.0 |
        <BLANKLINE>
        - generated, hodoku hard / ours unfair: 1
    """
    lines = ["| sample | puzzles | same level | % |", "| --- | ---: | ---: | ---: |"]
    notes: list[str] = []
    for label, found in table.items():
        part = cast("dict[str, object]", found)
        lines.append(f"| {label} | {part['puzzles']} | {part['agree']} | {part['percent']} |")
        differences = cast("dict[str, int]", part["differences"])
        notes += [f"- {label}, {kind}: {n}" for kind, n in differences.items()]
    return _with_notes(lines, notes)


def mixed_markdown(table: dict[str, object]) -> str:
    """Levels and scores against HoDoKu's per part of the mixed sample, then the puzzles
    that differ (at most 10 a part).

    Examples:
        >>> print(mixed_markdown({"all": {"puzzles": 3, "level_agree_percent": 100.0,
        ...                               "score_within_5_percent": 66.7}}))
        | part | puzzles | same level % | score within 5% of HoDoKu's, % |
        | --- | ---: | ---: | ---: |
        | all | 3 | 100.0 | 66.7 |
    """
    lines = [
        "| part | puzzles | same level % | score within 5% of HoDoKu's, % |",
        "| --- | ---: | ---: | ---: |",
    ]
    notes: list[str] = []
    for label, found in table.items():
        part = cast("dict[str, object]", found)
        lines.append(
            f"| {label} | {part['puzzles']} | {part['level_agree_percent']} "
            f"| {part['score_within_5_percent']} |"
        )
        differences = cast("list[str]", part.get("differences", []))
        notes += [f"- {label}: `{line}`" for line in differences[:10]]
    return _with_notes(lines, notes)
