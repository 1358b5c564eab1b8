"""Track files: round trips, canonical bytes, atomic saves and one-line errors for every kind of bad input."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from designer.io.errors import DocumentError
from designer.io.jsonfile import MAX_NESTING
from designer.io.track_io import dumps_track, load_track, save_track, track_from_data
from designer.model import ELEMENT_KINDS, TrackDocument

from .factories import minimal_track_data


def _write(tmp_path: Path, data: object, name: str = "t.track.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def _error(path: Path) -> str:
    with pytest.raises(DocumentError) as info:
        load_track(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    return message


def test_minimal_document_has_every_kind():
    document = track_from_data(minimal_track_data())
    assert {e.kind for e in document.elements} == set(ELEMENT_KINDS)


def test_save_load_equal_and_bytes_identical(tmp_path):
    document = track_from_data(minimal_track_data())
    first = tmp_path / "a.track.json"
    save_track(document, first)
    loaded = load_track(first)
    assert loaded == document
    second = tmp_path / "b.track.json"
    save_track(loaded, second)
    assert first.read_bytes() == second.read_bytes()


def test_saved_file_is_utf8_and_keeps_unicode(tmp_path):
    document = track_from_data(minimal_track_data(name="Circuit Étoile ★"))
    path = tmp_path / "u.track.json"
    save_track(document, path)
    assert "Circuit Étoile ★" in path.read_text(encoding="utf-8")
    assert load_track(path).name == "Circuit Étoile ★"


def test_atomic_save_leaves_no_temp_and_keeps_old_file_on_failure(tmp_path, monkeypatch):
    document = track_from_data(minimal_track_data())
    path = tmp_path / "t.track.json"
    save_track(document, path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    changed = document.model_copy(update={"name": "Changed"})
    with pytest.raises(DocumentError, match="No space left"):
        save_track(changed, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["t.track.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores folder permissions")
def test_save_into_read_only_folder_is_reported(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(DocumentError, match="cannot write"):
            save_track(track_from_data(minimal_track_data()), folder / "t.track.json")
    finally:
        folder.chmod(stat.S_IRWXU)


def test_save_into_missing_folder_is_reported(tmp_path):
    with pytest.raises(DocumentError, match="cannot write here"):
        save_track(track_from_data(minimal_track_data()), tmp_path / "nope" / "t.track.json")


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["elements"][10].update(x_mm=float("nan")), "element 11 (Thwomp): x_mm: must be a finite number"),
        (lambda d: d["elements"][10].update(x_mm=float("inf")), "element 11 (Thwomp): x_mm: must be a finite number"),
        (lambda d: d["elements"][3].update(x_mm="left"), "element 4 (Coin): x_mm: must be a number"),
        (lambda d: d["elements"].append({"id": "z", "kind": "banana", "x_mm": 1, "y_mm": 1}),
         "element 16: unknown kind 'banana'"),
        (lambda d: d["elements"][1].update(colour="red"), "gate 1: colour: unknown field"),
        (lambda d: d["elements"][1].pop("order"), "element 2 (Gate): order: is required but missing"),
        (lambda d: d["elements"][2].update(stack=3), "element 3 (Item box): stack: must be 1 or 2"),
        (lambda d: d["elements"][0].update(x_mm=1e9), "element 1 (Start/finish line): x_mm: must be ≤ 100000"),
        (lambda d: d["elements"][4].update(id="c1"), "element 5 (Boost pad): id 'c1' is used twice"),
        (lambda d: d.update(laps=0), "laps: must be ≥ 1"),
        (lambda d: d["table"].update(width_mm=-5), "table.width_mm: must be ≥ 100"),
        (lambda d: d.update(display_units="furlong"), "display_units: must be 'mm', 'cm' or 'in'"),
        (lambda d: d.update(extra=1), "extra: unknown field"),
        (lambda d: d.update(ruleset="chess"), "ruleset: unknown ruleset 'chess'"),
        (lambda d: d.update(schema_version=2), "schema_version: written by a newer Kartographer"),
        (lambda d: d.update(schema_version="1"), "schema_version: must be a whole number"),
        (lambda d: d.update(format="svg"), "format: not a kartographer-track file"),
        (lambda d: d["track"].update(centerline=[[0, 0]]), "track.centerline: list should have at least 2 items"),
    ],
)
def test_invalid_documents_give_one_precise_line(tmp_path, mutate, expected):
    data = minimal_track_data()
    mutate(data)
    path = tmp_path / "bad.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # json writes NaN/Infinity literally
    assert expected in _error(path)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "the file is empty"),
        ("{not json", "line 1, column 2: not valid JSON"),
        ('{"format": "kartographer-track", "schema_version": 1, "name": "x"', "not valid JSON"),
        ("[1, 2]", "the top level must be a JSON object"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
        ("[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5), "nested deeper"),
    ],
)
def test_unreadable_text(tmp_path, text, expected):
    assert expected in _error(_write(tmp_path, text))


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.track.json"
    path.write_bytes(b'{"name": "caf\xe9"}')
    assert "not UTF-8" in _error(path)


def test_missing_file_and_folder(tmp_path):
    assert "no such file" in _error(tmp_path / "missing.track.json")
    assert "is a folder" in _error(tmp_path)


def test_file_size_checked_before_reading(tmp_path, monkeypatch):
    import designer.io.jsonfile as jsonfile

    path = _write(tmp_path, minimal_track_data())
    monkeypatch.setattr(jsonfile.Path, "read_bytes", lambda self: pytest.fail("read before size check"))
    with pytest.raises(DocumentError, match="too large"):
        jsonfile.read_json_file(path, max_bytes=100)


def test_element_count_is_bounded():
    data = minimal_track_data()
    data["elements"] = [{"id": f"c{i}", "kind": "coin", "x_mm": 1, "y_mm": 1} for i in range(20_001)]
    with pytest.raises(DocumentError, match="elements: list should have at most 20000 items"):
        track_from_data(data)


def test_document_lookup_and_defaults():
    document = TrackDocument.model_validate({"name": "Blank", "table": {"width_mm": 1828.8, "height_mm": 1219.2}})
    assert document.format == "kartographer-track" and document.schema_version == 1
    assert document.elements == [] and document.track is None
    full = track_from_data(minimal_track_data())
    assert full.element("g1").order == 1 and full.element("nope") is None
    assert json.loads(dumps_track(full))["elements"][0]["id"] == "sf"
