"""Pseudo-translation run of the main windows: with every catalogue string 40 % longer (KARTOGRAPHER_PSEUDO),
no label, button, combo box, group box or tab is cut off, and every text shown came from the catalogue.

The editor is shown at 1280 × 800, the smallest screen we design for; the campaign window and the dialogs at
the size they open at.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from designer import i18n
from tests.gui.layout_audit import clipped, untranslated
from tests.pseudo_text import untranslated_words

CUP = "mushroom-cup.campaign.json"


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("en")
    yield


def document_words(document) -> list[str]:
    """What the document itself says (its name, element ids and labels): shown as typed, in every language."""
    words = [document.name]
    for element in document.elements:
        words += [element.id, *(str(v) for v in element.model_dump().values() if isinstance(v, str))]
    return words


def settle(qtbot, widget, size=None) -> None:
    if size:
        widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.wait(50)


def test_the_audit_sees_a_cut_label_and_an_untranslated_word(qtbot, pseudo):
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

    top = QWidget()
    qtbot.addWidget(top)
    row = QHBoxLayout(top)
    cut = QLabel(i18n._("A label far too long for the room it is given"))
    cut.setFixedWidth(40)
    row.addWidget(cut)
    row.addWidget(QLabel("Never translated"))
    settle(qtbot, top)
    assert len(clipped(top)) == 1 and "needs" in clipped(top)[0]
    assert untranslated(top) == ['label: "Never translated"']
    assert untranslated_words("⟦Šåṽé⟧ 12 mm luigi.track.json") == []


def test_editor_window(qtbot, pseudo, every_kind, errors):
    from designer.app.window import MainWindow

    win = MainWindow(every_kind)
    qtbot.addWidget(win)
    settle(qtbot, win, (1280, 800))
    try:
        assert clipped(win) == []
        assert untranslated(win, document_words(every_kind)) == []
    finally:
        for editor in win.editors():
            editor.document.undo_stack.setClean()
        win.close()


def test_campaign_window(qtbot, pseudo, tmp_path: Path, errors):
    from designer.panes.campaign import CampaignWindows
    from designer.paths import TEMPLATES_DIR

    for path in TEMPLATES_DIR.glob("mushroom-cup*.json"):
        shutil.copy(path, tmp_path / path.name)
    win = CampaignWindows().open_path(tmp_path / CUP)
    qtbot.addWidget(win)
    settle(qtbot, win)
    try:
        campaign = win.session.document
        names = [p.name for p in campaign.players] + [campaign.name]
        names += [json.loads(t.read_text(encoding="utf-8"))["name"] for t in tmp_path.glob("*.track.json")]
        assert clipped(win) == []
        assert untranslated(win, names) == []
    finally:
        win.session.undo_stack.setClean()
        win.close()


def test_downforce_season_window(qtbot, pseudo, errors):
    """A Downforce season with a race in: the cars' owner combos, the money cells, standings and chart."""
    from designer.campaign import edit
    from designer.campaign.context import Context
    from designer.document.campaign import CampaignSession
    from designer.panes.campaign import CampaignWindows
    from designer.rules import load_ruleset

    players = [("Ann", "Mario"), ("Bob", "Luigi"), ("Cy", "Bowser")]
    session = CampaignSession(edit.new_campaign("Season", Context(load_ruleset("mk-downforce")), "season", players))
    win = CampaignWindows().show_session(session)
    qtbot.addWidget(win)
    assert win.add_race()
    from designer.systems.mk_downforce import season_edit

    colours = ["red", "green", "orange", "black", "blue", "yellow"]
    for place, colour in enumerate(colours, start=1):
        owner = players[(place - 1) % len(players)][0]
        assert session.apply("", season_edit.set_car, 1, colour, place, owner, 1_000_000 * place, place) is None
    assert session.apply("", season_edit.set_bets, 1, "Ann", 250_000) is None
    win.tabs.setCurrentWidget(win.race_page(1))
    settle(qtbot, win)
    try:
        assert clipped(win) == []
        assert untranslated(win, [name for name, _c in players] + [session.document.name]) == []
    finally:
        win.session.undo_stack.setClean()
        win.close()


def test_vehicle_editor(qtbot, pseudo, errors):
    """A car over capacity, so the red bar and a broken rule show too."""
    from designer.paths import TEMPLATES_DIR
    from designer.systems.axles_alloys_2.qt.vehicle_windows import VehicleWindows

    path = TEMPLATES_DIR / "axles-medium-turret.vehicle.json"
    editor = VehicleWindows().open_path(path)
    qtbot.addWidget(editor)
    editor.components.add_component("nitro")
    settle(qtbot, editor)
    try:
        doc = editor.document
        # the car's own words; the rulebook's stat names (printed as they are on the sheet too); the place in
        # the file a broken rule names ("components"), as `kartographer vehicle check` prints it
        words = [doc.name, doc.driver, *(c.label for c in doc.components), "MAX ACC DEC TURN", "components"]
        assert clipped(editor) == []
        assert untranslated(editor, words) == []
    finally:
        editor.undo_stack.setClean()
        editor.close()


@pytest.mark.parametrize("which", ["new", "generate", "preferences", "print", "properties"])
def test_dialogs(qtbot, pseudo, every_kind, window_for_dialogs, which):
    from designer.app.generate_dialog import GenerateDialog
    from designer.app.new_dialog import NewDocumentDialog
    from designer.app.preferences import PreferencesDialog
    from designer.app.print_dialog import PrintDialog
    from designer.app.properties_dialog import DocumentPropertiesDialog
    from designer.paths import TEMPLATES_DIR

    make = {
        "new": lambda: NewDocumentDialog(window_for_dialogs),
        "generate": lambda: GenerateDialog(window_for_dialogs),
        "preferences": lambda: PreferencesDialog(window_for_dialogs),
        "print": lambda: PrintDialog(every_kind, window_for_dialogs),
        "properties": lambda: DocumentPropertiesDialog(window_for_dialogs.current_editor().document,
                                                       window_for_dialogs),
    }
    starters = [json.loads(path.read_text(encoding="utf-8"))["name"] for path in TEMPLATES_DIR.glob("*.track.json")]
    dialog = make[which]()
    qtbot.addWidget(dialog)
    settle(qtbot, dialog)
    assert clipped(dialog) == []
    assert untranslated(dialog, document_words(every_kind) + starters) == []  # starters' names are theirs


@pytest.fixture
def window_for_dialogs(qtbot, every_kind, errors):
    from designer.app.window import MainWindow

    win = MainWindow(every_kind)
    qtbot.addWidget(win)
    yield win
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()
