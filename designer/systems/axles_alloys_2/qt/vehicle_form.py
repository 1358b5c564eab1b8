"""The vehicle editor's "Vehicle" box: the car's name, driver, weight class (translated names), what it is
built for (arena or race), the random variant's rolled MAX/ACC/DEC adjustments (spin boxes held to the
values the rule data's random table gives) and the notes.

The box never edits the document: a finished field emits `field_edited(what, changes)` — the field's name
for the undo text and the document fields it changes — and the editor pushes it; `show_vehicle` puts the
document's values back into the widgets (an undo, or a refused edit snapping back).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLineEdit, QPlainTextEdit, QSpinBox

from designer.i18n import N_, _
from designer.systems.axles_alloys_2.rule_data import AxlesRules, weight_class_name
from designer.systems.axles_alloys_2.vehicle import VehicleDocument

SCENARIO_NAMES = {"deathmatch": N_("Arena (deathmatch)"), "race": N_("Race")}
#: (document field, the rulebook's stat name, shown as it is in every language like on the sheet)
ADJUSTED = (("max", "MAX"), ("acc", "ACC"), ("dec", "DEC"))
NOTES_MAX = 2_000


class NotesEdit(QPlainTextEdit):
    """The notes box: one edit when the cursor leaves it, not one per key."""

    editing_finished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.editing_finished.emit()


class VehicleForm(QGroupBox):
    field_edited = Signal(str, dict)  # what (for the undo text), the fields changed

    def __init__(self, rules: AxlesRules, ruleset: object, parent=None) -> None:
        super().__init__(_("Vehicle"), parent)
        self.document: VehicleDocument | None = None
        form = QFormLayout(self)
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(80)
        self.name_edit.editingFinished.connect(lambda: self._edited(_("Name"), name=self.name_edit.text()))
        self.driver_edit = QLineEdit()
        self.driver_edit.setMaxLength(40)
        self.driver_edit.setPlaceholderText(_("who drives it (optional)"))
        self.driver_edit.editingFinished.connect(lambda: self._edited(_("Driver"), driver=self.driver_edit.text()))
        self.class_combo = QComboBox()
        for weight_class in rules.weight_classes:
            self.class_combo.addItem(weight_class_name(ruleset, weight_class), weight_class.id)
        self.class_combo.activated.connect(
            lambda _i: self._edited(_("Weight class"), weight_class=self.class_combo.currentData()))
        self.scenario_combo = QComboBox()
        for scenario, title in SCENARIO_NAMES.items():
            self.scenario_combo.addItem(_(title), scenario)
        self.scenario_combo.activated.connect(
            lambda _i: self._edited(_("Built for"), scenario=self.scenario_combo.currentData()))
        form.addRow(_("Name:"), self.name_edit)
        form.addRow(_("Driver:"), self.driver_edit)
        form.addRow(_("Weight class:"), self.class_combo)
        form.addRow(_("Built for:"), self.scenario_combo)
        adjust_row = QHBoxLayout()
        self.adjust_spins: dict[str, QSpinBox] = {}
        modifiers = [m.modifier for m in rules.random_variant] or [0]
        for key, stat in ADJUSTED:
            spin = QSpinBox()
            spin.setRange(min(modifiers), max(modifiers))
            spin.setPrefix(f"{stat} ")
            spin.setKeyboardTracking(False)
            spin.setToolTip(_("The random variant's rolled change to {stat} (0 for a standard car)").format(
                stat=stat))
            spin.valueChanged.connect(lambda value, k=key: self._adjusted(k, value))
            self.adjust_spins[key] = spin
            adjust_row.addWidget(spin)
        adjust_row.addStretch(1)
        form.addRow(_("Random adjustments:"), adjust_row)
        self.notes_edit = NotesEdit()
        self.notes_edit.setPlaceholderText(_("anything to remember about the car (printed on its sheet)"))
        self.notes_edit.setFixedHeight(self.notes_edit.fontMetrics().lineSpacing() * 3 + 12)
        self.notes_edit.editing_finished.connect(
            lambda: self._edited(_("Notes"), notes=self.notes_edit.toPlainText()[:NOTES_MAX]))
        form.addRow(_("Notes:"), self.notes_edit)

    def show_vehicle(self, document: VehicleDocument) -> None:
        self.document = document
        self.name_edit.setText(document.name)
        self.driver_edit.setText(document.driver)
        self.class_combo.setCurrentIndex(self.class_combo.findData(document.weight_class))  # unknown: none
        self.scenario_combo.setCurrentIndex(max(0, self.scenario_combo.findData(document.scenario)))
        if self.notes_edit.toPlainText() != document.notes:  # unchanged text keeps the cursor where it is
            self.notes_edit.setPlainText(document.notes)
        for key, spin in self.adjust_spins.items():
            spin.blockSignals(True)
            spin.setValue(getattr(document.adjustments, key))
            spin.blockSignals(False)

    def _edited(self, what: str, **changes) -> None:
        if self.document is not None and any(getattr(self.document, k) != v for k, v in changes.items()):
            self.field_edited.emit(what, changes)

    def _adjusted(self, key: str, value: int) -> None:
        if self.document is None:
            return
        adjustments = self.document.adjustments.model_dump()
        adjustments[key] = value
        self.field_edited.emit(dict(ADJUSTED)[key], {"adjustments": adjustments})
