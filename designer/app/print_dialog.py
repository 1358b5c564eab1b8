"""Export / Print dialog: the print options of `kartographer export`, the page count, and a preview of
the very PDF that will be written (rendered by QtPdf from the same bytes that Save writes). Format SVG or
DXF makes cutter files instead (`export --format`): only the sections with cut parts can be ticked, the
Cutter sheet box sets the sheet, gap and kerf, the preview shows the packed sheets and Save writes one file
per sheet. The sections
to tick are the ones the document's game system offers, under its titles. Paper and margin start from the
preferences (Edit ▸ Preferences… ▸ Print). Every label is in the user's language; paper and card names are
`export.paper_names.paper_name` / `card_name`, looked up when shown. The PDF is laid out from the document snapshot
the dialog was opened on, in the background as every preview dialog does (`preview_dialog.PreviewDialog`); Save
writes the previewed bytes and says so in the window's status bar.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from designer.app.export_worker import report_written
from designer.app.preview_dialog import Preview, PreviewDialog, pdf_status
from designer.app.settings import Settings
from designer.export import CARD_SIZES, CLI_PAPERS, ExportOptions, LayoutError, PrintJob, export_pdf
from designer.export.bundle import cut_sheets, offered, system_for
from designer.export.cutfile import CutOptions, preview_pdf, write
from designer.export.fonts import notices
from designer.export.paper import TILE_MARGIN_MM, fmt_mm
from designer.export.paper_names import card_name, paper_name
from designer.geometry.checks.shapes import degenerate_reasons
from designer.i18n import _, ngettext, pgettext
from designer.io.atomic import atomic_write_bytes
from designer.io.errors import DocumentError
from designer.io.output import sheet_paths
from designer.model.track import TrackDocument
from designer.panes.markup import literal
from designer.rules import load_ruleset


def build_preview(document: TrackDocument, sections: list[str], options: ExportOptions, ruleset) -> Preview:
    """Lay out the PDF in memory (no Qt: this runs in the export worker's thread)."""
    out = io.BytesIO()
    try:
        with notices() as font_warnings:
            pages = export_pdf(out, document, sections, options, ruleset)
    except LayoutError as exc:
        return Preview(b"", 0, str(exc), error=True)
    data = out.getvalue()
    return Preview(data, pages, " — ".join([pdf_status(data, pages), *font_warnings]))


def build_cut_preview(document: TrackDocument, sections: list[str], options: ExportOptions, ruleset, fmt: str,
                      cut: CutOptions) -> Preview:
    """Pack the cut parts and write the cutter files in memory, with a PDF of the sheets to preview them."""
    try:
        with notices():
            sheets = cut_sheets(document, sections, cut, options, ruleset)
            files = tuple(write(sheets, cut, fmt, document.name))
            shown = preview_pdf(sheets, cut, document.name)
    except LayoutError as exc:
        return Preview(b"", 0, str(exc), error=True)
    size = f"{sum(map(len, files)) / 1024:.0f}"
    status = ngettext("{n} {format} sheet, {size} KB", "{n} {format} sheets, {size} KB", len(files)).format(
        n=len(files), format=fmt.upper(), size=size)
    return Preview(shown, len(files), status, files=files)


class PrintDialog(PreviewDialog):
    """Choose what to print and how; the preview follows every change after a short pause."""

    def __init__(self, document: TrackDocument, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        #: Where Save starts: the document's own folder (the last folder used for a document never saved).
        self.folder = folder if folder is not None else Settings().last_folder()
        self.setWindowTitle(_("Export / Print — {name}").format(name=document.name))
        self.document = document
        self._degenerate = degenerate_reasons(document)  # the document cannot change while the dialog is open
        self.ruleset = load_ruleset(document.ruleset)
        self._pdf = self.preview.pdf
        self.cut_files: list[bytes] = []
        self._pdf_ticked: dict[str, bool] = {}
        self._build()
        self.resize(1100, 760)
        self.start_build()

    # --- layout ----------------------------------------------------------------------------------
    def _build(self) -> None:
        sections = QGroupBox(pgettext("what to print", "Print"))
        section_layout = QVBoxLayout(sections)
        self.section_boxes: dict[str, QCheckBox] = {}
        job = PrintJob(self.document, self.ruleset)
        first = True
        self._reasons: dict[str, str | None] = {}
        self._cuttable = {s.name for s in offered(self.document) if s.cut_parts is not None}
        remembered = self._remembered_sections()
        for section in offered(self.document):  # the document's game system's, in its order
            box = QCheckBox(_(section.title))
            reason = section.unavailable(job)
            self._reasons[section.name] = reason
            box.setEnabled(reason is None)
            if remembered:  # what was ticked last time for this game system
                box.setChecked(reason is None and section.name in remembered)
            else:
                box.setChecked(reason is None and first)  # the first section this document can have
            first = first and reason is not None
            box.setToolTip(reason or "")
            box.toggled.connect(self._schedule)
            section_layout.addWidget(box)
            self.section_boxes[section.name] = box

        prefs = Settings().preferences()
        paper = QGroupBox(_("Paper"))
        form = QFormLayout(paper)
        self.format_combo = QComboBox()
        for key, text in (("pdf", _("PDF")), ("svg", _("SVG cutter file (laser, plotter)")),
                          ("dxf", _("DXF cutter file (laser, plotter)"))):
            self.format_combo.addItem(text, key)
        self.format_combo.setToolTip(_("A cutter file holds the outlines to cut, the lines to score and the text "
                                       "to engrave, at 1:1 in millimetres, one file per sheet"))
        self.format_combo.setEnabled(bool(self._cuttable))
        form.addRow(_("Format"), self.format_combo)
        self.paper_combo = QComboBox()
        for key in CLI_PAPERS:
            self.paper_combo.addItem(paper_name(key), key)
        self.paper_combo.setCurrentIndex(max(0, self.paper_combo.findData(prefs.paper)))
        self.orientation_combo = QComboBox()
        for key, text in (("auto", _("Fewest pages")), ("portrait", _("Portrait")), ("landscape", _("Landscape"))):
            self.orientation_combo.addItem(text, key)
        self.margin_spin = self._mm_spin(prefs.margin_mm, 0.0, 100.0)
        # Ticked, every sheet takes its own margin as `kartographer export` does without --margin (cards 7.5,
        # tiles 8 or more, the rest 10); unticked, the one number below for all.
        self.auto_margin_box = QCheckBox(_("Each sheet's own"))
        self.auto_margin_box.setToolTip(_("As the command line prints without --margin: 7.5 mm for card sheets, "
                                          "10 mm for the other sheets"))
        self.auto_margin_box.setChecked(True)
        self.margin_spin.setEnabled(False)
        self.auto_margin_box.toggled.connect(lambda on: self.margin_spin.setEnabled(not on))
        self.auto_margin_box.toggled.connect(self._schedule)
        self.margin_spin.setToolTip(_("1:1 tile pages need a margin of {mm} mm or more: their labels and "
                                      "calibration bars are printed in it").format(mm=fmt_mm(TILE_MARGIN_MM)))
        self.overlap_spin = self._mm_spin(10.0, 0.0, 50.0)
        self.card_combo = QComboBox()
        for key in CARD_SIZES:
            self.card_combo.addItem(card_name(key), key)
        self.duplex_combo = QComboBox()
        self.duplex_combo.addItem(_("Long edge (usual)"), "long")
        self.duplex_combo.addItem(_("Short edge"), "short")
        self.duplex_combo.setToolTip(_("The edge your printer turns a card sheet over on, so each back lands "
                                       "behind its own front"))
        self.ink_saver_box = QCheckBox(_("Ink saver (outlines instead of fills)"))
        self.keep_empty_box = QCheckBox(_("Keep pages with only empty table"))
        self.reach_box = QCheckBox(_("Print hazards' reach rings"))
        form.addRow(_("Paper"), self.paper_combo)
        form.addRow(_("Orientation"), self.orientation_combo)
        margin_row = QHBoxLayout()
        margin_row.addWidget(self.margin_spin)
        margin_row.addWidget(self.auto_margin_box, 1)
        form.addRow(_("Margin"), margin_row)
        form.addRow(_("Glue overlap"), self.overlap_spin)
        form.addRow(_("Card size"), self.card_combo)
        form.addRow(_("Card backs' duplex"), self.duplex_combo)
        form.addRow(self.ink_saver_box)
        form.addRow(self.keep_empty_box)
        form.addRow(self.reach_box)
        for combo in (self.paper_combo, self.orientation_combo, self.card_combo, self.duplex_combo):
            combo.currentIndexChanged.connect(self._schedule)
        for box in (self.ink_saver_box, self.keep_empty_box, self.reach_box):
            box.toggled.connect(self._schedule)

        self.cutter_box = self._build_cutter_options()
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        kit = self._build_kit_options()
        self._layout([sections, paper, self.cutter_box] + ([kit] if kit is not None else []), 300)
        self.cutter_box.setVisible(False)

    def _build_cutter_options(self) -> QGroupBox:
        """The sheet the cut parts are packed on (the paper's size to start with), the gap and the kerf."""
        group = QGroupBox(_("Cutter sheet"))
        form = QFormLayout(group)
        self.sheet_w_spin = self._mm_spin(210.0, 20.0, 5000.0)
        self.sheet_h_spin = self._mm_spin(297.0, 20.0, 5000.0)
        self.gap_spin = self._mm_spin(3.0, 0.0, 100.0)
        self.kerf_spin = self._mm_spin(0.0, 0.0, 5.0)
        self.kerf_spin.setDecimals(2)
        self.kerf_spin.setSingleStep(0.05)
        self.kerf_spin.setToolTip(_("The width the beam or blade takes away; every outline grows by half of it so "
                                    "the parts come out at their true size"))
        form.addRow(_("Sheet width"), self.sheet_w_spin)
        form.addRow(_("Sheet height"), self.sheet_h_spin)
        form.addRow(_("Gap between parts"), self.gap_spin)
        form.addRow(_("Kerf"), self.kerf_spin)
        return group

    def cut_format(self) -> str:
        return str(self.format_combo.currentData())

    def cut_options(self) -> CutOptions:
        return CutOptions(self.sheet_w_spin.value(), self.sheet_h_spin.value(), self.gap_spin.value(),
                          self.kerf_spin.value())

    def _format_changed(self) -> None:
        """A cutter format offers only the sections with cut parts; the sheet starts as the paper's size."""
        cutter = self.cut_format() != "pdf"
        self.cutter_box.setVisible(cutter)
        if cutter:
            from designer.export.paper import get_paper

            paper = get_paper(self.paper_combo.currentData())
            for spin, value in ((self.sheet_w_spin, paper.width_mm), (self.sheet_h_spin, paper.height_mm)):
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self.save_button.setText(_("Save Cutter Files…") if cutter else _("Save PDF…"))
        self.hint.setVisible(not cutter)
        for name, box in self.section_boxes.items():
            reason = self._reasons[name]
            if reason is None and cutter and name not in self._cuttable:
                reason = _("No cutter file for this part")
            box.blockSignals(True)
            if cutter and reason is not None:  # unticked while it cannot be had; ticked again back in PDF
                self._pdf_ticked[name] = box.isChecked()
                box.setChecked(False)
            elif not cutter and name in self._pdf_ticked:
                box.setChecked(self._pdf_ticked.pop(name))
            box.blockSignals(False)
            box.setEnabled(reason is None)
            box.setToolTip(reason or "")
        if cutter and not self.sections():
            ready = next((b for n, b in self.section_boxes.items() if b.isEnabled()), None)
            if ready is not None:
                ready.setChecked(True)
        self._schedule()

    def _build_kit_options(self) -> QGroupBox | None:
        """A spin box per print option of the document's game system (Downforce: lanes, betting lines, token
        and die size), starting at the rule data's values; None when the system has none."""
        self.option_spins: dict[str, QDoubleSpinBox] = {}
        options = system_for(self.document).print_options
        if not options:
            return None
        group = QGroupBox(_("Kit"))
        form = QFormLayout(group)
        for option in options:
            spin = QDoubleSpinBox()
            spin.setRange(option.minimum, option.maximum)
            spin.setDecimals(option.decimals)
            if option.unit:
                spin.setSuffix(f" {option.unit}")
            spin.setValue(option.default(self.ruleset))
            spin.valueChanged.connect(self._schedule)
            form.addRow(option.display_title, spin)
            self.option_spins[option.name] = spin
        return group

    def _mm_spin(self, value: float, low: float, high: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(low, high)
        spin.setDecimals(1)
        spin.setSuffix(" mm")
        spin.setValue(value)
        spin.valueChanged.connect(self._schedule)
        return spin

    def _sections_key(self) -> str:
        return f"print/sections/{self.ruleset.id}"

    def _remembered_sections(self) -> set[str]:
        """The sections ticked when this game system's dialog last closed (a damaged entry: none)."""
        value = Settings().get(self._sections_key(), [])
        names = {str(v) for v in value} if isinstance(value, list) else set()
        return names & {s.name for s in offered(self.document)}

    def done(self, result: int) -> None:
        """Closing remembers the ticked sections for the next time this game system prints."""
        if self.cut_format() == "pdf":
            Settings().set(self._sections_key(), self.sections())
        super().done(result)

    # --- what to write ---------------------------------------------------------------------------
    def sections(self) -> list[str]:
        return [s for s, box in self.section_boxes.items() if box.isChecked() and box.isEnabled()]

    def options(self) -> ExportOptions:
        return ExportOptions(
            paper=self.paper_combo.currentData(),
            margin_mm=None if self.auto_margin_box.isChecked() else self.margin_spin.value(),
            overlap_mm=self.overlap_spin.value(),
            orientation=self.orientation_combo.currentData(),
            ink_saver=self.ink_saver_box.isChecked(),
            keep_empty=self.keep_empty_box.isChecked(),
            card_size=self.card_combo.currentData(),
            reach_rings=self.reach_box.isChecked(),
            settings=tuple((name, spin.value()) for name, spin in self.option_spins.items()),
            duplex=self.duplex_combo.currentData(),
        )

    def _refused(self) -> Preview | None:
        """Why nothing can be built with the current choices (decided at once, on the GUI thread)."""
        if not self.sections():
            return Preview(b"", 0, _("Choose at least one thing to print."))
        reasons = self._degenerate
        if reasons:  # the same refusal as `kartographer export`: fix the geometry first
            return Preview(b"", 0, _("Cannot print this track: {reason}.").format(reason=reasons[0]), error=True)
        return None

    def _builder(self) -> Callable[[], Preview]:
        document, sections, options, ruleset = self.document, self.sections(), self.options(), self.ruleset
        fmt = self.cut_format()
        if fmt != "pdf":
            cut = self.cut_options()
            return lambda: build_cut_preview(document, sections, options, ruleset, fmt, cut)
        return lambda: build_preview(document, sections, options, ruleset)

    def _apply(self, preview: Preview) -> None:
        self.cut_files = list(preview.files)
        super()._apply(preview)

    def save_to(self, path: str | Path) -> None:
        """The previewed PDF, or the cutter files (`path`, or `name-1.svg`… for several sheets)."""
        if self.cut_format() == "pdf" or not self.cut_files:
            super().save_to(path)
            return
        for target, data in zip(sheet_paths(path, len(self.cut_files)), self.cut_files, strict=True):
            atomic_write_bytes(target, data)

    def save_dialog(self) -> None:
        fmt = self.cut_format()
        start = f"{self.document.name}.{fmt}"
        if fmt == "pdf":
            title, files = _("Save PDF"), _("PDF files (*.pdf)")
        else:
            title = _("Save cutter files")
            files = _("SVG files (*.svg)") if fmt == "svg" else _("DXF files (*.dxf)")
        path, _filter = QFileDialog.getSaveFileName(self, title, str(self.folder / start), files)
        if not path:
            return
        if not path.lower().endswith(f".{fmt}"):
            path += f".{fmt}"
        try:
            self.save_to(path)
        except DocumentError as exc:
            QMessageBox.warning(self, _("Cannot save PDF") if fmt == "pdf" else _("Cannot save cutter files"),
                                literal(str(exc)))
            return
        if fmt == "pdf":
            report_written(self.parentWidget(), path, self.page_count)
        else:
            report_sheets(self.parentWidget(), path, self.page_count)
        self.accept()


def report_sheets(window: QWidget | None, path: str | Path, sheets: int) -> str:
    """"Wrote luigi.svg — 3 sheets" in `window`'s status bar (if it has one); returns the message."""
    from designer.app.export_worker import STATUS_MS

    message = ngettext("Wrote {name} — {n} sheet", "Wrote {name} — {n} sheets", sheets).format(
        name=Path(path).name, n=sheets)
    status_bar = getattr(window, "statusBar", None)
    if callable(status_bar):
        status_bar().showMessage(message, STATUS_MS)
    return message
