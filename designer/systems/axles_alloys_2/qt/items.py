"""Axles and Alloys II's canvas items: how its own kinds look on the canvas (`ITEM_CLASSES`).

Each kind is drawn at its rule-data size (`element_sizes`, via the scene's `ItemMetrics`), from the outlines
in `shapes.py` that the printed track uses too:

- a barrier is a thick band along its polyline, white with red blocks, as wide as the rule data's barrier;
- a dropped-weapon template is a 3" × 1.5" card: napalm orange-red with flames, an oil slick black with a
  sheen, spikes grey with caltrop points;
- a wreck is a battered car: a crumpled body, wheels askew, a smashed windscreen;
- a counter is a 1" disc with a sword, a shield or a skull;
- an entry point is an arrow along its heading, D (defender, blue) or A (attacker, red) on it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPolygonF

from designer.canvas import style
from designer.canvas.items.base import ElementItem, circle, rounded_rect
from designer.systems.axles_alloys_2 import shapes
from designer.systems.axles_alloys_2.elements import (
    BARRIER,
    COUNTER,
    ENTRY,
    TEMPLATE,
    WRECK,
    Barrier,
    Counter,
    DroppedTemplate,
    EntryPoint,
    Wreck,
)

BARRIER_WHITE = QColor("#f4f4f2")
BARRIER_RED = QColor("#c62828")
NAPALM = QColor("#e4471b")
NAPALM_DEEP = QColor("#a82508")
FLAME = QColor("#ffc02e")
OIL = QColor("#121316")
OIL_SHEEN = QColor("#5d6d8c")
SPIKES = QColor("#9aa0a8")
SPIKE_INK = QColor("#2b2e33")
WRECK_BODY = QColor("#7a4a2a")
WRECK_DARK = QColor("#3a2418")
TYRE = QColor("#1c1c1e")
COUNTER_FACE = QColor("#f1e6c8")
DEFENDER = QColor("#1f5fbf")
ATTACKER = QColor("#c62828")

TEMPLATE_FILL = {"napalm": NAPALM, "oil": OIL, "spikes": SPIKES}


def polygon(points: Iterable[tuple[float, float]], close: bool = True) -> QPainterPath:
    path = QPainterPath()
    pts = [QPointF(float(x), float(y)) for x, y in points]
    if close:
        path.addPolygon(QPolygonF(pts))
        path.closeSubpath()
        return path
    path.moveTo(pts[0])
    for p in pts[1:]:
        path.lineTo(p)
    return path


def draw_parts(painter: QPainter, parts: list[shapes.Part], ink: QColor, hole: QColor) -> None:
    """Fill a glyph's parts: ink first, then the holes cut back out in the background colour."""
    painter.setPen(Qt.PenStyle.NoPen)
    for role in ("ink", "hole"):
        painter.setBrush(ink if role == "ink" else hole)
        for part in parts:
            if part.role != role:
                continue
            if part.centre is not None:
                painter.drawPath(circle(part.radius, QPointF(*part.centre)))
            else:
                painter.drawPath(polygon(part.points))


class BarrierItem(ElementItem[Barrier]):
    """A barrier: a thick red-and-white band along its points (relative to x/y, before rotation)."""

    kind = BARRIER
    simple_colour = BARRIER_RED

    def line(self) -> QPainterPath:
        points = list(self.element.points)
        path = polygon(points, close=False)
        if self.element.closed and len(points) > 2:
            path.closeSubpath()
        return path

    def thickness(self) -> float:
        return self.metrics.width_mm

    def body_path(self) -> QPainterPath:
        stroker = QPainterPathStroker()
        stroker.setWidth(self.thickness())
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
        return stroker.createStroke(self.line()).simplified()

    def draw(self, painter: QPainter) -> None:
        line, width = self.line(), self.thickness()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        outline = style.pen(style.INK, width + style.stroke(painter, 0.8) * 2)
        outline.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(outline)
        painter.drawPath(line)
        base = style.pen(BARRIER_WHITE, width)
        base.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(base)
        painter.drawPath(line)
        if not self.flat:
            blocks = style.pen(BARRIER_RED, width)
            blocks.setCapStyle(Qt.PenCapStyle.FlatCap)
            blocks.setDashPattern([1.5, 1.5])  # in pen widths: red and white blocks along the band
            painter.setPen(blocks)
            painter.drawPath(line)

    def draw_simple(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.simple_colour)
        painter.drawPath(self.body())


class DroppedTemplateItem(ElementItem[DroppedTemplate]):
    """A 3" × 1.5" template card, coloured and marked by its variant."""

    kind = TEMPLATE
    simple_colour = NAPALM

    def body_path(self) -> QPainterPath:
        return rounded_rect(self._rect(), min(self.metrics.length_mm, self.metrics.width_mm) * 0.12)

    def draw_simple(self, painter: QPainter) -> None:
        painter.setPen(style.cosmetic(style.INK, 0.6))
        painter.setBrush(TEMPLATE_FILL.get(self.element.variant, NAPALM))
        painter.drawPath(self.body())

    def draw(self, painter: QPainter) -> None:
        length, width = self.metrics.length_mm, self.metrics.width_mm
        variant = self.element.variant
        body = self.body()
        painter.setPen(Qt.PenStyle.NoPen)
        if variant == "napalm":
            painter.setBrush(style.linear_gradient(QPointF(length / 2, 0), QPointF(-length / 2, 0),
                                                   ((0.0, NAPALM_DEEP), (1.0, NAPALM)), self.flat))
            painter.drawPath(body)
            painter.setBrush(FLAME)
            for tongue in shapes.flames(length, width):
                painter.drawPath(polygon(tongue))
        elif variant == "oil":
            painter.setBrush(OIL)
            painter.drawPath(body)
            if not self.flat:  # the sheen: a bluish slick of light off-centre
                painter.save()
                painter.setClipPath(body)
                sheen = QPointF(-length * 0.12, -width * 0.12)
                painter.setBrush(style.radial_gradient(sheen, width * 0.55, ((0.0, OIL_SHEEN),
                                                                            (1.0, style.with_alpha(OIL, 0)))))
                painter.drawEllipse(sheen, length * 0.45, width * 0.4)
                painter.restore()
        else:
            painter.setBrush(SPIKES)
            painter.drawPath(body)
            painter.setBrush(SPIKE_INK)
            for star in shapes.spikes(length, width):
                painter.drawPath(polygon(star))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.6)))
        painter.drawPath(body)


class WreckItem(ElementItem[Wreck]):
    """A wrecked car: a crumpled body, wheels askew and a smashed windscreen."""

    kind = WRECK
    simple_colour = WRECK_BODY

    def body_path(self) -> QPainterPath:
        return polygon(shapes.wreck_body(self.metrics.length_mm, self.metrics.width_mm))

    def decoration_bounds(self) -> QRectF:
        wheels = QPainterPath()
        for wheel in shapes.wreck_wheels(self.metrics.length_mm, self.metrics.width_mm):
            wheels.addPath(polygon(wheel))
        return wheels.boundingRect()

    def draw(self, painter: QPainter) -> None:
        length, width = self.metrics.length_mm, self.metrics.width_mm
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TYRE)
        for wheel in shapes.wreck_wheels(length, width):
            painter.drawPath(polygon(wheel))
        painter.setBrush(style.linear_gradient(QPointF(0, -width / 2), QPointF(0, width / 2),
                                               ((0.0, WRECK_BODY), (1.0, WRECK_DARK)), self.flat))
        painter.setPen(style.pen(WRECK_DARK, style.stroke(painter, 0.8)))
        painter.drawPath(self.body())
        painter.setBrush(style.with_alpha(QColor("#9fb3c2"), 230))
        painter.drawRect(QRectF(length * 0.05, -width * 0.32, length * 0.22, width * 0.56))
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.5)))
        for crack in shapes.wreck_cracks(length, width):
            painter.drawPath(polygon(crack, close=False))


class CounterItem(ElementItem[Counter]):
    """A 1" counter: a cream disc with a sword, a shield or a skull, kept upright."""

    kind = COUNTER
    round = True
    simple_colour = COUNTER_FACE

    def draw(self, painter: QPainter) -> None:
        r = self._radius()
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.7)))
        painter.setBrush(COUNTER_FACE)
        painter.drawPath(self.body())
        with self.upright(painter):
            draw_parts(painter, shapes.glyph(self.element.variant, r), style.INK, COUNTER_FACE)


class EntryPointItem(ElementItem[EntryPoint]):
    """Where a car enters: an arrow along its heading with D (defender) or A (attacker) on it."""

    kind = ENTRY
    simple_colour = ATTACKER

    def colour(self) -> QColor:
        return DEFENDER if self.element.role == "defender" else ATTACKER

    def body_path(self) -> QPainterPath:
        return polygon(shapes.arrow(self.metrics.length_mm, self.metrics.width_mm))

    def draw_simple(self, painter: QPainter) -> None:
        painter.setPen(style.cosmetic(style.INK, 0.6))
        painter.setBrush(self.colour())
        painter.drawPath(self.body())

    def draw(self, painter: QPainter) -> None:
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.7)))
        painter.setBrush(self.colour())
        painter.drawPath(self.body())
        letter = shapes.role_letter(self.element.role)
        at = QPointF(*shapes.arrow_letter_at(self.metrics.length_mm))
        with self.upright(painter, at):
            style.draw_text(painter, letter, QPointF(), self.metrics.width_mm * 0.3,
                            color=QColor(Qt.GlobalColor.white), halo=None)


ITEM_CLASSES: dict[str, type[ElementItem]] = {
    cls.kind: cls for cls in (BarrierItem, DroppedTemplateItem, WreckItem, CounterItem, EntryPointItem)
}
