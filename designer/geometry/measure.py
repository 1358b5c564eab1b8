"""The measuring tool and the movement-template overlays: distances in units and in straights, and
template outlines built from the ruleset's data (no Qt).

A measurement reports a distance in the document's display units and as a number of Short / Medium /
Long straights (the Gaslands range bands), plus the direction from the first point to the second.
Template outlines are drawn in a local frame: the template starts at (0, 0) and leaves along +x, as
when laid against the front of a kart facing +x; a turn bends clockwise on screen (to the kart's right,
y down) unless `left=True`. Turn radii are the rule data's `radius_mm`, taken as the radius of the
template's middle line. Unit conversion uses `designer.model.track.MM_PER_UNIT`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from shapely import affinity
from shapely.geometry import Polygon, box

from designer.geometry.footprint import placed
from designer.model.edit import normalize_angle
from designer.model.track import MM_PER_UNIT
from designer.rules import Ruleset

#: Decimals shown per display unit (trailing zeros are dropped).
DECIMALS = {"mm": 1, "cm": 2, "in": 2}
#: Width of a printed movement template when none is given (mm).
TEMPLATE_WIDTH_MM = 25.0


def format_distance(mm: float, units: str) -> str:
    """`300.0` mm → "300 mm", in cm → "30 cm", in inches → "11.81 in"."""
    if units not in MM_PER_UNIT:
        raise ValueError(f"unknown units {units!r} (known: {', '.join(MM_PER_UNIT)})")
    text = f"{mm / MM_PER_UNIT[units]:.{DECIMALS.get(units, 2)}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return f"{text} {units}"


@dataclass(frozen=True)
class Measurement:
    distance_mm: float
    text: str                       # the distance in display units, e.g. "30 cm"
    in_straights: dict[str, float]  # {"short": …, "medium": …, "long": …}: how many of each straight
    angle_deg: float                # direction from a to b, clockwise from +x, in (-180, 180]

    def summary(self, decimals: int = 2) -> str:
        """One line for a status bar: "300 mm · 4 S · 2 M · 1.33 L"."""
        parts = [self.text]
        for key, letter in (("short", "S"), ("medium", "M"), ("long", "L")):
            value = f"{self.in_straights[key]:.{decimals}f}".rstrip("0").rstrip(".")
            parts.append(f"{value} {letter}")
        return " · ".join(parts)


def measure(a: Sequence[float], b: Sequence[float], ruleset: Ruleset, units: str = "mm") -> Measurement:
    """The distance from `a` to `b`, in `units` and in the ruleset's Short / Medium / Long straights."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    distance = math.hypot(dx, dy)
    movement = ruleset.movement
    straights = {name: distance / movement.distance_mm(name) for name in ("short", "medium", "long")}
    angle = normalize_angle(math.degrees(math.atan2(dy, dx))) if distance > 0 else 0.0
    return Measurement(distance, format_distance(distance, units), straights, angle)


# --- movement templates --------------------------------------------------------------------------
@dataclass(frozen=True)
class TemplateShape:
    name: str
    kind: Literal["straight", "turn"]
    outline: Polygon                 # local mm: starts at (0, 0) heading +x
    length_mm: float                 # along the template's middle line
    end: tuple[float, float, float]  # (x, y, heading) where the middle line ends, local


def straight_shape(name: str, length_mm: float, width_mm: float = TEMPLATE_WIDTH_MM) -> TemplateShape:
    if length_mm <= 0 or width_mm <= 0:
        raise ValueError("a template needs a positive length and width")
    outline = box(0.0, -width_mm / 2.0, length_mm, width_mm / 2.0)
    return TemplateShape(name, "straight", outline, length_mm, (length_mm, 0.0, 0.0))


def turn_shape(name: str, radius_mm: float, angle_deg: float, width_mm: float = TEMPLATE_WIDTH_MM,
               left: bool = False, step_deg: float = 3.0) -> TemplateShape:
    """An arc band: the middle line is an arc of `radius_mm` through `angle_deg`, `width_mm` wide.

    The band's inner edge stops at the centre when the template is wider than twice its radius.
    """
    if radius_mm <= 0 or width_mm <= 0 or not 0 < angle_deg <= 360:
        raise ValueError("a turn needs a positive radius and width and an angle in (0, 360]")
    steps = max(2, math.ceil(angle_deg / step_deg))
    thetas = [math.radians(angle_deg * i / steps) for i in range(steps + 1)]
    outer, inner = radius_mm + width_mm / 2.0, max(0.0, radius_mm - width_mm / 2.0)

    def ring(rho: float) -> list[tuple[float, float]]:
        # Turning right (y down): the centre of the turn is (0, r); at theta the middle line is at
        # (r sin θ, r − r cos θ), heading θ clockwise.
        return [(rho * math.sin(t), radius_mm - rho * math.cos(t)) for t in thetas]

    inner_ring = ring(inner)[::-1] if inner > 0 else [(0.0, radius_mm)]
    outline = Polygon(ring(outer) + inner_ring).buffer(0)
    a = math.radians(angle_deg)
    end = (radius_mm * math.sin(a), radius_mm * (1.0 - math.cos(a)), normalize_angle(angle_deg))
    if left:
        outline = affinity.scale(outline, 1.0, -1.0, origin=(0, 0))
        end = (end[0], -end[1], normalize_angle(-angle_deg))
    return TemplateShape(name, "turn", outline, radius_mm * a, end)


def template_shapes(ruleset: Ruleset, width_mm: float = TEMPLATE_WIDTH_MM, left: bool = False) -> list[TemplateShape]:
    """Outlines of the ruleset's movement templates, straights first (empty for systems without any)."""
    templates = ruleset.templates
    shapes = [straight_shape(t.name, t.length_mm, width_mm) for t in templates.straights]
    shapes += [turn_shape(t.name, t.radius_mm, t.angle_deg, width_mm, left) for t in templates.turns]
    return shapes


def place_template(shape: TemplateShape, x_mm: float, y_mm: float, rotation_deg: float) -> Polygon:
    """A template outline laid on the table: its start at (x, y), leaving along `rotation_deg`."""
    return placed(shape.outline, rotation_deg, x_mm, y_mm)
