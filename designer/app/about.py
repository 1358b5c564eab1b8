"""Help ▸ About Kartographer…: the version, the Qt, PySide6 and Python it runs on, and where its log is.

Everything a bug report asks for in one place: the texts can be selected, and Copy puts them on the
clipboard. The dialog shows its labels in the user's language; what Copy puts on the clipboard stays in English,
like the log, for whoever reads the bug report. The dialog opens window-modal (`open()`), so nothing waits on it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

import designer
from designer import logs
from designer.app.errors import versions
from designer.i18n import N_, _

DESCRIPTION = N_("Designs, prints and keeps score for tabletop kart-racing tracks.")
#: The shown label of a detail whose name is not a product name ("Python", "Qt" …), which stay as they are.
DETAIL_LABELS = {"Log file": N_("Log file:")}


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("About Kartographer"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        heading = QLabel(f"Kartographer {designer.__version__}", self)
        heading.setStyleSheet("font-size: 16pt; font-weight: bold")
        description = QLabel(_(DESCRIPTION), self)
        details = {name: value for name, value in versions().items() if name != "Kartographer"}
        details["Log file"] = str(logs.log_path())
        form = QFormLayout()
        #: label text → its value label (tests, Copy)
        self.values: dict[str, QLabel] = {}
        for name, value in details.items():
            label = QLabel(value, self)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.values[name] = label
            form.addRow(_(DETAIL_LABELS[name]) if name in DETAIL_LABELS else f"{name}:", label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = buttons.addButton(_("&Copy"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setToolTip(_("Copy the versions and the log file's place, for a bug report"))
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(description)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def text(self) -> str:
        lines = [f"Kartographer {designer.__version__}"]
        lines += [f"{name}: {label.text()}" for name, label in self.values.items()]
        return "\n".join(lines)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())


def show_about(parent: QWidget) -> AboutDialog:
    dialog = AboutDialog(parent)
    dialog.open()
    return dialog


def install(window) -> None:
    """Help ▸ About Kartographer… on `window` (a MainWindow)."""
    window.about_action = window.action(_("&About Kartographer…"), lambda: show_about(window),
                                        tip=_("The version, what it runs on and where the log file is"), menu="Help")
    window.about_action.setMenuRole(QAction.MenuRole.AboutRole)
