"""A board-game race series in the campaign window: its standings (wins, then second places …, no Gates
column), the race page's start order with the coins of places 5–7, and the print dialog offering the
start-order sheet."""

from __future__ import annotations

from designer.campaign import edit
from designer.campaign.context import Context
from designer.document.campaign import CampaignSession
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.print_preview import CampaignPreviewDialog
from designer.panes.campaign.standings import SERIES_COLUMNS
from designer.rules import load_ruleset

from .test_campaign_window import close_quietly, enter_race

PLAYERS = [("Ana", "Mario"), ("Ben", "Luigi"), ("Cy", "Yoshi"), ("Di", "Peach"), ("Ed", "Toad"), ("Flo", "Wario")]


def test_board_series_standings_and_start_order(qtbot, errors, tmp_path, monkeypatch):
    ctx = Context(load_ruleset("mk-board"))
    session = CampaignSession(edit.new_campaign("Board Night", ctx, "race_series", PLAYERS))
    window = CampaignWindows().show_session(session)
    qtbot.addWidget(window)
    assert window.shop is None and window.standings.chart is None
    assert window.add_race()
    enter_race(qtbot, window, 1, {n: (p, 0, 0) for p, (n, _c) in enumerate(PLAYERS, start=1)})
    assert window.add_race()
    order = ["Ben", "Ana", "Cy", "Di", "Flo", "Ed"]
    enter_race(qtbot, window, 2, {n: (p, 0, 0) for p, n in enumerate(order, start=1)})
    table = window.standings.table
    assert [table.item(r, 1).text() for r in range(6)] == ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"]
    assert [table.item(r, 0).text() for r in range(6)] == ["1", "1", "3", "4", "5", "5"]  # Ed and Flo level
    assert window.standings.value("Ana", "1st") == "1" and window.standings.value("Ana", "2nd") == "1"
    assert window.standings.value("Ben", "R2") == "1st" and window.standings.value("Flo", "R1") == "6th"
    assert table.isColumnHidden(SERIES_COLUMNS.index("Gates")) and table.isColumnHidden(SERIES_COLUMNS.index("Coins"))
    assert not table.isColumnHidden(SERIES_COLUMNS.index("Races"))
    assert "wins" in window.standings.rule_label.text()
    page = window.race_page(2)
    page.fill_button.click()
    assert window.session.document.races[1].grid == [n for n, _c in PLAYERS]
    assert [page.grid_table.item(r, 2).text() for r in range(6)] == ["0", "0", "0", "0", "1", "1"]
    dialog = CampaignPreviewDialog(window.session, window)
    qtbot.addWidget(dialog)
    assert list(dialog.boxes) == ["dashboards", "startorder"] and dialog.sections() == ["dashboards", "startorder"]
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=15000)
    assert dialog.page_count > 0 and dialog.preview.page_count() == dialog.page_count
    dialog.reject()
    close_quietly(window)
