"""View ▸ Zoom to Selection: fit the view to the selected elements, as Fit Table fits the table.

`install(window)` adds the action (Ctrl+2, after Fit Table's Ctrl+0 and Actual Size's Ctrl+1) to the View
menu, enabled while the current tab has a selection. The zoom never passes the view's own limits, so a
lone coin is shown large but not at 4000 %.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QAction

from designer.canvas.view import FIT_INSET_PX, FIT_MARGIN, MAX_ZOOM_PERCENT
from designer.i18n import _

#: The smallest side (mm) the fitted area gets, so one small element is not blown up to fill the window.
MIN_SPAN_MM = 150.0


def install(window) -> QAction:
    action = window.action(_("Zoom to &Selection"), lambda: zoom_to_selection(window.current_editor()), "Ctrl+2",
                           _("Fit the view to the selected elements"))
    window.menus["View"].insertAction(window.actual_size_action, action)  # beside Fit Table
    window.zoom_selection_action = action

    def update(*_args) -> None:
        editor = window.current_editor()
        action.setEnabled(bool(editor and editor.selected_ids()))

    def follow(editor) -> None:
        if editor is not None:
            editor.selection_changed.connect(update)
        update()

    window.editor_changed.connect(follow)
    follow(window.current_editor())
    return action


def selection_rect(editor) -> QRectF:
    """The scene rectangle (mm) covering every selected element's drawing."""
    rect = QRectF()
    for element_id in editor.selected_ids():
        item = editor.scene.item_for(element_id)
        if item is not None:
            rect = rect.united(item.sceneBoundingRect())
    return rect


def zoom_to_selection(editor) -> bool:
    """Zoom and scroll `editor`'s view so the selection fills it with a small margin; False without one."""
    if editor is None:
        return False
    rect = selection_rect(editor)
    if rect.isNull():
        return False
    centre = rect.center()
    span = max(rect.width(), rect.height(), MIN_SPAN_MM)
    width, height = max(rect.width(), MIN_SPAN_MM), max(rect.height(), MIN_SPAN_MM)
    margin = span * FIT_MARGIN
    view = editor.view
    area = QRectF(view.viewport().rect()).adjusted(FIT_INSET_PX, FIT_INSET_PX, -FIT_INSET_PX, -FIT_INSET_PX)
    if area.isEmpty():
        return False
    scale = min(area.width() / (width + 2 * margin), area.height() / (height + 2 * margin))
    view.set_zoom_percent(min(100.0 * scale / view.pixels_per_mm(), MAX_ZOOM_PERCENT))
    view.centerOn(centre)
    return True
