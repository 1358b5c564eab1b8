"""File ▸ Generate Track…: the systems with a generator, the table, a seed with Another One, the generator's
options, a live preview, and a new unsaved document on Create."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox

from designer.app import generate_dialog
from designer.app.window import MainWindow
from designer.geometry.generate import generator_systems


@pytest.fixture
def dialog(qtbot):
    dialog = generate_dialog.GenerateDialog(units="mm")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_only_systems_with_a_generator_are_offered(dialog):
    offered = [dialog.system_combo.itemData(i) for i in range(dialog.system_combo.count())]
    assert offered == [s.id for s in generator_systems()] and "mk-gaslands" in offered


def test_it_opens_with_a_track_and_a_preview(dialog):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-gaslands"))
    assert dialog.document is not None and dialog.document.ruleset == "mk-gaslands"
    assert dialog.create_button.isEnabled()
    assert not dialog.preview.pixmap().isNull() and dialog.preview.pixmap().width() > 100
    assert isinstance(dialog.controls["gates"], QSpinBox) and isinstance(dialog.controls["hazards"], QComboBox)
    assert (dialog.document.table.width_mm, dialog.document.table.height_mm) == (1828.8, 1219.2)


def test_another_one_rerolls_the_seed_and_the_track(dialog):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-gaslands"))
    first_seed, first = dialog.seed_spin.value(), dialog.document
    dialog.another_button.click()
    assert dialog.seed_spin.value() != first_seed
    assert dialog.document.track.centerline != first.track.centerline
    dialog.seed_spin.setValue(first_seed)  # the same seed: the same track again
    assert dialog.document == first


def test_options_and_table_change_the_track(dialog):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-gaslands"))
    dialog.controls["gates"].setValue(6)
    assert sum(e.kind == "gate" for e in dialog.document.elements) == 6
    shape = dialog.controls["shape"]
    shape.setCurrentIndex(shape.findData("figure-8"))
    assert dialog.settings()["shape"] == "figure-8"
    dialog.table.set_size(1600.0, 1200.0)  # too short for a figure-8: said in red, Create disabled
    assert dialog.document is None and not dialog.create_button.isEnabled()
    assert "figure-8" in dialog.details.text()
    dialog.table.set_size(2400.0, 1500.0)
    assert dialog.document is not None and dialog.document.table.width_mm == 2400.0
    assert dialog.create_button.isEnabled()


def test_create_opens_a_new_unsaved_document(window: MainWindow, qtbot):
    seen = {}

    def create() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, generate_dialog.GenerateDialog)
        dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-gaslands"))
        dialog.seed_spin.setValue(7)
        seen["document"] = dialog.document
        dialog.create_button.click()

    QTimer.singleShot(0, create)
    before = len(window.editors())
    editor = window.file_actions.generate_document()
    assert editor is not None and len(window.editors()) == before + 1
    assert editor.document.path is None
    assert editor.document.snapshot().track == seen["document"].track
    assert len(editor.document) == len(seen["document"].elements) > 10
    assert window.file_actions.generate_action.text() == "&Generate Track…"


def test_cancel_opens_nothing(window: MainWindow, qtbot):
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    before = len(window.editors())
    assert window.file_actions.generate_document() is None and len(window.editors()) == before


def test_the_new_dialog_goes_on_to_generate(window: MainWindow, qtbot):
    from designer.app.new_dialog import NewDocumentDialog

    seen = {}

    def create_generated() -> None:
        dialog = QApplication.activeModalWidget()
        seen["dialog"] = type(dialog).__name__
        seen["system"] = dialog.system_id()
        dialog.create_button.click()

    def press_generate() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewDocumentDialog)
        dialog.show_system("mk-gaslands")
        QTimer.singleShot(0, create_generated)
        dialog.generate_button.click()

    QTimer.singleShot(0, press_generate)
    editor = window.file_actions.new_document()
    assert seen == {"dialog": "GenerateDialog", "system": "mk-gaslands"}
    assert editor is not None and editor.document.path is None and editor.document.track is not None
    assert len(editor.document) > 10
