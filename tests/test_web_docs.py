"""docs/web.md's table of modules is the page's map: it names every file of web/, by folder, and
names no file that is not there (a module added, moved or removed fails this until the map says
so). README's web/ table names every folder."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
DOCS = ROOT / "docs" / "web.md"
README = ROOT / "README.md"


def web_files() -> set[str]:
    files = {
        p.relative_to(WEB).as_posix()
        for p in WEB.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.parts)
    }
    assert "app/app.js" in files and "index.html" in files, "web/ was not found"
    return files


def mapped_files() -> set[str]:
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(r"<!-- modules:start -->(.*?)<!-- modules:end -->", text, re.DOTALL)
    assert match, "docs/web.md lost its modules:start/end markers"
    return set(re.findall(r"^\| `([^`]+)` \|", match.group(1), re.MULTILINE))


def test_docs_web_names_every_file_of_web_and_no_other() -> None:
    files, mapped = web_files(), mapped_files()
    assert sorted(files - mapped) == [], "files of web/ missing from docs/web.md's modules"
    assert sorted(mapped - files) == [], "docs/web.md's modules name files web/ does not have"


def test_the_readme_names_every_folder_of_web() -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### web/, by concern") :]
    section = section[: section.index("\n### ", 1)]
    folders = {p.name for p in WEB.iterdir() if p.is_dir()}
    named = set(re.findall(r"^\| `([a-z]+)/` \|", section, re.MULTILINE))
    assert folders == named
