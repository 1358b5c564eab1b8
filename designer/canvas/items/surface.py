"""The track surface: tarmac filling the buffered centerline, red/white kerbs on its edges, a faint centre dash.

Geometry comes from `designer.geometry.track`; this item only turns shapely shapes into painter paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from designer.canvas import style
from designer.geometry.track import centerline_points, edge_rings, surface
from designer.model.track import TrackSurface

KERB_MM = 7.0


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


class TrackSurfaceItem(QGraphicsItem):
    """The drivable area of a track; re-synced with `set_track`."""

    def __init__(self, track: TrackSurface) -> None:
        super().__init__()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # a big path: paint it once per zoom
        self._track = track
        self._surface = QPainterPath()
        self._edges: list[QPainterPath] = []
        self._centerline = QPainterPath()
        self._bounds = QRectF()
        self.set_track(track)

    @property
    def track(self) -> TrackSurface:
        return self._track

    def surface_path(self) -> QPainterPath:
        return self._surface

    def set_track(self, track: TrackSurface) -> None:
        self.prepareGeometryChange()
        self._track = track
        self._surface = geometry_path(surface(track))
        self._edges = [_polyline(ring.coords) for ring in edge_rings(track)]
        self._centerline = _polyline(centerline_points(track), close=track.closed)
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
        for edge in self._edges:
            painter.setPen(white)
            painter.drawPath(edge)
            painter.setPen(red)
            painter.drawPath(edge)
