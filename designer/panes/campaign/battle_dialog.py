"""The "New battle" dialog: an optional arena track file and the karts that take part (all by default).

The track is returned as the user picked it (an absolute path); the page stores it relative to the
campaign file. Fewer than two karts is not refused here — the campaign core says why, in one line.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from designer.i18n import _
from designer.panes.dialog_buttons import ok_cancel
from designer.panes.file_filters import open_track_filters


def choose_track_file(parent: QWidget | None, start: str | Path | None = None) -> str | None:
    """Ask for an arena track file; None when cancelled."""
    name, _filter = QFileDialog.getOpenFileName(parent, _("Choose arena"), str(start or ""), open_track_filters())
    return name or None


class NewBattleDialog(QDialog):
    def __init__(self, players: list[tuple[str, str]], start_folder: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New Balloon Battle"))
        self._start = start_folder
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Arena (optional): the track file the battle is fought on.")))
        row = QHBoxLayout()
        self.track_edit = QLineEdit()
        self.track_edit.setPlaceholderText(_("no arena chosen"))
        browse = QPushButton(_("Browse…"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.track_edit, 1)
        row.addWidget(browse)
        layout.addLayout(row)
        group = QGroupBox(_("Karts in this battle"))
        box = QVBoxLayout(group)
        self.kart_boxes: list[QCheckBox] = []
        for name, character in players:
            check = QCheckBox(f"{name} ({character})" if character else name)
            check.setProperty("player", name)
            check.setChecked(True)
            box.addWidget(check)
            self.kart_boxes.append(check)
        if not players:
            box.addWidget(QLabel(_("No players yet: add players to the campaign first.")))
        layout.addWidget(group)
        buttons = ok_cancel(self, _("Start battle"))
        layout.addWidget(buttons)

    def track(self) -> str | None:
        return self.track_edit.text().strip() or None

    def karts(self) -> list[str]:
        return [box.property("player") for box in self.kart_boxes if box.isChecked()]

    def _browse(self) -> None:
        chosen = choose_track_file(self, self._start)
        if chosen:
            self.track_edit.setText(chosen)
