"""The Gates dock: the race route as a list — the start/finish line first, then every gate in `order`.

Each row shows the order number, the id and the position (in the document's display units). The list
follows the current tab and its document live. Drag a gate row to a new place and the gates are
renumbered 1..N in the new list order as ONE undo step (`reorder`); the start/finish row stays put.
Selecting a row selects that element on the canvas and centres the view on it; a canvas selection of
one listed element highlights its row. "Renumber Along Track" and "Fill Item Boxes" trigger the Track
menu's actions of the same names; each is shown only when the document's ruleset offers what it works on
(gates; gates and item boxes). Positions are written with the language's decimal sign.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from designer.document.operations import change_elements
from designer.geometry.measure import DECIMALS
from designer.geometry.route import apply_gate_orders
from designer.geometry.units import from_mm
from designer.i18n import _, current_language, ngettext
from designer.model.elements import Element
from designer.panes.markup import number_text

ID_ROLE = Qt.ItemDataRole.UserRole


def offered_kinds(document) -> set[str]:
    """The element kinds the document's ruleset offers (none when its rules cannot be loaded)."""
    try:
        return set(document.ruleset.element_kinds)
    except Exception:  # a broken rules file: no buttons, never a crash
        return set()


def route_elements(elements: Sequence[Element]) -> list[Element]:
    """The start/finish line (if any) followed by the gates by `order` (ties keep document order)."""
    start = [e for e in elements if e.kind == "start_finish"][:1]
    gates = sorted((e for e in elements if e.kind == "gate"), key=lambda e: e.order)
    return start + gates


class GateList(QListWidget):
    """A list whose rows the user reorders by drag and drop; `reordered` carries the ids in the new order."""

    reordered = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)

    def ids(self) -> list[str]:
        return [self.item(row).data(ID_ROLE) for row in range(self.count())]

    def dropEvent(self, event: QDropEvent) -> None:
        before = self.ids()
        super().dropEvent(event)
        after = self.ids()
        if after != before:
            # After the drag has fully finished: the list is rebuilt from the document on reorder.
            QTimer.singleShot(0, self, lambda: self.reordered.emit(after))


class GatesPane(QWidget):
    """The dock's contents; `set_editor` switches it to a tab (or None)."""

    renumber_requested = Signal()
    fill_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = None
        self._syncing = False
        self._shown: list[tuple[str, str]] = []   # (id, text) of the rows on show
        #: Each listed element's row text by id, with the record and (units, language) it was made for.
        self._texts: dict[str, tuple[Element, tuple[str, str], str]] = {}
        self.list = GateList(self)
        self.list.reordered.connect(self.reorder)
        self.list.itemSelectionChanged.connect(self._on_row_selected)
        self.summary = QLabel(self)
        self.renumber_button = QPushButton(_("Renumber Along Track"), self)
        self.renumber_button.setToolTip(_("Number the gates in the order the track passes them"))
        self.renumber_button.clicked.connect(self.renumber_requested)
        self.fill_button = QPushButton(_("Fill Item Boxes"), self)
        self.fill_button.setToolTip(_("Put a line of item boxes after the selected gate (every gate if none)"))
        self.fill_button.clicked.connect(self.fill_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.renumber_button)
        buttons.addWidget(self.fill_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.refresh()

    # --- following the current tab ---------------------------------------------------------------
    def _signals(self, editor):
        document = editor.document
        return ((document.elements_inserted, self.refresh), (document.elements_removed, self.refresh),
                (document.elements_changed, self._on_elements_changed), (document.order_changed, self.refresh),
                (document.properties_changed, self.refresh), (editor.selection_changed, self._on_canvas_selection))

    def set_editor(self, editor) -> None:
        if editor is self.editor:
            return
        if self.editor is not None:
            for signal, slot in self._signals(self.editor):
                with contextlib.suppress(RuntimeError, TypeError):  # the old tab is being closed
                    signal.disconnect(slot)
        self.editor = editor
        if editor is not None:
            for signal, slot in self._signals(editor):
                signal.connect(slot)
        self.refresh()

    def _on_elements_changed(self, ids: list) -> None:
        """Only a change of a listed element (the start/finish line, a gate) can change the list: a drag of 200
        coins and boxes leaves it alone."""
        if not {i for i, _text in self._shown}.isdisjoint(ids):
            self.refresh()

    # --- the list --------------------------------------------------------------------------------
    def _row_text(self, element: Element, units: str) -> str:
        def distance(mm: float) -> str:
            return f"{number_text(from_mm(mm, units), DECIMALS.get(units, 2), trim=True)} {units}"

        where = _("({x}, {y})").format(x=distance(element.x_mm), y=distance(element.y_mm))
        if element.kind == "start_finish":
            return _("Start/Finish  {id}  {where}").format(id=element.id, where=where)
        return f"{element.order}.  {element.id}  {where}"

    def _cached_text(self, element: Element, units: str) -> str:
        """`_row_text`, remembered while the element record, the units and the language stay the same (a
        drag of 200 elements re-lists every gate at every step; most of them did not move)."""
        key = (units, current_language())
        cached = self._texts.get(element.id)
        if cached is not None and cached[0] is element and cached[1] == key:
            return cached[2]
        text = self._row_text(element, units)
        self._texts[element.id] = (element, key, text)
        return text

    def refresh(self, *_args) -> None:
        self._syncing = True
        try:
            editor = self.editor
            if editor is None:
                self._shown = []
                self.list.clear()
                self.summary.setText(_("No document"))
                self._set_enabled(False)
                return
            document = editor.document
            kinds = offered_kinds(document)
            self.renumber_button.setVisible("gate" in kinds)
            self.fill_button.setVisible({"gate", "item_box"} <= kinds)
            units = document.prop("display_units")
            rows = route_elements(document.elements)
            gates = sum(1 for e in rows if e.kind == "gate")
            if "gate" not in kinds and not gates:
                self.summary.setText(_("This game system has no gates"))
            else:
                self.summary.setText(ngettext("{n} gate — drag to change the order",
                                              "{n} gates — drag to change the order", gates).format(n=gates))
            self._set_enabled(True)
            texts = [(e.id, self._cached_text(e, units)) for e in rows]
            if len(self._texts) != len(texts):  # forget the rows that went (deleted, another tab's)
                self._texts = {i: self._texts[i] for i, _t in texts}
            shown, self._shown = self._shown, texts
            if self.list.count() == len(shown) and [i for i, _t in texts] == [i for i, _t in shown]:
                # The same rows in the same order (a drag, coins moved): only the rows whose text changed.
                for row, ((_i, text), (_j, before)) in enumerate(zip(texts, shown, strict=True)):
                    if text != before:
                        self.list.item(row).setText(text)
            else:
                self.list.clear()
                for element, (_i, text) in zip(rows, texts, strict=True):
                    item = QListWidgetItem(text)
                    item.setData(ID_ROLE, element.id)
                    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                    if element.kind == "gate":
                        flags |= Qt.ItemFlag.ItemIsDragEnabled   # the start/finish row stays on top
                    item.setFlags(flags)
                    self.list.addItem(item)
            self._select_rows(editor.selected_ids())
        finally:
            self._syncing = False

    def _set_enabled(self, on: bool) -> None:
        for widget in (self.list, self.renumber_button, self.fill_button):
            widget.setEnabled(on)

    def ids(self) -> list[str]:
        """The ids in the list, top to bottom."""
        return self.list.ids()

    # --- reordering ------------------------------------------------------------------------------
    def reorder(self, ids: Sequence[str]) -> bool:
        """Number the gates 1..N in the order of `ids` (other ids are ignored) as one undo step."""
        editor = self.editor
        if editor is None:
            return False
        document = editor.document
        gate_ids = [i for i in ids if (e := document.element(i)) is not None and e.kind == "gate"]
        # Gates missing from `ids` keep their relative order after the listed ones.
        rest = [e.id for e in route_elements(document.elements) if e.kind == "gate" and e.id not in gate_ids]
        orders = {gate_id: n for n, gate_id in enumerate(gate_ids + rest, start=1)}
        changed = apply_gate_orders(document.elements, orders)
        self._shown = []   # the rows may have been dragged about: rebuild them from the document
        if not changed:
            self.refresh()   # e.g. the start line was dragged: put it back on top
            return False
        change_elements(document, changed, _("Reorder gates"))
        self.refresh()
        return True

    # --- selection -------------------------------------------------------------------------------
    def _on_row_selected(self) -> None:
        if self._syncing or self.editor is None:
            return
        items = self.list.selectedItems()
        if not items:
            return
        element_id = items[0].data(ID_ROLE)
        self.editor.select_ids([element_id])
        item = self.editor.scene.item_for(element_id)
        if item is not None:
            self.editor.view.centerOn(item)

    def _on_canvas_selection(self, ids: list) -> None:
        self._syncing = True
        try:
            self._select_rows(ids)
        finally:
            self._syncing = False

    def _select_rows(self, ids: Sequence[str]) -> None:
        wanted = ids[0] if len(ids) == 1 else None
        self.list.clearSelection()
        if wanted is None:
            return
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(ID_ROLE) == wanted:
                item.setSelected(True)
                self.list.scrollToItem(item)


class GatesDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Gates"), parent)
        self.setObjectName("GatesDock")
        self.pane = GatesPane(self)
        self.setWidget(self.pane)
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
