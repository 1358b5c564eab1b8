"""The Race Day window: a Gaslands race run with its buttons, saved after every action, undone, refused on the
message line with nothing changed, reopened where it stopped, and opened from File ▸ Race Day…."""

from __future__ import annotations

import json
from pathlib import Path

from designer.app.race_day import TOUCH_HEIGHT, RaceDayWindow
from designer.race.document import Entrant
from designer.race.race_io import new_race, save_race


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
