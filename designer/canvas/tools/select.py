"""The select tool (the default): pick, move, rotate and nudge elements, Inkscape/Tiled style.

- Click an element to select it alone; Shift- or Ctrl-click adds or removes it; click empty table to clear.
- Drag from empty table for a rubber band (see `RubberBand`); drag an element to move the selection;
  drag the round handle above the selection to turn it (15° steps, free with Alt).
- Alt held as a drag of elements begins (at the press or the first move): what is attached to them comes
  along, as the game system's `follow_moves` decides (PitchKart: the sections chained after a dragged
  section; see `designer.systems.api.move_attached`). Alt on a warp pipe or Bullet Bill links it instead.
- A press that travels less than a few pixels is a click, never a move.
- Arrow keys nudge the selection 1 mm (Shift: 10 mm); Esc aborts a drag, or else clears the selection.
- The track's control points show as handles: drag one to move it, double-click the track to insert one,
  Delete removes the clicked or hovered one (see `track_points`).
- With one scenery element selected, its vertices show as handles: drag one to move it, double-click an
  edge to insert one, click one to select it: Delete removes it, the arrow keys nudge it, Esc lets go of
  it (see `scenery_points`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from designer.canvas.guides import guide_at
from designer.canvas.tools.base import Tool, ToolEvent
from designer.canvas.tools.gestures import (
    Gesture,
    LinkGesture,
    MoveGesture,
    NudgeBurst,
    RotateGesture,
    RubberBand,
)
from designer.canvas.tools.scenery_points import SceneryOutlineEditor
from designer.canvas.tools.track_points import TrackPointEditor
from designer.document.operations import move_elements
from designer.geometry import snap
from designer.systems.api import moving_attached

#: Alt+drag from these links them to a warp pipe (pairing, or a Bullet Bill launcher).
LINK_SOURCES = frozenset({"warp_pipe", "bullet_bill"})
ARROWS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down"}


@dataclass
class _Press:
    """A left press that has not yet become a drag. `item_id` is the element under it (None: empty table)."""

    scene_pos: QPointF
    view_pos: QPointF
    item_id: str | None
    additive: bool
    on_release: str = ""   # "only": select just this one; "toggle": deselect it — if no drag follows
    alt: bool = False      # Alt held at the press: a drag from here carries what is attached


class SelectTool(Tool):
    name = "select"

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._press: _Press | None = None
        self._gesture: Gesture | None = None
        self._nudges = NudgeBurst()
        self.points = TrackPointEditor(manager)
        self.outline = SceneryOutlineEditor(manager)
        self._guide_press = False   # a press on a guide, handled by Qt until its release
        self._attached = False      # the drag under way carries what is attached (Alt as it began)

    @property
    def gesture(self) -> Gesture | None:
        return self._gesture

    def activate(self) -> None:
        super().activate()
        self.points.show(True)
        self.outline.show(True)

    def deactivate(self) -> None:
        super().deactivate()
        self.points.show(False)
        self.outline.show(False)

    def cancel(self) -> bool:
        self._press = None
        gesture, self._gesture = self._gesture, None
        if gesture is None:
            return False
        with moving_attached(self._attached):
            gesture.cancel()
        return True

    # --- mouse -----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if not event.left:
            # Another button during a drag aborts it, as in most editors.
            self.cancel()
            return True
        if self._gesture is not None:
            return True
        self._nudges.reset()
        self._attached = False
        manager = self.manager
        selected = manager.selected_ids()
        if selected and manager.overlay.hit_handle(event.view_pos):
            self._gesture = RotateGesture(manager, selected, event.scene_pos)
            return True
        vertex = self.outline.handle_at(event.view_pos)
        if vertex is not None:
            self._gesture = self.outline.begin_drag(vertex, event)
            return True
        self.outline.set_selected(None)
        if event.double and self.outline.insert_at(event.view_pos):
            return True
        point = self.points.handle_at(event.view_pos)
        if point is not None:
            manager.select([])
            self._gesture = self.points.begin_drag(point, event)
            return True
        self.points.set_selected(None)
        if guide_at(manager.scene, event.scene_pos) is not None:
            self._guide_press = True
            return False
        item = self._element_at(event)
        if event.double and item is None and self.points.insert_at(event.scene_pos) is not None:
            return True
        if event.alt and item is not None and item.kind in LINK_SOURCES:
            self._gesture = LinkGesture(manager, item.element_id)
            self._gesture.update(event)
            return True
        additive = event.shift or event.ctrl
        press = _Press(event.scene_pos, event.view_pos, item.element_id if item else None, additive, alt=event.alt)
        if item is not None:
            if item.element_id not in selected:
                manager.select([item.element_id], add=additive)
            else:
                press.on_release = "toggle" if additive else "only"
        self._press = press
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._gesture is not None:
            with moving_attached(self._attached):
                self._gesture.update(event)
            return True
        press = self._press
        if press is None:
            self._hover(event)
            return True
        if not snap.is_drag((press.view_pos.x(), press.view_pos.y()), event.pixel):
            return True
        self._press = None
        self._attached = False
        if press.item_id is None:
            self._gesture = RubberBand(self.manager, press.scene_pos, press.additive)
        else:
            ids = self.manager.selected_ids()
            if press.item_id not in ids:
                return True
            self.manager.overlay.set_hover(None)
            self._gesture = MoveGesture(self.manager, ids, press.item_id, press.scene_pos)
            self._attached = press.alt or event.alt
        with moving_attached(self._attached):
            self._gesture.update(event)
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if not event.left:
            return True
        if self._guide_press:
            self._guide_press = False
            return False
        gesture, self._gesture = self._gesture, None
        press, self._press = self._press, None
        if gesture is not None:
            with moving_attached(self._attached):
                gesture.finish(event)
        elif press is not None:
            self._click(press)
        return True

    def _click(self, press: _Press) -> None:
        """A press and release with (almost) no travel."""
        manager = self.manager
        if press.item_id is None:
            if not press.additive:
                manager.select([])
        elif press.on_release == "only":
            manager.select([press.item_id])
        elif press.on_release == "toggle":
            manager.select([i for i in manager.selected_ids() if i != press.item_id])

    def _element_at(self, event: ToolEvent):
        """The element under the pointer; just outside an edge of the outline being edited is still on it."""
        item = self.manager.element_at(event.scene_pos)
        if item is None and self.outline.near_outline(event.view_pos):
            item = self.manager.scene.item_for(self.outline.element().id)
        return item

    def _hover(self, event: ToolEvent) -> None:
        manager = self.manager
        vertex = self.outline.handle_at(event.view_pos)
        self.outline.set_hover(vertex)
        point = self.points.handle_at(event.view_pos) if vertex is None else None
        self.points.set_hover(point)
        if vertex is not None or point is not None:
            manager.overlay.set_hover(None)
            manager.set_cursor(Qt.CursorShape.PointingHandCursor)
            return
        if manager.overlay.hit_handle(event.view_pos):
            manager.overlay.set_hover(None)
            manager.set_cursor(Qt.CursorShape.PointingHandCursor)
            return
        item = self._element_at(event)
        selected = item is not None and item.isSelected()
        manager.overlay.set_hover(item if item is not None and not selected else None)
        manager.set_cursor(Qt.CursorShape.SizeAllCursor if selected else self.cursor)

    def leave(self) -> None:
        self.manager.overlay.set_hover(None)
        self.points.set_hover(None)
        self.outline.set_hover(None)

    # --- keys ------------------------------------------------------------------------------------
    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape:
            if self.cancel():
                return True
            if self.outline.selected is not None:
                self.outline.set_selected(None)  # Inkscape: the first Esc lets go of the vertex
            else:
                self.points.set_selected(None)
                self.manager.select([])
            return True
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self._gesture is None:
            return self.outline.delete_current() or self.points.delete_current()
        if key in ARROWS and self._gesture is None:
            return self.nudge(ARROWS[key], bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        return False

    def nudge(self, direction: str, large: bool = False) -> bool:
        """Move the selection one step; a quick run of nudges is one undo step (see `NudgeBurst`)."""
        ids = self.manager.selected_ids()
        if not ids:
            return False
        stack = self.manager.document.undo_stack
        dx, dy = snap.nudge_delta(direction, large, self.manager.nudge_steps_mm)
        vertex = self.outline.selected
        if vertex is not None:  # as in Inkscape: the arrows move the selected vertex, not the element
            key = self._nudges.key([*ids, f"vertex {vertex}"], stack.index())
            self.outline.nudge(dx, dy, key)
        else:
            key = self._nudges.key(ids, stack.index())
            move_elements(self.manager.document, ids, dx, dy, merge_key=key, text="Nudge")
        self._nudges.pushed(stack.index())
        return True

    def rotate(self, degrees: float) -> bool:
        # Turning by key while a drag is under way would fight the drag; ignore it.
        return self._gesture is not None
