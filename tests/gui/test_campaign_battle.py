"""The Balloon Battle page: Wipe Out buttons pop balloons in the document and on the cards, the fifth pop
eliminates, the order and the winner are shown, refusals appear in the message line, undo restores exactly."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from designer.campaign.battle import battle_state
from designer.campaign.context import Context
from designer.campaign.edit import new_campaign
from designer.document.campaign import CampaignSession
from designer.panes.campaign.battle import BattlePage
from designer.panes.campaign.battle_dialog import NewBattleDialog
from designer.rules import load_ruleset

PLAYERS = [("Ann", "Mario"), ("Bob", "Luigi"), ("Cy", "Yoshi")]


@pytest.fixture
def session() -> CampaignSession:
    ctx = Context(load_ruleset("mk-gaslands"))
    return CampaignSession(new_campaign("Friday night", ctx, "balloon_battle", PLAYERS), None, ctx)


@pytest.fixture
def page(qtbot, session) -> BattlePage:
    widget = BattlePage(session)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def click_wipe_out(qtbot, page: BattlePage, player: str, by: str | None = None) -> None:
    card = page.cards[player]
    if by is not None:
        card.set_by(by)
    qtbot.mouseClick(card.wipe_button, Qt.MouseButton.LeftButton)


def state(session: CampaignSession):
    return battle_state(session.document, session.context, 0)


def test_five_balloons_each_at_the_start(page, session):
    assert session.context.balloons() == 5
    assert {k: c.left() for k, c in page.cards.items()} == {"Ann": 5, "Bob": 5, "Cy": 5}
    assert page.cards["Ann"].balloons.total == 5
    assert not page.undo_button.isEnabled()
    assert page.banner.isHidden()


def test_wipe_out_pops_one_balloon(qtbot, page, session):
    click_wipe_out(qtbot, page, "Bob", by="Ann")
    assert [(w.player, w.by) for w in session.document.battles[0].wipe_outs] == [("Bob", "Ann")]
    assert state(session).balloons["Bob"] == 4
    assert page.cards["Bob"].left() == 4 and page.cards["Ann"].left() == 5
    assert "popped 1" in page.cards["Ann"].status.text()
    assert page.log_list.count() == 1 and "Bob" in page.log_list.item(0).text()
    assert page.message.text() == ""
    assert page.undo_button.isEnabled()


def test_fifth_pop_eliminates_then_winner(qtbot, page, session):
    for _ in range(5):
        click_wipe_out(qtbot, page, "Bob")
    assert state(session).out == ["Bob"]
    assert page.cards["Bob"].left() == 0
    assert "1st" in page.cards["Bob"].status.text()
    assert "1st out: Bob" in page.order_label.text()
    assert page.banner.isHidden()
    for _ in range(5):
        click_wipe_out(qtbot, page, "Cy", by="Ann")
    assert state(session).winner == "Ann"
    assert page.banner.isVisible() and "Ann" in page.banner.text()
    assert "1. Ann, 2. Cy, 3. Bob" in page.order_label.text()
    assert "Winner" in page.cards["Ann"].status.text()


def test_refusals_show_in_red_and_change_nothing(qtbot, page, session):
    for _ in range(5):
        click_wipe_out(qtbot, page, "Bob")
    before, depth = session.document, session.undo_stack.count()
    click_wipe_out(qtbot, page, "Bob")
    assert "Bob is already out" in page.message.text()
    assert session.document == before and session.undo_stack.count() == depth
    click_wipe_out(qtbot, page, "Cy")  # a good edit clears the message
    assert page.message.text() == ""
    for _ in range(4):
        click_wipe_out(qtbot, page, "Cy")
    click_wipe_out(qtbot, page, "Ann")
    assert "over" in page.message.text() and "Ann won" in page.message.text()


def test_undo_restores_exactly(qtbot, page, session):
    start = session.document
    for _ in range(5):
        click_wipe_out(qtbot, page, "Bob", by="Cy")
    assert page.cards["Bob"].left() == 0
    for _ in range(5):
        qtbot.mouseClick(page.undo_button, Qt.MouseButton.LeftButton)
    assert session.document == start
    assert page.cards["Bob"].left() == 5 and page.log_list.count() == 0
    assert not page.undo_button.isEnabled()
    session.undo_stack.redo()
    assert page.cards["Bob"].left() == 4


def test_undo_button_leaves_other_edits_alone(page, session):
    page.add_battle(None, ["Ann", "Bob"])
    assert session.undo_stack.undoText() == "New battle"
    assert not page.undo_button.isEnabled()
    page.undo_last_wipe_out()
    assert len(session.document.battles) == 2


def test_new_battle_is_shown_with_its_karts(page, session, tmp_path):
    arena = tmp_path / "fort.track.json"
    assert page.add_battle(str(arena), ["Ann", "Cy"]) is None
    battle = session.document.battles[1]
    assert battle.karts == ["Ann", "Cy"] and battle.track.endswith("fort.track.json")
    assert page.current_index() == 1 and page.battle_combo.isVisible()
    assert set(page.cards) == {"Ann", "Cy"}
    assert "fort" in page.arena_label.text()
    page.wipe_out("Cy")
    assert [w.player for w in session.document.battles[1].wipe_outs] == ["Cy"]
    assert session.document.battles[0].wipe_outs == []
    page.battle_combo.setCurrentIndex(0)
    assert page.current_index() == 0 and set(page.cards) == {"Ann", "Bob", "Cy"}


def test_new_battle_refused_with_one_kart(page, session):
    assert "at least two karts" in page.add_battle(None, ["Ann"])
    assert "at least two karts" in page.message.text()
    assert len(session.document.battles) == 1


def test_new_battle_dialog_lists_every_player(qtbot):
    dialog = NewBattleDialog(PLAYERS)
    qtbot.addWidget(dialog)
    assert dialog.karts() == ["Ann", "Bob", "Cy"] and dialog.track() is None
    dialog.kart_boxes[1].setChecked(False)
    dialog.track_edit.setText("arena.track.json")
    assert dialog.karts() == ["Ann", "Cy"] and dialog.track() == "arena.track.json"


def test_change_arena_shows_the_track_name(page, session, every_kind_file):
    assert page.set_arena(str(every_kind_file)) is None
    assert "Every Kind" in page.arena_label.text()
    assert session.undo_stack.undoText() == "Change arena" and not page.undo_button.isEnabled()
    session.undo_stack.undo()
    assert session.document.battles[0].track is None and "no arena" in page.arena_label.text()
