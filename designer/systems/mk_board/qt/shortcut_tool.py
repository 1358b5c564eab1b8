"""Mario Kart Board Game's shortcut tool: drag from one space to another to draw a shortcut arrow; a
click on a space without dragging moves its field on one step (plain → item → … → start → plain).

Each arrow and each field change is one undo step. A dashed line follows the pointer during a drag;
releasing off a space, or on the space it started from, adds nothing. A right click or Esc puts the tool down.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QPainterPath

from designer.canvas.selection import ACCENT, OVERLAY_Z, OutlineItem, cosmetic_pen
from designer.canvas.tools.base import Tool, ToolEvent
from designer.canvas.tools.handles import show_status
from designer.document.operations import add_elements
from designer.i18n import _
from designer.systems.mk_board.board import BoardEdit, cycled, new_shortcut
from designer.systems.mk_board.elements import SHORTCUT, SPACE
from designer.systems.mk_board.qt.commands import cycle_text, push, shortcut_text

#: A press that travels less than this many screen pixels is a click.
CLICK_PX = 4.0


class ShortcutTool(Tool):
    name = "shortcut"
    draws = SHORTCUT
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._source: str | None = None
        self._press_px: QPointF | None = None
        self._line: OutlineItem | None = None

    @property
    def hint(self) -> str:
        return _("Drag from one space to another to draw a shortcut; click a space to change its field; "
                 "Esc to stop")

    def cancel(self) -> bool:
        had = self._source is not None
        self._source = None
        self._press_px = None
        self.discard(self._line)
        self._line = None
        return had

    def deactivate(self) -> None:
        self.cancel()

    def _space_at(self, event: ToolEvent):
        item = self.manager.element_at(event.scene_pos)
        return item if item is not None and item.kind == SPACE else None

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            self.cancel()
            return True
        if not event.left:
            return True
        item = self._space_at(event)
        if item is None:
            return True
        self._source = item.element_id
        self._press_px = event.view_pos
        self._line = OutlineItem()
        self._line.setZValue(OVERLAY_Z)
        self._line.setPen(cosmetic_pen(ACCENT, 1.5, Qt.PenStyle.DashLine))
        self.manager.scene.addItem(self._line)
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._source is None or self._line is None:
            return False
        source = self.manager.document.element(self._source)
        if source is None:
            self.cancel()
            return True
        path = QPainterPath(QPointF(source.x_mm, source.y_mm))
        path.lineTo(event.scene_pos)
        self._line.set_outline(path, self.manager.overlay.mm_per_px())
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if self._source is None:
            return False
        source, press = self._source, self._press_px
        self.cancel()
        document = self.manager.document
        moved = press is not None and (abs(event.view_pos.x() - press.x()) + abs(event.view_pos.y() - press.y())
                                       >= CLICK_PX)
        target = self._space_at(event)
        if not moved:
            space = document.element(source)
            if space is not None:
                push(document, BoardEdit(changed=tuple(cycled([space]))), cycle_text(1))
            return True
        if target is None or target.element_id == source:
            return True
        try:
            shortcut = new_shortcut(document.elements, source, target.element_id)
        except ValueError as exc:
            show_status(self.manager.view, str(exc))
            return True
        add_elements(document, [shortcut], shortcut_text())
        self.manager.select([shortcut.id])
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            if not self.cancel():
                self.manager.use_select()
            return True
        return False
