"""Campaign window polish: a refusal's message never moves the tables under the pointer, partial races stay
out of the standings, and the window matches the editor (title, size, Window and Help menus, close prompt)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit

from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.races import PLACE
from designer.paths import TEMPLATES_DIR

SAMPLE = "mushroom-cup.campaign.json"
TRACKS = [f"mushroom-cup-{i}.track.json" for i in ("1-luigi-circuit", "2-moo-moo-meadows", "3-thwomp-ruins",
                                                    "4-bowser-castle")]


@pytest.fixture
def win(qtbot, tmp_path: Path, errors):
    folder = tmp_path / "cup"
    folder.mkdir()
    for name in [SAMPLE, *TRACKS]:
        shutil.copy(TEMPLATES_DIR / name, folder / name)
    window = CampaignWindows().open_path(folder / SAMPLE)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    yield window
    window.session.undo_stack.setClean()
    window.close()


def type_into(qtbot, table, item, text: str) -> None:
    table.setCurrentItem(item)
    table.editItem(item)
    [editor] = [e for e in table.findChildren(QLineEdit) if not e.isHidden()]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState)


def row_position(win, page, player: str) -> QPoint:
    """Where a player's Place cell is on the window, as the pointer sees it."""
    table = page.table
    return table.viewport().mapTo(win, table.visualItemRect(page.cell(player, PLACE)).center())


def test_a_refusal_does_not_move_the_rows(qtbot, win):
    page = win.race_page(3)
    win.tabs.setCurrentWidget(page)
    type_into(qtbot, page.table, page.cell("Alex", PLACE), "1")
    qtbot.wait(20)
    before = row_position(win, page, "Casey")
    type_into(qtbot, page.table, page.cell("Billie", PLACE), "1")  # refused: place 1 is Alex's
    qtbot.wait(20)
    assert win.messages.isVisible() and "already Alex's" in win.messages.text()
    assert row_position(win, page, "Casey") == before
    # a long reason wraps inside the reserved space, still without moving anything
    win.messages.show_message("Not changed — " + "a very long reason " * 30)
    qtbot.wait(20)
    assert row_position(win, page, "Casey") == before
    type_into(qtbot, page.table, page.cell("Billie", PLACE), "2")
    qtbot.wait(20)
    assert not win.messages.isVisible()
    assert row_position(win, page, "Casey") == before


def enter(qtbot, page, player: str, values: tuple[int, int, int]) -> None:
    for column, value in zip((PLACE, PLACE + 1, PLACE + 2), values, strict=True):
        type_into(qtbot, page.table, page.cell(player, column), str(value))


def test_a_race_counts_in_table_chart_and_ranks_only_once_complete(qtbot, win):
    standings = win.standings
    before_rows = [standings.table.item(r, 1).text() for r in range(standings.table.rowCount())]
    before_totals = {p: standings.value(p, "Total") for p in before_rows}
    before_chart = standings.chart.series()
    page = win.race_page(3)
    enter(qtbot, page, "Dana", (1, 18, 5))  # 10 + 18 + 5 = 33: would lift Dana to the top at once
    assert [standings.table.item(r, 1).text() for r in range(standings.table.rowCount())] == before_rows
    assert {p: standings.value(p, "Total") for p in before_rows} == before_totals
    assert standings.chart.series() == before_chart
    cell = standings.table.item(standings.row_of("Dana"), standings.table.columnCount() - 2)  # R3 of four
    assert cell.text() == "33" and cell.font().italic()
    assert "once every player's place is in" in cell.toolTip()
    for player, values in {"Alex": (2, 16, 3), "Billie": (3, 16, 2), "Casey": (4, 15, 1)}.items():
        enter(qtbot, page, player, values)
    cell = standings.table.item(standings.row_of("Dana"), standings.table.columnCount() - 2)
    assert cell.text() == "33" and not cell.font().italic()
    assert int(standings.value("Dana", "Total")) == int(before_totals["Dana"]) + 33
    assert standings.chart.series()["Dana"][-1] == int(standings.value("Dana", "Total"))
    assert all(len(v) == 3 for v in standings.chart.series().values())


def test_title_window_and_help_menus_like_the_editor(qtbot, win):
    from designer.panes.campaign.menus import fill_window_menu

    assert win.windowTitle() == "Mushroom Cup[*] — Campaign — Kartographer"
    titles = [a.text() for a in win.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&Window", "&Help"]
    fill_window_menu(win)
    entries = [a.text() for a in win.window_menu.actions() if not a.isSeparator()]
    assert entries == ["Mi&nimize", "Mushroom Cup"]  # no editor behind a window opened on its own
    [current] = [a for a in win.window_menu.actions() if a.isCheckable()]
    assert current.isChecked()
    helps = [a.text() for a in win.help_menu.actions() if not a.isSeparator()]
    assert helps == ["&Manual", "&Keyboard Shortcuts", "&About Kartographer…"]
    from designer.app.help_menu import shortcut_groups

    groups = dict(shortcut_groups(win))
    assert "Save" in [text for text, _keys in groups["File"]]  # the campaign window's own keys


def test_the_close_prompt_is_the_editors(qtbot, win, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from designer.app import prompts
    from designer.panes.campaign import window as window_module

    shown: list[QMessageBox] = []

    def answer(box: QMessageBox) -> int:
        shown.append(box)
        box.button(QMessageBox.StandardButton.Cancel).click()
        return 0

    monkeypatch.setattr(prompts, "nobody_to_ask", lambda: False)
    monkeypatch.setattr(QMessageBox, "exec", answer)
    assert window_module.ask_save_changes(win, SAMPLE) == QMessageBox.StandardButton.Cancel
    editor_box = prompts.save_changes_box(win, SAMPLE)
    [box] = shown
    assert (box.windowTitle(), box.text(), box.informativeText()) == (
        editor_box.windowTitle(), editor_box.text(), editor_box.informativeText())
    assert "Save changes to “mushroom-cup.campaign.json” before closing?" in box.text()


def test_opens_at_a_sensible_size_beside_the_editor(qtbot, window, tmp_path):
    from PySide6.QtCore import QRect

    from designer.panes.campaign.menus import initial_geometry

    screen = window.screen().availableGeometry()
    folder = tmp_path / "cup2"
    folder.mkdir()
    for name in [SAMPLE, *TRACKS]:
        shutil.copy(TEMPLATES_DIR / name, folder / name)
    campaign = window.campaign_windows.open_path(folder / SAMPLE)
    qtbot.addWidget(campaign)
    qtbot.waitExposed(campaign)
    # the offscreen screen (800 × 800) is smaller than the window's least size: it asks for what fits
    wanted = initial_geometry(window, screen, 0).size().expandedTo(campaign.minimumSizeHint())
    assert campaign.size() == wanted
    assert campaign.geometry().topLeft() != window.geometry().topLeft()  # not stacked exactly over the editor
    entries = [a.text() for a in (campaign.window_menu.aboutToShow.emit(), campaign.window_menu.actions())[1]]
    assert "Track Editor" in entries
    # on a wide screen it goes right beside the editor, on a laptop screen it cascades and fits
    wide = QRect(0, 0, 3000, 1200)
    window.setGeometry(20, 30, 1400, 900)
    beside = initial_geometry(window, wide, 0)
    assert beside.left() == window.frameGeometry().right() + 1 and beside.size().width() == 1280
    laptop = QRect(0, 0, 1366, 740)
    small = initial_geometry(window, laptop, 1)
    assert laptop.contains(small) and small.width() <= 1366 - 40 and small.height() <= 740 - 40
    campaign.session.undo_stack.setClean()
    campaign.close()


def test_player_colours_match_between_chart_names_and_dashboards(qtbot, win):
    from designer.panes.campaign.player_colours import player_colours

    standings = win.standings
    printed = player_colours(win.session.document, win.session.context.ruleset)
    for index, player in enumerate(win.session.document.player_names()):
        name = standings.table.item(standings.row_of(player), 1).foreground().color()
        line = standings.chart.line_colour(index)
        assert abs(name.hslHue() - printed[index].hslHue()) <= 3, player
        assert abs(line.hslHue() - printed[index].hslHue()) <= 3, player
