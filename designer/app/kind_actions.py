"""What the controllers of a game system's Track-menu actions share (the board's spaces, PitchKart's sections,
Axles' barriers): the current editor, but only while its document's ruleset offers the system's `KIND` —
decided from the palette (`element_kinds`), never from a system id — and the status bar.

The menu itself (which actions show, enabled) is built from the system's `ActionSet` by
`designer.app.menu_actions`; a controller that follows the tabs itself (per-tab watchers) overrides
`_on_editor_changed` and calls `self.watch()`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from designer.systems.api import offers

STATUS_MS = 5000


def arm(editor, make):
    """Arm the tool `make(editor.tools)` on `editor` and return it; None without an editor."""
    if editor is None:
        return None
    tool = make(editor.tools)
    editor.tools.set_tool(tool)
    return tool


class KindActions(QObject):
    KIND = ""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def watch(self) -> None:
        self.window.editor_changed.connect(self._on_editor_changed)
        self._on_editor_changed(self.window.current_editor())

    def _on_editor_changed(self, editor) -> None:
        """The current tab changed to `editor` (None: no tab)."""

    def _editor(self):
        """The current editor when its document offers `KIND`, else None."""
        editor = self.window.current_editor()
        return editor if editor is not None and offers(self.KIND)(editor.document) else None

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, STATUS_MS)
