"""A Mario Kart for Downforce season in the campaign window: results typed and picked in the race page's
widgets (place, kart, coins, prize money, bet winnings), the standings by money, undo, the refusal of a
second kart of one colour, the money chart, and the New Campaign dialog's default."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.season import money_totals_by_race
from designer.document.campaign import CampaignSession
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.races import COINS, PLACE
from designer.panes.campaign.season import BETS, KART, MONEY, PRIZE, SeasonRacePage
from designer.rules import load_ruleset

from .test_campaign_window import close_quietly, type_into

PLAYERS = [("Ann", "Mario"), ("Bob", "Luigi"), ("Cy", "Bowser")]


@pytest.fixture
def season(qtbot, tmp_path: Path, errors):
    """A new three-player season saved to a file and opened in the campaign window."""
    path = tmp_path / "s.campaign.json"
    CampaignSession(edit.new_campaign("Season", Context(load_ruleset("mk-downforce")), "season", PLAYERS)).save(path)
    window = CampaignWindows().open_path(path)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    yield window
    close_quietly(window)


def add_race(window) -> SeasonRacePage:
    window.tabs.cornerWidget(Qt.Corner.TopRightCorner).click()
    page = window.race_pages[-1]
    assert isinstance(page, SeasonRacePage)
    return page


def pick_kart(qtbot, page: SeasonRacePage, player: str, colour: str) -> None:
    """Choose a kart as a user does: open the combo's list and click the colour in it."""
    combo = page.table.cellWidget(page.session.document.player_names().index(player), KART)
    assert combo.isEnabled()
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    index = view.model().index(combo.findData(colour), 0)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    qtbot.waitUntil(lambda: not view.isVisible())


def type_cell(qtbot, page: SeasonRacePage, player: str, column: int, text: str) -> None:
    type_into(qtbot, page.table, page.cell(player, column), text)


def test_a_season_race_typed_in_shows_the_money_standings_and_undoes(qtbot, season):
    assert season.shop is None and season.standings.chart is not None
    page = add_race(season)
    assert page.table.isColumnHidden(2)  # no gates on the Downforce board
    for place, (player, _character) in enumerate(PLAYERS, start=1):
        type_cell(qtbot, page, player, PLACE, str(place))
    assert page.table.cellWidget(0, KART).currentText() == "Red"  # Mario's colour until another is picked
    pick_kart(qtbot, page, "Ann", "blue")
    type_cell(qtbot, page, "Ann", COINS, "2")
    type_cell(qtbot, page, "Ann", PRIZE, "6M")
    type_cell(qtbot, page, "Ann", BETS, "500k")
    type_cell(qtbot, page, "Bob", PRIZE, "$2,000,000")
    type_cell(qtbot, page, "Cy", BETS, "1.5M")
    assert not season.messages.isVisible(), season.messages.text()
    ann = season.session.document.races[0].result("Ann")
    assert (ann.kart, ann.coins, ann.prize, ann.bets) == ("blue", 2, 6_000_000, 500_000)
    assert page.cell("Ann", MONEY).text() == "$8,500,000"
    assert page.cell("Ann", PRIZE).text() == "$6,000,000"

    standings = season.standings
    table = standings.table
    assert [table.item(r, 1).text() for r in range(3)] == ["Ann", "Bob", "Cy"]
    assert standings.value("Ann", "Total") == "$8,500,000"
    assert standings.value("Ann", "Prize") == "$6,000,000"
    assert standings.value("Ann", "Coins") == "2 ($2,000,000)"
    assert standings.value("Ann", "Bets") == "$500,000"
    assert (standings.value("Ann", "Races"), standings.value("Ann", "Wins")) == ("1", "1")
    assert standings.value("Ann", "Character") == "Mario"
    assert standings.value("Bob", "Total") == "$2,000,000" and standings.value("Cy", "Total") == "$1,500,000"
    assert standings.value("Ann", "R1") == "$8.5M"
    assert "$1,000,000 for each coin" in standings.rule_label.text()

    season.undo_action.trigger()  # Cy's bets
    season.undo_action.trigger()  # Bob's prize
    season.undo_action.trigger()  # Ann's bets
    assert season.session.document.races[0].result("Ann").bets == 0
    assert standings.value("Ann", "Total") == "$8,000,000"
    assert page.cell("Ann", BETS).text() == "$0"
    assert standings.value("Bob", "Total") == "$0"
    season.redo_action.trigger()
    assert standings.value("Ann", "Total") == "$8,500,000"


def test_a_second_red_kart_is_refused_and_changes_nothing(qtbot, season):
    page = add_race(season)
    type_cell(qtbot, page, "Ann", PLACE, "1")  # Mario: the red kart
    type_cell(qtbot, page, "Bob", PLACE, "2")  # Luigi: green
    before = season.session.document
    steps = season.session.undo_stack.count()
    pick_kart(qtbot, page, "Bob", "red")
    assert season.session.document == before and season.session.undo_stack.count() == steps
    assert season.messages.isVisible()
    assert season.messages.text().startswith("Not changed — ")
    assert "the red kart is already Ann's in this race" in season.messages.text()
    assert page.table.cellWidget(1, KART).currentData() == "green"  # the combo shows the stored kart again


def test_money_that_is_not_money_is_refused(qtbot, season):
    page = add_race(season)
    type_cell(qtbot, page, "Ann", PLACE, "1")
    before = season.session.document
    type_cell(qtbot, page, "Ann", PRIZE, "lots")
    assert season.session.document == before
    assert "'lots' is not an amount of money" in season.messages.text()
    assert page.cell("Ann", PRIZE).text() == "$0"
    type_cell(qtbot, page, "Bob", BETS, "2M")  # no place yet
    assert "enter Bob's place first" in season.messages.text()
    assert season.session.document == before
    assert not page.table.cellWidget(1, KART).isEnabled()


def test_the_chart_draws_the_money_after_each_race(qtbot, season):
    first = add_race(season)
    for place, (player, _character) in enumerate(PLAYERS, start=1):
        type_cell(qtbot, first, player, PLACE, str(place))
    type_cell(qtbot, first, "Ann", PRIZE, "6M")
    type_cell(qtbot, first, "Bob", COINS, "3")
    second = add_race(season)
    for place, player in enumerate(["Cy", "Bob", "Ann"], start=1):
        type_cell(qtbot, second, player, PLACE, str(place))
    type_cell(qtbot, second, "Cy", PRIZE, "10M")
    type_cell(qtbot, second, "Ann", BETS, "250k")
    assert not season.messages.isVisible(), season.messages.text()
    doc = season.session.document
    expected = money_totals_by_race(doc, season.session.context.ruleset)
    assert expected == {"Ann": [6_000_000, 6_250_000], "Bob": [3_000_000, 3_000_000], "Cy": [0, 10_000_000]}
    chart = season.standings.chart
    assert chart.series() == expected
    assert chart.tick_label(10_000_000) == "$10M" and chart.tick_label(0) == "$0"
    assert [season.standings.table.item(r, 1).text() for r in range(3)] == ["Cy", "Ann", "Bob"]
    season.undo_action.trigger()
    assert chart.series() == money_totals_by_race(season.session.document, season.session.context.ruleset)
    assert chart.series()["Ann"] == [6_000_000, 6_000_000]


def test_the_new_campaign_dialog_offers_the_season_first_and_selected(qtbot):
    from designer.panes.campaign.dialogs import NewCampaignDialog

    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("mk-downforce"))
    assert dialog.mode_combo.itemData(0) == "season"
    assert dialog.mode_combo.itemText(0) == "Season (prize money)"
    assert dialog.mode_combo.currentIndex() == 0
    document = dialog.build()
    assert document is not None and document.mode == "season"


def test_in_german_amounts_read_and_show_the_german_way(qtbot, tmp_path: Path, errors):
    from designer import i18n

    path = tmp_path / "s.campaign.json"
    CampaignSession(edit.new_campaign("Saison", Context(load_ruleset("mk-downforce")), "season", PLAYERS)).save(path)
    i18n.set_language("de")
    window = CampaignWindows().open_path(path)
    qtbot.addWidget(window)
    try:
        page = add_race(window)
        type_cell(qtbot, page, "Ann", PLACE, "1")
        type_cell(qtbot, page, "Ann", PRIZE, "1,5 Mio.")
        type_cell(qtbot, page, "Ann", BETS, "2.000.000")
        assert not window.messages.isVisible(), window.messages.text()
        assert window.session.document.races[0].result("Ann").prize == 1_500_000
        assert page.cell("Ann", MONEY).text() == "3.500.000\xa0$"
        type_cell(qtbot, page, "Ann", PRIZE, page.cell("Ann", PRIZE).text() + "0")  # "1.500.000 $0" is no amount
        assert window.messages.isVisible()
        assert window.standings.value("Ann", "Summe") == "0\xa0$"  # race 1 counts once every place is in
        type_cell(qtbot, page, "Bob", PLACE, "2")
        type_cell(qtbot, page, "Cy", PLACE, "3")
        assert window.standings.value("Ann", "Summe") == "3.500.000\xa0$"
        assert window.standings.chart.tick_label(5_000_000) == "5\xa0Mio.\xa0$"
    finally:
        close_quietly(window)


@pytest.mark.parametrize(("text", "dollars"), [
    ("2000000", 2_000_000), ("2,000,000", 2_000_000), ("$2M", 2_000_000), ("2M", 2_000_000), ("2 m", 2_000_000),
    ("1.5M", 1_500_000), ("1,5 Mio.", 1_500_000), ("500k", 500_000), ("$6,000,000", 6_000_000),
    ("6.000.000\xa0$", 6_000_000), ("6\u202f000\u202f000\xa0$", 6_000_000), ("", 0), ("0", 0), ("3B", 3 * 10**9)])
def test_amounts_people_type(text, dollars):
    from designer.campaign.money import parse_dollars

    assert parse_dollars(text) == dollars


@pytest.mark.parametrize(("text", "reason"), [
    ("lots", "is not an amount of money"), ("-2M", "cannot be negative"), ("1.5", "not a whole number of dollars"),
    ("2MM", "is not an amount of money"), ("1.2.3", "is not an amount of money"), ("2e6", "is not an amount"),
    ("2000000000000", "more money than a season can hold")])
def test_what_is_not_an_amount(text, reason):
    from designer.campaign.money import MoneyError, parse_dollars

    with pytest.raises(MoneyError, match=reason):
        parse_dollars(text)


def test_a_player_whose_colour_is_taken_starts_in_a_free_kart(qtbot, season):
    page = add_race(season)
    type_cell(qtbot, page, "Ann", PLACE, "1")
    pick_kart(qtbot, page, "Ann", "green")  # Luigi's colour, while Bob has no result yet
    type_cell(qtbot, page, "Bob", PLACE, "2")
    assert not season.messages.isVisible(), season.messages.text()
    assert page.kart_of("Bob") == "red"  # the first colour nobody races
    assert page.table.cellWidget(1, KART).currentData() == "red"
    type_cell(qtbot, page, "Cy", PLACE, "3")
    assert season.session.document.races[0].result("Cy").kart is None  # Bowser's yellow is free
