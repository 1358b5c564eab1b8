"""The dash panel tool: drag along the track to lay a dash panel (a row of boost pads).

The panel begins where the drag starts and points along the drag; it holds the drag length in whole
pads (`authoring.dash_panel_from_drag`, one pad = the ruleset's dash panel footprint length). While
dragging, the panel to be placed shows as an outline with its pads; the release adds it as ONE undo
step and selects it. A click without a drag lays one pad facing the track's direction there (or +x
without a track). Shift keeps the tool armed for another panel; Esc or a right click stops.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsPathItem

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.base import Tool, ToolEvent
from designer.document.operations import add_elements
from designer.geometry.authoring import dash_panel_from_drag
from designer.i18n import _, ngettext
from designer.model.edit import unique_id
from designer.rules.defaults import new_element

FALLBACK_PAD = (60.0, 60.0)   # (length, width) mm when the ruleset has no dash panel size


class DashPanelTool(Tool):
    name = "dash_panel"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._start: tuple[float, float] | None = None
        self._end: tuple[float, float] | None = None
        self._preview: QGraphicsPathItem | None = None

    @property
    def hint(self) -> str:
        return _("Drag along the track to lay a dash panel — Shift to keep going, Esc to stop")

    def pad_size(self) -> tuple[float, float]:
        """(length, width) of one pad in mm, from the ruleset."""
        size = self.manager.document.ruleset.element_size("dash_panel")
        return (size.length_mm, size.width_mm) if size else FALLBACK_PAD

    def activate(self) -> None:
        super().activate()
        self._preview = QGraphicsPathItem()
        self._preview.setPen(cosmetic_pen(QColor(ACCENT), 1.5))
        fill = QColor(ACCENT)
        fill.setAlpha(40)
        self._preview.setBrush(fill)
        self._preview.setZValue(OVERLAY_Z - 3)
        self.manager.scene.addItem(self._preview)

    def deactivate(self) -> None:
        self._start = self._end = None
        self.discard(self._preview)
        self._preview = None

    def cancel(self) -> bool:
        if self._start is not None:
            self._start = self._end = None
            self._update_preview()
        else:
            self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if event.left:
            self._start = self.manager.snap_point(event.scene_pos)
            self._end = self._start
            self._update_preview()
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._start is not None:
            self._end = event.point
            self._update_preview()
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if not event.left or self._start is None:
            return True
        start, end = self._start, event.point
        self._start = self._end = None
        self._update_preview()
        element_id = self.lay(start, end)
        if not event.shift:
            self.manager.use_select()
        self.manager.select([element_id])
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            return self.cancel()
        return False

    def rotate(self, degrees: float) -> bool:
        return True  # the drag decides which way the panel faces

    # --- placing ---------------------------------------------------------------------------------
    def placement(self, start, end) -> tuple[float, float, float, int]:
        """(x, y, rotation, pads) of the panel a drag from `start` to `end` lays."""
        return dash_panel_from_drag(start, end, self.pad_size()[0], self._track_heading(start))

    def lay(self, start, end) -> str:
        """Add the panel for a drag from `start` to `end` as one undo step; returns its id."""
        document = self.manager.document
        x, y, rotation, pads = self.placement(start, end)
        panel = new_element(document.ruleset, "dash_panel", unique_id("dash_panel", document.ids()),
                            x, y, rotation, pads=pads)
        add_elements(document, [panel], ngettext("Dash panel ({n} pad)", "Dash panel ({n} pads)", pads).format(n=pads))
        return panel.id

    def _track_heading(self, point) -> float:
        track = self.manager.document.track
        if track is None:
            return 0.0
        try:
            from designer.geometry.route import project

            return project(track, point).angle_deg
        except (ValueError, IndexError):
            return 0.0

    def _update_preview(self) -> None:
        if self._preview is None:
            return
        path = QPainterPath()
        if self._start is not None and self._end is not None:
            length, width = self.pad_size()
            x, y, rotation, pads = self.placement(self._start, self._end)
            total = length * pads
            local = QPainterPath()
            for i in range(pads):
                local.addRect(QRectF(-total / 2.0 + i * length, -width / 2.0, length, width))
            transform = QTransform()
            transform.translate(x, y)
            transform.rotate(rotation)
            path = transform.map(local)
            if math.dist(self._start, self._end) > 1e-6:
                path.moveTo(QPointF(*self._start))
                path.lineTo(QPointF(*self._end))
        self._preview.setPath(path)
