"""The track surface as shapely geometry: the smooth centerline buffered by half the track width.

`track_defect` says when a centerline makes no track at all (its points in one place, a closed track with
fewer than three distinct points or all on one line, a curve shorter than MIN_LENGTH_MM), `track_flaw` says
it in English words (the checks say it in the user's language: `designer.geometry.checks.shapes`), and
`is_degenerate` tests a whole document (its scenery outlines too) without the checks engine. Such a
track still has a centerline and a surface (a disc where a curve of no length stands), so that the editor
can draw it for the user to fix, but nothing measured along it means anything.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal, NamedTuple

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from designer.geometry.curve import distinct_points, smooth_curve
from designer.geometry.route import route_of
from designer.model.elements import Scenery
from designer.model.track import TrackDocument, TrackSurface

#: A centerline shorter than this (mm) makes no track.
MIN_LENGTH_MM = 1.0
#: Control points closer than this (mm) to one line through them are on that line.
LINE_TOLERANCE_MM = 1e-6


def centerline_points(track: TrackSurface, spacing_mm: float = 10.0) -> list[tuple[float, float]]:
    return smooth_curve(track.centerline, track.closed, spacing_mm)


def centerline(track: TrackSurface) -> LineString:
    """The centerline as a line (of no length, from its one point to itself, when all points coincide)."""
    return _line(track.centerline, track.closed)


def _line(points: Sequence[Sequence[float]], closed: bool) -> LineString:
    drawn = smooth_curve(points, closed, 10.0)
    return LineString(drawn if len(drawn) > 1 else drawn * 2)


def surface(track: TrackSurface) -> BaseGeometry:
    """The drivable area (a Polygon, or a MultiPolygon in odd cases); a figure-8 unions its crossing. Made once
    for the same centerline, closure and width (a track's print asks for it four times, for its ink, its
    kerbs, its edges and its fill): shapely's shapes cannot be changed, so every caller may have the same one —
    on its own thread. A query with a predicate prepares a shape in place, and GEOS prepares it and builds its
    indexes at first use without a lock, so two threads must not share one (the print dialog's worker and a
    preview built on the main thread at once crashed the process)."""
    points = tuple(track.centerline)
    return _surface(points, track.closed, track.width_mm, repr((points, track.width_mm)), threading.get_ident())


@lru_cache(maxsize=16)
def _surface(points: tuple[tuple[float, float], ...], closed: bool, width_mm: float, _exact: str,
             _thread: int) -> BaseGeometry:
    """`surface`'s shape; `_exact` (the numbers' repr) keeps apart what compares equal but is written apart (-0.0),
    `_thread` the shapes of different threads."""
    line = _line(list(points), closed)
    cap = "round" if not closed or line.length == 0 else "flat"
    geometry = line.buffer(width_mm / 2.0, quad_segs=16, cap_style=cap, join_style="round")
    return geometry if geometry.is_valid else geometry.buffer(0)


def edge_rings(track: TrackSurface) -> list[LineString]:
    """The outer and inner edges (walls/kerbs) of the surface, for drawing."""
    geometry = surface(track)
    polygons = [geometry] if isinstance(geometry, Polygon) else list(getattr(geometry, "geoms", []))
    rings: list[LineString] = []
    for polygon in polygons:
        if polygon.is_empty:
            continue
        rings.append(LineString(polygon.exterior.coords))
        rings.extend(LineString(interior.coords) for interior in polygon.interiors)
    return rings


def _on_one_line(points: list[tuple[float, float]]) -> bool:
    first = points[0]
    far = max(points, key=lambda p: math.dist(first, p))
    length = math.dist(first, far)
    if length == 0:
        return True
    ux, uy = (far[0] - first[0]) / length, (far[1] - first[1]) / length
    return all(abs((x - first[0]) * uy - (y - first[1]) * ux) <= LINE_TOLERANCE_MM for x, y in points)


class TrackDefect(NamedTuple):
    """Why a centerline makes no track: `kind`, and for a "too-short" curve its `length_mm`."""

    kind: Literal["one-place", "two-points", "on-one-line", "too-short"]
    length_mm: float = 0.0


def track_defect(track: TrackSurface) -> TrackDefect | None:
    """Why the centerline makes no track; None when it makes one."""
    points = distinct_points(track.centerline, track.closed)
    if len(points) < 2:
        return TrackDefect("one-place")
    if track.closed and len(points) < 3:
        return TrackDefect("two-points")
    if track.closed and _on_one_line(points):
        return TrackDefect("on-one-line")
    length = route_of(track).length
    if length < MIN_LENGTH_MM:
        return TrackDefect("too-short", length)
    return None


def is_degenerate(document: TrackDocument) -> bool:
    """Is the document's geometry degenerate (its track, or a scenery outline)? The cheap test a print runs
    before anything else; `checks.shapes.degenerate_reasons` says why, in words, only when it is."""
    from designer.geometry.outline import outline_flaws

    if document.track is not None and track_defect(document.track) is not None:
        return True
    outlines = [e.polygon for e in document.elements if isinstance(e, Scenery)]
    return bool(outlines) and any(flaw is not None for flaw in outline_flaws(outlines))


def track_flaw(track: TrackSurface) -> str | None:
    """Why the centerline makes no track, in English words, as the end of a sentence starting "The track …"
    (for logs and tests; messages say it with `checks.shapes.flaw_sentence`); None when it makes one."""
    defect = track_defect(track)
    if defect is None:
        return None
    if defect.kind == "too-short":
        return f"has a centerline only {defect.length_mm:.2g} mm long"
    return {"one-place": "has all its centerline points in one place",
            "two-points": "is closed but has only 2 distinct centerline points: a loop needs at least 3",
            "on-one-line": "is closed but its centerline points all lie on one line: the loop encloses nothing",
            }[defect.kind]
