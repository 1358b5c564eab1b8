"""The scalars of the public file formats are strict: `"x_mm": "12"`, `"laps": true`, `"laps": 3.0`,
`"closed": 1` are refused with the usual human text (a whole number still does for a float: `"x_mm": 12`),
while lists and tuples stay lax (a point is a JSON array). Every template and golden file still loads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from designer.io.campaign_io import campaign_from_data
from designer.io.errors import DocumentError
from designer.io.track_io import dumps_track, load_track, track_from_data
from designer.model import base, campaign, elements, track
from designer.paths import TEMPLATES_DIR
from designer.systems.axles_alloys_2 import vehicle
from tests.unit.factories import minimal_track_data

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def refusal(data: dict, load=track_from_data) -> str:
    with pytest.raises(DocumentError) as caught:
        load(data, "f.json")
    return str(caught.value)


def track_with(path: tuple, value) -> dict:
    data = minimal_track_data()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.parametrize(("path", "value", "expected"), [
    (("elements", 0, "x_mm"), "12", "f.json: element 1 (Start/finish line): x_mm: must be a number"),
    (("elements", 0, "x_mm"), True, "f.json: element 1 (Start/finish line): x_mm: must be a number"),
    (("elements", 0, "rotation_deg"), "90", "f.json: element 1 (Start/finish line): rotation_deg: must be a number"),
    (("elements", 1, "width_mm"), "250", "f.json: gate 1: width_mm: must be a number"),
    (("elements", 1, "order"), 1.0, "f.json: element 2 (Gate): order: must be a whole number"),
    (("elements", 1, "order"), "1", "f.json: element 2 (Gate): order: must be a whole number"),
    (("elements", 2, "stack"), True, "f.json: element 3 (Item box): stack: must be a whole number"),
    (("elements", 2, "stack"), 2.0, "f.json: element 3 (Item box): stack: must be a whole number"),
    (("elements", 5, "pads"), 3.0, "f.json: element 6 (Dash panel): pads: must be a whole number"),
    (("elements", 6, "hoop"), 1, "f.json: element 7 (Ramp): hoop: must be true or false"),
    (("elements", 6, "hoop"), "true", "f.json: element 7 (Ramp): hoop: must be true or false"),
    (("elements", 7, "pair"), 2, "f.json: element 8 (Warp pipe): pair: must be a text string"),
    (("elements", 11, "range_mm"), "75", "f.json: element 12 (Piranha Plant): range_mm: must be a number"),
    (("elements", 13, "name"), 7, "f.json: element 14 (Wandering threat): name: must be a text string"),
    (("elements", 14, "solid"), 0, "f.json: element 15 (Scenery 'Rock'): solid: must be true or false"),
    (("elements", 14, "label"), 3, "f.json: element 15 (Scenery): label: must be a text string"),
    (("elements", 14, "polygon", 0), ["-50", -50],
     "f.json: element 15 (Scenery 'Rock'): polygon[0][0]: must be a number"),
    (("elements", 3, "id"), 5, "f.json: element 4 (Coin): id: must be a text string"),
    (("laps",), True, "f.json: laps: must be a whole number"),
    (("laps",), 3.0, "f.json: laps: must be a whole number"),
    (("laps",), "3", "f.json: laps: must be a whole number"),
    (("karts",), 4.5, "f.json: karts: must be a whole number"),
    (("name",), 12, "f.json: name: must be a text string"),
    (("ruleset",), False, "f.json: ruleset: must be a text string"),
    (("table", "width_mm"), "914.4", "f.json: table.width_mm: must be a number"),
    (("track", "closed"), 1, "f.json: track.closed: must be true or false"),
    (("track", "width_mm"), "250", "f.json: track.width_mm: must be a number"),
    (("track", "centerline", 0), ["200", 200], "f.json: track.centerline[0][0]: must be a number"),
    (("schema_version",), True, "f.json: schema_version: must be a whole number"),
])
def test_track_scalars_are_strict(path, value, expected):
    assert refusal(track_with(path, value)) == expected


def test_a_whole_number_still_does_for_a_float_and_a_list_for_a_point():
    document = track_from_data(track_with(("elements", 0, "x_mm"), 12), "f.json")
    assert document.elements[0].x_mm == 12.0 and isinstance(document.elements[0].x_mm, float)
    assert document.track.centerline[0] == (200.0, 200.0)


def campaign_data(**changes) -> dict:
    data = json.loads((DATA_DIR / "campaign-v1.campaign.json").read_text(encoding="utf-8"))
    data.update(changes)
    return data


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["races"][0]["results"][0].update(place=1.0), "race 1, Alex: place: must be a whole number"),
    (lambda d: d["races"][0]["results"][0].update(gates="2"), "race 1, Alex: gates: must be a whole number"),
    (lambda d: d["races"][0]["results"][0].update(coins=True), "race 1, Alex: coins: must be a whole number"),
    (lambda d: d["players"][0].update(name=5), "roster row 1: name: must be a text string"),
    (lambda d: d.update(notes=1), "notes: must be a text string"),
    (lambda d: d.update(schema_version=True), "schema_version: must be a whole number"),
    (lambda d: d.update(custom_characters=[{"name": "Zed", "handling": 3.0}]),
     "custom character 1: handling: must be a whole number"),
    (lambda d: d.update(mode="career", games=[{"scenario": "race", "entries": [{"driver": "A", "destroyed": 1}]}]),
     "game 1, A: destroyed: must be true or false"),
    (lambda d: d.update(mode="career", games=[{"scenario": "race", "entries": [{"driver": "A", "kills": True}]}]),
     "game 1, A: kills: must be a whole number"),
])
def test_campaign_scalars_are_strict(change, expected):
    data = campaign_data()
    change(data)
    assert refusal(data, campaign_from_data) == f"f.json: {expected}"


@pytest.mark.parametrize("path", sorted([*TEMPLATES_DIR.glob("*.track.json"), *DATA_DIR.glob("*.track.json")]),
                         ids=lambda p: p.name)
def test_every_template_and_golden_track_loads_unchanged(path):
    assert dumps_track(load_track(path)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", sorted([*TEMPLATES_DIR.glob("*.campaign.json"), *DATA_DIR.glob("*.campaign.json")]),
                         ids=lambda p: p.name)
def test_every_template_and_golden_campaign_loads(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert campaign_from_data(data, path).name == data["name"]


# --- every scalar field is covered ---------------------------------------------------------------
def document_models() -> list[type[BaseModel]]:
    found = []
    for module in (base, elements, track, campaign, vehicle):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, BaseModel) and value.__module__ == module.__name__:
                found.append(value)
    return found


def nodes(schema, parent=None) -> Iterator[tuple[dict, dict | None]]:
    """Every (core-schema node, its parent) below `schema`."""
    if isinstance(schema, dict):
        if "type" in schema:
            yield schema, parent
            parent = schema
        for key, value in schema.items():
            if key != "serialization":  # how a model writes itself out validates nothing
                yield from nodes(value, parent)
    elif isinstance(schema, list):
        for value in schema:
            yield from nodes(value, parent)


def test_the_models_are_all_found():
    names = {m.__name__ for m in document_models()}
    assert {"TrackDocument", "TrackSurface", "Table", "Scenery", "Gate", "CampaignDocument", "GameEntry"} <= names


@pytest.mark.parametrize("model", document_models(), ids=lambda m: m.__name__)
def test_every_scalar_field_is_strict(model):
    scalars = 0
    for node, parent in nodes(model.__pydantic_core_schema__):
        if node["type"] in ("int", "float", "bool", "str"):
            scalars += 1
            assert node.get("strict") is True, f"{model.__name__}: a lax {node['type']} field"
        elif node["type"] == "literal" and any(isinstance(v, int) for v in node["expected"]):
            assert parent is not None and parent["type"] == "function-before", f"{model.__name__}: a lax literal"
            assert parent["function"]["function"] is base.WHOLE_NUMBER.func
    assert scalars or model in (base.StrictModel, base.OmitUnused)
