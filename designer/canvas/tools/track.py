"""The track tool: lay a new track surface by clicking its centerline control points.

- Each left click adds a control point; a live preview shows the smooth curve through the points and the
  pointer, buffered to the track width (`designer.geometry.track`).
- Clicking the first point again closes the circuit; Enter or a double click finishes an open track (two
  points at least); Backspace takes back a point, Esc cancels (the clicking: `polyline.PolylineTool`).

The result is ONE `SetTrack` command. The width is the existing track's, else the ruleset's default.
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from designer.canvas.items.surface import geometry_path
from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.polyline import PolylineTool
from designer.commands.document import SetTrack
from designer.geometry.track import centerline_points, surface
from designer.i18n import _
from designer.model.track import TrackSurface

PREVIEW_FILL = QColor(60, 60, 70, 90)


def track_width(document) -> float:
    """The width a new track gets: the current track's, else the ruleset's default."""
    if document.track is not None:
        return document.track.width_mm
    return float(document.ruleset.element_defaults.track_width_mm)


class TrackTool(PolylineTool):
    name = "track"

    def __init__(self, manager) -> None:
        super().__init__(manager)
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

    def preview_track(self) -> TrackSurface | None:
        """The track the preview shows: the points so far plus the pointer (None with fewer than two)."""
        points = self.preview_points()
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
        r = self.dot_radius()
        for x, y in self.points:
            line.addEllipse(QPointF(x, y), r, r)
        self._line_item.setPath(line)
