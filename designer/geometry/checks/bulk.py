"""Geometry in bulk for the checks: kind codes, placements (position, rotation, size), footprints,
rectangles and projections onto the route for many elements at once, with numpy and shapely's array
functions. Where a one-element function exists (`local_size`, `footprint` of a disc or of scenery,
`Route.nearest`) the bulk form gives its very numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from operator import attrgetter
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import Point

from designer.geometry.footprint import ROUND_KINDS, SIZED_PER_ELEMENT, kind_size, local_size
from designer.geometry.outline import outline_areas
from designer.geometry.route import HEADING_WEIGHT_MM, TANGENT_STEP_MM, Projection, Route
from designer.model.elements import ELEMENT_KINDS, Element, Scenery, element_kinds, kinds_version
from designer.rules import Ruleset

#: `local_footprint` buffers a point with this many segments per quarter circle.
DISC_QUAD_SEGS = 12



class KindTable(NamedTuple):
    """The kind table as the engine's arrays: an element's kind code is its kind's place in `kinds` (the
    built-in kinds first, in ELEMENT_KINDS order, then the game systems' own)."""

    version: int
    kinds: tuple[str, ...]
    code: dict[str, int]
    round: np.ndarray   # by kind code: is the footprint a disc?
    sized: np.ndarray   # by kind code: is it sized per element (see `local_size`)?


def _kind_table(kinds: tuple[str, ...], version: int) -> KindTable:
    return KindTable(version, kinds, {kind: i for i, kind in enumerate(kinds)},
                     np.array([kind in ROUND_KINDS for kind in kinds], dtype=bool),
                     np.array([kind in SIZED_PER_ELEMENT for kind in kinds], dtype=bool))


_TABLE = [_kind_table(ELEMENT_KINDS, -1)]


def kind_table() -> KindTable:
    """The arrays of the current kind table (`designer.model.elements.kind_classes`), built once per version."""
    version = kinds_version()
    if _TABLE[0].version != version:
        _TABLE[0] = _kind_table(element_kinds(), version)
    return _TABLE[0]


#: The built-in kinds' codes (they keep them whatever the game systems add).
KIND_CODE = {kind: i for i, kind in enumerate(ELEMENT_KINDS)}
SCENERY_CODE = KIND_CODE["scenery"]

_KIND = attrgetter("kind")
_PLACE = attrgetter("x_mm", "y_mm", "rotation_deg")


def kind_codes(elements: Sequence[Element]) -> np.ndarray:
    """The kind code (`kind_table().code`) of each element."""
    code = kind_table().code
    return np.fromiter(map(code.__getitem__, map(_KIND, elements)), dtype=int, count=len(elements))


def placements(elements: Sequence[Element], codes: np.ndarray, ruleset: Ruleset) -> np.ndarray:
    """One row per element: (x, y, rotation°, length, width), the sizes those of `local_size`; `codes`:
    the elements' `kind_codes`."""
    rows = np.empty((len(elements), 5))
    if not len(elements):
        return rows
    table = kind_table()
    rows[:, :3] = list(map(_PLACE, elements))
    rows[:, 3:] = np.array([kind_size(kind, ruleset) for kind in table.kinds], dtype=float)[codes]
    sized = np.flatnonzero(table.sized[codes]).tolist()
    if sized:
        rows[sized, 3:] = [local_size(elements[i], ruleset) for i in sized]
    return rows


def bulk_footprints(elements: Sequence[Element], codes: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """`footprint(e, ruleset)` for many elements at once (vectorised by shape: discs, boxes, scenery),
    from their `kind_codes` and `placements`."""
    half = rows[:, 3:] / 2.0
    disc = kind_table().round[codes]
    scenery = codes == SCENERY_CODE
    out = np.empty(len(elements), dtype=object)
    if disc.any():
        out[disc] = discs(np.column_stack([rows[disc, :2], half[disc, 0]]))
    if (rect := ~disc & ~scenery).any():
        out[rect] = rectangles(np.column_stack([rows[rect, :3], half[rect]]))
    if scenery.any():
        picked = [elements[i] for i in np.flatnonzero(scenery).tolist()]
        out[scenery] = sceneries([e for e in picked if e.kind == "scenery"])  # all of them: their code says so
    return out


def discs(rows: np.ndarray) -> np.ndarray:
    """Discs from (centre x, centre y, radius) rows: the same polygons as buffering each centre point.

    GEOS places a buffered point's vertices at centre + radius·(cos a, sin a); buffering the origin
    gives exactly the radius·(cos a, sin a) terms, so one buffer per radius plus a numpy addition
    yields the very same coordinates at a fraction of the cost.
    """
    out = np.empty(len(rows), dtype=object)
    radii, which = np.unique(rows[:, 2], return_inverse=True)
    rings = [shapely.get_coordinates(Point(0.0, 0.0).buffer(radius, quad_segs=DISC_QUAD_SEGS))
             for radius in radii.tolist()]
    if rings and all(len(ring) == len(rings[0]) >= 4 for ring in rings):  # the usual case: one GEOS call
        out[:] = shapely.polygons(rows[:, None, :2] + np.stack(rings)[which])
        return out
    for k, ring in enumerate(rings):
        pick = np.flatnonzero(which == k)
        if len(ring) < 4:  # a degenerate radius: let GEOS decide what that is
            out[pick] = shapely.buffer(shapely.points(rows[pick, :2]), radii[k], quad_segs=DISC_QUAD_SEGS)
        else:
            out[pick] = shapely.polygons(rows[pick, None, :2] + ring[None, :, :])
    return out


def rectangles(rows: Sequence[tuple[float, float, float, float, float]] | np.ndarray) -> np.ndarray:
    """Rectangles from (centre x, centre y, rotation°, half length, half width) rows, vectorised."""
    r = np.asarray(rows, dtype=float).reshape(-1, 5)
    x, y, theta, hl, hw = r.T
    c, s = np.cos(np.radians(theta)), np.sin(np.radians(theta))
    local = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1), (-1, -1)], dtype=float)
    lx = local[None, :, 0] * hl[:, None]
    ly = local[None, :, 1] * hw[:, None]
    px = x[:, None] + lx * c[:, None] - ly * s[:, None]
    py = y[:, None] + lx * s[:, None] + ly * c[:, None]
    return shapely.polygons(np.stack([px, py], axis=2))


def sceneries(elements: Sequence[Scenery]) -> np.ndarray:
    """`footprint` of scenery elements: the areas of their outlines (`outline_areas`: GEOS, as one
    array), then rotated and moved in one numpy step.

    `footprint` rotates about the origin and then translates (shapely.affinity); those offsets and
    unit factors add exact zeros, so x' = (cos·x − sin·y) + x_mm (and likewise y') is bit for bit
    what the two transforms give.
    """
    shapes = outline_areas([e.polygon for e in elements])
    factors = []
    for e in elements:  # the same angle arithmetic as shapely.affinity.rotate
        angle = e.rotation_deg * math.pi / 180.0
        cosp, sinp = math.cos(angle), math.sin(angle)
        cosp = 0.0 if abs(cosp) < 2.5e-16 else cosp
        sinp = 0.0 if abs(sinp) < 2.5e-16 else sinp
        factors.append((cosp, sinp, e.x_mm, e.y_mm))
    per_point = np.repeat(np.asarray(factors, dtype=float).reshape(-1, 4), shapely.get_num_coordinates(shapes), axis=0)
    cosp, sinp, dx, dy = per_point.T

    def place(xy: np.ndarray) -> np.ndarray:
        x, y = xy[:, 0], xy[:, 1]
        return np.stack([(cosp * x + -sinp * y) + dx, (sinp * x + cosp * y) + dy], axis=1)

    return shapely.transform(shapes, place)


# --- projections in bulk ------------------------------------------------------------------------
def project_many(route: Route, points: Sequence[tuple[float, float]] | np.ndarray,
                 headings: Sequence[float] | np.ndarray | None = None) -> list[Projection]:
    """`route.project` for many points (the same nearest-point rule as `Route.nearest`, vectorised)."""
    if not len(points):
        return []
    along, foot_x, foot_y, angle, lateral = projections(route, points, headings)
    feet = zip(foot_x.tolist(), foot_y.tolist(), strict=True)
    return list(map(_new_projection, zip(along.tolist(), feet, angle.tolist(), lateral.tolist(), strict=True)))


_new_projection = partial(tuple.__new__, Projection)   # a Projection from one tuple of its fields


def projections(route: Route, points: Sequence[tuple[float, float]] | np.ndarray,
                headings: Sequence[float] | np.ndarray | None = None) -> tuple[np.ndarray, ...]:
    """`project_many` as arrays: (distance along, foot x, foot y, angle, lateral offset), one row per point."""
    p = np.asarray(points, dtype=float).reshape(-1, 2)
    if not len(p):
        return tuple(np.zeros(0) for _ in range(5))
    a = route.points[:-1]
    v = route.points[1:] - a
    vv = np.einsum("ij,ij->i", v, v)
    safe = np.where(vv > 0, vv, 1.0)
    pi, si = _candidate_segments(route, p, headings is not None)
    # the nearest-point rule on the (point, segment) candidates, with the arithmetic of Route.nearest
    px, py = p[:, 0].take(pi), p[:, 1].take(pi)
    ax, ay, vx, vy = a[:, 0].take(si), a[:, 1].take(si), v[:, 0].take(si), v[:, 1].take(si)
    t = np.clip(((px - ax) * vx + (py - ay) * vy) / safe[si], 0.0, 1.0)
    fx, fy = ax + t * vx, ay + t * vy
    score = np.hypot(fx - px, fy - py)
    if headings is not None:
        h = np.radians(np.asarray(headings, dtype=float))
        align = (vx * np.cos(h)[pi] + vy * np.sin(h)[pi]) / np.sqrt(safe)[si]
        score = score + HEADING_WEIGHT_MM * (1.0 - align)
    # per point, the first candidate (in route order) with the lowest score, as np.argmin picks it
    group = np.flatnonzero(np.r_[True, pi[1:] != pi[:-1]])
    best = np.flatnonzero(score == np.minimum.reduceat(score, group)[pi])
    pick = best[np.r_[True, pi[best][1:] != pi[best][:-1]]]
    i = si[pick]
    along = route.cumulative[i] + t[pick] * np.sqrt(vv[i])
    foot_x, foot_y = fx[pick], fy[pick]
    length, cum, rp = route.length, route.cumulative, route.points
    along = np.mod(along, length) if route.closed and length > 0 else along
    hstep = min(TANGENT_STEP_MM, length / 4.0) if length > 0 else 0.0
    lo, hi = along - hstep, along + hstep
    if route.closed and length > 0:
        lo, hi = np.mod(lo, length), np.mod(hi, length)
    else:
        lo, hi = np.clip(lo, 0.0, length), np.clip(hi, 0.0, length)
    x0, y0 = np.interp(lo, cum, rp[:, 0]), np.interp(lo, cum, rp[:, 1])
    x1, y1 = np.interp(hi, cum, rp[:, 0]), np.interp(hi, cum, rp[:, 1])
    ang = np.degrees(np.arctan2(y1 - y0, x1 - x0))
    tx, ty = np.cos(np.radians(ang)), np.sin(np.radians(ang))
    lateral = tx * (p[:, 1] - foot_y) - ty * (p[:, 0] - foot_x)
    # normalize_angle, vectorised (fmod is exact, so this is bit for bit the same)
    folded = np.fmod(ang, 360.0)
    folded = np.where(folded > 180.0, folded - 360.0, np.where(folded <= -180.0, folded + 360.0, folded))
    folded = np.where(folded == 0, 0.0, folded)
    return along, foot_x, foot_y, folded, lateral


def _candidate_segments(route: Route, p: np.ndarray, heading: bool, block: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """(point index, segment index) pairs, sorted, that hold each point's nearest segment for sure.

    The route's segments are taken in blocks with a bounding box each. The distance to any block's
    first vertex bounds the distance to the route from above, so a block whose box is farther than
    the least of those (plus the most a heading can add to the score) cannot hold the nearest segment.
    """
    start, end = route.points[:-1], route.points[1:]
    firsts = np.arange(0, len(start), block)
    box_lo = np.minimum.reduceat(np.minimum(start, end), firsts, axis=0)
    box_hi = np.maximum.reduceat(np.maximum(start, end), firsts, axis=0)
    x, y = p[:, 0, None], p[:, 1, None]
    near = np.hypot(np.maximum(np.maximum(box_lo[:, 0] - x, x - box_hi[:, 0]), 0.0),
                    np.maximum(np.maximum(box_lo[:, 1] - y, y - box_hi[:, 1]), 0.0))
    bound = np.hypot(start[firsts, 0] - x, start[firsts, 1] - y).min(axis=1)
    bound += 2.0 * HEADING_WEIGHT_MM if heading else 0.0
    bound += 1e-6 * (1.0 + bound)  # room for rounding in the scores
    pi, bi = np.nonzero(near <= bound[:, None])
    sizes = np.minimum(firsts + block, len(start))[bi] - firsts[bi]
    offsets = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    return np.repeat(pi, sizes), np.repeat(firsts[bi], sizes) + offsets
