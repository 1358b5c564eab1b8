"""The track tool: lay a new track surface by clicking its centerline control points.

- Each left click adds a control point (on the grid when snapping is on); a live preview shows the smooth
  curve through the points and the pointer, buffered to the track width (`designer.geometry.track`).
- Clicking the first point again (with at least three points) closes the circuit and finishes.
- Enter, or a double click, finishes an open track (two points at least).
- Backspace or a right click takes back the last point; Esc cancels the drawing (a second Esc, or Esc
  with nothing drawn, goes back to the select tool).

The result is ONE `SetTrack` command. The width is the existing track's, else the ruleset's default.
"""

from __future__ import annotations

import math

from pydantic import ValidationError
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from designer.canvas.items.surface import geometry_path
from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.base import Tool, ToolEvent
from designer.commands.document import SetTrack
from designer.geometry.track import centerline_points, surface
from designer.i18n import _
from designer.model.track import TrackSurface

#: A click this close (screen pixels) to the first point closes the circuit.
CLOSE_PX = 10.0
#: Control point dots in the preview, radius in screen pixels.
DOT_PX = 4.0
PREVIEW_FILL = QColor(60, 60, 70, 90)


def track_width(document) -> float:
    """The width a new track gets: the current track's, else the ruleset's default."""
    if document.track is not None:
        return document.track.width_mm
    return float(document.ruleset.element_defaults.track_width_mm)


class TrackTool(Tool):
    name = "track"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self.points: list[tuple[float, float]] = []
        self._pointer: tuple[float, float] | None = None
        self._surface_item: QGraphicsPathItem | None = None
        self._line_item: QGraphicsPathItem | None = None

    @property
    def hint(self) -> str:
        return _("Click to lay centerline points — click the first point to close the circuit, "
                 "Enter or double-click to finish an open track, Esc to cancel")

    # --- lifecycle -------------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        self._surface_item = QGraphicsPathItem()
        self._surface_item.setPen(cosmetic_pen(QColor(ACCENT), 1.0))
        self._surface_item.setBrush(QBrush(PREVIEW_FILL))
        self._surface_item.setZValue(OVERLAY_Z - 4)
        self._line_item = QGraphicsPathItem()
        self._line_item.setPen(cosmetic_pen(QColor(ACCENT), 1.5))
        self._line_item.setZValue(OVERLAY_Z - 3)
        for item in (self._surface_item, self._line_item):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.manager.scene.addItem(item)

    def deactivate(self) -> None:
        self.points = []
        self.discard(self._surface_item, self._line_item)
        self._surface_item = self._line_item = None

    def cancel(self) -> bool:
        """Esc: drop the points drawn so far; with none, go back to the select tool."""
        if self.points:
            self.points = []
            self._update_preview()
        else:
            self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if event.button == Qt.MouseButton.RightButton:
            self.undo_point()
            return True
        if not event.left:
            return True
        if len(self.points) >= 3 and self._near_first(event):
            self.finish(closed=True)
            return True
        point = self.manager.snap_point(event.scene_pos)
        if not self.points or math.dist(point, self.points[-1]) > 1e-6:
            self.points.append(point)  # a double click's first press has normally added it already
        self._pointer = point
        if event.double:
            self.finish(closed=False)
        self._update_preview()
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        self._pointer = self.manager.snap_point(event.scene_pos)
        self._update_preview()
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish(closed=False)
            return True
        if key == Qt.Key.Key_Escape:
            return self.cancel()
        if key == Qt.Key.Key_Backspace:
            self.undo_point()
            return True
        return False

    def leave(self) -> None:
        self._pointer = None
        self._update_preview()

    # --- drawing ---------------------------------------------------------------------------------
    def undo_point(self) -> None:
        if self.points:
            self.points.pop()
            self._update_preview()

    def finish(self, closed: bool) -> bool:
        """Push the drawn track as one SetTrack; False (and keep drawing) when there are too few points."""
        if len(self.points) < (3 if closed else 2):
            return False
        document = self.manager.document
        try:
            track = TrackSurface(centerline=list(self.points), closed=closed, width_mm=track_width(document))
        except ValidationError as exc:
            self.manager.view.window().statusBar().showMessage(
                _("Cannot make that track: {reason}").format(reason=exc.errors()[0]["msg"]))
            return False
        document.undo_stack.push(SetTrack(document, track, _("Draw closed track") if closed else _("Draw open track")))
        self.points = []
        self.manager.use_select()
        return True

    def _near_first(self, event: ToolEvent) -> bool:
        first = self.manager.view.mapFromScene(QPointF(*self.points[0]))
        return math.dist((first.x(), first.y()), event.pixel) <= CLOSE_PX

    def preview_track(self) -> TrackSurface | None:
        """The track the preview shows: the points so far plus the pointer (None with fewer than two)."""
        points = list(self.points)
        if self._pointer is not None and (not points or math.dist(points[-1], self._pointer) > 1e-6):
            points.append(self._pointer)
        if len(points) < 2:
            return None
        try:
            return TrackSurface(centerline=points, closed=False, width_mm=track_width(self.manager.document))
        except ValidationError:
            return None

    def _update_preview(self) -> None:
        if self._surface_item is None or self._line_item is None:
            return
        track = self.preview_track()
        self._surface_item.setPath(geometry_path(surface(track)) if track is not None else QPainterPath())
        line = QPainterPath()
        if track is not None:
            line.addPolygon(QPolygonF([QPointF(x, y) for x, y in centerline_points(track)]))
        r = DOT_PX / max(self.manager.view.scale_factor(), 1e-9)
        for x, y in self.points:
            line.addEllipse(QPointF(x, y), r, r)
        self._line_item.setPath(line)
