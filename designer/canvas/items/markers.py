"""Course markers: the chequered start/finish line and the numbered gates, both drawn across the track.

Their length along travel comes from the ruleset; their width across the track is the element's own
`width_mm`, so they can be fitted to the track where they sit.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from designer.canvas import style
from designer.canvas.items.base import ElementItem, centred_rect, circle
from designer.model.elements import Gate, StartFinish

CHEQUER_DARK = QColor("#17181b")
CHEQUER_LIGHT = QColor("#fafafa")
GATE_BLUE = QColor("#1f5fbf")
GATE_POST = QColor("#123a78")
GATE_ARROW = QColor("#ffffff")
BADGE_FILL = QColor(Qt.GlobalColor.white)
RIBBON = QColor(255, 255, 255, 150)
RIBBON_ON_BLUE = style.over(RIBBON, GATE_BLUE)


def arrow_path(length: float, width: float) -> QPainterPath:
    """A solid arrow pointing +x, its tail at the origin."""
    shaft = width * 0.38
    head = min(length * 0.55, width)
    path = QPainterPath(QPointF(0.0, -shaft / 2))
    path.lineTo(length - head, -shaft / 2)
    path.lineTo(length - head, -width / 2)
    path.lineTo(length, 0.0)
    path.lineTo(length - head, width / 2)
    path.lineTo(length - head, shaft / 2)
    path.lineTo(0.0, shaft / 2)
    path.closeSubpath()
    return path


@lru_cache(maxsize=64)
def chequer(left: float, top: float, width: float, height: float, inset: float = 0.0) -> QPainterPath:
    """The dark squares of a two-column chequer filling the rectangle, cut `inset` mm inside its edges
    (shared: do not modify)."""
    columns = 2
    cell = width / columns
    rows = max(1, math.ceil(height / cell))
    squares = QPainterPath()
    for row in range(rows):
        for col in range(columns):
            if (row + col) % 2:
                squares.addRect(QRectF(left + col * cell, top + row * cell, cell, cell))
    return _cut_to(squares, QRectF(left + inset, top + inset, width - 2 * inset, height - 2 * inset))


@lru_cache(maxsize=64)
def ribbon_stripes(left: float, top: float, width: float, height: float, inset: float = 0.0) -> QPainterPath:
    """A gate bar's ribbon stripes, kept `inset` mm inside the bar's edges (shared: do not modify)."""
    step = max(width * 2.4, 12.0)
    stripes = QPainterPath()
    low, high = top + inset, top + height - inset
    y = top + step / 2
    while y < high:
        start, end = max(y, low), min(y + step / 3, high)
        if end > start:
            stripes.addRect(QRectF(left + inset, start, width - 2 * inset, end - start))
        y += step
    return stripes


@lru_cache(maxsize=64)
def _gate_body(length: float, width: float, post_radius: float) -> QPainterPath:
    """The bar with a post at each end as one outline (simplifying it is slow; gates share a few sizes)."""
    path = QPainterPath()
    path.addRect(centred_rect(length, width))
    path.addPath(circle(post_radius, QPointF(0.0, -width / 2)))
    path.addPath(circle(post_radius, QPointF(0.0, width / 2)))
    return path.simplified()


def _cut_to(path: QPainterPath, rect: QRectF) -> QPainterPath:
    if rect.contains(path.boundingRect()):
        return path
    box = QPainterPath()
    box.addRect(rect)
    return path.intersected(box)


class StartFinishItem(ElementItem[StartFinish]):
    kind = "start_finish"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#f4f4f2")

    def _rect(self) -> QRectF:
        return centred_rect(self.metrics.length_mm, self.element.width_mm)


    def draw(self, painter: QPainter) -> None:
        rect = self._rect()
        width = style.stroke(painter, 0.8)
        if width * style.pixels(painter) <= 1.0:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(CHEQUER_LIGHT)
            painter.drawRect(rect)
            painter.setBrush(CHEQUER_DARK)
            painter.drawPath(chequer(rect.left(), rect.top(), rect.width(), rect.height()))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.pen(style.INK, width))
            painter.drawRect(rect)
            return
        # A pen wider than a pixel is dear (see style.outlined_rect): the outline first, as the grown rect,
        # then the chequer inside it, cut where the outline's inner half lies.
        style.outlined_rect(painter, rect, style.INK, width, CHEQUER_LIGHT)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(CHEQUER_DARK)
        painter.drawPath(chequer(rect.left(), rect.top(), rect.width(), rect.height(), width / 2))


class GateItem(ElementItem[Gate]):
    kind = "gate"
    cached_picture = True
    shares_sprites = True
    upright_only = frozenset({"order"})  # the number on the badge
    simple_colour = QColor("#2f6fd6")

    _BADGE_R = 11.0

    def _bar(self) -> QRectF:
        return centred_rect(self.metrics.length_mm, self.element.width_mm)

    def _post_radius(self) -> float:
        return max(self.metrics.length_mm * 0.85, 5.0)

    def _arrows(self) -> list[QPainterPath]:
        """Two arrows beyond the bar pointing the way to drive, a quarter of the width from each end."""
        length = 24.0
        width = 16.0
        x0 = self.metrics.length_mm / 2 + 3.0
        quarter = self.element.width_mm / 4
        return [arrow_path(length, width).translated(x0, y) for y in (-quarter, quarter)]

    def body_path(self) -> QPainterPath:
        return QPainterPath(_gate_body(self.metrics.length_mm, self.element.width_mm, self._post_radius()))

    def upright_reach(self) -> float:
        return self._BADGE_R + 3.0  # the badge and its number

    def decoration_bounds(self) -> QRectF:
        bounds = QRectF(-self._BADGE_R, -self._BADGE_R, 2 * self._BADGE_R, 2 * self._BADGE_R)
        for arrow in self._arrows():
            bounds = bounds.united(arrow.boundingRect())
        return bounds

    def draw(self, painter: QPainter) -> None:
        outline = style.pen(style.INK, style.stroke(painter, 0.7))
        # Arrows first so the bar's outline sits on top of their tails.
        painter.setPen(style.pen(GATE_POST, style.stroke(painter, 0.8)))
        painter.setBrush(style.with_alpha(GATE_ARROW, 230))
        for arrow in self._arrows():
            painter.drawPath(arrow)

        bar = self._bar()
        style.outlined_rect(painter, bar, style.INK, outline.widthF(), GATE_BLUE)
        # White ribbon stripes across the bar, like a banner: translucent white on the blue, painted as the
        # opaque colour that makes, inside the outline.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(RIBBON_ON_BLUE)
        painter.drawPath(ribbon_stripes(bar.left(), bar.top(), bar.width(), bar.height(), outline.widthF() / 2))

        half = self.element.width_mm / 2
        r = self._post_radius()
        for y in (-half, half):
            style.outlined_ellipse(painter, QPointF(0.0, y), r, r, style.INK, outline.widthF(), GATE_POST)

        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        """The badge with the gate's number."""
        style.outlined_ellipse(painter, QPointF(), self._BADGE_R, self._BADGE_R, GATE_POST,
                               style.stroke(painter, 1.6), BADGE_FILL)
        text = str(self.element.order)
        height = 9.0 if len(text) < 3 else 6.5
        style.draw_text(painter, text, QPointF(), height, color=GATE_POST, halo=None)
