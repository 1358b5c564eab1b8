"""Editing the track's control points with the select tool: handles, drags, insert and delete.

While the select tool is active and the document has a track, `TrackPointEditor` shows each centerline
control point as a small square handle (`PointHandles`, an overlay item of constant screen size).

- Dragging a handle moves that point (`layout.move_point`); every move pushes a `ReshapeTrack` with the
  drag's merge key, so the whole drag is ONE undo step and Esc folds it away again.
- A double click on the track surface (off any element) inserts a point on the curve there
  (`route.insert_point` + `layout.with_point_inserted`).
- Delete/Backspace removes the selected (clicked) or hovered point (`layout.delete_point`), refusing,
  with a status-bar message, to go below the minimum (3 closed, 2 open).

Every edit carries the elements standing on the track along with it, in the same undo step
(`operations.reshape_track`); a drag re-places them from where they stood when it began.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF

from designer.canvas.tools.gestures import Gesture
from designer.canvas.tools.handles import PointHandles, nearest_handle, show_status
from designer.document.operations import TrackOrigin, reshape_track, restore_track
from designer.geometry import snap
from designer.geometry.layout import delete_point, move_point, with_point_inserted
from designer.geometry.route import insert_point
from designer.i18n import _


class PointDrag(Gesture):
    """Drag one control point; pushes only once the pointer has really moved."""

    def __init__(self, editor: TrackPointEditor, index: int, press) -> None:
        self._editor = editor
        self._index = index
        self._press = press.pixel
        self._start = editor.document.track
        self._origin: TrackOrigin | None = None   # measured when the pointer first really moves
        self._key = object()
        self._moved = False

    def update(self, event) -> None:
        if not self._moved and not snap.is_drag(self._press, event.pixel):
            return
        self._moved = True
        document = self._editor.document
        if self._origin is None:
            self._origin = TrackOrigin(document)
        point = self._editor.manager.snap_point(event.scene_pos)
        track = move_point(self._start, self._index, point)
        reshape_track(document, track, _("Move track point"), self._key, self._origin)

    def finish(self, event) -> None:
        self.update(event)

    def cancel(self) -> None:
        if self._moved and self._origin is not None:
            restore_track(self._editor.document, self._origin, _("Move track point"), self._key)


class TrackPointEditor(QObject):
    """The control-point handles of one editor's track, and the edits made with them."""

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self.manager = manager
        self.handles = PointHandles()
        self.handles.setVisible(False)
        manager.scene.addItem(self.handles)
        self._shown = False
        manager.document.track_changed.connect(self.refresh)
        manager.view.zoom_changed.connect(lambda _zoom: self.refresh())

    @property
    def document(self):
        return self.manager.document

    def show(self, on: bool) -> None:
        self._shown = on
        if not on:
            self.handles.hovered = self.handles.selected = None
        self.refresh()

    def refresh(self, *_args) -> None:
        track = self.document.track
        if self.handles.scene() is None:
            return
        if track is None or not self._shown:
            self.handles.setVisible(False)
            return
        count = len(track.centerline)
        for name in ("hovered", "selected"):
            if getattr(self.handles, name) is not None and getattr(self.handles, name) >= count:
                setattr(self.handles, name, None)
        mm_per_px = 1.0 / max(self.manager.view.scale_factor(), 1e-9)
        self.handles.set_points(list(track.centerline), mm_per_px)
        self.handles.setVisible(True)

    # --- hit testing -----------------------------------------------------------------------------
    def handle_at(self, view_pos: QPointF) -> int | None:
        """The control point whose handle is under `view_pos` (viewport pixels), nearest first."""
        track = self.document.track
        if track is None or not self.handles.isVisible():
            return None
        return nearest_handle(self.manager.view, track.centerline, view_pos)

    def set_hover(self, index: int | None) -> None:
        self.handles.set_hovered(index)

    def set_selected(self, index: int | None) -> None:
        self.handles.set_selected(index)

    # --- edits -----------------------------------------------------------------------------------
    def begin_drag(self, index: int, event) -> PointDrag:
        self.set_selected(index)
        return PointDrag(self, index, event)

    def insert_at(self, scene_pos: QPointF) -> int | None:
        """Insert a control point on the curve under `scene_pos` (on the surface); its index, or None."""
        track = self.document.track
        if track is None:
            return None
        at = insert_point(track, (scene_pos.x(), scene_pos.y()), max_distance_mm=track.width_mm / 2.0)
        if at is None:
            return None
        try:
            new = with_point_inserted(track, at.index, at.point)
        except ValueError as exc:
            self._status(_("Cannot insert a point: {reason}").format(reason=exc))
            return None
        reshape_track(self.document, new, _("Insert track point"))
        self.set_selected(at.index)
        return at.index

    def delete_current(self) -> bool:
        """Delete the selected (else hovered) control point; False when there is none or it is refused."""
        track = self.document.track
        index = self.handles.selected if self.handles.selected is not None else self.handles.hovered
        if track is None or index is None or not self.handles.isVisible():
            return False
        try:
            new = delete_point(track, index)
        except (ValueError, IndexError) as exc:
            self._status(_("Cannot delete the point: {reason}").format(reason=exc))
            return True  # the key was ours even though the edit was refused
        self.handles.selected = self.handles.hovered = None
        reshape_track(self.document, new, _("Delete track point"))
        return True

    def _status(self, message: str) -> None:
        show_status(self.manager.view, message)

    def dispose(self) -> None:
        if self.handles.scene() is not None:
            self.handles.scene().removeItem(self.handles)
