"""The main window's chrome in German, Spanish and French: menu titles, actions, window and tab titles, the status
bar, the save prompt, the recovery, error and About dialogs and the drop refusals come from the catalogue, while
`window.menus` keeps its English keys and the bug-report texts stay in English whatever the language."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer import i18n
from designer.app.about import AboutDialog
from designer.app.drop_files import refusal
from designer.app.errors import ErrorDialog
from designer.app.file_actions import track_filter
from designer.app.prompts import save_changes_box
from designer.app.recovery_dialog import RecoveryDialog
from designer.app.untitled import format_readout, untitled_document
from designer.app.window import MainWindow
from designer.io.recovery import CAMPAIGN, RecoveryEntry


def open_window(qtbot, document, language: str) -> MainWindow:
    i18n.set_language(language)  # at start-up, before the first widget (the conftest sets English back)
    win = MainWindow(document)
    qtbot.addWidget(win)
    return win


@pytest.fixture
def german_window(qtbot, every_kind, errors):
    win = open_window(qtbot, every_kind, "de")
    yield win
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()


def menu_titles(win: MainWindow) -> list[str]:
    return [action.text() for action in win.menuBar().actions()]


def test_a_german_window_has_german_menus_with_english_keys(german_window):
    win = german_window
    assert menu_titles(win) == ["&Datei", "&Bearbeiten", "&Ansicht", "&Strecke", "&Fenster", "&Hilfe"]
    assert list(win.menus) == ["File", "Edit", "View", "Track", "Window", "Help"]   # feature modules' keys
    assert win.file_actions.save_as_action.text() == "Speichern &unter…"
    assert win.file_actions.recent_menu.title() == "&Zuletzt geöffnet"
    assert win.edit_controller.undo_action.text().startswith("&Rückgängig")
    assert win.menu_actions.qaction("reverse").statusTip() == "Die Strecke in der Gegenrichtung fahren"
    assert win.checks.dock.windowTitle() == "Probleme" and win.panes.inspector_dock.windowTitle() == "Inspektor"
    assert win.overlay_controller.menu.title() == "Ein&blendungen"
    assert win.about_action.text() == "Ü&ber Kartographer…"


def test_a_german_window_titles_and_status_bar(german_window, qtbot):
    win = german_window
    assert win.tabs.tabText(0) == "Every Kind (nicht gespeichert)"
    assert win.windowTitle() == "Every Kind (nicht gespeichert)[*] — Kartographer"
    assert win.selection_text() == "18 Elemente"
    win.current_editor().select_ids(["box1", "coin1"])
    assert win.selection_text() == "2 von 18 Elementen ausgewählt"
    win.current_editor().select_ids(["box1"])
    assert win.selection_text().startswith("Ausgewählt: ") and win.selection_text().endswith("„box1“")

    snap = win.edit_controller.snap_action
    snap.setChecked(not snap.isChecked())
    expected = "Am Raster ausrichten: an" if snap.isChecked() else "Am Raster ausrichten: aus"
    assert win.statusBar().currentMessage() == expected
    win.current_editor().select_ids(["box1"])
    win.edit_controller.cut()
    assert win.current_editor().document.undo_stack.undoText() == "1 Element ausschneiden"


def test_numbers_and_names_follow_the_language():
    assert format_readout(123.4, "cm") == "12.3 cm" and untitled_document().name == "Untitled"
    i18n.set_language("fr")
    assert format_readout(123.4, "cm") == "12,3 cm" and format_readout(1000.0, "in") == "39,37 in"
    assert format_readout(1234.4, "mm") == "1234 mm"
    assert untitled_document().name == "Sans titre" and untitled_document("Ovale").name == "Ovale"
    assert track_filter() == "Circuits Kartographer (*.track.json)"


def test_the_save_prompt_in_spanish(qtbot):
    i18n.set_language("es")
    box = save_changes_box(None, "Óvalo")
    qtbot.addWidget(box)
    assert box.windowTitle() == "Cambios sin guardar"
    assert box.text() == "¿Guardar los cambios de «Óvalo» antes de cerrar?"
    assert box.informativeText() == "Si no los guarda, se perderán los cambios."


def test_the_recovery_dialog_in_french(qtbot, tmp_path: Path):
    i18n.set_language("fr")
    entry = RecoveryEntry("k1", tmp_path / "k1.json", None, 0.0, "Coupe des champignons", CAMPAIGN)
    dialog = RecoveryDialog([entry])
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Récupérer les documents non enregistrés"
    header = dialog.tree.headerItem()
    assert [header.text(i) for i in range(3)] == ["Document", "Fichier d’origine", "Enregistrement auto"]
    item = dialog.tree.topLevelItem(0)
    assert [item.text(i) for i in range(3)] == ["Coupe des champignons (campagne)", "jamais enregistré", "inconnu"]
    assert [dialog.restore_button.text(), dialog.discard_button.text(), dialog.later_button.text()] == \
        ["&Restaurer", "&Tout rejeter", "Décider &plus tard"]


def test_the_error_dialog_in_spanish_keeps_its_details_in_english(qtbot):
    i18n.set_language("es")
    try:
        raise ValueError("no hay pista")
    except ValueError as exc:
        info = (type(exc), exc, exc.__traceback__)
    dialog = ErrorDialog(info, "/tmp/kartographer.log")
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Error inesperado — Kartographer"
    assert dialog.copy_button.text() == "&Copiar detalles"
    assert dialog.log_label.text() == "Archivo de registro: /tmp/kartographer.log"
    dialog.show_counts(3, 2)
    assert dialog.count_label.text() == ("Esto ha ocurrido 3 veces. "
                                         "2 errores inesperados más desde entonces: vea el registro.")
    assert dialog.details.startswith("Unexpected error: ") and "Log file: /tmp/kartographer.log" in dialog.details


def test_the_about_dialog_in_french_copies_english(qtbot):
    i18n.set_language("fr")
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "À propos de Kartographer" and dialog.copy_button.text() == "&Copier"
    form_labels = [w.text() for w in dialog.findChildren(type(dialog.values["Log file"]))]
    assert "Fichier journal :" in form_labels
    assert "Log file: " in dialog.text()   # for whoever reads the bug report


def test_a_refused_drop_in_german():
    i18n.set_language("de")
    assert refusal(["a.txt", "b.png", "c.pdf", "d.doc", "e.zip"]) == (
        "a.txt, b.png, c.pdf und 2 weitere können nicht geöffnet werden: hier lassen sich nur Strecken "
        "(*.track.json), Kampagnen (*.campaign.json) und Autos (*.vehicle.json) ablegen")
    assert refusal(["a.txt"]).startswith("a.txt kann nicht geöffnet werden: hier lassen sich nur Strecken")
    assert refusal(["a.txt", "b.png"]).startswith("a.txt, b.png können nicht geöffnet werden: ")
