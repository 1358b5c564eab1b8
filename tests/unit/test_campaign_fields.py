"""A game system's own fields on the shared campaign records (`System.campaign_fields`,
`designer.model.record_fields`): files keep their bytes, the fields round-trip in their old place, unknown keys
and bad values are still refused, another system's fields are refused by validation, and a system from
outside contributes fields that load, save and show in the JSON Schema."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field, ValidationError

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.validate import check_campaign
from designer.io.campaign_io import campaign_from_data, dumps_campaign, load_campaign, rebase_tracks, save_campaign
from designer.io.errors import DocumentError
from designer.io.schema import campaign_json_schema
from designer.model.base import StrictInt
from designer.model.campaign import CampaignDocument, CustomCharacter, Driver, Player, Race, RaceResult
from designer.model.record_fields import RecordFields, field_value, fields_owner, kept_fields, with_fields
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.api import CampaignFields
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.mk_downforce.fields import CarResult, DownforcePrizes, DownforceRace, DownforceResult
from designer.systems.pitchkart.fields import PitchKartStats
from designer.systems.registry import BUILTIN_SYSTEMS, GameSystemError, Registry, use

from .fake_system import FAKE_ID, FAKE_MODE, make_system

DATA = Path(__file__).resolve().parents[1] / "data"
CAMPAIGN_FILES = sorted([*DATA.glob("*.campaign.json"), *TEMPLATES_DIR.glob("*.campaign.json")])


@pytest.mark.parametrize("path", CAMPAIGN_FILES, ids=lambda p: p.name)
def test_every_campaign_file_reads_and_saves_unchanged(path: Path, tmp_path: Path) -> None:
    doc = campaign_from_data(json.loads(path.read_text(encoding="utf-8")), path)
    text = dumps_campaign(doc)
    if doc.schema_version == json.loads(path.read_text(encoding="utf-8"))["schema_version"]:
        assert text == path.read_text(encoding="utf-8")  # a file of the current version: byte for byte
    again = campaign_from_data(json.loads(text), "again")
    assert again == doc and dumps_campaign(again) == text
    save_campaign(again, tmp_path / "x.campaign.json")
    assert (tmp_path / "x.campaign.json").read_text(encoding="utf-8") == text


def test_the_golden_files_hold_every_moved_field() -> None:
    """So the byte-for-byte test above covers each system's fields (not only files without them)."""
    text = "".join(p.read_text(encoding="utf-8") for p in CAMPAIGN_FILES)
    for key in ('"kart"', '"prize"', '"bets"', '"cars"', '"prizes"', '"vehicle"', '"vehicle_file"'):
        assert key in text, key


def test_a_results_downforce_fields_round_trip_after_its_own_fields() -> None:
    result = RaceResult.model_validate({"player": "Ana", "place": 2, "coins": 3, "kart": "red", "prize": 5, "bets": 7})
    assert DownforceResult.of(result) == DownforceResult(kart="red", prize=5, bets=7)
    assert list(result.model_dump(mode="json")) == ["player", "place", "coins", "kart", "prize", "bets"]
    assert RaceResult.model_validate(result.model_dump(mode="json")) == result
    bare = RaceResult(player="Ana", place=2)
    assert DownforceResult.of(bare) == DownforceResult() and bare.model_dump(mode="json") == {"player": "Ana",
                                                                                             "place": 2}
    assert RaceResult(player="Ana", place=2, kart="red") == with_fields(bare, DownforceResult(kart="red"))


def test_each_systems_fields_come_back_typed() -> None:
    race = Race.model_validate({"track": "a.track.json", "cars": [{"colour": "red", "place": 1}],
                                "bets": [{"player": "Ana", "amount": 3}]})
    season = DownforceRace.of(race)
    assert season.car("red") == CarResult(colour="red", place=1) and season.bet("ana") == 3
    driver = Driver.model_validate({"name": "Max", "player": "Ana", "vehicle": "heavy", "vehicle_file": "m.json"})
    assert DriverVehicle.of(driver) == DriverVehicle(vehicle="heavy", vehicle_file="m.json")
    assert Driver(name="Max", player="Ana").model_dump(mode="json") == {"name": "Max", "player": "Ana",
                                                                        "vehicle": None}  # written as before
    boo = CustomCharacter.model_validate({"id": "boo", "name": "Boo", "top_speed": 2, "acceleration": 4})
    assert PitchKartStats.of(boo) == PitchKartStats(top_speed=2, acceleration=4)
    assert (field_value(boo, "top_speed"), field_value(boo, "name"), field_value(boo, "nothing")) == (2, "Boo", None)
    doc = CampaignDocument.model_validate({"name": "S", "ruleset": "mk-downforce", "mode": "season", "prizes": [9, 1]})
    assert DownforcePrizes.of(doc).prizes == [9, 1] and list(doc.model_dump(mode="json"))[-1] == "prizes"


def test_equality_sees_the_systems_fields_and_records_stay_frozen() -> None:
    red, blue = RaceResult(player="A", place=1, kart="red"), RaceResult(player="A", place=1, kart="blue")
    assert red != blue and red == RaceResult(player="A", place=1, kart="red")
    assert hash(red) == hash(RaceResult(player="A", place=1, kart="red"))
    assert RaceResult(player="A", place=1, kart=None) == RaceResult(player="A", place=1)  # defaults = absent
    with pytest.raises(ValidationError):
        red.place = 2  # type: ignore[misc]
    moved = red.model_copy(update={"place": 3})
    assert DownforceResult.of(moved).kart == "red" and DownforceResult.of(red).kart == "red"


def test_an_unknown_key_and_a_bad_value_are_refused_where_they_are() -> None:
    with pytest.raises(ValidationError) as caught:
        RaceResult.model_validate({"player": "A", "place": 1, "colour": "red"})
    assert [(e["type"], e["loc"]) for e in caught.value.errors()] == [("extra_forbidden", ("colour",))]
    data = {"format": "kartographer-campaign", "schema_version": 4, "name": "S", "ruleset": "mk-downforce",
            "mode": "season", "races": [{"results": [{"player": "Ana", "place": 1, "kart": 3}]}]}
    with pytest.raises(DocumentError) as bad:
        campaign_from_data(data, "s.campaign.json")
    assert "race 1, Ana: kart" in str(bad.value) and "\n" not in str(bad.value)
    data["races"][0]["results"][0] = {"player": "Ana", "place": 0, "kart": 3}
    with pytest.raises(DocumentError) as both:
        campaign_from_data(data, "s.campaign.json")
    assert "race 1, Ana: place" in str(both.value) and "(and 1 more problem)" in str(both.value)
    data["races"][0]["results"][0] = {"player": "Ana", "place": 1, "karts": "red"}
    with pytest.raises(DocumentError) as unknown:
        campaign_from_data(data, "s.campaign.json")
    assert "race 1, Ana: karts" in str(unknown.value) and "unknown field" in str(unknown.value)


def test_another_systems_fields_are_refused_by_validation(tmp_path: Path) -> None:
    gp = {"format": "kartographer-campaign", "schema_version": 4, "name": "Cup", "ruleset": "mk-gaslands",
          "mode": "grand_prix", "players": [{"name": "Ana", "character": "mario"}],
          "races": [{"results": [{"player": "Ana", "place": 1, "kart": "red"}]}]}
    path = tmp_path / "cup.campaign.json"
    path.write_text(json.dumps(gp), encoding="utf-8")
    with pytest.raises(DocumentError) as caught:
        load_campaign(path)
    assert str(caught.value) == (f"{path}: race 1, Ana: 'kart' belongs to Mario Kart for Downforce campaigns, not "
                                 "to a Mario Kart Gaslands one")
    doc = campaign_from_data({**gp, "races": [], "drivers": [], "custom_characters": [
        {"id": "boo", "name": "Boo", "traction": 3}]}, "x")
    with pytest.raises(CampaignError, match=r"custom character 1: 'traction' belongs to Super Mario PitchKart"):
        check_campaign(doc, Context(load_ruleset("mk-gaslands")))
    assert fields_owner(DownforceResult) == "mk-downforce" and fields_owner(DriverVehicle) == "axles-alloys-2"


def test_the_schema_lists_each_systems_fields_on_its_record() -> None:
    defs = campaign_json_schema()["$defs"]
    assert {"kart", "prize", "bets"} <= set(defs["RaceResult"]["properties"])
    assert {"cars", "bets"} <= set(defs["Race"]["properties"]) and "CarResult" in defs and "BetWin" in defs
    assert {"vehicle", "vehicle_file"} <= set(defs["Driver"]["properties"])
    assert {"top_speed", "traction", "acceleration"} <= set(defs["CustomCharacter"]["properties"])
    assert defs["RaceResult"]["additionalProperties"] is False


def test_a_drivers_car_moves_with_the_campaign(tmp_path: Path) -> None:
    doc = CampaignDocument(name="W", ruleset="axles-alloys-2", mode="career", players=[Player(name="A", character="V")],
                           drivers=[Driver.model_validate({"name": "M", "player": "A", "vehicle_file": "c/m.json"})])
    moved = rebase_tracks(doc, tmp_path / "a" / "w.campaign.json", tmp_path / "b" / "w.campaign.json")
    assert DriverVehicle.of(moved.drivers[0]).vehicle_file == "../a/c/m.json"
    assert DriverVehicle.of(doc.drivers[0]).vehicle_file == "c/m.json"  # the original is untouched


# --- a system from outside contributes a field --------------------------------------------------------------
class RallyResult(RecordFields):
    """Fake Rally's beacons lit in a race (left out of the file while 0)."""

    OMIT_UNUSED = (("beacons", 0),)

    beacons: Annotated[StrictInt, Field(ge=0, le=99)] = 0


def _rally_registry(folder: Path, *fields: CampaignFields) -> Registry:
    registry = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    registry.load()  # the built-ins first: their fields are taken
    registry.register(replace(make_system(folder), campaign_fields=fields))
    return registry


def test_an_outside_systems_field_loads_saves_and_is_in_the_schema(tmp_path: Path) -> None:
    with use(_rally_registry(tmp_path, CampaignFields("RaceResult", RallyResult))):
        data = {"format": "kartographer-campaign", "schema_version": 4, "name": "L", "ruleset": FAKE_ID,
                "mode": FAKE_MODE, "races": [{"results": [{"player": "Ana", "place": 1, "beacons": 4}]}]}
        doc = campaign_from_data(data, "l.campaign.json")
        result = doc.races[0].results[0]
        assert RallyResult.of(result).beacons == 4 and fields_owner(RallyResult) == FAKE_ID
        assert json.loads(dumps_campaign(doc))["races"][0]["results"][0] == {"player": "Ana", "place": 1,
                                                                           "beacons": 4}
        schema = campaign_json_schema()["$defs"]["RaceResult"]["properties"]
        assert schema["beacons"]["maximum"] == 99 and "kart" in schema  # beside the built-ins' fields
        assert kept_fields(with_fields(result, RallyResult())) == {}
    with pytest.raises(DocumentError, match="beacons: unknown field"):  # its registry gone: an unknown key
        campaign_from_data(data, "l.campaign.json")


def test_a_field_a_record_already_has_is_refused_when_registering(tmp_path: Path) -> None:
    class Clash(RecordFields):
        kart: str | None = None

    with pytest.raises(GameSystemError, match=r"already has the field 'kart'"):
        _rally_registry(tmp_path, CampaignFields("RaceResult", Clash))

    class Place(RecordFields):
        place: int = 0

    with pytest.raises(GameSystemError, match=r"already has the field 'place'"):
        _rally_registry(tmp_path, CampaignFields("RaceResult", Place))
    with pytest.raises(GameSystemError, match="is not a shared campaign record"):
        _rally_registry(tmp_path, CampaignFields("Player", RallyResult))
    with pytest.raises(Exception, match="not registered on RaceResult"):
        with_fields(RaceResult(player="A", place=1), RallyResult(beacons=1))
