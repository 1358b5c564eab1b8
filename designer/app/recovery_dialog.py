"""The question asked after a crash: which of the documents left behind to restore.

`RecoveryDialog` lists the recovered tracks and campaigns (checked = restore) with their original file
and the time of the copy; Restore, Discard All, or Decide Later (Esc). `choice()` sorts the entries
into a `RecoveryChoice`. The asking itself (and not asking without a screen) is `autosave.ask_recovery`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.i18n import _
from designer.io.recovery import CAMPAIGN, RecoveryEntry
from designer.panes.markup import literal


@dataclass
class RecoveryChoice:
    restore: list[RecoveryEntry]
    discard: list[RecoveryEntry]


def entry_label(entry: RecoveryEntry) -> str:
    return _("{name} (campaign)").format(name=entry.name) if entry.kind == CAMPAIGN else entry.name


class RecoveryDialog(QDialog):
    """Lists recovered documents (checked = restore); Restore, Discard All, or Decide Later (Esc)."""

    def __init__(self, entries: list[RecoveryEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Recover Unsaved Documents"))
        self.entries = entries
        heading = QLabel("<b>{}</b><br>{}".format(
            escape(_("Kartographer did not close properly last time."), quote=False),
            escape(_("These documents had unsaved changes and were recovered:"), quote=False)), self)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels([_("Document"), _("Original file"), _("Autosaved")])
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        for entry in entries:
            item = QTreeWidgetItem([entry_label(entry),
                                    str(entry.original_path) if entry.original_path else _("never saved"),
                                    _when(entry.saved_at)])
            item.setToolTip(1, literal(item.text(1)))
            item.setCheckState(0, Qt.CheckState.Checked)
            self.tree.addTopLevelItem(item)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        note = QLabel(_("Restored documents open as unsaved changes. Unchecked ones are deleted; "
                        "“Decide Later” keeps them all for the next start."), self)
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(self)
        self.restore_button = self.buttons.addButton(_("&Restore"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.discard_button = self.buttons.addButton(_("&Discard All"), QDialogButtonBox.ButtonRole.DestructiveRole)
        self.later_button = self.buttons.addButton(_("Decide &Later"), QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.setDefault(True)
        self.restore_button.clicked.connect(self.accept)
        self.later_button.clicked.connect(self.reject)
        self.discard_button.clicked.connect(self._discard_all)
        self.discard_all = False
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.tree)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.resize(720, 320)

    def _discard_all(self) -> None:
        self.discard_all = True
        self.accept()

    def choice(self) -> RecoveryChoice:
        if self.discard_all:
            return RecoveryChoice([], list(self.entries))
        checked = [self.tree.topLevelItem(i).checkState(0) == Qt.CheckState.Checked for i in range(len(self.entries))]
        return RecoveryChoice([e for e, c in zip(self.entries, checked, strict=True) if c],
                              [e for e, c in zip(self.entries, checked, strict=True) if not c])


def _when(timestamp: float) -> str:
    try:
        if timestamp > 0:  # not NaN either
            return time.strftime("%Y-%m-%d %H:%M", time.localtime(timestamp))
    except (OverflowError, ValueError, OSError):  # beyond what the C library's time can hold
        pass
    return _("unknown")
