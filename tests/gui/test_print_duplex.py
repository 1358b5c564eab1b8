"""The print dialog's card-back binding: its combo sets `ExportOptions.duplex`, and the preview's back sheet
follows it (read back from the PDF the dialog would save)."""

from __future__ import annotations

import pytest

from designer.app.print_dialog import PrintDialog
from designer.io.track_io import load_track
from designer.paths import DEFAULT_TRACK
from tests.unit import pdfboxes


@pytest.fixture
def dialog(qtbot):
    dlg = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(dlg)
    qtbot.waitUntil(lambda: not dlg.is_building(), timeout=10000)
    return dlg


def test_the_duplex_combo_turns_the_backs_about_the_chosen_edge(dialog):
    assert dialog.options().duplex == "long"  # the default, as before
    dialog.section_boxes["track"].setChecked(False)
    dialog.section_boxes["cards"].setChecked(True)
    dialog.duplex_combo.setCurrentIndex(dialog.duplex_combo.findData("short"))
    dialog.refresh()
    assert dialog.options().duplex == "short"
    pages = pdfboxes.pages(dialog.pdf_bytes)
    assert any("short-edge duplex" in r.text for r in pages[1].runs)
    assert not any("long-edge" in r.text for page in pages for r in page.runs)
