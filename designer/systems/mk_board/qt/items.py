"""Mario Kart Board Game's canvas items: how its own kinds look on the canvas (`ITEM_CLASSES`).

A `space` is a rounded tile (the rule data's `element_sizes.space`) in its field's colour with the field's
icon and its number, the start chequered; a `shortcut` is a red arrow from one space's centre to the
other's, routed round the other tiles and ending on the target's edge (`arrows.shortcut_path`, the path the
print draws too). The arrow reads its path from the scene's document and follows its edits itself (the scene
relinks only the built-in kinds), so it is redrawn whenever a space moves, appears or goes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QTransform

from designer.canvas import layer, style
from designer.canvas.items.base import ElementItem, centred_rect, circle, rounded_rect
from designer.canvas.items.watch import WatchesDocument
from designer.systems.mk_board.elements import Shortcut, Space

#: Each field's tile colour (plain tiles are light card; the start is chequered on top of white).
FIELD_COLOURS = {
    "plain": QColor("#f3efe4"),
    "item": QColor("#8fd3ff"),
    "booster": QColor("#ffd23f"),
    "mushroom": QColor("#ffb3a7"),
    "thwomp": QColor("#9aa4b5"),
    "start": QColor("#ffffff"),
}
SHORTCUT_RED = QColor("#d62828")
MUSHROOM_RED = QColor("#d62828")
BOOST_ORANGE = QColor("#f08c00")
STONE = QColor("#5b6475")


def chequer(rect: QRectF, squares: int = 4) -> QPainterPath:
    """The black squares of a chequered flag filling `rect`."""
    path = QPainterPath()
    w, h = rect.width() / squares, rect.height() / squares
    for row in range(squares):
        for col in range(squares):
            if (row + col) % 2 == 0:
                path.addRect(QRectF(rect.left() + col * w, rect.top() + row * h, w, h))
    return path


def _chevron(s: float) -> QPainterPath:
    """A forward-pointing double chevron of size `s` (the booster), +x = travel."""
    path = QPainterPath()
    for dx in (-0.35 * s, 0.05 * s):
        path.moveTo(dx, -0.4 * s)
        path.lineTo(dx + 0.35 * s, 0.0)
        path.lineTo(dx, 0.4 * s)
        path.lineTo(dx + 0.18 * s, 0.4 * s)
        path.lineTo(dx + 0.53 * s, 0.0)
        path.lineTo(dx + 0.18 * s, -0.4 * s)
        path.closeSubpath()
    return path


class SpaceItem(ElementItem[Space]):
    """One space: its field's colour and icon, its number upright in the top half."""

    kind = "space"
    simple_colour = QColor("#d8cfb8")

    def _side(self) -> float:
        return min(self.metrics.length_mm, self.metrics.width_mm)

    def body_path(self) -> QPainterPath:
        return rounded_rect(self._rect(), self._side() * 0.18)

    def draw_simple(self, painter: QPainter) -> None:
        painter.setPen(style.cosmetic(style.INK, 0.6))
        painter.setBrush(FIELD_COLOURS.get(self.element.field, self.simple_colour))
        painter.drawPath(self.body())

    def draw(self, painter: QPainter) -> None:
        field = self.element.field
        s = self._side()
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.8)))
        painter.setBrush(FIELD_COLOURS.get(field, FIELD_COLOURS["plain"]))
        painter.drawPath(self.body())
        if field == "start":
            painter.save()
            painter.setClipPath(self.body())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.INK)
            painter.drawPath(chequer(self._rect()))
            painter.restore()
            painter.setPen(style.pen(style.INK, style.stroke(painter, 0.8)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.body())
        elif field == "booster":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(BOOST_ORANGE)
            painter.drawPath(_chevron(s * 0.8).translated(0.0, 0.0))
        number = str(self.element.number)
        if field == "plain":
            with self.upright(painter):
                style.draw_text(painter, number, QPointF(), s * 0.42)
            return
        with self.upright(painter):
            if field == "item":
                style.draw_text(painter, "?", QPointF(0.0, s * 0.14), s * 0.45, color=QColor(Qt.GlobalColor.white),
                                halo=style.with_alpha(style.INK, 200))
            elif field == "mushroom":
                painter.save()
                painter.translate(0.0, s * 0.07)  # clear of the number above it
                self._mushroom(painter, s)
                painter.restore()
            elif field == "thwomp":
                self._thwomp(painter, s)
            style.draw_text(painter, number, QPointF(0.0, -s * 0.26), s * 0.24)

    @staticmethod
    def _mushroom(painter: QPainter, s: float) -> None:
        cap = QPainterPath()
        cap.moveTo(-s * 0.3, s * 0.12)
        cap.arcTo(QRectF(-s * 0.3, -s * 0.16, s * 0.6, s * 0.56), 180.0, -180.0)
        cap.closeSubpath()
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.5)))
        painter.setBrush(Qt.GlobalColor.white)
        painter.drawRoundedRect(QRectF(-s * 0.12, s * 0.1, s * 0.24, s * 0.22), s * 0.05, s * 0.05)
        painter.setBrush(MUSHROOM_RED)
        painter.drawPath(cap)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(Qt.GlobalColor.white)
        for x, y, r in ((0.0, 0.0, 0.07), (-0.17, 0.07, 0.05), (0.17, 0.07, 0.05)):
            painter.drawPath(circle(s * r, QPointF(s * x, s * y)))

    @staticmethod
    def _thwomp(painter: QPainter, s: float) -> None:
        face = centred_rect(s * 0.5, s * 0.44, 0.0, s * 0.14)
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.5)))
        painter.setBrush(STONE)
        painter.drawRect(face)
        painter.setPen(style.pen(QColor(Qt.GlobalColor.white), style.stroke(painter, 0.6)))
        # angry brows and a clenched mouth
        painter.drawLine(QLineF(-s * 0.18, s * 0.02, -s * 0.04, s * 0.07))
        painter.drawLine(QLineF(s * 0.18, s * 0.02, s * 0.04, s * 0.07))
        painter.drawLine(QLineF(-s * 0.14, s * 0.26, s * 0.14, s * 0.26))


class ShortcutItem(WatchesDocument, ElementItem[Shortcut]):
    """A red arrow from the tile of `from_space` onto the tile of `to_space`, around the tiles between."""

    kind = "shortcut"
    simple_colour = SHORTCUT_RED

    #: Its arrow's path (scene mm, tail to tip; `arrows.shortcut_path`, as printed), read from the scene's
    #: document; None while either space is missing.
    _ends: tuple[tuple[float, float], ...] | None = None
    _document = None

    # --- following the ends ----------------------------------------------------------------------
    def _scene_ends(self) -> tuple[tuple[float, float], ...] | None:
        from designer.systems.mk_board.arrows import shortcut_path

        document = self._document
        if document is None:
            return None
        a, b = document.element(self.element.from_space), document.element(self.element.to_space)
        if a is None or b is None or a.kind != "space" or b.kind != "space":
            return None
        spaces = [e for e in document.elements if e.kind == "space"]
        path = shortcut_path(a, b, spaces, self._tile_side())
        return tuple(path) if path is not None else None

    def _tile_side(self) -> float:
        board = getattr(getattr(self._document, "ruleset", None), "board", None)
        return float(board.space_size_mm) if board is not None else 28.0

    def _local(self, point: QPointF) -> QPointF:
        turn = QTransform().rotate(-self.element.rotation_deg)
        return turn.map(point - QPointF(self.element.x_mm, self.element.y_mm))

    def scene_changed(self, scene: Any) -> None:
        if self.watch_document(getattr(scene, "document", None) if scene is not None else None):
            self._refresh()

    def _refresh(self) -> None:
        ends = self._scene_ends()
        if ends == self._ends:
            return
        scene = self.scene()
        before = self.sceneBoundingRect()
        self._ends = ends
        self._sync()
        if scene is None:
            return
        if layer.is_layered(self):
            layer.invalidate(scene, before.united(self.sceneBoundingRect()))
        elif hasattr(scene, "live_layer"):
            scene.live_layer.refresh()

    def set_element(self, element: Shortcut) -> bool:
        if element.kind != self.kind:
            raise ValueError(f"a {type(self).__name__} cannot show a {element.kind} element")
        self._element = element
        self._ends = self._scene_ends()
        self._sync()  # the arrow is drawn relative to the position: a move changes the picture
        return False

    # --- drawing ---------------------------------------------------------------------------------
    def _arrow(self) -> QPainterPath:
        from designer.systems.mk_board.arrows import outline

        if self._ends is None:
            half = self.metrics.length_mm / 2.0
            points = [(-half, 0.0), (half, 0.0)]
        else:
            points = [(q.x(), q.y()) for q in (self._local(QPointF(x, y)) for x, y in self._ends)]
        ring = list(outline(points, self._tile_side()).exterior.coords)
        path = QPainterPath(QPointF(ring[0][0], ring[0][1]))
        for x, y, *_rest in ring[1:]:
            path.lineTo(x, y)
        path.closeSubpath()
        return path

    def body_path(self) -> QPainterPath:
        return self._arrow()

    def draw(self, painter: QPainter) -> None:
        painter.setPen(style.pen(style.with_alpha(QColor(Qt.GlobalColor.white), 220), style.stroke(painter, 0.7)))
        painter.setBrush(SHORTCUT_RED)
        painter.drawPath(self.body())


ITEM_CLASSES: dict[str, type[ElementItem]] = {"space": SpaceItem, "shortcut": ShortcutItem}
