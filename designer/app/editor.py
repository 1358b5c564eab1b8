"""`Editor`: one open document in a tab — the Document facade, its scene and its view, and the selection.

The selection is view state (which canvas items are selected), never part of the document. Tools and
panes ask the editor for `selected_ids()` and change it with `select_ids()`.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QWidget

from designer.canvas.scene import TrackScene
from designer.canvas.tools import ToolManager
from designer.canvas.view import TrackView
from designer.document.document import Document
from designer.i18n import _
from designer.model.track import TrackDocument


class Editor(QWidget):
    selection_changed = Signal(list)   # [id] in document order
    title_changed = Signal()

    def __init__(self, model: TrackDocument, path: str | Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = Document(model, path, self)
        #: Names this document's autosave copy; stable for the editor's life.
        self.recovery_key = uuid.uuid4().hex
        self.scene = TrackScene(self)
        self.scene.set_document(self.document)
        self.view = TrackView(self.scene, self)
        self.layout_grid = QGridLayout(self)  # rulers sit in row/column 0 around the view at (1, 1)
        self.layout_grid.setContentsMargins(0, 0, 0, 0)
        self.layout_grid.setSpacing(0)
        self.layout_grid.addWidget(self.view, 1, 1)
        self.scene.selectionChanged.connect(self._emit_selection)
        #: The active editing tool (select, place …); the view hands it mouse and key events.
        self.tools = ToolManager(self)
        self.view.tool_handler = self.tools
        # Signal-to-signal: a lambda here would outlive a half-destroyed editor when the stack dies.
        self.document.undo_stack.cleanChanged.connect(self.title_changed)
        self.document.path_changed.connect(self.title_changed.emit)
        self.document.properties_changed.connect(self.title_changed)

    # --- selection -------------------------------------------------------------------------------
    def selected_ids(self) -> list[str]:
        """The selected elements' ids in document order (bottom to top): sorted by their index, not found by a
        walk of every element (actions ask it on every selection change)."""
        document = self.document
        selected = {item.element_id for item in self.scene.selectedItems() if hasattr(item, "element_id")}
        return sorted((i for i in selected if document.element(i) is not None), key=document.index_of)

    def select_ids(self, ids: list[str] | set[str], add: bool = False) -> None:
        wanted = set(ids)
        self.scene.blockSignals(True)
        try:
            if not add:
                self.scene.clearSelection()
            for element_id in wanted:
                item = self.scene.item_for(element_id)
                if item is not None:
                    item.setSelected(True)
        finally:
            self.scene.blockSignals(False)
        self.scene.selectionChanged.emit()  # once for the whole change (the scene's layer listens too)

    def _emit_selection(self) -> None:
        self.selection_changed.emit(self.selected_ids())

    # --- titles ----------------------------------------------------------------------------------
    def file_label(self) -> str:
        """The tab's text: the file name, or the document name for a file never saved."""
        return self.document.path.name if self.document.path else _("{name} (unsaved)").format(name=self.document.name)

    @property
    def is_modified(self) -> bool:
        return self.document.is_modified
