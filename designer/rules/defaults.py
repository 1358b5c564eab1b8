"""New elements with the sizes and defaults of a ruleset (gate width, piranha range, chomp reach …)."""

from __future__ import annotations

from typing import Any

from designer.model.edit import validate_element
from designer.model.elements import Element
from designer.rules.schema import Ruleset

_DEFAULT_POLYGON = [(-50.0, -40.0), (50.0, -40.0), (60.0, 30.0), (-40.0, 45.0)]


def new_element(ruleset: Ruleset, kind: str, element_id: str, x_mm: float, y_mm: float,
                rotation_deg: float = 0.0, **fields: Any) -> Element:
    defaults = ruleset.element_defaults
    base: dict[str, Any] = {}
    if kind == "gate":
        base = {"order": 1, "width_mm": defaults.gate_width_mm}
    elif kind == "start_finish":
        base = {"width_mm": defaults.track_width_mm}
    elif kind == "piranha_plant":
        base = {"range_mm": defaults.piranha_range_mm}
    elif kind == "chain_chomp":
        base = {"reach_mm": defaults.chain_chomp_reach_mm}
    elif kind == "scenery":
        base = {"polygon": _DEFAULT_POLYGON, "solid": True}
    data = {"id": element_id, "kind": kind, "x_mm": x_mm, "y_mm": y_mm, "rotation_deg": rotation_deg,
            **base, **fields}
    return validate_element(data)
