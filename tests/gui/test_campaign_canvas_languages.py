"""The campaign window, the canvas read-outs and the undo texts in German, Spanish and French (English stays
as it was: the other campaign, tool and command tests read it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from designer import i18n
from designer.campaign.context import Context
from designer.campaign.edit import new_campaign
from designer.canvas.rulers import units_menu
from designer.canvas.tools.measure import MeasureTool, readout
from designer.commands.elements import describe
from designer.document.campaign import CampaignSession
from designer.document.operations import delete_elements, move_elements, reorder_elements, rotate_elements
from designer.geometry.measure import measure
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.battle import BattlePage, log_lines
from designer.panes.campaign.common import ordinal
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from .test_track_tools import drag, key

SAMPLE = "mushroom-cup.campaign.json"


def headers(table) -> list[str]:
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]


@pytest.fixture
def german_cup(qtbot, tmp_path: Path, errors):
    """The sample Grand Prix opened in a campaign window built in German."""
    shutil.copy(TEMPLATES_DIR / SAMPLE, tmp_path / SAMPLE)
    i18n.set_language("de")
    window = CampaignWindows().open_path(tmp_path / SAMPLE)
    qtbot.addWidget(window)
    yield window
    window.session.undo_stack.setClean()
    window.close()


def test_campaign_window_in_german(german_cup):
    win = german_cup
    assert win.windowTitle().endswith("[*] — Kampagne — Kartographer")
    assert [a.text() for a in win.menuBar().actions()] == ["&Datei", "&Bearbeiten", "&Fenster", "&Hilfe"]
    assert win.save_as_action.text() == "Speichern &unter…"
    tabs = [win.tabs.tabText(i) for i in range(win.tabs.count())]
    assert tabs[0] == "Aufstellung" and tabs[-1] == "Upgrade-Shop"
    assert tabs[1].startswith("Rennen 1 · ")
    assert headers(win.roster.table) == ["Spieler", "Figur", "Gewichtsklasse", "Handling", "Max. Gang"]
    assert win.roster.add_button.text() == "Spieler &hinzufügen"
    assert headers(win.race_page(1).table) == ["Spieler", "Platz", "Tore", "Münzen", "Punkte"]
    assert win.race_page(1).clear_button.text() == "Ergebnis löschen"
    assert headers(win.standings.table)[:6] == ["#", "Spieler", "Figur", "Erzielt", "Ausgegeben", "Summe"]
    assert headers(win.standings.table)[-1].startswith("R")
    assert win.shop.status_label.text().startswith(("<b>Geöffnet</b>", "<b>Geschlossen</b>"))


def test_a_refusal_and_an_undo_text_in_german(german_cup):
    win = german_cup
    page = win.race_page(3)  # the sample has results for races 1 and 2 only
    page.cell("Alex", 2).setText("x")  # gates: not a whole number
    assert win.messages.text() == "Nicht geändert — 'x' ist keine ganze Zahl"
    assert page.enter_result("Alex", 1, 3, 2)
    assert win.session.undo_stack.undoText() == "Rennen 3: Alex wird 1."


def test_battle_page_in_spanish(qtbot):
    i18n.set_language("es")
    ctx = Context(load_ruleset("mk-gaslands"))
    session = CampaignSession(new_campaign("Viernes", ctx, "balloon_battle", [("Ann", "Mario"), ("Bob", "Luigi")]),
                              None, ctx)
    page = BattlePage(session)
    qtbot.addWidget(page)
    assert page.new_button.text() == "Nueva batalla…"
    assert page.cards["Ann"].wipe_button.text() == "Accidente"
    assert page.cards["Ann"].status.text() == "quedan 5 globos"
    assert page.wipe_out("Bob", "Ann") is None
    assert session.undo_stack.undoText() == "Accidente de Bob (por Ann)"
    assert page.undo_button.isEnabled()  # found on the stack by its edit, not by its (Spanish) text
    assert log_lines(session.document.battles[0], 5) == ["1. Accidente de Bob (explotado por Ann): quedan 4"]
    page.undo_last_wipe_out()
    assert session.document.battles[0].wipe_outs == []


def test_ordinals_follow_the_language():
    assert [ordinal(n) for n in (1, 2, 3, 11, 21)] == ["1st", "2nd", "3rd", "11th", "21st"]
    i18n.set_language("fr")
    assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"]
    i18n.set_language("de")
    assert ordinal(3) == "3."


# --- undo texts -------------------------------------------------------------------------------------
def test_undo_texts_in_french(document):
    i18n.set_language("fr")
    ids = [e.id for e in document.elements]
    stack = document.undo_stack
    coin = next(e.id for e in document.elements if e.kind == "coin")
    move_elements(document, [coin], 5.0, 0.0)
    assert stack.undoText() == "Déplacer pièce"
    move_elements(document, ids[:3], 5.0, 0.0)
    assert stack.undoText() == "Déplacer 3 éléments"
    rotate_elements(document, ids[:2], 15.0)
    assert stack.undoText() == "Faire pivoter 2 éléments"
    reorder_elements(document, ids[:1], to_front=True)
    assert stack.undoText() == "Mettre au premier plan"
    delete_elements(document, ids[:2])
    assert stack.undoText() == "Supprimer 2 éléments"


def test_one_element_is_named_by_its_kind(document):
    coin = next(e for e in document.elements if e.kind == "coin")
    assert describe("Move", [coin]) == "Move coin"
    i18n.set_language("de")
    assert describe("Move", [coin]) == "Münze verschieben"
    assert describe("Nudge", [coin, coin]) == "2 Elemente verrücken"
    i18n.set_language("es")
    assert describe("Paste", [coin]) == "Pegar moneda"


# --- canvas read-outs -------------------------------------------------------------------------------
def test_measure_readout_has_a_decimal_comma():
    ruleset = load_ruleset("mk-gaslands")
    m = measure((0.0, 0.0), (250.0, 0.0), ruleset, "in")
    assert readout(m, "in") == m.summary() == "9.84 in · 3.33 S · 1.67 M · 1.39 L"
    i18n.set_language("de")
    assert readout(m, "in") == "9,84 in · 3,33 K · 1,67 M · 1,39 L"
    i18n.set_language("fr")
    assert readout(measure((0.0, 0.0), (1234.5, 0.0), ruleset, "mm"), "mm").startswith("1234,5 mm · ")


def test_measure_tool_reads_out_in_spanish(qtbot, window):
    win = window
    win.current_editor().view.setFocus()
    i18n.set_language("es")
    key(qtbot, win, Qt.Key.Key_M)
    tool = win.current_editor().tools.active
    assert isinstance(tool, MeasureTool) and tool.hint == "Arrastra para medir una distancia — Esc para terminar"
    drag(qtbot, win, (200, 300), (500, 700))
    message = win.statusBar().currentMessage()
    assert message == readout(tool.last, win.document.prop("display_units"))
    assert "," in message and " C · " in message and "." not in message.split(" · ")[1]


def test_units_menu_in_french(qtbot, window):
    win = window
    i18n.set_language("fr")
    menu = units_menu(win.document, win)
    assert menu.title() == "Unités d’affichage"
    assert [a.text() for a in menu.actions()] == ["Millimètres (mm)", "Centimètres (cm)", "Pouces (in)"]
    menu.actions()[1].trigger()
    assert win.document.undo_stack.undoText() == "Changer les unités d’affichage"


@pytest.fixture
def document(qapp):
    from designer.document.document import Document
    from designer.io.track_io import load_track

    return Document(load_track(TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"))
