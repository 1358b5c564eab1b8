"""Element footprints as shapely geometry in table millimetres, from the ruleset's default sizes."""

from __future__ import annotations

import math

from shapely import affinity
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from designer.geometry.outline import outline_area
from designer.model.elements import Element
from designer.rules import Ruleset

#: Kinds whose footprint is a disc (diameter = the ruleset's length).
ROUND_KINDS = frozenset({"coin", "piranha_plant", "chain_chomp", "wandering_threat", "warp_pipe"})
#: Kinds whose size depends on the element (a gate's width, a dash panel's pads), not only on the kind.
SIZED_PER_ELEMENT = frozenset({"gate", "start_finish", "dash_panel"})


def kind_size(kind: str, ruleset: Ruleset) -> tuple[float, float]:
    """(length along travel, width across) of a kind before rotation, as the ruleset sizes it."""
    size = ruleset.element_sizes.get(kind)
    return (size.length_mm, size.width_mm) if size else (40.0, 40.0)


def local_size(element: Element, ruleset: Ruleset) -> tuple[float, float]:
    """(length along travel, width across) of the element before rotation."""
    length, width = kind_size(element.kind, ruleset)
    if element.kind in ("gate", "start_finish"):  # these and the next: SIZED_PER_ELEMENT
        width = element.width_mm
    elif element.kind == "dash_panel":
        length *= element.pads
    return length, width


def local_footprint(element: Element, ruleset: Ruleset) -> BaseGeometry:
    """The footprint around (0, 0), facing +x, unrotated (scenery: the area its outline encloses, valid
    even when the outline crosses itself; empty when it encloses none)."""
    if element.kind == "scenery":
        return outline_area(element.polygon)
    length, width = local_size(element, ruleset)
    cls = type(element)
    if getattr(cls, "POLYLINE", False):
        points = list(element.points)  # type: ignore[union-attr]
        if getattr(element, "closed", False) and len(points) > 2:
            points.append(points[0])
        return LineString(points).buffer(width / 2.0, cap_style="flat", join_style="mitre")
    if element.kind in ROUND_KINDS or getattr(cls, "ROUND", False):
        return Point(0, 0).buffer(length / 2.0, quad_segs=12)
    return box(-length / 2.0, -width / 2.0, length / 2.0, width / 2.0)


def footprint(element: Element, ruleset: Ruleset) -> BaseGeometry:
    """The footprint placed on the table: rotated clockwise (y down) by rotation_deg, then moved."""
    shape = local_footprint(element, ruleset)
    if element.rotation_deg:
        shape = affinity.rotate(shape, element.rotation_deg, origin=(0, 0), use_radians=False)
    return affinity.translate(shape, element.x_mm, element.y_mm)


def direction(rotation_deg: float) -> tuple[float, float]:
    """Unit vector of travel for a rotation (clockwise degrees, y down)."""
    radians = math.radians(rotation_deg)
    return math.cos(radians), math.sin(radians)
