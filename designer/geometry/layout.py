"""Editing the route and whole-layout transforms: control-point edits, reverse, mirror, rotate.

Pure functions that return new values (frozen models are never changed in place), so a command can keep
the old and the new value for undo. A transform returns `(new track, new elements)`; `track` may be None
(a document without a track surface). Conventions: mm, y down, rotation clockwise from +x.

- Reverse flips the direction of travel: the centerline's point order is reversed (a closed track keeps
  its first point, so distances become `lap - d`), elements whose rotation follows travel
  (`TRAVEL_KINDS`) turn by 180° and the gate orders run backwards. Applying it twice is the identity.
- Mirror `"horizontal"` flips left↔right (x → table width − x); `"vertical"` flips top↔bottom
  (y → table height − y). Every position, rotation and scenery polygon is mirrored exactly, so
  footprints are the mirror images of the old ones. Twice is the identity.
- Rotate turns the layout clockwise (on screen) about a point. Scenery polygons are stored relative to
  their element before rotation, so only the element's rotation changes. Multiples of 90° are exact.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal

from designer.i18n import _
from designer.model.edit import normalize_angle, placed
from designer.model.elements import Element
from designer.model.track import MAX_CENTERLINE_POINTS, Table, TrackDocument, TrackSurface

Pt = tuple[float, float]
Axis = Literal["horizontal", "vertical"]

#: Kinds whose rotation is the direction of travel: they turn round with the track.
TRAVEL_KINDS = frozenset({"start_finish", "gate", "item_box", "coin", "boost_pad", "dash_panel", "ramp"})


def surface_of(track: TrackSurface | TrackDocument) -> TrackSurface:
    """The track surface of a surface or a document (ValueError when the document has none)."""
    if isinstance(track, TrackSurface):
        return track
    surface = getattr(track, "track", None)
    if not isinstance(surface, TrackSurface):
        raise ValueError(_("the document has no track surface"))
    return surface


def _with_centerline(surface: TrackSurface, points: Sequence[Pt]) -> TrackSurface:
    """A validated copy with new control points (pydantic ValidationError, a ValueError, when invalid)."""
    return TrackSurface.model_validate({**surface.model_dump(), "centerline": [tuple(p) for p in points]})


# --- control points ------------------------------------------------------------------------------
def min_points(track: TrackSurface | TrackDocument) -> int:
    """The fewest control points the track may have: 3 when closed, 2 when open."""
    return 3 if surface_of(track).closed else 2


def _check_index(surface: TrackSurface, index: int) -> int:
    count = len(surface.centerline)
    if not -count <= index < count:
        raise IndexError(_("control point {index} does not exist (the track has {count})").format(index=index,
                                                                                                  count=count))
    return index % count


def with_point_inserted(track: TrackSurface | TrackDocument, index: int, point: Sequence[float]) -> TrackSurface:
    """The track with a control point inserted before `index` (see `route.insert_point`)."""
    surface = surface_of(track)
    count = len(surface.centerline)
    if not 0 <= index <= count:
        raise IndexError(_("cannot insert at {index} (the track has {count} points)").format(index=index, count=count))
    if count >= MAX_CENTERLINE_POINTS:
        raise ValueError(_("a track has at most {n} control points").format(n=MAX_CENTERLINE_POINTS))
    points = list(surface.centerline)
    points.insert(index, (float(point[0]), float(point[1])))
    return _with_centerline(surface, points)


def delete_point(track: TrackSurface | TrackDocument, index: int) -> TrackSurface:
    """The track without control point `index`; refuses (ValueError) to go below `min_points`."""
    surface = surface_of(track)
    index = _check_index(surface, index)
    if len(surface.centerline) <= min_points(surface):
        message = (_("a closed track needs at least {n} control points") if surface.closed
                   else _("an open track needs at least {n} control points"))
        raise ValueError(message.format(n=min_points(surface)))
    points = list(surface.centerline)
    del points[index]
    return _with_centerline(surface, points)


def move_point(track: TrackSurface | TrackDocument, index: int, xy: Sequence[float]) -> TrackSurface:
    """The track with control point `index` moved to `xy`."""
    surface = surface_of(track)
    index = _check_index(surface, index)
    points = list(surface.centerline)
    points[index] = (float(xy[0]), float(xy[1]))
    return _with_centerline(surface, points)


# --- reverse -------------------------------------------------------------------------------------
def reversed_rotation(rotation_deg: float) -> float:
    """The rotation of an element that follows travel once the track runs the other way (+180°)."""
    return normalize_angle(rotation_deg + 180.0)


def reverse_track(track: TrackSurface | TrackDocument) -> TrackSurface:
    """The same surface driven the other way (a closed track keeps its first control point)."""
    surface = surface_of(track)
    points = list(surface.centerline)
    points = [points[0], *points[:0:-1]] if surface.closed else points[::-1]
    return _with_centerline(surface, points)


def reverse_elements(elements: Iterable[Element]) -> list[Element]:
    """Travel-following elements turned round, and gate orders run backwards (1..n → n..1)."""
    elements = list(elements)
    orders = sorted({e.order for e in elements if e.kind == "gate"})
    flipped = dict(zip(orders, reversed(orders), strict=True))
    out: list[Element] = []
    for element in elements:
        if element.kind in TRAVEL_KINDS:
            element = placed(element, element.x_mm, element.y_mm, reversed_rotation(element.rotation_deg))
        if element.kind == "gate":
            element = element.model_copy(update={"order": flipped[element.order]})
        out.append(element)
    return out


def reverse_layout(track: TrackSurface | None,
                   elements: Iterable[Element]) -> tuple[TrackSurface | None, list[Element]]:
    return (reverse_track(track) if track is not None else None), reverse_elements(elements)


# --- mirror --------------------------------------------------------------------------------------
def _mirror_xy(x: float, y: float, axis: Axis, table: Table) -> Pt:
    if axis == "horizontal":
        return table.width_mm - x, y
    if axis == "vertical":
        return x, table.height_mm - y
    raise ValueError(f"axis must be 'horizontal' or 'vertical', not {axis!r}")


def mirror_track(track: TrackSurface | TrackDocument, axis: Axis, table: Table) -> TrackSurface:
    """The surface mirrored across the table's middle (the point order, so travel, follows the mirror)."""
    surface = surface_of(track)
    return _with_centerline(surface, [_mirror_xy(x, y, axis, table) for x, y in surface.centerline])


def mirror_elements(elements: Iterable[Element], axis: Axis, table: Table) -> list[Element]:
    """Elements mirrored: position across the table's middle line, heading reflected, polygons flipped.

    A reflection M satisfies M·R(r) = R(r')·F with F the local flip (px, py) → (px, −py) and
    r' = 180° − r (horizontal) or −r (vertical); so each scenery polygon flips across its own x axis.
    """
    out: list[Element] = []
    for element in elements:
        x, y = _mirror_xy(element.x_mm, element.y_mm, axis, table)
        rotation = 180.0 - element.rotation_deg if axis == "horizontal" else -element.rotation_deg
        moved = placed(element, x, y, rotation)
        if element.kind == "scenery":
            moved = moved.model_copy(update={"polygon": [(px, -py if py else 0.0) for px, py in element.polygon]})
        out.append(moved)
    return out


def mirror_layout(track: TrackSurface | None, elements: Iterable[Element], axis: Axis,
                  table: Table) -> tuple[TrackSurface | None, list[Element]]:
    new_track = mirror_track(track, axis, table) if track is not None else None
    return new_track, mirror_elements(elements, axis, table)


# --- rotate --------------------------------------------------------------------------------------
def _cos_sin(degrees: float) -> Pt:
    """cos and sin, exact for multiples of 90° (so a quarter turn keeps round numbers round)."""
    quarter, rest = divmod(degrees, 90.0)
    if abs(rest) < 1e-12:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[int(quarter) % 4]
    radians = math.radians(degrees)
    return math.cos(radians), math.sin(radians)


def rotate_point(point: Sequence[float], degrees: float, about: Sequence[float]) -> Pt:
    """A point turned clockwise on screen (y down) by `degrees` about `about`."""
    c, s = _cos_sin(degrees)
    dx, dy = point[0] - about[0], point[1] - about[1]
    return about[0] + c * dx - s * dy, about[1] + s * dx + c * dy


def rotate_layout(track: TrackSurface | None, elements: Iterable[Element], degrees: float,
                  about: Sequence[float]) -> tuple[TrackSurface | None, list[Element]]:
    """Track and elements turned clockwise by `degrees` about `about` (each element's heading turns too)."""
    new_track = None
    if track is not None:
        surface = surface_of(track)
        new_track = _with_centerline(surface, [rotate_point(p, degrees, about) for p in surface.centerline])
    out = []
    for element in elements:
        x, y = rotate_point((element.x_mm, element.y_mm), degrees, about)
        out.append(placed(element, x, y, element.rotation_deg + degrees))
    return new_track, out
