"""The roster page follows the system's characters (`System.character_stats`): PitchKart's Top Speed,
Traction and Acceleration (house values marked ≈), home-made PitchKart characters with those stats kept in
the file; Downforce and Axles show no Gaslands columns, and Axles players have no character to pick."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from designer.campaign.context import Context
from designer.campaign.edit import new_campaign
from designer.document.campaign import CampaignSession
from designer.io.campaign_io import load_campaign, save_campaign
from designer.model.campaign import CustomCharacter
from designer.panes.campaign import roster as roster_module
from designer.panes.campaign.common import MessageLine
from designer.panes.campaign.roster import CustomCharacterDialog, RosterPage
from designer.rules import load_ruleset
from designer.systems.pitchkart.fields import PitchKartStats


def page_for(qtbot, ruleset: str, mode: str, players) -> RosterPage:
    ctx = Context(load_ruleset(ruleset))
    session = CampaignSession(new_campaign("Test", ctx, mode, players), None, ctx)
    messages = MessageLine()
    page = RosterPage(session, messages)
    qtbot.addWidget(page)
    qtbot.addWidget(messages)
    page.page_messages = messages
    page.show()
    return page


def headers(table) -> list[str]:
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount()) if not table.isColumnHidden(c)]


def row_texts(page: RosterPage, row: int) -> list[str]:
    return [page.table.item(row, c).text() for c in range(2, page.table.columnCount())]


def shoot(widget, name: str) -> None:
    folder = os.environ.get("KARTOGRAPHER_SHOTS")
    if folder:
        widget.resize(widget.sizeHint())
        widget.grab().save(os.path.join(folder, name))


def test_pitchkart_roster_shows_its_own_stats(qtbot):
    page = page_for(qtbot, "pitchkart", "race_series", [("Ana", "Mario"), ("Ben", "Toad"), ("Cy", "Bowser")])
    assert headers(page.table) == ["Player", "Character", "Top Speed", "Traction", "Acceleration"]
    assert row_texts(page, 0) == ["3 ≈", "2 ≈", "2 ≈"]  # Mario: every stat a house value
    assert row_texts(page, 1) == ["2", "3", "2 ≈"]  # Toad: Top Speed and Traction from the source
    assert row_texts(page, 2) == ["4", "2 ≈", "1 ≈"]
    assert "not in the source" in page.table.item(0, 2).toolTip()
    assert page.custom_group.isVisibleTo(page)
    assert "Weight" not in headers(page.custom_table)
    shoot(page, "roster-pitchkart.png")


def test_pitchkart_custom_character_is_edited_with_its_stats_and_kept_in_the_file(qtbot, tmp_path, monkeypatch):
    page = page_for(qtbot, "pitchkart", "race_series", [("Ana", "Mario"), ("Ben", "Toad")])
    dialog = CustomCharacterDialog(page.stats)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Dry Bones")
    assert sorted(dialog.fields) == ["acceleration", "top_speed", "traction"]
    dialog.fields["top_speed"].setValue(3)
    dialog.fields["traction"].setValue(2)
    # acceleration left at "none"
    made = dialog.character()
    assert PitchKartStats.of(made) == PitchKartStats(top_speed=3, traction=2) and made.handling is None
    monkeypatch.setattr(roster_module, "ask_custom_character", lambda parent, current=None, **kw: made)
    qtbot.mouseClick(page.custom_add, Qt.MouseButton.LeftButton)
    assert [page.custom_table.item(0, c).text() for c in range(4)] == ["Dry Bones", "3", "2", "—"]
    combo = page.character_combo("Ben")
    combo.setCurrentIndex(combo.findText("Dry Bones"))
    combo.activated.emit(combo.currentIndex())
    assert page.session.document.player("Ben").character == "dry-bones"
    assert row_texts(page, 1) == ["3", "2", "—"]
    path = tmp_path / "pk.campaign.json"
    save_campaign(page.session.document, path)
    assert '"top_speed": 3' in path.read_text(encoding="utf-8")
    loaded, _ctx = load_campaign(path)
    assert loaded.custom_characters == page.session.document.custom_characters
    shoot(page, "roster-pitchkart-custom.png")


def test_a_custom_character_of_another_system_is_refused(qtbot):
    page = page_for(qtbot, "mk-gaslands", "grand_prix", [("Ana", "Mario")])
    from designer.campaign import edit
    from designer.campaign.errors import CampaignError
    with pytest.raises(CampaignError, match="characters have no Top Speed"):
        edit.set_custom_character(page.session.document, page.session.context,
                                  CustomCharacter(id="kamek", name="Kamek", top_speed=3))


@pytest.mark.parametrize(("ruleset", "mode", "players", "shown"), [
    ("mk-downforce", "season", [("Ana", "Mario"), ("Ben", "Luigi")], ["Player", "Character"]),
    ("mk-board", "race_series", [("Ana", "Mario"), ("Ben", "Luigi")], ["Player", "Character"]),
    ("axles-alloys-2", "career", [("Ana", "Driver"), ("Ben", "Driver")], ["Player"]),
])
def test_other_systems_show_no_gaslands_columns(qtbot, ruleset, mode, players, shown):
    page = page_for(qtbot, ruleset, mode, players)
    assert headers(page.table) == shown
    assert not page.custom_group.isVisibleTo(page)  # characters with no stats: nothing to home-make
    hints = " ".join(label.text() for label in page.findChildren(QLabel))
    assert ("pick the character" in hints) == (len(shown) == 2) and "▲" not in hints
    shoot(page, f"roster-{ruleset}.png")


def test_axles_players_are_added_without_a_character(qtbot):
    page = page_for(qtbot, "axles-alloys-2", "career", [("Ana", "Driver")])
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    assert page.session.document.player_names() == ["Ana", "Player 2"]
    assert page.table.isColumnHidden(1)


def test_new_campaign_dialog_takes_axles_players_by_name_alone(qtbot):
    from designer.panes.campaign.dialogs import NewCampaignDialog

    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("axles-alloys-2"))
    assert dialog.players.isColumnHidden(1)
    document = dialog.build()
    assert document is not None and {p.character for p in document.players} == {"Driver"}
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("pitchkart"))
    assert not dialog.players.isColumnHidden(1)


def test_the_custom_character_dialog_shows_the_systems_stats(qtbot):
    from designer.systems import registry

    dialog = CustomCharacterDialog(registry.get("pitchkart").character_stats,
                                   CustomCharacter(id="boo", name="Boo", top_speed=2, acceleration=4))
    qtbot.addWidget(dialog)
    assert [dialog.fields[k].value() for k in ("top_speed", "traction", "acceleration")] == [2, 0, 4]
    assert dialog.fields["traction"].text() == "none"  # below the minimum: not given
    assert dialog.character() == CustomCharacter(id="boo", name="Boo", top_speed=2, acceleration=4)
    shoot(dialog, "custom-dialog-pitchkart.png")
