"""The track surface: tarmac filling the buffered centerline, red/white kerbs on its edges, a faint centre dash.

Where the centerline crosses itself (a figure-8), the later pass is drawn as a bridge over the earlier one:
a short deck of its tarmac, with its kerbs running on across the crossing and a shadow along each side,
so a player sees which way is over.

Geometry comes from `designer.geometry.track` and `designer.geometry.route`; this item only turns shapely
shapes into painter paths.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from designer.canvas import style
from designer.geometry.route import Crossing, crossings, route_of
from designer.geometry.track import centerline_points, edge_rings, surface
from designer.model.track import TrackSurface

KERB_MM = 7.0
#: The bridge deck runs this far past the earlier pass's edges, each way (mm).
DECK_OVERHANG_MM = 25.0
BRIDGE_SHADOW = QColor(0, 0, 0, 90)


def _polyline(points: Iterable[Sequence[float]], close: bool = False) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y, *_ in points]))
    if close:
        path.closeSubpath()
    return path


def geometry_path(geometry: BaseGeometry) -> QPainterPath:
    """A fillable path for a Polygon or MultiPolygon, holes included (odd-even fill)."""
    polygons = [geometry] if isinstance(geometry, Polygon) else list(getattr(geometry, "geoms", []))
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for polygon in polygons:
        if not isinstance(polygon, Polygon) or polygon.is_empty:
            continue
        path.addPath(_polyline(polygon.exterior.coords, close=True))
        for interior in polygon.interiors:
            path.addPath(_polyline(interior.coords, close=True))
    return path


class Crossover(NamedTuple):
    """The drawing of one crossing: the later pass's deck (tarmac), its centre line and its two edges."""

    crossing: Crossing
    deck: QPainterPath
    centre: QPainterPath
    edges: list[QPainterPath]


def crossover(track: TrackSurface, crossing: Crossing) -> Crossover | None:
    """The bridge of the later pass over the earlier one at `crossing` (None when it cannot be drawn)."""
    route = route_of(track)
    half = track.width_mm / 2.0
    sine = math.sin(math.radians(max(crossing.angle_deg, 20.0)))
    reach = min(half / sine + DECK_OVERHANG_MM, route.length / 4.0)
    later = crossing.distances_mm[1]
    steps = max(8, int(2 * reach / 5.0))
    points = [route.position(later - reach + 2 * reach * i / steps) for i in range(steps + 1)]
    line = LineString(points)
    if line.length <= 0:
        return None
    deck = line.buffer(half, cap_style="flat", join_style="round")
    edges = [line.offset_curve(side * half, join_style="round") for side in (1, -1)]
    edge_paths = [_polyline(e.coords) for e in edges if isinstance(e, LineString) and not e.is_empty]
    return Crossover(crossing, geometry_path(deck), _polyline(points), edge_paths)


class TrackSurfaceItem(QGraphicsItem):
    """The drivable area of a track; re-synced with `set_track`."""

    def __init__(self, track: TrackSurface) -> None:
        super().__init__()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # a big path: paint it once per zoom
        self._track = track
        self._surface = QPainterPath()
        self._edges: list[QPainterPath] = []
        self._centerline = QPainterPath()
        self._crossovers: list[Crossover] = []
        self._bounds = QRectF()
        self.set_track(track)

    @property
    def track(self) -> TrackSurface:
        return self._track

    def surface_path(self) -> QPainterPath:
        return self._surface

    def crossings(self) -> list[Crossing]:
        """The places where the track passes over itself, drawn as bridges (later pass on top)."""
        return [c.crossing for c in self._crossovers]

    def set_track(self, track: TrackSurface) -> None:
        self.prepareGeometryChange()
        self._track = track
        self._surface = geometry_path(surface(track))
        self._edges = [_polyline(ring.coords) for ring in edge_rings(track)]
        self._centerline = _polyline(centerline_points(track), close=track.closed)
        self._crossovers = [c for c in (crossover(track, x) for x in _safe_crossings(track)) if c is not None]
        self._bounds = self._surface.boundingRect().adjusted(-KERB_MM, -KERB_MM, KERB_MM, KERB_MM)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._surface

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.TARMAC)
        painter.drawPath(self._surface)

        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.pen(style.CENTERLINE, style.stroke(painter, 1.5), Qt.PenStyle.CustomDashLine,
                                 Qt.PenCapStyle.FlatCap))
        centre_pen = painter.pen()
        width = centre_pen.widthF()
        centre_pen.setDashPattern([20.0 / width, 20.0 / width])  # 20 mm dashes, in pen widths
        painter.setPen(centre_pen)
        painter.drawPath(self._centerline)

        kerb = style.stroke(painter, KERB_MM, 2.0)
        white = style.pen(style.KERB_WHITE, kerb, cap=Qt.PenCapStyle.FlatCap)
        red = style.pen(style.KERB_RED, kerb, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        block = max(16.0, 6.0 / style.pixels(painter))  # kerb blocks 16 mm long, never a blur of pixels
        red.setDashPattern([block / kerb, block / kerb])
        self._paint_kerbs(painter, self._edges, white, red)

        for bridge in self._crossovers:  # the later pass over the earlier one
            painter.save()
            painter.setClipPath(self._surface, Qt.ClipOperation.IntersectClip)  # shadows fall on tarmac only
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.pen(BRIDGE_SHADOW, kerb * 3.0, cap=Qt.PenCapStyle.FlatCap))
            for edge in bridge.edges:
                painter.drawPath(edge)
            painter.restore()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.TARMAC)
            painter.drawPath(bridge.deck)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(centre_pen)
            painter.drawPath(bridge.centre)
            self._paint_kerbs(painter, bridge.edges, white, red)

    @staticmethod
    def _paint_kerbs(painter: QPainter, edges: list[QPainterPath], white, red) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for edge in edges:
            painter.setPen(white)
            painter.drawPath(edge)
            painter.setPen(red)
            painter.drawPath(edge)


def _safe_crossings(track: TrackSurface) -> list[Crossing]:
    """`crossings(track)`, or none for a track too short to have a route."""
    if len(track.centerline) < 2:
        return []
    try:
        return crossings(track)
    except (ValueError, IndexError):
        return []
