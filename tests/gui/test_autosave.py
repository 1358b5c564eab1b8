"""Autosave and crash recovery: copies of modified documents only, deleted on save and clean close,
offered again (and opened as modified) by the next start after a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from designer.app import autosave, file_actions
from designer.app import main as app_main
from designer.app.autosave import RecoveryChoice, RecoveryDialog
from designer.app.settings import Settings
from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties
from designer.io.recovery import RecoveryStore
from designer.io.track_io import load_track
from tests.gui.recovery_helpers import accept_all

Answer = QMessageBox.StandardButton


@pytest.fixture
def recovery(tmp_path: Path) -> Path:
    return tmp_path / "recovery"


def rename(window: MainWindow, name: str) -> None:
    window.document.undo_stack.push(ChangeProperties(window.document, {"name": name}))


def copies(root: Path) -> list[Path]:
    return sorted(root.glob("*/*.track.json")) if root.is_dir() else []


def answer_close_prompt(monkeypatch: pytest.MonkeyPatch, answer: Answer) -> None:
    monkeypatch.setattr(file_actions, "ask_save_changes", lambda parent, name: answer)


def test_only_modified_documents_are_written_and_only_when_changed(window: MainWindow, recovery):
    saver = window.autosaver
    assert saver.autosave_now() == 0 and copies(recovery) == []  # clean: nothing to keep
    assert not recovery.exists()  # nothing touches the disk before the first copy
    rename(window, "Edited")
    assert saver.autosave_now() == 1
    (copy,) = copies(recovery)
    assert copy.name == f"{window.current_editor().recovery_key}.track.json"
    assert load_track(copy).name == "Edited"
    assert saver.autosave_now() == 0  # unchanged since
    rename(window, "Edited again")
    assert saver.autosave_now() == 1 and load_track(copy).name == "Edited again"
    window.document.undo_stack.setIndex(0)  # undone back to the saved state
    assert saver.autosave_now() == 0 and copies(recovery) == []


def test_the_timer_runs_the_autosave(window: MainWindow, recovery, qtbot):
    assert window.autosaver.interval_seconds() == 120
    window.autosaver.set_interval_seconds(1, remember=False)
    rename(window, "By the timer")
    qtbot.waitUntil(lambda: len(copies(recovery)) == 1, timeout=5000)


def test_interval_is_a_setting(window: MainWindow, qtbot, every_kind):
    window.autosaver.set_interval_seconds(30)
    assert Settings().autosave_interval_seconds() == 30
    other = MainWindow(every_kind)
    qtbot.addWidget(other)
    assert other.autosaver.interval_seconds() == 30
    other.autosaver.set_interval_seconds(0)
    assert not other.autosaver.timer.isActive() and Settings().autosave_interval_seconds() == 0


def test_recovery_after_a_crash_opens_the_document_modified(window: MainWindow, every_kind_file, recovery,
                                                            monkeypatch, qtbot):
    rename(window, "Work before the crash")
    window.autosaver.autosave_now()
    window.autosaver.abandon()  # the process "dies": its lock goes, its copies stay
    offered = accept_all(monkeypatch)

    started = app_main.open_main_window([str(every_kind_file)], restore_session=True)
    qtbot.addWidget(started)
    assert len(offered) == 1 and [e.name for e in offered[0]] == ["Work before the crash"]
    assert offered[0][0].original_path is None
    assert len(started.editors()) == 2
    restored = started.current_editor()
    assert restored.document.name == "Work before the crash" and restored.document.path is None
    assert restored.is_modified and started.isWindowModified()
    assert restored.document.snapshot() == window.document.snapshot()
    # the copy is kept (now in the new session) until the document is saved or closed
    (copy,) = copies(recovery)
    assert copy.parent.name == started.autosaver.session
    assert copy.name == f"{restored.recovery_key}.track.json"

    answer_close_prompt(monkeypatch, Answer.Discard)
    assert started.close_editor(restored)
    qtbot.waitUntil(lambda: copies(recovery) == [])


def test_restored_document_saves_to_its_original_file(qtbot, every_kind, every_kind_file, recovery, monkeypatch):
    crashed = MainWindow(every_kind, every_kind_file)
    qtbot.addWidget(crashed)
    rename(crashed, "Renamed before the crash")
    crashed.autosaver.autosave_now()
    crashed.autosaver.abandon()
    accept_all(monkeypatch)
    started = app_main.open_main_window([str(every_kind_file)], restore_session=True)
    qtbot.addWidget(started)
    restored = started.current_editor()
    assert restored.document.path == every_kind_file and restored.is_modified
    assert started.editors() == [restored]  # it replaced the tab of the file as it is on disk
    assert load_track(every_kind_file).name == "Every Kind"  # nothing written behind the user's back
    assert started.file_actions.save() is True
    assert load_track(every_kind_file).name == "Renamed before the crash"
    assert copies(recovery) == [] and not restored.is_modified


def test_a_running_instance_keeps_its_copies(window: MainWindow, qtbot, every_kind, monkeypatch):
    rename(window, "Still open elsewhere")
    window.autosaver.autosave_now()  # no crash: the session's lock is held
    offered = accept_all(monkeypatch)
    second = app_main.open_main_window([], restore_session=True)
    qtbot.addWidget(second)
    assert offered == [] and len(second.editors()) == 1


def test_damaged_copy_is_reported_on_one_line_and_skipped(window: MainWindow, recovery, monkeypatch, qtbot,
                                                          errors, every_kind):
    rename(window, "Good")
    extra = window.add_editor(every_kind)
    rename(window, "Broken")
    window.autosaver.autosave_now()
    window.autosaver.abandon()
    broken = next(p for p in copies(recovery) if p.name.startswith(extra.recovery_key))
    broken.write_text('{"format": "kartographer-track", "name": ', encoding="utf-8")
    accept_all(monkeypatch)
    started = app_main.open_main_window([], restore_session=True)
    qtbot.addWidget(started)
    assert [e.document.name for e in started.editors()][1:] == ["Good"]
    assert len(errors) == 1 and "\n" not in errors[0][1] and broken.name in errors[0][1]
    assert broken.exists()  # kept: the user may still rescue it by hand


def test_decide_later_keeps_and_discard_deletes(window: MainWindow, recovery, monkeypatch, qtbot):
    rename(window, "Maybe")
    window.autosaver.autosave_now()
    window.autosaver.abandon()
    monkeypatch.setattr(autosave, "ask_recovery", lambda parent, entries: None)
    later = app_main.open_main_window([], restore_session=True)
    qtbot.addWidget(later)
    assert len(later.editors()) == 1 and len(copies(recovery)) == 1
    monkeypatch.setattr(autosave, "ask_recovery", lambda parent, entries: RecoveryChoice([], list(entries)))
    discarded = app_main.open_main_window([], restore_session=True)
    qtbot.addWidget(discarded)
    assert len(discarded.editors()) == 1 and copies(recovery) == []
    assert [p for p in recovery.iterdir()] == []  # the dead session's folder and lock are gone


def test_save_and_clean_close_delete_the_copies(window: MainWindow, recovery, tmp_path, monkeypatch, every_kind):
    window.current_editor().document.set_path(tmp_path / "saved.track.json")
    rename(window, "Saved later")
    other = window.add_editor(every_kind)
    rename(window, "Never saved")
    window.autosaver.autosave_now()
    assert len(copies(recovery)) == 2
    window.tabs.setCurrentIndex(0)
    assert window.file_actions.save()
    assert [p.name for p in copies(recovery)] == [f"{other.recovery_key}.track.json"]
    rename(window, "Edited after saving")
    window.autosaver.autosave_now()
    assert len(copies(recovery)) == 2

    answer_close_prompt(monkeypatch, Answer.Discard)
    assert window.close()  # quitting cleanly deletes every copy, the session folder and its lock
    assert copies(recovery) == [] and list(recovery.iterdir()) == []


def test_cancelled_quit_keeps_the_copies(window: MainWindow, recovery, monkeypatch):
    rename(window, "Kept")
    window.autosaver.autosave_now()
    answer_close_prompt(monkeypatch, Answer.Cancel)
    assert not window.close()
    assert len(copies(recovery)) == 1
    answer_close_prompt(monkeypatch, Answer.Discard)  # so that the teardown can close the window


def test_a_failing_autosave_is_shown_in_the_status_bar(window: MainWindow, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    window.autosaver.root = blocker / "recovery"
    window.autosaver.store = RecoveryStore(window.autosaver.root / window.autosaver.session)
    rename(window, "Nowhere to go")
    assert window.autosaver.autosave_now() == 0
    message = window.statusBar().currentMessage()
    assert message.startswith("Autosave failed:") and "\n" not in message
    assert window.current_editor().is_modified


def test_recovery_dialog_lists_the_documents(qtbot, tmp_path, every_kind):
    store = RecoveryStore(tmp_path / "r")
    store.write("a", every_kind, tmp_path / "first.track.json")
    store.write("b", every_kind.model_copy(update={"name": "Second"}), None)
    entries = sorted(store.pending(), key=lambda e: e.key)
    dialog = RecoveryDialog(entries)
    qtbot.addWidget(dialog)
    rows = [[dialog.tree.topLevelItem(i).text(c) for c in range(3)] for i in range(2)]
    assert rows[0][:2] == ["Every Kind", str(tmp_path / "first.track.json")]
    assert rows[1][:2] == ["Second", "never saved"]
    assert all(len(r[2]) == len("2026-01-01 12:00") for r in rows)
    dialog.tree.topLevelItem(1).setCheckState(0, Qt.CheckState.Unchecked)
    choice = dialog.choice()
    assert [e.key for e in choice.restore] == ["a"] and [e.key for e in choice.discard] == ["b"]
    dialog.discard_button.click()
    assert dialog.choice().restore == [] and len(dialog.choice().discard) == 2
