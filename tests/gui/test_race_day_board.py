"""A board-game race run from a race series' "Run This Race…": the Race Day window offers the board game's own
buttons, picks the kart whose turn it is after every action (one click a turn), plays the race over the
board's three laps and files the places into the campaign in one undoable step."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from designer.campaign import edit
from designer.campaign.context import Context
from designer.io.campaign_io import save_campaign
from designer.panes.campaign import CampaignWindows
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

TRACK = "board-coin-cove-loop.track.json"


def test_a_board_race_from_the_campaign_ends_in_the_campaign_with_its_places(qtbot, tmp_path: Path, errors):
    ctx = Context(load_ruleset("mk-board"))
    shutil.copy(TEMPLATES_DIR / TRACK, tmp_path / TRACK)
    doc = edit.new_campaign("Board Night", ctx, "race_series", [("Ann", "Mario"), ("Ben", "Luigi"), ("Cid", "Yoshi")])
    doc = edit.set_race_track(doc, ctx, 1, TRACK)
    path = tmp_path / "night.campaign.json"
    save_campaign(doc, path)
    campaign = CampaignWindows().open_path(path)
    qtbot.addWidget(campaign)
    page = campaign.race_page(1)
    assert not page.run_button.isHidden()
    window = page.run_race()
    qtbot.addWidget(window)
    assert list(window.buttons) == ["roll", "move", "shortcut", "spend", "use", "discard"]
    assert window.buttons["roll"].text() == "Roll" and window.buttons["spend"].text() == "Spend coins"
    data = json.loads((tmp_path / "night-race-1.race.json").read_text())
    assert data["setup"]["spaces"] == 63 and data["setup"]["shortcut_7"] == 26
    race = window.race
    assert race.state.pawns[0].name in window.summary.text()
    clicks = 0
    while race.current() is not None and clicks < 1000:
        assert window.kart.currentText() == race.current()  # the window follows the turn
        button = "shortcut" if race.state.pending is not None else "roll"
        assert window.do(race.rules.action(button)), window.message.text()
        clicks += 1
    assert race.current() is None and "the race is over" in window.summary.text()
    places = {p.name: p.place for p in race.state.pawns}
    assert sorted(places.values()) == [1, 2, 3]
    assert len(json.loads((tmp_path / "night-race-1.race.json").read_text())["actions"]) == clicks
    assert window.send_result(), window.message.text()
    results = {r.player: r.place for r in campaign.session.document.races[0].results}
    assert results == places
    assert campaign.standings.value(min(places, key=places.get), "1st") == "1"
    campaign.session.undo_stack.undo()  # one step takes the whole result back
    assert list(campaign.session.document.races[0].results) == []
    campaign.session.undo_stack.setClean()
    window.close()
    campaign.close()
    assert errors == []
