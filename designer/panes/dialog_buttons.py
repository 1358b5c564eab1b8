"""The OK/Cancel row every dialog ends with, wired to accept and reject, with an optional OK label."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox


def ok_cancel(dialog: QDialog, ok_text: str | None = None) -> QDialogButtonBox:
    """An OK/Cancel button box owned by `dialog`; OK accepts, Cancel rejects; OK reads `ok_text` if given."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    if ok_text:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
