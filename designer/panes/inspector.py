"""`Inspector`: the pane that edits the current editor's selection — placement and each kind's own fields.

It follows one `Editor` at a time (`set_editor`): its selection and its document's change signals.
With several elements selected it edits what they share: a field shows a value when they all agree and
"—" otherwise, and setting it sets every selected element. Every edit goes through the document's
operations as an undoable command; a spin-box scrub merges into one step until the box's editing
session ends (Enter or focus-out). Nothing selected: a summary of the document instead. Every label, title
and message is looked up in the catalogue when shown (the kind titles are a `N_` table).
"""

from __future__ import annotations

import contextlib
from collections import Counter

from pydantic import ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from designer.commands.elements import describe_field
from designer.document.operations import change_elements, set_placements
from designer.geometry.authoring import link_pipes
from designer.geometry.units import format_size
from designer.i18n import N_, _, current_language, ngettext, pgettext
from designer.model.edit import placed, with_changes
from designer.panes.inspector_fields import (
    PLACEMENT_SPECS,
    FieldEditor,
    FieldSpec,
    create_editor,
    mute,
    shared_specs,
    unit_title,
)
from designer.panes.markup import plain
from designer.panes.track_box import TrackBox
from designer.rules.texts import ruleset_name

KIND_TITLES = {
    "start_finish": N_("Start/Finish Line"), "gate": N_("Gate"), "item_box": N_("Item Box"), "coin": N_("Coin"),
    "boost_pad": N_("Boost Pad"), "dash_panel": N_("Dash Panel"), "ramp": N_("Ramp"), "warp_pipe": N_("Warp Pipe"),
    "bullet_bill": N_("Bullet Bill"), "thwomp": N_("Thwomp"), "piranha_plant": N_("Piranha Plant"),
    "chain_chomp": N_("Chain Chomp"), "wandering_threat": N_("Wandering Threat"), "scenery": N_("Scenery"),
}
PLACEMENT_FIELDS = {spec.name for spec in PLACEMENT_SPECS}
#: The document summary's rows: key, label (translated where shown; None: the game table, with a context).
SUMMARY_ROWS = (("name", N_("Name")), ("ruleset", N_("Ruleset")), ("table", None), ("units", N_("Units")),
                ("laps", N_("Laps")), ("karts", N_("Karts")), ("elements", N_("Elements")))


def kind_title(kind: str) -> str:
    """The heading of a kind in the current language; an outside system's kind is titled from its code."""
    title = KIND_TITLES.get(kind)
    return _(title) if title else kind.replace("_", " ").title()


def in_sentence(label: str) -> str:
    """A field label inside a sentence: lower case, except in German, where nouns keep their capital."""
    return label if current_language() == "de" else label.lower()


def _form(box: QGroupBox) -> QFormLayout:
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return form


class Inspector(QWidget):
    message = Signal(str)               # a short note for the status bar (e.g. a refused value)
    properties_requested = Signal()     # "Document Properties…" pressed on the summary page

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._editor = None
        self._ids: list[str] = []
        self._session = 0
        self._connections: list[tuple[object, object]] = []
        self._editors: dict[str, FieldEditor] = {}
        self._signature: tuple | None = None
        self.setMinimumWidth(250)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._pages = QStackedWidget()
        self._pages.addWidget(self._build_summary_page())
        self._pages.addWidget(self._build_element_page())
        scroll.setWidget(self._pages)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self._update()

    # --- construction ----------------------------------------------------------------------------
    def _heading(self) -> tuple[QLabel, QLabel]:
        title = plain(QLabel())
        font = QFont(title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        title.setFont(font)
        title.setWordWrap(True)
        subtitle = plain(mute(QLabel()))
        subtitle.setWordWrap(True)
        subtitle.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return title, subtitle

    def _build_summary_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self._summary_title, self._summary_hint = self._heading()
        layout.addWidget(self._summary_title)
        layout.addWidget(self._summary_hint)
        self._document_box = QGroupBox(_("Document"))
        form = _form(self._document_box)
        self._summary_labels: dict[str, QLabel] = {}
        for key, name in SUMMARY_ROWS:
            value = plain(QLabel())  # the document's name, its ruleset id: whatever the file says
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(pgettext("game table", "Table") if name is None else _(name), value)
            self._summary_labels[key] = value
        self._properties_button = QPushButton(_("Document Properties…"))
        self._properties_button.clicked.connect(self.properties_requested)
        form.addRow(self._properties_button)
        layout.addWidget(self._document_box)
        self.track_box = TrackBox()
        layout.addWidget(self.track_box)
        layout.addStretch(1)
        return page

    def _build_element_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self._title, self._subtitle = self._heading()
        layout.addWidget(self._title)
        layout.addWidget(self._subtitle)
        self._placement_box = QGroupBox(_("Placement"))
        self._placement_form = _form(self._placement_box)
        self._fields_box = QGroupBox()
        self._fields_form = _form(self._fields_box)
        layout.addWidget(self._placement_box)
        layout.addWidget(self._fields_box)
        layout.addStretch(1)
        return page

    # --- following an editor ---------------------------------------------------------------------
    def editor(self):
        return self._editor

    def selected_ids(self) -> list[str]:
        return list(self._ids)

    def set_editor(self, editor) -> None:
        """Inspect `editor`'s selection from now on (None: no document)."""
        if editor is self._editor:
            return
        for signal, slot in self._connections:
            with contextlib.suppress(RuntimeError, TypeError):  # the editor is already gone
                signal.disconnect(slot)
        self._connections = []
        self._editor = editor
        self._ids = editor.selected_ids() if editor is not None else []
        if editor is not None:
            document = editor.document
            for signal, slot in ((editor.selection_changed, self._on_selection_changed),
                                 (document.elements_changed, self._on_elements_changed),
                                 (document.elements_inserted, self._on_elements_added_or_removed),
                                 (document.elements_removed, self._on_elements_added_or_removed),
                                 (document.properties_changed, self._on_properties_changed)):
                signal.connect(slot)
                self._connections.append((signal, slot))
        self.track_box.set_document(editor.document if editor is not None else None)
        self._end_session()
        self._update()

    def _on_selection_changed(self, ids: list) -> None:
        self._ids = list(ids)
        self._end_session()
        self._update()

    def _on_elements_changed(self, ids: list) -> None:
        if not self._ids:
            return
        if not set(ids).isdisjoint(self._ids) or any(e.spec.kind == "ref" for e in self._editors.values()):
            self._refresh_values()

    def _on_elements_added_or_removed(self, _change: list) -> None:
        document = self._editor.document
        self._ids = [i for i in self._ids if document.element(i) is not None]
        self._update()

    def _on_properties_changed(self, _fields: list) -> None:
        self._update()

    def _end_session(self) -> None:
        """The next scrub is a new undo step."""
        self._session += 1

    # --- showing ---------------------------------------------------------------------------------
    def _elements(self) -> list:
        if self._editor is None:
            return []
        document = self._editor.document
        return [e for e in (document.element(i) for i in self._ids) if e is not None]

    def _update(self) -> None:
        elements = self._elements()
        if not elements:
            self._pages.setCurrentIndex(0)
            self._show_summary()
            return
        self._pages.setCurrentIndex(1)
        units = self._editor.document.prop("display_units")
        specs = shared_specs((e.kind for e in elements), len(elements))
        kinds = Counter(e.kind for e in elements)
        signature = (units, specs, tuple(kinds) if len(kinds) == 1 else None)
        if signature != self._signature:
            self._rebuild(units, specs, kinds)
            self._signature = signature
        self._refresh_values()

    def _show_summary(self) -> None:
        self._signature = None
        if self._editor is None:
            self._summary_title.setText(_("No document"))
            self._summary_hint.setText(_("Open or create a track to inspect it."))
            self._document_box.hide()
            return
        document = self._editor.document
        units = document.prop("display_units")
        try:
            ruleset = ruleset_name(document.ruleset)
        except Exception:
            ruleset = _("{ruleset} (not installed)").format(ruleset=document.prop("ruleset"))
        table = document.prop("table")
        values = {
            "name": document.name, "ruleset": ruleset, "table": format_size(table.width_mm, table.height_mm, units),
            "units": unit_title(units), "laps": str(document.prop("laps")),
            "karts": str(document.prop("karts")), "elements": str(len(document)),
        }
        for key, text in values.items():
            self._summary_labels[key].setText(text)
        self._summary_title.setText(_("No selection"))
        self._summary_hint.setText(_("Select elements on the canvas to edit them here."))
        self._document_box.show()

    def _rebuild(self, units: str, specs: tuple[FieldSpec, ...], kinds: Counter) -> None:
        for form in (self._placement_form, self._fields_form):
            while form.rowCount():
                form.removeRow(0)
        for editor in self._editors.values():
            editor.deleteLater()
        self._editors = {}
        labels = []
        for form, group in ((self._placement_form, PLACEMENT_SPECS), (self._fields_form, specs)):
            for spec in group:
                editor = create_editor(spec, units, self)
                editor.edited.connect(self._on_edited)
                editor.session_ended.connect(self._end_session)
                label = QLabel(spec.display_label)
                label.setBuddy(editor.widget)
                label.setToolTip(spec.display_tip)
                form.addRow(label, editor.widget)
                editor.widget.show()  # at once, not on the layout's queued show
                labels.append(label)
                self._editors[spec.name] = editor
        width = max(label.sizeHint().width() for label in labels)
        for label in labels:  # one label column across both groups
            label.setMinimumWidth(width)
        self._fields_box.setTitle(kind_title(next(iter(kinds))) if len(kinds) == 1 else _("Shared"))
        self._fields_box.setVisible(bool(specs))

    def _refresh_values(self) -> None:
        elements = self._elements()
        if not elements:
            return
        if len(elements) == 1:
            self._title.setText(kind_title(elements[0].kind))
            self._subtitle.setText(elements[0].id)
        else:
            kinds = Counter(e.kind for e in elements)
            self._title.setText(ngettext("{n} element", "{n} elements", len(elements)).format(n=len(elements)))
            self._subtitle.setText(" · ".join(kind_title(k) + (f" ×{n}" if n > 1 else "") for k, n in kinds.items()))
        document = self._editor.document
        for name, editor in self._editors.items():
            editor.show_values([getattr(e, name) for e in elements], document, self._ids)

    def showing_summary(self) -> bool:
        return self._pages.currentIndex() == 0

    def heading(self) -> tuple[str, str]:
        """The title and subtitle shown: ("Gate", "g1"), ("2 elements", "Gate ×2"), ("No selection", …)."""
        if self.showing_summary():
            return self._summary_title.text(), self._summary_hint.text()
        return self._title.text(), self._subtitle.text()

    def summary(self) -> dict[str, str]:
        """The document summary of the "No selection" page, by key (name, ruleset, table …)."""
        return {key: label.text() for key, label in self._summary_labels.items()}

    # --- editing ---------------------------------------------------------------------------------
    def field_editor(self, name: str) -> FieldEditor | None:
        """The editor of one field (by model name) for the current selection, if shown."""
        return self._editors.get(name)

    def _on_edited(self, field: str, value: object, scrub: bool) -> None:
        elements = self._elements()
        if not elements:
            return
        document = self._editor.document
        merge_key = ("inspector", field, tuple(self._ids), self._session) if scrub else None
        spec = self._editors[field].spec
        try:
            if field in PLACEMENT_FIELDS:
                after = [placed(e, value if field == "x_mm" else e.x_mm, value if field == "y_mm" else e.y_mm,
                                value if field == "rotation_deg" else None) for e in elements]
                set_placements(document, after, merge_key, "Rotate" if field == "rotation_deg" else "Move")
            elif field == "pair":
                after = self._paired(elements[0], value)
                change_elements(document, after, _("Pair warp pipes") if value else _("Unpair warp pipe"), merge_key)
            else:
                after = [with_changes(e, {field: value}) for e in elements]
                change_elements(document, after, describe_field(in_sentence(spec.display_label), elements), merge_key)
        except ValidationError as exc:
            if value == "":
                text = _("{field} cannot be empty; the value was not changed.").format(field=spec.display_label)
            else:  # pydantic's own reason, in English
                text = _("{field} {reason}; the value was not changed.").format(
                    field=spec.display_label, reason=exc.errors()[0]["msg"].lower())
            self.message.emit(text)
            self._refresh_values()

    def _paired(self, pipe, partner_id: str | None) -> list:
        """Link `pipe` and `partner_id` both ways, unlinking any pipe that pointed at either (None: unlink)."""
        return link_pipes(self._editor.document.elements, pipe.id, partner_id)
