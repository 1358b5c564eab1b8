"""`kartographer campaign driver add | game | list` (Axles and Alloys II careers), a driver's vehicle file
(stored relative to the campaign, its weight class checked against the driver's), the edit the window shares
(`edit.set_driver_vehicle`), the schema version 3 careers golden, and the commands in German."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.io.campaign_io import dumps_campaign, load_campaign, save_campaign
from designer.io.errors import DocumentError
from designer.model.record_fields import with_fields
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset, loader
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.vehicle_io import driver_vehicle, load_vehicle, save_vehicle

from .cli_runner import refused, run

DATA = Path(__file__).resolve().parent.parent / "data"
V2 = DATA / "careers-v2.campaign.json"
V3 = DATA / "careers-v3.campaign.json"
VEHICLE = DATA / "vehicle-v1.vehicle.json"  # a Medium car
ARENA = "axles-deathmatch-arena.track.json"
AXLES = Context(load_ruleset("axles-alloys-2"))


def award(scenario: str, word: str) -> int:
    """The rerolls the rule data gives for the award of `scenario` whose event names `word`."""
    return next(a.rerolls for a in axles_rules(AXLES.ruleset).career_rerolls
                if a.scenario == scenario and word in a.event.casefold())


@pytest.fixture
def wastes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """A career campaign in camp/, a Medium and a Heavy car in garage/; the working folder is tmp_path."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "camp").mkdir()
    (tmp_path / "garage").mkdir()
    medium = load_vehicle(VEHICLE)
    save_vehicle(medium, tmp_path / "garage" / "max.vehicle.json")
    save_vehicle(medium.model_copy(update={"weight_class": "heavy", "name": "Rig"}),
                 tmp_path / "garage" / "fury.vehicle.json")
    path = Path("camp") / "w.campaign.json"
    code, _out, err = run(capsys, "campaign", "new", "--ruleset", "axles-alloys-2", "--name", "Wastes",
                          "--player", "Alex:Interceptor", "Billie:War Rig", "-o", path)
    assert (code, err) == (0, "")
    return path


def drivers(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["drivers"]


def add(capsys, path: Path, *argv: str) -> str:
    code, out, err = run(capsys, "campaign", "driver", "add", path, *argv)
    assert (code, err) == (0, ""), err
    return out


def game(capsys, path: Path, *argv: str) -> str:
    """Enter a result; the warnings a half-entered game gives (kills before the cars destroyed) are allowed."""
    code, out, err = run(capsys, "campaign", "driver", "game", path, *argv)
    errors = [line for line in err.splitlines() if ": warning: " not in line]
    assert (code, errors) == (0, []), err
    return out


def crew(capsys, path: Path) -> Path:
    """Max (Alex, Medium, with his vehicle file) and Fury (Billie, Heavy, no file)."""
    add(capsys, path, "--name", "Max", "--player", "alex", "--vehicle-file", "garage/max.vehicle.json")
    add(capsys, path, "--name", "Fury", "--player", "Billie", "--class", "Heavy")
    return path


# --- driver add ------------------------------------------------------------------------------------
def test_add_stores_the_vehicle_file_relative_to_the_campaign_and_takes_its_class(wastes, capsys) -> None:
    out = add(capsys, wastes, "--name", "Max", "--player", "alex", "--vehicle-file", "garage/max.vehicle.json")
    assert out == f"{wastes}: driver Max for Alex: Medium car, ../garage/max.vehicle.json\n"
    assert drivers(wastes) == [{"name": "Max", "player": "Alex", "vehicle": "medium",
                                "vehicle_file": "../garage/max.vehicle.json"}]
    assert driver_vehicle(wastes, "../garage/max.vehicle.json").name == "Golden Goose"


def test_add_with_a_class_and_no_file_writes_no_vehicle_file(wastes, capsys) -> None:
    out = add(capsys, wastes, "--name", "Fury", "--player", "Billie", "--class", "HEAVY")
    assert out == f"{wastes}: driver Fury for Billie: Heavy car\n"
    assert drivers(wastes) == [{"name": "Fury", "player": "Billie", "vehicle": "heavy"}]


def test_add_accepts_a_class_that_agrees_with_the_file(wastes, capsys) -> None:
    add(capsys, wastes, "--name", "Fury", "--player", "Billie", "--class", "heavy",
        "--vehicle-file", Path("garage/fury.vehicle.json").resolve())
    assert drivers(wastes)[0]["vehicle_file"] == "../garage/fury.vehicle.json"


def test_add_refuses_a_vehicle_file_of_another_class(wastes, capsys) -> None:
    line = refused(capsys, wastes, "campaign", "driver", "add", wastes, "--name", "Max", "--player", "Alex",
                   "--class", "medium", "--vehicle-file", "garage/fury.vehicle.json")
    assert line == f"{wastes}: drivers (Max): Max drives a Medium car, but garage/fury.vehicle.json is a Heavy one"


def test_add_refuses_a_vehicle_file_of_another_ruleset(wastes, capsys) -> None:
    save_vehicle(load_vehicle(VEHICLE).model_copy(update={"ruleset": "mk-gaslands"}), "garage/kart.vehicle.json")
    line = refused(capsys, wastes, "campaign", "driver", "add", wastes, "--name", "Max", "--player", "Alex",
                   "--vehicle-file", "garage/kart.vehicle.json")
    assert line == (f"{wastes}: drivers (Max): garage/kart.vehicle.json is a mk-gaslands car; the campaign plays "
                    "axles-alloys-2")


@pytest.mark.parametrize(("argv", "reason"), [
    (["--name", "Max", "--player", "Zoe"], "drivers: 'Zoe' is not a player in this campaign"),
    (["--name", "Max", "--player", "Alex", "--class", "tank"],
     "drivers (Max): unknown vehicle 'tank' (known: Light, Medium, Heavy)"),
    (["--name", "Max", "--player", "Alex", "--vehicle-file", "garage/none.vehicle.json"],
     "garage/none.vehicle.json: no such file"),
])
def test_add_refusals(wastes, capsys, argv: list[str], reason: str) -> None:
    line = refused(capsys, wastes, "campaign", "driver", "add", wastes, *argv)
    assert reason in line and line.count("\n") == 0


def test_add_refuses_a_file_that_is_no_vehicle_and_a_second_driver_of_the_same_name(wastes, capsys) -> None:
    line = refused(capsys, wastes, "campaign", "driver", "add", wastes, "--name", "Max", "--player", "Alex",
                   "--vehicle-file", wastes)
    assert line.startswith("w.campaign.json: ") and "format" in line  # the campaign file is not a car
    add(capsys, wastes, "--name", "Max", "--player", "Alex")
    line = refused(capsys, wastes, "campaign", "driver", "add", wastes, "--name", "MAX", "--player", "Billie")
    assert line == f"{wastes}: drivers: there is already a driver called MAX"


@pytest.mark.parametrize("action", [["add", "--name", "Max", "--player", "Alex"], ["list"],
                                    ["game", "--driver", "Max", "--new", "--scenario", "race"]])
@pytest.mark.parametrize(("ruleset", "mode", "player"), [("mk-gaslands", "grand_prix", "Alex:mario"),
                                                         ("axles-alloys-2", "race_series", "Alex:Rig")])
def test_a_campaign_without_careers_is_refused(tmp_path, capsys, action: list[str], ruleset: str, mode: str,
                                               player: str) -> None:
    path = tmp_path / "cup.campaign.json"
    code, _out, _err = run(capsys, "campaign", "new", "--ruleset", ruleset, "--mode", mode, "--player", player,
                           "-o", path)
    assert code == 0
    verb, *rest = action
    line = refused(capsys, path, "campaign", "driver", verb, path, *rest)
    assert line == f"{path}: drivers: a {mode} campaign has no drivers"


# --- driver game -----------------------------------------------------------------------------------
def test_game_lines_say_the_rerolls_earned_from_the_rule_data_and_the_total(wastes, capsys) -> None:
    crew(capsys, wastes)
    survive, destroy = award("deathmatch", "survive"), award("deathmatch", "destroy")
    out = game(capsys, wastes, "--driver", "max", "--new", "--scenario", "deathmatch", "--kills", "2")
    total = survive + destroy
    assert out == (f"{wastes}: game 1 (Deathmatch): Max: Survive +{survive}, Destroy at least one vehicle "
                   f"+{destroy}; {total} rerolls earned in all, 0 used, {total} left\n")
    out = game(capsys, wastes, "--driver", "Fury", "--game", "1", "--destroyed")
    assert out == f"{wastes}: game 1 (Deathmatch): Fury: no rerolls earned; 0 rerolls earned in all, 0 used, 0 left\n"
    finish, win = award("race", "finish"), award("race", "win")
    track = Path(TEMPLATES_DIR / ARENA)
    shutil.copy(track, Path("garage") / ARENA)
    out = game(capsys, wastes, "--driver", "Max", "--new", "--scenario", "race", "--track", f"garage/{ARENA}",
               "--finished", "--won", "--rerolls-used", "1")
    total += finish + win
    assert out == (f"{wastes}: game 2 (Race): Max: Finish with a working vehicle +{finish}, Win +{win}; "
                   f"{total} rerolls earned in all, 1 used, {total - 1} left\n")
    saved = json.loads(wastes.read_text(encoding="utf-8"))["games"]
    assert [(g["scenario"], g["track"], [e["driver"] for e in g["entries"]]) for g in saved] == [
        ("deathmatch", None, ["Max", "Fury"]), ("race", f"../garage/{ARENA}", ["Max"])]
    assert saved[1]["entries"][0] == {"driver": "Max", "destroyed": False, "kills": 0, "finished": True,
                                      "won": True, "died": False, "rerolls_used": 1}


def test_a_death_is_reported_and_entering_a_game_again_replaces_the_entry(wastes, capsys) -> None:
    crew(capsys, wastes)
    game(capsys, wastes, "--driver", "Fury", "--new", "--scenario", "deathmatch")
    out = game(capsys, wastes, "--driver", "Fury", "--game", "1", "--destroyed", "--died")
    assert out.endswith("; Fury died (4–6 on a d6 after the vehicle was destroyed)\n")
    assert json.loads(wastes.read_text())["games"][0]["entries"] == [
        {"driver": "Fury", "destroyed": True, "kills": 0, "finished": False, "won": False, "died": True,
         "rerolls_used": 0}]


def test_a_driver_can_die_in_a_vehicle_that_was_not_destroyed(wastes, capsys) -> None:
    """The seed: the Driver is a component a threshold roll can destroy, radiation exposure kills, and a
    Deathshead impales him; none of these needs the vehicle destroyed."""
    crew(capsys, wastes)
    out = game(capsys, wastes, "--driver", "Max", "--new", "--scenario", "deathmatch", "--died")
    assert out.endswith("; Max died\n")
    entry = json.loads(wastes.read_text())["games"][0]["entries"][0]
    assert (entry["destroyed"], entry["died"]) == (False, True)
    assert refused(capsys, wastes, "campaign", "driver", "game", wastes, "--driver", "Max", "--new",
                   "--scenario", "race").endswith("game 2: Max died in game 1")


def test_the_awards_are_read_from_the_rule_data(wastes, capsys, monkeypatch) -> None:
    """A ruleset worth 3 rerolls for a win: the line and the total follow it."""
    real = loader._load_file

    def richer(path: Path):
        ruleset = real(path)
        rules = axles_rules(ruleset)
        if rules is None:
            return ruleset
        awards = [a.model_copy(update={"rerolls": 3}) if a.event == "Win" else a for a in rules.career_rerolls]
        return ruleset.model_copy(update={"axles": rules.model_copy(update={"career_rerolls": awards})})

    monkeypatch.setattr(loader, "_load_file", richer)
    crew(capsys, wastes)
    out = game(capsys, wastes, "--driver", "Max", "--new", "--scenario", "race", "--finished", "--won")
    assert out.endswith(f"Win +3; {award('race', 'finish') + 3} rerolls earned in all, 0 used, "
                        f"{award('race', 'finish') + 3} left\n")


@pytest.mark.parametrize(("argv", "line"), [
    (["--driver", "Max", "--new", "--scenario", "race", "--won"], "game 2, Max: a winner must have finished"),
    (["--driver", "Max", "--new", "--scenario", "race", "--finished", "--destroyed"],
     "game 2, Max: a destroyed vehicle cannot finish the race"),
    (["--driver", "Max", "--new", "--scenario", "deathmatch", "--finished"],
     "game 2, Max: a deathmatch has no finish line; record survival and kills"),
    (["--driver", "Zed", "--game", "1"], "drivers: unknown driver 'Zed' (known: Max, Fury)"),
    (["--driver", "Max", "--game", "3"], "games: there is no game 3"),
    (["--driver", "Max", "--game", "0"], "argument --game: 0 is not in 1…1000"),
    (["--driver", "Fury", "--new", "--scenario", "race"], "game 2: Fury died in game 1"),
    (["--driver", "Max", "--new", "--scenario", "race", "--rerolls-used", "3"],
     "game 2, Max: Max has 2 rerolls, not 3"),
    (["--driver", "Max", "--new", "--scenario", "race", "--kills", "-1"], "argument --kills: -1 is not in 0…16"),
    (["--driver", "Max", "--new"], "games: a new game needs --scenario deathmatch or race"),
    (["--driver", "Max", "--new", "--game", "1"], "argument --game: not allowed with argument --new"),
    (["--driver", "Max", "--game", "1", "--scenario", "race"], "game 1: game 1 is a deathmatch"),
    (["--driver", "Max", "--game", "1", "--track", "x.track.json"],
     "game 1: --track is for a new game; game 1 already has its track"),
    (["--driver", "Max", "--new", "--scenario", "race", "--track", "none.track.json"], "none.track.json: "),
])
def test_game_refusals(wastes, capsys, argv: list[str], line: str) -> None:
    crew(capsys, wastes)
    game(capsys, wastes, "--driver", "Max", "--new", "--scenario", "deathmatch", "--kills", "1")
    game(capsys, wastes, "--driver", "Fury", "--game", "1", "--destroyed", "--died")
    got = refused(capsys, wastes, "campaign", "driver", "game", wastes, *argv)
    assert line in got


def test_a_track_of_another_game_is_refused(wastes, capsys) -> None:
    crew(capsys, wastes)
    shutil.copy(TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json", "luigi.track.json")
    line = refused(capsys, wastes, "campaign", "driver", "game", wastes, "--driver", "Max", "--new", "--scenario",
                   "race", "--track", "luigi.track.json")
    assert line == "luigi.track.json: ruleset: is a mk-gaslands track; the campaign plays axles-alloys-2"


# --- driver list -----------------------------------------------------------------------------------
def test_list_table_and_json(wastes, capsys) -> None:
    crew(capsys, wastes)
    game(capsys, wastes, "--driver", "Max", "--new", "--scenario", "deathmatch", "--kills", "1")
    game(capsys, wastes, "--driver", "Fury", "--game", "1", "--destroyed", "--died")
    game(capsys, wastes, "--driver", "Max", "--new", "--scenario", "race", "--finished", "--rerolls-used", "2")
    code, out, err = run(capsys, "campaign", "driver", "list", wastes)
    assert (code, err) == (0, "")
    assert [line.split() for line in out.splitlines()] == [
        ["Wastes:", "2", "drivers,", "2", "games"],
        ["Driver", "Player", "Class", "Vehicle", "file", "Games", "Kills", "Earned", "Used", "Left", "Status"],
        ["Max", "Alex", "Medium", "../garage/max.vehicle.json", "2", "1", "3", "2", "1", "alive"],
        ["Fury", "Billie", "Heavy", "-", "1", "0", "0", "0", "0", "died", "in", "game", "1"]]
    code, out, err = run(capsys, "campaign", "driver", "list", wastes, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == [
        {"driver": "Max", "player": "Alex", "class": "Medium", "class_id": "medium",
         "vehicle_file": "../garage/max.vehicle.json", "games": 2, "kills": 1, "wins": 0, "rerolls_earned": 3,
         "rerolls_used": 2, "rerolls_left": 1, "alive": True, "died_in": None},
        {"driver": "Fury", "player": "Billie", "class": "Heavy", "class_id": "heavy", "vehicle_file": None,
         "games": 1, "kills": 0, "wins": 0, "rerolls_earned": 0, "rerolls_used": 0, "rerolls_left": 0,
         "alive": False, "died_in": 1}]


def test_list_of_a_campaign_without_drivers(wastes, capsys) -> None:
    code, out, _err = run(capsys, "campaign", "driver", "list", wastes, "--json")
    assert (code, json.loads(out)) == (0, [])


# --- the shared edit and the vehicle-file helper --------------------------------------------------
def test_set_driver_vehicle_sets_clears_and_changes_the_class() -> None:
    doc = edit.new_campaign("Wastes", AXLES, "career", [("Ann", "Rig")])
    doc = career_edit.add_driver(doc, AXLES, "Rex", "Ann", "light")
    linked = career_edit.set_driver_vehicle(doc, AXLES, "rex", "cars/rex.vehicle.json", "Heavy")
    assert DriverVehicle.of(linked.drivers[0]) == DriverVehicle(vehicle="heavy", vehicle_file="cars/rex.vehicle.json")
    kept = career_edit.set_driver_vehicle(linked, AXLES, "Rex", "cars/other.vehicle.json")
    assert DriverVehicle.of(kept.drivers[0]) == DriverVehicle(vehicle="heavy", vehicle_file="cars/other.vehicle.json")
    cleared = career_edit.set_driver_vehicle(kept, AXLES, "Rex", None)
    assert DriverVehicle.of(cleared.drivers[0]).vehicle_file is None
    assert "vehicle_file" not in json.loads(dumps_campaign(cleared))["drivers"][0]
    assert DriverVehicle.of(doc.drivers[0]).vehicle_file is None  # nothing changed in place
    with pytest.raises(CampaignError, match=r"unknown driver 'Zed' \(known: Rex\)"):
        career_edit.set_driver_vehicle(doc, AXLES, "Zed", "z.vehicle.json")
    with pytest.raises(CampaignError, match="unknown vehicle 'tank'"):
        career_edit.set_driver_vehicle(doc, AXLES, "Rex", "z.vehicle.json", "tank")
    with pytest.raises(CampaignError, match="vehicle_file"):
        career_edit.set_driver_vehicle(doc, AXLES, "Rex", "x" * 501)


def test_driver_vehicle_resolves_relative_to_the_campaign_and_names_the_file(tmp_path) -> None:
    assert driver_vehicle(V3, "vehicle-v1.vehicle.json").weight_class == "medium"
    with pytest.raises(DocumentError) as missing:
        driver_vehicle(tmp_path / "c.campaign.json", "max.vehicle.json")
    assert str(missing.value) == "max.vehicle.json: no such file"
    (tmp_path / "bad.vehicle.json").write_text('{"format": "kartographer-track"}', encoding="utf-8")
    with pytest.raises(DocumentError) as wrong:
        driver_vehicle(tmp_path / "c.campaign.json", "bad.vehicle.json")
    assert str(wrong.value).startswith("bad.vehicle.json: ") and "\n" not in str(wrong.value)


# --- schema version 3 golden -----------------------------------------------------------------------
def test_v3_careers_golden_round_trips_with_only_its_version_bumped(tmp_path) -> None:
    """Version 4 changes only a Downforce season's races: a version 3 career saves the same but for its version."""
    doc, _ = load_campaign(V3)
    assert doc.schema_version == 4
    v4 = V3.read_text(encoding="utf-8").replace('"schema_version": 3,', '"schema_version": 4,', 1).encode()
    assert [(d.name, DriverVehicle.of(d).vehicle, DriverVehicle.of(d).vehicle_file) for d in doc.drivers] == [
        ("Max", "medium", "vehicle-v1.vehicle.json"), ("Furiosa", "heavy", "garage/furiosa.vehicle.json"),
        ("Nux", "light", None), ("Toast", None, None)]
    assert dumps_campaign(doc).encode() == v4
    save_campaign(doc, tmp_path / "again.campaign.json")
    assert (tmp_path / "again.campaign.json").read_bytes() == v4
    # the v2 golden is the same campaign without the vehicle files
    old, _ = load_campaign(V2)
    unlinked = [with_fields(d, DriverVehicle.of(d).model_copy(update={"vehicle_file": None})) for d in doc.drivers]
    assert unlinked == list(old.drivers)
    assert doc.games == old.games


def test_v3_golden_max_drives_the_medium_car_of_his_file() -> None:
    doc, _ = load_campaign(V3)
    car = driver_vehicle(V3, DriverVehicle.of(doc.drivers[0]).vehicle_file)
    assert car.weight_class == DriverVehicle.of(doc.drivers[0]).vehicle


# --- German ----------------------------------------------------------------------------------------
def test_driver_commands_in_german(wastes, capsys) -> None:
    code, out, err = run(capsys, "--lang", "de", "campaign", "driver", "add", wastes, "--name", "Max", "--player",
                         "Alex", "--vehicle-file", "garage/max.vehicle.json")
    assert (code, err) == (0, "")
    assert out == f"{wastes}: Fahrer Max für Alex: Wagen der Klasse Mittel, ../garage/max.vehicle.json\n"
    code, out, err = run(capsys, "--lang", "de", "campaign", "driver", "game", wastes, "--driver", "Max", "--new",
                         "--scenario", "deathmatch")
    assert (code, err) == (0, "")
    assert out.startswith(f"{wastes}: Spiel 1 (Deathmatch): Max: ")
    assert out.endswith(f"; insgesamt {award('deathmatch', 'survive')} Neuwurf verdient, 0 eingesetzt, "
                        f"{award('deathmatch', 'survive')} übrig\n")
    code, out, _err = run(capsys, "--lang", "de", "campaign", "driver", "list", wastes)
    assert out.splitlines()[0] == "Wastes: 1 Fahrer, 1 Spiel"
    assert out.splitlines()[1].split() == ["Fahrer", "Spieler", "Klasse", "Fahrzeugdatei", "Spiele", "Abschüsse",
                                           "Verdient", "Eingesetzt", "Übrig", "Status"]
    code, out, _err = run(capsys, "--lang", "de", "campaign", "driver", "game", wastes, "--driver", "Max",
                          "--game", "1", "--destroyed", "--died")
    assert out.endswith("; Max ist gestorben (4–6 auf einem W6, nachdem das Fahrzeug zerstört wurde)\n")
    line = refused(capsys, wastes, "--lang", "de", "campaign", "driver", "add", wastes, "--name", "Rex",
                   "--player", "Billie", "--class", "light", "--vehicle-file", "garage/fury.vehicle.json")
    assert line == (f"{wastes}: drivers (Rex): Rex fährt einen Wagen der Klasse Leicht, aber "
                    "garage/fury.vehicle.json ist einer der Klasse Schwer")
