"""`kartographer vehicle check|new|print` and the vehicle format around them: exit 0/1/2 with one line per
file or per broken rule, unreadable files refused on one stderr line, no file written over; the JSON Schema
matches its committed copy; the golden file and the starters are canonical and legal."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from designer.io.migrations import CHAINS
from designer.paths import SCHEMA_DIR, TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import builder
from designer.systems.axles_alloys_2.documents import vehicle_json_schema
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.vehicle_io import VEHICLE_SUFFIX, dumps_vehicle, load_vehicle

from . import pdfscan
from .cli_runner import refused, run

DATA = Path(__file__).parents[1] / "data"
GOLDEN = DATA / "vehicle-v1.vehicle.json"
STARTERS = sorted(TEMPLATES_DIR.glob(f"*{VEHICLE_SUFFIX}"))
RULESET = load_ruleset("axles-alloys-2")
RULES = axles_rules(RULESET)


def write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def golden_data() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture
def broken(tmp_path) -> Path:
    """A Medium arena car with a dropper to the front and a face on its nitro: two rules broken."""
    data = golden_data()
    data["components"][3]["facing"] = "Front"
    data["components"].append({"component": "nitro", "facing": "Left"})
    return write(tmp_path / "broken.vehicle.json", data)


# --- check -----------------------------------------------------------------------------------------
def test_check_says_ok_with_the_class_and_capacity_of_each_legal_car(capsys):
    code, out, err = run(capsys, "vehicle", "check", *STARTERS, GOLDEN)
    assert (code, err) == (0, "")
    expected = {"axles-heavy-dropper-van": "Heavy, capacity 5 of 5", "axles-light-buggy": "Light, capacity 3 of 3",
                "axles-medium-race-flamer": "Medium, capacity 4 of 4", "axles-medium-turret": "Medium, capacity 4 of 4"}
    starters = [f"{TEMPLATES_DIR / (slug + VEHICLE_SUFFIX)}: ok — {text}" for slug, text in sorted(expected.items())]
    assert out.splitlines() == [*starters, f"{GOLDEN}: ok — Medium, capacity 4 of 4"]


def test_check_lists_each_broken_rule_on_its_own_line_and_exits_1(capsys, broken):
    before = broken.read_bytes()
    code, out, err = run(capsys, "vehicle", "check", broken, GOLDEN)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{broken}: component 4 (Spike Dropper): a dropper fires to the rear, not Front",
        f"{broken}: component 5 (Nitro): only weapons and droppers have a firing face",
        f"{broken}: components: the components take 5 capacity, and a Medium vehicle has 4",
        f"{GOLDEN}: ok — Medium, capacity 4 of 4"]
    assert broken.read_bytes() == before  # check never writes


def test_check_json(capsys, broken):
    code, out, err = run(capsys, "vehicle", "check", "--json", broken, STARTERS[0])
    assert (code, err) == (1, "")
    reports = json.loads(out)
    assert reports[0] == {"file": str(broken), "ok": False, "capacity_used": 5, "capacity": 4, "problems": [
        {"where": "component 4 (Spike Dropper)", "message": "a dropper fires to the rear, not Front"},
        {"where": "component 5 (Nitro)", "message": "only weapons and droppers have a firing face"},
        {"where": "components", "message": "the components take 5 capacity, and a Medium vehicle has 4"}]}
    assert reports[1] == {"file": str(STARTERS[0]), "ok": True, "problems": [], "capacity_used": 5, "capacity": 5}
    code, out, _err = run(capsys, "vehicle", "check", "--json", GOLDEN)
    assert code == 0 and isinstance(json.loads(out), list)  # a list even for one file


def _unreadable(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    data = golden_data()
    folder = tmp_path / "folder.vehicle.json"
    folder.mkdir()
    fifo = tmp_path / "pipe.vehicle.json"
    os.mkfifo(fifo)
    bad = tmp_path / "bad.vehicle.json"
    bad.write_text('{"format": "kartographer-vehicle",', encoding="utf-8")
    track = shutil.copy(DATA / "track-v1.track.json", tmp_path / "track.vehicle.json")
    return {
        "missing": (tmp_path / "gone.vehicle.json", "no such file"),
        "bad json": (bad, "not valid JSON"),
        "unknown field": (write(tmp_path / "extra.vehicle.json", {**data, "colour": "red"}), "colour: unknown field"),
        "wrong format": (Path(track), "format: not a kartographer-vehicle file (format is 'kartographer-track')"),
        "newer": (write(tmp_path / "newer.vehicle.json", {**data, "schema_version": 2}),
                  "schema_version: written by a newer Kartographer (schema_version 2; this version reads up to 1)"),
        "folder": (folder, "is a folder, not a regular file"),
        "fifo": (fifo, "is a named pipe (FIFO), not a regular file"),
        "no vehicles": (write(tmp_path / "gaslands.vehicle.json", {**data, "ruleset": "mk-gaslands"}),
                        "ruleset: ruleset 'mk-gaslands' has no vehicles to build"),
        "no ruleset": (write(tmp_path / "nowhere.vehicle.json", {**data, "ruleset": "nowhere"}), "ruleset: "),
    }


def test_check_refuses_each_unreadable_file_on_one_stderr_line(capsys, tmp_path):
    for name, (path, reason) in _unreadable(tmp_path).items():
        line = refused(capsys, None, "vehicle", "check", path)
        assert line.startswith(f"{path}: ") and reason in line, (name, line)


def test_check_goes_on_past_an_unreadable_file_and_exits_2(capsys, tmp_path, broken):
    code, out, err = run(capsys, "vehicle", "check", tmp_path / "gone.vehicle.json", broken, GOLDEN)
    assert code == 2
    assert err == f"{tmp_path / 'gone.vehicle.json'}: no such file\n"
    assert out.count("\n") == 4 and out.endswith(f"{GOLDEN}: ok — Medium, capacity 4 of 4\n")
    code, out, err = run(capsys, "vehicle", "check", "--json", tmp_path / "gone.vehicle.json")
    assert code == 2 and err.count("\n") == 1
    assert json.loads(out) == [{"file": str(tmp_path / "gone.vehicle.json"), "ok": False, "problems": [],
                                "error": f"{tmp_path / 'gone.vehicle.json'}: no such file",
                                "capacity_used": None, "capacity": None}]


def test_check_speaks_german(capsys, broken):
    code, out, _err = run(capsys, "--lang", "de", "vehicle", "check", broken, STARTERS[1])
    assert code == 1
    assert "Vorne" in out.splitlines()[0] and "Front" not in out.splitlines()[0]  # the face, translated
    assert "Leicht" in out.splitlines()[-1]  # the weight class, translated


# --- new -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cls", "capacity"), [("light", 3), ("medium", 4), ("heavy", 5)])
def test_new_writes_a_bare_legal_canonical_car(capsys, tmp_path, cls, capacity):
    out_file = tmp_path / "road-warrior.vehicle.json"
    code, out, err = run(capsys, "vehicle", "new", "--class", cls, "--driver", "Max", "-o", out_file)
    assert (code, err) == (0, "")
    doc = load_vehicle(out_file)
    name = RULES.weight_class_by_id(cls).name
    assert out == f"wrote {out_file}: Road Warrior, {name}, built for the arena, capacity 0 of {capacity}\n"
    assert (doc.name, doc.driver, doc.weight_class, doc.scenario, doc.components) == (
        "Road Warrior", "Max", cls, "deathmatch", [])
    assert out_file.read_text(encoding="utf-8") == dumps_vehicle(doc)
    assert builder.problems(doc, RULES, RULESET) == []
    assert run(capsys, "vehicle", "check", out_file)[0] == 0


def test_new_race_car_with_a_name(capsys, tmp_path):
    out_file = tmp_path / "x.vehicle.json"
    code, out, _err = run(capsys, "vehicle", "new", "--class", "Heavy", "--race", "--name", " Big Red ", "-o", out_file)
    assert code == 0 and out == f"wrote {out_file}: Big Red, Heavy, built for a race, capacity 0 of 5\n"
    doc = load_vehicle(out_file)
    assert (doc.name, doc.scenario, doc.weight_class) == ("Big Red", "race", "heavy")


def test_new_never_replaces_a_file_unless_forced(capsys, tmp_path):
    out_file = tmp_path / "mine.vehicle.json"
    shutil.copy(GOLDEN, out_file)
    line = refused(capsys, out_file, "vehicle", "new", "--class", "light", "-o", out_file)
    assert line == f"{out_file}: already exists (use --force to replace it)"
    code, _out, _err = run(capsys, "vehicle", "new", "--class", "light", "--force", "-o", out_file)
    assert code == 0 and load_vehicle(out_file).weight_class == "light"


def test_new_refusals_are_one_line(capsys, tmp_path):
    out_file = tmp_path / "car.vehicle.json"
    assert "invalid choice: 'hover'" in refused(capsys, out_file, "vehicle", "new", "--class", "hover", "-o", out_file)
    assert "--class" in refused(capsys, out_file, "vehicle", "new", "-o", out_file)
    line = refused(capsys, out_file, "vehicle", "new", "--class", "light", "--name", "x" * 81, "-o", out_file)
    assert line.startswith(f"{out_file}: name: ")
    assert refused(capsys, out_file, "vehicle", "new", "--class", "light", "--name", "  ", "-o", out_file)
    line = refused(capsys, out_file, "vehicle", "new", "--class", "light", "--driver", "Jo\udcff", "-o", out_file)
    assert line == "kartographer: error: argument --driver: 'Jo\\xff' is not UTF-8 text"
    assert not out_file.exists()
    folder = tmp_path / "folder"
    folder.mkdir()
    assert "already exists" in refused(capsys, None, "vehicle", "new", "--class", "light", "-o", folder)
    assert "not a regular file" in refused(capsys, None, "vehicle", "new", "--class", "light", "--force", "-o", folder)


def test_vehicle_needs_an_action(capsys):
    assert refused(capsys, None, "vehicle") == "kartographer: error: the following arguments are required: ACTION"


# --- print -----------------------------------------------------------------------------------------
def test_print_writes_a_sheet_per_car(capsys, tmp_path):
    out_file = tmp_path / "cars.pdf"
    code, out, err = run(capsys, "vehicle", "print", *STARTERS, "--paper", "letter", "-o", out_file)
    assert code == 0 and err == ""
    pdf = pdfscan.reader(out_file.read_bytes())
    assert out == f"wrote {out_file}: {len(pdf.pages)} pages\n"
    assert len(pdf.pages) >= 2
    words = " ".join(" ".join(pdfscan.texts(page, pdf)) for page in pdf.pages)
    for starter in STARTERS:
        assert load_vehicle(starter).name in words and starter.name in words
    width, height = (float(v) / 72 * 25.4 for v in pdf.pages[0].mediabox[2:])
    assert (round(width, 1), round(height, 1)) == (215.9, 279.4)  # letter, portrait


def test_print_still_prints_a_broken_car_and_warns(capsys, tmp_path, broken):
    out_file = tmp_path / "broken.pdf"
    code, out, err = run(capsys, "vehicle", "print", broken, "-o", out_file)
    assert code == 0 and out.startswith(f"wrote {out_file}: 1 page")
    assert err == f"warning: {broken}: 3 rules broken (kartographer vehicle check lists them)\n"


def test_print_refuses_to_write_over_an_input_or_read_a_bad_file(capsys, tmp_path, broken):
    line = refused(capsys, broken, "vehicle", "print", GOLDEN, broken, "-o", broken)
    assert line == f"{broken}: would overwrite the input file {broken}; choose another output file"
    out_file = tmp_path / "out.pdf"
    line = refused(capsys, out_file, "vehicle", "print", broken, tmp_path / "gone.vehicle.json", "-o", out_file)
    assert line == f"{tmp_path / 'gone.vehicle.json'}: no such file"  # and no warning about the broken car first
    assert not out_file.exists()


# --- the format: schema, golden file, starters -----------------------------------------------------
def test_vehicle_schema_matches_committed_copy(capsys):
    code, out, _err = run(capsys, "schema", "vehicle")
    assert code == 0
    printed = json.loads(out)
    assert printed == vehicle_json_schema() and printed["title"] == "Kartographer vehicle (schema_version 1)"
    committed = json.loads((SCHEMA_DIR / "vehicle.schema.json").read_text(encoding="utf-8"))
    assert printed == committed, "run `kartographer schema vehicle > resources/schema/vehicle.schema.json`"


def test_golden_vehicle_loads_and_saves_back_to_the_same_bytes():
    assert CHAINS["kartographer-vehicle"][0] == 1
    doc = load_vehicle(GOLDEN)
    assert dumps_vehicle(doc) == GOLDEN.read_text(encoding="utf-8")
    assert (doc.name, doc.weight_class, doc.adjustments.max, doc.adjustments.acc) == ("Golden Goose", "medium", 1, -1)
    assert [c.component for c in doc.components] == ["turret", "light-weapon", "light-weapon", "spike-dropper"]
    assert builder.stats(doc, RULES, "deathmatch") == builder.Stats(23, 4, 5, 2)


def test_a_newer_schema_version_is_refused_with_the_standard_message(capsys, tmp_path):
    path = write(tmp_path / "future.vehicle.json", {**golden_data(), "schema_version": 2})
    line = refused(capsys, path, "vehicle", "check", path)
    assert line == (f"{path}: schema_version: written by a newer Kartographer (schema_version 2; this version "
                    "reads up to 1)")


def test_starters_are_legal_canonical_and_show_the_rules():
    assert len(STARTERS) >= 4
    docs = {p.name.removesuffix(VEHICLE_SUFFIX): load_vehicle(p) for p in STARTERS}
    for path, doc in zip(STARTERS, docs.values(), strict=True):
        assert path.read_text(encoding="utf-8") == dumps_vehicle(doc), path.name
        assert doc.name and builder.problems(doc, RULES, RULESET) == [], path.name
        assert builder.capacity_used(doc, RULES) == builder.weight_class(doc, RULES).capacity, path.name
    assert {d.weight_class for d in docs.values()} == {"light", "medium", "heavy"}
    turret = docs["axles-medium-turret"]
    inside = [c for c in turret.components if c.in_turret]
    assert [c.component for c in inside] == ["light-weapon", "light-weapon"]
    heavy = docs["axles-heavy-dropper-van"]
    kinds = [RULES.component(c.component) for c in heavy.components]
    assert heavy.weight_class == "heavy" and sum(k.kind == "dropper" for k in kinds) >= 1
    assert "nitro" in [c.component for c in heavy.components]
    race = [d for d in docs.values() if d.scenario == "race"]
    assert race and all(RULES.component(c.component).kind != "dropper" for d in race for c in d.components)
