"""Race day played through in the window, button by button, from a campaign's Run This Race… to its File Result:
a four-kart, three-lap Mario Kart Gaslands race scores the Grand Prix points a hand-entered result would, and a
board game race rolled to its end files the places over the line into its race series. The Axles deathmatch is
`test_race_day_axles.py`; the kill -9 mid-race is `test_race_day_killed.py`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.grand_prix import standings
from designer.campaign.series import series_standings
from designer.io.campaign_io import save_campaign
from designer.panes.race_day import RaceDayWindow
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.mk_board.rule_data import board_rules

NAMES = ("Ann", "Ben", "Cid", "Dee")


def press(window: RaceDayWindow, action: str, kart: str | None = None, value: str = "") -> None:
    """Pick the kart, type the value, click the action's button: the rules must take it (one more saved action)."""
    before = len(window.race.file.actions)
    if kart is not None:
        window.kart.setCurrentIndex(window.kart.findData(kart))
    window.value.setText(value)
    window.buttons[action].click()
    assert len(window.race.file.actions) == before + 1, window.message.text()


def open_campaign(qtbot, path: Path):
    from designer.panes.campaign import CampaignWindows

    campaign = CampaignWindows().open_path(path)
    qtbot.addWidget(campaign)
    page = campaign.race_page(1)
    page.run_button.click()
    window = page.race_window
    assert window is not None and window.isVisible()
    qtbot.addWidget(window)
    return campaign, window


def test_a_four_kart_three_lap_gaslands_race_clicked_through_scores_in_the_grand_prix(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr("designer.race.race_io.fresh_seed", lambda: 2024)
    ctx = Context(load_ruleset("mk-gaslands"))
    path = tmp_path / "cup.campaign.json"
    save_campaign(edit.new_campaign("Cup", ctx, "grand_prix", [(n, "mario") for n in NAMES]), path)
    campaign, window = open_campaign(qtbot, path)
    finish_order = ["Cid", "Ann", "Dee", "Ben"]
    press(window, "order", value=",".join(finish_order))
    for lap in range(3):
        for name in finish_order:
            press(window, "gear", name, str(2 + lap))
            press(window, "box", name, "2")
            press(window, "gate", name)
            press(window, "coin", name, str(finish_order.index(name) + 1))
            press(window, "gate", name)
            press(window, "lap", name)
        press(window, "next")
        assert all(len(k.items) == 2 for k in window.race.state.karts)  # full hands draw nothing more
    log = " ".join(window.log.item(i).text() for i in range(window.log.count()))
    assert "Ben finishes in place 4." in log and "Ben: gear" in window.summary.text()
    saved = json.loads((tmp_path / "cup-race-1.race.json").read_text())
    assert len(saved["actions"]) == 1 + 3 * (4 * 6 + 1)  # every click saved
    window.result_button.click()
    assert window.message.text() == "The result is in the campaign."
    doc = campaign.session.document
    results = {r.player: (r.place, r.gates, r.coins) for r in doc.races[0].results}
    assert results == {"Cid": (1, 6, 3), "Ann": (2, 6, 6), "Dee": (3, 6, 9), "Ben": (4, 6, 10)}  # Ben's cap: 10
    totals = {row.player: row.earned for row in standings(doc, ctx)}
    # places 10/8/6/4, a point a gate cleared in order, a point a coin held
    assert totals == {"Cid": 10 + 6 + 3, "Ann": 8 + 6 + 6, "Dee": 6 + 6 + 9, "Ben": 4 + 6 + 10}
    campaign.session.undo_stack.undo()  # one step takes the whole result back
    assert not campaign.session.document.races[0].results
    campaign.session.undo_stack.setClean()
    campaign.close()


def test_a_board_game_race_rolled_to_the_end_files_its_places_into_the_series(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr("designer.race.race_io.fresh_seed", lambda: 31)
    ctx = Context(load_ruleset("mk-board"))
    track = "board-coin-cove-loop.track.json"
    shutil.copy(TEMPLATES_DIR / track, tmp_path / track)
    path = tmp_path / "night.campaign.json"
    doc = edit.new_campaign("Board Night", ctx, "race_series", [(n, "Mario") for n in NAMES[:3]])
    save_campaign(edit.set_race_track(doc, ctx, 1, track), path)
    campaign, window = open_campaign(qtbot, path)
    assert window.race.state.spaces > 20 and window.race.state.laps == board_rules(ctx.ruleset).laps
    for _click in range(1500):
        race = window.race
        if race.state.over:
            break
        turn = race.current()
        assert window.kart.currentData() == turn  # the window picks whose turn it is
        pawn = race.state.pawn(turn)
        if race.state.pending is not None:
            press(window, "shortcut" if pawn.item == "feather" else "move")
        elif pawn.item is not None and pawn.item not in ("feather", "banana", "ghost") and pawn.item != "blank":
            window.value.setText(next(p.name for p in race.state.standing() if p is not pawn and p.place is None))
            window.buttons["use"].click()  # a shell that cannot reach is refused and the pawn rolls instead
            if pawn.item is not None:
                press(window, "roll")
        else:
            press(window, "roll")
    assert window.race.state.over, "the race did not end"
    order = [p.name for p in sorted(window.race.state.pawns, key=lambda p: p.place or 0)]
    log = " ".join(window.log.item(i).text() for i in range(window.log.count()))
    assert f"{order[-1]} crosses the finish line for the last time: place 3." in log
    window.result_button.click()
    assert window.message.text() == "The result is in the campaign."
    filed = campaign.session.document
    assert {r.player: r.place for r in filed.races[0].results} == {n: i for i, n in enumerate(order, 1)}
    table = series_standings(filed, ctx.ruleset)
    assert [row.player for row in table] == order and table[0].place_counts[0] == 1
    campaign.session.undo_stack.setClean()
    campaign.close()
