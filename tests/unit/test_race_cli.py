"""`kartographer race …`: a race started, played, undone and shown from the shell, filed into a Grand Prix,
and the refusals (one line, exit 2, nothing written)."""

from __future__ import annotations

import json
from pathlib import Path

from designer.io.campaign_io import load_campaign
from designer.paths import TEMPLATES_DIR
from designer.systems.mk_downforce.fields import DownforceRace
from tests.unit.cli_runner import refused, run

THWOMP_RUINS = TEMPLATES_DIR / "mushroom-cup-3-thwomp-ruins.track.json"


def _new(capsys, path: Path, *extra: str) -> str:
    code, out, err = run(capsys, "race", "new", "--ruleset", "mk-gaslands", "--players", "Ann:mario,Ben,Cid,Dee",
                         "--seed", "9", "-o", path, *extra)
    assert code == 0, err
    return out


def test_a_race_is_started_from_a_track_played_undone_and_shown(capsys, tmp_path: Path):
    path = tmp_path / "heat.race.json"
    out = _new(capsys, path, "--track", THWOMP_RUINS)
    assert "seed 9" in out and "The deck is shuffled: 66 cards." in out
    data = json.loads(path.read_text())
    assert data["setup"]["thwomp"] >= 1 and data["setup"]["laps"] == 3 and data["track"].endswith(".track.json")
    assert run(capsys, "race", "act", path, "box", "Ben", "2")[1].count("Ben drew") == 2
    code, out, _err = run(capsys, "race", "act", path, "next")
    assert code == 0 and out.count("Thwomp 1 rolls") == 1 and "Round 1, gear phase 2" in out
    before = path.read_text()
    assert run(capsys, "race", "act", path, "coin", "Ann", "3")[0] == 0
    assert run(capsys, "race", "act", path, "undo") == (0, "Undone: coin Ann 3\n", "")
    assert path.read_text() == before
    code, out, _err = run(capsys, "race", "show", path)
    assert code == 0 and "1. Ann: gear 1/5" in out and "   1  Ben drew" in out
    code, out, _err = run(capsys, "--lang", "de", "race", "show", path)
    assert "Runde 1, Gangphase 2 von 6." in out and "Ben zog" in out
    shown = json.loads(run(capsys, "race", "show", path, "--json")[1])
    assert shown["seed"] == 9 and shown["actions"] == 2 and len(shown["result"]) == 4


def test_the_result_is_filed_into_a_grand_prix(capsys, tmp_path: Path):
    cup = tmp_path / "cup.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--name", "Cup", "--player", "Ann:Mario",
               "Ben:Luigi", "Cid:Yoshi", "Dee:Toad", "-o", cup)[0] == 0
    path = tmp_path / "heat.race.json"
    _new(capsys, path)
    for words in (["coin", "Cid", "4"], ["order", "Cid,Dee,Ann,Ben"]):
        assert run(capsys, "race", "act", path, *words)[0] == 0
    code, out, err = run(capsys, "race", "result", path, "--campaign", cup, "--race", "1")
    assert code == 0, err
    assert out.splitlines()[0] == "race 1: 1. Cid (gates 0, coins 4)"
    doc, _ctx = load_campaign(cup)
    assert [(r.player, r.place, r.coins) for r in sorted(doc.races[0].results, key=lambda r: r.place)] == [
        ("Cid", 1, 4), ("Dee", 2, 0), ("Ann", 3, 0), ("Ben", 4, 0)]


def test_refusals_are_one_line_and_write_nothing(capsys, tmp_path: Path):
    path = tmp_path / "heat.race.json"
    _new(capsys, path)
    assert "already exists" in refused(capsys, path, "race", "new", "--ruleset", "mk-gaslands", "--players", "Ann",
                                       "-o", path)
    assert "Max Gear" in refused(capsys, path, "race", "act", path, "gear", "Ann", "6")
    assert "unknown action 'fly'" in refused(capsys, path, "race", "act", path, "fly")
    assert "nothing to undo" in refused(capsys, path, "race", "act", path, "undo")
    assert "not started from a campaign" in refused(capsys, path, "race", "result", path)
    assert "go together" in refused(capsys, None, "race", "new", "--campaign", path, "-o", tmp_path / "x.race.json")
    assert "no character" in refused(capsys, None, "race", "new", "--ruleset", "mk-gaslands", "--players",
                                     "Ann:nobody", "-o", tmp_path / "x.race.json")
    assert "not a campaign mode" in refused(capsys, None, "race", "new", "--ruleset", "mk-gaslands", "--players",
                                            "Ann", "--mode", "derby", "-o", tmp_path / "x.race.json")
    from tests.unit.fake_system import FAKE_ID, fake_registry

    with fake_registry(tmp_path):  # a system from outside that brings no race day
        assert "has no race day yet" in refused(capsys, None, "race", "new", "--ruleset", FAKE_ID, "--players", "Ann",
                                                "-o", tmp_path / "x.race.json")
    assert "needs a board" in refused(capsys, None, "race", "new", "--ruleset", "mk-board", "--players", "Ann,Ben",
                                      "-o", tmp_path / "x.race.json")
    assert not (tmp_path / "x.race.json").exists()
    path.write_text(path.read_text().replace('"seed": 9', '"seed": "nine"'))
    assert "seed" in refused(capsys, path, "race", "show", path)


def test_a_campaign_race_is_run_with_its_upgrades_and_filed_back_by_default(capsys, tmp_path: Path):
    from designer.campaign import edit
    from designer.io.campaign_io import save_campaign

    cup = tmp_path / "cup.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--name", "Cup", "--player", "Ann:Mario",
               "Ben:Luigi", "Cid:Yoshi", "Dee:Toad", "--track", THWOMP_RUINS, THWOMP_RUINS, "-o", cup)[0] == 0
    doc, ctx = load_campaign(cup)
    for place, name in enumerate(("Ann", "Ben", "Cid", "Dee"), 1):
        doc = edit.set_result(doc, ctx, 1, name, place, 3 * 3, 10)  # every gate of 3 laps, 10 coins
    doc = edit.buy_upgrade(doc, ctx, "Ann", "max_gear")
    save_campaign(doc, cup)
    path = tmp_path / "race2.race.json"
    code, out, err = run(capsys, "race", "new", "--campaign", cup, "--race", "2", "--seed", "1", "-o", path)
    assert code == 0, err
    data = json.loads(path.read_text())
    assert data["campaign"] == {"file": "cup.campaign.json", "race": 2} and data["mode"] == "grand_prix"
    assert data["setup"]["thwomp"] >= 1  # the race's own track
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert ann == {"name": "Ann", "character": "mario", "stats": {"handling": 3, "max_gear": 6}}
    assert run(capsys, "race", "act", path, "gear", "Ann", "6")[0] == 0  # Mario's 5, upgraded
    assert "Max Gear" in refused(capsys, path, "race", "act", path, "gear", "Ben", "6")
    assert run(capsys, "race", "act", path, "order", "Dee,Cid,Ben,Ann")[0] == 0
    code, out, err = run(capsys, "race", "result", path)
    assert code == 0, err
    assert out.splitlines()[0] == "race 2: 1. Dee (gates 0, coins 0)"
    doc, _ctx = load_campaign(cup)
    assert [r.player for r in sorted(doc.races[1].results, key=lambda r: r.place)] == ["Dee", "Cid", "Ben", "Ann"]


def test_a_race_killed_mid_action_loads_and_continues(tmp_path: Path):
    """kill -9 while a race is being played and saved action after action: the file on disk is always a whole
    race (the saves are atomic) that loads, replays to the same state, and takes the next action."""
    import signal
    import subprocess
    import sys
    import time

    from designer.race.engine import parse_action, replay
    from designer.race.race_io import load_race

    path = tmp_path / "heat.race.json"
    script = (
        "import itertools, sys\n"
        "from designer.race.document import Entrant\n"
        "from designer.race.engine import parse_action\n"
        "from designer.race.race_io import new_race, save_race\n"
        f"path = {str(path)!r}\n"
        "race = new_race('mk-gaslands', [Entrant(name=n) for n in ('Ann', 'Ben', 'Cid', 'Dee')], seed=3)\n"
        "save_race(race, path)\n"
        "print('ready', flush=True)\n"
        "for i in itertools.count():\n"
        "    name = ('Ann', 'Ben', 'Cid', 'Dee')[i % 4]\n"
        "    for words in (f'box {name}', f'use {name}', 'next', f'coin {name}'):\n"
        "        try:\n"
        "            race.act(parse_action(race.rules, words.split()))\n"
        "        except Exception:\n"
        "            continue\n"
        "        save_race(race, path)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(1.0)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    race = load_race(path)
    assert len(race.file.actions) > 5
    assert replay(race.file, race.rules, race.ruleset).state == race.state
    before = len(race.file.actions)
    race.act(parse_action(race.rules, ["coin", "Ann"]))
    assert len(race.file.actions) == before + 1


def test_a_downforce_season_race_is_run_and_files_its_six_cars(capsys, tmp_path: Path):
    from designer.campaign import edit
    from designer.campaign.context import Context
    from designer.io.campaign_io import save_campaign
    from designer.rules import load_ruleset

    ctx = Context(load_ruleset("mk-downforce"))
    season = tmp_path / "season.campaign.json"
    doc = edit.new_campaign("Season", ctx, "season", [("Ann", "mario"), ("Ben", "toad")])
    save_campaign(edit.set_grid(doc, ctx, 1, ["Ann", "Ben"]), season)
    path = tmp_path / "df.race.json"
    code, out, err = run(capsys, "race", "new", "--campaign", season, "--race", "1", "--seed", "3", "-o", path)
    assert code == 0, err
    assert "6 cars race: the red car (Ann), the green car, the orange car, the black car, the blue car (Ben)" in out
    for words in (["order", "blue,red,green,orange,black,yellow"], ["buy", "black", "4", "Ann"], ["finish", "blue"]):
        assert run(capsys, "race", "act", path, *words)[0] == 0
    assert "the blue car (Ben) has finished" in refused(capsys, path, "race", "act", path, "block", "blue", "1")
    assert run(capsys, "race", "result", path)[0] == 0
    cars = {c.colour: (c.place, c.owner, c.paid) for c in DownforceRace.of(load_campaign(season)[0].races[0]).cars}
    assert cars == {"blue": (1, "Ben", 0), "red": (2, "Ann", 0), "green": (3, None, 0), "orange": (4, None, 0),
                    "black": (5, "Ann", 4_000_000), "yellow": (6, None, 0)}


def test_the_race_log_prints_on_one_page_with_every_step(capsys, tmp_path: Path):
    """`race print`: the standing, the result and every logged step, read back from the PDF; one page for a short
    race; the race file is never the output."""
    from pypdf import PdfReader

    from designer.race.race_io import load_race

    path = tmp_path / "heat.race.json"
    _new(capsys, path)
    for words in (["gear", "Ann", "2"], ["box", "Ben", "1"], ["coin", "Cid"]):
        code, _out, err = run(capsys, "race", "act", path, *words)
        assert code == 0, err
    out = tmp_path / "log.pdf"
    code, printed, err = run(capsys, "race", "print", path, "-o", out)
    assert (code, err) == (0, "") and "1 page" in printed
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    race = load_race(path)
    assert len(PdfReader(out).pages) == 1 and "race log" in text and "Log (seed 9)" in text
    for line in race.log:
        assert " ".join((f"{line.step}. {line.text}" if line.step else line.text).split())[:40] in text
    assert "would overwrite the input file" in refused(capsys, path, "race", "print", path, "-o", path)
    assert load_race(path).file == race.file  # the race file is untouched


def test_a_race_on_a_track_takes_the_tracks_game_system(capsys, tmp_path: Path):
    """`--track` alone says which game it is: the race is the track's system; without either, one line."""
    path = tmp_path / "ruins.race.json"
    code, out, err = run(capsys, "race", "new", "--track", THWOMP_RUINS, "--players", "Ann,Ben", "-o", path)
    assert code == 0, err
    assert json.loads(path.read_text())["ruleset"] == "mk-gaslands" and "The deck is shuffled: 66 cards." in out
    assert "give --ruleset" in refused(capsys, tmp_path / "none.race.json", "race", "new", "--players", "Ann",
                                       "-o", tmp_path / "none.race.json")
