"""The centerline as a route: distance along it, projection onto it, gates across it, self-crossings.

The route is the smooth curve the editor draws (`designer.geometry.track.centerline`), sampled as a
polyline and measured from the first control point in the direction of travel (the order of the control
points). Distances on a closed track wrap: `point_at(lap + d) == point_at(d)` and `project` returns
values in `[0, lap)`. Angles follow the model: degrees clockwise (y down), 0 = +x, folded into (-180, 180].
A lateral offset is positive to the *right* of the direction of travel.

Every function takes a `TrackSurface` or a `TrackDocument` (which must then have a track). Editing the
control points and whole-layout transforms live in `designer.geometry.layout`; they are re-exported here.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import shapely

from designer.geometry.curve import smooth_curve
from designer.geometry.layout import (
    TRAVEL_KINDS,
    delete_point,
    min_points,
    mirror_elements,
    mirror_layout,
    mirror_track,
    move_point,
    reverse_elements,
    reverse_layout,
    reverse_track,
    reversed_rotation,
    rotate_layout,
    surface_of,
    with_point_inserted,
)
from designer.model.edit import normalize_angle
from designer.model.elements import Element
from designer.model.track import TrackDocument, TrackSurface

__all__ = [
    # re-exported from designer.geometry.layout
    "TRAVEL_KINDS",
    # the route
    "Crossing",
    "GatePlacement",
    "Insertion",
    "Projection",
    "Route",
    "apply_gate_orders",
    "crossings",
    "delete_point",
    "gate_across",
    "insert_point",
    "lap_length",
    "min_points",
    "mirror_elements",
    "mirror_layout",
    "mirror_track",
    "move_point",
    "point_at",
    "project",
    "renumber_gates",
    "reverse_elements",
    "reverse_layout",
    "reverse_track",
    "reversed_rotation",
    "rotate_layout",
    "route_of",
    "surface_of",
    "with_point_inserted",
]

Pt = tuple[float, float]

#: Half the step of the central difference that gives the tangent (mm).
TANGENT_STEP_MM = 2.5
#: When a heading is known (gates, the start line), a pass of the route that runs the other way costs
#: up to twice this many mm in the nearest-point search, so a gate at a figure-8 crossover picks its own pass.
HEADING_WEIGHT_MM = 50.0


class Projection(NamedTuple):
    distance_mm: float      # along the route from its start, in [0, lap) on a closed track
    point: Pt               # the nearest point on the centerline
    angle_deg: float        # direction of travel there
    lateral_mm: float       # signed offset of the query point, + = right of travel


class GatePlacement(NamedTuple):
    x_mm: float
    y_mm: float
    rotation_deg: float     # the direction of travel; the gate spans across it
    width_mm: float


#: Where a control point goes: before control point `index` (== count: after the last one), at `point`.
#: Callers read `at.index`, which shadows `tuple.index`: mypy refuses that in the class form only.
Insertion = NamedTuple("Insertion", [("index", int), ("point", Pt)])  # noqa: UP014  (see above)


class Crossing(NamedTuple):
    x_mm: float
    y_mm: float
    angle_deg: float                 # angle between the two passes' lines, in [0, 90]
    distances_mm: tuple[float, float]  # where the route passes here, first then second


@dataclass(frozen=True, eq=False)
class Route:
    """The sampled centerline: points (closed → last == first), cumulative distance, control-point distances."""

    points: np.ndarray
    cumulative: np.ndarray
    closed: bool
    control_mm: tuple[float, ...]

    @property
    def length(self) -> float:
        return float(self.cumulative[-1])

    def wrap(self, distance: float) -> float:
        """A distance folded into the route: modulo the lap when closed, clamped when open."""
        length = self.length
        if length <= 0:
            return 0.0
        if self.closed:
            return distance % length
        return min(max(distance, 0.0), length)

    def position(self, distance: float) -> Pt:
        d = self.wrap(distance)
        i = int(np.searchsorted(self.cumulative, d, side="right")) - 1
        i = min(max(i, 0), len(self.points) - 2)
        a, b = self.points[i], self.points[i + 1]
        span = self.cumulative[i + 1] - self.cumulative[i]
        t = (d - self.cumulative[i]) / span if span > 0 else 0.0
        return float(a[0] + (b[0] - a[0]) * t), float(a[1] + (b[1] - a[1]) * t)

    def angle(self, distance: float) -> float:
        """Direction of travel at `distance` (a central difference, one-sided at an open track's ends)."""
        length = self.length
        if length <= 0:
            return 0.0
        h = min(TANGENT_STEP_MM, length / 4.0)
        d = self.wrap(distance)
        lo, hi = d - h, d + h
        if not self.closed:
            lo, hi = max(lo, 0.0), min(hi, length)
        (x0, y0), (x1, y1) = self.position(lo), self.position(hi)
        return normalize_angle(math.degrees(math.atan2(y1 - y0, x1 - x0)))

    def angles(self, distances: Sequence[float] | np.ndarray) -> np.ndarray:
        """`angle` at many distances: its arithmetic in numpy, but for math.atan2 per value (numpy's
        arctan2 need not round the same way)."""
        d = np.asarray(distances, dtype=float)
        length = self.length
        if length <= 0:
            return np.zeros(len(d))
        h = min(TANGENT_STEP_MM, length / 4.0)
        d = np.mod(d, length) if self.closed else np.clip(d, 0.0, length)
        lo, hi = d - h, d + h
        if not self.closed:
            lo, hi = np.maximum(lo, 0.0), np.minimum(hi, length)
        (x0, y0), (x1, y1) = self._positions(lo), self._positions(hi)
        return np.array([normalize_angle(math.degrees(math.atan2(dy, dx)))
                         for dy, dx in zip((y1 - y0).tolist(), (x1 - x0).tolist(), strict=True)])

    def _positions(self, distances: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`position` at many distances (which `angles` has folded into the route when it is open)."""
        cum = self.cumulative
        d = np.mod(distances, self.length) if self.closed else distances
        i = np.clip(np.searchsorted(cum, d, side="right") - 1, 0, len(self.points) - 2)
        span = cum[i + 1] - cum[i]
        t = np.where(span > 0, (d - cum[i]) / np.where(span > 0, span, 1.0), 0.0)
        a, b = self.points[i], self.points[i + 1]
        return a[:, 0] + (b[:, 0] - a[:, 0]) * t, a[:, 1] + (b[:, 1] - a[:, 1]) * t

    def nearest(self, point: Sequence[float], heading_deg: float | None = None) -> tuple[float, Pt, float]:
        """(distance along, foot point, distance to the line) of the route point nearest to `point`."""
        p = np.asarray(point[:2], dtype=float)
        a = self.points[:-1]
        v = self.points[1:] - a
        vv = np.einsum("ij,ij->i", v, v)
        safe = np.where(vv > 0, vv, 1.0)
        t = np.clip(np.einsum("ij,ij->i", p - a, v) / safe, 0.0, 1.0)
        foot = a + t[:, None] * v
        dist = np.hypot(foot[:, 0] - p[0], foot[:, 1] - p[1])
        score = dist
        if heading_deg is not None:
            hx, hy = math.cos(math.radians(heading_deg)), math.sin(math.radians(heading_deg))
            align = (v[:, 0] * hx + v[:, 1] * hy) / np.sqrt(safe)
            score = dist + HEADING_WEIGHT_MM * (1.0 - align)
        i = int(np.argmin(score))
        along = float(self.cumulative[i] + t[i] * math.sqrt(vv[i]))
        return self.wrap(along), (float(foot[i, 0]), float(foot[i, 1])), float(dist[i])


def _control_distances(controls: Sequence[Pt], points: np.ndarray, cumulative: np.ndarray) -> tuple[float, ...]:
    """Where each control point lies along the samples (the curve passes exactly through each one)."""
    out: list[float] = []
    j, n = 0, len(points)
    for cx, cy in controls:
        k = j
        while k < n and (abs(points[k, 0] - cx) > 1e-6 or abs(points[k, 1] - cy) > 1e-6):
            k += 1
        if k == n:  # not met in order (should not happen): fall back to the nearest later sample
            k = j + int(np.argmin(np.hypot(points[j:, 0] - cx, points[j:, 1] - cy)))
        out.append(float(cumulative[k]))
        j = k
    return tuple(out)


@lru_cache(maxsize=64)
def _build(controls: tuple[Pt, ...], closed: bool) -> Route:
    samples = smooth_curve(controls, closed)
    points = np.asarray(samples if len(samples) > 1 else samples * 2, dtype=float)
    steps = np.hypot(*np.diff(points, axis=0).T)
    cumulative = np.concatenate([[0.0], np.cumsum(steps)])
    points.setflags(write=False)  # shared through the cache
    cumulative.setflags(write=False)
    return Route(points, cumulative, closed, _control_distances(controls, points, cumulative))


def route_of(track: TrackSurface | TrackDocument) -> Route:
    """The (cached) route of a track; cheap to call on every mouse move."""
    surface = surface_of(track)
    return _build(tuple(surface.centerline), surface.closed)


def lap_length(track: TrackSurface | TrackDocument) -> float:
    """Length of the centerline in mm (one lap on a closed track)."""
    return route_of(track).length


def point_at(track: TrackSurface | TrackDocument, distance_mm: float) -> tuple[float, float, float]:
    """(x, y, direction of travel) at a distance along the route; wraps on closed tracks, clamps on open."""
    route = route_of(track)
    x, y = route.position(distance_mm)
    return x, y, route.angle(distance_mm)


def project(track: TrackSurface | TrackDocument, point: Sequence[float],
            heading_deg: float | None = None) -> Projection:
    """The nearest centerline point to `point`: distance along, foot, tangent angle and signed lateral offset.

    Past the ends of an open track the foot is the end point and `lateral_mm` is only the part of the
    offset square to the tangent. `heading_deg` (optional) prefers the pass running that way where two
    passes meet, e.g. at a figure-8 crossover.
    """
    route = route_of(track)
    along, foot, _ = route.nearest(point, heading_deg)
    angle = route.angle(along)
    tx, ty = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    lateral = tx * (point[1] - foot[1]) - ty * (point[0] - foot[0])
    return Projection(along, foot, angle, lateral)


def gate_across(track: TrackSurface | TrackDocument, click: Sequence[float]) -> GatePlacement | None:
    """A gate snapped to the centerline point nearest the click, spanning the track (None off the surface)."""
    surface = surface_of(track)
    route = route_of(surface)
    along, foot, dist = route.nearest(click)
    if dist > surface.width_mm / 2.0 + 1e-9:
        return None
    return GatePlacement(foot[0], foot[1], route.angle(along), surface.width_mm)


def _heading(element: Element) -> float | None:
    return element.rotation_deg if element.kind in ("gate", "start_finish") else None


def renumber_gates(track: TrackSurface | TrackDocument, gates: Iterable[Element],
                   start: Element | None = None) -> dict[str, int]:
    """{gate id: order from 1} by distance along the route in the direction of travel.

    With a start/finish line on a closed track, distances are measured from it and wrap, so the first
    gate after the line is 1 (a gate exactly on the line counts as first). On an open track the start
    line does not reorder anything: the race runs from the route's start to its end. Each gate is located
    on the pass its rotation faces along (see `project`); ties keep the given order.
    """
    route = route_of(track)
    origin = 0.0
    if start is not None and route.closed:
        origin = route.nearest((start.x_mm, start.y_mm), _heading(start))[0]
    keyed = []
    for index, gate in enumerate(gates):
        along = route.nearest((gate.x_mm, gate.y_mm), _heading(gate))[0]
        if route.closed:
            along = route.wrap(along - origin)
            if along > route.length - 1e-6:  # a hair before the line because of rounding: on it
                along = 0.0
        keyed.append((along, index, gate.id))
    keyed.sort()
    return {gate_id: n for n, (_, _, gate_id) in enumerate(keyed, start=1)}


def apply_gate_orders(elements: Iterable[Element], orders: Mapping[str, int]) -> list[Element]:
    """Copies of the gates whose `order` changes under `orders` (for one undoable edit)."""
    return [e.model_copy(update={"order": orders[e.id]}) for e in elements
            if e.kind == "gate" and e.id in orders and e.order != orders[e.id]]


def insert_point(track: TrackSurface | TrackDocument, click: Sequence[float],
                 max_distance_mm: float | None = None) -> Insertion | None:
    """Where a new control point goes for a click: (index to insert before, point on the curve).

    The click is projected on the smooth curve; the curve's parameter (its distance along, compared with
    each control point's) tells between which two control points it falls. On a closed track a click after
    the last control point gives index == count (between the last and the first). None when the click is
    farther than `max_distance_mm` from the curve, or would land on an existing control point.
    """
    surface = surface_of(track)
    route = route_of(surface)
    along, foot, dist = route.nearest(click)
    if max_distance_mm is not None and dist > max_distance_mm:
        return None
    count = len(surface.centerline)
    index = bisect_right(route.control_mm, along)
    index = min(max(index, 1), count - 1) if not surface.closed else max(index, 1)
    neighbours = [surface.centerline[index - 1], surface.centerline[index % count]]
    if any(math.dist(foot, p) < 1.0 for p in neighbours):
        return None
    return Insertion(index, foot)


def crossings(track: TrackSurface | TrackDocument, tolerance_mm: float = 1.0) -> list[Crossing]:
    """Where the centerline crosses itself (figure-8 crossovers), ordered along the route."""
    route = route_of(track)
    pts = route.points
    n_seg = len(pts) - 1
    if n_seg < 3:
        return []
    segments = shapely.linestrings(np.stack([pts[:-1], pts[1:]], axis=1))
    first, second = shapely.STRtree(segments).query(segments, predicate="intersects")
    keep = second > first + 1
    if route.closed:
        keep &= ~((first == 0) & (second == n_seg - 1))
    found: list[Crossing] = []
    for i, j in zip(first[keep].tolist(), second[keep].tolist(), strict=True):
        p, r = pts[i], pts[i + 1] - pts[i]
        q, s = pts[j], pts[j + 1] - pts[j]
        denom = r[0] * s[1] - r[1] * s[0]
        if abs(denom) < 1e-12:
            continue  # parallel pieces touching: not a crossing
        qp = q - p
        t = (qp[0] * s[1] - qp[1] * s[0]) / denom
        u = (qp[0] * r[1] - qp[1] * r[0]) / denom
        if not (-1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9):
            continue
        d1 = route.wrap(float(route.cumulative[i] + t * np.hypot(*r)))
        d2 = route.wrap(float(route.cumulative[j] + u * np.hypot(*s)))
        if any(_same_place(route, (d1, d2), c.distances_mm, tolerance_mm) for c in found):
            continue
        cosine = abs(float(np.dot(r, s))) / (float(np.hypot(*r)) * float(np.hypot(*s)))
        angle = math.degrees(math.acos(min(1.0, cosine)))
        found.append(Crossing(float(p[0] + t * r[0]), float(p[1] + t * r[1]), angle, (d1, d2)))
    return sorted(found, key=lambda c: c.distances_mm)


def _same_place(route: Route, a: tuple[float, float], b: tuple[float, float], tolerance: float) -> bool:
    def gap(x: float, y: float) -> float:
        d = abs(x - y)
        return min(d, route.length - d) if route.closed else d

    return gap(a[0], b[0]) <= tolerance and gap(a[1], b[1]) <= tolerance
