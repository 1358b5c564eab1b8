"""Axles and Alloys II's own section of rule data (`"axles"` in `resources/rulesets/axles-alloys-2.json`):
weight classes, components, damage, race and campaign numbers; its translatable texts and their look-ups.

Contributed to the ruleset model through `System.rule_sections`; read through `axles_rules(ruleset)`.
Pure data: no Qt, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, model_validator

from designer.i18n import _
from designer.rules.base import (
    D6,
    Count,
    Mm,
    Name,
    Positive,
    RuleModel,
    Slug,
    Text,
    check_covers_d6,
    check_unique,
    new_list,
)
from designer.rules.texts import json_items, json_names, key_of, optional_text, rule_text
from designer.systems.api import RuleSection
from designer.systems.axles_alloys_2.variants import TemplateVariant

if TYPE_CHECKING:
    from designer.rules.schema import Ruleset


class SpeedLine(RuleModel):
    """MAX speed (inches per turn), ACC, DEC and TURN (45-degree turns per game turn)."""

    max: Positive
    acc: Positive
    dec: Positive
    turn: Count


class WeightClass(RuleModel):
    """One vehicle weight class with its arena and race stat lines. Documents refer to it by `id`."""

    id: Slug
    name: Literal["Light", "Medium", "Heavy"]
    max: Positive
    acc: Positive
    dec: Positive
    turn: Count
    race: SpeedLine
    hit_point_lines: Positive
    boxes_per_line: Positive
    capacity: Positive

    @property
    def hit_points(self) -> int:
        return self.hit_point_lines * self.boxes_per_line


class RandomModifier(RuleModel):
    """Random-vehicle variant: a d6 face and what it adds to MAX, ACC or DEC."""

    roll: D6
    modifier: int = Field(ge=-6, le=6)


class Component(RuleModel):
    """A weapon or piece of equipment and the capacity it takes; a vehicle document names it by `id`.

    `fits_vehicles` False: the rules forbid it on a vehicle (Heavy weapons; no cost). `charges`: the uses it
    brings (a nitro's boosts, a dropper's drops), printed as boxes; `includes`: a second component it
    brings at no extra cost (the Flamethrower's Flame Tank), listed on the sheet."""

    id: Slug
    name: Name
    cost: Positive | None = None
    kind: Literal["weapon", "turret", "dropper", "equipment"]
    per_weapon: bool = False  # cost is paid once per weapon mounted inside (turrets)
    rear_only: bool = False
    fits_vehicles: bool = True
    charges: Positive | None = None
    includes: Name | None = None
    #: equipment that rerolls the loss of one of the systems every car has, once a game (Body Armour: "driver")
    rerolls_loss_of: Literal["engine", "steering", "brakes", "fuel", "driver"] | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _cost(self) -> Component:
        if self.fits_vehicles and self.cost is None:
            raise ValueError(_("component {id} fits vehicles but has no cost").format(id=repr(self.id)))
        return self


class Threshold(RuleModel):
    """Crossing out a full line of hit points: components are lost on these faces."""

    line: Positive
    component_lost_on: list[D6] = Field(default_factory=new_list)
    destroys_vehicle: bool = False


class BarrierBand(RuleModel):
    """Damage for hitting a race barrier at an angle, by speed in inches (upper bound inclusive)."""

    min_speed_in: Count
    max_speed_in: Positive | None  # None: any faster speed
    damage: Literal["none", "d6", "d6+2"]


class RerollAward(RuleModel):
    """Campaign experience: rerolls a named driver earns after a game."""

    scenario: Literal["deathmatch", "race"]
    event: Name
    rerolls: Positive


class AmbushRules(RuleModel):
    """Badlands Ambush: the speeds each side starts at (the defender's cars in the table's centre, heading the
    way it nominated; the attackers' within `entry_within_mm` of the corners or edge midpoints they nominated,
    at most `entry_points_max` of them), and how near the centre a defender's entry point must be to count."""

    defender_speed_mm: Mm
    attackers_speed_mm: Mm
    entry_within_mm: Mm
    entry_points_max: Positive = 2
    centre_tolerance_mm: Mm = 12.7


TEMPLATE_VARIANTS: tuple[TemplateVariant, ...] = ("napalm", "oil", "spikes")


class ScatterRules(RuleModel):
    """What Track ▸ Scatter throws on a race track: so many d6 of dropped-weapon templates (of these
    variants), of ramps and of wrecks."""

    templates_d6: Count = 2
    ramps_d6: Count = 1
    wrecks_d6: Count = 1
    variants: list[TemplateVariant] = Field(default_factory=lambda: list(TEMPLATE_VARIANTS), min_length=1)


class AxlesRules(RuleModel):
    """Axles and Alloys II: toy-car combat in inches, with race and campaign rules."""

    weight_classes: list[WeightClass] = Field(min_length=3, max_length=3)
    random_variant: list[RandomModifier]
    random_variant_stats: list[Literal["max", "acc", "dec"]]
    components: list[Component]
    heavy_weapons_allowed: bool = False
    turrets_per_vehicle: Positive
    firing_faces: list[Literal["Front", "Rear", "Left", "Right"]]
    thresholds: list[Threshold]
    driver_dies_on: list[D6]
    dropped_template_mm: tuple[Mm, Mm]
    race_track_width_min_mm: Mm
    race_track_width_max_mm: Mm
    barrier_bands: list[BarrierBand]
    head_on_barrier_destroys: bool = True
    brakes_lost_dec: Positive = 2  # a car whose brakes are destroyed has this DEC
    engine_lost_slowdown_in: Positive = 4  # a destroyed engine takes this many inches off MAX every game-turn
    nitro_dice: Positive = 2  # a nitro charge adds this many d6 inches for one game-turn
    race_laps: Positive
    dropped_weapons_in_races: bool = False
    one_lap_truce: bool = True
    career_rerolls: list[RerollAward]
    counter_diameter_mm: Mm
    cm_scale_factor: Positive  # playing in centimetres doubles every inch figure
    deathmatch_entry_speed_mm: Mm = 152.4  # a Deathmatch's vehicles enter the table at this speed (6")
    #: the most a car turns at one point of its move (the 1:1 turn template's angle)
    turn_deg: Annotated[float, Field(gt=0, le=90)] = 45.0
    ambush: AmbushRules | None = None
    scatter: ScatterRules = ScatterRules()
    notes: Text | None = None
    #: race day: a damaged engine (its first loss) divides MAX by this; each steering loss short of the last takes
    #: this many off TURN
    engine_damaged_max_divisor: Positive = 2
    steering_damaged_turn_loss: Positive = 1

    @model_validator(mode="after")
    def _check(self) -> AxlesRules:
        check_unique((w.name for w in self.weight_classes), _("duplicate weight class {value}"))
        check_unique((w.id for w in self.weight_classes), _("duplicate weight class id {value}"))
        check_unique((c.name for c in self.components), _("duplicate component {value}"))
        check_unique((c.id for c in self.components), _("duplicate component id {value}"))
        check_covers_d6(([m.roll] for m in self.random_variant),
                        _("random variant table must cover die faces 1-6 exactly once, got {faces}"))
        if self.race_track_width_min_mm > self.race_track_width_max_mm:
            raise ValueError(_("race track width minimum exceeds the maximum"))
        return self

    def weight_class(self, name: str) -> WeightClass | None:
        """The weight class called `name` (case-insensitive), or None."""
        key = name.casefold()
        return next((w for w in self.weight_classes if w.name.casefold() == key), None)

    def weight_class_by_id(self, class_id: str) -> WeightClass | None:
        """The weight class with this stable id (exact), or None."""
        return next((w for w in self.weight_classes if w.id == class_id), None)

    def component(self, component_id: str) -> Component | None:
        """The component with this stable id (exact), or None."""
        return next((c for c in self.components if c.id == component_id), None)

    def find_weight_class(self, text: str) -> WeightClass | None:
        """The weight class a user means by `text`: its id, or its English name (both case-insensitive)."""
        key = text.strip().casefold()
        return next((w for w in self.weight_classes if w.id == key), None) or self.weight_class(key)


def axles_rules(ruleset: Ruleset) -> AxlesRules | None:
    """The ruleset's Axles and Alloys section, or None when it has none (another system's rule data)."""
    return ruleset.section("axles", AxlesRules)


def _texts(data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    for weight_class in json_items(data, "weight_classes"):
        yield f"weight_classes/{weight_class.get('id')}/name", weight_class.get("name")
    for component in json_items(data, "components"):
        key = key_of(str(component.get("name")))
        yield f"components/{key}/name", component.get("name")
        yield f"components/{key}/note", component.get("note")
        yield f"components/{key}/includes", component.get("includes")
    for award in json_items(data, "career_rerolls"):
        yield f"career_rerolls/{key_of(str(award.get('event')))}/event", award.get("event")
    for face in json_names(data, "firing_faces"):
        yield f"firing_faces/{key_of(face)}", face


SECTION = RuleSection("axles", AxlesRules, texts=_texts)


def weight_class_name(ruleset: Any, weight_class: Any) -> str:
    return rule_text(ruleset, f"axles/weight_classes/{weight_class.id}/name", weight_class.name)


def component_name(ruleset: Any, component: Any) -> str:
    return rule_text(ruleset, f"axles/components/{key_of(component.name)}/name", component.name)


def component_note(ruleset: Any, component: Any) -> str | None:
    return optional_text(ruleset, f"axles/components/{key_of(component.name)}/note", component.note)


def component_includes(ruleset: Any, component: Any) -> str | None:
    """The second component a component brings along ("Flame Tank"), or None."""
    return optional_text(ruleset, f"axles/components/{key_of(component.name)}/includes", component.includes)


def reroll_event(ruleset: Any, event: str) -> str:
    return rule_text(ruleset, f"axles/career_rerolls/{key_of(event)}/event", event)


def firing_face(ruleset: Any, face: str) -> str:
    return rule_text(ruleset, f"axles/firing_faces/{key_of(face)}", face)
