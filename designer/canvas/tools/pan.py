"""`PanTool`: the hand — a left drag moves the view over the table, nothing in the document changes.

The same as a middle-button drag or Space held with the left button (`TrackView`), for a mouse or a pen
without a middle button, armed from the toolbar or with H. A right click goes back to selecting.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from designer.canvas.tools.base import Tool, ToolEvent
from designer.i18n import _


class PanTool(Tool):
    name = "pan"
    cursor = Qt.CursorShape.OpenHandCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._from: QPointF | None = None

    @property
    def hint(self) -> str:
        return _("Drag to move the view; right-click to go back to selecting")

    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if not event.left:
            return False
        self._from = QPointF(event.view_pos)
        self.manager.set_cursor(Qt.CursorShape.ClosedHandCursor)
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._from is None:
            return False
        delta = event.view_pos - self._from
        self._from = QPointF(event.view_pos)
        view = self.manager.view
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() - round(delta.x()))
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() - round(delta.y()))
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if self._from is None or not event.left:
            return False
        self._from = None
        self.manager.set_cursor(self.cursor)
        return True

    def cancel(self) -> bool:
        dragging, self._from = self._from is not None, None
        return dragging

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            self.manager.use_select()
            return True
        return False
