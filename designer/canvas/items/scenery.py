"""Scenery polygons: solid obstacles (dark, hatched) and decorative areas (translucent green, dashed), labelled.

The polygon's points are relative to the element's position, before rotation, so they are the item's
local coordinates as they stand. The label sits at the polygon's pole of inaccessibility, which is
inside the shape even when it is concave.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGradient,
    QLinearGradient,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPolygonF,
    QTransform,
)

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
        if painter.paintEngine().type() == QPaintEngine.Type.Raster:
            painter.save()
            # Aliased: the edge drawn next covers the rim, and an antialiased gradient fill costs 3× as much.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(_hatch_brush(painter.worldTransform(), box.left() + box.top(), spacing))
            painter.drawPath(path)
            painter.restore()
            return
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


def _hatch_brush(transform: QTransform, start: float, spacing: float) -> QBrush:
    """The hatching of `_hatch`'s lines (x + y = `start` + k·`spacing`, local mm) as a repeating gradient.

    Clipping a few dozen antialiased lines to a polygon costs Qt ~0.6 ms a piece; a gradient fill is a
    fraction of it. A one-pixel antialiased line's coverage falls off linearly across it (to nothing a pixel
    away along the screen axis nearer its normal), so a gradient ramping up to the line's colour and down
    again, repeated every spacing, paints the same stripes (within a few levels of the faint colour)."""
    px = math.hypot(transform.m11(), transform.m12())
    line = transform.map(QLineF(0.0, 0.0, -1.0, 1.0))
    reach = max(abs(line.dx()), abs(line.dy())) / line.length() / px  # mm along the normal to no coverage
    period = spacing / math.sqrt(2.0)
    brush = QBrush(_hatch_gradient(round(reach / period, 4)))
    # The gradient's unit along x, laid along the lines' normal, one period long, from one line's middle.
    unit = period / math.sqrt(2.0)
    brush.setTransform(QTransform(unit, unit, -unit, unit, start / 2, start / 2))
    return brush


@lru_cache(maxsize=64)
def _hatch_gradient(reach: float) -> QLinearGradient:
    """A unit period of hatching: the line's colour at 0 and 1, none from `reach` to 1 − `reach`."""
    gradient = QLinearGradient(0.0, 0.0, 1.0, 0.0)
    gradient.setSpread(QGradient.Spread.RepeatSpread)
    clear = QColor(SOLID_HATCH)
    clear.setAlpha(0)
    reach = min(reach, 0.5)
    gradient.setColorAt(0.0, SOLID_HATCH)
    gradient.setColorAt(reach, clear)
    gradient.setColorAt(1.0 - reach, clear)
    gradient.setColorAt(1.0, SOLID_HATCH)
    return gradient
