"""Numbers in the GUI follow the language chosen at start: spin boxes show and read "12,5" in German, Spanish
and French (the default QLocale), and English keeps the C locale's "12.5"."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox

from designer.app.main import application, install_language

pytestmark = pytest.mark.usefixtures("qt_language_reset")


def spin(qtbot) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    qtbot.addWidget(box)
    box.setDecimals(1)
    box.setRange(0.0, 1000.0)
    box.setValue(12.5)
    return box


@pytest.mark.parametrize("language", ["de", "es", "fr"])
def test_a_spin_box_made_after_start_shows_and_reads_a_decimal_comma(qtbot, language):
    assert install_language(application(), language) == language
    box = spin(qtbot)
    assert box.text() == "12,5"
    assert box.valueFromText("7,5") == pytest.approx(7.5)
    box.lineEdit().setText("3,5")
    box.interpretText()
    assert box.value() == pytest.approx(3.5)
    assert box.validate("8,5", 3)[0] == QValidator.State.Acceptable


def test_english_keeps_the_decimal_point(qtbot):
    install_language(application(), "de")
    install_language(application(), "en")
    box = spin(qtbot)
    assert box.text() == "12.5" and box.valueFromText("7.5") == pytest.approx(7.5)


def test_the_inspector_shows_a_decimal_comma_in_german(qtbot, every_kind, errors):
    from designer.app.window import MainWindow

    install_language(application(), "de")
    window = MainWindow(every_kind)
    qtbot.addWidget(window)
    window.show()
    window.current_editor().select_ids(["thwomp"])
    field = window.panes.inspector.field_editor("x_mm")
    assert field is not None and field.box.text() == "17,717 in"  # 450 mm; "17.717 in" in English
    for e in window.editors():
        e.document.undo_stack.setClean()
    window.close()
