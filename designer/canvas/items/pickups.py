"""Pick-ups: item boxes (a rainbow "?" cube, visibly doubled when stacked) and gold coins."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from designer.canvas import style
from designer.canvas.items.base import ElementItem, centred_rect, rounded_rect
from designer.model.elements import Coin, ItemBox

BOX_COLOURS = (QColor("#7fd6ff"), QColor("#b98cff"), QColor("#ff9ad5"), QColor("#ffd86b"))
COIN_LIGHT = QColor("#fff1a0")
COIN_GOLD = QColor("#f5c518")
COIN_DEEP = QColor("#c98f00")
COIN_RIM = QColor("#8a5a00")
COIN_STOPS = ((0.0, COIN_LIGHT), (0.45, COIN_GOLD), (1.0, COIN_DEEP))


BOX_SHINE = style.with_alpha(Qt.GlobalColor.white, 170)


class ItemBoxItem(ElementItem[ItemBox]):
    kind = "item_box"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#b9a3e8")

    def _front(self) -> QRectF:
        return centred_rect(self.metrics.length_mm, self.metrics.width_mm)

    def _back_offset(self) -> QPointF:
        # The second box peeks out behind, up and to the right of the first.
        step = min(self.metrics.length_mm, self.metrics.width_mm) * 0.22
        return QPointF(step, -step)

    def _radius(self) -> float:
        return min(self.metrics.length_mm, self.metrics.width_mm) * 0.18

    def body_path(self) -> QPainterPath:
        path = rounded_rect(self._front(), self._radius())
        if self.element.stack == 2:
            path.addPath(rounded_rect(self._front().translated(self._back_offset()), self._radius()))
            path = path.simplified()
        return path

    def _draw_box(self, painter: QPainter, rect: QRectF, dim: bool) -> None:
        stops = tuple((i / (len(BOX_COLOURS) - 1), colour.darker(125) if dim else colour)
                      for i, colour in enumerate(BOX_COLOURS))
        fill = style.linear_gradient(rect.topLeft(), rect.bottomRight(), stops, flat=self.flat)
        style.outlined_rect(painter, rect, style.INK, style.stroke(painter, 0.8), fill, self._radius())
        inset = rect.width() * 0.12
        inner = rect.adjusted(inset, inset, -inset, -inset)
        style.outline_over(painter, "rect", inner, BOX_SHINE, style.stroke(painter, 0.8), fill, self._radius() * 0.6)

    def draw(self, painter: QPainter) -> None:
        front = self._front()
        if self.element.stack == 2:
            self._draw_box(painter, front.translated(self._back_offset()), dim=True)
        self._draw_box(painter, front, dim=False)
        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        front = self._front()
        height = min(front.width(), front.height()) * 0.5
        style.draw_text(painter, "?", QPointF(), height, color=Qt.GlobalColor.white,
                        halo=style.with_alpha(style.INK, 200))


class CoinItem(ElementItem[Coin]):
    round = True
    kind = "coin"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#f2b705")


    def draw(self, painter: QPainter) -> None:
        r = self._radius()
        style.outlined_ellipse(painter, QPointF(), r, r, COIN_RIM, style.stroke(painter, r * 0.1),
                               style.radial_gradient(QPointF(-r * 0.35, -r * 0.35), r * 1.6, COIN_STOPS,
                                                     flat=self.flat))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.pen(style.with_alpha(COIN_RIM, 150), style.stroke(painter, r * 0.05)))
        painter.drawEllipse(QPointF(), r * 0.72, r * 0.72)
        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        """The upright slot mark of a Mushroom Kingdom coin."""
        r = self._radius()
        mark = QRectF(-r * 0.13, -r * 0.45, r * 0.26, r * 0.9)
        painter.setPen(style.pen(COIN_RIM, style.stroke(painter, r * 0.06)))
        painter.setBrush(COIN_LIGHT)
        painter.drawRoundedRect(mark, r * 0.12, r * 0.12)
