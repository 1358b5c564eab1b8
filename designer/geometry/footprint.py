"""Element footprints as shapely geometry in table millimetres, from the ruleset's default sizes.

`placed(shape, rotation_deg, x, y)` puts a shape drawn in an element's frame onto the table: the one place
that turn-then-move is done for single shapes (footprints, ink extents, hazard zones, barrier lines).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from designer.geometry.outline import outline_area
from designer.model.elements import Element, ElementBase
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
    return _template(element.kind in ROUND_KINDS or getattr(cls, "ROUND", False), length, width)


@lru_cache(maxsize=512)
def _template(round_: bool, length: float, width: float) -> BaseGeometry:
    """A disc or box footprint around (0, 0); geometries are immutable, so elements of one size share it."""
    if round_:
        return Point(0, 0).buffer(length / 2.0, quad_segs=12)
    return box(-length / 2.0, -width / 2.0, length / 2.0, width / 2.0)


def footprint(element: Element, ruleset: Ruleset) -> BaseGeometry:
    """The footprint placed on the table: rotated clockwise (y down) by rotation_deg, then moved."""
    return placed_on(local_footprint(element, ruleset), element)


def placed_on(shape: BaseGeometry, element: ElementBase) -> BaseGeometry:
    """A shape drawn in `element`'s frame, put where the element is on the table."""
    return placed(shape, element.rotation_deg, element.x_mm, element.y_mm)


def turning(rotation_deg: float) -> tuple[float, float]:
    """(cos, sin) of a rotation as `placed` turns by it: affinity.rotate's arithmetic, near-zeros made 0."""
    if not rotation_deg:
        return 1.0, 0.0
    angle = rotation_deg * math.pi / 180.0  # the same angle arithmetic as affinity.rotate
    cosp, sinp = math.cos(angle), math.sin(angle)
    return (0.0 if abs(cosp) < 2.5e-16 else cosp), (0.0 if abs(sinp) < 2.5e-16 else sinp)


def placed(shape: BaseGeometry, rotation_deg: float, x_mm: float, y_mm: float) -> BaseGeometry:
    """`shape`, drawn in an element's frame (facing +x around 0, 0), turned by `rotation_deg` about the
    origin and moved to (x_mm, y_mm).

    Bit for bit what shapely.affinity.rotate(…, origin=(0, 0)) then affinity.translate give (their offsets
    and unit factors only add exact zeros: x' = (cos·x − sin·y) + x_mm), in one pass instead of two.
    """
    if shape.is_empty:
        return shape
    cosp, sinp = turning(rotation_deg)

    def move(xy: np.ndarray) -> np.ndarray:
        x, y = xy[:, 0], xy[:, 1]
        return np.stack([(cosp * x + -sinp * y) + x_mm, (sinp * x + cosp * y) + y_mm], axis=1)

    return shapely.transform(shape, move)


def direction(rotation_deg: float) -> tuple[float, float]:
    """Unit vector of travel for a rotation (clockwise degrees, y down)."""
    radians = math.radians(rotation_deg)
    return math.cos(radians), math.sin(radians)
