"""Document Properties: OK applies every change as one undo step, Cancel nothing; nothing moves."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialogButtonBox

from designer.app.properties_dialog import DocumentPropertiesDialog
from designer.app.table_size import CUSTOM
from designer.app.window import MainWindow
from designer.model.track import Table


@pytest.fixture
def document(window: MainWindow):
    return window.document


@pytest.fixture
def dialog(qtbot, window: MainWindow, document):
    dlg = DocumentPropertiesDialog(document, window)
    qtbot.addWidget(dlg)
    return dlg


def pick(combo, text: str) -> None:
    index = combo.findText(text)
    assert index >= 0, f"{text!r} not offered"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_the_dialog_shows_the_document(dialog: DocumentPropertiesDialog):
    assert dialog.name_edit.text() == "Every Kind"
    assert dialog.ruleset_combo.currentText() == "Mario Kart Gaslands"
    assert dialog.ruleset_combo.count() >= 5  # every bundled ruleset, by name
    assert dialog.preset_combo.currentText() == CUSTOM  # 4′ × 3′ is no preset
    assert dialog.width_spin.suffix() == " in" and dialog.width_spin.value() == pytest.approx(48)
    assert dialog.height_spin.value() == pytest.approx(36)
    assert dialog.units_combo.currentData() == "in"
    assert (dialog.laps_spin.value(), dialog.karts_spin.value()) == (3, 4)
    assert (dialog.laps_spin.minimum(), dialog.laps_spin.maximum()) == (1, 99)
    assert (dialog.karts_spin.minimum(), dialog.karts_spin.maximum()) == (1, 16)


def test_ok_applies_everything_as_one_undo_step(dialog: DocumentPropertiesDialog, document):
    elements = document.elements
    stack = document.undo_stack
    start = stack.count()
    before = {field: document.prop(field) for field in ("name", "ruleset", "table", "display_units", "laps", "karts")}
    dialog.name_edit.setText("Koopa Beach")
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("mk-board"))
    pick(dialog.preset_combo, "4′ × 4′")
    dialog.units_combo.setCurrentIndex(dialog.units_combo.findData("cm"))
    dialog.laps_spin.setValue(5)
    dialog.karts_spin.setValue(6)
    dialog.accept()

    assert stack.count() == start + 1
    assert document.name == "Koopa Beach"
    assert document.prop("ruleset") == "mk-board"
    assert document.prop("table") == Table(width_mm=1219.2, height_mm=1219.2)
    assert document.prop("display_units") == "cm"
    assert (document.prop("laps"), document.prop("karts")) == (5, 6)
    assert document.elements == elements  # nothing moved

    stack.undo()
    assert {field: document.prop(field) for field in before} == before
    assert document.elements == elements
    stack.redo()
    assert (document.name, document.prop("display_units"), document.prop("karts")) == ("Koopa Beach", "cm", 6)


def test_cancel_changes_nothing(dialog: DocumentPropertiesDialog, document):
    start = document.undo_stack.count()
    dialog.name_edit.setText("Never")
    pick(dialog.preset_combo, "3′ × 3′")
    dialog.reject()
    assert document.undo_stack.count() == start
    assert document.name == "Every Kind" and document.prop("table").width_mm == 1219.2


def test_ok_without_changes_pushes_nothing(dialog: DocumentPropertiesDialog, document):
    start = document.undo_stack.count()
    dialog.units_combo.setCurrentIndex(dialog.units_combo.findData("mm"))
    dialog.units_combo.setCurrentIndex(dialog.units_combo.findData("in"))
    dialog.accept()
    assert document.undo_stack.count() == start


def test_custom_size_in_display_units(dialog: DocumentPropertiesDialog, document):
    pick(dialog.preset_combo, "6′ × 4′")
    assert (dialog.width_spin.value(), dialog.height_spin.value()) == (pytest.approx(72), pytest.approx(48))
    dialog.width_spin.setValue(60)
    assert dialog.preset_combo.currentText() == CUSTOM
    dialog.height_spin.setValue(48)
    dialog.accept()
    assert document.prop("table") == Table(width_mm=1524.0, height_mm=1219.2)
    assert document.undo_stack.undoText() == "Resize table"


def test_size_edits_snap_to_a_matching_preset_and_swap(dialog: DocumentPropertiesDialog):
    dialog.width_spin.setValue(36)
    assert dialog.preset_combo.currentText() == "3′ × 3′"
    pick(dialog.preset_combo, "6′ × 4′")
    dialog.swap_button.click()
    assert dialog.table_mm() == (1219.2, 1828.8)
    assert dialog.preset_combo.currentText() == CUSTOM


def test_switching_units_never_rounds_the_table(dialog: DocumentPropertiesDialog, document):
    for units in ("cm", "mm", "in", "cm"):
        dialog.units_combo.setCurrentIndex(dialog.units_combo.findData(units))
    assert dialog.width_spin.suffix() == " cm" and dialog.width_spin.value() == pytest.approx(121.92)
    assert (dialog.width_spin.minimum(), dialog.width_spin.maximum()) == (10, 1000)
    dialog.accept()
    assert document.prop("table") == Table(width_mm=1219.2, height_mm=914.4)
    assert document.undo_stack.undoText() == "Change display units"


def test_an_empty_name_cannot_be_accepted(dialog: DocumentPropertiesDialog, document):
    dialog.name_edit.setText("   ")
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    start = document.undo_stack.count()
    dialog.accept()
    assert document.undo_stack.count() == start and document.name == "Every Kind"


def test_notes_warn_about_elements_off_the_table_and_outside_the_ruleset(dialog: DocumentPropertiesDialog):
    assert "moves no element" in dialog.notes.text()
    pick(dialog.preset_combo, "3′ × 3′")
    assert "lie outside this table" in dialog.notes.text()
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("mk-downforce"))
    assert "not part of Mario Kart for Downforce" in dialog.notes.text()


def test_the_track_menu_opens_it_for_the_current_tab(window: MainWindow, monkeypatch):
    action = window.properties_action
    assert action in window.menus["Track"].actions()
    assert action.shortcut() == QKeySequence("Ctrl+Shift+P")

    def fake_exec(dlg):
        dlg.laps_spin.setValue(7)
        dlg.accept()
        return dlg.result()

    monkeypatch.setattr(DocumentPropertiesDialog, "exec", fake_exec)
    action.trigger()
    assert window.document.prop("laps") == 7
    assert window.document.undo_stack.undoText() == "Change laps"
