"""The track surface as shapely geometry: the smooth centerline buffered by half the track width."""

from __future__ import annotations

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from designer.geometry.curve import smooth_curve
from designer.model.track import TrackSurface


def centerline_points(track: TrackSurface, spacing_mm: float = 10.0) -> list[tuple[float, float]]:
    return smooth_curve(track.centerline, track.closed, spacing_mm)


def centerline(track: TrackSurface) -> LineString:
    return LineString(centerline_points(track))


def surface(track: TrackSurface) -> BaseGeometry:
    """The drivable area (a Polygon, or a MultiPolygon in odd cases); a figure-8 unions its crossing."""
    cap = "round" if not track.closed else "flat"
    geometry = centerline(track).buffer(track.width_mm / 2.0, quad_segs=16, cap_style=cap, join_style="round")
    return geometry if geometry.is_valid else geometry.buffer(0)


def edge_rings(track: TrackSurface) -> list[LineString]:
    """The outer and inner edges (walls/kerbs) of the surface, for drawing."""
    geometry = surface(track)
    polygons = [geometry] if isinstance(geometry, Polygon) else list(getattr(geometry, "geoms", []))
    rings: list[LineString] = []
    for polygon in polygons:
        rings.append(LineString(polygon.exterior.coords))
        rings.extend(LineString(interior.coords) for interior in polygon.interiors)
    return rings
