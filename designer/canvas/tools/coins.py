"""The coin trail tool: drag along the track to lay a line of coins every 50 mm.

While dragging, the coins to be placed show as outlines along the pointer's path
(`authoring.coin_trail`); the release adds them all as ONE undo step and selects them. A click without
a drag places one coin. Shift keeps the tool armed for another trail; Esc or a right click stops.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.base import Tool, ToolEvent
from designer.document.operations import add_elements
from designer.geometry.authoring import coin_trail
from designer.i18n import _, ngettext
from designer.model.edit import unique_id
from designer.panes.markup import number_text
from designer.rules.defaults import new_element

COIN_SPACING_MM = 50.0


class CoinTrailTool(Tool):
    name = "coin_trail"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager, spacing_mm: float = COIN_SPACING_MM) -> None:
        super().__init__(manager)
        self.spacing_mm = spacing_mm
        self._path: list[tuple[float, float]] = []
        self._preview: QGraphicsPathItem | None = None

    @property
    def hint(self) -> str:
        return _("Drag to lay coins every {spacing} mm — Shift to keep going, Esc to stop").format(
            spacing=number_text(self.spacing_mm, 3, trim=True))

    def activate(self) -> None:
        super().activate()
        self._preview = QGraphicsPathItem()
        self._preview.setPen(cosmetic_pen(QColor(ACCENT), 1.5))
        self._preview.setZValue(OVERLAY_Z - 3)
        self.manager.scene.addItem(self._preview)

    def deactivate(self) -> None:
        self._path = []
        self.discard(self._preview)
        self._preview = None

    def cancel(self) -> bool:
        if self._path:
            self._path = []
            self._update_preview()
        else:
            self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if event.left:
            self._path = [self.manager.snap_point(event.scene_pos)]
            self._update_preview()
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._path:
            self._path.append(event.point)
            self._update_preview()
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if not event.left or not self._path:
            return True
        self._path.append(event.point)
        ids = self.lay(self._path)
        self._path = []
        self._update_preview()
        if not event.shift:
            self.manager.use_select()
        self.manager.select(ids)
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            return self.cancel()
        return False

    # --- placing ---------------------------------------------------------------------------------
    def lay(self, path: list[tuple[float, float]]) -> list[str]:
        """Add coins along `path` as one undo step; returns their ids."""
        document = self.manager.document
        taken = set(document.ids())
        coins = []
        for x, y in coin_trail(path, self.spacing_mm):
            coin_id = unique_id("coin", taken)
            taken.add(coin_id)
            coins.append(new_element(document.ruleset, "coin", coin_id, x, y))
        add_elements(document, coins, ngettext("Coin trail ({n} coin)", "Coin trail ({n} coins)", len(coins))
                     .format(n=len(coins)))
        return [c.id for c in coins]

    def _update_preview(self) -> None:
        if self._preview is None:
            return
        path = QPainterPath()
        if self._path:
            size = self.manager.document.ruleset.element_size("coin")
            r = size.width_mm / 2.0 if size else 10.0
            for x, y in coin_trail(self._path, self.spacing_mm):
                path.addEllipse(QPointF(x, y), r, r)
        self._preview.setPath(path)
