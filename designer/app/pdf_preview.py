"""The PDF preview shared by the print dialogs (the track editor's Export / Print and the campaign window's
Print): a multi-page QPdfView that shows PDF bytes held in memory, the very bytes the dialog's Save writes."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import QWidget


class PdfPreview(QPdfView):
    """Every page of an in-memory PDF, fitted to the view; `show_pdf(b"")` shows nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        # Owned by the parent and made before the view, so Qt deletes them first: a view outliving its
        # document is fine, a document deleted from the view's own destructor crashes QtPdf.
        pdf, buffer = QPdfDocument(parent), QBuffer(parent)
        super().__init__(parent)
        self.pdf = pdf
        self._buffer = buffer  # QPdfDocument reads from it lazily
        self.setDocument(self.pdf)
        self.setPageMode(QPdfView.PageMode.MultiPage)
        self.setZoomMode(QPdfView.ZoomMode.FitInView)
        self.setPageSpacing(12)

    def show_pdf(self, data: bytes) -> None:
        self.pdf.close()
        self._buffer.close()
        if data:
            self._buffer.setData(QByteArray(data))
            self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
            self.pdf.load(self._buffer)

    def page_count(self) -> int:
        return self.pdf.pageCount()
