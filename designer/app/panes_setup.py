"""Feature hook: the Inspector and Undo History docks, the Document Properties action and the rulers.

`install(window)` adds both docks on the right (named, so `saveState` can restore them), their toggles in
the Window menu and "Document Properties…" in the Track menu. It follows `window.editor_changed`: the
inspector switches to the current tab, and a tab gets its rulers the first time it becomes current
(`MainWindow.add_editor` makes every new tab current, so every editor has them before it is seen).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from designer.canvas.rulers import attach_rulers
from designer.i18n import _
from designer.panes.history import HistoryPane
from designer.panes.inspector import Inspector

STATUS_TIMEOUT_MS = 6000
INSPECTOR_WIDTH = 290


@dataclass(frozen=True)
class Panes:
    inspector: Inspector
    inspector_dock: QDockWidget
    history: HistoryPane
    history_dock: QDockWidget


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
    history = HistoryPane(window.undo_group)
    history_dock = _dock(window, _("Undo History"), "UndoHistoryDock", history)
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
    window.panes = Panes(inspector, inspector_dock, history, history_dock)
    return window.panes
