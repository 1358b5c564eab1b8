"""The vehicle editor's File ▸ Print Vehicle Sheet…: the same preview dialog as the track's Export / Print (a
column of options, the very PDF Save writes, Save PDF… and Close) for one car's sheet; its one option is the
paper. Save asks where (the car's folder first) and writes the previewed bytes through the editor's
`print_sheet`, which refuses the vehicle file itself."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QWidget

from designer.app.preview_dialog import Preview, PreviewDialog, pdf_status
from designer.export.paper import LayoutError
from designer.export.paper_names import PAPER_IDS, paper_name
from designer.i18n import _


class VehicleSheetDialog(PreviewDialog):
    def __init__(self, editor: Any, paper: str = "a4", parent: QWidget | None = None) -> None:
        super().__init__(parent if parent is not None else editor)
        self.editor = editor
        self.setWindowTitle(_("Print Vehicle Sheet — {name}").format(name=editor.document.name))
        self.paper_combo = QComboBox()
        for key in PAPER_IDS:
            self.paper_combo.addItem(paper_name(key), key)
        self.paper_combo.setCurrentIndex(max(0, self.paper_combo.findData(paper)))
        self.paper_combo.currentIndexChanged.connect(self._schedule)
        form = QFormLayout()
        form.addRow(_("Paper"), self.paper_combo)
        self._layout([form], 240)
        self.resize(1000, 720)
        self.start_build()

    def _builder(self) -> Callable[[], Preview]:
        from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

        source = self.editor.path.name if self.editor.path else ""
        document, ruleset, paper = self.editor.document, self.editor.ruleset, self.paper_combo.currentData()

        def build() -> Preview:
            buffer = io.BytesIO()
            try:
                pages = render_vehicle_pdf(buffer, [(source, document)], ruleset, paper)
            except LayoutError as exc:
                return Preview(b"", 0, str(exc), error=True)
            data = buffer.getvalue()
            return Preview(data, pages, pdf_status(data, pages))
        return build

    def save_dialog(self) -> None:
        """Ask where and write the previewed sheet (the editor says what was written in its status bar)."""
        if self.pdf_bytes and self.editor.print_sheet(data=(self.pdf_bytes, self.page_count)) is not None:
            self.accept()
