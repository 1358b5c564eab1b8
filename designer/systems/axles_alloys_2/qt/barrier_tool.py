"""Axles and Alloys II's barrier tool (Track ▸ Draw Barrier, for documents whose ruleset offers barriers):
click the points of a barrier's polyline.

- Each left click adds a point; a live preview shows the line so far and the pointer, as thick as the rule
  data's barrier.
- Clicking the first point again closes the barrier into a loop; Enter or a double click finishes an open
  barrier (two distinct points at least); Backspace takes back a point, Esc cancels (the clicking:
  `polyline.PolylineTool`).

The result is ONE undo step adding one `barrier` element, whose x/y is the middle of the points' box and
whose points are relative to it; the new barrier ends up selected, ready to have its points dragged
(`barrier_points.BarrierPointsEditor`).
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.polyline import PolylineTool
from designer.document.operations import add_elements
from designer.i18n import _
from designer.model.edit import unique_id, validate_element
from designer.systems.axles_alloys_2.elements import BARRIER

KIND = BARRIER
PREVIEW = QColor(198, 40, 40, 150)
#: The thickness of the preview when the rule data gives none (½").
FALLBACK_WIDTH_MM = 12.7


def barrier_width(document) -> float:
    try:
        size = document.ruleset.element_size(KIND)
    except Exception:  # a broken rules file: a preview of the usual width
        size = None
    return float(size.width_mm) if size is not None else FALLBACK_WIDTH_MM


def barrier_from_points(element_id: str, points: list[tuple[float, float]], closed: bool):
    """A barrier element through `points` (table mm): placed at the middle of their box, points relative to it."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = round((min(xs) + max(xs)) / 2.0, 3), round((min(ys) + max(ys)) / 2.0, 3)
    local = [(round(x - cx, 3), round(y - cy, 3)) for x, y in points]
    return validate_element({"id": element_id, "kind": KIND, "x_mm": cx, "y_mm": cy, "rotation_deg": 0.0,
                             "points": local, "closed": closed})


class BarrierTool(PolylineTool):
    name = "barrier"
    draws = KIND

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._band: QGraphicsPathItem | None = None
        self._dots: QGraphicsPathItem | None = None

    @property
    def hint(self) -> str:
        return _("Click the barrier's points — click the first point to close it, Enter or double-click to "
                 "finish, Backspace to take back a point, Esc to cancel")

    # --- lifecycle -------------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        self._band = QGraphicsPathItem()
        pen = cosmetic_pen(PREVIEW, 1.0)
        pen.setCosmetic(False)
        pen.setWidthF(barrier_width(self.manager.document))
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self._band.setPen(pen)
        self._band.setZValue(OVERLAY_Z - 4)
        self._dots = QGraphicsPathItem()
        self._dots.setPen(cosmetic_pen(QColor(ACCENT), 1.5))
        self._dots.setZValue(OVERLAY_Z - 3)
        for item in (self._band, self._dots):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.manager.scene.addItem(item)

    def deactivate(self) -> None:
        self.points = []
        self.discard(self._band, self._dots)
        self._band = self._dots = None

    def finish(self, closed: bool) -> str | None:
        """Add the barrier drawn as one undo step and select it; None (and keep drawing) with too few points."""
        if len(set(self.points)) < (3 if closed else 2):
            return None
        document = self.manager.document
        try:
            barrier = barrier_from_points(unique_id(KIND, document.ids()), list(self.points), closed)
        except (ValidationError, ValueError) as exc:
            reason = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
            self.manager.view.window().statusBar().showMessage(
                _("Cannot make that barrier: {reason}").format(reason=reason))
            return None
        add_elements(document, [barrier], _("Draw closed barrier") if closed else _("Draw barrier"))
        self.points = []
        self.manager.use_select()
        self.manager.select([barrier.id])
        return barrier.id

    def _update_preview(self) -> None:
        if self._band is None or self._dots is None:
            return
        points = self.preview_points()
        band = QPainterPath()
        if len(points) >= 2:
            band.moveTo(QPointF(*points[0]))
            for x, y in points[1:]:
                band.lineTo(x, y)
        self._band.setPath(band)
        dots = QPainterPath()
        r = self.dot_radius()
        for x, y in self.points:
            dots.addEllipse(QPointF(x, y), r, r)
        self._dots.setPath(dots)
