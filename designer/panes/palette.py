"""The palette dock: the element kinds the current document's ruleset offers, each with its icon and name.

Choosing a kind arms the current editor's place tool (see `designer.canvas.tools.place`), or the tool its
game system draws it with (a shortcut arrow, a track section, a barrier: `ToolManager.arm`), and hands the
keyboard to the canvas, so R and Esc work straight away. The list follows the current tab, the ruleset
of its document, and its tool: when that tool is put down, the highlight clears. Names and tips are looked
up (in the language) each time the list is built, never at import.
"""

from __future__ import annotations

import contextlib
import html
from functools import cache

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QDockWidget, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from designer.canvas.items import defining_system
from designer.i18n import _, current_language
from designer.model.kind_names import kind_name, kind_tip
from designer.paths import ICONS_DIR

KIND_ROLE = Qt.ItemDataRole.UserRole
ICON_PX = 28


def kind_icon(kind: str) -> QIcon:
    """The kind's icon: `<kind>.svg` in the folder of the system that defines it (`System.icons_dir`), else in
    resources/icons (the built-in kinds), else a generic tile with the name's initial."""
    return _kind_icon(kind, current_language())


@cache
def _kind_icon(kind: str, _language: str) -> QIcon:
    """Cached per language too: a generic icon shows the first letter of the kind's translated name."""
    system = defining_system(kind)
    folder = system.icons_dir if system is not None and system.icons_dir is not None else ICONS_DIR
    path = folder / f"{kind}.svg"
    return QIcon(str(path)) if path.is_file() else generic_icon(kind_name(kind))


def generic_icon(name: str, px: int = ICON_PX) -> QIcon:
    """A grey rounded tile with the name's first letter."""
    ratio = 2  # drawn at twice the size so it stays crisp on high-density screens
    pixmap = QPixmap(px * ratio, px * ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#5f636b"), ratio * 1.5))
        painter.setBrush(QColor("#d9dbe0"))
        inset, side = ratio * 2, px * ratio - ratio * 4
        painter.drawRoundedRect(QRectF(inset, inset, side, side), 6 * ratio, 6 * ratio)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(px * ratio * 0.5))
        painter.setFont(font)
        painter.setPen(QColor("#33363c"))
        painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, name[:1].upper() or "?")
    finally:
        painter.end()
    return QIcon(pixmap)


def palette_kinds(document) -> list[str]:
    """The kinds the document's ruleset offers, in its order; none when the rules cannot be loaded."""
    try:
        return list(document.ruleset.element_kinds)
    except Exception:
        return []


class PaletteDock(QDockWidget):
    kind_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Palette"), parent)
        self.setObjectName("PaletteDock")
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
        self.list = QListWidget()
        self.list.setIconSize(QSize(ICON_PX, ICON_PX))
        self.list.setSpacing(1)
        self.list.setUniformItemSizes(True)
        self.list.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.list.itemClicked.connect(self._on_item_chosen)
        self.list.itemActivated.connect(self._on_item_chosen)
        self.note = QLabel(_("Choose an element, then click the table.\nShift+click places several; Esc stops."))
        self.note.setWordWrap(True)
        self.note.setEnabled(False)  # drawn in the style's muted text colour
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.note)
        self.setWidget(body)
        self._editor = None
        self._ruleset_id: str | None = None

    # --- following the current editor ------------------------------------------------------------
    @property
    def editor(self):
        return self._editor

    def set_editor(self, editor) -> None:
        if editor is self._editor:
            return
        self._disconnect()
        self._editor = editor
        if editor is not None:
            editor.document.properties_changed.connect(self._on_properties_changed)
            editor.tools.tool_changed.connect(self._sync_highlight)
            editor.destroyed.connect(self._on_editor_destroyed)
        self._rebuild()

    def _disconnect(self) -> None:
        editor = self._editor
        if editor is None:
            return
        for signal, slot in ((editor.document.properties_changed, self._on_properties_changed),
                             (editor.tools.tool_changed, self._sync_highlight),
                             (editor.destroyed, self._on_editor_destroyed)):
            with contextlib.suppress(RuntimeError, TypeError):  # the editor is being deleted
                signal.disconnect(slot)

    def _on_editor_destroyed(self, *_args) -> None:
        self._editor = None
        self._rebuild()

    def _on_properties_changed(self, fields: list) -> None:
        if "ruleset" in fields:
            self._rebuild()

    def _rebuild(self) -> None:
        self.list.clear()
        kinds = palette_kinds(self._editor.document) if self._editor is not None else []
        for kind in kinds:
            item = QListWidgetItem(kind_icon(kind), kind_name(kind))
            item.setData(KIND_ROLE, kind)
            item.setToolTip(f"<b>{html.escape(kind_name(kind))}</b><br>{html.escape(kind_tip(kind))}")
            item.setStatusTip(kind_tip(kind))
            self.list.addItem(item)
        self.list.setEnabled(bool(kinds))
        self._sync_highlight()

    def _sync_highlight(self, *_args) -> None:
        kind = self._editor.tools.palette_kind() if self._editor is not None else None
        self.list.blockSignals(True)
        try:
            self.list.clearSelection()
            self.list.setCurrentRow(-1)
            for row in range(self.list.count()):
                if self.list.item(row).data(KIND_ROLE) == kind:
                    self.list.setCurrentRow(row)
        finally:
            self.list.blockSignals(False)

    # --- choosing ---------------------------------------------------------------------------------
    def kinds(self) -> list[str]:
        return [self.list.item(row).data(KIND_ROLE) for row in range(self.list.count())]

    def item_for(self, kind: str) -> QListWidgetItem | None:
        for row in range(self.list.count()):
            if self.list.item(row).data(KIND_ROLE) == kind:
                return self.list.item(row)
        return None

    def choose(self, kind: str) -> None:
        """Arm what puts down `kind` in the current editor, as a click on its entry does: the tool its system
        draws it with, else the place tool (`ToolManager.arm`)."""
        if self._editor is None or kind not in self.kinds():
            return
        armed = self._editor.tools.arm(kind)
        self._sync_highlight()
        if armed is None:
            return
        self._editor.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.kind_chosen.emit(kind)

    def _on_item_chosen(self, item: QListWidgetItem) -> None:
        self.choose(item.data(KIND_ROLE))
