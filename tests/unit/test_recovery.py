"""The autosave recovery folder: write, find after a 'crash', load, discard — tracks and campaigns."""

from __future__ import annotations

import json

import pytest

from designer.io.campaign_io import load_campaign
from designer.io.errors import DocumentError
from designer.io.recovery import RecoveryStore
from designer.io.track_io import dumps_track, track_from_data
from designer.paths import TEMPLATES_DIR

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


def test_campaign_copies_sit_beside_track_copies(tmp_path):
    store = RecoveryStore(tmp_path / "recovery")
    campaign, _context = load_campaign(TEMPLATES_DIR / "mushroom-cup.campaign.json")
    store.write("track-1", track_from_data(minimal_track_data(name="A track")), None)
    store.write("camp-1", campaign, tmp_path / "cup.campaign.json")
    assert (tmp_path / "recovery" / "camp-1.campaign.json").is_file()
    entries = {e.key: e for e in RecoveryStore(tmp_path / "recovery").pending()}
    assert entries["track-1"].kind == "track" and entries["camp-1"].kind == "campaign"
    found = entries["camp-1"]
    assert found.name == "Mushroom Cup" and found.original_path == tmp_path / "cup.campaign.json"
    assert store.load(found) == campaign  # its relative track paths are kept as they were
    store.discard("camp-1")
    assert [e.key for e in store.pending()] == ["track-1"]
    assert not (tmp_path / "recovery" / "camp-1.meta.json").exists()


def test_track_copies_from_before_campaigns_still_read(tmp_path):
    """Metadata without `kind` (written by an older version) means a track."""
    document = track_from_data(minimal_track_data(name="Old copy"))
    (tmp_path / "old.track.json").write_text(dumps_track(document), encoding="utf-8")
    (tmp_path / "old.meta.json").write_text(
        json.dumps({"original_path": None, "saved_at": 1.0, "name": "Old copy"}), encoding="utf-8")
    (entry,) = RecoveryStore(tmp_path).pending()
    assert (entry.kind, entry.name, entry.saved_at) == ("track", "Old copy", 1.0)
    assert RecoveryStore(tmp_path).load(entry) == document


def test_damaged_campaign_copy_is_a_document_error(tmp_path):
    store = RecoveryStore(tmp_path)
    (tmp_path / "bad.campaign.json").write_text('{"format": "kartographer-campaign", ', encoding="utf-8")
    (entry,) = store.pending()
    with pytest.raises(DocumentError):
        store.load(entry)


def test_a_fifo_in_place_of_the_metadata_does_not_block_the_listing(tmp_path):
    import os
    import signal

    store = RecoveryStore(tmp_path)
    key = "k"
    store.write(key, track_from_data(minimal_track_data()), None)
    meta = tmp_path / "k.meta.json"
    meta.unlink()
    os.mkfifo(meta)
    class Blocked(BaseException):  # not an OSError, which the listing tolerates
        pass

    def blocked(*_args):
        raise Blocked("the listing blocked on a FIFO")

    signal.signal(signal.SIGALRM, blocked)
    signal.alarm(5)
    try:
        entries = store.pending()
    finally:
        signal.alarm(0)
    assert [e.key for e in entries] == [key]
