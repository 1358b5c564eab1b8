"""The Axles and Alloys II vehicle builder (`designer.systems.axles_alloys_2.builder`), rule by rule: a legal
build of each weight class filling its capacity exactly, then each refusal with its exact line, the costs and
charges read from the rule data, and the stat lines for the arena and the race with the random adjustments."""

from __future__ import annotations

from typing import Any

import pytest

from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import builder
from designer.systems.axles_alloys_2.builder import Stats
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.vehicle import VehicleDocument

RULESET = load_ruleset("axles-alloys-2")
RULES = axles_rules(RULESET)
assert RULES is not None


def part(component: str, facing: str | None = None, in_turret: bool = False, label: str = "") -> dict[str, Any]:
    return {"component": component, "facing": facing, "in_turret": in_turret, "label": label}


def car(weight_class: str, *components: dict[str, Any], **fields: Any) -> VehicleDocument:
    return VehicleDocument.model_validate({"name": "Test Car", "weight_class": weight_class,
                                           "components": list(components), **fields})


def lines(vehicle: VehicleDocument) -> list[str]:
    return [p.line() for p in builder.problems(vehicle, RULES, RULESET)]


def used(vehicle: VehicleDocument) -> int:
    return builder.capacity_used(vehicle, RULES)


# --- legal builds ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("weight_class", "components", "capacity"), [
    ("light", [part("light-weapon", "Front"), part("ramplates"), part("nitro")], 3),
    ("medium", [part("medium-weapon", "Front"), part("light-weapon", "Rear"), part("ramplates")], 4),
    ("heavy", [part("medium-weapon", "Front"), part("mine-dropper", "Rear"), part("oil-dropper"),
               part("body-armour")], 5),
])
def test_a_legal_build_of_each_class_fills_its_capacity_exactly(weight_class, components, capacity):
    vehicle = car(weight_class, *components)
    assert lines(vehicle) == []
    assert used(vehicle) == capacity == RULES.weight_class_by_id(weight_class).capacity


def test_a_bare_car_is_legal_and_uses_nothing():
    for weight_class in ("light", "medium", "heavy"):
        assert lines(car(weight_class)) == [] and used(car(weight_class)) == 0


# --- capacity --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("weight_class", "components", "line"), [
    ("light", [part("light-weapon", "Front"), part("ramplates"), part("nitro"), part("fire-extinguisher")],
     "components: the components take 4 capacity, and a Light vehicle has 3"),
    ("medium", [part("medium-weapon", "Front"), part("heavy-ramplates"), part("nitro")],
     "components: the components take 5 capacity, and a Medium vehicle has 4"),
    ("heavy", [part("medium-weapon", "Front"), part("medium-weapon", "Rear"), part("heavy-ramplates")],
     "components: the components take 6 capacity, and a Heavy vehicle has 5"),
])
def test_over_capacity_for_each_class(weight_class, components, line):
    assert lines(car(weight_class, *components)) == [line]


# --- what may be fitted ----------------------------------------------------------------------------
def test_a_heavy_weapon_is_kept_off_vehicles():
    vehicle = car("heavy", part("heavy-weapon", "Front"))
    assert lines(vehicle) == ["component 1 (Heavy Weapon): the rules keep this off vehicles"]
    assert RULES.component("heavy-weapon").fits_vehicles is False


def test_an_unknown_component_id():
    vehicle = car("light", part("light-weapon", "Front"), part("death-ray", "Front"))
    assert lines(vehicle) == ["component 2 (death-ray): there is no component 'death-ray' in the rules"]
    assert used(vehicle) == 1  # an unknown part costs nothing, so only the refusal above is said


def test_the_players_label_names_the_component_in_the_line():
    vehicle = car("light", part("light-weapon", label="Bonnet Gun"))
    assert lines(vehicle) == ["component 1 (Bonnet Gun): a weapon outside the turret needs its firing face "
                              "(Front, Rear, Left, Right)"]


# --- turrets ---------------------------------------------------------------------------------------
def test_a_turret_costs_one_per_weapon_inside():
    """The seed's own example: a turret with two light weapons costs 2 + 2 = 4."""
    vehicle = car("medium", part("turret"), part("light-weapon", in_turret=True), part("light-weapon", in_turret=True))
    assert lines(vehicle) == [] and used(vehicle) == 4
    turret = vehicle.components[0]
    assert builder.component_cost(vehicle, RULES, turret) == 2 and builder.weapons_in_turret(vehicle, RULES) == 2
    one = car("medium", part("turret"), part("medium-weapon", in_turret=True))
    assert builder.component_cost(one, RULES, one.components[0]) == 1 and used(one) == 3


def test_a_turret_full_of_weapons_can_overflow_a_light_car():
    vehicle = car("light", part("turret"), part("light-weapon", in_turret=True), part("light-weapon", in_turret=True))
    assert lines(vehicle) == ["components: the components take 4 capacity, and a Light vehicle has 3"]


def test_two_turrets():
    vehicle = car("heavy", part("turret"), part("turret"), part("light-weapon", in_turret=True))
    assert lines(vehicle) == ["components: a vehicle has at most 1 turret; this one has 2"]


def test_an_empty_turret():
    vehicle = car("light", part("turret"), part("light-weapon", "Front"))
    assert lines(vehicle) == ["components: the turret holds no weapon (put a weapon in it or take it off)"]


def test_only_weapons_go_in_the_turret():
    vehicle = car("medium", part("turret"), part("light-weapon", in_turret=True), part("ramplates", in_turret=True),
                  part("mine-dropper", in_turret=True))
    assert lines(vehicle) == ["component 3 (Ramplates): only weapons go in a turret",
                              "component 4 (Mine Dropper): only weapons go in a turret"]


def test_a_weapon_in_a_turret_the_car_does_not_have():
    vehicle = car("light", part("light-weapon", "Front", in_turret=True))
    assert lines(vehicle) == ["component 1 (Light Weapon): it is in a turret, but the vehicle has none"]


def test_a_turret_weapon_needs_no_firing_face():
    """A turret turns; only a weapon outside it is fixed to Front, Rear, Left or Right."""
    vehicle = car("medium", part("turret"), part("light-weapon", in_turret=True), part("light-weapon", "Left"))
    assert lines(vehicle) == []
    assert builder.facing_of(vehicle.components[1], RULES) is None


# --- firing faces ----------------------------------------------------------------------------------
def test_a_dropper_facing_front():
    vehicle = car("heavy", part("light-weapon", "Front"), part("oil-dropper", "Rear"), part("mine-dropper", "Front"))
    assert lines(vehicle) == ["component 3 (Mine Dropper): a dropper fires to the rear, not Front"]


def test_a_dropper_without_a_face_fires_to_the_rear():
    vehicle = car("light", part("napalm-dropper"))
    assert lines(vehicle) == [] and builder.facing_of(vehicle.components[0], RULES) == "Rear"


def test_a_weapon_without_a_face():
    vehicle = car("medium", part("medium-weapon"))
    assert lines(vehicle) == ["component 1 (Medium Weapon): a weapon outside the turret needs its firing face "
                              "(Front, Rear, Left, Right)"]


def test_a_face_on_equipment():
    vehicle = car("medium", part("nitro", "Front"), part("ramplates", "Rear"))
    assert lines(vehicle) == ["component 1 (Nitro): only weapons and droppers have a firing face",
                              "component 2 (Ramplates): only weapons and droppers have a firing face"]
    assert builder.facing_of(vehicle.components[0], RULES) == "Front"  # as written: the sheet shows the file


def test_faces_are_said_in_the_language_of_the_messages():
    from designer.i18n import set_language

    set_language("de")
    line = lines(car("medium", part("mine-dropper", "Left")))[0]
    assert line.startswith("Bauteil 1 (") and "Links" in line and "Left" not in line


# --- races -----------------------------------------------------------------------------------------
def test_a_dropper_in_a_race_build():
    vehicle = car("medium", part("light-weapon", "Front"), part("spike-dropper", "Rear"), scenario="race")
    assert lines(vehicle) == ["component 2 (Spike Dropper): no dropped weapons in a race"]
    assert lines(car("medium", part("light-weapon", "Front"), part("spike-dropper", "Rear"))) == []


# --- the random variant ----------------------------------------------------------------------------
def test_an_adjustment_the_random_table_does_not_give():
    vehicle = car("light", adjustments={"max": 3, "acc": -2, "dec": 2})
    assert lines(vehicle) == ["adjustments.max: +3 is not a change the random table gives (-2, -1, 0, +1, +2)"]
    assert lines(car("light", adjustments={"dec": -3})) == [
        "adjustments.dec: -3 is not a change the random table gives (-2, -1, 0, +1, +2)"]


# --- costs and charges from the rule data -----------------------------------------------------------
def test_the_flamethrower_costs_two_with_its_tank_included():
    vehicle = car("light", part("flamethrower", "Front"), part("nitro"))
    assert lines(vehicle) == [] and used(vehicle) == 3
    flamer = RULES.component("flamethrower")
    assert (flamer.cost, flamer.kind, flamer.includes) == (2, "weapon", "Flame Tank")
    assert not any("tank" in c.id for c in RULES.components)  # no separate tank to fit


def test_charges_come_from_the_rule_data():
    assert RULES.component("nitro").charges == 2
    droppers = [c for c in RULES.components if c.kind == "dropper"]
    assert len(droppers) == 5 and {c.charges for c in droppers} == {3} and all(c.rear_only for c in droppers)
    assert all(c.cost == 1 for c in droppers)


# --- stats -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("weight_class", "arena", "race"), [
    ("light", Stats(24, 6, 6, 3), Stats(22, 6, 6, 3)),
    ("medium", Stats(22, 5, 5, 2), Stats(25, 5, 5, 2)),
    ("heavy", Stats(20, 4, 4, 2), Stats(28, 4, 4, 2)),
])
def test_stats_for_the_arena_and_the_race(weight_class, arena, race):
    vehicle = car(weight_class)
    assert builder.stats(vehicle, RULES, "deathmatch") == arena
    assert builder.stats(vehicle, RULES, "race") == race
    assert builder.stats(vehicle, RULES) == arena  # built for the arena unless it says race
    assert builder.stats(car(weight_class, scenario="race"), RULES) == race


def test_stats_with_the_random_adjustments_leave_turn_alone():
    vehicle = car("light", adjustments={"max": 1, "acc": -2, "dec": 2})
    assert builder.stats(vehicle, RULES, "deathmatch") == Stats(25, 4, 8, 3)
    assert builder.stats(vehicle, RULES, "race") == Stats(23, 4, 8, 3)


def test_stats_of_an_unknown_class():
    vehicle = car("hover")
    assert builder.stats(vehicle, RULES) is None
    assert lines(vehicle) == ["weight_class: there is no weight class 'hover' (the classes: light, medium, heavy)"]
