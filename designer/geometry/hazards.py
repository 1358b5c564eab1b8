"""Where hazards and terrain reach, as shapely geometry for the editor's overlays and checks (no Qt).

- Bullet Bill: the Medium steps it flies from its launcher pipe until it leaves the track or the table,
  or hits solid scenery.
- Ramps: where a jumping kart lands (a Medium beyond the back edge in gears 2–3, a Long in gears 4+),
  the optional flaming hoop a Short beyond the back edge, and where a kart that wiped out is put
  (a Short from the back edge, on the far side, as the jumps are measured).
- Piranha Plant range, Chain Chomp reach, a wandering threat's move: discs from the element's centre.
- Thwomp: the block's footprint (where it crashes down).
- Boost pads and dash panels: the Short straight that a kart touching one adds directly ahead.

Every distance comes from the ruleset (`ruleset.movement`, `kart_footprint`, `element_sizes`).
Conventions: mm, y down, rotation clockwise from +x = the element's direction of travel; "back edge" is
the far edge of an element in that direction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from designer.geometry.footprint import direction, footprint, local_size, placed_on
from designer.geometry.track import surface
from designer.model.elements import Element
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules import Ruleset

Pt = tuple[float, float]
StopReason = Literal["left_track", "left_table", "hit_scenery", "max_steps"]

#: Depth of the flaming hoop's marker, along the direction of travel (mm); the rules give no size.
HOOP_DEPTH_MM = 10.0


# --- Bullet Bill ---------------------------------------------------------------------------------
class BillPath(NamedTuple):
    start: Pt                 # the launcher pipe's centre
    steps: list[Pt]           # Bill's position after each move; the last is where it stopped
    stopped: StopReason

    @property
    def points(self) -> list[Pt]:
        """The whole flight, start included (for drawing a polyline)."""
        return [self.start, *self.steps]


def launcher_of(plate: Element, elements: Iterable[Element]) -> Element | None:
    """The warp pipe a Bullet Bill plate fires from, if it names one that exists."""
    if plate.kind != "bullet_bill" or plate.launcher is None:
        return None
    return next((e for e in elements if e.id == plate.launcher and e.kind == "warp_pipe"), None)


def _first_contact(segment: LineString, obstacles: BaseGeometry) -> Pt | None:
    hit = segment.intersection(obstacles)
    if hit.is_empty:
        return None
    coords = shapely.get_coordinates(hit)
    best = min(coords, key=lambda c: segment.project(Point(c)))
    return float(best[0]), float(best[1])


def bullet_bill_path(launcher_pipe: Element, track: TrackSurface | TrackDocument | None,
                     elements: Iterable[Element], table: Table, ruleset: Ruleset,
                     max_steps: int = 100) -> BillPath:
    """Bill's flight from `launcher_pipe`: a Medium straight per step along the pipe's rotation.

    Bill is followed as a point (its centre). It stops:
    - `hit_scenery` at the first point where a move touches solid scenery (scenery the pipe itself stands
      on is ignored), that contact point being the last step;
    - `left_track` after the first move that ends off the surface once Bill has been over the track (a
      pipe beside the track fires across it; a move that cuts a corner but ends on the track flies on);
    - `left_table` after a move that ends off the table (when it never reached the track, or the track
      runs off the table);
    - `max_steps` after `max_steps` moves.
    `track` may be None, or a document without a track: then only the table and scenery stop Bill.
    """
    medium = ruleset.movement.medium_mm
    ux, uy = direction(launcher_pipe.rotation_deg)
    start: Pt = (launcher_pipe.x_mm, launcher_pipe.y_mm)
    surface_model = track if isinstance(track, TrackSurface) else getattr(track, "track", None)
    track_area = surface(surface_model) if surface_model is not None else None
    solids = [footprint(e, ruleset) for e in elements if e.kind == "scenery" and e.solid]
    solids = [s for s in solids if not s.covers(Point(start))]
    obstacles = unary_union(solids) if solids else None
    if track_area is not None:
        shapely.prepare(track_area)
    entered = track_area is not None and track_area.covers(Point(start))

    steps: list[Pt] = []
    x, y = start
    for _ in range(max_steps):
        end = (x + ux * medium, y + uy * medium)
        segment = LineString([(x, y), end])
        if obstacles is not None:
            contact = _first_contact(segment, obstacles)
            if contact is not None:
                steps.append(contact)
                return BillPath(start, steps, "hit_scenery")
        if track_area is not None and not entered:
            entered = track_area.intersects(segment)
        steps.append(end)
        on_track = track_area is not None and track_area.covers(Point(end))
        if entered and not on_track:
            return BillPath(start, steps, "left_track")
        if not (0.0 <= end[0] <= table.width_mm and 0.0 <= end[1] <= table.height_mm):
            return BillPath(start, steps, "left_table")
        x, y = end
    return BillPath(start, steps, "max_steps")


# --- ramps ---------------------------------------------------------------------------------------
def ramp_landing_zones(ramp: Element, ruleset: Ruleset,
                       hoop_depth_mm: float = HOOP_DEPTH_MM) -> dict[str, Polygon | None]:
    """{"medium", "long", "hoop", "wipe_out"} zones of a ramp, on the table.

    A landing zone is where a kart jumping straight over the ramp (facing the ramp's way) ends up: its
    rear edge the named distance beyond the back edge, one kart long, as wide as the ramp (a kart may
    take off anywhere across it; at least one kart wide). "medium" = gears 2–3, "long" = gears 4+.
    "hoop" is a thin band across the ramp a Short beyond the back edge (None when the ramp has no hoop).
    "wipe_out" is a kart placed a Short from the back edge, on the far side like the jumps.
    """
    if ramp.kind != "ramp":
        raise ValueError(f"landing zones belong to ramps, not to a {ramp.kind}")
    movement = ruleset.movement
    ramp_length, ramp_width = local_size(ramp, ruleset)
    kart_length = ruleset.kart_footprint.length_mm
    zone_width = max(ramp_width, ruleset.kart_footprint.width_mm)
    back = ramp_length / 2.0

    def kart_at(distance: float) -> Polygon:
        return placed_on(box(back + distance, -zone_width / 2, back + distance + kart_length, zone_width / 2), ramp)

    hoop = None
    if ramp.hoop:
        centre = back + movement.short_mm
        hoop = placed_on(box(centre - hoop_depth_mm / 2, -ramp_width / 2, centre + hoop_depth_mm / 2,
                           ramp_width / 2), ramp)
    return {
        "medium": kart_at(movement.medium_mm),
        "long": kart_at(movement.long_mm),
        "hoop": hoop,
        "wipe_out": kart_at(movement.short_mm),
    }


# --- reach discs and footprints ------------------------------------------------------------------
def reach_radius(element: Element, ruleset: Ruleset | None = None) -> float:
    """Piranha Plant range, Chain Chomp reach, or a wandering threat's move (needs the ruleset)."""
    if element.kind == "piranha_plant":
        return element.range_mm
    if element.kind == "chain_chomp":
        return element.reach_mm
    if element.kind == "wandering_threat":
        if ruleset is None:
            raise ValueError("a wandering threat's move comes from the ruleset")
        return ruleset.movement.distance_mm(element.move)
    raise ValueError(f"a {element.kind} has no reach")


def reach_disc(element: Element, ruleset: Ruleset | None = None, quad_segs: int = 32) -> Polygon:
    """The disc an element strikes or moves into, measured from its centre point (where it strikes from)."""
    return Point(element.x_mm, element.y_mm).buffer(reach_radius(element, ruleset), quad_segs=quad_segs)


def thwomp_footprint(element: Element, ruleset: Ruleset) -> Polygon:
    """The square a Thwomp crashes down on (karts under it are pushed to its nearest edge)."""
    if element.kind != "thwomp":
        raise ValueError(f"not a thwomp: {element.kind}")
    return footprint(element, ruleset)


def boost_push(element: Element, ruleset: Ruleset) -> Polygon:
    """The Short straight added directly ahead of a boost pad or dash panel: from its front edge, a Short
    long and as wide as the pad."""
    if element.kind not in ("boost_pad", "dash_panel"):
        raise ValueError(f"a {element.kind} gives no boost")
    length, width = local_size(element, ruleset)
    front = length / 2.0
    return placed_on(box(front, -width / 2, front + ruleset.movement.short_mm, width / 2), element)
