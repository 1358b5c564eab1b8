"""Track ▸ Scatter Race Hazards: dropped-weapon templates, ramps and wrecks thrown at random on a race track.

The rule data's `axles.scatter` says how many d6 of each to roll (2d6 templates, of its `variants`, d6 ramps,
d6 wrecks). Each piece lands at a random spot of the track surface, heading along the track there (a wreck a
little askew), wholly on the surface and the table, clear of the other pieces, of solid scenery, of barriers
and of what was placed by hand. A piece that finds no room after `TRIES` tries is left out: a small track gets
fewer, and `Scatter.missing` says how many.

The same seed gives the same elements. Every scattered element's id starts with `SCATTER_PREFIX`, so a re-roll
replaces those and leaves the rest alone (`without_scattered`). Pure: no Qt.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from shapely import prepared
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from designer.geometry.footprint import footprint, placed_on
from designer.geometry.track import centerline, surface
from designer.model.edit import unique_id
from designer.model.elements import Element, kind_classes
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.rules.defaults import new_element
from designer.systems.axles_alloys_2.elements import BARRIER, SCATTER_PREFIX, TEMPLATE, WRECK
from designer.systems.axles_alloys_2.rule_data import axles_rules

RAMP = "ramp"
#: How often a piece is tried at a fresh random spot before it is left out.
TRIES = 400
#: How far (degrees, either way) a wreck may lie askew of the track's heading.
WRECK_SKEW_DEG = 35.0
#: Room kept between scattered pieces and what they must not touch (mm).
CLEARANCE_MM = 2.0
#: The middle of a scattered element's id ("scatter-template-3").
ID_NAMES = {TEMPLATE: "template", RAMP: "ramp", WRECK: "wreck"}


@dataclass(frozen=True)
class Scatter:
    """One throw: the dice rolled per kind ({kind: [faces]}), the elements placed (templates, ramps, wrecks
    in that order) and the seed that reproduces it."""

    seed: int
    rolls: dict[str, list[int]]
    elements: list[Element] = field(default_factory=list)

    def rolled(self, kind: str) -> int:
        """The total rolled for `kind` (how many were wanted)."""
        return sum(self.rolls.get(kind, []))

    def placed(self, kind: str) -> int:
        return sum(1 for e in self.elements if e.kind == kind)

    @property
    def missing(self) -> int:
        """How many pieces found no room."""
        return sum(self.rolled(kind) - self.placed(kind) for kind in self.rolls)


def is_scattered(element: Any) -> bool:
    return str(getattr(element, "id", "")).startswith(SCATTER_PREFIX)


def without_scattered(elements: Sequence[Element]) -> list[Element]:
    """The elements a re-roll keeps: those not put down by a scatter."""
    return [e for e in elements if not is_scattered(e)]


def _is_surface_kind(kind: str) -> bool:
    cls = kind_classes().get(kind)
    return cls is not None and bool(getattr(cls, "SURFACE", False))


def barrier_line(element: Any) -> BaseGeometry:
    """A barrier's polyline on the table (rotated about and moved to its x/y)."""
    points = list(element.points)
    if element.closed and len(points) > 2:
        points.append(points[0])
    return placed_on(LineString(points), element)


def obstacles(elements: Sequence[Element], ruleset: Ruleset) -> list[BaseGeometry]:
    """What a scattered piece must keep clear of: barriers (their line, as thick as the rule data makes
    them), solid scenery, and every other piece placed by hand (never an earlier scatter: it is replaced)."""
    size = ruleset.element_size(BARRIER)
    thickness = float(size.width_mm) if size is not None else 12.7
    shapes: list[BaseGeometry] = []
    for e in elements:
        if is_scattered(e):
            continue
        if e.kind == BARRIER:
            shapes.append(barrier_line(e).buffer(thickness / 2.0))
        elif e.kind == "scenery":
            if getattr(e, "solid", True):
                shapes.append(footprint(e, ruleset))
        elif not _is_surface_kind(e.kind):
            shapes.append(footprint(e, ruleset))
    return [s for s in shapes if not s.is_empty]


def heading_at(line: LineString, x: float, y: float) -> float:
    """The direction of travel (degrees clockwise, y down) of the centre line nearest (x, y)."""
    at = line.project(Point(x, y))
    step = min(5.0, max(line.length / 1000.0, 1e-3))
    a = line.interpolate(max(at - step, 0.0))
    b = line.interpolate(min(at + step, line.length))
    if a.equals(b):
        return 0.0
    return math.degrees(math.atan2(b.y - a.y, b.x - a.x))


def roll(rng: random.Random, dice: int) -> list[int]:
    return [rng.randint(1, 6) for _n in range(dice)]


def roll_scatter(document: TrackDocument, ruleset: Ruleset, seed: int) -> Scatter:
    """Roll and place the scatter of `document` with `seed`.

    Without a track surface or Axles rule data nothing is rolled (`rolls` empty)."""
    rules = found.scatter if (found := axles_rules(ruleset)) is not None else None
    track = document.track
    if rules is None or track is None:
        return Scatter(seed, {})
    rng = random.Random(seed)
    dice = {TEMPLATE: rules.templates_d6, RAMP: rules.ramps_d6, WRECK: rules.wrecks_d6}
    # a ruleset that does not offer a kind (say, ramps) rolls none of it
    rolls = {kind: roll(rng, n) for kind, n in dice.items() if kind in ruleset.element_kinds}
    table = document.table
    area = surface(track).intersection(box(0.0, 0.0, table.width_mm, table.height_mm))  # a curve may overshoot
    inside = prepared.prep(area.buffer(-CLEARANCE_MM / 2.0) if area.area > 0 else area)
    line = centerline(track)
    taken = [s.buffer(CLEARANCE_MM / 2.0) for s in obstacles(document.elements, ruleset)]
    ids = {e.id for e in document.elements if not is_scattered(e)}
    min_x, min_y, max_x, max_y = area.bounds
    placed: list[Element] = []
    for kind in rolls:
        for _n in range(sum(rolls[kind])):
            extra: dict[str, Any] = {}
            if kind == TEMPLATE:
                extra["variant"] = rng.choice(list(rules.variants))
            for _try in range(TRIES):
                x, y = rng.uniform(min_x, max_x), rng.uniform(min_y, max_y)
                if not inside.contains(Point(x, y)):
                    continue
                heading = heading_at(line, x, y)
                if kind == WRECK:
                    heading += rng.uniform(-WRECK_SKEW_DEG, WRECK_SKEW_DEG)
                if rng.random() < 0.5 and kind != TEMPLATE:
                    heading += 180.0  # a ramp or a wreck may face either way along the track
                element_id = unique_id(SCATTER_PREFIX + ID_NAMES[kind], ids)
                element = new_element(ruleset, kind, element_id, round(x, 2), round(y, 2),
                                      round(heading % 360.0, 2), **extra)
                shape = footprint(element, ruleset)
                if not inside.contains(shape):
                    continue
                if any(shape.intersects(other) for other in taken):
                    continue
                placed.append(element)
                ids.add(element_id)
                taken.append(shape.buffer(CLEARANCE_MM / 2.0))
                break
    return Scatter(seed, rolls, placed)


def scatter(document: TrackDocument, ruleset: Ruleset, seed: int) -> list[Element]:
    """The scattered elements of `document` for `seed` (see `roll_scatter` for the dice and the shortfall)."""
    return roll_scatter(document, ruleset, seed).elements
