"""The campaign window's File ▸ Print…: the sections the campaign can fill, the paper, and a preview of the
very PDF Save writes — the same kind of dialog as the track editor's Export / Print, on the same frame
(`designer.app.preview_dialog.PreviewDialog`: the preview, the background build, Save and Close). The PDF is
laid out by `designer.export.campaign_print` from the session's immutable document. Save writes the previewed
bytes and says so in the status bar.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from designer.app.export_worker import report_written
from designer.app.preview_dialog import Preview, PreviewDialog, pdf_status
from designer.export import campaign_print
from designer.export.paper_names import PAPER_IDS, paper_name
from designer.i18n import _, pgettext
from designer.io.errors import DocumentError
from designer.panes.campaign.dialogs import PDF_FILTER, SECTION_TITLES, pdf_name
from designer.panes.markup import literal


def build_campaign_preview(session_parts: tuple, sections: list[str], paper: str) -> Preview:
    """Lay out the campaign's PDF in memory (no Qt: this runs in the export worker's thread)."""
    document, context, source = session_parts
    out = io.BytesIO()
    try:
        pages = campaign_print.write_campaign_pdf(out, document, context, sections, paper, source=source)
    except (DocumentError, ValueError) as exc:  # LayoutError is a ValueError: a refusal, shown in the dialog
        return Preview(b"", 0, " ".join(str(exc).split()), error=True)
    data = out.getvalue()
    return Preview(data, pages, pdf_status(data, pages))


class CampaignPreviewDialog(PreviewDialog):
    """Choose the sections and the paper; the preview follows every change after a short pause."""

    def __init__(self, session, parent: QWidget | None = None, paper: str = "a4") -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Print Campaign — {name}").format(name=session.document.name))
        # The document is immutable: what the dialog was opened on is what it prints, even if edited meanwhile.
        self._parts = (session.document, session.context, session.path)
        self._default_path = pdf_name(session)
        self.saved_path: Path | None = None
        self._build(campaign_print.offered_sections(session.document, session.context), paper)
        self.resize(1000, 720)
        self.start_build()

    def _build(self, offered: list[str], paper: str) -> None:
        group = QGroupBox(pgettext("what to print", "Print"))
        boxes = QVBoxLayout(group)
        self.boxes: dict[str, QCheckBox] = {}
        own = campaign_print.mode_sheets_title(self._parts[0])  # a career's "Driver sheets"
        for key, title in SECTION_TITLES.items():
            if key in offered:
                box = QCheckBox(_(own if key == "dashboards" and own else title))
                box.setChecked(True)
                box.toggled.connect(self._schedule)
                boxes.addWidget(box)
                self.boxes[key] = box
        form = QFormLayout()
        self.paper_combo = QComboBox()
        for key in PAPER_IDS:
            self.paper_combo.addItem(paper_name(key), key)
        self.paper_combo.setCurrentIndex(max(0, self.paper_combo.findData(paper)))
        self.paper_combo.currentIndexChanged.connect(self._schedule)
        form.addRow(_("&Paper:"), self.paper_combo)
        self._layout([group, form], 280)

    # --- what to write ---------------------------------------------------------------------------
    def sections(self) -> list[str]:
        return [key for key, box in self.boxes.items() if box.isChecked()]

    def paper(self) -> str:
        return self.paper_combo.currentData()

    def _refused(self) -> Preview | None:
        return None if self.sections() else Preview(b"", 0, _("Choose at least one thing to print."))

    def _builder(self) -> Callable[[], Preview]:
        parts, sections, paper = self._parts, self.sections(), self.paper()
        return lambda: build_campaign_preview(parts, sections, paper)

    # --- saving ----------------------------------------------------------------------------------
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


def print_campaign(parent: QWidget, session) -> Path | None:
    """File ▸ Print…: the preview dialog (sections, paper, the very PDF it saves); the file saved, or None."""
    dialog = CampaignPreviewDialog(session, parent)
    try:
        dialog.exec()
        return dialog.saved_path
    finally:
        dialog.deleteLater()
