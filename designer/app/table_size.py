"""The table-size fields shared by the New dialog's Blank table box and Document Properties: a preset combo,
width × height spin boxes with a swap button, and the units combo, each dialog laying them out its own way.

The size is kept in millimetres while the fields live, so switching units or presets never rounds it; the spin
boxes show it in the chosen units, and the preset combo names the preset the size is (else Custom).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolButton, QWidget

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
from designer.panes.inspector_fields import TrimmedDoubleSpinBox, unit_title

CUSTOM = N_("Custom")
TABLE_MIN_MM, TABLE_MAX_MM = 100.0, 10_000.0


class TableSizeFields(QObject):
    """The widgets (`preset_combo`, `width_spin`, `height_spin`, `swap_button`, `size_row`, `size_label`,
    `units_combo`) and the size they edit; `changed` is emitted after every edit."""

    changed = Signal()

    def __init__(self, width_mm: float, height_mm: float, units: str, parent: QWidget) -> None:
        super().__init__(parent)
        self._width_mm, self._height_mm, self._units = width_mm, height_mm, units
        self.preset_combo = QComboBox(parent)
        for preset in TABLE_PRESETS:
            self.preset_combo.addItem(preset.name, preset)
        self.preset_combo.addItem(_(CUSTOM), None)
        self.preset_combo.activated.connect(self._on_preset)
        self.width_spin, self.height_spin = TrimmedDoubleSpinBox(parent), TrimmedDoubleSpinBox(parent)
        tips = (_("Width of the table, {low}–{high} mm"), _("Height of the table, {low}–{high} mm"))
        for spin, tip in zip((self.width_spin, self.height_spin), tips, strict=True):
            spin.setToolTip(tip.format(low=f"{TABLE_MIN_MM:g}", high=f"{TABLE_MAX_MM:g}"))
            spin.setKeyboardTracking(False)
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)
            spin.valueChanged.connect(self._on_size_edited)
        self.swap_button = QToolButton(parent)
        self.swap_button.setText("⇄")
        self.swap_button.setToolTip(_("Swap width and height"))
        self.swap_button.clicked.connect(self._swap)
        self.units_combo = QComboBox(parent)
        for code in UNITS:
            self.units_combo.addItem(unit_title(code), code)
        self.units_combo.setCurrentIndex(self.units_combo.findData(units))
        self.units_combo.currentIndexChanged.connect(self._on_units)
        self.size_row = QHBoxLayout()
        self.size_row.addWidget(self.width_spin, 1)
        self.size_row.addWidget(QLabel("×", parent))
        self.size_row.addWidget(self.height_spin, 1)
        self.size_row.addWidget(self.swap_button)
        self.size_label = QLabel(_("&Size"), parent)
        self.size_label.setBuddy(self.width_spin)
        self._show_size()

    def table_mm(self) -> tuple[float, float]:
        return self._width_mm, self._height_mm

    def units(self) -> str:
        return self._units

    def set_size(self, width_mm: float, height_mm: float) -> None:
        """Show this size (emits `changed`)."""
        self._width_mm, self._height_mm = width_mm, height_mm
        self._show_size()

    def _show_size(self) -> None:
        """The size, exact in millimetres, shown in the current units without emitting edits."""
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
