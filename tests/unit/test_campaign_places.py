"""A campaign file that is not right is refused naming the place as the player knows it — the roster row and
the name, the race and the player, the game and the driver — never the file's list indices ("players[1]",
"games[0].entries[0]"), on the command line and in German; a vehicle file names its component as the editor's
row does ("component 2 (Bull Bar)", not "components[1]")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.campaign.places import item_name

from .cli_runner import refused, run


def written(tmp_path: Path, capsys, *argv: str) -> dict:
    path = tmp_path / "c.campaign.json"
    assert run(capsys, "campaign", "new", *argv, "-o", path)[0] == 0
    return json.loads(path.read_text(encoding="utf-8"))


def refusal(tmp_path: Path, capsys, data: dict, *lang: str) -> str:
    path = tmp_path / "bad.campaign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = refused(capsys, path, *lang, "campaign", "standings", path)
    return line.removeprefix(f"{path}: ")


def test_a_gaslands_file_names_the_roster_row_and_the_race(tmp_path, capsys):
    data = written(tmp_path, capsys, "--ruleset", "mk-gaslands", "--player", "Ann:Mario", "Bob:Luigi")
    bad = json.loads(json.dumps(data))
    bad["players"][1]["character"] = ""
    assert refusal(tmp_path, capsys, bad) == "roster row 2 (Bob): character: string should have at least 1 character"
    bad = json.loads(json.dumps(data))
    bad["races"][1]["results"] = [{"player": "Ann", "place": 1, "bonus": 3}]
    assert refusal(tmp_path, capsys, bad) == "race 2, Ann: bonus: unknown field"
    assert refusal(tmp_path, capsys, bad, "--lang", "de") == "Rennen 2, Ann: bonus: unbekanntes Feld"


def test_a_career_names_the_game_and_the_driver(tmp_path, capsys):
    data = written(tmp_path, capsys, "--ruleset", "axles-alloys-2", "--player", "Ann", "Bob")
    data["mode"] = "career"
    data["drivers"] = [{"name": "Max", "player": "Ann"}]
    data["games"] = [{"scenario": "deathmatch", "entries": [{"driver": "Max", "kills": -1}]}]
    line = refusal(tmp_path, capsys, data)
    assert line == "game 1, Max: kills: must be ≥ 0"


@pytest.mark.parametrize(("key", "item", "name"), [
    ("players", {"name": "Bob"}, "roster row 2 (Bob)"), ("players", {"name": "P" * 41}, "roster row 2"),
    ("players", {"name": "Al\udcffex"}, "roster row 2"), ("drivers", {"name": "Max"}, "driver 2 (Max)"),
    ("results", {"player": "Ann"}, "Ann"), ("results", None, "result 2"), ("entries", {"driver": "Nux"}, "Nux"),
    ("races", {}, "race 2"), ("battles", {}, "battle 2"), ("games", {}, "game 2"), ("wipe_outs", {}, "Wipe Out 2"),
    ("custom_characters", {"name": "Zed"}, "custom character 2"), ("cars", {}, "car 2"),
    ("prizes", 5, "prize for place 2"), ("elements", {}, None)])
def test_each_list_of_the_file_has_a_name_for_its_items(key, item, name):
    assert item_name(key, 1, item) == name


def test_a_vehicle_file_names_the_component_as_the_editor_shows_it(tmp_path, capsys):
    from designer.paths import TEMPLATES_DIR

    data = json.loads((TEMPLATES_DIR / "axles-light-buggy.vehicle.json").read_text(encoding="utf-8"))
    data["components"][1]["facing"] = "Sideways"
    path = tmp_path / "v.vehicle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = refused(capsys, path, "vehicle", "check", path)
    assert line == f"{path}: component 2 (Bull Bar): facing: must be 'Front', 'Rear', 'Left' or 'Right'"
    data["components"][1]["label"] = "L" * 200  # the label is what is refused: not repeated
    path.write_text(json.dumps(data), encoding="utf-8")
    assert refused(capsys, path, "vehicle", "check", path).startswith(f"{path}: component 2: label: string should")
