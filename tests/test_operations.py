"""One declaration per operation: web/engine/protocol.js, docs/web.md and each operation's real
result are held to sudoku_core.operations.OPERATIONS.

``Ops`` in protocol.js (each op's ``args`` and ``result`` types) must name the same
arguments, with the same optionality and type, and the same result fields; the table of
operations in docs/web.md must be the one :func:`markdown_table` makes (run this file,
``.venv/bin/python tests/test_operations.py``, to write it); and every operation, run through
the bridge, must answer with exactly the fields it declares.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from sudoku_core import bridge
from sudoku_core._requests import KINDS
from sudoku_core.logic.steps import LEVELS
from sudoku_core.operations import OPERATIONS, markdown_table

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL_JS = ROOT / "web" / "engine" / "protocol.js"
"""The page's types of the messages and operations (the one place this test looks for it)."""
WEB_MD = ROOT / "docs" / "web.md"
TABLE_START = "<!-- operations:start -->"
TABLE_END = "<!-- operations:end -->"

UNIQUE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

Fields = dict[str, tuple[bool, str]]
"""An object type's fields: name -> (optional, type text)."""

_OPEN, _CLOSE = "{[(<", "}])>"


def jsdoc_text(source: str) -> str:
    """The text of every ``/** ... */`` block, without the comment's ``*`` margins."""
    blocks = re.findall(r"/\*\*(.*?)\*/", source, flags=re.DOTALL)
    lines = (re.sub(r"^\s*\*? ?", "", line) for block in blocks for line in block.splitlines())
    return "\n".join(lines)


def split_top(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` where no bracket is open."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE and not (char == ">" and text[i - 1] == "="):
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def typedefs(source: str) -> dict[str, str]:
    """Every ``@typedef {type} Name`` of a JS file: name -> type text (whitespace collapsed)."""
    text = jsdoc_text(source)
    found: dict[str, str] = {}
    for match in re.finditer(r"@typedef \{", text):
        depth, i = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        name = re.match(r"\s*(\w+)", text[i:])
        assert name is not None, text[match.start() : i + 40]
        found[name.group(1)] = " ".join(text[match.end() : i - 1].split())
    return found


def object_fields(type_text: str, named: dict[str, str]) -> Fields:
    """The fields of an object type: ``{a: T, b?: U}``, a typedef's name, or an intersection
    of those (``Generated & {...}``); ``Record<...>`` has none."""
    fields: Fields = {}
    for part in split_top(type_text, "&"):
        if part.startswith("{"):
            for entry in split_top(part[1:-1], ","):
                key, value = entry.split(":", 1)
                fields[key.strip().rstrip("?")] = (key.strip().endswith("?"), value.strip())
        elif part in named:
            fields |= object_fields(named[part], named)
        else:
            assert part.startswith("Record<"), f"cannot read the type {part!r}"
    return fields


@pytest.fixture(scope="module")
def ops() -> dict[str, dict[str, Fields]]:
    """``Ops`` of protocol.js: op name -> {"args": fields, "result": fields}."""
    assert PROTOCOL_JS.is_file(), f"no {PROTOCOL_JS}: set PROTOCOL_JS to where it is now"
    named = typedefs(PROTOCOL_JS.read_text(encoding="utf-8"))
    assert "Ops" in named, "protocol.js has no @typedef of Ops"
    found = {}
    for op, (_, body) in object_fields(named["Ops"], named).items():
        parts = object_fields(body, {})
        found[op] = {key: object_fields(parts[key][1], named) for key in ("args", "result")}
    return found


def test_protocol_js_has_every_operation_and_no_other(ops: dict[str, dict[str, Fields]]) -> None:
    assert sorted(ops) == sorted(OPERATIONS)


@pytest.mark.parametrize("op", OPERATIONS)
def test_protocol_js_types_each_argument_as_declared(
    op: str, ops: dict[str, dict[str, Fields]]
) -> None:
    declared = {a.name: (not a.required, a.js_type) for a in OPERATIONS[op].arguments}
    assert ops[op]["args"] == declared


@pytest.mark.parametrize("op", OPERATIONS)
def test_protocol_js_names_each_result_field_as_declared(
    op: str, ops: dict[str, dict[str, Fields]]
) -> None:
    typed = {name: optional for name, (optional, _) in ops[op]["result"].items()}
    declared = {field.rstrip("?"): field.endswith("?") for field in OPERATIONS[op].result}
    assert typed == declared


def test_the_kinds_choices_are_the_libraries() -> None:
    from sudoku_core.generator import SYMMETRIES

    arguments = {a.name: a for op in OPERATIONS.values() for a in op.arguments}
    assert arguments["symmetry"].options == SYMMETRIES
    assert arguments["difficulty"].options == tuple(level.value for level in LEVELS)
    assert {a.kind for a in arguments.values()} <= set(KINDS)


def documented_table() -> str:
    text = WEB_MD.read_text(encoding="utf-8")
    assert text.count(TABLE_START) == 1 and text.count(TABLE_END) == 1, (
        f"docs/web.md must hold the table between {TABLE_START} and {TABLE_END}"
    )
    return text.split(TABLE_START)[1].split(TABLE_END)[0].strip()


def test_docs_web_md_shows_the_operation_table() -> None:
    assert documented_table() == markdown_table(), (
        "docs/web.md's table of operations is not OPERATIONS': "
        "run .venv/bin/python tests/test_operations.py to write it"
    )


REQUESTS: dict[str, list[dict[str, Any]]] = {
    "version": [{}],
    "parse": [{"text": UNIQUE}],
    "format": [{"grid": UNIQUE, "to": "board"}],
    "read": [{"text": ":0000:x:+4" + UNIQUE[1:] + ":::"}],
    "export": [
        {"grid": UNIQUE, "to": "sudokuwiki"},
        {
            "grid": UNIQUE,
            "to": "fpuzzles",
            "entries": "4" + "." * 80,
            "centre": [""] * 81,
            "corner": [3] * 81,
            "title": "t",
            "author": "a",
        },
    ],
    "conflicts": [{"grid": "55" + "." * 79}],
    "check": [{"grid": UNIQUE}],
    "solve": [{"grid": "." * 81}],
    "find_mistakes": [{"grid": UNIQUE, "entries": "4" + "." * 80}],
    "count_solutions": [{"grid": "." * 81, "limit": 3}],
    "generate": [{"seed": 1, "symmetry": "rot180"}],
    "grade": [{"grid": UNIQUE}, {"grid": UNIQUE, "path": False}],
    "hint": [{"grid": UNIQUE}, {"grid": UNIQUE, "digits": "4" + UNIQUE[1:]}],
    "generate_graded": [{"difficulty": "easy", "seed": 2}],
    "drill": [
        {"technique": "Naked Pair", "seed": 3},
        {"technique": "Locked Candidates Type 1 (Pointing)", "seed": 2},  # with others
        {"technique": "Sashimi Jellyfish", "seed": 3, "max_seconds": 1},
    ],
    "study": [{"grid": UNIQUE}, {"grid": UNIQUE[:-3] + "..."}],
    "minimize": [{"grid": UNIQUE, "choices": 2}],
    "booklet": [{"count": 2, "levels": "easy", "seed": 3}],
    "review": [{"grid": UNIQUE, "moves": "r1c1=4@3 r1c1x@5 r1c2-9"}],
}
"""A small request (or two, where a field is optional) for every operation."""


def test_every_operation_has_a_request_here() -> None:
    assert sorted(REQUESTS) == sorted(OPERATIONS)


@pytest.mark.parametrize("op", OPERATIONS)
def test_each_result_has_the_declared_fields(op: str) -> None:
    declared = OPERATIONS[op].result
    required = {field for field in declared if not field.endswith("?")}
    optional = {field.rstrip("?") for field in declared if field.endswith("?")}
    seen: set[str] = set()
    for args in REQUESTS[op]:
        reply = json.loads(bridge.call(op, json.dumps(args)))
        assert reply["ok"] is True, reply
        keys = set(reply["result"])
        assert required <= keys <= required | optional, (op, args)
        seen |= keys
    assert seen == required | optional  # each optional field shows up in one of them


def write_docs() -> None:
    """Write :func:`markdown_table` into docs/web.md between the markers."""
    text = WEB_MD.read_text(encoding="utf-8")
    before, rest = text.split(TABLE_START)
    _, after = rest.split(TABLE_END)
    WEB_MD.write_text(
        f"{before}{TABLE_START}\n{markdown_table()}\n{TABLE_END}{after}", encoding="utf-8"
    )


if __name__ == "__main__":
    write_docs()
    sys.stdout.write(f"wrote the table of operations into {WEB_MD}\n")
