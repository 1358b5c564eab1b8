"""Right-click menus on the canvas, built from the Edit menu's own actions.

`install(window)` adds a `CanvasMenus` controller (kept as `window.canvas_menus`) that gives every tab's
view a context-menu handler, and also installs Zoom to Selection and the element tooltips.

- On an element or the selection: Cut, Copy, Paste Here, Duplicate, Delete, Rotate ±15°, Bring to
  Front / Send to Back, Select All of This Kind and Properties (shows and focuses the Inspector). A
  right click on an unselected element selects it first, as in Inkscape.
- On the empty canvas: Paste Here and Select All.
- On the track (select tool only): Insert Point Here on the surface, Delete Point on a control point.

Everything reuses the Edit menu's actions or the select tool's point editor, so each entry is the same
single undo step as its menu or key counterpart. The menu only opens while the select tool is active and
no drag is under way: a right click that disarms another tool (or aborts a drag) only does that.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QPointF
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtWidgets import QLabel, QMenu

from designer.app import canvas_tooltips, zoom_selection
from designer.geometry.route import insert_point
from designer.i18n import _


def install(window) -> CanvasMenus:
    controller = CanvasMenus(window)
    window.canvas_menus = controller
    zoom_selection.install(window)
    canvas_tooltips.install(window)
    return controller


class CanvasMenus(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        #: The menu last shown (kept alive while it is open; tests read it).
        self.menu: QMenu | None = None
        self.select_kind_action = QAction(_("Select All of This &Kind"), window)
        self.select_kind_action.setStatusTip(_("Select every element of the selected kinds"))
        self.select_kind_action.triggered.connect(self.select_same_kind)
        self.properties_action = QAction(_("P&roperties"), window)
        self.properties_action.setStatusTip(_("Show the selection's fields in the Inspector"))
        self.properties_action.triggered.connect(self.show_properties)
        window.editor_changed.connect(self._on_editor_changed)
        self._on_editor_changed(window.current_editor())

    def _on_editor_changed(self, editor) -> None:
        if editor is not None:
            editor.view.context_menu_handler = lambda event, e=editor: self._on_context_menu(e, event)

    def _on_context_menu(self, editor, event: QContextMenuEvent) -> None:
        allowed = event.reason() != QContextMenuEvent.Reason.Mouse or editor.tools.menu_allowed
        editor.tools.menu_allowed = True
        if not allowed:
            return
        menu = self.menu_at(editor, QPointF(event.pos()))
        if menu is not None:
            menu.popup(event.globalPos())
            event.accept()

    # --- building --------------------------------------------------------------------------------
    def menu_at(self, editor, view_pos: QPointF) -> QMenu | None:
        """The menu for a right click at `view_pos` (viewport pixels), or None when none applies."""
        tools = editor.tools
        if tools.active is not tools.select_tool or tools.select_tool.gesture is not None:
            return None
        scene_pos = editor.view.mapToScene(view_pos.toPoint())
        edit = self.window.edit_controller
        menu = QMenu(editor.view)
        points = tools.select_tool.points
        point = points.handle_at(view_pos)
        item = tools.element_at(scene_pos) if point is None else None
        if item is not None:
            if item.element_id not in editor.selected_ids():
                editor.select_ids([item.element_id])
            menu.addActions([edit.cut_action, edit.copy_action])
            menu.addAction(self._paste_here(menu, scene_pos))
            menu.addActions([edit.duplicate_action, edit.delete_action])
            menu.addSeparator()
            menu.addActions([edit.rotate_cw_action, edit.rotate_ccw_action])
            menu.addSeparator()
            menu.addActions([edit.bring_front_action, edit.send_back_action])
            menu.addSeparator()
            menu.addActions([self.select_kind_action, self.properties_action])
        else:
            menu.addAction(self._paste_here(menu, scene_pos))
            menu.addAction(edit.select_all_action)
            track_entries = self._track_actions(menu, editor, point, scene_pos)
            if track_entries:
                menu.addSeparator()
                menu.addActions(track_entries)
        self.menu = menu
        return menu

    def _paste_here(self, menu: QMenu, scene_pos: QPointF) -> QAction:
        action = QAction(_("&Paste Here"), menu)
        action.setEnabled(self.window.edit_controller.paste_action.isEnabled())
        action.triggered.connect(lambda: self.window.edit_controller.paste_at(scene_pos))
        return action

    def _track_actions(self, menu: QMenu, editor, point: int | None, scene_pos: QPointF) -> list[QAction]:
        points = editor.tools.select_tool.points
        track = editor.document.track
        if track is None:
            return []
        if point is not None:
            delete = QAction(_("&Delete Point"), menu)
            delete.setEnabled(len(track.centerline) > (3 if track.closed else 2))
            delete.triggered.connect(lambda: (points.set_selected(point), points.delete_current()))
            return [delete]
        at = (scene_pos.x(), scene_pos.y())
        if insert_point(track, at, max_distance_mm=track.width_mm / 2.0) is None:
            return []
        insert = QAction(_("&Insert Point Here"), menu)
        insert.triggered.connect(lambda: points.insert_at(scene_pos))
        return [insert]

    # --- the menu's own actions ------------------------------------------------------------------
    def select_same_kind(self) -> list[str]:
        """Select every element whose kind is one of the selection's kinds."""
        editor = self.window.current_editor()
        if editor is None or not editor.selected_ids():
            return []
        kinds = {editor.document.element(i).kind for i in editor.selected_ids()}
        ids = [e.id for e in editor.document.elements if e.kind in kinds]
        editor.select_ids(ids)
        return ids

    def show_properties(self) -> None:
        """Show the Inspector and put the keyboard focus in its first field."""
        panes = getattr(self.window, "panes", None)
        if panes is None:
            return
        panes.inspector_dock.show()
        panes.inspector_dock.raise_()
        inspector = panes.inspector
        # The form's labels are buddies of their editors; the topmost shown one is the first field.
        fields = [label.buddy() for label in inspector.findChildren(QLabel)
                  if label.buddy() is not None and label.isVisibleTo(inspector)]
        fields.sort(key=lambda widget: widget.mapTo(inspector, QPoint(0, 0)).y())
        if fields:
            fields[0].setFocus()
        else:
            inspector.setFocus()
