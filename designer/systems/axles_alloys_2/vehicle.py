"""The vehicle document (`*.vehicle.json`): one Axles and Alloys II car as its player built it.

Only the shape lives here (strict, immutable pydantic models). Whether the build is legal — capacity, one
turret, droppers to the rear, no Heavy weapons, no droppers in a race — is the builder's job
(`designer.systems.axles_alloys_2.builder`), because it needs the rule data.

- `weight_class`: a weight class id of the rule data ("medium"); its stat lines are the starting point.
- `scenario`: what the car is built for: "deathmatch" (the arena) or "race" (no dropped weapons).
- `adjustments`: the random variant's rolled changes to MAX, ACC and DEC (0 for a standard car).
- `components`: each names a rule-data component by id, with the player's own label ("Heavy Laser"), the
  firing face of a weapon or dropper, and whether a weapon sits in the car's turret.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field, StringConstraints

from designer.model.base import WHOLE_NUMBER, StrictBool, StrictInt, StrictModel, StrictStr

VEHICLE_FORMAT: Final = "kartographer-vehicle"
VEHICLE_SCHEMA_VERSION: Final = 1
MAX_COMPONENTS = 30
MAX_LABEL = 60  # a component label printed on the vehicle sheet

Facing = Literal["Front", "Rear", "Left", "Right"]
FACINGS: tuple[str, ...] = ("Front", "Rear", "Left", "Right")
Scenario = Literal["deathmatch", "race"]
SCENARIOS: tuple[str, ...] = ("deathmatch", "race")

Slug = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
Label = Annotated[StrictStr, StringConstraints(strip_whitespace=True, max_length=MAX_LABEL)]
#: A rolled change to a stat: the random variant's table gives −2 … +2.
Adjustment = Annotated[StrictInt, Field(ge=-6, le=6)]


class Adjustments(StrictModel):
    """The random variant's rolled changes to MAX, ACC and DEC (TURN never changes)."""

    max: Adjustment = 0
    acc: Adjustment = 0
    dec: Adjustment = 0


class VehicleComponent(StrictModel):
    """One component fitted: `component` is a rule-data component id; `facing` a weapon's or dropper's
    firing face (a dropper's is always Rear); `in_turret` puts a weapon in the car's turret."""

    component: Slug
    label: Label = ""
    facing: Facing | None = None
    in_turret: StrictBool = False


class VehicleDocument(StrictModel):
    format: Literal["kartographer-vehicle"] = VEHICLE_FORMAT
    schema_version: Annotated[Literal[1], WHOLE_NUMBER] = VEHICLE_SCHEMA_VERSION
    name: Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
    ruleset: Annotated[StrictStr, Field(min_length=1, max_length=64)] = "axles-alloys-2"
    driver: Annotated[StrictStr, StringConstraints(strip_whitespace=True, max_length=40)] = ""
    weight_class: Slug
    scenario: Scenario = "deathmatch"
    adjustments: Adjustments = Adjustments()
    components: Annotated[list[VehicleComponent], Field(max_length=MAX_COMPONENTS)] = []
    notes: Annotated[StrictStr, Field(max_length=2_000)] = ""
