"""`PreviewDialog`: the frame both print dialogs share — the track editor's Export / Print and the campaign
window's Print. A column of options on the left, a preview (`pdf_preview.PdfPreview`) of the very PDF that
Save writes, Save PDF… and Close. Every change of an option schedules a build after PREVIEW_DELAY_MS; the
build runs in an `ExportWorker` thread (a long one shows a progress dialog with Cancel), `refresh` builds on
the calling thread instead. A subclass lays out its options with `_layout`, says why nothing can be built
(`_refused`), hands over the build for the current choices (`_builder`) and saves (`save_dialog`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from designer.app.export_worker import ExportProgress, ExportWorker
from designer.app.pdf_preview import PdfPreview
from designer.i18n import _, ngettext
from designer.io.atomic import atomic_write_bytes
from designer.panes.theme import error_style, mute

PREVIEW_DELAY_MS = 300


@dataclass(frozen=True)
class Preview:
    """A built PDF (or why there is none) and the status line that describes it; `files`: what is saved
    instead when the PDF only shows them (cutter files, one per sheet)."""

    data: bytes
    pages: int
    status: str
    error: bool = False
    files: tuple[bytes, ...] = ()


def pdf_status(data: bytes, pages: int) -> str:
    """"12 pages, 185 KB": what a built PDF is, for the status line."""
    size = f"{len(data) / 1024:.0f}"
    return ngettext("{n} page, {size} KB", "{n} pages, {size} KB", pages).format(n=pages, size=size)


class PreviewDialog(QDialog):
    """Options on the left, the preview of the PDF they make on the right; it follows every change."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pdf_bytes = b""
        self.page_count = 0
        self.preview = PdfPreview(self)
        self._timer = QTimer(self, singleShot=True, interval=PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self.start_build)
        self.worker = ExportWorker(self)
        self.worker.succeeded.connect(self._apply)
        self.worker.failed.connect(lambda exc: self._show(b"", 0, str(exc), error=True))
        self.worker.cancelled.connect(self._on_cancelled)
        self.progress = ExportProgress(self.worker, _("Laying out the pages…"), self)

    # --- for subclasses ----------------------------------------------------------------------------
    def _refused(self) -> Preview | None:
        """Why nothing can be built with the current choices (decided at once, on the GUI thread)."""
        return None

    def _builder(self) -> Callable[[], Preview]:
        """The build of the current choices, taken now: it runs later, in the worker's thread (no Qt)."""
        raise NotImplementedError

    def save_dialog(self) -> None:
        raise NotImplementedError

    def _layout(self, options: Sequence[QWidget | QLayout], min_width: int) -> None:
        """The options column (`options` from the top, then the status line and the actual-size hint), the
        preview beside it and the buttons below."""
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.hint = hint = QLabel(_("Print at 100 % (“actual size”) and check the calibration bars with a ruler."))
        hint.setWordWrap(True)
        mute(hint)
        left = QVBoxLayout()
        for part in options:
            if isinstance(part, QLayout):
                left.addLayout(part)
            else:
                left.addWidget(part)
        left.addWidget(self.status_label)
        left.addStretch(1)
        left.addWidget(hint)
        side = QWidget()
        side.setLayout(left)
        side.setFixedWidth(max(min_width, left.minimumSize().width()))  # wider only when a language needs it

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.save_button = QPushButton(_("Save PDF…"))
        self.save_button.setDefault(True)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.save_button.clicked.connect(self.save_dialog)

        body = QHBoxLayout()
        body.addWidget(side)
        body.addWidget(self.preview, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(buttons)

    # --- building --------------------------------------------------------------------------------
    def _schedule(self, *_args: object) -> None:
        self._timer.start()

    def refresh(self) -> None:
        """Build the PDF now, on this thread, and show it (a build running in the worker is dropped)."""
        self._timer.stop()
        self.worker.cancel()
        self._apply(self._refused() or self._builder()())

    def start_build(self) -> None:
        """Build the PDF in the worker; Save waits for it. What the preview timer does after a pause."""
        self._timer.stop()
        refused = self._refused()
        if refused is not None:
            self.worker.cancel()
            self._apply(refused)
            return
        self.save_button.setEnabled(False)  # the bytes shown no longer match the options
        self.status_label.setText(_("Laying out the pages…"))
        self.status_label.setStyleSheet("")
        self.worker.start(self._builder())
        self.progress.begin()

    def is_building(self) -> bool:
        return self.worker.is_running()

    def _apply(self, preview: Preview) -> None:
        self._show(preview.data, preview.pages, preview.status, preview.error)

    def _on_cancelled(self) -> None:
        if not self.is_building():
            self._show(b"", 0, _("Preview cancelled: change an option to lay out the pages again."))

    def _show(self, data: bytes, pages: int, status: str, error: bool = False) -> None:
        self.pdf_bytes = data
        self.page_count = pages
        self.status_label.setText(status)
        self.status_label.setStyleSheet(error_style(self.status_label) if error else "")
        self.save_button.setEnabled(bool(data))
        self.preview.show_pdf(data)

    # --- saving ----------------------------------------------------------------------------------
    def save_to(self, path: str | Path) -> None:
        """Write exactly the previewed bytes (atomically)."""
        atomic_write_bytes(path, self.pdf_bytes)

    def done(self, result: int) -> None:
        self._timer.stop()
        self.worker.cancel()  # closing the dialog stops a build still running
        super().done(result)
