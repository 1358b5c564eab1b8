"""Scenery polygons: solid obstacles (dark, hatched) and decorative areas (translucent green, dashed), labelled.

The polygon's points are relative to the element's position, before rotation, so they are the item's
local coordinates as they stand. The label sits at the polygon's pole of inaccessibility, which is
inside the shape even when it is concave.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF

from designer.canvas import style
from designer.canvas.items.base import ElementItem
from designer.geometry.labels import label_point
from designer.model.elements import Scenery

SOLID_FILL = QColor("#5b5048")
SOLID_HATCH = QColor(255, 255, 255, 45)
SOLID_EDGE = QColor("#241f1b")
DECOR_FILL = QColor(124, 200, 110, 110)
DECOR_EDGE = QColor("#3c8a36")
DECOR_TEXT = QColor("#1f4d1b")

HATCH_MM = 8.0


class SceneryItem(ElementItem[Scenery]):
    kind = "scenery"
    cached_picture = True
    _label_at: QPointF = QPointF()

    def body_path(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.element.polygon]))
        path.closeSubpath()
        path.setFillRule(Qt.FillRule.WindingFill)
        self._label_at = QPointF(*label_point(self.element.polygon)) if self.element.label else QPointF()
        return path

    def decoration_bounds(self) -> QRectF:
        return self.label_bounds(self.element.label, QPointF(), style.LABEL_MM).translated(self._label_at)

    def draw(self, painter: QPainter) -> None:
        path = self.body()
        if self.element.solid:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(SOLID_FILL)
            painter.drawPath(path)
            self._hatch(painter, path)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.pen(SOLID_EDGE, style.stroke(painter, 1.2)))
            painter.drawPath(path)
            text_colour, halo = QColor(Qt.GlobalColor.white), style.with_alpha(SOLID_EDGE, 220)
        else:
            painter.setBrush(DECOR_FILL)
            painter.setPen(style.pen(DECOR_EDGE, style.stroke(painter, 1.0), Qt.PenStyle.DashLine,
                                     Qt.PenCapStyle.FlatCap))
            painter.drawPath(path)
            text_colour, halo = DECOR_TEXT, style.HALO
        if self.element.label:
            with self.upright(painter, self._label_at):
                style.draw_text(painter, self.element.label, QPointF(), style.LABEL_MM, color=text_colour, halo=halo)

    def _hatch(self, painter: QPainter, path: QPainterPath) -> None:
        """45° hatching every HATCH_MM, opened up when zoomed out so it never turns into a grey wash."""
        spacing = max(HATCH_MM, 5.0 / style.pixels(painter))
        box = path.boundingRect()
        painter.save()
        painter.setClipPath(path)
        painter.setPen(style.cosmetic(SOLID_HATCH, 1.0))
        span = box.width() + box.height()
        offset = 0.0
        lines = []
        while offset <= span:
            start = QPointF(box.left() + offset, box.top())
            lines.append(QLineF(start, start + QPointF(-box.height(), box.height())))
            offset += spacing
        painter.drawLines(lines)
        painter.restore()
