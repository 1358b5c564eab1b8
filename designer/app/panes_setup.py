"""Feature hook: the Inspector and Undo History docks, the Document Properties action and the rulers.

`install(window)` adds both docks on the right (named, so `saveState` can restore them), their toggles in
the Window menu and "Document Properties…" in the Track menu. The Undo History starts as a tab behind the
Gates: its pane (a `QUndoView` on the window's undo group, so it shows every step made before) is built the
first time the dock is shown, or asked for (`window.panes.history`). It follows `window.editor_changed`: the
inspector switches to the current tab, and a tab gets its rulers the first time it becomes current
(`MainWindow.add_editor` makes every new tab current, so every editor has them before it is seen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from designer.canvas.rulers import attach_rulers
from designer.i18n import _
from designer.panes.inspector import Inspector

if TYPE_CHECKING:
    from designer.panes.history import HistoryPane

STATUS_TIMEOUT_MS = 6000
INSPECTOR_WIDTH = 290


class Panes:
    """The window's Inspector and Undo History, and their docks."""

    def __init__(self, inspector: Inspector, inspector_dock: QDockWidget, history_dock: QDockWidget,
                 undo_group) -> None:
        self.inspector = inspector
        self.inspector_dock = inspector_dock
        self.history_dock = history_dock
        self._undo_group = undo_group
        self._history: HistoryPane | None = None
        history_dock.visibilityChanged.connect(self._on_history_visible)

    @property
    def history(self) -> HistoryPane:
        """The Undo History pane, built now if it has not been shown yet."""
        if self._history is None:
            from designer.panes.history import HistoryPane  # with the dock's first showing

            self._history = HistoryPane(self._undo_group)
            placeholder = self.history_dock.widget()
            self.history_dock.setWidget(self._history)
            placeholder.deleteLater()
            self.history_dock.visibilityChanged.disconnect(self._on_history_visible)
        return self._history

    def _on_history_visible(self, visible: bool) -> None:
        if visible:
            self.history  # noqa: B018 - built for its side effect


def _dock(window, title: str, object_name: str, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(object_name)
    dock.setWidget(widget)
    dock.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
    return dock


def install(window) -> Panes:
    """Add this feature's actions, docks and behaviour to `window`."""
    inspector = Inspector()
    inspector_dock = _dock(window, _("Inspector"), "InspectorDock", inspector)
    history_dock = _dock(window, _("Undo History"), "UndoHistoryDock", QWidget())
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, inspector_dock)
    window.splitDockWidget(inspector_dock, history_dock, Qt.Orientation.Vertical)
    window.resizeDocks([inspector_dock], [INSPECTOR_WIDTH], Qt.Orientation.Horizontal)
    window.resizeDocks([inspector_dock, history_dock], [600, 250], Qt.Orientation.Vertical)

    for dock, tip in ((inspector_dock, _("Show or hide the Inspector")),
                      (history_dock, _("Show or hide the Undo History"))):
        toggle = dock.toggleViewAction()
        toggle.setStatusTip(tip)
        window.menus["Window"].addAction(toggle)

    def edit_properties() -> None:
        from designer.app.properties_dialog import edit_document_properties  # the dialog loads when first opened

        edit_document_properties(window)

    window.properties_action = window.action(
        _("Document &Properties…"), edit_properties, "Ctrl+Shift+P",
        _("Edit the track's name, ruleset, table size, units, laps and karts"), menu="Track")
    inspector.properties_requested.connect(window.properties_action.trigger)
    inspector.message.connect(lambda text: window.statusBar().showMessage(text, STATUS_TIMEOUT_MS))

    def follow(editor) -> None:
        if editor is not None:
            attach_rulers(editor)
        inspector.set_editor(editor)

    window.editor_changed.connect(follow)
    for editor in window.editors():
        attach_rulers(editor)
    follow(window.current_editor())
    window.panes = Panes(inspector, inspector_dock, history_dock, window.undo_group)
    return window.panes
