"""The File menu: save and reopen, Save As, open (and re-open), recent files, the close prompt, failed
saves, the New dialog and the persisted settings. Dialogs are answered by monkeypatched static calls."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog, QMessageBox

from designer.app import file_actions, new_dialog
from designer.app.file_actions import with_track_suffix
from designer.app.settings import MAX_RECENT_FILES, Settings
from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties
from designer.io.track_io import dumps_track, load_track
from designer.paths import TEMPLATES_DIR

Answer = QMessageBox.StandardButton


def rename(window: MainWindow, name: str = "Renamed") -> None:
    """A real undoable edit: the document becomes modified."""
    window.document.undo_stack.push(ChangeProperties(window.document, {"name": name}))
    assert window.current_editor().is_modified


def answer_save_as(monkeypatch: pytest.MonkeyPatch, path: Path | str | None) -> list[str]:
    asked: list[str] = []

    def fake(parent, caption, directory="", file_filter="", *args, **kwargs):
        asked.append(directory)
        return (str(path) if path else "", file_filter)

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    return asked


def answer_close_prompt(monkeypatch: pytest.MonkeyPatch, *answers: Answer) -> list[str]:
    asked: list[str] = []
    queue = list(answers)

    def fake(parent, name):
        asked.append(name)
        return queue.pop(0) if queue else Answer.Discard  # Discard once the script ends: teardown closes

    monkeypatch.setattr(file_actions, "ask_save_changes", fake)
    return asked


# --- save ------------------------------------------------------------------------------------------
def test_save_writes_the_document_and_clears_the_modified_marker(window: MainWindow, tmp_path, monkeypatch):
    path = tmp_path / "every-kind.track.json"
    window.current_editor().document.set_path(path)
    rename(window)
    assert window.isWindowModified()
    window.file_actions.save_action.trigger()
    assert load_track(path) == window.document.snapshot()
    assert load_track(path).name == "Renamed"
    assert not window.isWindowModified() and not window.current_editor().is_modified
    assert "*" not in window.tabs.tabText(0)
    assert Settings().recent_files()[0] == path


def test_save_of_a_new_document_asks_for_a_name_and_adds_the_suffix(window: MainWindow, tmp_path, monkeypatch):
    asked = answer_save_as(monkeypatch, tmp_path / "my oval")
    assert window.document.path is None
    assert window.file_actions.save() is True
    expected = tmp_path / "my oval.track.json"
    assert window.document.path == expected
    assert asked and asked[0].endswith("every-kind.track.json")  # suggested from the document's name
    assert load_track(expected) == window.document.snapshot()
    assert window.windowTitle().startswith("my oval.track.json")
    # once it has a file, Save writes there without asking
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: pytest.fail("asked again"))
    rename(window, "Second")
    assert window.file_actions.save() is True
    assert load_track(expected).name == "Second"


def test_cancelled_save_as_changes_nothing(window: MainWindow, monkeypatch):
    answer_save_as(monkeypatch, None)
    rename(window)
    assert window.file_actions.save() is False
    assert window.document.path is None and window.current_editor().is_modified


@pytest.mark.parametrize("name, expected", [
    ("oval", "oval.track.json"), ("oval.track.json", "oval.track.json"), ("oval.json", "oval.track.json"),
    ("oval.track", "oval.track.json"), ("v1.2", "v1.2.track.json"), ("OVAL.TRACK.JSON", "OVAL.TRACK.JSON"),
])
def test_track_suffix(name, expected):
    assert with_track_suffix(Path("/x") / name) == Path("/x") / expected


def test_failed_save_keeps_the_document_open_and_dirty(window: MainWindow, tmp_path, monkeypatch, errors):
    path = tmp_path / "kept.track.json"
    window.current_editor().document.set_path(path)
    window.file_actions.save()
    before = path.read_bytes()
    rename(window, "Unsaved edit")

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    assert window.file_actions.save() is False
    assert len(errors) == 1
    _title, text = errors[0]
    assert "\n" not in text and "No space left on device" in text and str(path) in text
    assert window.current_editor().is_modified and window.isWindowModified()
    assert window.document.name == "Unsaved edit"
    assert path.read_bytes() == before  # the old file is untouched
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_save_into_a_missing_folder_reports_one_line(window: MainWindow, tmp_path, monkeypatch, errors):
    answer_save_as(monkeypatch, tmp_path / "no-such-folder" / "x.track.json")
    rename(window)
    assert window.file_actions.save() is False
    assert len(errors) == 1 and "\n" not in errors[0][1]
    assert window.document.path is None and window.current_editor().is_modified


def test_failed_save_from_the_close_prompt_keeps_the_tab(window: MainWindow, tmp_path, monkeypatch, errors):
    window.current_editor().document.set_path(tmp_path / "a.track.json")
    rename(window)
    monkeypatch.setattr(os, "replace", lambda s, d: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    answer_close_prompt(monkeypatch, Answer.Save)
    editor = window.current_editor()
    assert window.close_editor(editor) is False
    assert window.editors() == [editor] and editor.is_modified and len(errors) == 1


# --- close prompt ----------------------------------------------------------------------------------
def test_close_prompt_cancel_discard_save(window: MainWindow, tmp_path, monkeypatch):
    editor = window.current_editor()
    rename(window)
    asked = answer_close_prompt(monkeypatch, Answer.Cancel, Answer.Save, Answer.Discard)
    window.file_actions.close_action.trigger()
    assert asked == ["Renamed"] and window.editors() == [editor] and editor.is_modified

    answer_save_as(monkeypatch, tmp_path / "closing")
    assert window.close_editor(editor) is True  # Save → Save As → closed
    assert load_track(tmp_path / "closing.track.json").name == "Renamed"
    assert editor not in window.editors() and len(window.editors()) == 1  # an empty document takes its place

    other = window.add_editor(load_track(tmp_path / "closing.track.json"), tmp_path / "closing.track.json")
    rename(window, "Throw away")
    assert window.close_editor(other) is True  # Discard
    assert load_track(tmp_path / "closing.track.json").name == "Renamed"


def test_unmodified_tabs_close_without_asking(window: MainWindow, monkeypatch):
    asked = answer_close_prompt(monkeypatch)
    window.add_editor(window.document.snapshot())
    assert window.close_editor(window.current_editor()) is True
    assert asked == []


def test_quit_asks_for_each_modified_tab_and_cancel_keeps_the_window(window: MainWindow, tmp_path, monkeypatch):
    rename(window, "First")
    window.add_editor(window.document.snapshot())
    window.add_editor(window.document.snapshot())  # unmodified: not asked about
    window.tabs.setCurrentIndex(1)
    rename(window, "Second")
    asked = answer_close_prompt(monkeypatch, Answer.Discard, Answer.Cancel)
    window.file_actions.quit_action.trigger()
    assert asked == ["First", "Second"]
    assert window.isVisible() and len(window.editors()) == 3

    asked = answer_close_prompt(monkeypatch, Answer.Discard, Answer.Discard)
    assert window.close() is True
    assert asked == ["First", "Second"] and not window.isVisible()


# --- open ------------------------------------------------------------------------------------------
def answer_open(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(p) for p in paths], ""))


def test_open_adds_a_tab_and_reopening_switches_to_it(window: MainWindow, every_kind_file, monkeypatch):
    answer_open(monkeypatch, every_kind_file)
    window.file_actions.open_action.trigger()
    assert len(window.editors()) == 2
    opened = window.current_editor()
    assert opened.document.path == every_kind_file
    assert opened.document.snapshot() == load_track(every_kind_file)
    window.tabs.setCurrentIndex(0)
    # the same file again, through another name for it
    link = every_kind_file.parent / "link.track.json"
    link.symlink_to(every_kind_file)
    answer_open(monkeypatch, link)
    window.file_actions.open_action.trigger()
    assert len(window.editors()) == 2 and window.current_editor() is opened
    assert Settings().last_folder() == every_kind_file.parent


def test_open_error_is_one_line_and_changes_nothing(window: MainWindow, broken_file, monkeypatch, errors):
    answer_open(monkeypatch, broken_file)
    before = window.editors()
    window.file_actions.open_action.trigger()
    assert window.editors() == before
    assert len(errors) == 1 and "\n" not in errors[0][1] and broken_file.name in errors[0][1]
    assert Settings().recent_files() == []


# --- recent files ----------------------------------------------------------------------------------
def make_tracks(folder: Path, every_kind, count: int) -> list[Path]:
    paths = []
    for i in range(count):
        path = folder / f"t{i}.track.json"
        path.write_text(dumps_track(every_kind.model_copy(update={"name": f"T{i}"})), encoding="utf-8")
        paths.append(path)
    return paths


def test_recent_files_are_ordered_capped_and_persist(window: MainWindow, tmp_path, every_kind, monkeypatch):
    paths = make_tracks(tmp_path, every_kind, MAX_RECENT_FILES + 2)
    for path in paths:
        window.file_actions.open_paths([path])
    window.file_actions.open_paths([paths[3]])  # opened again: moves to the top
    expected = [paths[3], *reversed(paths[4:]), paths[2]]
    assert len(expected) == MAX_RECENT_FILES
    assert Settings().recent_files() == expected
    actions = window.file_actions.recent_actions()
    assert [a.data() for a in actions] == [str(p) for p in expected]
    assert actions[0].text() == "&1 t3.track.json"

    # a new window (a new start) reads the same list
    second = MainWindow()
    try:
        assert [a.data() for a in second.file_actions.recent_actions()] == [str(p) for p in expected]
    finally:
        second.deleteLater()


def test_recent_entry_opens_and_a_missing_one_is_removed(window: MainWindow, tmp_path, every_kind, errors):
    first, gone = make_tracks(tmp_path, every_kind, 2)
    window.file_actions.open_paths([first, gone])
    for editor in list(window.editors()):
        window.close_editor(editor)
    gone.unlink()
    def recent_action(path: Path):
        return next(a for a in window.file_actions.recent_actions() if Path(a.data()) == path)

    recent_action(first).trigger()
    assert window.document.path == first
    recent_action(gone).trigger()
    assert len(errors) == 1 and "no longer exists" in errors[0][1] and "\n" not in errors[0][1]
    assert Settings().recent_files() == [first]
    assert [Path(a.data()) for a in window.file_actions.recent_actions()] == [first]


def test_clear_recent(window: MainWindow, tmp_path, every_kind):
    window.file_actions.open_paths(make_tracks(tmp_path, every_kind, 3))
    clear = next(a for a in window.file_actions.recent_menu.actions() if a.text() == "&Clear Recent")
    assert clear.isEnabled()
    clear.trigger()
    assert Settings().recent_files() == [] and window.file_actions.recent_actions() == []
    texts = [a.text() for a in window.file_actions.recent_menu.actions() if a.text()]
    assert texts == ["No Recent Files", "&Clear Recent"]


# --- new -------------------------------------------------------------------------------------------
def gaslands_starters() -> list[Path]:
    return sorted(p for p in TEMPLATES_DIR.glob("*.track.json") if load_track(p).ruleset == "mk-gaslands")


def test_new_dialog_shows_previews_of_every_starter_track(qtbot):
    dialog = new_dialog.NewDocumentDialog()
    qtbot.addWidget(dialog)
    templates = gaslands_starters()  # the dialog opens on the default system's starters
    assert len(templates) >= 5
    assert [c.source for c in dialog.choices] == [None, *templates]
    assert dialog.list.count() == len(templates) + 1 and dialog.list.item(0).text() == "Blank table"
    for row in range(dialog.list.count()):
        pixmap = dialog.list.item(row).icon().pixmap(new_dialog.THUMBNAIL_SIZE)
        assert not pixmap.isNull()
        image = pixmap.toImage()
        centre = image.pixelColor(image.width() // 2, image.height() // 2)
        assert centre.alpha() == 255  # the table is drawn, not an empty icon
    assert dialog.errors == []
    dialog.select(3)
    assert dialog.current_choice().title == load_track(templates[2]).name
    assert "elements" in dialog.details.text()


def test_new_opens_the_chosen_starter_track_untitled(window: MainWindow, qtbot):
    template = gaslands_starters()[1]

    def choose() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, new_dialog.NewDocumentDialog)
        dialog.select(2)
        dialog.create_button.click()

    QTimer.singleShot(0, choose)
    editor = window.file_actions.new_document()
    assert editor is window.current_editor() and len(window.editors()) == 2
    assert editor.document.path is None and not editor.is_modified
    assert editor.document.snapshot() == load_track(template)
    assert "(unsaved)" in window.windowTitle()


def test_new_blank_table_and_cancel(window: MainWindow, monkeypatch):
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    assert window.file_actions.new_document() is None and len(window.editors()) == 1

    def blank() -> None:
        dialog = QApplication.activeModalWidget()
        dialog.select(0)
        dialog.accept()

    QTimer.singleShot(0, blank)
    editor = window.file_actions.new_document()
    assert editor.document.path is None and len(editor.document) == 0 and editor.document.track is None


def test_a_broken_starter_track_is_listed_as_a_problem(qtbot, tmp_path, every_kind):
    (tmp_path / "good.track.json").write_text(dumps_track(every_kind), encoding="utf-8")
    (tmp_path / "bad.track.json").write_text("{", encoding="utf-8")
    dialog = new_dialog.NewDocumentDialog(folder=tmp_path)
    qtbot.addWidget(dialog)
    assert [c.title for c in dialog.choices] == ["Blank table", "Every Kind"]
    assert len(dialog.errors) == 1 and "bad.track.json" in dialog.errors[0]


# --- settings --------------------------------------------------------------------------------------
def test_generic_settings_keep_their_types(tmp_path):
    settings = Settings()
    assert settings.get("canvas/grid", True) is True
    settings.set("canvas/grid", False)
    settings.set("export/scale", 2.5)
    settings.set("export/count", 3)
    settings.sync()
    fresh = Settings()
    assert fresh.get("canvas/grid", True) is False
    assert fresh.get("export/scale", 1.0) == 2.5 and fresh.get("export/count", 0) == 3
    assert fresh.get("missing", "x") == "x"
    assert str(tmp_path) in fresh.file_name()


def test_window_geometry_and_dock_layout_come_back(qtbot, every_kind):
    def make() -> MainWindow:
        win = MainWindow(every_kind)
        qtbot.addWidget(win)
        dock = QDockWidget("Probe", win)
        dock.setObjectName("probe-dock")
        win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return win

    first = make()
    assert file_actions.restore_window_state(first) is False  # nothing saved yet
    first.show()
    first.resize(700, 520)
    first.findChild(QDockWidget, "probe-dock").hide()
    qtbot.waitUntil(lambda: first.width() == 700)
    assert first.close()

    second = make()
    assert file_actions.restore_window_state(second) is True
    second.show()
    qtbot.waitExposed(second)
    assert (second.width(), second.height()) == (700, 520)
    assert not second.findChild(QDockWidget, "probe-dock").isVisible()


def test_windows_not_started_from_settings_leave_them_alone(window: MainWindow):
    window.resize(700, 500)
    assert window.close()
    assert Settings().get("window/geometry") is None
