"""Edit ▸ Preferences…: each preference changed through the dialog's widgets takes effect and persists;
Cancel changes nothing; Restore Defaults puts the defaults back (once OK is pressed)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from designer.app import main as app_main
from designer.app import new_dialog
from designer.app.preferences import PreferencesDialog, preferences_shortcuts
from designer.app.print_dialog import PrintDialog
from designer.app.settings import AUTOSAVE_INTERVAL, CHECKS_DELAY, NEW_UNITS, PRINT_PAPER, Preferences, Settings
from designer.app.window import MainWindow
from designer.export.paper_names import PAPER_IDS
from designer.paths import DEFAULT_TRACK

BUTTON = QDialogButtonBox.StandardButton


@pytest.fixture
def dialog(window: MainWindow, qtbot):
    dlg = PreferencesDialog(window)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def click(qtbot, dlg: PreferencesDialog, which: QDialogButtonBox.StandardButton) -> None:
    qtbot.mouseClick(dlg.button(which), Qt.MouseButton.LeftButton)


def choose(combo, key: str) -> None:
    combo.setCurrentIndex(combo.findData(key))


def new_window(qtbot, every_kind) -> MainWindow:
    win = MainWindow(every_kind)
    qtbot.addWidget(win)
    return win


# --- the menu entry ----------------------------------------------------------------------------------
def test_edit_menu_opens_the_dialog_and_ok_applies(window: MainWindow, qtbot):
    action = window.preferences_action
    assert action in window.menus["Edit"].actions()
    standard = QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
    assert action.shortcuts() == (standard or [QKeySequence("Ctrl+,")]) == preferences_shortcuts()
    seen = []

    def answer() -> None:
        dlg = QApplication.activeModalWidget()
        seen.append(dlg)
        dlg.autosave_spin.setValue(7)
        qtbot.mouseClick(dlg.button(BUTTON.Ok), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    action.trigger()
    assert isinstance(seen[0], PreferencesDialog) and seen[0].windowTitle() == "Preferences"
    assert window.autosaver.interval_seconds() == 7 * 60


# --- General -----------------------------------------------------------------------------------------
def test_autosave_interval_applies_to_the_running_autosaver_and_persists(window: MainWindow, dialog, qtbot):
    assert window.autosaver.interval_seconds() == 120 and dialog.autosave_spin.value() == 2
    dialog.autosave_spin.setValue(15)
    click(qtbot, dialog, BUTTON.Ok)
    assert window.autosaver.timer.isActive() and window.autosaver.interval_seconds() == 15 * 60
    assert Settings().autosave_interval_seconds() == 900 and Settings().preferences().autosave_seconds == 900

    off = PreferencesDialog(window)
    qtbot.addWidget(off)
    assert off.autosave_spin.value() == 15
    off.autosave_spin.setValue(0)
    assert off.autosave_spin.text() == "Off"
    off.accept()
    assert not window.autosaver.timer.isActive() and Settings().autosave_interval_seconds() == 0


def test_an_interval_of_odd_seconds_survives_ok_when_left_alone(window: MainWindow, qtbot):
    window.autosaver.set_interval_seconds(90)
    dlg = PreferencesDialog(window)
    qtbot.addWidget(dlg)
    assert dlg.autosave_spin.value() == 2  # shown in whole minutes
    dlg.recent_spin.setValue(4)
    dlg.accept()
    assert window.autosaver.interval_seconds() == 90 and Settings().autosave_interval_seconds() == 90


def test_recent_files_kept(window: MainWindow, dialog, qtbot, tmp_path):
    settings = Settings()
    files = [tmp_path / f"t{i}.track.json" for i in range(6)]
    for path in files:
        settings.add_recent_file(path)
    assert len(settings.recent_files()) == 6
    dialog.recent_spin.setValue(3)
    click(qtbot, dialog, BUTTON.Ok)
    fresh = Settings()
    assert fresh.recent_files() == [files[5], files[4], files[3]]
    assert fresh.get("files/recent", []) == [str(p) for p in (files[5], files[4], files[3])]  # dropped on disk too
    window.file_actions.recent_menu.rebuild()
    assert len(window.file_actions.recent_menu.recent_actions()) == 3
    fresh.add_recent_file(files[0])
    assert fresh.recent_files() == [files[0], files[5], files[4]]
    assert fresh.preferences().recent_files == 3


def test_start_without_the_starter_track(window: MainWindow, dialog, qtbot, errors):
    assert dialog.starter_box.isChecked()
    qtbot.mouseClick(dialog.starter_box, Qt.MouseButton.LeftButton)
    click(qtbot, dialog, BUTTON.Ok)
    assert Settings().preferences().open_starter_track is False
    win = app_main.open_main_window([])
    qtbot.addWidget(win)
    document = win.document.snapshot()
    assert len(win.editors()) == 1 and document.name == "Untitled" and document.elements == []
    assert errors == []


def test_start_with_the_starter_track_by_default(qtbot, errors):
    if not DEFAULT_TRACK.is_file():
        pytest.skip("no bundled default track")
    win = app_main.open_main_window([])
    qtbot.addWidget(win)
    assert win.document.name != "Untitled" and len(win.document.snapshot().elements) > 0


# --- Canvas ------------------------------------------------------------------------------------------
def test_units_of_new_documents(window: MainWindow, dialog, qtbot):
    assert dialog.units_combo.currentData() == "in"
    choose(dialog.units_combo, "cm")
    click(qtbot, dialog, BUTTON.Ok)
    assert Settings().preferences().new_document_units == "cm"
    blank = new_dialog.starter_choices()[0][0]
    assert blank.is_blank and blank.document.display_units == "cm"
    window.close_editor(window.current_editor())  # the last tab: an untitled one takes its place
    assert window.document.name == "Untitled" and window.current_editor().scene.display_units() == "cm"
    assert window.document.snapshot().display_units == "cm"


def test_snap_to_grid_at_start(window: MainWindow, dialog, qtbot, every_kind):
    snap = window.edit_controller.snap_action
    assert not snap.isChecked()
    dialog.tabs.setCurrentIndex(1)  # Canvas
    qtbot.mouseClick(dialog.snap_box, Qt.MouseButton.LeftButton)
    click(qtbot, dialog, BUTTON.Ok)
    assert snap.isChecked() and window.current_editor().tools.snap_to_grid  # applied to this window at once
    other = new_window(qtbot, every_kind)
    assert other.edit_controller.snap_action.isChecked() and other.current_editor().tools.snap_to_grid
    assert Settings().preferences().snap_at_start is True

    snap.setChecked(False)  # switched off by hand; OK for another preference leaves it off
    again = PreferencesDialog(window)
    qtbot.addWidget(again)
    again.delay_spin.setValue(300)
    again.accept()
    assert not snap.isChecked() and not window.current_editor().tools.snap_to_grid


def test_nudge_steps(window: MainWindow, dialog, qtbot, every_kind):
    editor = window.current_editor()
    element = editor.document.elements[0]
    editor.select_ids([element.id])
    dialog.tabs.setCurrentIndex(1)  # Canvas
    dialog.nudge_spin.setValue(2.5)
    dialog.nudge_large_spin.setValue(25.0)
    click(qtbot, dialog, BUTTON.Ok)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    moved = editor.document.element(element.id)
    assert (moved.x_mm - element.x_mm, moved.y_mm - element.y_mm) == pytest.approx((2.5, 25.0))
    other = new_window(qtbot, every_kind)  # a window opened later reads them too
    assert other.current_editor().tools.nudge_steps_mm == (2.5, 25.0)
    assert (Settings().preferences().nudge_mm, Settings().preferences().nudge_large_mm) == (2.5, 25.0)


# --- Checks ------------------------------------------------------------------------------------------
def test_problems_delay(window: MainWindow, dialog, qtbot, every_kind):
    assert window.current_editor().checks.timer.interval() == 250
    dialog.tabs.setCurrentIndex(2)
    dialog.delay_spin.setValue(700)
    click(qtbot, dialog, BUTTON.Ok)
    assert window.current_editor().checks.timer.interval() == 700
    second = window.add_editor(every_kind)
    assert second.checks.timer.interval() == 700
    assert Settings().get(CHECKS_DELAY, 0) == 700


# --- Print -------------------------------------------------------------------------------------------
def test_print_dialog_starts_with_the_preferred_paper_and_margin(window: MainWindow, dialog, qtbot):
    before = PrintDialog(window.document.snapshot())
    qtbot.addWidget(before)
    offered = [before.paper_combo.itemData(i) for i in range(before.paper_combo.count())]
    assert offered == [dialog.paper_combo.itemData(i) for i in range(dialog.paper_combo.count())]
    assert tuple(offered) == PAPER_IDS  # the one list the CLI offers too
    assert before.paper_combo.currentData() == "a4" and before.margin_spin.value() == 10.0
    choose(dialog.paper_combo, "letter")
    dialog.margin_spin.setValue(6.5)
    click(qtbot, dialog, BUTTON.Ok)
    after = PrintDialog(window.document.snapshot())
    qtbot.addWidget(after)
    assert after.paper_combo.currentData() == "letter" and after.margin_spin.value() == 6.5
    assert after.options().paper == "letter" and after.options().margin_mm is None  # each sheet's own at first
    after.auto_margin_box.setChecked(False)
    assert after.options().margin_mm == 6.5  # the preferred margin, once one margin for all is asked for
    assert Settings().preferences().paper == "letter"


# --- persistence, Cancel, Restore Defaults -----------------------------------------------------------
CHANGED = Preferences(autosave_seconds=5 * 60, recent_files=4, open_starter_track=False, new_document_units="mm",
                      snap_at_start=True, nudge_mm=0.5, nudge_large_mm=5.0, checks_delay_ms=500, paper="a3",
                      margin_mm=12.0)


def fill(dlg: PreferencesDialog, prefs: Preferences) -> None:
    dlg.autosave_spin.setValue(prefs.autosave_seconds // 60)
    dlg.recent_spin.setValue(prefs.recent_files)
    dlg.starter_box.setChecked(prefs.open_starter_track)
    choose(dlg.units_combo, prefs.new_document_units)
    dlg.snap_box.setChecked(prefs.snap_at_start)
    dlg.nudge_spin.setValue(prefs.nudge_mm)
    dlg.nudge_large_spin.setValue(prefs.nudge_large_mm)
    dlg.delay_spin.setValue(prefs.checks_delay_ms)
    choose(dlg.paper_combo, prefs.paper)
    dlg.margin_spin.setValue(prefs.margin_mm)


def test_everything_persists_and_the_dialog_shows_it_again(window: MainWindow, dialog, qtbot):
    fill(dialog, CHANGED)
    assert dialog.preferences() == CHANGED
    click(qtbot, dialog, BUTTON.Ok)
    assert Settings().preferences() == CHANGED
    again = PreferencesDialog(window)
    qtbot.addWidget(again)
    assert again.preferences() == CHANGED


def test_cancel_changes_nothing(window: MainWindow, dialog, qtbot):
    fill(dialog, CHANGED)
    click(qtbot, dialog, BUTTON.Cancel)
    assert not dialog.isVisible()
    assert Settings().preferences() == Preferences()
    assert Settings().get(AUTOSAVE_INTERVAL) is None and Settings().get(NEW_UNITS) is None  # nothing written
    assert window.autosaver.interval_seconds() == 120
    assert not window.edit_controller.snap_action.isChecked()
    assert window.current_editor().checks.timer.interval() == 250


def test_restore_defaults(window: MainWindow, qtbot):
    first = PreferencesDialog(window)
    qtbot.addWidget(first)
    fill(first, CHANGED)
    first.accept()
    assert window.autosaver.interval_seconds() == 300
    dlg = PreferencesDialog(window)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.preferences() == CHANGED
    click(qtbot, dlg, BUTTON.RestoreDefaults)
    assert dlg.preferences() == Preferences() and dlg.isVisible()
    assert Settings().preferences() == CHANGED  # only the widgets so far
    click(qtbot, dlg, BUTTON.Ok)
    assert Settings().preferences() == Preferences()
    assert window.autosaver.interval_seconds() == 120
    assert not window.edit_controller.snap_action.isChecked()
    assert window.current_editor().checks.timer.interval() == 250


def test_hand_edited_values_fall_back_to_defaults():
    settings = Settings()
    settings.set(NEW_UNITS, "furlongs")
    settings.set(PRINT_PAPER, "papyrus")
    settings.set(CHECKS_DELAY, "soon")
    settings.set("files/recent_limit", 500)
    prefs = Settings().preferences()
    assert (prefs.new_document_units, prefs.paper, prefs.checks_delay_ms) == ("in", "a4", 250)
    assert prefs.recent_files == 30
