"""The Race Day window: a Gaslands race run with its buttons, saved after every action, undone, refused on the
message line with nothing changed, reopened where it stopped, and opened from File ▸ Race Day…."""

from __future__ import annotations

import json
from pathlib import Path

from designer.panes.race_day import TOUCH_HEIGHT, RaceDayWindow
from designer.race.document import Entrant
from designer.race.race_io import new_race, save_race
from designer.systems.mk_downforce.fields import DownforceRace


def _race_file(tmp_path: Path) -> Path:
    path = tmp_path / "heat.race.json"
    race = new_race("mk-gaslands", [Entrant(name=n) for n in ("Ann", "Ben", "Cid", "Dee")], seed=4,
                    track=None)
    save_race(race, path)
    return path


def test_the_buttons_run_the_race_and_every_action_is_saved(qtbot, tmp_path: Path):
    path = _race_file(tmp_path)
    window = RaceDayWindow(path)
    qtbot.addWidget(window)
    assert window.buttons["box"].minimumHeight() >= TOUCH_HEIGHT
    window.kart.setCurrentText("Ben")
    window.value.setText("2")
    window.buttons["box"].click()
    assert json.loads(path.read_text())["actions"] == [{"do": "box", "kart": "Ben", "n": 2}]
    assert window.message.text().count("Ben drew") == 2
    assert window.log.item(window.log.count() - 1).text().startswith("  1  Ben drew")
    window.kart.setCurrentText("Ann")
    window.value.setText("9")
    window.buttons["gear"].click()
    assert "Max Gear" in window.message.text()
    assert len(json.loads(path.read_text())["actions"]) == 1
    window.buttons["next"].click()
    assert "gear phase 2" in window.summary.text()
    assert window.undo() and len(json.loads(path.read_text())["actions"]) == 1
    assert "gear phase 1 of 6" in window.summary.text()
    again = RaceDayWindow(path)  # closed and reopened: the race continues where it stopped
    qtbot.addWidget(again)
    assert again.race.state == window.race.state and again.log.count() == window.log.count()


def test_file_race_day_opens_a_window_and_refuses_a_bad_file(qtbot, window, errors, tmp_path: Path):
    path = _race_file(tmp_path)
    files = window.file_actions
    assert files.race_day_action.text() == "Race &Day…"
    race_window = files.open_race_day(path)
    qtbot.addWidget(race_window)
    assert race_window.isVisible() and race_window.race.file.seed == 4
    bad = tmp_path / "bad.race.json"
    bad.write_text('{"format": "kartographer-race", "schema_version": 1}')
    assert files.open_race_day(bad) is None
    assert len(errors) == 1 and "\n" not in errors[0][1] and str(bad) in errors[0][1]


def test_run_this_race_from_a_campaign_and_file_its_result_as_one_undo_step(qtbot, tmp_path: Path, errors):
    import shutil

    from designer.panes.campaign import CampaignWindows
    from designer.paths import TEMPLATES_DIR

    folder = tmp_path / "cup"
    folder.mkdir()
    for name in ["mushroom-cup.campaign.json", *(p.name for p in TEMPLATES_DIR.glob("mushroom-cup-*.track.json"))]:
        shutil.copy(TEMPLATES_DIR / name, folder / name)
    windows = CampaignWindows()
    campaign = windows.open_path(folder / "mushroom-cup.campaign.json")
    qtbot.addWidget(campaign)
    page = campaign.race_page(3)
    assert not page.run_button.isHidden()
    before = [r.model_copy() for r in campaign.session.document.races[2].results]
    race_window = page.run_race()
    qtbot.addWidget(race_window)
    path = folder / "mushroom-cup-race-3.race.json"
    data = json.loads(path.read_text())
    assert data["campaign"] == {"file": "mushroom-cup.campaign.json", "race": 3}
    assert data["setup"]["thwomp"] >= 1  # Thwomp Ruins, race 3's track
    names = [p["name"] for p in data["players"]]
    order = [names[2], names[0], names[3], names[1]]
    race_window.value.setText(",".join(order))
    race_window.buttons["order"].click()
    race_window.kart.setCurrentText(order[0])
    race_window.value.setText("3")
    race_window.buttons["coin"].click()
    assert race_window.send_result(), race_window.message.text()
    results = {r.player: (r.place, r.coins) for r in campaign.session.document.races[2].results}
    assert results[order[0]] == (1, 3) and [results[n][0] for n in order] == [1, 2, 3, 4]
    campaign.session.undo_stack.undo()  # one step takes the whole result back
    assert list(campaign.session.document.races[2].results) == before
    again = page.run_race()  # the race file is there: the race continues
    qtbot.addWidget(again)
    assert len(again.race.file.actions) == 2
    campaign.session.undo_stack.setClean()
    campaign.close()


def test_a_downforce_season_race_runs_six_cars_and_files_them_as_one_undo_step(qtbot, tmp_path: Path, errors):
    from designer.campaign import edit
    from designer.campaign.context import Context
    from designer.io.campaign_io import save_campaign
    from designer.panes.campaign import CampaignWindows
    from designer.rules import load_ruleset

    ctx = Context(load_ruleset("mk-downforce"))
    path = tmp_path / "season.campaign.json"
    doc = edit.new_campaign("Season", ctx, "season", [("Ann", "mario"), ("Ben", "toad")])
    save_campaign(edit.set_grid(doc, ctx, 1, ["Ann", "Ben"]), path)
    windows = CampaignWindows()
    campaign = windows.open_path(path)
    qtbot.addWidget(campaign)
    race_window = campaign.race_page(1).run_race()
    qtbot.addWidget(race_window)
    # the picker offers the six cars, not the two players, and the action stores the colour
    assert race_window.kart.count() == 6 and race_window.kart.itemText(0) == "the red car (Ann)"
    race_window.value.setText("yellow,red,green,orange,black,blue")
    race_window.buttons["order"].click()
    race_window.kart.setCurrentIndex(4)
    race_window.value.setText("1")
    race_window.buttons["block"].click()
    saved = json.loads((tmp_path / "season-race-1.race.json").read_text())["actions"]
    assert saved[-1] == {"do": "block", "kart": "blue", "n": 1}
    assert race_window.send_result(), race_window.message.text()
    cars = {c.colour: (c.place, c.owner) for c in DownforceRace.of(campaign.session.document.races[0]).cars}
    assert cars == {"yellow": (1, None), "red": (2, "Ann"), "green": (3, None), "orange": (4, None),
                    "black": (5, None), "blue": (6, "Ben")}
    campaign.session.undo_stack.undo()
    races = campaign.session.document.races
    assert not races or not DownforceRace.of(races[0]).cars
    campaign.session.undo_stack.setClean()
    campaign.close()


def test_print_log_saves_the_race_log_beside_the_race(qtbot, tmp_path: Path, monkeypatch):
    from pypdf import PdfReader

    path = _race_file(tmp_path)
    window = RaceDayWindow(path)
    qtbot.addWidget(window)
    window.kart.setCurrentText("Ben")
    window.value.setText("2")
    window.buttons["box"].click()
    asked = {}

    def fake_save(_parent, _title, start, _filter):
        asked["start"] = start
        return str(tmp_path / "log.pdf"), ""

    monkeypatch.setattr("designer.panes.race_day.QFileDialog.getSaveFileName", fake_save)
    window.print_button.click()
    assert asked["start"] == str(tmp_path / "heat-log.pdf")
    text = " ".join(PdfReader(tmp_path / "log.pdf").pages[0].extract_text().split())
    assert "Ben drew" in text and "Log (seed 4)" in text
    assert window.message.text().startswith("Log printed:")
    before = path.read_bytes()
    assert not window.print_log(path) and path.read_bytes() == before  # never over the race file
