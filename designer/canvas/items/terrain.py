"""Terrain with effects: boost pads, dash panels (a row of pads), ramps with their optional hoop, warp pipes.

Everything that has a direction shows it: chevrons and arrows always point along +x, the direction of travel.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from designer.canvas import style
from designer.canvas.items.base import ElementItem, centred_rect, rounded_rect
from designer.canvas.items.markers import arrow_path
from designer.geometry.detail import shows_hairline
from designer.model.elements import BoostPad, DashPanel, Ramp, WarpPipe

PAD_DEEP = QColor("#e2571c")
PAD_BRIGHT = QColor("#ff9f1c")
PAD_RIM = QColor("#7a2a05")
CHEVRON = QColor("#fff25c")
PAD_STOPS = ((0.0, PAD_DEEP), (1.0, PAD_BRIGHT))

RAMP_LOW = QColor("#c9d2db")
RAMP_HIGH = QColor("#7b8a99")
RAMP_STOPS = ((0.0, RAMP_LOW), (1.0, RAMP_HIGH))
HAZARD_YELLOW = QColor("#ffcc00")
HOOP_OUTER = QColor("#ff5a1f")
HOOP_INNER = QColor("#ffd23f")

SLAT_MM = 0.5

PIPE_GREEN = QColor("#36b83f")
PIPE_LIGHT = QColor("#7be37f")
PIPE_DARK = QColor("#0d5a16")
PIPE_HOLE = QColor("#07210a")
PIPE_RIM_STOPS = ((0.0, PIPE_LIGHT), (0.6, PIPE_GREEN), (1.0, PIPE_DARK))
PIPE_HOLE_STOPS = ((0.0, QColor(Qt.GlobalColor.black)), (1.0, PIPE_HOLE.lighter(180)))


def chevron(cx: float, half_height: float, depth: float, thickness: float) -> QPainterPath:
    """A ">" pointing +x whose tip is at (cx + depth/2, 0)."""
    x0 = cx - depth / 2
    path = QPainterPath(QPointF(x0, -half_height))
    path.lineTo(x0 + thickness, -half_height)
    path.lineTo(x0 + depth, 0.0)
    path.lineTo(x0 + thickness, half_height)
    path.lineTo(x0, half_height)
    path.lineTo(x0 + depth - thickness, 0.0)
    path.closeSubpath()
    return path


def draw_pad(painter: QPainter, rect: QRectF, flat: bool = False) -> None:
    """One boost pad: an orange plate with yellow chevrons pointing the way (+x); `flat`: no gradient."""
    radius = min(rect.width(), rect.height()) * 0.1
    style.outlined_rect(painter, rect, PAD_RIM, style.stroke(painter, 0.8),
                        style.linear_gradient(QPointF(rect.left(), 0.0), QPointF(rect.right(), 0.0), PAD_STOPS,
                                              flat=flat), radius)
    painter.setPen(style.pen(PAD_RIM, style.stroke(painter, 0.5)))
    painter.setBrush(CHEVRON)
    painter.drawPath(pad_chevrons(rect.left(), rect.top(), rect.width(), rect.height()))


@lru_cache(maxsize=64)
def pad_chevrons(left: float, top: float, width: float, height: float) -> QPainterPath:
    """A pad's chevrons as one path (shared: do not modify); they never overlap, so one fill draws them."""
    rect = QRectF(left, top, width, height)
    count = 2 if width < height * 1.2 else 3
    half_height = height * 0.32
    depth = min(width / (count + 0.6), half_height * 1.2)
    thickness = depth * 0.45
    span = depth * count * 0.8
    path = QPainterPath()
    for i in range(count):
        cx = rect.center().x() - span / 2 + depth / 2 + i * depth * 0.8
        path.addPath(chevron(cx, half_height, depth, thickness).translated(0.0, rect.center().y()))
    return path


@lru_cache(maxsize=64)
def hazard_stripes(left: float, top: float, width: float, height: float) -> QPainterPath:
    """The black diagonal stripes of a hazard band, cut to the band (shared: do not modify)."""
    stripes = QPainterPath()
    stripe = width
    y = top - stripe
    while y < top + height + stripe:
        stripes.moveTo(left, y)
        stripes.lineTo(left + width, y - stripe * 0.8)
        stripes.lineTo(left + width, y - stripe * 0.8 + stripe * 0.6)
        stripes.lineTo(left, y + stripe * 0.6)
        stripes.closeSubpath()
        y += stripe * 1.2
    band = QPainterPath()
    band.addRect(QRectF(left, top, width, height))
    return stripes.intersected(band)


class BoostPadItem(ElementItem[BoostPad]):
    kind = "boost_pad"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#f57c00")

    def body_path(self) -> QPainterPath:
        return rounded_rect(self._rect(), min(self.metrics.length_mm, self.metrics.width_mm) * 0.1)

    def draw(self, painter: QPainter) -> None:
        draw_pad(painter, self._rect(), self.flat)


class DashPanelItem(ElementItem[DashPanel]):
    """`pads` boost pads end to end along travel, centred on the element's position."""

    kind = "dash_panel"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#f57c00")

    def _pad_rects(self) -> list[QRectF]:
        length = self.metrics.length_mm
        total = length * self.element.pads
        return [centred_rect(length, self.metrics.width_mm, -total / 2 + length * (i + 0.5))
                for i in range(self.element.pads)]

    def body_path(self) -> QPainterPath:
        total = self.metrics.length_mm * self.element.pads
        return rounded_rect(centred_rect(total, self.metrics.width_mm), self.metrics.width_mm * 0.1)

    def draw(self, painter: QPainter) -> None:
        gap = min(1.5, self.metrics.length_mm * 0.04)
        for rect in self._pad_rects():
            draw_pad(painter, rect.adjusted(gap, 0.0, -gap, 0.0), self.flat)


class RampItem(ElementItem[Ramp]):
    """A ramp seen from above: striped entry edge, travel arrow, optional flaming hoop a Short beyond."""

    kind = "ramp"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#8d6e63")

    def _hoop_centre(self) -> QPointF:
        return QPointF(self.metrics.length_mm / 2 + self.metrics.short_mm, 0.0)

    def _hoop_radii(self) -> tuple[float, float]:
        return 6.0, self.metrics.width_mm * 0.45


    def decoration_bounds(self) -> QRectF:
        if not self.element.hoop:
            return QRectF()
        rx, ry = self._hoop_radii()
        c = self._hoop_centre()
        return QRectF(c.x() - rx - 4, c.y() - ry - 4, 2 * rx + 8, 2 * ry + 8)

    def draw(self, painter: QPainter) -> None:
        rect = self._rect()
        if self.element.hoop:
            self._draw_hoop(painter, rect)
        style.outlined_rect(painter, rect, style.INK, style.stroke(painter, 0.8),
                            style.linear_gradient(QPointF(rect.left(), 0.0), QPointF(rect.right(), 0.0), RAMP_STOPS,
                                                  flat=self.flat))
        if not self.flat and shows_hairline(SLAT_MM, style.pixels(painter)):  # slats across the deck
            painter.setPen(style.pen(style.with_alpha(style.INK, 60), style.stroke(painter, SLAT_MM)))
            painter.drawLines([QLineF(x, rect.top(), x, rect.bottom())
                               for x in (rect.left() + rect.width() * i / 6 for i in range(1, 6))])
        # The entry edge: a thick yellow/black hazard band along the low side.
        band = QRectF(rect.left(), rect.top(), max(rect.width() * 0.12, 5.0), rect.height())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(HAZARD_YELLOW)
        painter.drawRect(band)
        painter.setBrush(style.INK)
        painter.drawPath(hazard_stripes(band.left(), band.top(), band.width(), band.height()))
        painter.setPen(style.pen(style.INK, style.stroke(painter, 1.6)))
        painter.drawLine(band.topLeft(), band.bottomLeft())
        # The back edge drops away: a double line.
        painter.setPen(style.pen(style.INK, style.stroke(painter, 1.2)))
        painter.drawLine(rect.topRight(), rect.bottomRight())
        # Travel arrow over the deck.
        length = rect.width() * 0.55
        tail = rect.center().x() - length / 2 + band.width() / 2
        arrow = arrow_path(length, rect.height() * 0.34).translated(tail, 0.0)
        painter.setPen(style.pen(style.with_alpha(style.INK, 160), style.stroke(painter, 0.6)))
        painter.setBrush(style.with_alpha(Qt.GlobalColor.white, 220))
        painter.drawPath(arrow)

    def _draw_hoop(self, painter: QPainter, rect: QRectF) -> None:
        centre = self._hoop_centre()
        rx, ry = self._hoop_radii()
        guide = style.pen(style.with_alpha(HOOP_OUTER, 150), style.stroke(painter, 1.0), Qt.PenStyle.DotLine)
        painter.setPen(guide)
        painter.drawLine(QPointF(rect.right(), 0.0), QPointF(centre.x() - rx, 0.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.pen(HOOP_OUTER, style.stroke(painter, 5.0, 2.5)))
        painter.drawEllipse(centre, rx, ry)
        painter.setPen(style.pen(HOOP_INNER, style.stroke(painter, 2.0, 1.0)))
        painter.drawEllipse(centre, rx, ry)


class WarpPipeItem(ElementItem[WarpPipe]):
    """A green pipe seen from above; the scene assigns its pair label (A / A′, B / B′ …)."""

    round = True

    kind = "warp_pipe"
    cached_picture = True
    shares_sprites = True
    look_ignores = frozenset({"pair"})  # what shows is the pair label (`upright_extra`)
    simple_colour = QColor("#2f9e44")
    _pair_label: str = ""

    @property
    def pair_label(self) -> str:
        return self._pair_label

    def set_pair_label(self, label: str) -> bool:
        """Show `label`; True when it changed (the scene then repaints the item's place)."""
        if label == self._pair_label:
            return False
        self._pair_label = label
        self.restyled()
        return True


    def upright_extra(self) -> tuple:
        return (self._pair_label,)

    def draw(self, painter: QPainter) -> None:
        r = self._radius()
        rim = style.radial_gradient(QPointF(-r * 0.3, -r * 0.3), r * 1.4, PIPE_RIM_STOPS, flat=self.flat)
        style.outlined_ellipse(painter, QPointF(), r, r, PIPE_DARK, style.stroke(painter, 1.0), rim)
        style.outline_over(painter, "ellipse", QRectF(-r * 0.8, -r * 0.8, r * 1.6, r * 1.6), PIPE_DARK,
                           style.stroke(painter, 0.8), rim)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.radial_gradient(QPointF(), r * 0.64, PIPE_HOLE_STOPS, flat=self.flat))
        painter.drawEllipse(QPointF(), r * 0.64, r * 0.64)
        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        if self._pair_label:
            style.draw_text(painter, self._pair_label, QPointF(), self._radius() * 0.5, color=Qt.GlobalColor.white,
                            halo=None)
