"""The measuring tool: drag from one point to another to read the distance on the status bar.

While dragging, a dashed line joins the two points and the window's status bar shows
`geometry.measure.measure(...).summary()`: the distance in the document's display units and in the
ruleset's Short / Medium / Long straights. The reading stays after the release until the next drag.
It never edits the document. Esc or a right click goes back to the select tool.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QGraphicsLineItem

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.base import Tool, ToolEvent
from designer.geometry.measure import Measurement, measure


class MeasureTool(Tool):
    name = "measure"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._start: tuple[float, float] | None = None
        self._line: QGraphicsLineItem | None = None
        self.last: Measurement | None = None

    @property
    def hint(self) -> str:
        return "Drag to measure a distance — Esc to stop"

    def activate(self) -> None:
        super().activate()
        self._line = QGraphicsLineItem()
        self._line.setPen(cosmetic_pen(QColor(ACCENT), 1.5, Qt.PenStyle.DashLine))
        self._line.setZValue(OVERLAY_Z - 3)
        self._line.setVisible(False)
        self.manager.scene.addItem(self._line)

    def deactivate(self) -> None:
        self._start = None
        self.discard(self._line)
        self._line = None

    def cancel(self) -> bool:
        self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if event.left:
            self._start = self.manager.snap_point(event.scene_pos)
            self._show(event.scene_pos)
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._start is not None:
            self._show(event.scene_pos)
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if event.left and self._start is not None:
            self._show(event.scene_pos)
            self._start = None
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            return self.cancel()
        return False

    # --- reading ---------------------------------------------------------------------------------
    def _show(self, scene_pos: QPointF) -> None:
        end = self.manager.snap_point(scene_pos)
        document = self.manager.document
        self.last = measure(self._start, end, document.ruleset, document.prop("display_units"))
        if self._line is not None:
            self._line.setLine(QLineF(QPointF(*self._start), QPointF(*end)))
            self._line.setVisible(True)
        window = self.manager.view.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(self.last.summary())
