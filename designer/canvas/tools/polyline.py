"""The clicking behind the tools that draw a line point by point (the track's centerline, a barrier).

- Each left click adds a point (on the grid when snapping is on); the subclass previews the points and the
  pointer (`preview_points`) in `_update_preview`.
- Clicking the first point again (with at least three points) closes the line and finishes.
- Enter, or a double click, finishes an open line.
- Backspace or a right click takes back the last point; Esc cancels the drawing (a second Esc, or Esc with
  nothing drawn, goes back to the select tool).

A subclass makes its preview items in `activate`, removes them in `deactivate`, and turns the points into one
undo step in `finish(closed)`.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from designer.canvas.tools.base import Tool, ToolEvent

#: A click this close (screen pixels) to the first point closes the line.
CLOSE_PX = 10.0
#: Point dots in the preview, radius in screen pixels.
DOT_PX = 4.0


class PolylineTool(Tool):
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self.points: list[tuple[float, float]] = []
        self._pointer: tuple[float, float] | None = None

    # --- what a subclass gives -------------------------------------------------------------------
    def finish(self, closed: bool) -> object:
        """Turn the points into the document change (one undo step); keep drawing when there are too few."""
        raise NotImplementedError

    def _update_preview(self) -> None:
        raise NotImplementedError

    # --- lifecycle -------------------------------------------------------------------------------
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

    def _near_first(self, event: ToolEvent) -> bool:
        first = self.manager.view.mapFromScene(QPointF(*self.points[0]))
        return math.dist((first.x(), first.y()), event.pixel) <= CLOSE_PX

    def preview_points(self) -> list[tuple[float, float]]:
        """The points the preview shows: those clicked plus the pointer."""
        points = list(self.points)
        if self._pointer is not None and (not points or math.dist(points[-1], self._pointer) > 1e-6):
            points.append(self._pointer)
        return points

    def dot_radius(self) -> float:
        """A point dot's radius in scene millimetres at the current zoom."""
        return DOT_PX / max(self.manager.view.scale_factor(), 1e-9)
