"""The questions a window asks before it closes or overwrites a file — Save / Discard / Cancel, Replace? —
and the wait cursor, shared by the track editor's File menu (`file_actions`) and the vehicle editor. Tests
replace `ask_save_changes` and `ask_replace` (with nobody to ask, closing goes ahead and nothing is replaced).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from designer.app.autosave import nobody_to_ask
from designer.i18n import _
from designer.panes.markup import literal

Answer = QMessageBox.StandardButton


def ask_save_changes(parent: QWidget, name: str) -> QMessageBox.StandardButton:
    """Save, Discard or Cancel for a document about to close. Tests replace this.

    With nobody to ask (no screen: scripts, test teardown) closing goes ahead as it would without the
    prompt; a window that refused to close would linger, shown, under everything that runs next.
    """
    if nobody_to_ask():
        return Answer.Discard
    box = save_changes_box(parent, name)
    box.exec()
    return box.standardButton(box.clickedButton()) if box.clickedButton() else Answer.Cancel


def may_close(answer: QMessageBox.StandardButton, save: Callable[[], bool]) -> bool:
    """What the answer to `ask_save_changes` means for the closing document: Save closes it once `save()`
    succeeded, Discard closes it, anything else (Cancel, the box dismissed) keeps it open."""
    if answer == Answer.Save:
        return save()
    return answer == Answer.Discard


def ask_replace(parent: QWidget, path: Path) -> bool:
    """May the existing `path` be overwritten? (Asked when we added a suffix the file dialog never saw.)"""
    if nobody_to_ask():
        return False
    text = _("“{name}” already exists. Replace it?").format(name=path.name)
    answer = QMessageBox.question(parent, _("Replace File"), literal(text), Answer.Yes | Answer.Cancel, Answer.Cancel)
    return answer == Answer.Yes


def save_changes_box(parent: QWidget, name: str) -> QMessageBox:
    text = literal(_("Save changes to “{name}” before closing?").format(name=name))
    box = QMessageBox(QMessageBox.Icon.Warning, _("Unsaved Changes"), text,
                      Answer.Save | Answer.Discard | Answer.Cancel, parent)
    box.setInformativeText(_("Your changes will be lost if you don’t save them."))
    box.setDefaultButton(Answer.Save)
    box.setEscapeButton(Answer.Cancel)
    return box


@contextmanager
def busy() -> Iterator[None]:
    """A wait cursor while something slow (a large image) runs in the foreground."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()
