"""File ▸ New: the blank table is selected at first (Enter creates it), with a chosen ruleset, size and units."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from designer.app import new_dialog
from designer.app.window import MainWindow
from designer.geometry.units import TABLE_PRESETS


@pytest.fixture
def dialog(qtbot):
    dialog = new_dialog.NewDocumentDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_blank_table_is_selected_at_first_and_enter_creates_it(window: MainWindow, qtbot):
    def press_enter() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, new_dialog.NewDocumentDialog)
        assert dialog.current_choice().is_blank and dialog.list.currentRow() == 0
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    QTimer.singleShot(0, press_enter)
    editor = window.file_actions.new_document()
    assert editor is not None and len(editor.document) == 0 and editor.document.track is None
    assert editor.document.snapshot().ruleset == "mk-gaslands"


def test_switching_the_system_keeps_the_blank_table_selected(dialog):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-board"))
    assert dialog.current_choice().is_blank
    assert dialog.chosen_document().ruleset == "mk-board"


def test_a_preset_size_and_units(dialog, qtbot):
    box = dialog.table_box
    assert box.preset_combo.currentText() == TABLE_PRESETS[2].name  # the 6′ × 4′ default
    box.preset_combo.setCurrentIndex(0)
    box.preset_combo.activated.emit(0)
    box.units_combo.setCurrentIndex(box.units_combo.findData("cm"))
    assert box.width_spin.suffix() == " cm" and box.width_spin.value() == pytest.approx(91.44)
    document = dialog.chosen_document()
    assert (document.table.width_mm, document.table.height_mm) == (914.4, 914.4)
    assert document.display_units == "cm"
    assert "91,44" in dialog.details.text() or "91.4" in dialog.details.text()


def test_a_custom_size_selects_the_blank_table_and_shapes_its_preview(dialog, qtbot):
    dialog.select(1)
    assert not dialog.current_choice().is_blank
    box = dialog.table_box
    box.units_combo.setCurrentIndex(box.units_combo.findData("mm"))
    box.width_spin.setValue(600)
    box.height_spin.setValue(1200)
    assert dialog.current_choice().is_blank  # editing the box means starting from the blank table
    assert box.preset_combo.currentText() == "Custom"
    document = dialog.chosen_document()
    assert (document.table.width_mm, document.table.height_mm, document.display_units) == (600, 1200, "mm")
    # The preview is a portrait table now: transparent at the left and right edges, drawn in the middle.
    image = dialog.list.item(0).icon().pixmap(new_dialog.THUMBNAIL_SIZE).toImage()
    middle = image.height() // 2
    assert image.pixelColor(image.width() // 2, middle).alpha() == 255
    assert image.pixelColor(8, middle).alpha() == 0 and image.pixelColor(image.width() - 8, middle).alpha() == 0
    box.swap_button.click()
    assert dialog.chosen_document().table.width_mm == 1200


def test_a_starter_opens_as_it_is(dialog):
    dialog.table_box.units_combo.setCurrentIndex(dialog.table_box.units_combo.findData("mm"))
    dialog.select(1)
    starter = dialog.current_choice()
    assert dialog.chosen_document() == starter.document  # the box shapes only the blank table


def test_the_next_new_opens_on_the_system_table_and_units_chosen_last(dialog, qtbot):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("pitchkart"))
    dialog.table_box.units_combo.setCurrentIndex(dialog.table_box.units_combo.findData("cm"))
    dialog.table_box.width_spin.setValue(150.0)
    dialog.table_box.height_spin.setValue(90.0)
    dialog.accept()
    again = new_dialog.NewDocumentDialog()
    qtbot.addWidget(again)
    assert again.system_combo.currentData() == "pitchkart"
    blank = again.chosen_document()
    assert blank.ruleset == "pitchkart" and blank.display_units == "cm"
    assert (blank.table.width_mm, blank.table.height_mm) == pytest.approx((1500.0, 900.0))


def test_a_cancelled_new_remembers_nothing(dialog, qtbot):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-board"))
    dialog.reject()
    again = new_dialog.NewDocumentDialog()
    qtbot.addWidget(again)
    assert again.system_combo.currentData() == "mk-gaslands"
