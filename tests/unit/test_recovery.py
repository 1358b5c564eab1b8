"""The autosave recovery folder: write, find after a 'crash', load, discard."""

from __future__ import annotations

from designer.io.recovery import RecoveryStore
from designer.io.track_io import track_from_data

from .factories import minimal_track_data


def test_write_pending_load_discard(tmp_path):
    store = RecoveryStore(tmp_path / "recovery")
    assert store.pending() == []
    document = track_from_data(minimal_track_data(name="Unsaved work"))
    store.write("doc-1", document, tmp_path / "original.track.json")
    store.write("doc-2", document.model_copy(update={"name": "Second"}), None)
    # a new process (after a crash) finds both copies
    entries = RecoveryStore(tmp_path / "recovery").pending()
    assert {e.key for e in entries} == {"doc-1", "doc-2"}
    first = next(e for e in entries if e.key == "doc-1")
    assert first.original_path == tmp_path / "original.track.json" and first.name == "Unsaved work"
    assert store.load(first) == document
    store.discard("doc-1")
    assert [e.key for e in store.pending()] == ["doc-2"]


def test_damaged_metadata_is_tolerated(tmp_path):
    store = RecoveryStore(tmp_path)
    store.write("k", track_from_data(minimal_track_data()), None)
    (tmp_path / "k.meta.json").write_text("{broken", encoding="utf-8")
    (entry,) = store.pending()
    assert entry.original_path is None and entry.name == "k"
