"""`ToolManager`: the one active tool of an editor, and what tools share — hit-testing, snapping, the
selection overlay and where the pointer is.

The editor owns one manager; the view hands it mouse and key events (after its own panning, which always
wins) and the manager converts them to `ToolEvent`s for the active tool. The host is the editor: it
provides `document`, `scene`, `view`, `selected_ids()`, `select_ids(ids, add)` and `selection_changed`.

`arm(kind)` is what a palette entry does: a kind a game system draws with a tool of its own (a board's
shortcut arrow, a PitchKart section, an Axles barrier) arms that tool — the system's Qt half names it in its
`PALETTE_TOOLS` {kind: make(manager) -> Tool or None} — and any other kind arms the place tool. A kind whose
new element cannot be made from the rule data's defaults arms nothing and says so in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsItem

from designer.canvas.items import ElementItem, defining_system, system_qt_half
from designer.canvas.selection import SelectionOverlay
from designer.canvas.tools.base import Tool, ToolEvent
from designer.canvas.tools.gestures import NudgeBurst
from designer.canvas.tools.handles import show_status
from designer.canvas.tools.place import PlaceTool
from designer.canvas.tools.select import SelectTool
from designer.commands.elements import kind_phrase
from designer.document.operations import rotate_elements
from designer.geometry import snap
from designer.i18n import _
from designer.io.validation import describe_validation_error


def palette_tool(kind: str) -> Callable[[ToolManager], Tool | None] | None:
    """What arms `kind`'s drawing tool, from the Qt half of the system that defines it (`PALETTE_TOOLS`);
    None for a kind that is placed with a click."""
    system = defining_system(kind)
    module = system_qt_half(system) if system is not None else None
    make = getattr(module, "PALETTE_TOOLS", {}).get(kind) if module is not None else None
    return make if callable(make) else None


#: A click this close (screen pixels) to a small element still picks it.
HIT_TOLERANCE_PX = 3.0


class ToolManager(QObject):
    tool_changed = Signal(object)   # the newly active Tool

    def __init__(self, host) -> None:
        super().__init__(host)
        self.host = host
        self.snap_to_grid = False
        #: (arrow key, Shift+arrow key) nudge distances in mm; the app sets them from the preferences
        self.nudge_steps_mm = (snap.NUDGE_MM, snap.NUDGE_LARGE_MM)
        self._last_view_pos: QPointF | None = None
        self._pointer_inside = False
        #: False after a right press that a tool used (the context menu then stays shut)
        self.menu_allowed = True
        self._rotations = NudgeBurst()  # a quick run of R / Shift+R on one selection is one undo step
        self.overlay = SelectionOverlay(host.scene, host.view, self.is_element_item)
        self.select_tool = SelectTool(self)
        self._active: Tool = self.select_tool
        host.selection_changed.connect(self._refresh_overlay)
        document = host.document
        for signal in (document.elements_inserted, document.elements_removed, document.elements_changed):
            signal.connect(self._refresh_overlay)
        document.order_changed.connect(self._refresh_overlay)
        document.properties_changed.connect(self._on_properties_changed)
        host.view.viewport().installEventFilter(self)
        self._active.activate()

    # --- shortcuts to the host -------------------------------------------------------------------
    @property
    def document(self):
        return self.host.document

    @property
    def scene(self):
        return self.host.scene

    @property
    def view(self):
        return self.host.view

    def selected_ids(self) -> list[str]:
        return self.host.selected_ids()

    def select(self, ids: Iterable[str], add: bool = False) -> None:
        self.host.select_ids(list(ids), add=add)

    # --- tools -----------------------------------------------------------------------------------
    @property
    def active(self) -> Tool:
        return self._active

    def set_tool(self, tool: Tool) -> None:
        if tool is self._active:
            return
        self._active.deactivate()
        self._active = tool
        tool.activate()
        self.tool_changed.emit(tool)

    def use_select(self) -> None:
        self.set_tool(self.select_tool)

    def place(self, kind: str) -> PlaceTool:
        """Arm the place tool with `kind` (re-arming with the same kind keeps the current one)."""
        if isinstance(self._active, PlaceTool) and self._active.kind == kind:
            return self._active
        tool = PlaceTool(self, kind)
        self.set_tool(tool)
        return tool

    def placing_kind(self) -> str | None:
        return self._active.kind if isinstance(self._active, PlaceTool) else None

    def arm(self, kind: str) -> Tool | None:
        """What choosing `kind` in the palette does: arm the tool that draws it, else the place tool. None,
        the select tool kept and a line in the status bar, when neither can make one."""
        make = palette_tool(kind)
        if make is not None:
            tool = make(self)
            if tool is not None:
                if tool is not self._active:
                    self.set_tool(tool)
                return tool
        try:
            PlaceTool(self, kind).new_element("ghost", 0.0, 0.0)
        except (ValidationError, ValueError, KeyError) as exc:
            self.use_select()
            reason = describe_validation_error(exc, {})[1] if isinstance(exc, ValidationError) else str(exc)
            show_status(self.view, _("A {kind} cannot be placed with a click: {reason}").format(
                kind=kind_phrase(kind), reason=reason))
            return None
        return self.place(kind)

    def palette_kind(self) -> str | None:
        """The palette entry the active tool stands for (the kind it places or draws), or None."""
        return getattr(self._active, "draws", None)

    def rotate(self, degrees: float) -> bool:
        """R / Shift+R: turn the active tool's own preview, or else the selection about its centre."""
        if self._active.rotate(degrees):
            return True
        ids = self.selected_ids()
        if not ids:
            return False
        stack = self.document.undo_stack
        rotate_elements(self.document, ids, degrees, merge_key=self._rotations.key(ids, stack.index()))
        self._rotations.pushed(stack.index())
        return True

    def set_cursor(self, shape: Qt.CursorShape) -> None:
        self.view.viewport().setCursor(shape)

    # --- shared helpers --------------------------------------------------------------------------
    def is_element_item(self, item: QGraphicsItem) -> bool:
        """True for the scene's own element items (not the ghost, the overlays or the surface)."""
        return isinstance(item, ElementItem) and self.scene.item_for(item.element_id) is item

    def element_at(self, scene_pos: QPointF) -> ElementItem | None:
        """The topmost element whose body is under `scene_pos`, allowing a few pixels round small ones."""
        order = Qt.SortOrder.DescendingOrder
        for item in self.scene.items(scene_pos, Qt.ItemSelectionMode.IntersectsItemShape, order):
            if self.is_element_item(item):
                return item
        r = HIT_TOLERANCE_PX / max(self.view.scale_factor(), 1e-9)
        near = QRectF(scene_pos.x() - r, scene_pos.y() - r, 2 * r, 2 * r)
        for item in self.scene.items(near, Qt.ItemSelectionMode.IntersectsItemShape, order):
            if self.is_element_item(item):
                return item
        return None

    def element_ids_in(self, rect: QRectF, contained: bool) -> list[str]:
        """Ids of elements wholly inside `rect` (or, with `contained` False, touching it)."""
        mode = Qt.ItemSelectionMode.ContainsItemShape if contained else Qt.ItemSelectionMode.IntersectsItemShape
        return [item.element_id for item in self.scene.items(rect, mode) if self.is_element_item(item)]

    def snap_spacing(self) -> float | None:
        """The grid step in mm when snapping is on, else None."""
        return snap.snap_spacing(self.scene.display_units()) if self.snap_to_grid else None

    def snap_point(self, point: QPointF) -> tuple[float, float]:
        return snap.snap_point((point.x(), point.y()), self.snap_spacing())

    def cursor_scene_pos(self) -> QPointF | None:
        """Where the pointer is over the table, or None when it is not over this view."""
        if not self._pointer_inside or self._last_view_pos is None or not self.view.isVisible():
            return None
        return self.view.mapToScene(self._last_view_pos.toPoint())

    def last_view_pos(self) -> QPointF | None:
        """The viewport pixel the pointer was last seen at over this view (even if it has left), or None."""
        return self._last_view_pos

    # --- events from the view --------------------------------------------------------------------
    def _tool_event(self, event: QMouseEvent) -> ToolEvent:
        pos = event.position()
        double = event.type() == QEvent.Type.MouseButtonDblClick
        return ToolEvent(self.view.mapToScene(pos.toPoint()), QPointF(pos), event.button(), event.modifiers(), double)

    def mouse_press(self, event: QMouseEvent) -> bool:
        if event.button() == Qt.MouseButton.RightButton:
            # The context menu follows the press: none after a right click that disarms a tool or aborts a drag.
            self.menu_allowed = self._active is self.select_tool and self.select_tool.gesture is None
        return self._active.mouse_press(self._tool_event(event))

    def mouse_move(self, event: QMouseEvent) -> bool:
        self._last_view_pos = QPointF(event.position())
        self._pointer_inside = True
        return self._active.mouse_move(self._tool_event(event))

    def mouse_release(self, event: QMouseEvent) -> bool:
        return self._active.mouse_release(self._tool_event(event))

    def key_press(self, event: QKeyEvent) -> bool:
        return self._active.key_press(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave:
            self._pointer_inside = False
            self._active.leave()
        elif event.type() == QEvent.Type.Enter:
            self._pointer_inside = True
        return False

    # --- following the document ------------------------------------------------------------------
    def _refresh_overlay(self, *_args) -> None:
        self.overlay.refresh()

    def _on_properties_changed(self, fields: list) -> None:
        if "ruleset" in fields:
            # The scene rebuilt every item with new sizes; a ghost or a drag from before would be stale.
            self._active.cancel()
            self.use_select()
        self.overlay.refresh()
