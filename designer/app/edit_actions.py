"""The Edit menu and the palette: undo/redo, clipboard, duplicate, delete, select all, z-order, rotate,
Snap to Grid, and the dock that arms the place tool.

`install(window)` builds an `EditActions` controller (kept as `window.edit_controller`). Every action works
on the current tab and goes through `designer.document.operations`, so each is one undo step. Actions are
enabled from the current selection and clipboard and re-checked on tab switches, selection changes,
document changes and clipboard changes.

The clipboard carries elements as JSON under our own MIME type and as plain text, so copies travel between
tabs, windows and text editors. Paste lands centred on the pointer when it is over the canvas (the Ctrl+V
case); from the menu it lands offset from the originals, a little further with each repeated paste.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QObject, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence

from designer.app.settings import SHOW_GRID, Settings
from designer.document.operations import (
    DUPLICATE_OFFSET_MM,
    delete_elements,
    duplicate_elements,
    macro,
    paste_elements,
    reorder_elements,
)
from designer.geometry.snap import ANGLE_STEP_DEG
from designer.i18n import _, ngettext
from designer.io.clipboard import CLIPBOARD_FORMAT, MIME_TYPE, elements_from_json, elements_to_json
from designer.io.errors import DocumentError
from designer.panes.palette import PaletteDock

KEY = QKeySequence.StandardKey
STATUS_MS = 5000


def install(window) -> EditActions:
    """Add the Edit menu's actions, Snap to Grid and the palette dock to `window`."""
    controller = EditActions(window)
    window.edit_controller = controller
    return controller


class EditActions(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._editor = None
        self._paste_runs: dict[int, int] = {}   # id(document) → offset pastes of the current clipboard
        self._create_actions()
        self.palette = PaletteDock(window)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.palette)
        window.menus["Window"].addAction(self.palette.toggleViewAction())
        window.editor_changed.connect(self._on_editor_changed)
        QGuiApplication.clipboard().dataChanged.connect(self._on_clipboard_changed)
        self._update_actions()

    # --- building --------------------------------------------------------------------------------
    def _create_actions(self) -> None:
        w = self.window
        edit = w.menus["Edit"]
        self.undo_action = w.undo_group.createUndoAction(w, _("&Undo"))
        self.undo_action.setShortcuts(QKeySequence.keyBindings(KEY.Undo))
        self.redo_action = w.undo_group.createRedoAction(w, _("&Redo"))
        self.redo_action.setShortcuts(QKeySequence.keyBindings(KEY.Redo))
        for action in (self.undo_action, self.redo_action):
            w.addAction(action)
            edit.addAction(action)
        edit.addSeparator()
        self.cut_action = w.action(_("Cu&t"), self.cut, KEY.Cut, _("Move the selection to the clipboard"), "Edit")
        self.copy_action = w.action(_("&Copy"), self.copy, KEY.Copy, _("Copy the selection to the clipboard"), "Edit")
        self.paste_action = w.action(_("&Paste"), self.paste, KEY.Paste,
                                     _("Paste elements at the pointer, or next to the originals"), "Edit")
        self.duplicate_action = w.action(_("D&uplicate"), self.duplicate, "Ctrl+D",
                                         _("Copy the selection in place, slightly offset"), "Edit")
        self.delete_action = w.action(_("&Delete"), self.delete, [QKeySequence(Qt.Key.Key_Delete),
                                      QKeySequence(Qt.Key.Key_Backspace)], _("Delete the selection"), "Edit")
        edit.addSeparator()
        self.select_all_action = w.action(_("Select &All"), self.select_all, KEY.SelectAll,
                                          _("Select every element"), "Edit")
        edit.addSeparator()
        angle = f"{ANGLE_STEP_DEG:.0f}"
        self.rotate_cw_action = w.action(_("R&otate {angle}° Clockwise").format(angle=angle),
                                         lambda: self.rotate(ANGLE_STEP_DEG), "R",
                                         _("Turn the selection (or the element being placed) clockwise"), "Edit")
        self.rotate_ccw_action = w.action(_("Rotate {angle}° Cou&nterclockwise").format(angle=angle),
                                          lambda: self.rotate(-ANGLE_STEP_DEG), "Shift+R",
                                          _("Turn the selection (or the element being placed) counterclockwise"),
                                          "Edit")
        self.bring_front_action = w.action(_("Bring to &Front"), lambda: self.reorder(True), "Ctrl+Shift+]",
                                          _("Draw the selection above everything else"), "Edit")
        self.send_back_action = w.action(_("Send to &Back"), lambda: self.reorder(False), "Ctrl+Shift+[",
                                         _("Draw the selection below everything else"), "Edit")
        # Follows `toggled`, not `triggered`, so setting the check state from code switches snapping too.
        self.snap_action = w.action(_("&Snap to Grid"), lambda _checked: None,
                                    [QKeySequence("#"), QKeySequence("Ctrl+Shift+G")],
                                    _("Snap moved and placed elements to the grid"), "View", checkable=True)
        self.snap_action.toggled.connect(self.set_snap)
        self.grid_action = w.action(_("Show &Grid"), lambda _checked: None, "Ctrl+'",
                                    _("Draw the grid lines on the table"), "View", checkable=True)
        self.grid_action.setChecked(Settings().get(SHOW_GRID, True))
        self.grid_action.toggled.connect(self.set_grid)
        self._selection_actions = (self.cut_action, self.copy_action, self.duplicate_action, self.delete_action,
                                   self.rotate_cw_action, self.rotate_ccw_action, self.bring_front_action,
                                   self.send_back_action)

    # --- following the current tab ---------------------------------------------------------------
    def _on_editor_changed(self, editor) -> None:
        old = self._editor
        if old is not None:
            try:
                old.selection_changed.disconnect(self._update_actions)
                old.document.elements_inserted.disconnect(self._update_actions)
                old.document.elements_removed.disconnect(self._update_actions)
                old.tools.tool_changed.disconnect(self._on_tool_changed)
            except (RuntimeError, TypeError):
                pass  # the old tab is being closed
        self._editor = editor
        if editor is not None:
            editor.tools.snap_to_grid = self.snap_action.isChecked()
            editor.scene.set_show_grid(self.grid_action.isChecked())
            editor.selection_changed.connect(self._update_actions)
            editor.document.elements_inserted.connect(self._update_actions)
            editor.document.elements_removed.connect(self._update_actions)
            editor.tools.tool_changed.connect(self._on_tool_changed)
        self.palette.set_editor(editor)
        self._update_actions()

    def _on_tool_changed(self, tool) -> None:
        self._update_actions()
        hint = tool.hint
        if hint:
            self.window.statusBar().showMessage(hint)
        else:
            self.window.statusBar().clearMessage()

    def _on_clipboard_changed(self) -> None:
        self._paste_runs.clear()
        self._update_actions()

    def _update_actions(self, *_args) -> None:
        editor = self.window.current_editor()
        has_selection = bool(editor and editor.selected_ids())
        for action in self._selection_actions:
            action.setEnabled(has_selection)
        placing = bool(editor and editor.tools.placing_kind())
        for action in (self.rotate_cw_action, self.rotate_ccw_action):
            action.setEnabled(has_selection or placing)  # R also turns the element being placed
        self.select_all_action.setEnabled(bool(editor and len(editor.document)))
        self.paste_action.setEnabled(editor is not None and self._clipboard_may_hold_elements())

    # --- clipboard -------------------------------------------------------------------------------
    @staticmethod
    def _clipboard_may_hold_elements() -> bool:
        data = QGuiApplication.clipboard().mimeData()
        if data is None:
            return False
        # A cheap look only: the full parse happens on paste, which reports anything wrong.
        return data.hasFormat(MIME_TYPE) or (data.hasText() and CLIPBOARD_FORMAT in data.text())

    @staticmethod
    def clipboard_text() -> str:
        data = QGuiApplication.clipboard().mimeData()
        if data is None:
            return ""
        if data.hasFormat(MIME_TYPE):
            return bytes(data.data(MIME_TYPE)).decode("utf-8", errors="replace")
        return data.text() if data.hasText() else ""

    def copy(self) -> bool:
        editor = self.window.current_editor()
        if editor is None or not editor.selected_ids():
            return False
        elements = [editor.document.element(i) for i in editor.selected_ids()]
        text = elements_to_json(elements)
        data = QMimeData()
        data.setData(MIME_TYPE, text.encode("utf-8"))
        data.setText(text)
        QGuiApplication.clipboard().setMimeData(data)
        return True

    def cut(self) -> None:
        editor = self.window.current_editor()
        if editor is not None and self.copy():
            ids = editor.selected_ids()
            with macro(editor.document, ngettext("Cut {n} element", "Cut {n} elements", len(ids)).format(n=len(ids))):
                delete_elements(editor.document, ids)

    def paste(self) -> list[str]:
        return self.paste_at(None)

    def paste_at(self, at: QPointF | None) -> list[str]:
        """Paste centred on `at` (scene mm; the context menu's Paste Here), else on the pointer, else offset."""
        editor = self.window.current_editor()
        if editor is None:
            return []
        try:
            elements = elements_from_json(self.clipboard_text())
        except DocumentError as exc:
            self.window.statusBar().showMessage(_("Cannot paste: {error}").format(error=exc), STATUS_MS)
            return []
        if not elements:
            self.window.statusBar().showMessage(_("Nothing to paste"), STATUS_MS)
            return []
        editor.tools.use_select()
        at = at if at is not None else editor.tools.cursor_scene_pos()
        if at is not None:
            ids = paste_elements(editor.document, elements, at=editor.tools.snap_point(at))
        else:
            run = self._paste_runs.get(id(editor.document), 0) + 1
            self._paste_runs[id(editor.document)] = run
            offset = (DUPLICATE_OFFSET_MM[0] * run, DUPLICATE_OFFSET_MM[1] * run)
            ids = paste_elements(editor.document, elements, offset=offset)
        editor.select_ids(ids)
        return ids

    # --- selection edits -------------------------------------------------------------------------
    def duplicate(self) -> list[str]:
        editor = self.window.current_editor()
        if editor is None or not editor.selected_ids():
            return []
        ids = duplicate_elements(editor.document, editor.selected_ids())
        editor.select_ids(ids)
        return ids

    def delete(self) -> None:
        editor = self.window.current_editor()
        if editor is not None:
            editor.tools.select_tool.cancel()
            delete_elements(editor.document, editor.selected_ids())

    def select_all(self) -> None:
        editor = self.window.current_editor()
        if editor is not None:
            editor.tools.use_select()
            editor.select_ids([e.id for e in editor.document.elements])

    def rotate(self, degrees: float) -> None:
        editor = self.window.current_editor()
        if editor is not None:
            editor.tools.rotate(degrees)

    def reorder(self, to_front: bool) -> None:
        editor = self.window.current_editor()
        if editor is not None:
            reorder_elements(editor.document, editor.selected_ids(), to_front)

    def set_grid(self, on: bool) -> None:
        """Show or hide the grid in every tab; remembered for the next start."""
        for editor in self.window.editors():
            editor.scene.set_show_grid(bool(on))
        Settings().set(SHOW_GRID, bool(on))

    def set_snap(self, on: bool) -> None:
        for editor in self.window.editors():
            editor.tools.snap_to_grid = bool(on)
        self.window.statusBar().showMessage(_("Snap to grid on") if on else _("Snap to grid off"), STATUS_MS)
