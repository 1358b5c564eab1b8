"""The recovery folder is the program's own, but anything may sit in it: damaged metadata, absurd times, a
folder that cannot be read. None of it stops the editor from starting; the damage is named once in the log
and the documents left behind are still offered."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from designer.app import main as app_main
from designer.app.recovery_dialog import RecoveryDialog
from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties
from tests.gui.recovery_helpers import accept_all

DEEP = "[" * 32_000 + "]" * 32_000


@pytest.fixture
def recovery(tmp_path: Path) -> Path:
    return tmp_path / "recovery"


def crash_with_a_copy(window: MainWindow, name: str = "Left behind") -> Path:
    """The window's document is copied, then the process 'dies'; returns the copy's metadata file."""
    window.document.undo_stack.push(ChangeProperties(window.document, {"name": name}))
    window.autosaver.autosave_now()
    window.autosaver.abandon()
    (meta,) = window.autosaver.root.glob("*/*.meta.json")
    return meta


def damaged_saved_at(value: str) -> str:
    return '{"kind": "track", "original_path": null, "saved_at": ' + value + ', "name": "Left behind"}'


@pytest.mark.parametrize("text", [
    DEEP,
    '{"name": ' + DEEP + "}",
    damaged_saved_at("NaN"),
    damaged_saved_at("1e300"),
    damaged_saved_at("10e400"),
    damaged_saved_at("-1e20"),
    damaged_saved_at("-Infinity"),
    damaged_saved_at("1" + "0" * 400),
    damaged_saved_at('"yesterday"'),
    '{"kind": "track", "original_path": "a\\u0000b", "saved_at": true, "name": ["not", "a", "name"]}',
], ids=["deep", "deep-name", "nan", "1e300", "10e400", "-1e20", "-inf", "huge-int", "text", "odd-fields"])
def test_damaged_metadata_never_stops_the_start(window: MainWindow, monkeypatch, qtbot, caplog, text: str):
    meta = crash_with_a_copy(window)
    meta.write_text(text, encoding="utf-8")
    copied_at = meta.with_name(meta.name.replace(".meta.json", ".track.json")).stat().st_mtime
    offered = accept_all(monkeypatch)
    with caplog.at_level(logging.WARNING, logger="designer"):
        started = app_main.open_main_window([], restore_session=True)
    qtbot.addWidget(started)
    (entries,) = offered
    (entry,) = entries
    # the document itself is fine: it is still offered and restored, its time read from the copy's file
    assert started.current_editor().document.name == "Left behind"
    assert entry.saved_at == copied_at
    assert entry.original_path is None
    dialog = RecoveryDialog(entries)  # what the user would have seen
    qtbot.addWidget(dialog)
    assert dialog.tree.topLevelItemCount() == 1 and dialog.tree.topLevelItem(0).text(2)
    damaged = [r for r in caplog.records if meta.name in r.getMessage()]
    assert len(damaged) == 1 and "\n" not in damaged[0].getMessage()


def test_times_out_of_range_show_as_unknown_in_the_dialog(qtbot, tmp_path):
    from designer.io.recovery import RecoveryEntry

    entries = [RecoveryEntry(f"k{i}", tmp_path / f"k{i}.track.json", None, when, "Doc")
               for i, when in enumerate((float("nan"), 1e300, float("inf"), -1e20))]
    dialog = RecoveryDialog(entries)
    qtbot.addWidget(dialog)
    assert [dialog.tree.topLevelItem(i).text(2) for i in range(4)] == ["unknown"] * 4


def _unreadable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """chmod 000 — and, for root (whom chmod does not stop), listing the folder fails as it would."""
    folder.chmod(0)
    if os.geteuid() == 0:
        real_scandir = os.scandir

        def scandir(path="."):
            if Path(path) == folder:
                raise PermissionError(13, "Permission denied", str(path))
            return real_scandir(path)

        monkeypatch.setattr(os, "scandir", scandir)
        real_iterdir = Path.iterdir

        def iterdir(self):
            if self == folder:
                raise PermissionError(13, "Permission denied", str(self))
            return real_iterdir(self)

        monkeypatch.setattr(Path, "iterdir", iterdir)


@pytest.mark.parametrize("which", ["root", "session"])
def test_an_unreadable_recovery_folder_never_stops_the_start(window: MainWindow, monkeypatch, qtbot, caplog,
                                                             recovery: Path, which: str):
    meta = crash_with_a_copy(window)
    folder = recovery if which == "root" else meta.parent
    offered = accept_all(monkeypatch)
    _unreadable(monkeypatch, folder)
    try:
        with caplog.at_level(logging.WARNING, logger="designer"):
            started = app_main.open_main_window([], restore_session=True)
        qtbot.addWidget(started)
        assert len(started.editors()) == 1 and offered == []
        named = [r for r in caplog.records if str(folder) in r.getMessage()]
        assert len(named) == 1 and "\n" not in named[0].getMessage()
    finally:
        folder.chmod(0o755)
    assert meta.exists()  # nothing deleted: a readable folder next time offers it again
    assert json.loads(meta.read_text(encoding="utf-8"))["name"] == "Left behind"
