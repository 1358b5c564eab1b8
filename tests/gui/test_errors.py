"""Unexpected errors in the editor: a dialog and the log instead of a traceback lost on stderr; Help ▸ About.

pytest-qt normally catches exceptions raised in slots itself; these tests turn that off
(`qt_no_exception_capture`) and install the editor's own hook, as `run_gui` does.
"""

from __future__ import annotations

import platform
import sys

import PySide6
import pytest
from PySide6.QtCore import QObject, Qt, Signal, qVersion, qWarning
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QApplication

import designer
from designer import logs
from designer.app import errors
from designer.app.about import AboutDialog
from designer.app.errors import ErrorDialog, ErrorReporter


class Emitter(QObject):
    fired = Signal(int)


@pytest.fixture
def reporter(qapp):
    reporter = ErrorReporter().install()
    yield reporter
    reporter.uninstall()
    for dialog in error_dialogs():
        dialog.close()
    reporter.deleteLater()


def error_dialogs() -> list[ErrorDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, ErrorDialog) and w.isVisible()]


def failing_action(message: str = "the wheel came off <b>here</b>") -> QAction:
    action = QAction("Fail")

    def on_fail() -> None:
        raise ValueError(message)

    action.triggered.connect(on_fail)
    return action


def log_text() -> str:
    return logs.log_path().read_text(encoding="utf-8")


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_shows_a_dialog_and_is_logged(qtbot, reporter):
    action = failing_action()
    action.trigger()
    qtbot.waitUntil(lambda: len(error_dialogs()) == 1)
    dialog = error_dialogs()[0]
    assert dialog.windowTitle() == "Unexpected Error — Kartographer"
    assert not dialog.isModal()
    labels = [label.text() for label in dialog.findChildren(type(dialog.log_label)) if label.isVisible()]
    # plain text: the "<b>" of the message is shown as it is, not as markup
    assert labels[0] == "Something went wrong: ValueError: the wheel came off <b>here</b>"
    assert dialog.log_label.text() == f"Log file: {logs.log_path()}"
    assert dialog.log_label.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    assert not dialog.count_label.isVisible()

    text = log_text()
    assert "ERROR designer.app.errors: unexpected error: ValueError: the wheel came off <b>here</b>" in text
    assert "Traceback (most recent call last)" in text and "in on_fail" in text

    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("Unexpected error: ValueError: the wheel came off <b>here</b>\n")
    for line in (f"Kartographer {designer.__version__}", f"Python {platform.python_version()}",
                 f"PySide6 {PySide6.__version__}", f"Qt {qVersion()}", f"Log file: {logs.log_path()}"):
        assert line in copied.splitlines()
    assert "Traceback (most recent call last)" in copied and "in on_fail" in copied
    dialog.close()
    qtbot.waitUntil(lambda: not error_dialogs())
    assert reporter.dialog is None


@pytest.mark.qt_no_exception_capture
def test_a_repeated_error_shows_one_dialog_and_counts_the_rest(qtbot, reporter):
    action = failing_action()
    for _ in range(5):
        action.trigger()
    qtbot.waitUntil(lambda: len(error_dialogs()) == 1)
    dialog = error_dialogs()[0]
    assert dialog.count_label.text() == "This happened 5 times."
    action.trigger()
    assert dialog.count_label.text() == "This happened 6 times."
    other = Emitter()
    other.fired.connect(lambda n: [][n])  # an IndexError
    other.fired.emit(3)
    qtbot.wait(20)
    assert error_dialogs() == [dialog]
    assert dialog.count_label.text() == "This happened 6 times. 1 other unexpected error since: see the log."
    text = log_text()
    assert text.count("Traceback (most recent call last)") == 2  # once per different error
    assert "the same error again, 2 times now" in text and "the same error again, 4 times now" in text
    assert "6 times now" not in text and "IndexError: list index out of range" in text

    dialog.close()
    qtbot.waitUntil(lambda: not error_dialogs())
    action.trigger()  # known already: counted, not shown again
    qtbot.wait(20)
    assert error_dialogs() == [] and max(reporter.counts.values()) == 7


@pytest.mark.qt_no_exception_capture
def test_an_error_while_showing_the_dialog_goes_to_stderr(qtbot, reporter, monkeypatch, capsys):
    def broken_slot():
        raise RuntimeError("the dialog itself is broken")

    class BrokenDialog(ErrorDialog):
        """Its showing runs a slot that fails: reported while reporting."""

        shown = Signal()

        def __init__(self, *args):
            super().__init__(*args)
            self.shown.connect(broken_slot)

        def showEvent(self, event):
            super().showEvent(event)
            self.shown.emit()

    monkeypatch.setattr(errors, "ErrorDialog", BrokenDialog)
    failing_action().trigger()
    qtbot.waitUntil(lambda: len(error_dialogs()) == 1)
    qtbot.wait(20)
    assert len(error_dialogs()) == 1 and len(reporter.counts) == 1  # no second report, no loop
    assert "RuntimeError: the dialog itself is broken" in capsys.readouterr().err


@pytest.mark.qt_no_exception_capture
def test_a_dialog_that_cannot_be_made_leaves_the_traceback_on_stderr_and_in_the_log(qtbot, reporter, monkeypatch,
                                                                                  capsys):
    def no_dialog(*args, **kwargs):
        raise RuntimeError("no dialog today")

    monkeypatch.setattr(errors, "ErrorDialog", no_dialog)
    failing_action("lost wheel").trigger()
    qtbot.waitUntil(lambda: "could not show the error dialog" in log_text())
    assert error_dialogs() == [] and reporter.dialog is None
    assert "ValueError: lost wheel" in capsys.readouterr().err
    assert "RuntimeError: no dialog today" in log_text()


def test_the_hook_is_put_back(qapp):
    before = sys.excepthook
    reporter = ErrorReporter().install()
    assert sys.excepthook == reporter.excepthook
    reporter.uninstall()
    assert sys.excepthook is before


def test_qt_messages_go_to_the_log_and_stderr_less_headless_noise(qapp, reporter, capsys):
    qWarning("a Qt warning for the log")
    qWarning("QXcbWindow: propagateSizeHints is a no-op here")
    assert capsys.readouterr().err == "a Qt warning for the log\n"
    text = log_text()
    assert "WARNING designer.qt: a Qt warning for the log" in text and "propagateSizeHints" not in text


# --- Help ▸ About --------------------------------------------------------------------------------------
def test_about_shows_the_versions_and_the_log_file(qtbot, window):
    assert window.about_action in window.menus["Help"].actions()
    window.about_action.trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, AboutDialog) and w.isVisible() for w in QApplication.topLevelWidgets()))
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, AboutDialog))
    assert dialog.windowTitle() == "About Kartographer"
    assert dialog.isModal()  # window-modal, opened with open(): nothing waits for it
    values = {name: label.text() for name, label in dialog.values.items()}
    assert values["Qt"] == qVersion() and values["PySide6"] == PySide6.__version__
    assert values["Python"] == platform.python_version()
    assert values["Log file"] == str(logs.log_path())
    assert dialog.values["Log file"].textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    headings = [label.text() for label in dialog.findChildren(type(dialog.values["Qt"]))]
    assert f"Kartographer {designer.__version__}" in headings
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text().splitlines()
    assert copied[0] == f"Kartographer {designer.__version__}" and f"Log file: {logs.log_path()}" in copied
    dialog.close()
    qtbot.waitUntil(lambda: not any(isinstance(w, AboutDialog) and w.isVisible()
                                    for w in QApplication.topLevelWidgets()))
