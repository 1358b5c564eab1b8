"""Long exports off the GUI thread: `ExportWorker` runs a build (a function of immutable snapshots that returns
the PDF's bytes and whatever else the caller needs) in a Python thread and reports back through Qt signals, so
the window keeps painting and answering while a 70-page bundle is laid out.

`ExportProgress` is the progress dialog of such a build: it appears only when the build takes longer than
PROGRESS_DELAY_MS, and its Cancel stops the build. Cancelling marks the build cancelled; at its next checkpoint
(every new page, every element of a table: `designer.export.pdf.checkpoint`) the build raises `ExportCancelled`
in its own thread and ends (it only ever touches its own canvas and buffer, so what it leaves half-done is
garbage nobody sees). Nothing is ever written by the thread itself — the caller writes the finished bytes
atomically (`designer.io.atomic`) — so a cancelled export leaves no file.
`run_export` is the blocking form for a one-shot export: it spins a local event loop until the build is done.
`export_to_file` is that, then the atomic write and the status line: `report_written` puts "Wrote luigi.pdf —
73 pages" in a window's status bar.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from designer.i18n import _, ngettext
from designer.io.atomic import atomic_write_bytes

#: A build shorter than this shows no progress dialog at all.
PROGRESS_DELAY_MS = 400
STATUS_MS = 5000


class ExportCancelled(BaseException):
    """Raised at a build's checkpoint once it is cancelled (a BaseException: `except Exception` lets it by)."""


class _Job:
    def __init__(self, number: int, build: Callable[[], Any]) -> None:
        self.number = number
        self.build = build
        self.cancelled = False  # set from the GUI thread, read at the build's checkpoints
        self.thread = threading.Thread(target=self._run, name=f"export-{number}", daemon=True)
        self.report: Callable[[int, str, object], None] | None = None

    def _run(self) -> None:
        from designer.export.pdf import checkpoints  # the print shop loads with the first build

        outcome: tuple[str, object]
        try:
            with checkpoints(self._check):
                outcome = ("done", self.build())
        except ExportCancelled:
            outcome = ("cancelled", None)
        except Exception as exc:  # handed to the GUI thread, which shows it
            outcome = ("failed", exc)
        if self.report is not None:
            # RuntimeError: the worker was deleted (its dialog closed) while this build ran.
            with contextlib.suppress(RuntimeError):
                self.report(self.number, *outcome)

    def _check(self) -> None:
        if self.cancelled:
            raise ExportCancelled

    def cancel(self) -> None:
        self.cancelled = True


class ExportWorker(QObject):
    """Runs one build at a time in a thread; `succeeded(result)`, `failed(exception)` or `cancelled()` follows
    each `start` on the GUI thread, except that a build replaced by the next `start` reports nothing."""

    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    _finished = Signal(int, str, object)  # from the build's thread; queued to this object's thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job: _Job | None = None
        self._count = 0
        self._finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)

    def start(self, build: Callable[[], Any]) -> None:
        """Run `build()` in a thread; a build still running is stopped silently (it is replaced)."""
        if self._job is not None:
            self._job.cancel()
        self._count += 1
        job = _Job(self._count, build)
        job.report = self._finished.emit
        self._job = job
        job.thread.start()

    def cancel(self) -> None:
        """Stop the running build (if any); `cancelled` is emitted once, at once."""
        job, self._job = self._job, None
        if job is not None:
            job.cancel()
            self.cancelled.emit()

    def is_running(self) -> bool:
        return self._job is not None

    def wait(self, timeout_s: float = 5.0) -> bool:
        """Block until the running build's thread ended (for tests and shutdown); True when it did."""
        job = self._job
        if job is not None:
            job.thread.join(timeout_s)
            return not job.thread.is_alive()
        return True

    def _on_finished(self, number: int, outcome: str, value: object) -> None:
        job = self._job
        if job is None or job.number != number or job.cancelled:
            return  # a build that was replaced or cancelled: its result is dropped
        self._job = None
        if outcome == "done":
            self.succeeded.emit(value)
        elif outcome == "failed":
            self.failed.emit(value)
        else:
            self.cancelled.emit()


class ExportProgress(QProgressDialog):
    """A busy bar with Cancel for `worker`'s build, shown only once the build has run PROGRESS_DELAY_MS."""

    def __init__(self, worker: ExportWorker, label: str, parent: QWidget | None = None) -> None:
        super().__init__(label, _("Cancel"), 0, 0, parent)
        self.setWindowTitle(_("Exporting"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.reset()  # stops Qt's own show-after-a-while timer, started by the constructor: ours decides
        self._worker = worker
        self._timer = QTimer(self, singleShot=True, interval=PROGRESS_DELAY_MS)
        self._timer.timeout.connect(self._appear)
        self.canceled.disconnect()  # QProgressDialog would only hide itself; Cancel stops the build
        self.canceled.connect(worker.cancel)
        for signal in (worker.succeeded, worker.failed, worker.cancelled):
            signal.connect(self._finish)

    def begin(self) -> None:
        self._timer.start()

    def _appear(self) -> None:
        if self._worker.is_running():
            self.show()

    def _finish(self, *_args: object) -> None:
        self._timer.stop()
        self.hide()


def run_export(parent: QWidget | None, label: str, build: Callable[[], Any]) -> Any:
    """Run `build()` off the GUI thread while the event loop keeps running; a progress dialog with Cancel
    appears if it takes a while. Returns its result, None when cancelled; re-raises what it raised."""
    worker = ExportWorker(parent)
    progress = ExportProgress(worker, label, parent)
    loop = QEventLoop()
    outcome: dict[str, object] = {}

    def finish(kind: str, value: object = None) -> None:
        outcome[kind] = value
        loop.quit()

    worker.succeeded.connect(lambda result: finish("result", result))
    worker.failed.connect(lambda exc: finish("error", exc))
    worker.cancelled.connect(lambda: finish("cancelled"))
    worker.start(build)
    progress.begin()
    try:
        if not outcome:
            loop.exec()
    finally:
        progress.deleteLater()
        worker.deleteLater()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("result")


def export_to_file(parent: QWidget | None, path: str | Path, label: str,
                   build: Callable[[], tuple[bytes, int]]) -> int | None:
    """`run_export` a build giving (PDF bytes, page count), then write the bytes to `path` atomically and say
    so in `parent`'s status bar. Returns the page count, None when cancelled (and then nothing was written).
    Raises what the build raised, and DocumentError when the file cannot be written."""
    built = run_export(parent, label, build)
    if built is None:
        return None
    data, pages = built
    atomic_write_bytes(path, data)
    report_written(parent, path, pages)
    return pages


def report_written(window: QWidget | None, path: str | Path, pages: int) -> str:
    """"Wrote luigi.pdf — 73 pages" in `window`'s status bar (if it has one); returns the message."""
    name = Path(path).name
    message = ngettext("Wrote {name} — {n} page", "Wrote {name} — {n} pages", pages).format(name=name, n=pages)
    status_bar = getattr(window, "statusBar", None)
    if callable(status_bar):
        status_bar().showMessage(message, STATUS_MS)
    return message
