"""Checks against the course itself (skipped for an arena, a document without a track): gates reaching
across the track and numbered along it, the width, corners, item-box lines, boosts facing the right
way, hazards that close the whole track and hazards whose reach touches no track at all.

Also the measuring helpers `corner_radii`, `corners`, `narrowest_width` that `designer.geometry.figures`
reuses.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from designer.geometry.checks.base import CheckContext, check, ordinal, problem
from designer.geometry.checks.bulk import projections
from designer.geometry.checks.lengths import length_text, point_text
from designer.geometry.checks.report import Problem, label, named, namer, number, opens
from designer.geometry.hazards import reach_disc, reach_radius, thwomp_footprint
from designer.geometry.route import Route, route_of
from designer.geometry.track import surface
from designer.i18n import _, ngettext
from designer.model.edit import normalize_angle
from designer.model.elements import (
    BoostPad,
    ChainChomp,
    DashPanel,
    Element,
    Gate,
    ItemBox,
    PiranhaPlant,
    StartFinish,
)
from designer.model.track import TrackSurface
from designer.rules import Ruleset
from designer.rules.texts import ruleset_name

#: A gate's end may stop this short of the track's edge (mm) and still count as reaching it.
EDGE_TOLERANCE_MM = 3.0
#: Item boxes belong to the nearest gate within this distance along the route (mm).
BOX_LINE_REACH_MM = 120.0
#: Spacing of the cross-sections that measure the surface's width (mm).
WIDTH_STEP_MM = 40.0
#: The chord used for the curvature radius spans this many mm each side of a point.
CURVATURE_SPAN_MM = 30.0
#: A boost more than this far from the centerline (beyond half the width) is not on the track.
BOOST_NEAR_MM = 25.0
#: Kinds whose checks need their place along the route.
PROJECTED_KINDS = frozenset({"item_box", "boost_pad", "dash_panel", "piranha_plant", "chain_chomp"})


# --- measuring -----------------------------------------------------------------------------------
def corner_radii(route: Route, span_mm: float = CURVATURE_SPAN_MM) -> tuple[np.ndarray, np.ndarray]:
    """(distance along, radius of curvature) every few mm: the circumradius of three route points
    `span_mm` apart (inf on a straight)."""
    length = route.length
    if length <= 3 * span_mm:
        return np.zeros(0), np.zeros(0)
    step = span_mm / 3.0
    d = np.arange(0.0, length, step) if route.closed else np.arange(span_mm, length - span_mm, step)
    pts = route.points
    cum = route.cumulative

    def at(distances: np.ndarray) -> np.ndarray:
        w = np.mod(distances, length) if route.closed else np.clip(distances, 0, length)
        x = np.interp(w, cum, pts[:, 0])
        y = np.interp(w, cum, pts[:, 1])
        return np.stack([x, y], axis=1)

    a, b, c = at(d - span_mm), at(d), at(d + span_mm)
    ab = np.hypot(*(b - a).T)
    bc = np.hypot(*(c - b).T)
    ca = np.hypot(*(a - c).T)
    cross = np.abs((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0])
    with np.errstate(divide="ignore", invalid="ignore"):
        radius = np.where(cross > 1e-9, ab * bc * ca / (2.0 * cross), np.inf)
    return d, radius


class Corner(NamedTuple):
    distance_mm: float   # where the corner is tightest, along the route
    radius_mm: float     # its radius there
    point: tuple[float, float]


def corners(route: Route, threshold_mm: float) -> list[Corner]:
    """The tightest point of each stretch of route whose radius is below `threshold_mm`."""
    d, r = corner_radii(route)
    if not len(d):
        return []
    tight = r < threshold_mm
    if not tight.any():
        return []
    runs: list[list[int]] = []
    for i in np.flatnonzero(tight).tolist():
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    if route.closed and len(runs) > 1 and runs[0][0] == 0 and runs[-1][-1] == len(d) - 1:
        runs[0] = runs.pop() + runs[0]
    found = []
    for run in runs:
        k = min(run, key=lambda i: r[i])
        found.append(Corner(float(d[k]), float(r[k]), route.position(float(d[k]))))
    return sorted(found)


def narrowest_width(track: TrackSurface, step_mm: float = WIDTH_STEP_MM,
                    area: BaseGeometry | None = None) -> float:
    """The narrowest cross-section of the drawn surface: at most the configured width (the floor),
    less where the surface is pinched, e.g. by a corner tighter than half the width. `area`: the
    track's `surface`, when the caller has it already."""
    route = route_of(track)
    area = surface(track) if area is None else area
    length = route.length
    if length <= 0:
        return track.width_mm
    width = track.width_mm
    span = width * 0.75  # look a little past each edge
    distances, xy = _cut_centres(route, step_mm)
    if not len(distances):
        return width
    angles = np.radians(route.angles(distances))
    normal = np.stack([-np.sin(angles), np.cos(angles)], axis=1)
    lines = shapely.linestrings(np.stack([xy - normal * span, xy + normal * span], axis=1))
    centres = shapely.points(xy)
    # each cut's own piece: the longest piece through the centerline point it was made at
    pieces, cut = shapely.get_parts(shapely.intersection(lines, area), return_index=True)
    lengths = shapely.length(pieces)
    own = (lengths > 0) & (shapely.distance(pieces, centres[cut]) < 1e-6)
    if not own.any():
        return width
    longest = np.full(len(lines), -np.inf)
    np.maximum.at(longest, cut[own], lengths[own])
    return min(width, float(longest[np.isfinite(longest)].min()))


def _cut_centres(route: Route, step_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """(distance along, point) of each centerline point `narrowest_width` cuts the surface at."""
    length = route.length
    distances = np.arange(0.0 if route.closed else step_mm, length if route.closed else length - step_mm + 1e-9,
                          step_mm)
    return distances, np.stack([np.interp(distances, route.cumulative, route.points[:, k]) for k in (0, 1)], axis=1)


def _nowhere_narrower(ctx: CheckContext, minimum_mm: float) -> bool:
    """A quick test that settles `narrowest_width(track) >= minimum_mm` on most tracks (False: measure).

    A cut's own piece runs from its centre both ways to the surface's edge or the cut's end, so it is at
    least twice as long as the nearer of the two. When every cut centre lies inside the surface farther
    than half the minimum (and a hair) from its edge, no cut can come out shorter than the minimum.
    """
    route = ctx.route
    if route.length <= 0:
        return True  # narrowest_width is the configured width, which is wide enough
    _along, xy = _cut_centres(route, WIDTH_STEP_MM)
    if not len(xy):
        return True
    reach = (minimum_mm + 1e-6) / 2.0
    if reach >= ctx.track.width_mm * 0.75:  # the cuts' own half length
        return False
    edge = ctx.track_value("surface-edge", lambda: _prepared(shapely.boundary(ctx.surface)))
    centres = shapely.points(xy)
    return bool(shapely.contains(ctx.surface, centres).all() and not shapely.dwithin(edge, centres, reach).any())


def corner_message(ruleset: Ruleset, corner: Corner, units: str = "mm") -> str:
    """What `tight-corner` says of a corner: where it is, its radius and the fastest gear, or the gentlest
    template, that can take it (or that it is tighter than every template)."""
    turns = sorted(ruleset.templates.turns, key=lambda t: t.radius_mm)
    radius_mm = corner.radius_mm
    fits = [t for t in turns if t.radius_mm <= radius_mm + 1e-9]
    where = {"point": point_text(*corner.point, units), "along": length_text(corner.distance_mm, units, ".0f"),
             "radius": length_text(radius_mm, units, ".0f")}
    if ruleset.gears:
        radius_of = {t.name: t.radius_mm for t in turns}
        gears = [g for g in ruleset.gears if radius_of.get(g.max_template, math.inf) <= radius_mm + 1e-9]
        if gears:
            best = max(gears, key=lambda g: g.gear)
            return _("The corner at {point}, {along} along the route, has a radius of {radius}: "
                     "gear {gear} (up to the {template}) is the fastest that can take it").format(
                **where, gear=best.gear, template=best.max_template)
    if not fits:
        return _("The corner at {point}, {along} along the route, has a radius of {radius}: "
                 "tighter than even the {template} ({template_radius})").format(
            **where, template=turns[0].name, template_radius=length_text(turns[0].radius_mm, units))
    gentlest = fits[-1]
    return _("The corner at {point}, {along} along the route, has a radius of {radius}: "
             "the {template} ({template_radius}) is the gentlest template that fits").format(
        **where, template=gentlest.name, template_radius=length_text(gentlest.radius_mm, units))


# --- checks --------------------------------------------------------------------------------------
@check("gate-off-surface", "error", kinds=["gate", "start_finish"], needs_track=True)
def gate_off_surface(ctx: CheckContext, gate: Gate | StartFinish) -> list[Problem]:
    """A gate spans the track when its line crosses the centerline and both its ends lie on or beyond
    the edges (a little tolerance), i.e. the piece of it over the track runs from edge to edge."""
    return _gates_off_surface(ctx, [gate])[gate.id]


def _gates_off_surface(ctx: CheckContext, gates: Sequence[Gate | StartFinish]) -> dict[str, list[Problem]]:
    """`gate_off_surface` for many gates at once (vectorised shapely and numpy)."""
    out: dict[str, list[Problem]] = {}
    if not gates:
        return out
    theta = np.radians([g.rotation_deg for g in gates])
    centre = np.array([[g.x_mm, g.y_mm] for g in gates])
    half = np.array([g.width_mm / 2.0 for g in gates])[:, None]
    normal = np.stack([-np.sin(theta), np.cos(theta)], axis=1)
    a, b = centre - normal * half, centre + normal * half
    segments = shapely.linestrings(np.stack([a, b], axis=1))
    line = ctx.track_value("centerline", lambda: _prepared(LineString(ctx.route.points)))
    crosses = shapely.intersects(line, segments)
    touches = shapely.intersects(ctx.surface, segments)
    tolerance = max(EDGE_TOLERANCE_MM, ctx.track.width_mm * 0.01)
    # |lateral| is the distance from the foot of the end's projection; beyond an open track's ends it is
    # only the square part, which is what "reaching the edge" means there too. Only the ends of gates
    # that cross the centerline matter (each point's projection is its own).
    reaches = np.zeros(len(gates), dtype=bool)
    if crosses.any():
        lateral = np.abs(projections(ctx.route, np.concatenate([a[crosses], b[crosses]]))[4]).reshape(2, -1)
        reaches[crosses] = (lateral >= ctx.track.width_mm / 2.0 - tolerance).all(axis=0)
    for k in np.flatnonzero(~(crosses & reaches)).tolist():
        gate = gates[k]
        message = (_("{gate} does not reach across the track") if crosses[k] or touches[k]
                   else _("{gate} is not on the track"))
        out[gate.id] = [problem("gate-off-surface", message.format(gate=named(message, "gate", gate)), (gate.id,))]
    return out


gate_off_surface.batch = _gates_off_surface


def _prepared(geometry: BaseGeometry) -> BaseGeometry:
    shapely.prepare(geometry)
    return geometry


@check("track-too-narrow", "error", needs_track=True)
def track_too_narrow(ctx: CheckContext) -> list[Problem]:
    minimum = ctx.ruleset.min_track_width_mm
    configured = ctx.track.width_mm
    units = ctx.document.display_units
    if configured < minimum - 1e-9:
        return [problem("track-too-narrow", _("The track is {width} wide; {ruleset} needs at least {minimum}")
                        .format(width=length_text(configured, units), ruleset=ruleset_name(ctx.ruleset),
                                minimum=length_text(minimum, units)))]
    if _nowhere_narrower(ctx, minimum):
        return []
    measured = ctx.track_value("narrowest", lambda: narrowest_width(ctx.track, area=ctx.surface))
    if measured < minimum - 1e-9:
        return [problem("track-too-narrow", _("The track narrows to {width} somewhere (a corner tighter than half "
                                              "its width?); {ruleset} needs at least {minimum}").format(
            width=length_text(measured, units, ".0f"), ruleset=ruleset_name(ctx.ruleset),
            minimum=length_text(minimum, units)))]
    return []


@check("tight-corner", "info", needs_track=True)
def tight_corner(ctx: CheckContext) -> list[Problem]:
    turns = ctx.ruleset.templates.turns
    if not turns:
        return []
    threshold = max(t.radius_mm for t in turns)
    found = ctx.track_value("corners", lambda: corners(ctx.route, threshold))
    units = ctx.document.display_units
    return [problem("tight-corner", corner_message(ctx.ruleset, c, units), at=c.point) for c in found]


@check("gates-out-of-order", "warning", needs_track=True)
def gates_out_of_order(ctx: CheckContext) -> list[Problem]:
    gates = ctx.of_class(Gate)
    if len(gates) < 2:
        return []
    start = next(iter(ctx.of_class(StartFinish)), None)
    expected = _expected_orders(ctx, gates, start)
    by_order = sorted(gates, key=lambda g: (g.order, expected[g.id]))
    wrong = [(rank, g) for rank, g in enumerate(by_order, start=1) if expected[g.id] != rank]
    if not wrong:
        return []
    each = _("gate {order} ('{id}') is the {ordinal} along the route")
    detail = "; ".join(each.format(order=g.order, id=g.id, ordinal=ordinal(expected[g.id])) for _rank, g in wrong[:5])
    return [problem("gates-out-of-order", _("The gates are not numbered in the direction of travel: {details}")
                    .format(details=detail), tuple(g.id for _rank, g in wrong))]


def _expected_orders(ctx: CheckContext, gates: Sequence[Gate], start: StartFinish | None) -> dict[str, int]:
    """`renumber_gates` from the cached projections (same rule: from the start line, wrapping)."""
    route = ctx.route
    origin = ctx.projection(start, heading=True).distance_mm if start is not None and route.closed else 0.0
    keyed = []
    for index, gate in enumerate(gates):
        along = ctx.projection(gate, heading=True).distance_mm
        if route.closed:
            along = route.wrap(along - origin)
            if along > route.length - 1e-6:
                along = 0.0
        keyed.append((along, index, gate.id))
    keyed.sort()
    return {gate_id: n for n, (_along, _index, gate_id) in enumerate(keyed, start=1)}


def box_lines(ctx: CheckContext) -> dict[str, list[ItemBox]]:
    """{gate id: item boxes belonging to it}: each box goes to the nearest gate within
    BOX_LINE_REACH_MM along the route."""
    route = ctx.route
    if "box_lines" in ctx.run_cache:
        return ctx.run_cache["box_lines"]
    gates, boxes = ctx.of_class(Gate), ctx.of_class(ItemBox)
    lines: dict[str, list[ItemBox]] = defaultdict(list)
    if not gates or not boxes:
        return lines
    g_along = np.array([ctx.projection(g, heading=True).distance_mm for g in gates])
    b_along = np.array([ctx.projection(b).distance_mm for b in boxes])
    gap = np.abs(b_along[:, None] - g_along[None, :])
    if route.closed:
        gap = np.minimum(gap, route.length - gap)
    nearest = np.argmin(gap, axis=1)
    for k, box in enumerate(boxes):
        if gap[k, nearest[k]] <= BOX_LINE_REACH_MM:
            lines[gates[nearest[k]].id].append(box)
    ctx.run_cache["box_lines"] = lines
    return lines


@check("box-line-count", "warning", needs_track=True)
def box_line_count(ctx: CheckContext) -> list[Problem]:
    karts = ctx.document.karts
    out = []
    for gate_id, boxes in sorted(box_lines(ctx).items()):
        if len(boxes) != karts:
            message = ngettext("{gate} has a line of {n} item box for {karts} karts",
                               "{gate} has a line of {n} item boxes for {karts} karts", len(boxes))
            gate = label(ctx.by_id[gate_id], not opens(message, "gate"))
            out.append(problem("box-line-count", message.format(gate=gate, n=len(boxes), karts=karts), (gate_id,)))
    return out


@check("box-line-no-double", "info", needs_track=True)
def box_line_no_double(ctx: CheckContext) -> list[Problem]:
    message = _("{gate}'s item-box line has no double-stacked box")
    name = namer(message, "gate")
    return [problem("box-line-no-double", message.format(gate=name(ctx.by_id[gate_id])), (gate_id,))
            for gate_id, boxes in sorted(box_lines(ctx).items()) if not any(b.stack == 2 for b in boxes)]


@check("boost-against-travel", "warning", kinds=["boost_pad", "dash_panel"], needs_track=True)
def boost_against_travel(ctx: CheckContext, pad: BoostPad | DashPanel) -> list[Problem]:
    where = ctx.projection(pad)
    if abs(where.lateral_mm) > ctx.track.width_mm / 2.0 + BOOST_NEAR_MM:
        return []
    off = abs(normalize_angle(pad.rotation_deg - where.angle_deg))
    if off <= 90.0:
        return []
    message = _("{element} points {angle}° away from the direction of travel")
    return [problem("boost-against-travel", message.format(element=named(message, "element", pad),
                                                           angle=number(off, ".0f")), (pad.id,))]


@check("reach-blocks-track", "warning", kinds=["piranha_plant", "chain_chomp"], needs_track=True)
def reach_blocks_track(ctx: CheckContext, hazard: PiranhaPlant | ChainChomp) -> list[Problem]:
    radius = reach_radius(hazard)
    where = ctx.projection(hazard)  # the cross-section through the foot of the hazard's projection
    angle = math.radians(where.angle_deg)
    half = ctx.track.width_mm / 2.0
    nx, ny = -math.sin(angle) * half, math.cos(angle) * half
    a, b = (where.point[0] - nx, where.point[1] - ny), (where.point[0] + nx, where.point[1] + ny)
    centre = (hazard.x_mm, hazard.y_mm)
    if math.dist(centre, a) <= radius and math.dist(centre, b) <= radius:
        message = _("{element} reaches across the whole track ({radius}): no kart can pass it unchallenged")
        radius_text = length_text(radius, ctx.document.display_units)
        return [problem("reach-blocks-track", message.format(element=named(message, "element", hazard),
                                                             radius=radius_text), (hazard.id,))]
    return []


#: The hazards whose reach a kart meets on the track: a Thwomp's square, the others' discs (`hazards`).
REACHING_KINDS = ("thwomp", "piranha_plant", "chain_chomp", "wandering_threat")


@check("hazard-reach-off-track", "warning", kinds=REACHING_KINDS, needs_track=True)
def hazard_reach_off_track(ctx: CheckContext, hazard: Element) -> list[Problem]:
    """A hazard that can reach no part of the track threatens nobody: it was probably left behind when the
    track moved, or set down in the wrong place."""
    reach = thwomp_footprint(hazard, ctx.ruleset) if hazard.kind == "thwomp" else reach_disc(hazard, ctx.ruleset)
    if reach.intersects(ctx.surface):
        return []
    message = _("{element} reaches no part of the track: no kart will ever meet it")
    return [problem("hazard-reach-off-track", message.format(element=named(message, "element", hazard)),
                    (hazard.id,))]
