"""The last untranslated corners of the windows: a problem's place centres the view whatever the language
writes its numbers, earned rerolls, the inspector's undo text and the file dialogs' filters in German."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QFileDialog

from designer import i18n
from designer.campaign import edit
from designer.campaign.context import Context
from designer.commands.elements import describe_field
from designer.document.campaign import CampaignSession
from designer.model import TrackDocument
from designer.model.campaign import GameEntry
from designer.panes.campaign.battle_dialog import choose_track_file
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.qt.careers import CareersPage

from .conftest import every_kind_data

#: A 6′×4′ table whose far corners lie past x = 1000 mm: German writes "1.500", which reads as 1.5 to a pattern.
WIDE = {**every_kind_data(), "name": "Wide", "table": {"width_mm": 1828.8, "height_mm": 1219.2}, "elements": [],
        "track": {"centerline": [[1000, 200], [1500, 200], [1500, 700], [1000, 700]], "closed": True, "width_mm": 250}}


def shown_window(qtbot, document: TrackDocument):
    from designer.app.window import MainWindow

    window = MainWindow(document)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def german(errors):
    i18n.set_language("de")  # before the first widget, as at start-up (the conftest sets English back)


def test_a_german_problem_centres_the_view_on_the_place_it_names(qtbot, german):
    window = shown_window(qtbot, TrackDocument.model_validate(WIDE))
    editor = window.current_editor()
    qtbot.waitUntil(lambda: editor.checks.has_run)
    corners = [p for p in window.checks.pane.rows(visible_only=False) if p.code == "tight-corner"]
    far = max(corners, key=lambda p: p.at[0])
    # an inch document: the place in inches, with the German decimal comma
    assert far.at[0] > 1000 and "(59,2, 8) in" in far.message and far.message.startswith("Die Kurve bei")
    editor.view.set_zoom_percent(400.0)
    editor.view.centerOn(QPointF(100.0, 100.0))
    window.checks.show_problem(far)
    centre = editor.view.mapToScene(editor.view.viewport().rect().center())
    assert abs(centre.x() - far.at[0]) < 3.0 and abs(centre.y() - far.at[1]) < 3.0
    editor.document.undo_stack.setClean()
    window.close()


def test_earned_rerolls_show_the_rule_texts_in_german(qtbot, german):
    ctx = Context(load_ruleset("axles-alloys-2"))
    doc = edit.new_campaign("Ödland", ctx, "career", [("Ann", "-")])
    doc = career_edit.add_driver(doc, ctx, "Rex", "Ann", "heavy")
    doc = career_edit.add_game(doc, ctx, "deathmatch", entries=[GameEntry(driver="Rex", kills=1)])
    page = CareersPage(CampaignSession(doc, None, ctx))
    qtbot.addWidget(page)
    page.select_game(1)
    assert page.entries.rows["Rex"]["earned"].text() == "Überleben +1, Mindestens ein Fahrzeug zerstören +1"


def test_the_inspector_undo_text_reads_as_a_german_sentence(qtbot, german, every_kind):
    window = shown_window(qtbot, every_kind)
    editor = window.current_editor()
    editor.select_ids(["dash"])
    window.panes.inspector.field_editor("pads").box.setValue(5)
    assert editor.document.undo_stack.undoText() == "Felder von Turbostreifen ändern"
    boxes = [editor.document.element("box1"), editor.document.element("box2")]
    assert describe_field("Stapel", boxes) == "Stapel von 2 Elementen ändern"
    editor.document.undo_stack.setClean()
    window.close()


def test_file_dialogs_offer_german_filters(qtbot, german, every_kind, monkeypatch, tmp_path):
    asked: list[str] = []

    def save_name(parent, title, start, file_filter, *args):
        asked.append(file_filter)
        return "", ""

    def open_name(parent, title, start, file_filter, *args):
        asked.append(file_filter)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(open_name))
    window = shown_window(qtbot, every_kind)
    assert window.file_actions.export_svg() is None
    assert choose_track_file(window, tmp_path) is None
    assert asked == ["SVG-Zeichnungen (*.svg)", "Kartographer-Strecken (*.track.json);;Alle Dateien (*)"]
    window.close()
