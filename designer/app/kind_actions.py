"""What the Track-menu actions of a game system's own kind share (the board's spaces, PitchKart's sections):
they are enabled only while the current document's ruleset offers that kind — decided from the palette
(`element_kinds`), never from a system id — and re-checked when the tab or the document's ruleset changes.

A subclass names its `KIND`, builds its actions into `self.actions` and then calls `self.watch()`. `KIND` is
the kind's id written out, and the system's own modules are imported inside the actions that use them: the
main window builds these menus at start-up, before (and whether or not) any document of that system is open.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject

STATUS_MS = 5000


def offers(document, kind: str) -> bool:
    """True when the document's ruleset offers `kind` in its palette."""
    try:
        return kind in document.ruleset.element_kinds
    except Exception:  # a broken rules file: no such actions, never a crash
        return False


class KindActions(QObject):
    KIND = ""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.actions: tuple = ()
        self._watched = None

    def watch(self) -> None:
        self.window.editor_changed.connect(self._on_editor_changed)
        self._on_editor_changed(self.window.current_editor())

    def _on_editor_changed(self, editor) -> None:
        document = editor.document if editor is not None else None
        if self._watched is not None and self._watched is not document:
            with contextlib.suppress(RuntimeError, TypeError):
                self._watched.properties_changed.disconnect(self._update)
        if document is not None and self._watched is not document:
            document.properties_changed.connect(self._update)
        self._watched = document
        self._update()

    def _update(self, *_args) -> None:
        on = self._editor() is not None
        for action in self.actions:
            action.setEnabled(on)

    def _editor(self):
        """The current editor when its document offers `KIND`, else None."""
        editor = self.window.current_editor()
        return editor if editor is not None and offers(editor.document, self.KIND) else None

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, STATUS_MS)
