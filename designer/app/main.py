"""Start-up of the editor: `run_gui(files)` creates the application and one window per file.

With no file it opens the default starter track. A file that cannot be read is reported on one line
(a message box, and stderr too when there is no screen to show it on) and an empty "Untitled" document
takes its place: the user never sees a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QMessageLogContext, QtMsgType, QTimer, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from designer.app.window import APP_NAME, MainWindow, untitled_document
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.paths import DEFAULT_TRACK

HEADLESS_PLATFORMS = ("offscreen", "minimal")
# Harmless complaints of headless platform plugins that would bury the one line we promise on stderr.
HEADLESS_NOISE = ("propagateSizeHints",)


def _headless_message_handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if not any(noise in message for noise in HEADLESS_NOISE):
        print(message, file=sys.stderr, flush=True)


def application() -> QApplication:
    """The QApplication, created and named on first use."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    if QGuiApplication.platformName() in HEADLESS_PLATFORMS:
        qInstallMessageHandler(_headless_message_handler)
    return app  # type: ignore[return-value]


def open_window(path: str, given: bool) -> MainWindow:
    """A shown window on `path`; when it cannot be read, on a new document with the reason reported.

    `given` says the user named the file (command line) rather than it being the default track.
    """
    try:
        window = MainWindow(load_track(path), path)
    except DocumentError as exc:
        message = str(exc)
        if given and QGuiApplication.platformName() in HEADLESS_PLATFORMS:
            print(message, file=sys.stderr, flush=True)
        window = MainWindow(untitled_document())
        # Once the window is up, so the box has a parent to sit over.
        QTimer.singleShot(0, window, lambda: window.show_error(message))
    window.show()
    return window


def open_windows(files: Sequence[str]) -> list[MainWindow]:
    if not files:
        return [open_window(str(DEFAULT_TRACK), given=False)]
    return [open_window(path, given=True) for path in files]


def run_gui(files: list[str]) -> int:
    app = application()
    windows = open_windows(files)  # noqa: F841 - keep the windows alive while the loop runs
    return app.exec()
