"""Elements on the track keep their place along it when its centerline is reshaped (issue #32).

`follow_track(old, new, elements)` gives the new values of the elements standing on the old track's
surface: each keeps its place along the route, its offset across it (as a share of the width), and its
rotation relative to the direction of travel; a gate or start/finish line keeps its share of the width.
Elements off the surface (placed freely), scenery and the surface's own kinds (barriers, PitchKart
sections) stay where they are.

"Its place along" is measured between the control points the two centerlines share: moving one point
moves only the elements between its neighbours, inserting or deleting one leaves the rest where they were.
With no point in common (a track drawn afresh) it is the share of the whole lap. Pure geometry: no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import shapely

from designer.geometry.route import Route, project, route_of
from designer.geometry.track import surface
from designer.model.edit import normalize_angle, placed
from designer.model.elements import Element, Scenery
from designer.model.track import TrackSurface

#: Control points closer than this (mm) count as the same point of both centerlines.
SAME_POINT_MM = 1e-6
#: Kinds whose width is the track's: they span across it.
SPANNING_KINDS = frozenset({"gate", "start_finish"})


class Anchor(NamedTuple):
    """Where an element stands relative to the route."""

    distance_mm: float     # along the old route
    lateral: float         # signed offset across, as a share of the old width (+ = right of travel)


def follows(element: Element) -> bool:
    """Whether an element of this kind may follow the track at all (pieces standing on it)."""
    return not (isinstance(element, Scenery) or type(element).SURFACE or type(element).POLYLINE)


def anchors(track: TrackSurface, elements: Sequence[Element]) -> dict[str, Anchor]:
    """{element id: anchor} of the elements whose position lies within `track`'s surface."""
    candidates = [e for e in elements if follows(e)]
    if not candidates:
        return {}
    area = surface(track)
    inside = shapely.covers(area, shapely.points([(e.x_mm, e.y_mm) for e in candidates]))
    out = {}
    for element, on in zip(candidates, inside.tolist(), strict=True):
        if not on:
            continue
        where = project(track, (element.x_mm, element.y_mm))
        out[element.id] = Anchor(where.distance_mm, where.lateral_mm / track.width_mm)
    return out


def _shared_points(old: TrackSurface, new: TrackSurface) -> list[tuple[int, int]]:
    """(old index, new index) of the control points both centerlines have, in order along both."""
    pairs: list[tuple[int, int]] = []
    last = -1
    for i, (x, y) in enumerate(old.centerline):
        for j in range(last + 1, len(new.centerline)):
            nx, ny = new.centerline[j]
            if abs(nx - x) <= SAME_POINT_MM and abs(ny - y) <= SAME_POINT_MM:
                pairs.append((i, j))
                last = j
                break
    return pairs


def along_map(old: TrackSurface, new: TrackSurface) -> tuple[np.ndarray, np.ndarray, Route, Route]:
    """(old distances, new distances) that map a distance along the old route onto the new one piecewise
    linearly (`np.interp`; on a closed track after `wrap_from` folds it), with both routes."""
    old_route, new_route = route_of(old), route_of(new)
    lo, ln = old_route.length, new_route.length
    pairs = [(old_route.control_mm[i], new_route.control_mm[j]) for i, j in _shared_points(old, new)]
    if old.closed and new.closed:
        o0, n0 = pairs[0] if pairs else (0.0, 0.0)
        xs = [(o - o0) % lo for o, _ in pairs] or [0.0]
        fs = [(n - n0) % ln for _, n in pairs] or [0.0]
        xp, fp = np.array([*xs, lo]), np.array([*fs, ln])
        if np.any(np.diff(xp) < 0) or np.any(np.diff(fp) < 0):  # not in the same order: the whole lap
            xp, fp = np.array([0.0, lo]), np.array([0.0, ln])
        return xp + o0, fp + n0, old_route, new_route
    points = sorted({(0.0, 0.0), (lo, ln), *pairs})
    xp, fp = np.array([p[0] for p in points]), np.array([p[1] for p in points])
    if np.any(np.diff(xp) <= 0) or np.any(np.diff(fp) < 0):
        xp, fp = np.array([0.0, lo]), np.array([0.0, ln])
    return xp, fp, old_route, new_route


def follow_track(old: TrackSurface, new: TrackSurface, elements: Sequence[Element],
                 found: dict[str, Anchor] | None = None) -> list[Element]:
    """The new values of the elements standing on `old` (or those `found` anchored there before), placed on
    `new` at the same place along and across it; every anchored element is returned, changed or not."""
    found = anchors(old, elements) if found is None else found
    if not found:
        return []
    xp, fp, old_route, new_route = along_map(old, new)
    closed = old.closed and new.closed
    out = []
    for element in elements:
        anchor = found.get(element.id)
        if anchor is None:
            continue
        d = anchor.distance_mm
        if closed:
            d = xp[0] + (d - xp[0]) % old_route.length
        distance = float(np.interp(d, xp, fp))
        # the element moves by as much as its spot moves: where the route did not change, not at all (no
        # rounding of the projection creeps in), and a drag that comes back puts it back exactly
        (x0, y0), a0 = _spot(old_route, anchor.distance_mm, anchor.lateral * old.width_mm)
        (x1, y1), a1 = _spot(new_route, distance, anchor.lateral * new.width_mm)
        turn = normalize_angle(a1 - a0)
        moved = element if (x1, y1, turn) == (x0, y0, 0.0) else placed(
            element, element.x_mm + x1 - x0, element.y_mm + y1 - y0, element.rotation_deg + turn)
        if element.kind in SPANNING_KINDS and old.width_mm != new.width_mm:
            width = getattr(element, "width_mm", None)
            if width is not None:
                moved = moved.model_copy(update={"width_mm": round(width * new.width_mm / old.width_mm, 3)})
        out.append(moved)
    return out


def _spot(route: Route, distance: float, lateral_mm: float) -> tuple[tuple[float, float], float]:
    """The point `lateral_mm` right of the route at `distance`, and the direction of travel there."""
    x, y = route.position(distance)
    angle = route.angle(distance)
    nx, ny = -math.sin(math.radians(angle)), math.cos(math.radians(angle))   # the right of travel (y down)
    return (x + nx * lateral_mm, y + ny * lateral_mm), angle
