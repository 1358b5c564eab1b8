"""Axles and Alloys II weight classes have stable ids; career drivers store them (campaign schema_version 2).
The rule data's ids, the v1 → v2 migration of `drivers[].vehicle`, the careers golden files of both versions,
edits taking an id or an English name, and the name shown for a stored id."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.io.campaign_io import dumps_campaign, load_campaign, save_campaign
from designer.io.migrations import migrate_1_to_2
from designer.paths import RULESETS_DIR
from designer.rules import load_ruleset
from designer.rules.loader import validate_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.careers import careers
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.rule_data import axles_rules

from .factories import campaign_refusal

DATA = Path(__file__).parents[1] / "data"
V1 = DATA / "careers-v1.campaign.json"
V2 = DATA / "careers-v2.campaign.json"
AXLES = Context(load_ruleset("axles-alloys-2"))


def _rule_data() -> dict:
    return json.loads((RULESETS_DIR / "axles-alloys-2.json").read_text(encoding="utf-8"))


def _v1() -> dict:
    return json.loads(V1.read_text(encoding="utf-8"))


def test_weight_classes_have_slug_ids() -> None:
    rules = axles_rules(AXLES.ruleset)
    assert [(w.id, w.name) for w in rules.weight_classes] == [("light", "Light"), ("medium", "Medium"),
                                                             ("heavy", "Heavy")]
    assert all("id" in w for w in _rule_data()["axles"]["weight_classes"])


@pytest.mark.parametrize(("change", "message"), [
    ({"id": "medium"}, "duplicate weight class id 'medium'"),
    ({"id": "Light"}, "String should match pattern"),
    ({"id": "light class"}, "String should match pattern"),
])
def test_bad_weight_class_ids_are_refused(change: dict, message: str) -> None:
    data = _rule_data()
    data["axles"]["weight_classes"][0].update(change)
    with pytest.raises(ValidationError, match=message):
        validate_ruleset(data)


def test_a_missing_weight_class_id_is_refused() -> None:
    data = _rule_data()
    del data["axles"]["weight_classes"][2]["id"]
    with pytest.raises(ValidationError, match="Field required"):
        validate_ruleset(data)


def test_weight_class_lookups() -> None:
    rules = axles_rules(AXLES.ruleset)
    assert rules.weight_class_by_id("heavy").capacity == 5
    assert rules.weight_class_by_id("Heavy") is None  # ids are exact
    assert rules.find_weight_class(" HEAVY ").id == "heavy"
    assert rules.find_weight_class("medium").id == "medium"
    assert rules.find_weight_class("Tank") is None


def test_v1_careers_golden_migrates_to_ids_and_equals_the_v2_golden() -> None:
    old, _ = load_campaign(V1)
    new, _ = load_campaign(V2)
    assert old == new and new.schema_version == 4  # both read as the current version
    assert [(d.name, DriverVehicle.of(d).vehicle) for d in new.drivers] == [("Max", "medium"), ("Furiosa", "heavy"),
                                                          ("Nux", "light"), ("Toast", None)]


def test_v2_careers_round_trip_changes_only_the_version(tmp_path: Path) -> None:
    doc, _ = load_campaign(V2)
    current = V2.read_text(encoding="utf-8").replace('"schema_version": 2,', '"schema_version": 4,', 1).encode()
    assert dumps_campaign(doc).encode() == current
    path = tmp_path / "again.campaign.json"
    save_campaign(doc, path)
    assert path.read_bytes() == current
    saved_v1 = tmp_path / "up.campaign.json"
    save_campaign(load_campaign(V1)[0], saved_v1)
    assert saved_v1.read_bytes() == current


def test_migration_maps_vehicle_names_case_insensitively_and_is_pure() -> None:
    data = _v1()
    data["drivers"][0]["vehicle"] = "  mEDIUM "
    data["drivers"][2]["vehicle"] = "LIGHT"
    before = copy.deepcopy(data)
    out = migrate_1_to_2(dict(data))  # `migrate` hands each step a shallow copy
    assert [d.get("vehicle") for d in out["drivers"]] == ["medium", "heavy", "light", None]
    assert out["players"] == before["players"]  # no characters in this system: the kart labels stay
    assert data == before


def test_migration_refuses_an_unknown_vehicle_in_one_line(tmp_path: Path) -> None:
    data = _v1()
    data["drivers"][1]["vehicle"] = "Monster Truck"
    path = tmp_path / "old.campaign.json"
    assert campaign_refusal(path, data) == (f"{path}: driver 2 (Furiosa): Furiosa drives a 'Monster Truck' vehicle, "
                                            "which is no Axles and Alloys II weight class")


def test_a_v2_file_naming_a_vehicle_by_name_is_refused(tmp_path: Path) -> None:
    data = json.loads(V2.read_text(encoding="utf-8"))
    data["drivers"][1]["vehicle"] = "Heavy"
    path = tmp_path / "bad.campaign.json"
    assert re.search(r"driver 2 \(Furiosa\)", campaign_refusal(path, data))
    data["drivers"][1]["vehicle"] = "tank"
    assert campaign_refusal(path, data) == (f"{path}: driver 2 (Furiosa): unknown weight class id 'tank' "
                                 "(known: light, medium, heavy)")


def test_records_show_the_weight_class_name() -> None:
    doc, _ = load_campaign(V2)
    shown = {r.name: (r.vehicle, r.vehicle_id) for r in careers(doc, AXLES)}
    assert shown == {"Max": ("Medium", "medium"), "Furiosa": ("Heavy", "heavy"), "Nux": ("Light", "light"),
                     "Toast": (None, None)}


@pytest.mark.parametrize("typed", ["heavy", "Heavy", " HEAVY "])
def test_add_driver_takes_an_id_or_a_name_and_stores_the_id(typed: str) -> None:
    doc = edit.new_campaign("Wastes", AXLES, "career", [("Ann", "Rig")])
    doc = career_edit.add_driver(doc, AXLES, "Rex", "Ann", typed)
    assert DriverVehicle.of(doc.drivers[0]).vehicle == "heavy"
    assert json.loads(dumps_campaign(doc))["drivers"][0]["vehicle"] == "heavy"


def test_add_driver_refuses_an_unknown_vehicle() -> None:
    doc = edit.new_campaign("Wastes", AXLES, "career", [("Ann", "Rig")])
    with pytest.raises(CampaignError) as caught:
        career_edit.add_driver(doc, AXLES, "Rex", "Ann", "Tank")
    assert str(caught.value) == "drivers (Rex): unknown vehicle 'Tank' (known: Light, Medium, Heavy)"
    assert DriverVehicle.of(career_edit.add_driver(doc, AXLES, "Rex", "Ann", "").drivers[0]).vehicle is None
