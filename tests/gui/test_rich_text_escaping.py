"""Names that look like HTML are shown as the text they are, never as markup: a player called
`<img src=/etc/passwd>` or `<b>Bold</b>`, a campaign, track, character, driver or document named so,
in labels, banners, message lines, tool tips and message boxes of the campaign window and the editor.

Qt decides per text whether it is rich text (`Qt.mightBeRichText`) unless the widget is told; each
check below reads what the widget really draws: the text itself, or what its markup renders to."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel

from designer.campaign import edit
from designer.campaign.context import Context
from designer.document.campaign import CampaignSession
from designer.geometry.checks import Problem
from designer.model import TrackDocument
from designer.model.campaign import CustomCharacter
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.battle import BattlePage
from designer.panes.campaign.common import run_edit
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.qt.careers import CareersPage

from .conftest import every_kind_data

EVIL = "<img src=/etc/passwd>"
BOLD = "<b>Bold</b>"
CUP = "<h1>Cup</h1> & co"
KART = "<i>Kart</i>"
TRACK = "<s>Circuit</s>"
TRACK_FILE = "<b>t.track.json"


def rendered(markup: str) -> str:
    document = QTextDocument()
    document.setHtml(markup)
    return document.toPlainText()


def shown(label: QLabel) -> str:
    """What the label draws: its text as it is, or the text its markup renders to (less the zero-width spaces
    where a long file name may wrap, which draw nothing)."""
    text, kind = label.text(), label.textFormat()
    if kind == Qt.TextFormat.PlainText or (kind == Qt.TextFormat.AutoText and not QtGui.Qt.mightBeRichText(text)):
        return text
    return rendered(text).replace("\u200b", "")


def shown_tip(tip: str) -> str:
    """Tool tips and message boxes have no format setting: Qt guesses from the text."""
    return rendered(tip) if QtGui.Qt.mightBeRichText(tip) else tip


def labels_showing(widget, text: str) -> list[QLabel]:
    return [label for label in widget.findChildren(QLabel) if text in shown(label)]


def hostile_track(folder: Path, file_name: str = TRACK_FILE, name: str = TRACK) -> Path:
    source = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["name"] = name
    path = folder / file_name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- the campaign window -------------------------------------------------------------------------
@pytest.fixture
def grand_prix(qtbot, tmp_path, errors):
    hostile_track(tmp_path)
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign(CUP, ctx, "grand_prix", [(EVIL, "Mario"), (BOLD, "Luigi")], [TRACK_FILE])
    doc = edit.set_custom_character(doc, ctx, CustomCharacter(id="kart", name=KART, handling=3, max_gear=5))
    doc = edit.set_character(doc, ctx, BOLD, KART)
    path = tmp_path / "cup.campaign.json"
    shutil.copy(TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json", tmp_path / "luigi.track.json")
    window = CampaignWindows().show_session(CampaignSession(doc, path))
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    yield window
    window.session.undo_stack.setClean()
    window.close()


def finish_race(session: CampaignSession, race: int, winner: str, second: str) -> None:
    for player, place in ((winner, 1), (second, 2)):
        assert session.apply("result", edit.set_result, race, player, place, 12, 9) is None


def test_race_tab_shows_track_names_and_paths_as_text(grand_prix):
    page = grand_prix.race_page(1)
    assert TRACK in shown(page.track_label) and TRACK_FILE in shown(page.track_label)
    assert TRACK_FILE in shown_tip(page.track_label.toolTip())
    assert TRACK_FILE in shown_tip(grand_prix.tabs.tabToolTip(grand_prix.tabs.indexOf(page)))


def test_refusals_naming_players_show_as_text(grand_prix):
    assert not run_edit(grand_prix.session, grand_prix.messages, "rename", edit.rename_player, BOLD, EVIL)
    assert f"there is already a player called {EVIL}" in shown(grand_prix.messages)


def test_shop_tips_and_the_champion_banner_show_names_as_text(grand_prix):
    session = grand_prix.session
    finish_race(session, 1, EVIL, BOLD)
    tips = [shown_tip(b.toolTip()) for b in (grand_prix.shop.buy_button(p, "handling") for p in (EVIL, BOLD))]
    assert any(f"for {EVIL}" in tip for tip in tips) and any(BOLD in tip for tip in tips), tips
    for race in (2, 3, 4):
        finish_race(session, race, EVIL, BOLD)
    assert grand_prix.banner.isVisible()
    assert shown(grand_prix.banner).startswith(f"★  Champion of {CUP}: {EVIL} with ")


def test_a_failed_save_names_the_file_as_text(grand_prix, tmp_path, errors):
    target = tmp_path / "<b>missing" / "cup.campaign.json"
    assert not grand_prix.write(target)
    [(_title, text)] = errors
    assert f"{target}: cannot write here" in shown_tip(text)


@pytest.fixture
def battle(qtbot, tmp_path) -> BattlePage:
    hostile_track(tmp_path, "<i>a.track.json", "<s>Arena</s>")
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign(CUP, ctx, "balloon_battle", [(EVIL, "Mario"), (BOLD, "Luigi")], ["<i>a.track.json"])
    doc = edit.set_custom_character(doc, ctx, CustomCharacter(id="kart", name=KART, handling=3, max_gear=5))
    doc = edit.set_character(doc, ctx, EVIL, KART)
    page = BattlePage(CampaignSession(doc, tmp_path / "battle.campaign.json"))
    qtbot.addWidget(page)
    page.show()
    return page


def test_battle_page_shows_karts_arena_order_and_winner_as_text(battle):
    card = battle.cards[EVIL]
    assert labels_showing(card, EVIL) and labels_showing(card, KART)
    assert f"{EVIL} wiped out" in shown_tip(card.wipe_button.toolTip())
    assert "<s>Arena</s>" in shown(battle.arena_label)
    assert "<i>a.track.json" in shown_tip(battle.arena_label.toolTip())
    for _ in range(5):
        assert battle.wipe_out(BOLD, EVIL) is None
    assert f"1st out: {BOLD}" in shown(battle.order_label)
    assert f"1. {EVIL}, 2. {BOLD}" in shown(battle.order_label)
    assert shown(battle.banner) == f"{EVIL} wins the battle!"
    assert battle.wipe_out(BOLD) is not None
    assert f"the battle is over ({EVIL} won)" in shown(battle.message)


@pytest.fixture
def careers(qtbot) -> CareersPage:
    ctx = Context(load_ruleset("axles-alloys-2"))
    doc = edit.new_campaign(CUP, ctx, "career", [(EVIL, "-"), (BOLD, "-")])
    page = CareersPage(CampaignSession(doc, None, ctx))
    qtbot.addWidget(page)
    page.show()
    return page


def test_careers_page_shows_players_and_drivers_as_text(careers):
    assert labels_showing(careers.needs_frame, f"{EVIL} has no driver yet.")
    driver = "<b>Rex</b>"
    assert careers.add_driver(driver, EVIL) is None
    assert careers.new_game("deathmatch") is None
    row = careers.entries.rows[driver]
    assert shown(row["label"]) == f"{driver} ({EVIL})"
    assert shown_tip(row["played"].toolTip()) == f"{driver} took part in this game"
    assert careers.add_driver(driver, BOLD) is not None
    assert f"there is already a driver called {driver}" in shown(careers.message)


# --- the editor ---------------------------------------------------------------------------------
@pytest.fixture
def editor_window(qtbot, errors):
    from designer.app.window import MainWindow

    document = TrackDocument.model_validate({**every_kind_data(), "name": BOLD + " " + EVIL})
    window = MainWindow(document)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    for editor in window.editors():
        editor.document.undo_stack.setClean()
    window.close()


def test_editor_shows_the_document_name_as_text(editor_window, errors):
    name = BOLD + " " + EVIL
    assert labels_showing(editor_window.panes.inspector, name)
    assert name in editor_window.windowTitle()
    assert name in shown_tip(editor_window.tabs.tabToolTip(0))
    editor_window.show_error(f"{name}: could not be saved")
    assert shown_tip(errors[-1][1]) == f"{name}: could not be saved"


def test_document_properties_shows_the_name_as_text(qtbot, editor_window):
    from designer.app.properties_dialog import DocumentPropertiesDialog

    dialog = DocumentPropertiesDialog(editor_window.document, editor_window)
    qtbot.addWidget(dialog)
    assert dialog.name_edit.text() == BOLD + " " + EVIL


def test_problems_list_shows_messages_as_text(editor_window):
    pane = editor_window.checks.pane
    pane.set_problems([Problem("odd-name", "warning", f"{EVIL} is odd", ("g1",))])
    tip = pane.model.data(pane.model.index(0, 2), Qt.ItemDataRole.ToolTipRole)
    assert shown_tip(tip) == f"{EVIL} is odd"
    pane.set_message(f"The checks could not run: {BOLD}")
    assert shown(pane.status) == f"The checks could not run: {BOLD}"
