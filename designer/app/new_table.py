"""The "Blank table" box of the New dialog: the table's size (a preset or custom) and the document's units.

The size is kept in millimetres while the box lives, so switching units or presets never rounds it; the spin
boxes show it in the chosen units. `apply()` gives a blank document that size and those units.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QToolButton, QWidget

from designer.geometry.units import (
    TABLE_PRESETS,
    UNITS,
    from_mm,
    matching_preset,
    spin_decimals,
    spin_range,
    spin_step,
    to_mm,
)
from designer.i18n import N_, _
from designer.model.track import Table, TrackDocument
from designer.panes.inspector_fields import TrimmedDoubleSpinBox, unit_title

CUSTOM = N_("Custom")
TABLE_MIN_MM, TABLE_MAX_MM = 100.0, 10_000.0


class TableSizeBox(QGroupBox):
    """Preset, width × height and units of a new blank table; `changed` is emitted after every edit."""

    changed = Signal()

    def __init__(self, width_mm: float, height_mm: float, units: str, parent: QWidget | None = None) -> None:
        super().__init__(_("Blank table"), parent)
        self._width_mm, self._height_mm, self._units = width_mm, height_mm, units
        self.preset_combo = QComboBox(self)
        for preset in TABLE_PRESETS:
            self.preset_combo.addItem(preset.name, preset)
        self.preset_combo.addItem(_(CUSTOM), None)
        self.preset_combo.activated.connect(self._on_preset)
        self.width_spin, self.height_spin = TrimmedDoubleSpinBox(self), TrimmedDoubleSpinBox(self)
        tips = (_("Width of the table, {low}–{high} mm"), _("Height of the table, {low}–{high} mm"))
        for spin, tip in zip((self.width_spin, self.height_spin), tips, strict=True):
            spin.setToolTip(tip.format(low=f"{TABLE_MIN_MM:g}", high=f"{TABLE_MAX_MM:g}"))
            spin.setKeyboardTracking(False)
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)
            spin.valueChanged.connect(self._on_size_edited)
        self.swap_button = QToolButton(self)
        self.swap_button.setText("⇄")
        self.swap_button.setToolTip(_("Swap width and height"))
        self.swap_button.clicked.connect(self._swap)
        self.units_combo = QComboBox(self)
        for code in UNITS:
            self.units_combo.addItem(unit_title(code), code)
        self.units_combo.setCurrentIndex(self.units_combo.findData(units))
        self.units_combo.currentIndexChanged.connect(self._on_units)
        size_row = QHBoxLayout()
        size_row.addWidget(self.width_spin, 1)
        size_row.addWidget(QLabel("×", self))
        size_row.addWidget(self.height_spin, 1)
        size_row.addWidget(self.swap_button)
        size_label = QLabel(_("&Size"), self)
        size_label.setBuddy(self.width_spin)
        form = QFormLayout(self)
        form.addRow(_("&Preset"), self.preset_combo)
        form.addRow(size_label, size_row)
        form.addRow(_("&Units"), self.units_combo)
        self._show_size()

    def table_mm(self) -> tuple[float, float]:
        return self._width_mm, self._height_mm

    def units(self) -> str:
        return self._units

    def apply(self, document: TrackDocument) -> TrackDocument:
        """`document` (a blank one) with this table size and these units."""
        table = Table(width_mm=round(self._width_mm, 2), height_mm=round(self._height_mm, 2))
        return document.model_copy(update={"table": table, "display_units": self._units})

    def _show_size(self) -> None:
        low, high = spin_range(TABLE_MIN_MM, TABLE_MAX_MM, self._units)
        for spin, mm in ((self.width_spin, self._width_mm), (self.height_spin, self._height_mm)):
            blocked = spin.blockSignals(True)
            spin.setDecimals(spin_decimals(self._units))
            spin.setSingleStep(spin_step(self._units) * (10 if self._units == "mm" else 1))
            spin.setRange(low, high)
            spin.setSuffix(f" {self._units}")
            spin.setValue(from_mm(mm, self._units))
            spin.blockSignals(blocked)
        preset = matching_preset(self._width_mm, self._height_mm)
        self.preset_combo.setCurrentIndex(TABLE_PRESETS.index(preset) if preset else len(TABLE_PRESETS))
        self.changed.emit()

    def _on_preset(self, index: int) -> None:
        preset = self.preset_combo.itemData(index)
        if preset is not None:
            self._width_mm, self._height_mm = preset.width_mm, preset.height_mm
        self._show_size()

    def _on_size_edited(self) -> None:
        mm = min(max(to_mm(self.sender().value(), self._units), TABLE_MIN_MM), TABLE_MAX_MM)
        if self.sender() is self.width_spin:
            self._width_mm = mm
        else:
            self._height_mm = mm
        self._show_size()

    def _swap(self) -> None:
        self._width_mm, self._height_mm = self._height_mm, self._width_mm
        self._show_size()

    def _on_units(self) -> None:
        self._units = self.units_combo.currentData()
        self._show_size()
