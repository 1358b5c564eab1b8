"""The campaign window's File ▸ Print… previews the very PDF it saves (like the track editor's Export / Print),
and the champion banner appears without moving the standings rows."""

from __future__ import annotations

import io

from pypdf import PdfReader
from PySide6.QtWidgets import QFileDialog

from designer.export.campaign_print import write_campaign_pdf
from designer.panes.campaign import print_preview
from designer.panes.campaign.print_preview import CampaignPreviewDialog

from .test_campaign_window import cup, win  # noqa: F401 - the campaign window fixtures


def built(qtbot, dialog: CampaignPreviewDialog) -> CampaignPreviewDialog:
    qtbot.waitUntil(lambda: not dialog.is_building() and not dialog._timer.isActive(), timeout=15000)
    return dialog


def save_on(qtbot, monkeypatch, paper: str) -> None:
    """Make File ▸ Print…'s dialog, instead of waiting for the user, choose `paper`, wait for the worker's
    preview and press Save PDF… (for the tests of what the campaign window prints)."""

    def run(dialog: CampaignPreviewDialog) -> int:
        dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData(paper))
        built(qtbot, dialog).save_dialog()
        return dialog.result()

    monkeypatch.setattr(print_preview.CampaignPreviewDialog, "exec", run)


def test_the_preview_shows_the_pdf_that_save_writes(qtbot, win, tmp_path, monkeypatch):  # noqa: F811
    dialog = built(qtbot, CampaignPreviewDialog(win.session, win))
    qtbot.addWidget(dialog)
    assert list(dialog.boxes) == ["scoresheet", "dashboards"] and dialog.sections() == ["scoresheet", "dashboards"]
    session, both, dashboards = win.session, io.BytesIO(), io.BytesIO()
    pages = write_campaign_pdf(both, session.document, session.context, ["scoresheet", "dashboards"], "a4",
                               source=session.path)
    alone = write_campaign_pdf(dashboards, session.document, session.context, ["dashboards"], "a4")
    assert dialog.page_count == dialog.preview.page_count() == pages and 0 < alone < pages

    dialog.boxes["scoresheet"].setChecked(False)  # the preview follows the section boxes
    built(qtbot, dialog)
    assert dialog.page_count == dialog.preview.page_count() == alone
    dialog.boxes["dashboards"].setChecked(False)
    built(qtbot, dialog)
    assert dialog.preview.page_count() == 0 and not dialog.save_button.isEnabled()
    assert dialog.status_label.text() == "Choose at least one thing to print."
    dialog.boxes["scoresheet"].setChecked(True)
    built(qtbot, dialog)
    assert dialog.preview.page_count() == 1 and dialog.save_button.isEnabled()

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "sheet"), ""))
    dialog.save_button.click()
    saved = tmp_path / "sheet.pdf"
    assert saved.read_bytes() == dialog.pdf_bytes  # Save writes the previewed bytes
    assert len(PdfReader(saved).pages) == dialog.preview.page_count() == 1
    assert "Mushroom Cup — score sheet" in PdfReader(saved).pages[0].extract_text()
    assert win.statusBar().currentMessage() == "Wrote sheet.pdf — 1 page"
    assert dialog.saved_path == saved and not dialog.isVisible()


def test_file_print_opens_the_preview_and_the_paper_changes_the_pdf(qtbot, win, tmp_path, monkeypatch):  # noqa: F811
    seen: list[CampaignPreviewDialog] = []

    def run(dialog: CampaignPreviewDialog) -> int:  # what the user does in the modal dialog
        seen.append(built(qtbot, dialog))
        a4 = PdfReader(io.BytesIO(dialog.pdf_bytes)).pages[0].mediabox
        dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("letter"))
        built(qtbot, dialog)
        letter = PdfReader(io.BytesIO(dialog.pdf_bytes)).pages[0].mediabox
        assert sorted(round(float(v)) for v in (a4.width, a4.height)) == [595, 842]
        assert sorted(round(float(v)) for v in (letter.width, letter.height)) == [612, 792]
        dialog.save_dialog()
        return dialog.result()

    monkeypatch.setattr(print_preview.CampaignPreviewDialog, "exec", run)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "cup.pdf"), ""))
    assert win.print_pdf() == tmp_path / "cup.pdf"
    assert seen and (tmp_path / "cup.pdf").read_bytes() == seen[0].pdf_bytes
    pages = len(PdfReader(tmp_path / "cup.pdf").pages)
    assert pages == seen[0].preview.page_count() == seen[0].page_count > 1
    assert win.statusBar().currentMessage() == f"Wrote cup.pdf — {pages} pages"


def row_top(win, table, row: int) -> int:  # noqa: F811
    """Where a table row is drawn, in the window's coordinates."""
    rect = table.visualItemRect(table.item(row, 0))
    return table.viewport().mapTo(win, rect.topLeft()).y()


def test_the_champion_banner_does_not_move_the_rows(qtbot, win):  # noqa: F811
    from designer.panes.campaign.races import COINS, GATES, PLACE

    from .test_campaign_window import RACE_3, RACE_4, enter_race, type_into

    enter_race(qtbot, win, 3, RACE_3)
    *first, (last, (place, gates, coins)) = RACE_4.items()
    enter_race(qtbot, win, 4, dict(first))
    page = win.race_page(4)
    type_into(qtbot, page.table, page.cell(last, GATES), str(gates))
    type_into(qtbot, page.table, page.cell(last, COINS), str(coins))
    assert not win.banner.isVisible()
    before = (row_top(win, page.table, page.table.rowCount() - 1), row_top(win, win.standings.table, 0))
    type_into(qtbot, page.table, page.cell(last, PLACE), str(place))  # the last place in: a champion
    qtbot.wait(50)
    assert win.banner.isVisible() and "Champion" in win.banner.text()
    assert (row_top(win, page.table, page.table.rowCount() - 1), row_top(win, win.standings.table, 0)) == before
    assert win.banner.geometry().bottom() < win.messages.geometry().top()  # it still sits above everything
