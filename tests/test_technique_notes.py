"""Every technique the engine uses has a short explanation on the page (web/teach/technique-notes.json):
a technique added to the catalogue without one fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core.logic.techniques import CATALOGUE

NOTES = Path(__file__).resolve().parent.parent / "web" / "teach" / "technique-notes.json"
# Named for the engine's drawings; explained before they reach the catalogue.
COMING = {
    "Uniqueness Test 5", "Uniqueness Test 6", "Avoidable Rectangle Type 1", "Avoidable Rectangle Type 2",
    "ALS-XY-Chain", "Death Blossom", "Franken X-Wing", "Franken Swordfish", "Franken Jellyfish",
    "Finned Franken X-Wing", "Finned Franken Swordfish", "Finned Franken Jellyfish",
}  # fmt: skip


def notes() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = json.loads(NOTES.read_text(encoding="utf-8"))["techniques"]
    return found


@pytest.mark.parametrize("name", [technique.name for technique in CATALOGUE])
def test_every_technique_in_the_catalogue_is_explained(name: str) -> None:
    note = notes().get(name)
    assert note is not None, f"{name} has no explanation in {NOTES.name}"
    assert len(note["look"]) >= 30 and len(note["why"]) >= 30
    assert note["look"].endswith(".") and note["why"].endswith(".")


def test_no_explanation_for_a_technique_the_engine_does_not_know() -> None:
    known = {technique.name for technique in CATALOGUE} | COMING
    assert set(notes()) - known == set()
    assert set(notes()) >= COMING
