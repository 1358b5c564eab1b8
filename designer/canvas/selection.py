"""Selection feedback on the canvas: the outline of selected items, the hover outline, the dashed box
around the whole selection and its rotation handle (a round knob on a stalk above the box).

All of it is sized in screen pixels, so it stays thin and crisp at any zoom. The overlay is view state:
it reads which items are selected and never touches the document; tools ask it where the handle is.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from designer.canvas import style
from designer.panes.markup import number_text

ACCENT = QColor("#1a73e8")
ACCENT_DARK = QColor("#0d47a1")
HALO = QColor(255, 255, 255, 235)
BOX_HALO = QColor(255, 255, 255)
SHADOW = QColor(0, 0, 0, 70)

#: Above every element (their z is their list index) and the place tool's ghost.
OVERLAY_Z = 1e9
BOX_PAD_PX = 5.0
HANDLE_STALK_PX = 26.0
HANDLE_RADIUS_PX = 6.5
#: How far from the knob's centre a press still grabs it.
HANDLE_GRAB_PX = HANDLE_RADIUS_PX + 4.0


def cosmetic_pen(color: QColor, px: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(color, px, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def paint_selected_outline(painter: QPainter, path: QPainterPath, room_mm: float = 2.5) -> None:
    """Trace a selected item's body: a light halo under a blue line, so it reads on tarmac and on the mat.

    The lines are a few pixels wide but never spill more than `room_mm` past the body, which keeps them
    inside the item's bounds when zoomed far out (where a pixel is more than a millimetre).
    """
    room_px = 2.0 * room_mm * style.pixels(painter)
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(cosmetic_pen(HALO, min(4.0, room_px)))
    painter.drawPath(path)
    painter.setPen(cosmetic_pen(ACCENT, min(2.0, room_px * 0.5)))
    painter.drawPath(path)
    painter.restore()


class OutlineItem(QGraphicsPathItem):
    """A path drawn with a cosmetic pen whose bounds allow for the pen's width in pixels at the current zoom
    (Qt would allow for it in scene units, too little when zoomed out)."""

    def __init__(self) -> None:
        super().__init__()
        self._margin = 0.0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_outline(self, path: QPainterPath, mm_per_px: float) -> None:
        self.prepareGeometryChange()
        self._margin = (self.pen().widthF() + 2.0) * mm_per_px
        self.setPath(path)

    def boundingRect(self) -> QRectF:
        m = self._margin
        return self.path().boundingRect().adjusted(-m, -m, m, m)


class SelectionBox(QGraphicsItem):
    """The dashed box around the whole selection, in scene mm with pixel-wide lines."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self._margin = 0.0
        self.setZValue(OVERLAY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_rect(self, rect: QRectF, mm_per_px: float) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self._margin = 3.0 * mm_per_px
        self.update()

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        m = self._margin
        return self._rect.adjusted(-m, -m, m, m)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        # An opaque halo: Qt blends translucent hairlines pixel by pixel, which costs a millisecond on
        # a box round a large selection, and under the dashes the difference does not show.
        painter.setPen(cosmetic_pen(BOX_HALO, 1.0))
        painter.drawRect(self._rect)
        dashes = cosmetic_pen(ACCENT, 1.0, Qt.PenStyle.CustomDashLine)
        dashes.setCapStyle(Qt.PenCapStyle.FlatCap)
        dashes.setDashPattern([4.0, 3.0])
        painter.setPen(dashes)
        painter.drawRect(self._rect)


class RotationHandle(QGraphicsItem):
    """The knob that turns the selection. Drawn in screen pixels (it ignores the view's zoom).

    At rest it sits on a stalk above the selection box (the item's origin is the top-centre of the box).
    While turning, its origin is the pivot: a guide runs from the pivot to the knob at the current angle,
    and a label shows how far the selection has turned.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(OVERLAY_Z + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._turning = False
        self._radius_px = 0.0
        self._start_deg = -90.0
        self._delta_deg = 0.0

    def set_rest(self, top_centre: QPointF) -> None:
        self.prepareGeometryChange()
        self._turning = False
        self.setPos(top_centre)
        self.update()

    def set_turning(self, pivot: QPointF, radius_px: float, start_deg: float, delta_deg: float) -> None:
        self.prepareGeometryChange()
        self._turning = True
        self._radius_px, self._start_deg, self._delta_deg = radius_px, start_deg, delta_deg
        self.setPos(pivot)
        self.update()

    def knob_offset(self) -> QPointF:
        """The knob's centre relative to the item's origin, in pixels."""
        if not self._turning:
            return QPointF(0.0, -HANDLE_STALK_PX)
        angle = math.radians(self._start_deg + self._delta_deg)
        return QPointF(math.cos(angle), math.sin(angle)) * self._radius_px

    def boundingRect(self) -> QRectF:
        if not self._turning:
            r = HANDLE_RADIUS_PX + 3.0
            return QRectF(-r, -HANDLE_STALK_PX - r, 2 * r, HANDLE_STALK_PX + 2 * r)
        r = self._radius_px + HANDLE_RADIUS_PX + 60.0  # room for the angle label beyond the knob
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        knob = self.knob_offset()
        if self._turning:
            self._paint_pivot(painter)
            painter.setPen(cosmetic_pen(QColor(255, 255, 255, 150), 3.0))
            painter.drawLine(QLineF(QPointF(), knob))
            painter.setPen(cosmetic_pen(ACCENT, 1.2, Qt.PenStyle.DashLine))
            painter.drawLine(QLineF(QPointF(), knob))
        else:
            painter.setPen(cosmetic_pen(HALO, 3.0))
            painter.drawLine(QPointF(0.0, 0.0), knob + QPointF(0.0, HANDLE_RADIUS_PX))
            painter.setPen(cosmetic_pen(ACCENT, 1.2))
            painter.drawLine(QPointF(0.0, 0.0), knob + QPointF(0.0, HANDLE_RADIUS_PX))
        self._paint_knob(painter, knob)
        if self._turning:
            self._paint_label(painter, knob)

    def _paint_knob(self, painter: QPainter, centre: QPointF) -> None:
        r = HANDLE_RADIUS_PX
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADOW)
        painter.drawEllipse(centre + QPointF(0.0, 1.2), r + 0.8, r + 0.8)
        painter.setBrush(QColor(Qt.GlobalColor.white))
        painter.setPen(cosmetic_pen(ACCENT, 1.6))
        painter.drawEllipse(centre, r, r)
        # A small turning arrow inside the knob says what it does.
        arc = QRectF(centre.x() - r * 0.5, centre.y() - r * 0.5, r, r)
        painter.setPen(cosmetic_pen(ACCENT_DARK, 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(arc, 90 * 16, -270 * 16)
        tip = QPointF(centre.x(), centre.y() - r * 0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ACCENT_DARK)
        painter.drawPolygon([tip + QPointF(-2.2, -1.8), tip + QPointF(-2.2, 1.8), tip + QPointF(0.6, 0.0)])

    def _paint_pivot(self, painter: QPainter) -> None:
        painter.setPen(cosmetic_pen(HALO, 3.0))
        painter.drawLine(QPointF(-6, 0), QPointF(6, 0))
        painter.drawLine(QPointF(0, -6), QPointF(0, 6))
        painter.setPen(cosmetic_pen(ACCENT_DARK, 1.2))
        painter.drawLine(QPointF(-6, 0), QPointF(6, 0))
        painter.drawLine(QPointF(0, -6), QPointF(0, 6))
        painter.setBrush(QColor(Qt.GlobalColor.white))
        painter.drawEllipse(QPointF(), 2.5, 2.5)

    def _paint_label(self, painter: QPainter, knob: QPointF) -> None:
        if abs(self._delta_deg - round(self._delta_deg)) < 0.05:
            text = f"{self._delta_deg:+.0f}°"
        else:  # one decimal, in the language's decimal sign ("+12,5°" in German)
            text = ("+" if self._delta_deg > 0 else "") + number_text(self._delta_deg, 1) + "°"
        font = QFont()
        font.setPixelSize(12)
        font.setBold(True)
        painter.setFont(font)
        length = math.hypot(knob.x(), knob.y()) or 1.0
        at = knob + knob / length * (HANDLE_RADIUS_PX + 18.0)
        box = QRectF(at.x() - 24, at.y() - 9, 48, 18)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ACCENT)
        painter.drawRoundedRect(box, 9, 9)
        painter.setPen(QColor(Qt.GlobalColor.white))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class SelectionOverlay(QObject):
    """The selection box, rotation handle and hover outline of one view; `refresh()` re-reads the selection.

    `is_element` tells real element items from other items (the place tool's ghost, these overlays).
    """

    def __init__(self, scene: QGraphicsScene, view, is_element) -> None:
        super().__init__(view)
        self._scene = scene
        self._view = view
        self._is_element = is_element
        self.box = SelectionBox()
        self.handle = RotationHandle()
        self.hover = OutlineItem()
        self.hover.setPen(cosmetic_pen(QColor(ACCENT.red(), ACCENT.green(), ACCENT.blue(), 150), 1.5))
        self.hover.setZValue(OVERLAY_Z - 1)
        for item in (self.box, self.handle, self.hover):
            item.setVisible(False)
            scene.addItem(item)
        self._turning: tuple[QPointF, float, float] | None = None  # pivot, radius px, start angle
        view.zoom_changed.connect(lambda _zoom: self.refresh())

    def mm_per_px(self) -> float:
        return 1.0 / max(self._view.scale_factor(), 1e-9)

    def selected_items(self) -> list[QGraphicsItem]:
        return [item for item in self._scene.selectedItems() if self._is_element(item)]

    def selection_rect(self) -> QRectF:
        """The scene box around the bodies of the selected items (empty when nothing is selected)."""
        live = getattr(self._scene, "live_layer", None)
        if live is not None:
            # The scene paints exactly the selected elements live and keeps this box as they move:
            # asking it is one call instead of a walk over every selected item on every drag step.
            return live.body_bounds()
        rect = QRectF()
        for item in self.selected_items():
            rect = rect.united(item.mapToScene(item.shape()).boundingRect())
        return rect

    def refresh(self) -> None:
        self.set_hover(None)
        rect = self.selection_rect()
        if rect.isNull() or self._turning is not None:
            self.box.setVisible(False)
            self.handle.setVisible(self._turning is not None)
            return
        mm_per_px = self.mm_per_px()
        pad = BOX_PAD_PX * mm_per_px
        rect = rect.adjusted(-pad, -pad, pad, pad)
        self.box.set_rect(rect, mm_per_px)
        self.handle.set_rest(QPointF(rect.center().x(), rect.top()))
        self.box.setVisible(True)
        self.handle.setVisible(True)

    # --- the rotation handle --------------------------------------------------------------------
    def knob_view_pos(self) -> QPointF | None:
        """Where the knob is drawn, in viewport pixels (None when there is no handle)."""
        if not self.handle.isVisible():
            return None
        return QPointF(self._view.mapFromScene(self.handle.pos())) + self.handle.knob_offset()

    def hit_handle(self, view_pos: QPointF) -> bool:
        knob = self.knob_view_pos()
        return knob is not None and QLineF(knob, view_pos).length() <= HANDLE_GRAB_PX

    def begin_turning(self, pivot: QPointF) -> None:
        """Show the handle swinging round `pivot` (scene mm) from where the knob is now."""
        knob = self.knob_view_pos() or QPointF(self._view.mapFromScene(pivot)) + QPointF(0.0, -HANDLE_STALK_PX)
        centre = QPointF(self._view.mapFromScene(pivot))
        line = QLineF(centre, knob)
        radius = max(line.length(), HANDLE_STALK_PX)
        start = math.degrees(math.atan2(knob.y() - centre.y(), knob.x() - centre.x()))
        self._turning = (pivot, radius, start)
        self.box.setVisible(False)
        self.turn(0.0)

    def turn(self, delta_deg: float) -> None:
        if self._turning is not None:
            pivot, radius, start = self._turning
            self.handle.set_turning(pivot, radius, start, delta_deg)
            self.handle.setVisible(True)

    def end_turning(self) -> None:
        self._turning = None
        self.refresh()

    # --- hover ---------------------------------------------------------------------------------
    def set_hover(self, item: QGraphicsItem | None) -> None:
        if item is None:
            self.hover.setVisible(False)
            return
        self.hover.set_outline(item.mapToScene(item.shape()), self.mm_per_px())
        self.hover.setVisible(True)

    def dispose(self) -> None:
        for item in (self.box, self.handle, self.hover):
            if item.scene() is not None:
                item.scene().removeItem(item)
