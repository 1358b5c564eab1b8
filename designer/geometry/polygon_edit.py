"""Editing a scenery outline vertex by vertex: move, insert on an edge, delete — pure functions, no Qt.

A scenery polygon is stored relative to its element, before rotation: a vertex `p` stands on the table
at `(x, y) + R(rotation) · p`, with R turning clockwise on screen (y down), as the canvas draws it. The
tools work in table (scene) millimetres, so every edit that takes a pointer position maps it back into
the element's own frame first (`to_local`).

Every edit returns a new, validated element (elements are frozen) or raises `OutlineError`, a
ValueError with a one-line reason for the status bar. An outline must keep at least `MIN_VERTICES`
distinct points, at most the model's `MAX_POLYGON_POINTS`, and stay a valid shapely polygon: no edge
may cross another, no two neighbouring vertices may coincide and it must enclose some area. An outline
that is already invalid (drawn by hand in the file) may still be edited, so it can be repaired a vertex
at a time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import ValidationError
from shapely import is_valid_reason
from shapely.geometry import Polygon

from designer.geometry.outline import outline_flaw
from designer.i18n import _, ngettext
from designer.model.base import COORD_LIMIT_MM
from designer.model.elements import MAX_POLYGON_POINTS, Scenery

Pt = tuple[float, float]

MIN_VERTICES = 3
#: A new vertex closer than this (mm) to an existing one would only double it.
MIN_GAP_MM = 1.0
#: Local coordinates are rounded to this many decimals (a micrometre is far below any print).
DECIMALS = 6


class OutlineError(ValueError):
    """An edit that would leave the outline unusable; the message is one line for the status bar."""


@dataclass(frozen=True)
class Insertion:
    """Where a new vertex goes: before `index` (after vertex `index - 1`), at local `point`."""

    index: int
    point: Pt
    distance_mm: float


# --- frames --------------------------------------------------------------------------------------
def _turn(rotation_deg: float) -> tuple[float, float]:
    radians = math.radians(rotation_deg)
    return math.cos(radians), math.sin(radians)


def to_scene(element: Scenery, local: Sequence[float]) -> Pt:
    """A point of the element's own frame on the table."""
    cos, sin = _turn(element.rotation_deg)
    x, y = float(local[0]), float(local[1])
    return element.x_mm + x * cos - y * sin, element.y_mm + x * sin + y * cos


def to_local(element: Scenery, scene: Sequence[float]) -> Pt:
    """A table point in the element's own frame (the inverse of `to_scene`), rounded to `DECIMALS`."""
    cos, sin = _turn(element.rotation_deg)
    dx, dy = float(scene[0]) - element.x_mm, float(scene[1]) - element.y_mm
    return _tidy(dx * cos + dy * sin), _tidy(-dx * sin + dy * cos)


def _tidy(value: float) -> float:
    value = round(value, DECIMALS)
    return 0.0 if value == 0 else value


def scene_vertices(element: Scenery) -> list[Pt]:
    """The outline's vertices where they stand on the table, in order."""
    return [to_scene(element, p) for p in element.polygon]


# --- validity ------------------------------------------------------------------------------------
def outline_problem(points: Sequence[Sequence[float]]) -> str | None:
    """Why `points` cannot be a scenery outline, in a few words; None when they can."""
    if len(points) < MIN_VERTICES or len({(p[0], p[1]) for p in points}) < MIN_VERTICES:
        return ngettext("an outline needs at least {n} distinct vertex",
                        "an outline needs at least {n} distinct vertices", MIN_VERTICES).format(n=MIN_VERTICES)
    if len(points) > MAX_POLYGON_POINTS:
        return _too_many()
    if any(abs(c) > COORD_LIMIT_MM for p in points for c in p):
        return _("the vertex would be too far from the element")
    flaw = outline_flaw(points)  # what the checks call a degenerate outline
    if flaw is not None and flaw.kind == "no-area":
        return _("the outline would have no area")
    if flaw is not None:
        return _("two neighbouring vertices would be in the same place")
    polygon = Polygon(points)
    if not polygon.is_valid:
        reason = is_valid_reason(polygon)
        if reason.startswith("Ring Self-intersection"):
            return _("the outline would touch itself")
        if reason.startswith("Self-intersection"):
            return _("the outline would cross itself")
        # shapely's own reason stays English
        return _("the outline would not be a valid shape ({reason})").format(
            reason=reason.split("[")[0].strip().lower())
    return None


def _too_many() -> str:
    return ngettext("an outline has at most {n} vertex", "an outline has at most {n} vertices",
                    MAX_POLYGON_POINTS).format(n=MAX_POLYGON_POINTS)


def _checked(element: Scenery, points: list[Pt]) -> Scenery:
    """`element` with outline `points`, or OutlineError when they would spoil a valid outline."""
    problem = outline_problem(points)
    if problem is not None and outline_problem(element.polygon) is None:
        raise OutlineError(problem)
    try:
        return Scenery.model_validate({**element.model_dump(), "polygon": points})
    except ValidationError as exc:
        raise OutlineError(exc.errors()[0]["msg"]) from None


def _index(element: Scenery, index: int) -> int:
    count = len(element.polygon)
    if not 0 <= index < count:
        raise IndexError(_("vertex {index} does not exist (the outline has {count})").format(index=index, count=count))
    return index


# --- edits ---------------------------------------------------------------------------------------
def move_vertex(element: Scenery, index: int, scene_point: Sequence[float]) -> Scenery:
    """The element with vertex `index` moved to `scene_point` (table mm, after snapping if any)."""
    points = list(element.polygon)
    points[_index(element, index)] = to_local(element, scene_point)
    return _checked(element, points)


def nearest_edge(points: Sequence[Sequence[float]], click: Sequence[float], max_distance_mm: float | None = None,
                 min_gap_mm: float = MIN_GAP_MM) -> Insertion | None:
    """The foot of `click` on the nearest edge of the closed outline `points` (same frame as `click`).

    None when no edge is within `max_distance_mm`, or when the foot falls within `min_gap_mm` of a vertex.
    """
    best: Insertion | None = None
    count = len(points)
    for i in range(count):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % count]
        ex, ey = bx - ax, by - ay
        length2 = ex * ex + ey * ey
        if length2 == 0:
            continue
        t = min(1.0, max(0.0, ((click[0] - ax) * ex + (click[1] - ay) * ey) / length2))
        foot = (ax + t * ex, ay + t * ey)
        distance = math.dist(foot, click)
        if best is None or distance < best.distance_mm:
            best = Insertion(i + 1, (_tidy(foot[0]), _tidy(foot[1])), distance)
    if best is None or (max_distance_mm is not None and best.distance_mm > max_distance_mm):
        return None
    a, b = points[best.index - 1], points[best.index % count]
    if math.dist(best.point, a) < min_gap_mm or math.dist(best.point, b) < min_gap_mm:
        return None
    return best


def insert_vertex(element: Scenery, scene_point: Sequence[float],
                  max_distance_mm: float | None = None) -> tuple[Scenery, int] | None:
    """A vertex on the edge nearest `scene_point`: (the new element, the new vertex's index), or None
    when no edge is close enough (see `nearest_edge`). OutlineError when the outline is full."""
    at = nearest_edge(element.polygon, to_local(element, scene_point), max_distance_mm)
    if at is None:
        return None
    if len(element.polygon) >= MAX_POLYGON_POINTS:
        raise OutlineError(_too_many())
    points = list(element.polygon)
    points.insert(at.index, at.point)
    return _checked(element, points), at.index


def delete_vertex(element: Scenery, index: int) -> Scenery:
    """The element without vertex `index`; refuses (OutlineError) to go below `MIN_VERTICES`."""
    points = list(element.polygon)
    del points[_index(element, index)]
    if len(points) < MIN_VERTICES:
        raise OutlineError(ngettext("an outline needs at least {n} vertex", "an outline needs at least {n} vertices",
                                    MIN_VERTICES).format(n=MIN_VERTICES))
    return _checked(element, points)
