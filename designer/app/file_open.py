"""Files the desktop hands to the running app: on macOS a document opened from the Finder (or dropped on the
Dock icon) arrives as a QFileOpenEvent on the application, not on the command line.

`FileOpenFilter` catches that event on the QApplication and opens the file in `window` as a dropped file would
be opened: tracks in tabs, campaigns in campaign windows, a system's own documents (vehicles) in their windows.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent

from designer.app.document_windows import open_documents
from designer.io.suffixes import is_campaign_file


def open_any(window, path: str) -> None:
    """Open `path` in `window` by its kind: a campaign in its window, a game system's own document type in its
    windows (a vehicle in its editor), a track in a tab."""
    if is_campaign_file(path):
        window.campaign_actions.open_paths([path])
    elif not open_documents(window, [path]):
        return
    else:
        window.file_actions.open_paths([path])


class FileOpenFilter(QObject):
    """Opens the file of each QFileOpenEvent the application receives in `window`."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent) and event.file():
            open_any(self.window, event.file())
            return True
        return super().eventFilter(watched, event)


def install(app, window) -> FileOpenFilter:
    """Route the application's file-open events to `window` (kept alive by the window, its parent)."""
    handler = FileOpenFilter(window)
    app.installEventFilter(handler)
    return handler
