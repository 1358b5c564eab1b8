"""The careers page: drivers and games through the session, entries ticked in the editor update the rerolls
and the award lines, a death sends the player to a new driver, a dead driver is refused later, undo works."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from designer.campaign.context import Context
from designer.campaign.edit import new_campaign
from designer.document.campaign import CampaignSession
from designer.model.campaign import GameEntry
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.qt.careers import CareersPage
from designer.systems.axles_alloys_2.qt.careers_model import faces_text, updated_entry


@pytest.fixture
def session() -> CampaignSession:
    ctx = Context(load_ruleset("axles-alloys-2"))
    doc = new_campaign("Wasteland", ctx, "career", [("Ann", "-"), ("Bob", "-")])
    return CampaignSession(doc, None, ctx)


@pytest.fixture
def page(qtbot, session) -> CareersPage:
    widget = CareersPage(session)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def click(qtbot, page: CareersPage, driver: str, what: str) -> None:
    qtbot.mouseClick(page.entries.rows[driver][what], Qt.MouseButton.LeftButton)


def table_row(page: CareersPage, driver: str) -> dict[str, str]:
    headers = [page.table.horizontalHeaderItem(c).text() for c in range(page.table.columnCount())]
    for row in range(page.table.rowCount()):
        if page.table.item(row, 0).text() == driver:
            return {h: page.table.item(row, c).text() for c, h in enumerate(headers)}
    raise KeyError(driver)


def with_two_drivers(qtbot, page: CareersPage) -> None:
    page.name_edit.setText("Rex")
    page.player_combo.setCurrentText("Ann")
    page.vehicle_combo.setCurrentIndex(page.vehicle_combo.findData("heavy"))
    qtbot.mouseClick(page.add_driver_button, Qt.MouseButton.LeftButton)
    assert page.add_driver("Zed", "Bob", "Light") is None


def test_new_driver_from_the_form(qtbot, page, session):
    assert page.needs_frame.isVisible() and list(page.new_driver_offers) == ["Ann", "Bob"]
    with_two_drivers(qtbot, page)
    drivers = session.document.drivers
    assert [(d.name, d.player, DriverVehicle.of(d).vehicle) for d in drivers] == [("Rex", "Ann", "heavy"),
                                                                                ("Zed", "Bob", "light")]
    assert table_row(page, "Rex")["Vehicle"] == "Heavy"  # the file stores the id, the table shows the name
    assert table_row(page, "Zed")["Vehicle"] == "Light"
    combo = page.vehicle_combo
    assert [(combo.itemText(i), combo.itemData(i)) for i in range(1, combo.count())] == [
        ("Light", "light"), ("Medium", "medium"), ("Heavy", "heavy")]
    assert table_row(page, "Rex")["Status"] == "alive"
    assert page.name_edit.text() == "" and page.needs_frame.isHidden()
    assert "already a driver" in page.add_driver("rex", "Bob")
    assert "already a driver" in page.message.text()


def test_recording_an_entry_updates_rerolls(qtbot, page, session):
    with_two_drivers(qtbot, page)
    page.scenario_combo.setCurrentIndex(page.scenario_combo.findData("deathmatch"))
    qtbot.mouseClick(page.new_game_button, Qt.MouseButton.LeftButton)
    assert session.document.games[0].scenario == "deathmatch" and page.current_game() == 1
    click(qtbot, page, "Rex", "played")
    assert session.document.games[0].entries == [GameEntry(driver="Rex")]
    assert table_row(page, "Rex")["Rerolls earned"] == "1"  # survived
    page.entries.rows["Rex"]["kills"].setValue(2)
    assert session.document.games[0].entries[0].kills == 2
    row = table_row(page, "Rex")
    assert (row["Games"], row["Kills"], row["Rerolls earned"], row["Available"]) == ("1", "2", "2", "2")
    awards = [page.awards_list.item(i).text() for i in range(page.awards_list.count())]
    assert awards == ["Rex — game 1: Survive +1", "Rex — game 1: Destroy at least one vehicle +1"]
    page.new_game("race")
    click(qtbot, page, "Rex", "played")
    page.entries.rows["Rex"]["rerolls_used"].setValue(2)
    click(qtbot, page, "Rex", "won")  # ticking won also ticks finished
    entry = session.document.games[1].entries[0]
    assert entry.won and entry.finished and entry.rerolls_used == 2
    row = table_row(page, "Rex")
    assert (row["Rerolls earned"], row["Used"], row["Available"], row["Wins"]) == ("4", "2", "2", "1")


def test_too_many_rerolls_refused_and_widget_snaps_back(qtbot, page, session):
    with_two_drivers(qtbot, page)
    page.new_game("race")
    click(qtbot, page, "Zed", "played")
    before = session.document
    page.entries.rows["Zed"]["rerolls_used"].setValue(3)
    assert "has 0 rerolls" in page.message.text()
    assert session.document == before
    assert page.entries.rows["Zed"]["rerolls_used"].value() == 0


def test_death_then_new_driver_and_dead_driver_refused_later(qtbot, page, session):
    with_two_drivers(qtbot, page)
    page.new_game("deathmatch")
    click(qtbot, page, "Zed", "played")
    died = page.entries.rows["Zed"]["died"]
    assert died.isEnabled() and faces_text([4, 5, 6]) in died.toolTip()
    click(qtbot, page, "Zed", "destroyed")
    click(qtbot, page, "Zed", "died")
    assert table_row(page, "Zed")["Status"] == "died in game 1"
    assert page.needs_frame.isVisible()
    assert list(page.new_driver_offers) == ["Bob"]
    qtbot.mouseClick(page.new_driver_offers["Bob"], Qt.MouseButton.LeftButton)
    assert page.player_combo.currentText() == "Bob"
    page.name_edit.setText("Vic")
    qtbot.mouseClick(page.add_driver_button, Qt.MouseButton.LeftButton)
    assert [d.player for d in session.document.drivers if d.name == "Vic"] == ["Bob"]
    assert page.needs_frame.isHidden()

    page.new_game("race")
    assert not page.entries.rows["Zed"]["played"].isEnabled()
    before = session.document
    assert "Zed died in game 1" in page.set_entry(GameEntry(driver="Zed"))
    assert "Zed died in game 1" in page.message.text()
    assert session.document == before
    click(qtbot, page, "Vic", "played")
    assert [e.driver for e in session.document.games[1].entries] == ["Vic"]


def test_unticking_took_part_removes_the_entry(qtbot, page, session):
    with_two_drivers(qtbot, page)
    page.new_game("deathmatch")
    click(qtbot, page, "Rex", "played")
    click(qtbot, page, "Rex", "played")
    assert session.document.games[0].entries == []
    assert table_row(page, "Rex")["Games"] == "0"


def test_undo_restores_exactly(qtbot, page, session):
    with_two_drivers(qtbot, page)
    page.new_game("deathmatch")
    before = session.document
    click(qtbot, page, "Zed", "played")
    click(qtbot, page, "Zed", "destroyed")
    click(qtbot, page, "Zed", "died")
    assert table_row(page, "Zed")["Status"] == "died in game 1"
    for _ in range(3):
        session.undo_stack.undo()
    assert session.document == before
    assert table_row(page, "Zed")["Status"] == "alive"
    assert not page.entries.rows["Zed"]["played"].isChecked()
    session.undo_stack.undo()  # the game itself
    assert session.document.games == [] and page.games_list.count() == 0


def test_updated_entry_keeps_the_entry_consistent():
    entry = updated_entry(GameEntry(driver="Rex", finished=True, won=True), "destroyed", True)
    assert entry.destroyed and not entry.finished and not entry.won
    entry = updated_entry(updated_entry(entry, "died", True), "destroyed", False)
    assert not entry.destroyed and entry.died
    entry = updated_entry(GameEntry(driver="Rex", finished=True, won=True), "died", True)
    assert entry.died and not entry.destroyed and not entry.finished and not entry.won
    assert updated_entry(GameEntry(driver="Rex", destroyed=True), "won", True).finished
    assert faces_text([4, 5, 6]) == "4–6" and faces_text([6]) == "6" and faces_text([2, 6]) == "2 or 6"
