"""Scenery outlines as areas: a valid shapely shape for any outline a file may hold, found in bounded time,
and what is wrong with an outline (no area, a doubled point, edges that cross).

The editor keeps outlines valid, but a file written by hand or by a script may hold any list of points.
A valid outline's area is `Polygon(points).buffer(0)`, as it always was. An invalid one is repaired with
`make_valid(method="structure")`, which keeps everything the outline encloses (both lobes of a bow tie,
the whole of a star). That repair costs time in proportion to the crossings, so an outline crossing itself
more than REPAIR_CROSSINGS_LIMIT times is taken as its convex hull instead, which holds the repaired area.
An outline enclosing (almost) no area has an empty area. Pure geometry: no Qt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

#: An outline whose convex hull is smaller than this (mm²) encloses no area: its points are (nearly)
#: on one line or in one place.
MIN_AREA_MM2 = 0.01
#: Up to this many crossings an invalid outline is repaired exactly; beyond, its convex hull stands in.
REPAIR_CROSSINGS_LIMIT = 256
#: Rows of the pairwise crossing test done at once (keeps the arrays small).
_BLOCK = 64

_WHERE = re.compile(r"\[\s*([-+0-9.eE]+)\s+([-+0-9.eE]+)")


class OutlineFlaw(NamedTuple):
    """What is wrong with an outline: `kind` is "no-area", "double-point", "crosses" or "touches";
    `point` where (in the outline's own frame), `points` the 0-based indices of a doubled point."""

    kind: str
    point: tuple[float, float]
    points: tuple[int, ...] = ()


def _ring(points: Sequence[Sequence[float]]) -> np.ndarray:
    xy = np.asarray(points, dtype=float).reshape(-1, 2)
    if len(xy) > 1 and (xy[0] == xy[-1]).all():  # an explicitly closed ring: the closing point is not an edge
        xy = xy[:-1]
    return xy


def _hull_area(xy: np.ndarray) -> float:
    return float(shapely.area(shapely.convex_hull(shapely.multipoints(xy)))) if len(xy) else 0.0


class _Rings(NamedTuple):
    """Many outlines as one array: `coords` of every ring (explicit closing points dropped), ring by
    ring; `starts` where each ring begins in it, `sizes` its length; `polygons` and `hull_areas`."""

    coords: np.ndarray
    starts: np.ndarray
    sizes: np.ndarray
    polygons: np.ndarray
    hull_areas: np.ndarray


def _rings(outlines: Sequence[Sequence[Sequence[float]]]) -> _Rings:
    rings = [_ring(points) for points in outlines]
    sizes = np.array([len(r) for r in rings], dtype=int)
    coords = np.concatenate(rings) if rings else np.zeros((0, 2))
    which = np.repeat(np.arange(len(rings)), sizes)
    polygons = shapely.polygons(shapely.linearrings(coords, indices=which))
    hull_areas = shapely.area(shapely.convex_hull(shapely.multipoints(coords, indices=which)))
    return _Rings(coords, np.cumsum(sizes) - sizes, sizes, polygons, hull_areas)


def crossings_over(xy: np.ndarray, limit: int) -> bool:
    """Do the closed ring's edges cross each other (properly, not at a shared end) more than `limit`
    times? Pairwise with numpy, a block of edges at a time, stopping as soon as the count is passed.

    Edges i (from a_i along d_i) and j cross when the ends of each lie strictly either side of the
    other: with e = d_i × (a_j - a_i), f = d_j × (a_i - a_j) and c = d_i × d_j, the ends of j lie at
    e and e + c from i's line, those of i at f and f - c from j's.
    """
    n = len(xy)
    if n < 4:
        return False
    ax, ay = xy[:, 0], xy[:, 1]
    dx, dy = np.roll(ax, -1) - ax, np.roll(ay, -1) - ay
    j = np.arange(n)
    count = 0
    for start in range(0, n, _BLOCK):
        i = np.arange(start, min(start + _BLOCK, n))[:, None]
        pair = (j > i + 1) & ~((i == 0) & (j == n - 1))  # each pair once, neighbours left out
        ex, ey = ax - ax[i], ay - ay[i]  # a_j - a_i
        e = dx[i] * ey - dy[i] * ex
        f = dy * ex - dx * ey
        c = dx[i] * dy - dy[i] * dx
        count += int(np.count_nonzero(pair & (e * (e + c) < 0) & (f * (f - c) < 0)))
        if count > limit:
            return True
    return False


def _polygonal(geometry: BaseGeometry) -> BaseGeometry:
    """The polygons of a `make_valid` result (which may also hold lines left by collapsed parts)."""
    if isinstance(geometry, Polygon | MultiPolygon):
        return geometry
    parts = [g for g in getattr(geometry, "geoms", ()) if isinstance(g, Polygon | MultiPolygon) and not g.is_empty]
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else shapely.union_all(parts)


def repaired_area(polygon: Polygon, xy: np.ndarray | None = None) -> BaseGeometry:
    """The area of an outline shapely finds invalid (see the module's docstring)."""
    xy = _ring(shapely.get_coordinates(polygon.exterior)) if xy is None else xy
    if _hull_area(xy) < MIN_AREA_MM2:
        return Polygon()
    if crossings_over(xy, REPAIR_CROSSINGS_LIMIT):
        return shapely.convex_hull(polygon)
    return _polygonal(shapely.make_valid(polygon, method="structure", keep_collapsed=False))


def outline_area(points: Sequence[Sequence[float]]) -> BaseGeometry:
    """The area an outline encloses, as a valid shape (possibly empty), in the outline's own frame."""
    return outline_areas([points])[0]


def outline_areas(rings: Sequence[Sequence[Sequence[float]]]) -> np.ndarray:
    """`outline_area` of many outlines, with shapely's array functions for the valid ones."""
    sizes = np.array([len(r) for r in rings], dtype=int)
    coords = np.concatenate([np.asarray(r, dtype=float).reshape(-1, 2) for r in rings]) if rings else np.zeros((0, 2))
    shells = shapely.linearrings(coords, indices=np.repeat(np.arange(len(rings)), sizes))
    polygons = shapely.polygons(shells)
    out = np.empty(len(rings), dtype=object)
    valid = shapely.is_valid(polygons)
    if valid.any():
        out[valid] = shapely.buffer(polygons[valid], 0)
    for k in np.flatnonzero(~valid).tolist():
        out[k] = repaired_area(polygons[k], _ring(rings[k]))
    tiny = np.flatnonzero(valid)[shapely.area(shapely.convex_hull(polygons[valid])) < MIN_AREA_MM2]
    for k in tiny.tolist():
        out[k] = Polygon()
    return out


def outline_flaws(outlines: Sequence[Sequence[Sequence[float]]]) -> list[OutlineFlaw | None]:
    """What makes each outline degenerate, or None: it encloses no area ("no-area"), or two neighbouring
    points are in one place ("double-point"; an explicitly repeated first point at the end is fine)."""
    return _flaws(_rings(outlines))


def outline_crossings(outlines: Sequence[Sequence[Sequence[float]]]) -> list[OutlineFlaw | None]:
    """Where each outline's edges cross ("crosses") or touch ("touches") each other, or None. An
    outline with no area is left to `outline_flaws`."""
    return _crossings(_rings(outlines))


def outline_report(outlines: Sequence[Sequence[Sequence[float]]]
                   ) -> list[tuple[OutlineFlaw | None, OutlineFlaw | None]]:
    """(`outline_flaws`, `outline_crossings`) of each outline, working the outlines out once."""
    rings = _rings(outlines)
    return list(zip(_flaws(rings), _crossings(rings), strict=True))


def _flaws(rings: _Rings) -> list[OutlineFlaw | None]:
    coords, starts, sizes = rings.coords, rings.starts, rings.sizes
    following = np.arange(1, len(coords) + 1)
    following[starts + sizes - 1] = starts  # each ring's last point is followed by its first
    doubled = np.flatnonzero((coords == coords[following]).all(axis=1))
    first_doubled: dict[int, int] = {}
    for ring, at in zip((np.searchsorted(starts, doubled, side="right") - 1).tolist(), doubled.tolist(), strict=True):
        first_doubled.setdefault(ring, at)
    out: list[OutlineFlaw | None] = []
    for k, (start, size) in enumerate(zip(starts.tolist(), sizes.tolist(), strict=True)):
        if rings.hull_areas[k] < MIN_AREA_MM2:
            xy = coords[start:start + size]
            out.append(OutlineFlaw("no-area", (float(xy[:, 0].mean()), float(xy[:, 1].mean()))))
        elif k in first_doubled:
            at = first_doubled[k]
            point = (float(coords[at, 0]), float(coords[at, 1]))
            out.append(OutlineFlaw("double-point", point, (at - start, (at - start + 1) % size)))
        else:
            out.append(None)
    return out


def _crossings(rings: _Rings) -> list[OutlineFlaw | None]:
    out: list[OutlineFlaw | None] = [None] * len(rings.sizes)
    invalid = ~shapely.is_valid(rings.polygons) & (rings.hull_areas >= MIN_AREA_MM2)
    for k in np.flatnonzero(invalid).tolist():
        reason = shapely.is_valid_reason(rings.polygons[k])
        where = _WHERE.search(reason)
        start = rings.starts[k]
        point = ((float(where.group(1)), float(where.group(2))) if where
                 else (float(rings.coords[start, 0]), float(rings.coords[start, 1])))
        out[k] = OutlineFlaw("touches" if reason.startswith("Ring Self-intersection") else "crosses", point)
    return out


def outline_flaw(points: Sequence[Sequence[float]]) -> OutlineFlaw | None:
    """`outline_flaws` of one outline."""
    return outline_flaws([points])[0]


def outline_crossing(points: Sequence[Sequence[float]]) -> OutlineFlaw | None:
    """`outline_crossings` of one outline."""
    return outline_crossings([points])[0]
