"""Race Day for an Axles and Alloys II career: the careers page starts the next game with the living drivers
(their classes, career rerolls and vehicle files), a short deathmatch is played with the window's buttons, and
File Result adds it as one game — the right entries, one undo step — whose rerolls the career then awards; a
three-car deathmatch is clicked through to the last car running and files its kills and rerolls."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.document.campaign import CampaignSession
from designer.io.campaign_io import save_campaign
from designer.panes.race_day import RaceDayWindow
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.careers import careers
from designer.systems.axles_alloys_2.qt.careers import CareersPage
from designer.systems.axles_alloys_2.vehicle import VehicleComponent, VehicleDocument
from designer.systems.axles_alloys_2.vehicle_io import save_vehicle

CTX = Context(load_ruleset("axles-alloys-2"))


@pytest.fixture
def page(qtbot, tmp_path: Path, monkeypatch) -> CareersPage:
    monkeypatch.setattr("designer.race.race_io.fresh_seed", lambda: 2026)
    doc = edit.new_campaign("Wasteland", CTX, "career", [("Ann", "-"), ("Bob", "-")])
    doc = career_edit.add_driver(doc, CTX, "Rex", "Ann", "Heavy")
    doc = career_edit.add_driver(doc, CTX, "Zed", "Bob", "Light")
    doc = career_edit.add_game(doc, CTX, "deathmatch",
                               entries=[{"driver": "Rex"}, {"driver": "Zed", "destroyed": True}])
    save_vehicle(VehicleDocument(name="Gnat", weight_class="light", components=[
        VehicleComponent(component="nitro")]), tmp_path / "gnat.vehicle.json")
    doc = career_edit.set_driver_vehicle(doc, CTX, "Zed", "gnat.vehicle.json")
    path = tmp_path / "wasteland.campaign.json"
    save_campaign(doc, path)
    widget = CareersPage(CampaignSession.open(path))
    qtbot.addWidget(widget)
    return widget


def press(window: RaceDayWindow, action: str, car: str | None = None, value: str = "") -> None:
    if car is not None:
        window.kart.setCurrentText(car)
    window.value.setText(value)
    window.buttons[action].click()


def test_a_deathmatch_played_from_race_day_is_filed_into_the_career(qtbot, page, tmp_path: Path):
    assert not page.race_day_button.isHidden()
    window = page.run_game("deathmatch")
    qtbot.addWidget(window)
    path = tmp_path / "wasteland-game-2.race.json"
    data = json.loads(path.read_text())
    assert data["campaign"] == {"file": "wasteland.campaign.json", "race": 2} and data["setup"] == {}
    assert [(p["name"], p["character"], p["stats"]["rerolls"]) for p in data["players"]] == [
        ("Rex", "heavy", 1), ("Zed", "light", 0)]  # Rex survived game 1; Zed earned nothing
    assert data["players"][1]["stats"]["nitro"] == 1  # from Zed's vehicle file
    labels = [w.text() for w in window.findChildren(type(window.message)) if w.text() in ("Driver", "Kart")]
    assert labels == ["Driver"]
    press(window, "speed", "Zed", "12")
    press(window, "nitro", "Zed")
    assert "nitro charge" in window.message.text()
    press(window, "speed", "Rex", "30")
    assert "may plot 2 to 10" in window.message.text()  # heavy: 6 − DEC 4 … 6 + ACC 4
    press(window, "speed", "Rex", "10")
    press(window, "turn")
    press(window, "damage", "Zed", "12 Rex")  # Rex wrecks Zed's car: 3 lines of 4
    zed = window.race.state.car("Zed")
    assert zed.destroyed and window.race.state.car("Rex").kills == 1
    waiting = zed.pending is not None  # Zed has no reroll: a killing roll is final
    assert not waiting
    assert "Zed: destroyed" in window.summary.text()
    assert [a["do"] for a in json.loads(path.read_text())["actions"]] == ["speed", "nitro", "speed", "turn", "damage"]
    window.result_button.click()
    assert window.message.text() == "The result is in the campaign.", window.message.text()
    doc = page.session.document
    assert len(doc.games) == 2 and doc.games[1].scenario == "deathmatch"
    entries = {e.driver: e for e in doc.games[1].entries}
    assert (entries["Rex"].kills, entries["Rex"].destroyed, entries["Rex"].died) == (1, False, False)
    assert (entries["Zed"].destroyed, entries["Zed"].kills, entries["Zed"].died) == (True, 0, zed.dead)
    records = {r.name: r for r in careers(doc, page.session.context)}
    assert records["Rex"].rerolls == 3  # 1 before, survive +1, destroy a vehicle +1
    assert records["Zed"].alive is not zed.dead
    assert page.games_list.count() == 2
    window.result_button.click()  # a second click does not file it twice
    assert "2 games" in window.message.text() and len(page.session.document.games) == 2
    page.session.undo_stack.undo()  # one step takes the whole game back
    assert len(page.session.document.games) == 1
    again = page.run_game("deathmatch")  # the file is there: the game continues
    qtbot.addWidget(again)
    assert again.race.state == window.race.state
    page.session.undo_stack.setClean()


def test_a_three_car_deathmatch_to_the_last_car_files_kills_deaths_and_rerolls(qtbot, tmp_path: Path, monkeypatch):
    monkeypatch.setattr("designer.race.race_io.fresh_seed", lambda: 77)
    doc = edit.new_campaign("Arena", CTX, "career", [("Ann", "-"), ("Bob", "-"), ("Cy", "-")])
    for driver, player, weight in (("Rex", "Ann", "Heavy"), ("Zed", "Bob", "Light"), ("Max", "Cy", "Medium")):
        doc = career_edit.add_driver(doc, CTX, driver, player, weight)
    path = tmp_path / "arena.campaign.json"
    save_campaign(doc, path)
    page = CareersPage(CampaignSession.open(path))
    qtbot.addWidget(page)
    window = page.run_game("deathmatch")
    qtbot.addWidget(window)
    state = window.race.state
    for victim in ("Zed", "Max"):  # Rex shoots each in turn, 3 hit points a game-turn, until it is out
        for _turn in range(20):
            if state.car(victim).out_at is not None:
                break
            for car in ("Rex", "Zed", "Max"):
                if state.car(car).out_at is None:
                    press(window, "speed", car, "6")
            press(window, "turn")
            press(window, "damage", victim, "3 Rex")
            state = window.race.state
        assert state.car(victim).out_at is not None and state.car(victim).pending is None  # no reroll to wait on
    press(window, "turn")
    assert "Rex is the last car running." in window.message.text()
    state = window.race.state
    rex, zed, mx = (state.car(n) for n in ("Rex", "Zed", "Max"))
    assert (rex.kills, zed.destroyed, mx.destroyed) == (2, True, True)  # seed 77: both cars wrecked by Rex
    assert rex.kills == sum(1 for c in (zed, mx) if c.destroyed)  # a car is credited only with what it destroyed
    window.result_button.click()
    assert window.message.text() == "The result is in the campaign.", window.message.text()
    filed = page.session.document
    entries = {e.driver: (e.destroyed, e.died, e.kills) for e in filed.games[0].entries}
    assert entries == {"Rex": (False, False, rex.kills), "Zed": (zed.destroyed, zed.dead, 0),
                       "Max": (mx.destroyed, mx.dead, 0)}
    records = {r.name: r for r in careers(filed, page.session.context)}
    assert records["Rex"].rerolls == 2  # survived (+1), destroyed at least one vehicle (+1)
    assert (records["Zed"].rerolls, records["Max"].rerolls) == (0, 0)
    assert records["Zed"].alive is not zed.dead and records["Max"].alive is not mx.dead
    page.session.undo_stack.setClean()
