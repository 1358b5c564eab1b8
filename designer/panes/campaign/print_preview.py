"""The campaign window's File ▸ Print…: the sections the campaign can fill, the paper, and a preview of the
very PDF Save writes — the same kind of dialog as the track editor's Export / Print, sharing its preview
(`designer.app.pdf_preview`) and its background build (`designer.app.export_worker`). The PDF is laid out
by `designer.export.campaign_print` from the session's immutable document, off the GUI thread; `refresh`
builds it on the calling thread instead. Save writes the previewed bytes and says so in the status bar.
"""

from __future__ import annotations

import io
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from designer.app.export_worker import ExportProgress, ExportWorker, report_written
from designer.app.pdf_preview import PdfPreview
from designer.app.print_dialog import PREVIEW_DELAY_MS, Preview
from designer.export import campaign_print
from designer.i18n import _, ngettext, pgettext
from designer.io.atomic import atomic_write_bytes
from designer.io.errors import DocumentError
from designer.panes.campaign.dialogs import PAPERS, PDF_FILTER, SECTION_TITLES, pdf_name
from designer.panes.markup import literal
from designer.panes.theme import error_style, mute


def build_campaign_preview(session_parts: tuple, sections: list[str], paper: str) -> Preview:
    """Lay out the campaign's PDF in memory (no Qt: this runs in the export worker's thread)."""
    document, context, source = session_parts
    out = io.BytesIO()
    try:
        pages = campaign_print.write_campaign_pdf(out, document, context, sections, paper, source=source)
    except (DocumentError, ValueError) as exc:  # LayoutError is a ValueError: a refusal, shown in the dialog
        return Preview(b"", 0, " ".join(str(exc).split()), error=True)
    size = f"{len(out.getvalue()) / 1024:.0f}"
    status = ngettext("{n} page, {size} KB", "{n} pages, {size} KB", pages).format(n=pages, size=size)
    return Preview(out.getvalue(), pages, status)


class CampaignPreviewDialog(QDialog):
    """Choose the sections and the paper; the preview follows every change after a short pause."""

    def __init__(self, session, parent: QWidget | None = None, paper: str = "a4") -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Print Campaign — {name}").format(name=session.document.name))
        # The document is immutable: what the dialog was opened on is what it prints, even if edited meanwhile.
        self._parts = (session.document, session.context, session.path)
        self._default_path = pdf_name(session)
        self.saved_path: Path | None = None
        self.pdf_bytes = b""
        self.page_count = 0
        self._timer = QTimer(self, singleShot=True, interval=PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self.start_build)
        self.worker = ExportWorker(self)
        self.worker.succeeded.connect(self._apply)
        self.worker.failed.connect(lambda exc: self._apply(Preview(b"", 0, str(exc), error=True)))
        self.worker.cancelled.connect(self._on_cancelled)
        self._build(campaign_print.offered_sections(session.document, session.context), paper)
        self.progress = ExportProgress(self.worker, _("Laying out the pages…"), self)
        self.resize(1000, 720)
        self.start_build()

    def _build(self, offered: list[str], paper: str) -> None:
        group = QGroupBox(pgettext("what to print", "Print"))
        boxes = QVBoxLayout(group)
        self.boxes: dict[str, QCheckBox] = {}
        for key, title in SECTION_TITLES.items():
            if key in offered:
                box = QCheckBox(_(title))
                box.setChecked(True)
                box.toggled.connect(self._schedule)
                boxes.addWidget(box)
                self.boxes[key] = box
        form = QFormLayout()
        self.paper_combo = QComboBox()
        for key, title in PAPERS.items():
            self.paper_combo.addItem(_(title), key)
        self.paper_combo.setCurrentIndex(max(0, self.paper_combo.findData(paper)))
        self.paper_combo.currentIndexChanged.connect(self._schedule)
        form.addRow(_("&Paper:"), self.paper_combo)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        hint = QLabel(_("Print at 100 % (“actual size”) and check the calibration bars with a ruler."))
        hint.setWordWrap(True)
        mute(hint)
        left = QVBoxLayout()
        left.addWidget(group)
        left.addLayout(form)
        left.addWidget(self.status_label)
        left.addStretch(1)
        left.addWidget(hint)
        side = QWidget()
        side.setLayout(left)
        side.setFixedWidth(max(280, left.minimumSize().width()))
        self.preview = PdfPreview(self)
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

    # --- what to write ---------------------------------------------------------------------------
    def sections(self) -> list[str]:
        return [key for key, box in self.boxes.items() if box.isChecked()]

    def paper(self) -> str:
        return self.paper_combo.currentData()

    def _schedule(self, *_args: object) -> None:
        self._timer.start()

    def _refused(self) -> Preview | None:
        return None if self.sections() else Preview(b"", 0, _("Choose at least one thing to print."))

    def refresh(self) -> None:
        """Build the PDF now, on this thread, and show it (a build running in the worker is dropped)."""
        self._timer.stop()
        self.worker.cancel()
        self._apply(self._refused() or build_campaign_preview(self._parts, self.sections(), self.paper()))

    def start_build(self) -> None:
        """Build the PDF in the worker; Save waits for it."""
        self._timer.stop()
        refused = self._refused()
        if refused is not None:
            self.worker.cancel()
            self._apply(refused)
            return
        self.save_button.setEnabled(False)  # the bytes shown no longer match the choices
        self.status_label.setText(_("Laying out the pages…"))
        self.status_label.setStyleSheet("")
        parts, sections, paper = self._parts, self.sections(), self.paper()
        self.worker.start(lambda: build_campaign_preview(parts, sections, paper))
        self.progress.begin()

    def is_building(self) -> bool:
        return self.worker.is_running()

    def _on_cancelled(self) -> None:
        if not self.is_building():
            self._apply(Preview(b"", 0, _("Preview cancelled: change an option to lay out the pages again.")))

    def _apply(self, preview: Preview) -> None:
        self.pdf_bytes = preview.data
        self.page_count = preview.pages
        self.status_label.setText(preview.status)
        self.status_label.setStyleSheet(error_style(self.status_label) if preview.error else "")
        self.save_button.setEnabled(bool(preview.data))
        self.preview.show_pdf(preview.data)

    # --- saving ----------------------------------------------------------------------------------
    def save_to(self, path: str | Path) -> None:
        """Write exactly the previewed bytes (atomically)."""
        atomic_write_bytes(path, self.pdf_bytes)

    def save_dialog(self) -> None:
        name, _filter = QFileDialog.getSaveFileName(self, _("Print Campaign to PDF"), str(self._default_path),
                                                    _(PDF_FILTER))
        if not name:
            return
        path = Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")
        try:
            self.save_to(path)
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, _("Could Not Print"), literal(" ".join(str(exc).split())))
            return
        report_written(self.parentWidget(), path, self.page_count)
        self.saved_path = path
        self.accept()

    def done(self, result: int) -> None:
        self._timer.stop()
        self.worker.cancel()  # closing the dialog stops a build still running
        super().done(result)


def print_campaign(parent: QWidget, session) -> Path | None:
    """File ▸ Print…: the preview dialog (sections, paper, the very PDF it saves); the file saved, or None."""
    dialog = CampaignPreviewDialog(session, parent)
    try:
        dialog.exec()
        return dialog.saved_path
    finally:
        dialog.deleteLater()
