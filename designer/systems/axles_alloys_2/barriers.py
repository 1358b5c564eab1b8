"""Barriers along the drawn track (Track ▸ Barriers Along Track, and the race generator), pure (no Qt).

A closed track gets a barrier along every edge of its drivable surface: the outer ring and each inner one
(at a figure-8's crossover the surface is one shape, so each road stays open to the other and the barriers
run round the crossing); an open course gets one along each side, its ends left open for the start and the
finish. A long edge is laid as several barriers end to end (`BARRIER_POINTS` each), thinned out to within
`BARRIER_TOLERANCE_MM` of the edge.

The barriers this lays carry ids `EDGE_PREFIX-N`, so laying them again (after the track was reshaped)
replaces exactly those and keeps every barrier drawn by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from shapely.geometry import LineString

from designer.geometry.track import centerline, edge_rings
from designer.model.edit import unique_id
from designer.model.track import TrackSurface
from designer.systems.axles_alloys_2.elements import BARRIER, Barrier

#: A barrier polyline holds at most this many points (a long edge is laid as several barriers end to end).
BARRIER_POINTS = 200
#: How far (mm) a barrier may stray from the surface's edge when its ring is thinned out.
BARRIER_TOLERANCE_MM = 0.3
#: The id prefix of the barriers laid along the track.
EDGE_PREFIX = "edge-barrier"


def edges(track: TrackSurface) -> list[LineString]:
    """The lines the barriers follow: the surface's rings (closed), or its two sides (open)."""
    if track.closed:
        return edge_rings(track)
    line = centerline(track)
    half = track.width_mm / 2.0
    sides = [line.offset_curve(half, join_style="round"), line.offset_curve(-half, join_style="round")]
    return [side for side in sides if isinstance(side, LineString) and not side.is_empty]


def edge_barriers(track: TrackSurface, taken: Iterable[str] = (), prefix: str = EDGE_PREFIX) -> list[Barrier]:
    """Barriers along both edges of `track`, with ids `prefix-N` that none of `taken` has."""
    used = set(taken)
    out: list[Barrier] = []
    for edge in edges(track):
        points = list(edge.simplify(BARRIER_TOLERANCE_MM).coords)
        step = BARRIER_POINTS - 1
        for first in range(0, len(points) - 1, step):
            chunk = points[first:first + step + 1]
            if len(chunk) < 2:
                continue
            x0, y0 = round(chunk[0][0], 2), round(chunk[0][1], 2)
            relative = [(round(x - x0, 2), round(y - y0, 2)) for x, y in chunk]
            if len(set(relative)) < 2:
                continue
            element_id = unique_id(prefix, used)
            used.add(element_id)
            out.append(Barrier(id=element_id, x_mm=x0, y_mm=y0, points=relative))
    return out


def is_edge_barrier(element: Any) -> bool:
    """A barrier laid along the track (not one drawn by hand)."""
    return getattr(element, "kind", None) == BARRIER and str(getattr(element, "id", "")).startswith(EDGE_PREFIX + "-")


def barriers_along(track: TrackSurface, elements: Sequence[Any]) -> tuple[list[str], list[Barrier]]:
    """(ids of the barriers laid along the track before, to remove; the new ones) for Barriers Along Track."""
    old = [e.id for e in elements if is_edge_barrier(e)]
    keep = [e.id for e in elements if not is_edge_barrier(e)]
    return old, edge_barriers(track, keep)
