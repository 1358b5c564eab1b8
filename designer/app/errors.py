"""Unexpected errors in the editor: logged with their traceback and shown in a dialog, never lost on stderr.

`install()` (at start-up, `designer/app/main.py`) sets up the log file (`designer.logs`), replaces
`sys.excepthook` — PySide6 hands it the exceptions raised in slots, timers and event handlers — and sends
Qt's own messages to the log (and on to stderr, as Qt would, less the harmless noise of headless platforms).

`ErrorReporter.report` logs the exception at once and shows an `ErrorDialog` from the event loop, never
from inside the code that failed: what failed on one line, where the log is, and Copy Details (the
traceback and the versions, for a bug report; in English whatever the language, like the log, as the
maintainers read it). There is one dialog at a time; the same error again is counted in the open dialog
(and in the log, at 2, 4, 8 … times) but not shown again this session; an error while reporting one goes
to stderr instead of starting a loop. What the dialog shows is in the user's language.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections import Counter
from types import TracebackType

import PySide6
from PySide6.QtCore import QMessageLogContext, QObject, Qt, QTimer, QtMsgType, qInstallMessageHandler, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from designer import logs
from designer.app.autosave import HEADLESS_PLATFORMS
from designer.i18n import _, ngettext

log = logging.getLogger(__name__)
qt_log = logging.getLogger("designer.qt")

# Harmless complaints of headless platform plugins that would bury the one line we promise on stderr.
HEADLESS_NOISE = ("propagateSizeHints", "This plugin does not support raise()")
QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


def versions() -> dict[str, str]:
    """`designer.logs.versions()` and the Qt the editor runs on."""
    return {**logs.versions(), "PySide6": PySide6.__version__, "Qt": qVersion()}


def versions_text() -> str:
    return "\n".join(f"{name} {version}" for name, version in versions().items())


def qt_message_handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if QGuiApplication.platformName() in HEADLESS_PLATFORMS and any(noise in message for noise in HEADLESS_NOISE):
        return
    qt_log.log(QT_LEVELS.get(kind, logging.WARNING), "%s", message)
    if sys.stderr is not None:  # none at all in a windowed build
        print(message, file=sys.stderr, flush=True)


def _key(info: ExcInfo) -> tuple:
    """What makes two errors "the same": type, message and the line that raised it."""
    exc_type, exc, tb = info
    frames = traceback.extract_tb(tb) if tb is not None else []
    where = (frames[-1].filename, frames[-1].lineno) if frames else None
    return exc_type.__qualname__, str(exc), where


class ErrorDialog(QDialog):
    """What failed (one line), where the log is, Copy Details and Close; shown without blocking anything."""

    def __init__(self, info: ExcInfo, log_file: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Unexpected Error — Kartographer"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.summary = logs.one_line(info[1])
        self.details = "\n".join([
            f"Unexpected error: {self.summary}", "", versions_text(), f"Log file: {log_file}", "",
            "".join(traceback.format_exception(*info)).rstrip(),
        ])
        heading = self._label(_("Something went wrong: {error}").format(error=self.summary))
        heading.setStyleSheet("font-weight: bold")
        heading.setWordWrap(True)  # a long message wraps rather than stretching the dialog off the screen
        advice = self._label(_("Kartographer carries on, but save your work to be safe. To report the problem, "
                               "send Copy Details and the log file."))
        advice.setWordWrap(True)
        self.log_label = self._label(_("Log file: {path}").format(path=log_file))
        self.log_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.count_label = self._label("")
        self.count_label.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = buttons.addButton(_("&Copy Details"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (heading, advice, self.log_label, self.count_label, buttons):
            layout.addWidget(widget)
        self.setMinimumWidth(480)

    def _label(self, text: str) -> QLabel:
        label = QLabel(text, self)
        label.setTextFormat(Qt.TextFormat.PlainText)  # an exception message may hold "<"
        return label

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details)

    def show_counts(self, repeats: int, others: int) -> None:
        """How often its error has happened, and how many other errors came while it was open."""
        parts = [ngettext("This happened {n} time.", "This happened {n} times.", repeats).format(n=repeats)
                 ] if repeats > 1 else []
        if others:
            parts.append(ngettext("{n} other unexpected error since: see the log.",
                                  "{n} other unexpected errors since: see the log.", others).format(n=others))
        self.count_label.setText(" ".join(parts))
        self.count_label.setVisible(bool(parts))


class ErrorReporter(QObject):
    """The `sys.excepthook` of the editor: logs every unexpected error, shows the first of each kind."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.log_file = str(logs.setup_logging())
        self.counts: Counter[tuple] = Counter()
        self.dialog: ErrorDialog | None = None
        self._dialog_key: tuple | None = None
        self._others = 0  # other errors since the dialog opened
        self._reporting = False
        self._previous_hook = None
        self._previous_handler = None

    def install(self) -> ErrorReporter:
        self._previous_hook = sys.excepthook
        sys.excepthook = self.excepthook
        self._previous_handler = qInstallMessageHandler(qt_message_handler)
        return self

    def uninstall(self) -> None:
        if sys.excepthook == self.excepthook:
            sys.excepthook = self._previous_hook or sys.__excepthook__
        qInstallMessageHandler(self._previous_handler)

    def excepthook(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(exc_type, Exception):  # Ctrl+C, SystemExit: not ours to report
            (self._previous_hook or sys.__excepthook__)(exc_type, exc, tb)
            return
        if self._reporting:  # failed while reporting: no dialog, no loop
            sys.__excepthook__(exc_type, exc, tb)
            return
        self._reporting = True
        try:
            self.report((exc_type, exc, tb))
        except Exception:
            sys.__excepthook__(*sys.exc_info())
            sys.__excepthook__(exc_type, exc, tb)
        finally:
            self._reporting = False

    def report(self, info: ExcInfo) -> None:
        log_start()
        key = _key(info)
        self.counts[key] += 1
        count = self.counts[key]
        if count == 1:
            log.error("unexpected error: %s", logs.one_line(info[1]), exc_info=info)
        elif count & (count - 1) == 0:  # 2, 4, 8 …: a flood stays a few lines
            log.error("the same error again, %d times now: %s", count, logs.one_line(info[1]))
        if self.dialog is not None:
            self._count_in_dialog(key)
        elif count == 1:
            if QApplication.instance() is None:
                sys.__excepthook__(*info)
                return
            # From the event loop: the code that failed may be painting or in the middle of a change.
            QTimer.singleShot(0, self, lambda: self._show(info, key))

    def _show(self, info: ExcInfo, key: tuple) -> None:
        if self.dialog is not None:
            self._count_in_dialog(key)
            return
        self._reporting = True
        dialog = None
        try:
            dialog = ErrorDialog(info, self.log_file, QApplication.activeWindow())
            dialog.finished.connect(lambda _result, d=dialog: self._forget(d))
            dialog.destroyed.connect(lambda *_args, d=dialog: self._forget(d))  # with a parent window, say
            self.dialog, self._dialog_key, self._others = dialog, key, 0
            dialog.show_counts(self.counts[key], 0)  # it may have happened again before the loop got here
            dialog.show()
            dialog.raise_()
        except Exception:
            log.exception("could not show the error dialog")
            if dialog is not None:
                dialog.deleteLater()
            self.dialog = self._dialog_key = None
            sys.__excepthook__(*info)
        finally:
            self._reporting = False

    def _count_in_dialog(self, key: tuple) -> None:
        if key != self._dialog_key:
            self._others += 1
        self.dialog.show_counts(self.counts[self._dialog_key], self._others)

    def _forget(self, dialog: ErrorDialog) -> None:
        if self.dialog is dialog:
            self.dialog = self._dialog_key = None


def install() -> ErrorReporter:
    """Log to the user's log file and report unexpected errors in a dialog (needs the QApplication).

    The log's start line (`log_start`) waits for the first window's first paint (`designer.app.main`) or the
    first error, whichever comes first: reading the versions is no part of what a user waits for."""
    return ErrorReporter(QApplication.instance()).install()


_started = False


def log_start() -> None:
    """Log "Kartographer started" with the versions, once a session."""
    global _started
    if not _started:
        _started = True
        log.info("Kartographer started (%s)", ", ".join(f"{k} {v}" for k, v in versions().items()))
