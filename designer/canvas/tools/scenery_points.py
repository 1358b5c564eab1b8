"""Editing a scenery outline's vertices with the select tool, as with Inkscape's node tool.

When exactly one scenery element is selected, `SceneryOutlineEditor` shows its vertices as square
handles (the same `PointHandles` as the track's control points, drawn above the selection box).

- Dragging a handle moves that vertex: the vertex keeps its offset from the pointer and lands on the
  grid when snapping is on. Each step pushes a `ChangeElements` with the drag's merge key
  (`MergeId.OUTLINE`), so a drag is ONE undo step and Esc folds it away again.
- A double click on an edge (within a few pixels of it) inserts a vertex there.
- A click on a handle selects that vertex; Delete/Backspace removes it, never below three vertices,
  and the arrow keys nudge it (1 mm, Shift: 10 mm).
- Esc drops the vertex selection; with none, the select tool clears the selection, which ends editing.

A step that would leave the outline crossing itself (or flat) is refused with a line in the status bar;
the maths and the checks live in `designer.geometry.polygon_edit`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt

from designer.canvas.selection import OVERLAY_Z
from designer.canvas.tools.gestures import Gesture
from designer.canvas.tools.handles import GRAB_PX, PointHandles, nearest_handle, show_status
from designer.commands.merge import MergeId
from designer.document.operations import change_elements
from designer.geometry import snap
from designer.geometry.polygon_edit import (
    OutlineError,
    delete_vertex,
    insert_vertex,
    move_vertex,
    nearest_edge,
    scene_vertices,
    to_local,
)
from designer.i18n import _
from designer.model.elements import Scenery

_DELETE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


class VertexDrag(Gesture):
    """Drag one vertex; pushes only once the pointer has really moved."""

    def __init__(self, editor: SceneryOutlineEditor, element: Scenery, index: int, press) -> None:
        self._editor = editor
        self._start = element
        self._index = index
        self._anchor = scene_vertices(element)[index]
        self._press_px = press.pixel
        self._press = press.point
        self._key = object()
        self._moved = False

    def update(self, event) -> None:
        if not self._moved and not snap.is_drag(self._press_px, event.pixel):
            return
        self._moved = True
        manager = self._editor.manager
        dx, dy = snap.drag_delta(self._anchor, self._press, event.point, manager.snap_spacing())
        try:
            after = move_vertex(self._start, self._index, (self._anchor[0] + dx, self._anchor[1] + dy))
        except OutlineError as exc:
            self._editor.status(_("Cannot move the vertex there: {reason}").format(reason=exc))
            return  # the vertex stays at its last good place
        change_elements(manager.document, [after], _("Move scenery vertex"), self._key, MergeId.OUTLINE)

    def cancel(self) -> None:
        if self._moved:
            change_elements(self._editor.document, [self._start], _("Move scenery vertex"), self._key, MergeId.OUTLINE)


class SceneryOutlineEditor(QObject):
    """The vertex handles of the one selected scenery element, and the edits made with them."""

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self.manager = manager
        self.handles = PointHandles(OVERLAY_Z + 1)
        self.handles.setVisible(False)
        manager.scene.addItem(self.handles)
        self._shown = False
        self._element_id: str | None = None
        document = manager.document
        manager.host.selection_changed.connect(self.refresh)
        document.elements_changed.connect(self._on_elements_changed)
        document.elements_removed.connect(self.refresh)
        manager.view.zoom_changed.connect(lambda _zoom: self.refresh())
        manager.view.installEventFilter(self)

    @property
    def document(self):
        return self.manager.document

    @property
    def selected(self) -> int | None:
        return self.handles.selected

    def element(self) -> Scenery | None:
        """The scenery element being edited: shown, and the only one selected."""
        if not self._shown:
            return None
        ids = self.manager.selected_ids()
        element = self.document.element(ids[0]) if len(ids) == 1 else None
        return element if isinstance(element, Scenery) else None

    def show(self, on: bool) -> None:
        self._shown = on
        self.refresh()

    def refresh(self, *_args) -> None:
        if self.handles.scene() is None:
            return
        element = self.element()
        element_id = element.id if element is not None else None
        if element_id != self._element_id:
            self._element_id = element_id
            self.handles.hovered = self.handles.selected = None
        if element is None:
            self.handles.setVisible(False)
            return
        count = len(element.polygon)
        for name in ("hovered", "selected"):
            index = getattr(self.handles, name)
            if index is not None and index >= count:
                setattr(self.handles, name, None)
        self.handles.set_points(scene_vertices(element), self._mm_per_px())
        self.handles.setVisible(True)

    def _on_elements_changed(self, ids: list) -> None:
        if self._element_id is not None and self._element_id in ids:
            self.refresh()

    def _mm_per_px(self) -> float:
        return 1.0 / max(self.manager.view.scale_factor(), 1e-9)

    # --- hit testing -----------------------------------------------------------------------------
    def handle_at(self, view_pos: QPointF) -> int | None:
        """The vertex whose handle is under `view_pos` (viewport pixels), nearest first."""
        if not self.handles.isVisible():
            return None
        return nearest_handle(self.manager.view, self.handles.points(), view_pos)

    def near_outline(self, view_pos: QPointF) -> bool:
        """True when `view_pos` is within grabbing distance of an edge of the edited outline."""
        element = self.element() if self.handles.isVisible() else None
        if element is None:
            return False
        local = to_local(element, self._scene_point(view_pos))
        return nearest_edge(element.polygon, local, GRAB_PX * self._mm_per_px(), min_gap_mm=0.0) is not None

    def _scene_point(self, view_pos: QPointF) -> tuple[float, float]:
        point = self.manager.view.mapToScene(view_pos.toPoint())
        return point.x(), point.y()

    def set_hover(self, index: int | None) -> None:
        self.handles.set_hovered(index)

    def set_selected(self, index: int | None) -> None:
        self.handles.set_selected(index)

    # --- edits -----------------------------------------------------------------------------------
    def begin_drag(self, index: int, event) -> VertexDrag | None:
        element = self.element()
        if element is None:
            return None
        self.set_selected(index)
        return VertexDrag(self, element, index, event)

    def insert_at(self, view_pos: QPointF) -> bool:
        """Insert a vertex on the edge under `view_pos`; True when the press was on an edge (even if refused)."""
        element = self.element() if self.handles.isVisible() else None
        if element is None:
            return False
        try:
            result = insert_vertex(element, self._scene_point(view_pos), GRAB_PX * self._mm_per_px())
        except OutlineError as exc:
            self.status(_("Cannot insert a vertex: {reason}").format(reason=exc))
            return True
        if result is None:
            return False
        after, index = result
        change_elements(self.document, [after], _("Insert scenery vertex"))
        self.set_selected(index)
        return True

    def nudge(self, dx: float, dy: float, merge_key: object) -> None:
        """Move the selected vertex by (dx, dy) table mm; nudges with the same key are one undo step."""
        element, index = self.element(), self.handles.selected
        if element is None or index is None:
            return
        x, y = scene_vertices(element)[index]
        try:
            after = move_vertex(element, index, (x + dx, y + dy))
        except OutlineError as exc:
            self.status(_("Cannot move the vertex there: {reason}").format(reason=exc))
            return
        change_elements(self.document, [after], _("Nudge scenery vertex"), merge_key, MergeId.OUTLINE)

    def delete_current(self) -> bool:
        """Delete the selected vertex; False when none is selected (the key then deletes elements)."""
        element = self.element()
        index = self.handles.selected
        if element is None or index is None or not self.handles.isVisible():
            return False
        try:
            after = delete_vertex(element, index)
        except (OutlineError, IndexError) as exc:
            self.status(_("Cannot delete the vertex: {reason}").format(reason=exc))
            return True  # the key was ours even though the edit was refused
        self.handles.selected = self.handles.hovered = None
        change_elements(self.document, [after], _("Delete scenery vertex"))
        return True

    def status(self, message: str) -> None:
        show_status(self.manager.view, message)

    # --- keys ------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # With a vertex selected, Delete belongs to the canvas, not to Edit ▸ Delete (the whole element).
        if (event.type() == QEvent.Type.ShortcutOverride and event.key() in _DELETE_KEYS
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
                and self.handles.isVisible() and self.handles.selected is not None):
            event.accept()
            return True
        return False

    def dispose(self) -> None:
        self.manager.view.removeEventFilter(self)
        if self.handles.scene() is not None:
            self.handles.scene().removeItem(self.handles)
