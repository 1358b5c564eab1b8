"""Axles and Alloys II career checks that report without refusing (`careers.campaign_notices`): kills in a game
never exceed the vehicles recorded destroyed in it, and a driver's linked car that breaks a build rule, or is no
longer of the driver's class, is reported when linked and whenever the campaign is loaded (CLI: stderr)."""

from __future__ import annotations

import json
import shutil

from designer.campaign import edit
from designer.campaign.context import Context
from designer.cli import main
from designer.model.campaign import GameEntry
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.careers import campaign_notices, kill_notices

CTX = Context(load_ruleset("axles-alloys-2"))


def career(*entries: GameEntry, scenario: str = "deathmatch"):
    doc = edit.new_campaign("Wasteland", CTX, "career", [("Ann", "-"), ("Bob", "-")])
    for name, player in (("Max", "Ann"), ("Fury", "Bob"), ("Nux", "Ann")):
        doc = career_edit.add_driver(doc, CTX, name, player, "light")
    return career_edit.add_game(doc, CTX, scenario, None, list(entries))


def test_kills_beyond_the_destroyed_vehicles_are_reported():
    ok = career(GameEntry(driver="Max", kills=1), GameEntry(driver="Fury", destroyed=True))
    assert kill_notices(ok) == []
    alone = career(GameEntry(driver="Max", kills=1))
    assert kill_notices(alone) == ["game 1: Max has 1 kill, but 0 other vehicles are recorded destroyed in this game"]
    own = career(GameEntry(driver="Max", kills=1, destroyed=True))  # nobody destroys his own car for a kill
    assert kill_notices(own) == ["game 1: Max has 1 kill, but 0 other vehicles are recorded destroyed in this game"]
    together = career(GameEntry(driver="Max", kills=1, destroyed=True), GameEntry(driver="Fury", kills=1,
                                                                                  destroyed=True),
                      GameEntry(driver="Nux", kills=1))
    assert kill_notices(together) == [
        "game 1: the drivers have 3 kills in all, but 2 vehicles are recorded destroyed in this game"]


def test_the_cli_warns_while_the_kills_do_not_add_up_and_stops_once_they_do(tmp_path, capsys):
    file = str(tmp_path / "w.campaign.json")
    assert main(["campaign", "new", "--ruleset", "axles-alloys-2", "--player", "Ann:x", "Bob:y", "-o", file]) == 0
    for name, player in (("Max", "Ann"), ("Fury", "Bob")):
        assert main(["campaign", "driver", "add", file, "--name", name, "--player", player, "--class", "light"]) == 0
    capsys.readouterr()
    assert main(["campaign", "driver", "game", file, "--new", "--scenario", "deathmatch", "--driver", "Max",
                 "--kills", "1"]) == 0
    assert capsys.readouterr().err == (f"{file}: warning: game 1: Max has 1 kill, but 0 other vehicles are "
                                       "recorded destroyed in this game\n")
    assert main(["campaign", "driver", "game", file, "--game", "1", "--driver", "Fury", "--destroyed"]) == 0
    assert capsys.readouterr().err == ""


def test_a_linked_car_breaking_a_build_rule_is_reported_when_linked_and_on_load(tmp_path, capsys):
    car = tmp_path / "buggy.vehicle.json"
    shutil.copy(TEMPLATES_DIR / "axles-light-buggy.vehicle.json", car)
    data = json.loads(car.read_text())
    data["components"].append({"component": "medium-weapon", "label": "Big Gun", "facing": "Front",
                               "in_turret": False})
    car.write_text(json.dumps(data))
    file = str(tmp_path / "w.campaign.json")
    assert main(["campaign", "new", "--ruleset", "axles-alloys-2", "--player", "Ann:x", "-o", file]) == 0
    capsys.readouterr()
    assert main(["campaign", "driver", "add", file, "--name", "Rex", "--player", "Ann", "--vehicle-file",
                 str(car)]) == 0
    err = capsys.readouterr().err
    assert err == (f"{file}: warning: Rex: buggy.vehicle.json breaks a build rule: components: the components take "
                   "5 capacity, and a Light vehicle has 3\n")
    assert main(["campaign", "driver", "list", file]) == 0
    assert capsys.readouterr().err == err  # loading reports it again
    data["weight_class"] = "medium"
    data["components"] = data["components"][:1]
    car.write_text(json.dumps(data))  # now legal, but no longer the driver's class
    assert main(["campaign", "print", file, "-o", str(tmp_path / "d.pdf")]) == 0
    assert capsys.readouterr().err == (f"{file}: warning: Rex drives a Light car, but buggy.vehicle.json is now a "
                                       "Medium one\n")


def test_a_vehicle_file_gone_missing_is_reported_not_refused(tmp_path):
    doc = edit.new_campaign("Wasteland", CTX, "career", [("Ann", "-")])
    doc = career_edit.add_driver(doc, CTX, "Rex", "Ann", "light")
    doc = career_edit.set_driver_vehicle(doc, CTX, "Rex", "gone.vehicle.json")
    notices = campaign_notices(doc, CTX, tmp_path / "w.campaign.json")
    assert len(notices) == 1 and notices[0].startswith("Rex: ") and "gone.vehicle.json" in notices[0]
