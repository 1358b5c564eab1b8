"""File ▸ Generate Track… (and the New dialog's Generate… button): a new track made by a game system's
generator (`designer.geometry.generate`).

The systems offered are those of the registry that have a generator; the table size and units are the New
dialog's fields; the seed has "Another One" beside it, which draws a new seed; each option of the chosen
system's generator is a spin box (a number) or a combo box (one of its choices). Every change makes the
track again and shows it in the preview (`new_dialog.render_thumbnail`, the canvas's own drawing); a
refusal (the table too small, say) shows in red and disables Create. The track opens like New's: an
ordinary unsaved document.
"""

from __future__ import annotations

import html
import random

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from designer.app.new_dialog import describe, render_thumbnail
from designer.app.settings import Settings
from designer.app.table_size import TableSizeFields
from designer.geometry.generate import MAX_SEED, GenerateError, default_table, generate, generator_systems
from designer.i18n import _
from designer.model.track import TrackDocument
from designer.panes.dialog_buttons import ok_cancel
from designer.panes.theme import error_style
from designer.rules import load_ruleset
from designer.systems.api import GeneratorOption

PREVIEW_SIZE = QSize(420, 290)


class GenerateDialog(QDialog):
    """System, table, seed and the generator's options on the left, the generated track on the right."""

    def __init__(self, parent: QWidget | None = None, system_id: str | None = None,
                 units: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Generate Track"))
        self.systems = generator_systems()
        self.document: TrackDocument | None = None
        self.error = ""
        self._rng = random.Random()
        self.system_combo = QComboBox(self)
        for system in self.systems:
            self.system_combo.addItem(system.display_name, system.id)
        units = units or Settings().preferences().new_document_units
        self.table = TableSizeFields(1828.8, 1219.2, units, self)
        for spin in (self.table.width_spin, self.table.height_spin):  # "1828.80 mm" whole in every unit
            spin.setMinimumWidth(self.fontMetrics().horizontalAdvance("00000.00 mm") + 28)
        self.seed_spin = QSpinBox(self)
        self.seed_spin.setRange(0, MAX_SEED)
        self.seed_spin.setKeyboardTracking(False)
        self.another_button = QPushButton(_("&Another One"), self)
        self.another_button.setToolTip(_("Draw a new seed: another track with the same settings"))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_spin, 1)
        seed_row.addWidget(self.another_button)
        form = QFormLayout()
        form.addRow(_("Game &system"), self.system_combo)
        form.addRow(_("&Preset"), self.table.preset_combo)
        form.addRow(self.table.size_label, self.table.size_row)
        form.addRow(_("&Units"), self.table.units_combo)
        seed_label = QLabel(_("S&eed"), self)
        seed_label.setBuddy(self.seed_spin)  # a row of two widgets: the label's mnemonic needs its buddy named
        form.addRow(seed_label, seed_row)
        self.options_box = QGroupBox(_("Options"), self)
        self.options_form = QFormLayout(self.options_box)
        self.controls: dict[str, QWidget] = {}
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.options_box)
        left.addStretch(1)
        self.preview = QLabel(self)
        self.preview.setMinimumSize(PREVIEW_SIZE)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details = QLabel(self)
        self.details.setWordWrap(True)
        right = QVBoxLayout()
        right.addWidget(self.preview, 1)
        right.addWidget(self.details)
        columns = QHBoxLayout()
        columns.addLayout(left)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        self.buttons = ok_cancel(self, _("&Create"))
        self.create_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout.addWidget(self.buttons)

        self.system_combo.currentIndexChanged.connect(lambda _i: self._on_system())
        self.table.changed.connect(self.regenerate)
        self.seed_spin.valueChanged.connect(lambda _v: self.regenerate())
        self.another_button.clicked.connect(self.another_one)
        start = self.system_combo.findData(system_id) if system_id else 0
        self.system_combo.setCurrentIndex(max(start, 0))
        self._on_system()

    # --- the chosen system's options -------------------------------------------------------------
    def system_id(self) -> str | None:
        return self.system_combo.currentData()

    def _on_system(self) -> None:
        """The system's table proposal and its options' controls, at their defaults; then a track."""
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.controls = {}
        system = next((s for s in self.systems if s.id == self.system_id()), None)
        if system is None or system.generator is None:
            self.regenerate()
            return
        ruleset = load_ruleset(system.id)
        for option in system.generator.options:
            control = self._control(option, option.default(ruleset))
            self.controls[option.name] = control
            self.options_form.addRow(option.display_title, control)
        self.options_box.setVisible(bool(self.controls))
        width, height = default_table(system.generator, ruleset)
        blocked = self.table.blockSignals(True)
        self.table.set_size(width, height)
        self.table.blockSignals(blocked)
        self.regenerate()

    def _control(self, option: GeneratorOption, value: float | str) -> QWidget:
        if option.choices:
            combo = QComboBox(self)
            for key, title in option.choices.items():
                combo.addItem(_(title), key)
            combo.setCurrentIndex(max(combo.findData(value), 0))
            combo.currentIndexChanged.connect(lambda _i: self.regenerate())
            return combo
        spin: QSpinBox | QDoubleSpinBox
        if option.decimals == 0:
            spin = QSpinBox(self)
            spin.setRange(int(option.minimum), int(option.maximum))
            spin.setValue(int(float(value)))
        else:
            spin = QDoubleSpinBox(self)
            spin.setDecimals(option.decimals)
            spin.setRange(option.minimum, option.maximum)
            spin.setValue(float(value))
        if option.unit:
            spin.setSuffix(f" {option.unit}")
        spin.setKeyboardTracking(False)
        spin.valueChanged.connect(lambda _v: self.regenerate())
        return spin

    def settings(self) -> dict[str, float | str]:
        out: dict[str, float | str] = {}
        for name, control in self.controls.items():
            out[name] = control.currentData() if isinstance(control, QComboBox) else control.value()
        return out

    # --- generating ------------------------------------------------------------------------------
    def another_one(self) -> None:
        """A new seed (never the one shown), which makes another track."""
        seed = self.seed_spin.value()
        while seed == self.seed_spin.value():
            seed = self._rng.randrange(MAX_SEED)
        self.seed_spin.setValue(seed)

    def regenerate(self) -> None:
        system_id = self.system_id()
        self.document, self.error = None, ""
        if system_id is None:
            self.error = _("No game system has a track generator.")
        else:
            try:
                self.document = generate(system_id, self.table.table_mm(), self.seed_spin.value(),
                                         self.settings(), units=self.table.units())
            except GenerateError as exc:
                self.error = str(exc)
        self.create_button.setEnabled(self.document is not None)
        if self.document is None:
            self.preview.clear()
            self.details.setStyleSheet(error_style(self.details))
            self.details.setText(html.escape(self.error))
            return
        self.details.setStyleSheet("")
        self.details.setText(f"<b>{html.escape(self.document.name)}</b><br>{html.escape(describe(self.document))}")
        self.preview.setPixmap(render_thumbnail(self.document, PREVIEW_SIZE, self.devicePixelRatioF()))

    def chosen_document(self) -> TrackDocument | None:
        return None if self.document is None else self.document.model_copy(deep=True)


def ask_generated_document(parent: QWidget | None = None, system_id: str | None = None) -> TrackDocument | None:
    """Show the Generate dialog (on `system_id` when it has a generator); the generated document, or None when
    cancelled."""
    dialog = GenerateDialog(parent, system_id)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.chosen_document()
    finally:
        dialog.deleteLater()
