"""Dragging a barrier's points with the select tool: when exactly one barrier is selected, its points show as
square handles (the `PointHandles` of the track's and scenery's point editors).

A press on a handle grabs that point (and selects it); dragging moves it (onto the grid when snapping is on)
and a release puts it down. Each step pushes a `ChangeElements` with the drag's merge key, so one drag is ONE
undo step; Esc during a drag, or another button, puts the point back. The barrier's x/y and rotation stay as
they are: only the point moves (in the barrier's own frame). A double click on the band between two points
inserts a point there; Delete or Backspace removes the selected point (a barrier keeps two at least). Each of
these is one undo step.

The editor watches the view's viewport (an event filter, ahead of the select tool) and only acts while the
select tool is the active one, so every other press goes on to the tool as usual.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QPointF, Qt

from designer.canvas.selection import OVERLAY_Z
from designer.canvas.tools.handles import GRAB_PX, PointHandles, nearest_handle, show_status
from designer.commands.merge import MergeId
from designer.document.operations import change_elements
from designer.i18n import _

KIND = "barrier"
_DELETE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


def scene_points(element) -> list[tuple[float, float]]:
    """A barrier's points on the table: turned by its rotation about x/y, then moved there."""
    a = math.radians(element.rotation_deg)
    cos, sin = math.cos(a), math.sin(a)
    return [(element.x_mm + x * cos - y * sin, element.y_mm + x * sin + y * cos) for x, y in element.points]


def to_local(element, point: tuple[float, float]) -> tuple[float, float]:
    """A table point in the barrier's own frame."""
    a = math.radians(element.rotation_deg)
    dx, dy = point[0] - element.x_mm, point[1] - element.y_mm
    return (round(dx * math.cos(a) + dy * math.sin(a), 3), round(-dx * math.sin(a) + dy * math.cos(a), 3))


def segments(element) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
    """(index of the segment's first point, its ends on the table) along the barrier, the closing one too."""
    points = scene_points(element)
    pairs = [(i, points[i], points[i + 1]) for i in range(len(points) - 1)]
    if element.closed and len(points) > 2:
        pairs.append((len(points) - 1, points[-1], points[0]))
    return pairs


def nearest_segment(element, at: tuple[float, float], within_mm: float) -> tuple[int, tuple[float, float]] | None:
    """(insert index, foot point) of the segment nearest `at`, if within `within_mm` of it."""
    best = None
    for i, (ax, ay), (bx, by) in segments(element):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((at[0] - ax) * dx + (at[1] - ay) * dy) / length2))
        foot = (ax + t * dx, ay + t * dy)
        d = math.dist(foot, at)
        if d <= within_mm and (best is None or d < best[0]):
            best = (d, i + 1, foot)
    return None if best is None else (best[1], best[2])


def inserted_point(element, index: int, at: tuple[float, float]):
    points = list(element.points)
    points.insert(index, to_local(element, at))
    return element.model_copy(update={"points": points})


def removed_point(element, index: int):
    """The barrier without point `index` (ValueError when fewer than two distinct points would be left)."""
    points = [p for i, p in enumerate(element.points) if i != index]
    if len(set(points)) < 2:
        raise ValueError(_("a barrier needs at least 2 distinct points"))
    closed = element.closed and len(points) > 2
    return element.model_copy(update={"points": points, "closed": closed})


def moved_point(element, index: int, to: tuple[float, float]):
    """The barrier with point `index` at table point `to` (ValueError when that leaves it degenerate)."""
    points = list(element.points)
    points[index] = to_local(element, to)
    if len(set(points)) < 2:
        raise ValueError(_("a barrier needs at least 2 distinct points"))
    return element.model_copy(update={"points": points})


class BarrierPointsEditor(QObject):
    """The point handles of the one selected barrier of an editor, and the drags made with them."""

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.handles = PointHandles(OVERLAY_Z + 1)
        self.handles.setVisible(False)
        editor.scene.addItem(self.handles)
        self._drag: tuple[object, int, object] | None = None  # (barrier before, point index, merge key)
        self._element_id: str | None = None
        editor.selection_changed.connect(self.refresh)
        document = editor.document
        document.elements_changed.connect(self._on_elements_changed)
        document.elements_removed.connect(self.refresh)
        editor.view.zoom_changed.connect(lambda _zoom: self.refresh())
        editor.tools.tool_changed.connect(lambda _tool: self.refresh())
        editor.view.viewport().installEventFilter(self)  # the mouse
        editor.view.installEventFilter(self)  # Esc during a drag
        self.refresh()

    @property
    def document(self):
        return self.editor.document

    def element(self):
        """The barrier being edited: the only element selected, while the select tool is active."""
        tools = self.editor.tools
        if tools.active is not tools.select_tool:
            return None
        ids = self.editor.selected_ids()
        element = self.document.element(ids[0]) if len(ids) == 1 else None
        return element if element is not None and element.kind == KIND else None

    def _on_elements_changed(self, ids: list) -> None:
        """Only a change of the barrier being edited moves its handles (a change never selects one)."""
        if self._element_id is not None and self._element_id in ids:
            self.refresh()

    def refresh(self, *_args) -> None:
        if self.handles.scene() is None:
            return
        element = self.element()
        if element is None or element.id != self._element_id:
            self.handles.selected = self.handles.hovered = None
        self._element_id = element.id if element is not None else None
        if element is None:
            self.handles.setVisible(False)
            return
        if self.handles.selected is not None and self.handles.selected >= len(element.points):
            self.handles.selected = None
        scale = max(self.editor.view.scale_factor(), 1e-9)
        self.handles.set_points(scene_points(element), 1.0 / scale)
        self.handles.setVisible(True)

    def handle_at(self, view_pos: QPointF) -> int | None:
        if not self.handles.isVisible():
            return None
        return nearest_handle(self.editor.view, self.handles.points(), view_pos)

    # --- the drag --------------------------------------------------------------------------------
    def begin(self, index: int) -> None:
        element = self.element()
        if element is not None:
            self._drag = (element, index, object())
            self.handles.set_selected(index)

    def move_to(self, scene_pos: QPointF) -> None:
        if self._drag is None:
            return
        start, index, key = self._drag
        to = self.editor.tools.snap_point(scene_pos)
        current = self.document.element(start.id)
        if current is None:
            self._drag = None
            return
        try:
            after = moved_point(current, index, to)
        except ValueError as exc:
            show_status(self.editor.view, _("Cannot move the point there: {reason}").format(reason=exc))
            return
        change_elements(self.document, [after], _("Move barrier point"), key, MergeId.OUTLINE)

    def end(self) -> None:
        self._drag = None

    def insert_at(self, view_pos: QPointF) -> bool:
        """Insert a point on the band under `view_pos`; True when there was one."""
        element = self.element()
        if element is None:
            return False
        scene = self.editor.view.mapToScene(view_pos.toPoint())
        reach = max(GRAB_PX / max(self.editor.view.scale_factor(), 1e-9), self.editor.scene.metrics_for(KIND).width_mm)
        found = nearest_segment(element, (scene.x(), scene.y()), reach)
        if found is None:
            return False
        index, foot = found
        change_elements(self.document, [inserted_point(element, index, foot)], _("Insert barrier point"))
        self.handles.set_selected(index)
        return True

    def delete_current(self) -> bool:
        """Remove the selected point; False when no point is selected (the key then deletes elements)."""
        element, index = self.element(), self.handles.selected
        if element is None or index is None or index >= len(element.points):
            return False
        try:
            after = removed_point(element, index)
        except ValueError as exc:
            show_status(self.editor.view, _("Cannot delete the point: {reason}").format(reason=exc))
            return True  # the key was ours even though the edit was refused
        self.handles.selected = None
        change_elements(self.document, [after], _("Delete barrier point"))
        return True

    def cancel(self) -> bool:
        """Put the dragged point back (folding the drag's undo step away)."""
        if self._drag is None:
            return False
        start, _index, key = self._drag
        self._drag = None
        change_elements(self.document, [start], _("Move barrier point"), key, MergeId.OUTLINE)
        return True

    # --- events ----------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick):
            if self._drag is not None and event.button() != Qt.MouseButton.LeftButton:
                return self.cancel()
            if event.button() == Qt.MouseButton.LeftButton and not self.editor.view.is_panning():
                index = self.handle_at(QPointF(event.position()))
                if index is not None:
                    self.begin(index)
                    return True
                if kind == QEvent.Type.MouseButtonDblClick and self.insert_at(QPointF(event.position())):
                    return True
                if self.handles.selected is not None:
                    self.handles.set_selected(None)
        elif kind == QEvent.Type.MouseMove and self._drag is not None:
            self.move_to(self.editor.view.mapToScene(event.position().toPoint()))
            return True
        elif kind == QEvent.Type.MouseButtonRelease and self._drag is not None:
            self.end()
            return True
        elif kind == QEvent.Type.KeyPress and self._drag is not None and event.key() == Qt.Key.Key_Escape:
            return self.cancel()
        elif kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and self._owns_delete(event):
            # With a point selected, Delete removes the point, not the whole barrier (Edit ▸ Delete)
            event.accept()
            if kind == QEvent.Type.KeyPress:
                self.delete_current()
            return True
        return False

    def _owns_delete(self, event) -> bool:
        return (event.key() in _DELETE_KEYS and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
                and self.handles.isVisible() and self.handles.selected is not None and self.element() is not None)

    def dispose(self) -> None:
        self.editor.view.viewport().removeEventFilter(self)
        self.editor.view.removeEventFilter(self)
        if self.handles.scene() is not None:
            self.handles.scene().removeItem(self.handles)
