"""A value an editable table refuses is never stored, never silently replaced and never forgotten: typed with
real keys (Tab from cell to cell, Enter to finish), the refused cell keeps the value stored before, is marked
red with what was typed in its tooltip, and the refusal stays on the message line while other cells of the row
are entered — until that cell is fixed or its value replaced (`designer.panes.cell_refusals`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.grand_prix import race_points
from designer.document.campaign import CampaignSession
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.races import COINS, GATES, PLACE, POINTS
from designer.panes.campaign.roster import NAME
from designer.panes.cell_refusals import MARKED_ROLE
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.mk_downforce.fields import DownforceRace
from designer.systems.mk_downforce.qt.season import COINS as SEASON_COINS
from designer.systems.mk_downforce.qt.season import PAID as SEASON_PAID
from designer.systems.mk_downforce.qt.season import PLACE as SEASON_PLACE

from .test_campaign_window import SAMPLE, TRACKS, close_quietly, type_into

pytestmark = pytest.mark.focus  # typed into the focused cell editor

Key = Qt.Key


@pytest.fixture
def win(qtbot, tmp_path: Path, errors):
    """The sample Grand Prix (its races 1 and 2 entered) opened in the campaign window."""
    for name in [SAMPLE, *TRACKS]:
        shutil.copy(TEMPLATES_DIR / name, tmp_path / name)
    window = CampaignWindows().open_path(tmp_path / SAMPLE)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    yield window
    close_quietly(window)


def editor_of(table) -> QLineEdit:
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and table.isAncestorOf(editor), editor
    return editor


def type_row(qtbot, table, row: int, column: int, values: list[str]) -> None:
    """Type `values` into the row from `column` on as a player does: the first by just typing on the cell,
    then Tab to the next cell and type, and Enter after the last."""
    table.setFocus()
    table.setCurrentCell(row, column)
    qtbot.keyClicks(table, values[0][0])   # a key on a cell opens its editor with that key
    qtbot.keyClicks(editor_of(table), values[0][1:])
    for value in values[1:]:
        qtbot.keyClick(editor_of(table), Key.Key_Tab)
        editor = editor_of(table)
        editor.selectAll()
        qtbot.keyClicks(editor, value)
    qtbot.keyClick(editor_of(table), Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)


def marked(item) -> bool:
    return bool(item.data(MARKED_ROLE)) and item.background().style() != Qt.BrushStyle.NoBrush


def test_a_refused_gates_cell_keeps_its_value_its_mark_and_its_message_while_the_row_goes_on(qtbot, win):
    page = win.race_page(2)  # Moo Moo Meadows: 5 gates × 3 laps = 15
    assert "At most 15 gates" in page.limit_label.text()
    assert page.clear_result("Alex")
    row = win.session.document.player_names().index("Alex")
    depth = win.session.undo_stack.count()

    type_row(qtbot, page.table, row, PLACE, ["2", "16", "6"])  # place 2, Tab, gates 16, Tab, coins 6, Enter

    stored = win.session.document.races[1].result("Alex")
    assert (stored.place, stored.gates, stored.coins) == (2, None, 6)  # the 16 is not stored; nor any gates
    assert win.session.undo_stack.count() == depth + 2                 # the place, then the coins
    gp = win.session.context.ruleset.grand_prix
    assert page.cell("Alex", POINTS).text() == str(race_points(stored, gp).total)
    assert page.cell("Alex", POINTS).font().italic()  # the points say they count the stored gates
    gates = page.cell("Alex", GATES)
    assert gates.text() == ""  # not entered, as before the refused 16
    assert marked(gates)
    assert "16" in gates.toolTip() and "more than the track has" in gates.toolTip()
    assert not marked(page.cell("Alex", COINS)) and not marked(page.cell("Alex", PLACE))
    assert win.messages.isVisible()
    assert "16 gates is more than the track has (5 gates × 3 laps = 15)" in win.messages.text()

    # Another player's accepted cell leaves the refusal said and marked.
    type_into(qtbot, page.table, page.cell("Dana", COINS), "5")
    assert win.messages.isVisible() and "16 gates" in win.messages.text()
    assert marked(page.cell("Alex", GATES))

    # Fixed: the gates are stored, the mark and the message go.
    type_into(qtbot, page.table, page.cell("Alex", GATES), "15")
    assert win.session.document.races[1].result("Alex").gates == 15
    assert not marked(page.cell("Alex", GATES))
    assert not page.cell("Alex", POINTS).font().italic()
    assert not win.messages.isVisible()


def test_a_refusal_ends_when_its_value_is_replaced(qtbot, win):
    page = win.race_page(2)
    type_into(qtbot, page.table, page.cell("Billie", GATES), "40")
    assert marked(page.cell("Billie", GATES)) and win.messages.isVisible()
    page.table.setCurrentCell(win.session.document.player_names().index("Billie"), PLACE)
    page.clear_button.click()  # Clear Result: the refused cell's value is replaced
    assert win.session.document.races[1].result("Billie") is None
    assert not marked(page.cell("Billie", GATES))
    assert not win.messages.isVisible()


def test_a_refused_roster_name_stays_marked_until_fixed(qtbot, win):
    roster = win.roster
    before = win.session.document.player_names()
    type_into(qtbot, roster.table, roster.table.item(1, NAME), before[0])  # a name already taken
    assert win.session.document.player_names() == before
    assert roster.table.item(1, NAME).text() == before[1]
    assert marked(roster.table.item(1, NAME)) and win.messages.isVisible()
    type_into(qtbot, roster.table, roster.table.item(2, NAME), "Zed")  # another cell, accepted
    assert win.session.document.player_names()[2] == "Zed"
    assert marked(roster.table.item(1, NAME)) and win.messages.isVisible()
    type_into(qtbot, roster.table, roster.table.item(1, NAME), "Yara")
    assert win.session.document.player_names()[1] == "Yara"
    assert not marked(roster.table.item(1, NAME)) and not win.messages.isVisible()


@pytest.fixture
def season(qtbot, tmp_path: Path, errors):
    path = tmp_path / "s.campaign.json"
    CampaignSession(edit.new_campaign("Season", Context(load_ruleset("mk-downforce")), "season",
                                      [("Ann", "Mario"), ("Bob", "Luigi"), ("Cy", "Bowser")])).save(path)
    window = CampaignWindows().open_path(path)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    yield window
    close_quietly(window)


def test_a_refused_price_stays_marked_while_the_coins_are_entered(qtbot, season):
    season.tabs.cornerWidget(Qt.Corner.TopRightCorner).click()
    page = season.race_pages[-1]
    red = page.table.item(0, SEASON_PLACE)
    type_into(qtbot, page.table, red, "1")
    type_into(qtbot, page.table, page.table.item(0, SEASON_PAID), "lots")
    type_into(qtbot, page.table, page.table.item(0, SEASON_COINS), "2")
    car = DownforceRace.of(season.session.document.races[-1]).car("red")
    assert (car.paid, car.coins) == (0, 2)
    paid = page.table.item(0, SEASON_PAID)
    assert paid.text() == "" and marked(paid) and "lots" in paid.toolTip()
    assert not marked(page.table.item(0, SEASON_COINS))
    assert season.messages.isVisible() and "the red car: 'lots' is not an amount of money" in season.messages.text()
    type_into(qtbot, page.table, page.table.item(0, SEASON_PAID), "1M")
    assert DownforceRace.of(season.session.document.races[-1]).car("red").paid == 1_000_000
    assert not marked(page.table.item(0, SEASON_PAID)) and not season.messages.isVisible()

