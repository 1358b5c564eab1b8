"""The Document Properties dialog: name, ruleset, table size, display units, laps and karts.

OK applies every changed value as ONE undoable step (none when nothing changed); Cancel changes nothing.
When the chosen ruleset does not offer some elements' kinds, the dialog lists them ("3 coins, 2 boost pads,
1 dash panel") and offers to remove them in that same step; kept, they stay and the checks flag them.
The table size and units are the New dialog's fields (`table_size.TableSizeFields`: millimetres kept while the
dialog is open, so switching units or presets never rounds them). Changing the table or the units moves no
element. Labels, notes and undo texts are in the user's
language (`COMMAND_TEXTS` is `N_`-marked: translated where used).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from designer.app.table_size import TableSizeFields
from designer.document.document import Document
from designer.document.operations import change_properties, not_offered
from designer.i18n import N_, _, ngettext, pgettext
from designer.model.kind_names import count_kinds
from designer.model.track import Table, TrackDocument
from designer.panes.dialog_buttons import ok_cancel
from designer.panes.inspector_fields import mute
from designer.panes.palette import palette_kinds
from designer.rules import Ruleset, list_rulesets
from designer.rules.texts import ruleset_name, ruleset_summary

_FIELD = TrackDocument.model_fields
NAME_MAX = 120
COMMAND_TEXTS = {
    "name": N_("Rename track"), "ruleset": N_("Change ruleset"), "table": N_("Resize table"),
    "display_units": N_("Change display units"), "laps": N_("Change laps"), "karts": N_("Change number of karts"),
}


def _form(title: str) -> tuple[QGroupBox, QFormLayout]:
    box = QGroupBox(title)
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return box, form


class DocumentPropertiesDialog(QDialog):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Document Properties"))
        self._document = document
        table = document.prop("table")
        self._size = size = TableSizeFields(table.width_mm, table.height_mm, document.prop("display_units"), self)
        self.preset_combo, self.units_combo = size.preset_combo, size.units_combo
        self.width_spin, self.height_spin, self.swap_button = size.width_spin, size.height_spin, size.swap_button

        general, form = _form(_("Track"))
        self._ruleset_form = form
        self.name_edit = QLineEdit(document.name)
        self.name_edit.setMaxLength(NAME_MAX)
        self.name_edit.textChanged.connect(self._validate)
        self.ruleset_combo = QComboBox()
        for ruleset in list_rulesets():
            self.ruleset_combo.addItem(ruleset_name(ruleset), ruleset.id)
            self.ruleset_combo.setItemData(self.ruleset_combo.count() - 1, ruleset_summary(ruleset),
                                           Qt.ItemDataRole.ToolTipRole)
        if self.ruleset_combo.findData(document.prop("ruleset")) < 0:
            self.ruleset_combo.addItem(_("{ruleset} (not installed)").format(ruleset=document.prop("ruleset")),
                                       document.prop("ruleset"))
        self.ruleset_combo.setCurrentIndex(self.ruleset_combo.findData(document.prop("ruleset")))
        self.ruleset_combo.currentIndexChanged.connect(self._update_notes)
        self.remove_check = QCheckBox()
        self.remove_check.setToolTip(_("Removed in the same undo step as the change of ruleset"))
        self.remove_check.toggled.connect(self._update_notes)
        form.addRow(_("&Name"), self.name_edit)
        form.addRow(_("&Ruleset"), self.ruleset_combo)
        form.addRow(self.remove_check)

        table_box, table_form = _form(pgettext("game table", "Table"))
        table_form.addRow(_("&Preset"), self.preset_combo)
        table_form.addRow(size.size_label, size.size_row)
        self.notes = mute(QLabel())
        self.notes.setWordWrap(True)
        table_form.addRow(self.notes)

        race, race_form = _form(_("Race and Display"))
        self.laps_spin = self._count_spin("laps", document.prop("laps"), " " + pgettext("spin box suffix", "laps"))
        self.karts_spin = self._count_spin("karts", document.prop("karts"), " " + pgettext("spin box suffix", "karts"))
        race_form.addRow(_("&Units"), self.units_combo)
        race_form.addRow(_("&Laps"), self.laps_spin)
        race_form.addRow(_("&Karts"), self.karts_spin)

        self.buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        forms = (form, table_form, race_form)
        labels = [f.itemAt(row, QFormLayout.ItemRole.LabelRole) for f in forms for row in range(f.rowCount())]
        labels = [item.widget() for item in labels if item is not None and item.widget() is not None]
        width = max(label.sizeHint().width() for label in labels)
        for label in labels:  # one label column across the groups
            label.setMinimumWidth(width)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for widget in (general, table_box, race):
            layout.addWidget(widget)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(440)
        size.changed.connect(self._update_notes)
        self._update_notes()
        self._validate()

    def _count_spin(self, field: str, value: int, suffix: str) -> QSpinBox:
        low, high = (next(getattr(m, a) for m in _FIELD[field].metadata if hasattr(m, a)) for a in ("ge", "le"))
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setSuffix(suffix)
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.setToolTip(f"{low}–{high}")
        return spin

    # --- the table size --------------------------------------------------------------------------
    def table_mm(self) -> tuple[float, float]:
        return self._size.table_mm()

    def _update_notes(self) -> None:
        elements = self._document.elements
        width, height = self.table_mm()
        outside = sum(1 for e in elements if not (0 <= e.x_mm <= width and 0 <= e.y_mm <= height))
        notes = [_("Changing the table or the units moves no element.")]
        if outside:
            notes.append(ngettext("{n} element lies outside this table.", "{n} elements lie outside this table.",
                                  outside).format(n=outside))
        ruleset = self.chosen_ruleset()
        foreign = not_offered(elements, ruleset) if ruleset is not None else []
        self._ruleset_form.setRowVisible(self.remove_check, bool(foreign))
        if foreign:
            listed = count_kinds((e.kind for e in foreign), palette_kinds(self._document))
            self.remove_check.setText(_("Remove what it does not offer: {kinds}").format(kinds=listed))
            if self.remove_check.isChecked():
                removed = _("{kinds} will be removed.").format(kinds=listed)
                notes.append(removed[:1].upper() + removed[1:])
            else:
                n = len(foreign)
                notes.append(ngettext("{n} element is not part of {ruleset}; kept, it is listed in Problems.",
                                      "{n} elements are not part of {ruleset}; kept, they are listed in Problems.",
                                      n).format(n=n, ruleset=ruleset_name(ruleset)))
        self.notes.setText(" ".join(notes))

    def chosen_ruleset(self) -> Ruleset | None:
        """The rules chosen in the combo (None for one that is not installed)."""
        ruleset_id = self.ruleset_combo.currentData()
        return next((r for r in list_rulesets() if r.id == ruleset_id), None)

    def removals(self) -> list[str]:
        """The ids of the elements OK removes: those the chosen ruleset does not offer, if the user asked."""
        ruleset = self.chosen_ruleset()
        if ruleset is None or not self.remove_check.isChecked():
            return []
        return [e.id for e in not_offered(self._document.elements, ruleset)]

    # --- applying --------------------------------------------------------------------------------
    def _validate(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.name_edit.text().strip()))

    def values(self) -> dict:
        """The properties the user changed, as document values."""
        document = self._document
        width, height = self.table_mm()
        wanted = {
            "name": self.name_edit.text().strip(),
            "ruleset": self.ruleset_combo.currentData(),
            "table": Table(width_mm=width, height_mm=height),
            "display_units": self._size.units(),
            "laps": self.laps_spin.value(),
            "karts": self.karts_spin.value(),
        }
        return {field: value for field, value in wanted.items() if value != document.prop(field)}

    def accept(self) -> None:
        for spin in (self.width_spin, self.height_spin, self.laps_spin, self.karts_spin):
            spin.interpretText()  # typed but not yet committed (OK pressed without leaving the box)
        if not self.name_edit.text().strip():
            return
        values, removals = self.values(), self.removals()
        if values or removals:
            if len(values) > 1:
                text = _("Change document properties")
            elif values:
                text = _(COMMAND_TEXTS[next(iter(values))])
            else:
                text = _("Remove elements the ruleset does not offer")
            change_properties(self._document, values, text, removals)
        super().accept()


def edit_document_properties(window) -> bool:
    """Show the dialog for the current tab; True when the user pressed OK."""
    editor = window.current_editor()
    if editor is None:
        return False
    dialog = DocumentPropertiesDialog(editor.document, window)
    return dialog.exec() == QDialog.DialogCode.Accepted
