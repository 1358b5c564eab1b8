"""Point handles shared by the select tool's point editors (track control points, scenery vertices).

`PointHandles` draws small squares of constant screen size at scene points: white, larger when hovered,
filled with the accent colour when selected. `nearest_handle` finds the one under the pointer, in
viewport pixels, and `show_status` puts a refusal in the window's status bar.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen

#: Half the side of a handle, in screen pixels.
HANDLE_PX = 4.0
#: A press this close (screen pixels) to a handle grabs it.
GRAB_PX = 7.0
STATUS_MS = 5000


class PointHandles(QGraphicsItem):
    """Small squares at scene points; the hovered one is larger, the selected one filled."""

    def __init__(self, z: float = OVERLAY_Z - 5) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._points: list[tuple[float, float]] = []
        self._mm_per_px = 1.0
        self.hovered: int | None = None
        self.selected: int | None = None

    def set_hovered(self, index: int | None) -> None:
        if index != self.hovered:
            self.hovered = index
            self.update()

    def set_selected(self, index: int | None) -> None:
        if index != self.selected:
            self.selected = index
            self.update()

    def set_points(self, points: Sequence[Sequence[float]], mm_per_px: float) -> None:
        self.prepareGeometryChange()
        self._points = [(float(x), float(y)) for x, y in points]
        self._mm_per_px = mm_per_px
        self.update()

    def points(self) -> list[tuple[float, float]]:
        return list(self._points)

    def boundingRect(self) -> QRectF:
        if not self._points:
            return QRectF()
        xs, ys = [p[0] for p in self._points], [p[1] for p in self._points]
        pad = (HANDLE_PX * 2 + 2) * self._mm_per_px
        return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setPen(cosmetic_pen(QColor(ACCENT), 1.5))
        for index, (x, y) in enumerate(self._points):
            half = HANDLE_PX * (1.5 if index == self.hovered else 1.0) * self._mm_per_px
            painter.setBrush(QBrush(QColor(ACCENT) if index == self.selected else QColor("white")))
            painter.drawRect(QRectF(x - half, y - half, 2 * half, 2 * half))


def nearest_handle(view: QGraphicsView, points: Sequence[Sequence[float]], view_pos: QPointF,
                   grab_px: float = GRAB_PX) -> int | None:
    """The index of the point within `grab_px` of `view_pos` (viewport pixels), nearest first."""
    best, best_d = None, grab_px
    for index, (x, y) in enumerate(points):
        p = view.mapFromScene(QPointF(x, y))
        d = math.dist((p.x(), p.y()), (view_pos.x(), view_pos.y()))
        if d <= best_d:
            best, best_d = index, d
    return best


def show_status(view: QGraphicsView, message: str) -> None:
    """A short note in the status bar of the window holding `view` (if it has one)."""
    window = view.window()
    if hasattr(window, "statusBar"):
        window.statusBar().showMessage(message, STATUS_MS)
