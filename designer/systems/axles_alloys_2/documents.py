"""Axles and Alloys II's own file format (`System.documents`): cars, `*.vehicle.json` — their JSON Schema
(`kartographer schema vehicle`) and the starter cars `kartographer templates` lists, each imported when asked; and
the suffix (`suffix.py`, re-exported here): telling a car's file by its name loads nothing that reads one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designer.i18n import N_
from designer.systems.api import DocumentFormat
from designer.systems.axles_alloys_2.suffix import VEHICLE_SUFFIX, is_vehicle_file

__all__ = ["DOCUMENTS", "VEHICLE_SUFFIX", "is_vehicle_file", "starter_cars", "vehicle_json_schema"]



def vehicle_json_schema() -> dict[str, Any]:
    from designer.io.schema import json_schema
    from designer.systems.axles_alloys_2.vehicle import VehicleDocument

    return json_schema(VehicleDocument, "kartographer-vehicle", "Kartographer vehicle (schema_version 1)")


def starter_cars() -> Sequence[str]:
    """One `templates` line per starter car: file, name, system, weight class, components."""
    from designer.i18n import ngettext
    from designer.io.display import printable
    from designer.paths import TEMPLATES_DIR
    from designer.rules import load_ruleset
    from designer.systems.axles_alloys_2.rule_data import axles_rules, weight_class_name
    from designer.systems.axles_alloys_2.vehicle_io import load_vehicle

    ruleset = load_ruleset("axles-alloys-2")
    lines = []
    for path in sorted(TEMPLATES_DIR.glob(f"*{VEHICLE_SUFFIX}")):
        car = load_vehicle(path)
        parts = ngettext("{count} component", "{count} components", len(car.components)).format(
            count=len(car.components))
        cls = rules.weight_class_by_id(car.weight_class) if (rules := axles_rules(ruleset)) else None
        shown = weight_class_name(ruleset, cls) if cls else car.weight_class
        lines.append(printable(f"{path.name:<44} {car.name:<28} {car.ruleset:<14} {shown:<14} {parts}"))
    return lines


DOCUMENTS = (DocumentFormat("vehicle", VEHICLE_SUFFIX, vehicle_json_schema, starter_cars,
                            mime_type="application/x-kartographer-vehicle+json", comment=N_("Kartographer vehicle")),)
