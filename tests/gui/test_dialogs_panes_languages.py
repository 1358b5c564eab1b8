"""The editor's dialogs and docks in German, Spanish and French: every label, title, tooltip, header and read-out
comes from the catalogue when the widget is built, and numbers with decimals carry the language's decimal comma.
(English is what the other tests of these modules read; tests/conftest.py puts English back after each test.)"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

from designer import i18n
from designer.app.image_export import PngOptionsDialog
from designer.app.new_dialog import NewDocumentDialog, describe
from designer.app.preferences import PreferencesDialog
from designer.app.print_dialog import PrintDialog
from designer.app.properties_dialog import DocumentPropertiesDialog
from designer.app.report_dialog import length_text, straights_text
from designer.document.document import Document
from designer.geometry.checks import Problem
from designer.geometry.route import lap_length
from designer.geometry.units import from_mm
from designer.model.kind_names import kind_name
from designer.model.track import TrackDocument
from designer.panes.gates import GatesPane
from designer.panes.history import HistoryPane
from designer.panes.inspector_fields import field_specs
from designer.panes.markup import number_text
from designer.panes.palette import PaletteDock
from designer.panes.problems import ProblemsPane, counts_text
from designer.panes.track_box import TrackBox


def form_labels(widget) -> list[str]:
    """The label column of every form layout in `widget`."""
    texts = []
    for form in widget.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and isinstance(item.widget(), QLabel):
                texts.append(item.widget().text())
    return texts


def group_titles(widget) -> list[str]:
    return [box.title() for box in widget.findChildren(QGroupBox)]


@pytest.fixture
def document(every_kind: TrackDocument) -> Document:
    return Document(every_kind)


@pytest.fixture
def window_in(every_kind, errors, new_window):
    """A main window built after switching to a language (its docks are then in that language)."""
    def make(language: str):
        i18n.set_language(language)
        return new_window(every_kind)

    return make


# --- numbers ------------------------------------------------------------------------------------------
def test_number_text_has_the_languages_decimal_sign_and_no_digit_groups():
    assert number_text(1219.2, 1) == "1219.2" and number_text(48.0, 2, trim=True) == "48"
    i18n.set_language("de")
    assert number_text(1219.25, 2) == "1219,25" and number_text(12.50, 2, trim=True) == "12,5"
    i18n.set_language("fr")
    assert number_text(-3.5, 1) == "-3,5" and number_text(1234.0, 0) == "1234"
    i18n.set_language("en")
    assert number_text(123.45, 1) == f"{123.45:.1f}"  # English read-outs round as they always did


def test_the_track_box_reads_out_in_spanish_with_a_decimal_comma(qtbot, document):
    i18n.set_language("es")
    box = TrackBox()
    qtbot.addWidget(box)
    box.set_document(document)
    assert box.title() == "Circuito"
    assert form_labels(box) == ["Ancho", "Forma", "Línea central"]
    assert box.shape_label.text() == "circuito cerrado, 4 puntos"
    inches = from_mm(lap_length(document.track), "in")
    expected = f"{inches:.3f}".rstrip("0").rstrip(".").replace(".", ",")
    assert "," in expected and box.lap_label.text() == f"{expected} in"


def test_the_track_report_figures_in_german():
    i18n.set_language("de")
    assert length_text(1234.5, "cm") == "123,5 cm" and length_text(None, "mm") == "—"  # rounded as in English
    assert straights_text(270.0, 180.0) == "1,5 lange Geraden"


# --- dialogs ------------------------------------------------------------------------------------------
def test_document_properties_in_german(qtbot, document):
    i18n.set_language("de")
    dialog = DocumentPropertiesDialog(document)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Dokumenteigenschaften"
    assert group_titles(dialog) == ["Strecke", "Tisch", "Rennen und Anzeige"]
    assert form_labels(dialog) == ["&Name", "&Regelwerk", "&Vorlage", "&Größe", "&Einheiten", "R&unden", "&Karts"]
    assert dialog.preset_combo.currentText() == "Benutzerdefiniert"  # 4′ × 3′ is no preset
    assert dialog.units_combo.currentText() == "Zoll (in)"
    assert dialog.laps_spin.suffix() == " Runden"
    assert dialog.swap_button.toolTip() == "Breite und Höhe tauschen"
    assert dialog.notes.text().startswith("Eine Änderung von Tisch oder Einheiten verschiebt kein Element.")


def test_document_properties_in_german_counts_what_a_ruleset_switch_leaves_out(qtbot, document):
    i18n.set_language("de")
    dialog = DocumentPropertiesDialog(document)
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("mk-downforce"))
    assert dialog.remove_check.text().startswith("Entfernen, was es nicht anbietet: ")
    assert "gehören nicht zu" in dialog.notes.text() and "unter Probleme aufgeführt" in dialog.notes.text()
    dialog.remove_check.setChecked(True)
    assert "Entfernt werden: " in dialog.notes.text()


def test_preferences_in_german_keep_each_language_in_its_own_name(qtbot, window_in):
    window = window_in("en")
    i18n.set_language("de")
    dialog = PreferencesDialog(window)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Einstellungen"
    tabs = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert tabs == ["&Allgemein", "&Zeichenfläche", "&Prüfungen", "&Drucken"]
    combo = dialog.language_combo
    assert [combo.itemText(i) for i in range(combo.count())] == \
        ["Systemvorgabe", "English", "Deutsch", "Español", "Français"]
    assert dialog.autosave_spin.specialValueText() == "Aus"
    assert dialog.units_combo.itemText(0) == "Millimeter (mm)"
    assert "Automatisches Speichern" in group_titles(dialog)


def test_the_new_dialog_in_german(qtbot):
    i18n.set_language("de")
    dialog = NewDocumentDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Neue Strecke"
    assert dialog.choices[0].title == "Leerer Tisch" and dialog.list.item(0).text() == "Leerer Tisch"
    assert dialog.create_button.text() == "&Erstellen"
    # The blank table in the language's units until the user picks some (centimetres in German), comma.
    assert describe(dialog.choices[0].document).split(" · ")[::2] == \
        ["Tisch 182,9 × 121,9 cm", "3 Runden, 4 Karts", "keine Streckenfläche"]


def test_the_print_dialog_in_french(qtbot, every_kind):
    i18n.set_language("fr")
    dialog = PrintDialog(every_kind)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=10000)
    assert dialog.windowTitle() == "Exporter / Imprimer — Every Kind"
    assert group_titles(dialog) == ["Imprimer", "Papier", "Feuille de découpe"]  # the last shown for SVG or DXF
    orientations = [dialog.orientation_combo.itemText(i) for i in range(dialog.orientation_combo.count())]
    assert orientations == ["Moins de pages", "Portrait", "Paysage"]
    assert dialog.paper_combo.itemText(dialog.paper_combo.findData("letter")) == "Lettre US"
    assert "Marge" in form_labels(dialog) and dialog.save_button.text() == "Enregistrer le PDF…"
    assert re.fullmatch(r"\d+ pages, \d+ Ko", dialog.status_label.text().split(" — ")[0])


def test_the_png_dialog_in_spanish(qtbot):
    i18n.set_language("es")
    dialog = PngOptionsDialog(QRectF(0, 0, 1000, 800), 4.0)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Exportar como PNG"
    assert form_labels(dialog) == ["&Resolución:", "Tamaño de la imagen:"]
    assert dialog.size_label.text() == "4000 × 3200 px (102 ppp)"


# --- docks --------------------------------------------------------------------------------------------
def test_the_problems_dock_header_in_french(qtbot):
    i18n.set_language("fr")
    pane = ProblemsPane()
    qtbot.addWidget(pane)
    header = [pane.model.headerData(c, Qt.Orientation.Horizontal) for c in range(pane.model.columnCount())]
    assert header == ["Gravité", "Code", "Message", "Éléments"]
    pane.set_problems([Problem("gate-overlap", "warning", "…", ("g1", "g2"))])
    assert [button.text() for button in pane.filters.values()] == ["Erreurs (0)", "Avertissements (1)", "Remarques (0)"]
    assert pane.filters["error"].toolTip() == "Afficher ou masquer les erreurs"
    row = [pane.model.index(0, c).data() for c in range(4)]
    assert row == ["avertissement", "gate-overlap", "…", "g1, g2"]  # the code stays an id
    assert counts_text(pane.problems) == "0 erreur · 1 avertissement · 0 remarque"


def test_the_gates_dock_in_german(qtbot, window_in):
    window = window_in("de")
    pane = GatesPane()
    qtbot.addWidget(pane)
    pane.set_editor(window.current_editor())
    assert pane.summary.text() == "2 Tore — zum Umordnen ziehen"
    assert pane.list.item(0).text() == "Start/Ziel  sf  (23,62 in; 9,45 in)"
    assert pane.renumber_button.text() == "Entlang der Strecke nummerieren"


def test_the_inspector_in_german(qtbot, window_in):
    window = window_in("de")
    inspector = window.panes.inspector
    assert inspector.heading() == ("Keine Auswahl",
                                   "Elemente auf der Zeichenfläche auswählen, um sie hier zu bearbeiten.")
    assert "Dokument" in group_titles(inspector)
    assert inspector.summary()["units"] == "Zoll (in)"
    editor = window.current_editor()
    editor.select_ids(["g1"])
    assert inspector.heading() == ("Tor", "g1")
    assert "Platzierung" in group_titles(inspector) and "Tor" in group_titles(inspector)
    assert "Reihenfolge" in form_labels(inspector) and "Drehung" in form_labels(inspector)
    editor.select_ids(["g1", "g2"])
    assert inspector.heading()[0] == "2 Elemente"
    editor.select_ids(["goomba"])
    move = inspector.field_editor("move").box
    assert [move.itemText(i) for i in range(move.count())] == ["Kurz", "Mittel"]
    assert "Wanderweite" in form_labels(inspector)  # the distance, not the verb "Move"


def test_field_specs_stay_english_and_an_outside_fields_label_comes_from_its_name():
    i18n.set_language("de")
    order = next(s for s in field_specs("gate") if s.name == "order")
    assert order.label == "Order" and order.display_label == "Reihenfolge"
    assert order.display_tip == "Die Karts passieren die Tore in dieser Reihenfolge"
    from designer.panes.inspector_fields import _spec_from_field

    class Info:
        annotation, metadata = int, []

    outside = _spec_from_field("fuel_tanks", Info())
    assert outside.label == "Fuel tanks" and outside.display_label == "Fuel tanks"


def test_the_undo_history_and_the_palette_in_french(qtbot, window_in):
    window = window_in("fr")
    history = HistoryPane(window.undo_group)
    qtbot.addWidget(history)
    assert history.row_texts()[0] == "<vide>"
    palette = PaletteDock()
    qtbot.addWidget(palette)
    palette.set_editor(window.current_editor())
    kinds = palette.kinds()
    assert [palette.item_for(k).text() for k in kinds] == [kind_name(k) for k in kinds]  # named when built
    assert palette.windowTitle() == "Palette" and palette.note.text().startswith("Choisir un élément")
