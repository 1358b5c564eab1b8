"""The vehicle builder's rules: what an Axles and Alloys II car may carry, worked out from the rule data.

`problems(vehicle, rules)` lists every rule a `designer.systems.axles_alloys_2.vehicle.VehicleDocument` breaks, each one
line with the place in the file it concerns (the CLI's `vehicle check`, the vehicle editor and the sheet
all ask it); `capacity_used`, `component_cost` and `stats` give the numbers the sheet prints. The rules:
capacity by weight class; no component the rules keep off vehicles (Heavy weapons); at most
`turrets_per_vehicle` turrets, each costing its price per weapon inside and holding only weapons; every
weapon one firing face, a dropper the rear only; no droppers in a car built for a race; the random
variant's adjustments only as its table gives them. Pure: no Qt, no files.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.i18n import _, ngettext
from designer.systems.axles_alloys_2.rule_data import (
    AxlesRules,
    Component,
    SpeedLine,
    WeightClass,
    component_name,
    firing_face,
    weight_class_name,
)
from designer.systems.axles_alloys_2.vehicle import VehicleComponent, VehicleDocument


@dataclass(frozen=True)
class BuildProblem:
    """One broken rule: `where` in the file ("components[2] (Mine Dropper)", or "" for the whole car)."""

    where: str
    message: str

    def line(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass(frozen=True)
class Stats:
    max: int
    acc: int
    dec: int
    turn: int


def weight_class(vehicle: VehicleDocument, rules: AxlesRules) -> WeightClass | None:
    return rules.weight_class_by_id(vehicle.weight_class)


def stats(vehicle: VehicleDocument, rules: AxlesRules, scenario: str | None = None) -> Stats | None:
    """The car's MAX/ACC/DEC/TURN for a scenario ("deathmatch": the arena line, "race": the race line;
    default: what it is built for), with the random variant's adjustments; None for an unknown class."""
    cls = weight_class(vehicle, rules)
    if cls is None:
        return None
    line: SpeedLine | WeightClass = cls.race if (scenario or vehicle.scenario) == "race" else cls
    a = vehicle.adjustments
    return Stats(max(1, line.max + a.max), max(1, line.acc + a.acc), max(1, line.dec + a.dec), line.turn)


def weapons_in_turret(vehicle: VehicleDocument, rules: AxlesRules) -> int:
    return sum(1 for c in vehicle.components if c.in_turret and _kind(rules, c) == "weapon")


def component_cost(vehicle: VehicleDocument, rules: AxlesRules, fitted: VehicleComponent) -> int:
    """The capacity one fitted component takes (a turret: its price per weapon inside; unknown: 0)."""
    component = rules.component(fitted.component)
    if component is None or component.cost is None:
        return 0
    if component.per_weapon:
        return component.cost * weapons_in_turret(vehicle, rules)
    return component.cost


def capacity_used(vehicle: VehicleDocument, rules: AxlesRules) -> int:
    return sum(component_cost(vehicle, rules, c) for c in vehicle.components)


def _kind(rules: AxlesRules, fitted: VehicleComponent) -> str | None:
    component = rules.component(fitted.component)
    return component.kind if component else None


def _where(index: int, component: Component | None, fitted: VehicleComponent, ruleset: object) -> str:
    shown = fitted.label or (component_name(ruleset, component) if component else fitted.component)
    return _("component {n} ({name})").format(n=index + 1, name=shown)


def problems(vehicle: VehicleDocument, rules: AxlesRules, ruleset: object = "axles-alloys-2") -> list[BuildProblem]:
    """Every rule the build breaks, in file order (empty: a legal car). `ruleset` names things translated."""
    found: list[BuildProblem] = []
    cls = weight_class(vehicle, rules)
    if cls is None:
        found.append(BuildProblem("weight_class", _("there is no weight class '{id}' (the classes: {ids})").format(
            id=vehicle.weight_class, ids=", ".join(w.id for w in rules.weight_classes))))
    allowed = sorted({m.modifier for m in rules.random_variant})
    for stat in ("max", "acc", "dec"):
        value = getattr(vehicle.adjustments, stat)
        if value not in allowed:
            found.append(BuildProblem(f"adjustments.{stat}", _("{value} is not a change the random table gives "
                                                               "({allowed})").format(
                value=f"{value:+d}", allowed=", ".join(f"{v:+d}" if v else "0" for v in allowed))))
    turrets = [i for i, c in enumerate(vehicle.components) if _kind(rules, c) == "turret"]
    for index, fitted in enumerate(vehicle.components):
        component = rules.component(fitted.component)
        where = _where(index, component, fitted, ruleset)
        if component is None:
            found.append(BuildProblem(where, _("there is no component '{id}' in the rules").format(
                id=fitted.component)))
            continue
        found += [BuildProblem(where, m)
                  for m in _component_problems(vehicle, rules, ruleset, component, fitted, turrets)]
    if len(turrets) > rules.turrets_per_vehicle:
        found.append(BuildProblem("components", ngettext(
            "a vehicle has at most {n} turret; this one has {count}",
            "a vehicle has at most {n} turrets; this one has {count}", rules.turrets_per_vehicle).format(
            n=rules.turrets_per_vehicle, count=len(turrets))))
    if turrets and weapons_in_turret(vehicle, rules) == 0:
        found.append(BuildProblem("components", _("the turret holds no weapon (put a weapon in it or take it off)")))
    if cls is not None:
        used = capacity_used(vehicle, rules)
        if used > cls.capacity:
            found.append(BuildProblem("components", _("the components take {used} capacity, and a {cls} vehicle "
                                                      "has {capacity}").format(used=used,
                                                                               cls=weight_class_name(ruleset, cls),
                                                                               capacity=cls.capacity)))
    return found


def _component_problems(vehicle: VehicleDocument, rules: AxlesRules, ruleset: object, component: Component,
                        fitted: VehicleComponent, turrets: list[int]) -> list[str]:
    out: list[str] = []
    if not component.fits_vehicles:
        out.append(_("the rules keep this off vehicles"))
    if component.kind in ("weapon", "dropper"):
        if component.rear_only and fitted.facing not in (None, "Rear"):
            out.append(_("a dropper fires to the rear, not {facing}").format(facing=firing_face(
                ruleset, fitted.facing or "")))
        elif component.kind == "weapon" and fitted.facing is None and not fitted.in_turret:
            # a turret turns, so only a weapon outside one is fixed to a face (the seed's Purple Haze example)
            out.append(_("a weapon outside the turret needs its firing face ({faces})").format(
                faces=", ".join(firing_face(ruleset, face) for face in rules.firing_faces)))
    elif fitted.facing is not None:
        out.append(_("only weapons and droppers have a firing face"))
    if fitted.in_turret and component.kind != "weapon":
        out.append(_("only weapons go in a turret"))
    elif fitted.in_turret and not turrets:
        out.append(_("it is in a turret, but the vehicle has none"))
    if component.kind == "dropper" and vehicle.scenario == "race" and not rules.dropped_weapons_in_races:
        out.append(_("no dropped weapons in a race"))
    return out


def facing_of(fitted: VehicleComponent, rules: AxlesRules) -> str | None:
    """The face a component fires to: as set, a dropper's Rear when left out, None for equipment."""
    component = rules.component(fitted.component)
    if component is not None and component.rear_only:
        return "Rear"
    return fitted.facing
