"""Schema versions: golden files of every version load; newer versions are refused; the chain is complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.io.errors import DocumentError
from designer.io.migrations import CHAINS, migrate
from designer.io.track_io import dumps_track, load_track

DATA = Path(__file__).parents[1] / "data"


def test_every_format_has_a_complete_chain():
    for current, steps in CHAINS.values():
        assert sorted(steps) == list(range(1, current))


@pytest.mark.parametrize("golden", sorted(DATA.glob("track-v*.track.json")), ids=lambda p: p.name)
def test_golden_track_files_load(golden):
    document = load_track(golden)
    assert document.schema_version == CHAINS["kartographer-track"][0]
    if golden.name == f"track-v{document.schema_version}.track.json":
        # the current version's golden file is canonical: loading and saving changes no byte
        assert dumps_track(document) == golden.read_text(encoding="utf-8")


def test_golden_files_exist_for_each_version():
    current = CHAINS["kartographer-track"][0]
    expected = {f"track-v{v}.track.json" for v in range(1, current + 1)}
    assert {p.name for p in DATA.glob("track-v*.track.json")} >= expected


def test_newer_version_refused_with_clear_message():
    with pytest.raises(DocumentError) as info:
        migrate({"format": "kartographer-track", "schema_version": 7}, "kartographer-track", "x.track.json")
    assert str(info.value) == (
        "x.track.json: schema_version: written by a newer Kartographer (schema_version 7; this version reads up to 1)"
    )


@pytest.mark.parametrize("version", [0, -1, True, None, 1.0])
def test_nonsense_versions_refused(version):
    with pytest.raises(DocumentError, match="schema_version"):
        migrate({"format": "kartographer-track", "schema_version": version}, "kartographer-track", "x")


def test_registered_step_runs_before_validation(monkeypatch):
    monkeypatch.setitem(CHAINS, "kartographer-track", (2, {1: lambda d: {**d, "upgraded": True}}))
    data = migrate({"format": "kartographer-track", "schema_version": 1}, "kartographer-track", "x")
    assert data == {"format": "kartographer-track", "schema_version": 2, "upgraded": True}
