"""The Export / Print dialog: options → the very PDF that Save writes, its page count, errors inline."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from designer.app.print_dialog import PrintDialog
from designer.export import ExportOptions, export_pdf
from designer.io.track_io import load_track
from designer.paths import DEFAULT_TRACK


@pytest.fixture
def dialog(qtbot):
    dlg = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(dlg)
    qtbot.waitUntil(lambda: not dlg.is_building(), timeout=10000)  # the first preview is laid out in a worker
    return dlg


def test_preview_shows_the_pdf_that_will_be_written(dialog, tmp_path):
    assert dialog.sections() == ["track"]
    expected = io.BytesIO()
    pages = export_pdf(expected, dialog.document, ["track"], dialog.options(), dialog.ruleset)
    assert dialog.page_count == pages and dialog._pdf.pageCount() == pages
    assert dialog.status_label.text().startswith(f"{pages} pages")
    out = tmp_path / "track.pdf"
    dialog.save_to(out)
    assert out.read_bytes() == dialog.pdf_bytes
    assert len(PdfReader(out).pages) == pages


def test_options_change_the_preview(dialog, qtbot):
    a4_pages = dialog.page_count
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("a3"))
    dialog.refresh()  # what the debounce timer does after a pause
    assert 0 < dialog.page_count < a4_pages
    page = PdfReader(io.BytesIO(dialog.pdf_bytes)).pages[1].mediabox
    assert sorted([round(float(page.width), 1), round(float(page.height), 1)]) == [841.9, 1190.6]  # A3 in pt
    dialog.section_boxes["track"].setChecked(False)
    dialog.section_boxes["cards"].setChecked(True)
    qtbot.waitUntil(lambda: dialog.page_count == 8, timeout=3000)  # the debounce timer fired on its own
    assert dialog.options() == ExportOptions(paper="a3", margin_mm=None, overlap_mm=10.0, card_size="poker")


def test_a_layout_problem_is_shown_and_save_disabled(dialog):
    dialog.auto_margin_box.setChecked(False)
    assert dialog.margin_spin.isEnabled()
    dialog.margin_spin.setValue(100.0)  # leaves 10 mm of an A4 sheet
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("a4"))
    dialog.section_boxes["cards"].setChecked(True)
    dialog.card_combo.setCurrentIndex(dialog.card_combo.findData("poker"))
    dialog.refresh()
    assert not dialog.save_button.isEnabled()
    assert "do not fit" in dialog.status_label.text() or "no room" in dialog.status_label.text()
    assert "\n" not in dialog.status_label.text()


def test_nothing_chosen(dialog):
    dialog.section_boxes["track"].setChecked(False)
    dialog.refresh()
    assert dialog.page_count == 0 and not dialog.save_button.isEnabled()


def test_a_degenerate_track_is_refused_like_the_cli_does(qtbot):
    document = load_track(DEFAULT_TRACK)
    point = document.track.centerline[0]
    degenerate = document.model_copy(update={"track": document.track.model_copy(
        update={"centerline": [point] * len(document.track.centerline)})})
    dlg = PrintDialog(degenerate)
    qtbot.addWidget(dlg)
    dlg.refresh()
    assert dlg.status_label.text().startswith("Cannot print this track: the track")
    assert not dlg.save_button.isEnabled() and dlg.pdf_bytes == b""


def test_characters_without_a_glyph_are_named_in_the_status_line(qtbot):
    document = load_track(DEFAULT_TRACK).model_copy(update={"name": "马力欧 Circuit"})
    dlg = PrintDialog(document)
    qtbot.addWidget(dlg)
    dlg.refresh()
    assert dlg.save_button.isEnabled()
    assert "no glyph" in dlg.status_label.text() and "马力欧"[0] in dlg.status_label.text()


def test_a_cutter_format_offers_only_parts_with_a_cutter_file_and_saves_one_file_per_sheet(dialog, tmp_path):
    import xml.etree.ElementTree as ET

    from designer.export.bundle import export_cut

    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("svg"))
    assert dialog.cutter_box.isVisibleTo(dialog)
    assert (dialog.sheet_w_spin.value(), dialog.sheet_h_spin.value()) == (210.0, 297.0)  # the paper's size
    assert not dialog.section_boxes["cards"].isEnabled() and not dialog.section_boxes["track"].isEnabled()
    assert dialog.section_boxes["cards"].toolTip() == "No cutter file for this part"
    assert dialog.sections() == ["tokens"]  # the first part with a cutter file is ticked for you
    assert not dialog.section_boxes["track"].isChecked() and dialog.save_button.text() == "Save Cutter Files…"
    dialog.sheet_w_spin.setValue(300.0)
    dialog.sheet_h_spin.setValue(200.0)
    dialog.kerf_spin.setValue(0.2)
    dialog.refresh()
    expected = export_cut(dialog.document, ["tokens"], "svg", dialog.cut_options(), dialog.options(), dialog.ruleset)
    assert dialog.cut_files == expected and dialog.page_count == len(expected) > 1
    assert dialog.status_label.text().startswith(f"{len(expected)} SVG sheets")
    assert dialog._pdf.pageCount() == len(expected)  # the preview shows the packed sheets
    dialog.save_to(tmp_path / "tokens.svg")
    written = sorted(tmp_path.iterdir())
    assert [p.name for p in written] == [f"tokens-{n}.svg" for n in range(1, len(expected) + 1)]
    assert ET.fromstring(written[0].read_bytes()).get("width") == "300mm"
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("pdf"))
    assert not dialog.cutter_box.isVisibleTo(dialog) and dialog.section_boxes["cards"].isEnabled()
    assert dialog.sections() == ["track", "tokens"]  # what was ticked for the PDF comes back
    assert dialog.save_button.text() == "Save PDF…"


def test_the_dialog_prints_the_same_pages_as_the_command_line(dialog, tmp_path, capsys):
    """Without a margin chosen, each sheet takes its own as `kartographer export` does: the 66 cards on 8 fronts
    and 8 backs at the card sheets' 7.5 mm (10 mm would need 9 + 9)."""
    from designer.cli import main

    dialog.section_boxes["track"].setChecked(False)
    dialog.section_boxes["cards"].setChecked(True)
    dialog.refresh()
    out = tmp_path / "cards.pdf"
    assert main(["export", str(DEFAULT_TRACK), "--what", "cards", "-o", str(out)]) == 0
    capsys.readouterr()
    assert dialog.page_count == len(PdfReader(out).pages) == 16
    dialog.auto_margin_box.setChecked(False)  # the preferences' 10 mm for every sheet
    dialog.refresh()
    assert dialog.options().margin_mm == 10.0 and dialog.page_count == 18


def test_the_ticked_sections_and_the_documents_folder_are_remembered(qtbot, tmp_path, monkeypatch):
    first = PrintDialog(load_track(DEFAULT_TRACK), folder=tmp_path)
    qtbot.addWidget(first)
    first.section_boxes["track"].setChecked(False)
    first.section_boxes["cards"].setChecked(True)
    first.section_boxes["tokens"].setChecked(True)
    seen = {}

    def fake_save(_parent, _title, start, _filter):
        seen["start"] = start
        return "", ""

    monkeypatch.setattr("designer.app.print_dialog.QFileDialog.getSaveFileName", fake_save)
    first.save_dialog()
    assert seen["start"] == str(tmp_path / f"{first.document.name}.pdf")
    first.reject()
    again = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(again)
    assert again.sections() == ["cards", "tokens"]
    again.reject()
