"""The vehicle editor's components table: one row per fitted component (what it is, the player's label, its
firing face, whether it sits in the turret, the capacity it takes), with Add (from the rule data's
components that fit a vehicle), Remove, Move Up and Move Down.

The table never edits the vehicle: every click or finished label hands the whole new component list and the
name of the edit to the editor's `apply`, which pushes it as one undo step (and calls `show_vehicle`, the
rows then show the document) or returns why it was refused. A refused label is never cut or stored half-way:
the cell keeps the label stored before, is marked, and the reason stays on the editor's message line until
that cell is fixed (`designer.panes.cell_refusals`); a refused click snaps back and says why.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.i18n import N_, _, ngettext
from designer.panes.cell_refusals import CellRefusals
from designer.panes.markup import literal
from designer.panes.message_line import MessageLine, not_changed
from designer.systems.axles_alloys_2 import builder
from designer.systems.axles_alloys_2.rule_data import (
    AxlesRules,
    Component,
    component_includes,
    component_name,
    component_note,
    firing_face,
)
from designer.systems.axles_alloys_2.vehicle import MAX_LABEL, VehicleComponent, VehicleDocument

#: Runs an edit (the new component list, the undo text); returns why it was refused, or None.
Apply = Callable[[list[VehicleComponent], str], "str | None"]
LABEL = 1
COLUMNS = (N_("Component"), N_("Label"), N_("Firing face"), N_("In turret"), N_("Capacity"))
KIND_NAMES = {"weapon": N_("weapon"), "turret": N_("turret"), "dropper": N_("dropper"), "equipment": N_("equipment")}


def offer_text(ruleset: object, component: Component) -> str:
    """How the Add combo names a component: "Medium Weapon — 2", a turret "Turret — 1 per weapon"."""
    name = component_name(ruleset, component)
    if component.per_weapon:
        return _("{name} — {cost} per weapon").format(name=name, cost=component.cost)
    return _("{name} — {cost}").format(name=name, cost=component.cost)


def default_facing(component: Component) -> str | None:
    """A new weapon faces the front, a dropper the rear; everything else has no face."""
    if component.rear_only:
        return "Rear"
    return "Front" if component.kind == "weapon" else None


def label_refusal(typed: str) -> str | None:
    """Why a typed label cannot be stored (one too long for the sheet), or None."""
    count = len(typed.strip())
    if count > MAX_LABEL:
        return _("a label is at most {most} characters (this one has {count})").format(most=MAX_LABEL, count=count)
    return None


class ComponentsTable(QWidget):
    def __init__(self, apply: Apply, messages: MessageLine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.apply, self.messages = apply, messages
        self.vehicle: VehicleDocument | None = None
        self.rules: AxlesRules | None = None
        self.ruleset: object = "axles-alloys-2"
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        add_row = QHBoxLayout()
        self.add_combo = QComboBox()
        self.add_combo.setToolTip(_("A component the rules let a vehicle carry, with the capacity it takes"))
        self.add_button = QPushButton(_("Add"))
        self.add_button.clicked.connect(self.add_chosen)
        self.remove_button = QPushButton(_("Remove"))
        self.remove_button.clicked.connect(self.remove_current)
        self.up_button = QPushButton(_("Move Up"))
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button = QPushButton(_("Move Down"))
        self.down_button.clicked.connect(lambda: self.move_current(1))
        add_row.addWidget(self.add_combo, 1)
        add_row.addWidget(self.add_button)
        add_row.addSpacing(12)
        for button in (self.remove_button, self.up_button, self.down_button):
            add_row.addWidget(button)
        layout.addLayout(add_row)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.verticalHeader().setDefaultSectionSize(30)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemChanged.connect(self._on_item_changed)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.refusals = CellRefusals(self.table, messages, self._row_key)
        layout.addWidget(self.table, 1)

    # --- from the document -------------------------------------------------------------------------
    def set_rules(self, rules: AxlesRules, ruleset: object) -> None:
        self.rules, self.ruleset = rules, ruleset
        self.add_combo.clear()
        for component in rules.components:
            if component.fits_vehicles and component.cost is not None:
                self.add_combo.addItem(offer_text(ruleset, component), component.id)
                note = component_note(ruleset, component)
                if note:
                    self.add_combo.setItemData(self.add_combo.count() - 1, note, Qt.ItemDataRole.ToolTipRole)

    def show_vehicle(self, vehicle: VehicleDocument) -> None:
        """Rebuild the rows from `vehicle`, keeping the selected row."""
        self.vehicle = vehicle
        row_now = self.current_row()
        self.table.blockSignals(True)
        self.table.setRowCount(len(vehicle.components))
        for row, fitted in enumerate(vehicle.components):
            self._fill_row(row, fitted)
        self.table.blockSignals(False)
        self.refusals.mark()
        if row_now is not None and vehicle.components:
            self.select_row(min(row_now, len(vehicle.components) - 1))
        self._update_buttons()

    def _fill_row(self, row: int, fitted: VehicleComponent) -> None:
        assert self.rules is not None and self.vehicle is not None
        component = self.rules.component(fitted.component)
        if component is None:
            shown, kind, tip = fitted.component, None, _("not in the rules")
        else:
            shown = component_name(self.ruleset, component)
            kind = component.kind
            extras = [_(KIND_NAMES[kind])]
            includes = component_includes(self.ruleset, component)
            if includes:
                extras.append(_("includes {name}").format(name=includes))
            if component.charges:
                extras.append(ngettext("{n} charge", "{n} charges", component.charges).format(n=component.charges))
            note = component_note(self.ruleset, component)
            tip = " · ".join(extras) + (f"\n{note}" if note else "")
        name_item = self._item(row, 0)
        name_item.setText(shown)
        name_item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        name_item.setToolTip(literal(tip))
        label_item = self._item(row, LABEL)
        label_item.setText(fitted.label)
        if not self.refusals.refusal(row, LABEL):
            label_item.setToolTip(_("Your own name for it, printed on the sheet (double-click to edit)"))

        face = QComboBox()
        face.addItem("—", None)
        for value in (self.rules.firing_faces if self.rules else ()):
            face.addItem(firing_face(self.ruleset, value), value)
        face.setCurrentIndex(max(0, face.findData(fitted.facing)))
        face.setEnabled(kind in ("weapon", "dropper") or fitted.facing is not None)
        face.currentIndexChanged.connect(lambda _i, r=row, w=face: self._edit_row(
            r, _("Firing face"), facing=w.currentData()))
        self.table.setCellWidget(row, 2, face)

        turret = QCheckBox()
        turret.setChecked(fitted.in_turret)
        turret.setEnabled(kind == "weapon" or fitted.in_turret)
        turret.setAccessibleName(_(COLUMNS[3]))
        turret.clicked.connect(lambda on, r=row: self._edit_row(r, _("In turret"), in_turret=on))
        holder = QWidget()
        centred = QHBoxLayout(holder)
        centred.setContentsMargins(0, 0, 0, 0)
        centred.setAlignment(Qt.AlignmentFlag.AlignCenter)
        centred.addWidget(turret)
        holder.checkbox = turret  # type: ignore[attr-defined]
        self.table.setCellWidget(row, 3, holder)

        cost = builder.component_cost(self.vehicle, self.rules, fitted)
        cost_item = self._item(row, 4)
        cost_item.setText(str(cost))
        cost_item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        cost_item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        """The cell's item, kept when there is one: a rebuild can run inside the signal of the very label
        just typed."""
        item = self.table.item(row, column)
        if item is None:
            item = QTableWidgetItem()
            self.table.setItem(row, column, item)
        return item

    def _row_key(self, row: int) -> Hashable | None:
        """A row is followed by its component and how many of that component come before it, so a refused
        label stays with its component when rows move."""
        components = self.vehicle.components if self.vehicle is not None else []
        if not 0 <= row < len(components):
            return None
        component = components[row].component
        return component, sum(1 for c in components[:row] if c.component == component)

    # --- widgets of a row (tests and the window use these) --------------------------------------------
    def facing_combo(self, row: int) -> QComboBox:
        return self.table.cellWidget(row, 2)  # type: ignore[return-value]

    def turret_box(self, row: int) -> QCheckBox:
        return self.table.cellWidget(row, 3).checkbox  # type: ignore[union-attr]

    def current_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return rows[0].row() if rows else None

    def select_row(self, row: int) -> None:
        self.table.selectRow(row)

    # --- edits -------------------------------------------------------------------------------------
    def _components(self) -> list[VehicleComponent]:
        return list(self.vehicle.components) if self.vehicle is not None else []

    def _emit(self, components: list[VehicleComponent], text: str, cell: tuple[int, int, str] | None = None) -> bool:
        """Run one edit; `cell` (row, column, typed) when it is a value typed into a cell. True when stored."""
        reason = self.apply(components, text)
        if reason is None:
            if cell is not None:
                self.refusals.accepted(cell[0], cell[1])
            self.messages.clear_message()
            return True
        if cell is not None:
            self.refusals.refuse(*cell, not_changed(reason))
        else:
            self.messages.show_message(not_changed(reason))
        # The widget that was clicked or typed into still shows the refused value: show the document's.
        QTimer.singleShot(0, self, self._reshow)
        return False

    def _reshow(self) -> None:
        if self.vehicle is not None:
            self.show_vehicle(self.vehicle)

    def _edit_row(self, row: int, what: str, cell: tuple[int, int, str] | None = None, **changes) -> None:
        components = self._components()
        if not 0 <= row < len(components):
            return
        fitted = components[row]
        components[row] = fitted.model_copy(update=changes)
        if components[row] != fitted:
            shown = fitted.label or self.table.item(row, 0).text()
            self._emit(components, _("{what}: {name}").format(what=what, name=shown), cell)
        elif cell is not None:  # the stored value typed again: the cell is fixed
            self.refusals.accepted(cell[0], cell[1])

    def add_component(self, component_id: str) -> None:
        if self.rules is None or self.vehicle is None:
            return
        component = self.rules.component(component_id)
        if component is None:
            return
        fitted = VehicleComponent(component=component.id, facing=default_facing(component))
        self._emit([*self._components(), fitted], _("Add {name}").format(name=component_name(self.ruleset,
                                                                                            component)))
        self.select_row(len(self._components()) - 1)

    def add_chosen(self) -> None:
        if self.add_combo.currentData():
            self.add_component(self.add_combo.currentData())

    def remove_current(self) -> None:
        row = self.current_row()
        components = self._components()
        if row is None or not 0 <= row < len(components):
            return
        shown = components[row].label or self.table.item(row, 0).text()
        del components[row]
        self._emit(components, _("Remove {name}").format(name=shown))

    def move_current(self, step: int) -> None:
        row = self.current_row()
        components = self._components()
        if row is None or not 0 <= row + step < len(components):
            return
        components[row], components[row + step] = components[row + step], components[row]
        shown = components[row + step].label or self.table.item(row, 0).text()
        self._emit(components, (_("Move Up {name}") if step < 0 else _("Move Down {name}")).format(name=shown))
        self.select_row(row + step)

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() != LABEL:
            return
        row, typed = item.row(), item.text()
        refusal = label_refusal(typed)
        if refusal is not None:
            self.refusals.refuse(row, LABEL, typed, not_changed(refusal))
        else:
            self._edit_row(row, _("Label"), (row, LABEL, typed), label=typed.strip())
        self._reshow()  # the cell shows the stored label (stripped, or the one kept), marked if refused

    def _update_buttons(self) -> None:
        row = self.current_row()
        count = len(self.vehicle.components) if self.vehicle is not None else 0
        self.remove_button.setEnabled(row is not None)
        self.up_button.setEnabled(row is not None and row > 0)
        self.down_button.setEnabled(row is not None and row < count - 1)
