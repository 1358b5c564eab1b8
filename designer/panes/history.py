"""The Undo History pane: a `QUndoView` on the window's undo group, so it always shows the current tab's stack.

Clicking a row undoes or redoes to that point, like Photoshop's History panel. The first row, "<empty>",
is the state the document was opened in; the saved state is marked with an icon.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QAbstractItemView, QStyle, QUndoView, QVBoxLayout, QWidget

from designer.i18n import N_, _

EMPTY_LABEL = N_("<empty>")


class HistoryPane(QWidget):
    def __init__(self, group: QUndoGroup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = QUndoView(group, self)
        self.view.setEmptyLabel(_(EMPTY_LABEL))
        self.view.setCleanIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_DialogSaveButton))
        self.view.setAlternatingRowColors(True)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.setToolTip(_("Click a step to go back (or forward) to it; the disk icon marks the saved state"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

    def row_texts(self) -> list[str]:
        """The rows as shown: "<empty>" (in the language), then each command's text."""
        model = self.view.model()
        return [model.index(row, 0).data() for row in range(model.rowCount())]
