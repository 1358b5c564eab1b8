"""The "Blank table" box of the New dialog: the table's size (a preset or custom) and the document's units,
on the fields Document Properties uses too (`table_size.TableSizeFields`). `apply()` gives a blank document
that size and those units.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QWidget

from designer.app.table_size import TableSizeFields
from designer.i18n import _
from designer.model.track import Table, TrackDocument


class TableSizeBox(QGroupBox):
    """Preset, width × height and units of a new blank table; `changed` is emitted after every edit."""

    changed = Signal()

    def __init__(self, width_mm: float, height_mm: float, units: str, parent: QWidget | None = None) -> None:
        super().__init__(_("Blank table"), parent)
        self.fields = fields = TableSizeFields(width_mm, height_mm, units, self)
        self.preset_combo, self.units_combo = fields.preset_combo, fields.units_combo
        self.width_spin, self.height_spin, self.swap_button = fields.width_spin, fields.height_spin, fields.swap_button
        form = QFormLayout(self)
        form.addRow(_("&Preset"), self.preset_combo)
        form.addRow(fields.size_label, fields.size_row)
        form.addRow(_("&Units"), self.units_combo)
        fields.changed.connect(self.changed)

    def table_mm(self) -> tuple[float, float]:
        return self.fields.table_mm()

    def units(self) -> str:
        return self.fields.units()

    def apply(self, document: TrackDocument) -> TrackDocument:
        """`document` (a blank one) with this table size and these units."""
        width, height = self.table_mm()
        table = Table(width_mm=round(width, 2), height_mm=round(height, 2))
        return document.model_copy(update={"table": table, "display_units": self.units()})
