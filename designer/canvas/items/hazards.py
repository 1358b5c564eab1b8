"""Hazards: Bullet Bill plates, Thwomps, Piranha Plants, Chain Chomps and wandering threats (Goombas …).

Faces are drawn upright whatever the element's rotation; reach rings are faint so they never hide the track.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPaintEngine, QPainter, QPainterPath, QPen, QTransform

from designer.canvas import style
from designer.canvas.items.base import ElementItem, centred_rect, ring_bounds, rounded_rect
from designer.model.elements import BulletBill, Thwomp, WanderingThreat

PLATE_LIGHT = QColor("#b7bec6")
PLATE_DARK = QColor("#737c86")
BULLET = QColor("#1b1b1d")
BULLET_BASE = QColor("#4a4d55")
BULLET_STOPS = ((0.0, BULLET.lighter(260)), (0.35, BULLET), (1.0, BULLET))
PLATE_STOPS = ((0.0, PLATE_LIGHT), (1.0, PLATE_DARK))
LINK = QColor("#b3261e")

STONE_LIGHT = QColor("#b4bfca")
STONE = QColor("#8793a0")
STONE_DARK = QColor("#4f5a66")

PIRANHA_RED = QColor("#d7263d")
PIRANHA_RIM = PIRANHA_RED.darker(220)
PIRANHA_STOPS = ((0.0, PIRANHA_RED.lighter(130)), (1.0, PIRANHA_RED.darker(130)))
LEAF_GREEN = QColor("#2f9e44")
CHOMP_BLACK = QColor("#141416")
CHOMP_RIM = QColor(Qt.GlobalColor.black)
CHOMP_STOPS = ((0.0, QColor("#5a5d66")), (0.5, CHOMP_BLACK), (1.0, QColor(Qt.GlobalColor.black)))
GOOMBA_BROWN = QColor("#8a4b22")
GOOMBA_FACE = QColor("#f0cf9c")
GOOMBA_FEET = QColor("#3a2414")
GOOMBA_STOPS = ((0.0, GOOMBA_BROWN.lighter(140)), (1.0, GOOMBA_BROWN.darker(130)))


def draw_reach(painter: QPainter, radius: float, colour: QColor) -> None:
    """A faint dashed ring: how far the hazard strikes from its centre.

    A ring, not a tinted disc: blending a translucent disc costs ~1 ms a piece, which adds up on a
    crowded table, and the ring reads just as well on the tarmac.
    """
    px = style.pixels(painter)
    width = style.stroke(painter, 0.8)
    if (width * px > 1.0 and 2 * radius * px <= REACH_PICTURE_MAX_PX
            and painter.paintEngine().type() == QPaintEngine.Type.Raster):
        # Dashing and filling a ring wider than a hairline costs 1–5 ms zoomed in, and a crowded table
        # shows hundreds: rings of one size, colour and zoom share one picture, copied to each centre.
        at = painter.worldTransform().map(QPointF())
        # Rounded: the scale read back from a turned painter differs in its last bits from item to item.
        picture = _reach_picture(radius, colour.rgba(), round(px, 5), width, painter.device().devicePixelRatioF())
        half = picture.width() / picture.devicePixelRatio() / 2
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawImage(QPointF(round(at.x() - half), round(at.y() - half)), picture)
        painter.restore()
        return
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_reach_pen(colour, width))
    painter.drawEllipse(QPointF(), radius, radius)


#: Rings wider than this on screen are drawn directly (few show at such a zoom; pictures would be huge).
REACH_PICTURE_MAX_PX = 1200.0


def _reach_pen(colour: QColor, width: float) -> QPen:
    return style.pen(style.with_alpha(colour, 150), width, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)


@lru_cache(maxsize=24)
def _reach_picture(radius: float, rgba: int, px: float, width: float, ratio: float) -> QImage:
    """The dashed ring drawn once at this zoom (`px` per mm), centred in a transparent picture."""
    half = math.ceil(radius * px + width * px + 2)
    picture, painter = style.picture_painter(2 * half, 2 * half, ratio, half, half, px)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_reach_pen(QColor.fromRgba(rgba), width))
    painter.drawEllipse(QPointF(), radius, radius)
    painter.end()
    return picture


def draw_eye(painter: QPainter, centre: QPointF, rx: float, ry: float, look: QPointF | None = None) -> None:
    """A white eye with its pupil shifted by `look`."""
    painter.setPen(style.pen(style.INK, style.stroke(painter, rx * 0.18)))
    painter.setBrush(Qt.GlobalColor.white)
    painter.drawEllipse(centre, rx, ry)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(style.INK)
    painter.drawEllipse(centre + (look if look is not None else QPointF()), rx * 0.45, ry * 0.5)


class BulletBillItem(ElementItem[BulletBill]):
    """The pressure plate, with a dashed line to its launcher pipe when it has one."""

    kind = "bullet_bill"
    cached_picture = True
    shares_sprites = True
    look_ignores = frozenset({"launcher"})  # the link is painted outside the picture
    paints_outside = True
    simple_colour = QColor("#737c86")
    #: From the plate's centre to its launcher's, along the scene's axes (mm); None: no link.
    _launcher_offset: tuple[float, float] | None = None
    _launcher_radius: float = 0.0

    def set_launcher_target(self, scene_point: QPointF | None, radius: float = 0.0) -> bool:
        """Point the link at a launcher's centre (scene mm), stopping `radius` short; None hides it.

        True when anything changed (the scene then repaints the item's place)."""
        e = self.element
        # Relative to the plate, so a plate dragged together with its launcher (or without one) keeps
        # its look: drags re-link every bill on every step.
        offset = None if scene_point is None else (scene_point.x() - e.x_mm, scene_point.y() - e.y_mm)
        if offset == self._launcher_offset and radius == self._launcher_radius:
            return False
        self._launcher_offset = offset
        self._launcher_radius = radius
        self._sync()
        return True

    @property
    def _target(self) -> QPointF | None:
        """The launcher in local coordinates."""
        if self._launcher_offset is None:
            return None
        return QTransform().rotate(-self.element.rotation_deg).map(QPointF(*self._launcher_offset))

    def body_path(self) -> QPainterPath:
        return rounded_rect(self._rect(), min(self.metrics.length_mm, self.metrics.width_mm) * 0.12)

    def decoration_bounds(self) -> QRectF:
        target = self._target
        if target is None:
            return QRectF()
        return QRectF(QPointF(), target).normalized().adjusted(-4, -4, 4, 4)

    def _bullet(self) -> tuple[QPainterPath, QPainterPath]:
        """The bullet's body (nose to +x) and its darker flared base with fins."""
        return _bullet_paths(self.metrics.length_mm, self.metrics.width_mm)

    def link_rect(self) -> QRectF:
        """The scene area the link to the launcher may cover (empty without one)."""
        return self.mapRectToScene(self._turn.mapRect(self.decoration_bounds()))

    def paint_link(self, painter: QPainter) -> None:
        """Paint the link alone, in scene coordinates: the live layer draws selected plates without it."""
        painter.save()
        painter.translate(self.pos())
        painter.setTransform(self._turn, True)
        if not self.draws_simple(painter):
            self._draw_link(painter)
        painter.restore()

    def _draw_link(self, painter: QPainter) -> None:
        target = self._target
        if target is None:
            return
        line = QLineF(QPointF(), target)
        if line.length() > self._launcher_radius:
            line.setLength(line.length() - self._launcher_radius)
            painter.setPen(style.pen(style.with_alpha(LINK, 200), style.stroke(painter, 1.5, 1.5),
                                     Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
            painter.drawLine(line)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LINK)
            dot = style.stroke(painter, 2.5, 2.5)
            painter.drawEllipse(line.p2(), dot, dot)

    def local_picture_rect(self) -> QRectF:
        return self.body().boundingRect().adjusted(-3, -3, 3, 3)

    def paint_outside(self, painter: QPainter) -> None:
        painter.save()
        painter.setTransform(self._turn, True)
        if not self.draws_simple(painter):
            self._draw_link(painter)
        painter.restore()

    def draw(self, painter: QPainter) -> None:
        if not self.live and not self.picturing:
            self._draw_link(painter)
        rect = self._rect()
        radius = min(rect.width(), rect.height()) * 0.12
        style.outlined_rect(painter, rect, style.INK, style.stroke(painter, 0.8),
                            style.linear_gradient(rect.topLeft(), rect.bottomRight(), PLATE_STOPS, flat=self.flat),
                            radius)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.with_alpha(style.INK, 150))
        rivet = min(rect.width(), rect.height()) * 0.04
        inset = min(rect.width(), rect.height()) * 0.13
        for x in (rect.left() + inset, rect.right() - inset):
            for y in (rect.top() + inset, rect.bottom() - inset):
                painter.drawEllipse(QPointF(x, y), rivet, rivet)
        body, base = self._bullet()
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.5)))
        painter.setBrush(BULLET_BASE)
        painter.drawPath(base)
        painter.setBrush(style.linear_gradient(QPointF(0.0, -rect.height() * 0.2), QPointF(0.0, rect.height() * 0.2),
                                               BULLET_STOPS, flat=self.flat))
        painter.drawPath(body)
        h = rect.height() * 0.2
        eye_x = rect.width() * 0.1
        for sign in (-1, 1):
            draw_eye(painter, QPointF(eye_x, sign * h * 0.48), h * 0.32, h * 0.38, QPointF(h * 0.1, 0))


@lru_cache(maxsize=32)
def _bullet_paths(plate_length: float, plate_width: float) -> tuple[QPainterPath, QPainterPath]:
    """A plate's bullet and its base with fins (shared by plates of one size: do not modify)."""
    rect = centred_rect(plate_length, plate_width)
    length, h = rect.width() * 0.6, rect.height() * 0.2
    back = -length / 2 + rect.width() * 0.03
    body = QPainterPath(QPointF(back, -h))
    body.lineTo(back + length * 0.5, -h)
    body.cubicTo(back + length * 0.92, -h, back + length, -h * 0.35, back + length, 0.0)
    body.cubicTo(back + length, h * 0.35, back + length * 0.92, h, back + length * 0.5, h)
    body.lineTo(back, h)
    body.closeSubpath()
    base = QPainterPath()
    base.addRoundedRect(QRectF(back - length * 0.12, -h * 1.2, length * 0.14, h * 2.4), h * 0.15, h * 0.15)
    for sign in (-1, 1):
        fin = QPainterPath(QPointF(back - length * 0.02, sign * h * 0.95))
        fin.lineTo(back - length * 0.06, sign * h * 1.5)
        fin.lineTo(back + length * 0.1, sign * h * 0.95)
        fin.closeSubpath()
        base.addPath(fin)
    return body, base.simplified()


class ThwompItem(ElementItem[Thwomp]):
    """A bevelled stone block with an angry face."""

    kind = "thwomp"
    cached_picture = True
    shares_sprites = True
    simple_colour = QColor("#8793a0")


    def draw(self, painter: QPainter) -> None:
        rect = self._rect()
        size = min(rect.width(), rect.height())
        bevel = size * 0.12
        inner = rect.adjusted(bevel, bevel, -bevel, -bevel)
        style.outlined_rect(painter, rect, style.INK, style.stroke(painter, 1.0), STONE_DARK)
        # Lit top and left bevel faces; the dark base shows as the shaded bottom and right ones.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(STONE_LIGHT)
        for corners in ((rect.topLeft(), rect.topRight(), inner.topRight(), inner.topLeft()),
                        (rect.topLeft(), inner.topLeft(), inner.bottomLeft(), rect.bottomLeft())):
            painter.drawPolygon(corners)
        style.outlined_rect(painter, inner, style.INK, style.stroke(painter, 0.5), STONE)
        for a, b in ((rect.topLeft(), inner.topLeft()), (rect.topRight(), inner.topRight()),
                     (rect.bottomLeft(), inner.bottomLeft()), (rect.bottomRight(), inner.bottomRight())):
            painter.drawLine(a, b)
        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        """The angry face."""
        s = min(self.metrics.length_mm, self.metrics.width_mm) * 0.36
        for sign in (-1, 1):
            look = QPointF(-sign * s * 0.05, s * 0.05)
            draw_eye(painter, QPointF(sign * s * 0.42, -s * 0.12), s * 0.24, s * 0.3, look)
            brow = QPainterPath(QPointF(sign * s * 0.78, -s * 0.62))
            brow.lineTo(sign * s * 0.12, -s * 0.36)
            painter.setPen(style.pen(style.INK, style.stroke(painter, s * 0.14)))
            painter.drawPath(brow)
        mouth = QRectF(-s * 0.5, s * 0.36, s, s * 0.34)
        painter.setPen(style.pen(style.INK, style.stroke(painter, s * 0.06)))
        painter.setBrush(Qt.GlobalColor.white)
        painter.drawRect(mouth)
        for i in range(1, 4):
            x = mouth.left() + mouth.width() * i / 4
            painter.drawLine(QPointF(x, mouth.top()), QPointF(x, mouth.bottom()))
        painter.drawLine(QPointF(mouth.left(), mouth.center().y()), QPointF(mouth.right(), mouth.center().y()))


class ReachItem(ElementItem):
    """A round hazard that strikes within a reach drawn as a faint ring (piranha plant, chain chomp)."""

    round = True
    cached_picture = True
    shares_sprites = True
    paints_outside = True

    reach_colour: QColor = QColor()

    def reach_mm(self) -> float:
        raise NotImplementedError

    def draw_reach_ring(self, painter: QPainter) -> None:
        if self.picturing:
            return  # painted by `paint_outside`
        scene = self.scene()
        if scene is not None and not getattr(scene, "show_reach", True):
            return  # View ▸ Overlays ▸ Reach Rings is off
        draw_reach(painter, self.reach_mm(), self.reach_colour)

    def draw_simple(self, painter: QPainter) -> None:
        self.draw_reach_ring(painter)
        super().draw_simple(painter)

    def local_picture_rect(self) -> QRectF:
        r = self._radius() + 3
        return QRectF(-r, -r, 2 * r, 2 * r)

    def picture_rect(self) -> QRectF:
        return self.local_picture_rect()  # round: the same at any turn

    def paint_outside(self, painter: QPainter) -> None:
        self.draw_reach_ring(painter)  # a ring is round: no turn needed


    def decoration_bounds(self) -> QRectF:
        return ring_bounds(max(self.reach_mm(), self._radius()))


class PiranhaPlantItem(ReachItem):
    """A red, white-spotted head on two leaves, with its strike range as a faint ring."""

    kind = "piranha_plant"
    simple_colour = QColor("#d7263d")
    reach_colour = PIRANHA_RED

    def reach_mm(self) -> float:
        return self.element.range_mm

    def draw(self, painter: QPainter) -> None:
        r = self._radius()
        self.draw_reach_ring(painter)
        painter.setPen(style.pen(LEAF_GREEN.darker(160), style.stroke(painter, 0.6)))
        painter.setBrush(LEAF_GREEN)
        for sign in (-1, 1):
            leaf = QPainterPath(QPointF(0.0, 0.0))
            leaf.cubicTo(-r * 0.9, sign * r * 0.5, -r * 0.6, sign * r, -r * 0.1, sign * r)
            leaf.cubicTo(r * 0.4, sign * r * 0.9, r * 0.5, sign * r * 0.4, 0.0, 0.0)
            painter.drawPath(leaf)
        head = r * 0.8
        style.outlined_ellipse(painter, QPointF(), head, head, PIRANHA_RIM, style.stroke(painter, 0.8),
                               style.radial_gradient(QPointF(-head * 0.3, -head * 0.3), head * 1.5, PIRANHA_STOPS,
                                                     flat=self.flat))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(Qt.GlobalColor.white)
        for x, y, s in ((-0.3, -0.45, 0.2), (0.3, -0.45, 0.15), (-0.5, 0.15, 0.17), (0.0, 0.5, 0.19),
                        (0.5, 0.2, 0.16), (0.05, -0.02, 0.13)):
            painter.drawEllipse(QPointF(x * head, y * head), s * head, s * head)


class ChainChompItem(ReachItem):
    """A black iron ball with a white eye and teeth, its reach as a faint ring."""

    kind = "chain_chomp"
    simple_colour = QColor("#141416")
    reach_colour = CHOMP_BLACK

    def reach_mm(self) -> float:
        return self.element.reach_mm

    def draw(self, painter: QPainter) -> None:
        self.draw_reach_ring(painter)
        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        r = self._radius()
        style.outlined_ellipse(painter, QPointF(), r, r, CHOMP_RIM, style.stroke(painter, 0.6),
                               style.radial_gradient(QPointF(-r * 0.35, -r * 0.4), r * 1.5, CHOMP_STOPS,
                                                     flat=self.flat))
        draw_eye(painter, QPointF(-r * 0.05, -r * 0.38), r * 0.24, r * 0.24, QPointF(r * 0.06, 0))
        # An open mouth on the right with a row of teeth.
        mouth = QPainterPath(QPointF(-r * 0.15, r * 0.05))
        mouth.quadTo(QPointF(r * 0.5, r * 0.1), QPointF(r * 0.92, -r * 0.2))
        mouth.quadTo(QPointF(r * 0.85, r * 0.55), QPointF(r * 0.1, r * 0.6))
        mouth.quadTo(QPointF(-r * 0.15, r * 0.35), QPointF(-r * 0.15, r * 0.05))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#b3202a"))
        painter.drawPath(mouth)
        painter.setBrush(Qt.GlobalColor.white)
        teeth = QPainterPath()
        for i in range(4):
            x = -r * 0.1 + i * r * 0.25
            teeth.moveTo(x, r * 0.06 + i * 0.0)
            teeth.lineTo(x + r * 0.24, r * 0.06 - r * 0.02 * i)
            teeth.lineTo(x + r * 0.12, r * 0.28)
            teeth.closeSubpath()
        painter.drawPath(teeth.intersected(mouth))
        painter.setBrush(style.with_alpha(Qt.GlobalColor.white, 90))
        painter.drawEllipse(QPointF(-r * 0.45, -r * 0.5), r * 0.14, r * 0.09)


class WanderingThreatItem(ElementItem[WanderingThreat]):
    """A brown mushroom-ish walker (a Goomba by default) with its name underneath."""

    round = True

    kind = "wandering_threat"
    cached_picture = True
    shares_sprites = True
    upright_only = frozenset({"name", "move"})  # all of it is upright
    simple_colour = QColor("#8a4b22")
    _LABEL_MM = 10.0

    def _label_offset(self) -> QPointF:
        return QPointF(0.0, self._radius() + self._LABEL_MM * 0.95)


    def decoration_bounds(self) -> QRectF:
        return self.label_bounds(self.element.name, self._label_offset(), self._LABEL_MM)

    def draw(self, painter: QPainter) -> None:
        self.upright_part(painter)

    def draw_upright(self, painter: QPainter) -> None:
        r = self._radius()
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.6)))
        painter.setBrush(GOOMBA_FEET)
        for sign in (-1, 1):
            painter.drawEllipse(QPointF(sign * r * 0.42, r * 0.78), r * 0.38, r * 0.2)
        cap = QPainterPath(QPointF(-r * 0.95, r * 0.35))
        cap.cubicTo(QPointF(-r * 1.05, -r * 0.6), QPointF(-r * 0.5, -r * 1.0), QPointF(0.0, -r * 1.0))
        cap.cubicTo(QPointF(r * 0.5, -r * 1.0), QPointF(r * 1.05, -r * 0.6), QPointF(r * 0.95, r * 0.35))
        cap.cubicTo(QPointF(r * 0.6, r * 0.7), QPointF(-r * 0.6, r * 0.7), QPointF(-r * 0.95, r * 0.35))
        painter.setBrush(style.radial_gradient(QPointF(-r * 0.3, -r * 0.6), r * 1.8, GOOMBA_STOPS, flat=self.flat))
        painter.drawPath(cap)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(GOOMBA_FACE)
        painter.drawEllipse(QPointF(0.0, r * 0.25), r * 0.55, r * 0.32)
        for sign in (-1, 1):
            look = QPointF(-sign * r * 0.03, r * 0.04)
            draw_eye(painter, QPointF(sign * r * 0.24, -r * 0.12), r * 0.16, r * 0.24, look)
            painter.setPen(style.pen(style.INK, style.stroke(painter, r * 0.1)))
            painter.drawLine(QPointF(sign * r * 0.5, -r * 0.5), QPointF(sign * r * 0.08, -r * 0.34))
        painter.setPen(style.pen(style.INK, style.stroke(painter, r * 0.06)))
        painter.drawLine(QPointF(-r * 0.2, r * 0.3), QPointF(r * 0.2, r * 0.3))
        style.draw_text(painter, self.element.name, self._label_offset(), self._LABEL_MM)
