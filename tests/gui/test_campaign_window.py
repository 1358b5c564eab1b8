"""The campaign window with real widgets: results typed into the race tables, refusals, the upgrade
shop, undo/redo, saving, track links, the champion, the close prompt, and the main-window hook-up."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QFileDialog, QLineEdit, QMessageBox

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.grand_prix import totals_by_race
from designer.document.campaign import CampaignSession
from designer.io.campaign_io import load_campaign
from designer.model.campaign import CustomCharacter
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign import window as window_module
from designer.panes.campaign.races import COINS, GATES, PLACE
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

Answer = QMessageBox.StandardButton
SAMPLE = "mushroom-cup.campaign.json"
TRACKS = [f"mushroom-cup-{i}.track.json" for i in ("1-luigi-circuit", "2-moo-moo-meadows", "3-thwomp-ruins",
                                                    "4-bowser-castle")]
RACE_3 = {"Alex": (1, 16, 3), "Billie": (2, 16, 2), "Casey": (3, 15, 1), "Dana": (4, 14, 0)}
RACE_4 = {"Dana": (1, 18, 4), "Casey": (2, 18, 3), "Billie": (3, 17, 2), "Alex": (4, 15, 1)}


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """The sample campaign and its four tracks, copied into a folder of the test's own."""
    folder = tmp_path / "cup"
    folder.mkdir()
    for name in [SAMPLE, *TRACKS, "mushroom-cup-bonus-figure-eight.track.json"]:
        shutil.copy(TEMPLATES_DIR / name, folder / name)
    return folder / SAMPLE


def close_quietly(win) -> None:
    win.session.undo_stack.setClean()
    win.close()


@pytest.fixture
def win(qtbot, cup, errors):
    windows = CampaignWindows()
    window = windows.open_path(cup)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    yield window
    close_quietly(window)


def type_into(qtbot, table, item, text: str) -> None:
    """Edit a cell the way a user does: open its editor, type, press Enter."""
    table.setCurrentItem(item)
    table.editItem(item)
    # Editors closed earlier linger hidden until deleted: take the open one.
    [editor] = [e for e in table.findChildren(QLineEdit) if not e.isHidden()]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # Qt commits an editor closed by Return from the event loop.
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState)


def enter_race(qtbot, win, number: int, results: dict[str, tuple[int, int, int]]) -> None:
    page = win.race_page(number)
    for player, (place, gates, coins) in results.items():
        for column, value in ((PLACE, place), (GATES, gates), (COINS, coins)):
            type_into(qtbot, page.table, page.cell(player, column), str(value))
            assert not win.messages.isVisible(), win.messages.text()


def test_the_sample_opens_with_roster_races_shop_and_standings(win, cup):
    assert win.windowTitle() == "Mushroom Cup[*] — Campaign — Kartographer"
    assert not win.isWindowModified()
    titles = [win.tabs.tabText(i) for i in range(win.tabs.count())]
    assert titles == ["Roster", "Race 1 · Luigi Circuit", "Race 2 · Moo Moo Meadows", "Race 3 · Thwomp Ruins",
                      "Race 4 · Bowser's Castle", "Upgrade Shop"]
    assert win.standings.value("Alex", "Total") == "54"
    assert win.standings.value("Billie", "Spent") == "20"
    assert win.roster.table.item(1, 4).text() == "5 ▲"  # Billie's Max Gear, upgraded from 4
    assert win.race_page(1).cell("Billie", PLACE).text() == "1"
    assert "Equal point totals" in win.standings.rule_label.text()
    assert not win.banner.isVisible()


def test_entering_results_updates_standings_and_chart(qtbot, win):
    assert all(len(v) == 2 for v in win.standings.chart.series().values())
    enter_race(qtbot, win, 3, RACE_3)
    page = win.race_page(3)
    assert page.cell("Alex", 4).text() == "29"  # 10 for 1st + 16 gates + 3 coins
    assert win.standings.value("Alex", "Total") == "83"
    assert win.standings.value("Alex", "R3") == "29"
    assert win.standings.value("Alex", "Wins") == "1"
    assert win.standings.table.item(0, 1).text() == "Alex"
    series = win.standings.chart.series()
    assert series == totals_by_race(win.session.document, win.session.context)
    assert series["Alex"] == [28, 54, 83]
    assert win.isWindowModified()


def test_a_refused_entry_is_explained_and_changes_nothing(qtbot, win):
    page = win.race_page(3)
    type_into(qtbot, page.table, page.cell("Alex", PLACE), "1")
    before = win.session.document
    depth = win.session.undo_stack.count()
    type_into(qtbot, page.table, page.cell("Billie", PLACE), "1")
    assert win.messages.isVisible()
    assert "place 1 is already Alex's" in win.messages.text()
    assert win.session.document == before
    assert win.session.undo_stack.count() == depth
    assert page.cell("Billie", PLACE).text() == ""  # the cell went back
    type_into(qtbot, page.table, page.cell("Billie", PLACE), "2")
    assert not win.messages.isVisible()


def test_gates_are_bounded_by_the_track_and_need_a_place_first(qtbot, win):
    page = win.race_page(1)
    assert "18 gates" in page.limit_label.text()
    type_into(qtbot, page.table, page.cell("Alex", GATES), "19")
    assert "more than the track has" in win.messages.text()
    assert page.cell("Alex", GATES).text() == "18"
    race3 = win.race_page(3)
    type_into(qtbot, race3.table, race3.cell("Casey", COINS), "4")
    assert "place first" in win.messages.text()
    assert race3.cell("Casey", COINS).text() == ""


def test_buying_an_upgrade_changes_the_stats_and_the_shop(qtbot, win):
    shop = win.shop
    assert "after race 2" in shop.status_label.text()
    billie = shop.buy_button("Billie", "handling")
    assert not billie.isEnabled() and "cap of 4" in billie.toolTip()  # Yoshi starts at the cap
    alex = shop.buy_button("Alex", "handling")
    assert alex.isEnabled()
    assert win.roster.table.item(0, 3).text() == "3"
    qtbot.mouseClick(alex, Qt.MouseButton.LeftButton)
    assert win.roster.table.item(0, 3).text() == "4 ▲"
    assert win.standings.value("Alex", "Handling") == "4"
    assert win.standings.value("Alex", "Spent") == "20"
    assert win.standings.value("Alex", "Total") == "34"
    assert not shop.buy_button("Alex", "handling").isEnabled()
    assert "cap of 4" in shop.buy_button("Alex", "handling").toolTip()
    assert shop.buy_button("Alex", "max_gear").isEnabled()  # 34 points left
    assert shop.bought_table.rowCount() == 2
    shop.buy("Alex", "max_gear")
    assert not shop.buy_button("Alex", "max_gear").isEnabled()
    assert win.shop.table.item(0, 2).text() == "14"
    qtbot.mouseClick(shop.buy_button("Casey", "handling"), Qt.MouseButton.LeftButton)
    assert win.standings.value("Casey", "Handling") == "3"
    enter_race(qtbot, win, 3, {"Alex": RACE_3["Alex"]})
    assert "race 3 has started" in shop.status_label.text()
    assert not any(shop.buy_button(p, "max_gear").isEnabled() for p in ("Alex", "Casey", "Dana"))


def test_undo_and_redo_restore_exactly(qtbot, win):
    stack = win.session.undo_stack
    states = [(stack.index(), win.session.document)]
    assert win.shop.buy("Billie", "max_gear")
    states.append((stack.index(), win.session.document))
    enter_race(qtbot, win, 3, {"Alex": RACE_3["Alex"]})  # three cells: three steps
    assert stack.index() == 4
    states.append((stack.index(), win.session.document))
    assert win.session.apply("Rename", edit.rename_player, "Alex", "Alexis") is None
    states.append((stack.index(), win.session.document))
    assert win.session.apply("Custom", edit.set_custom_character,
                             CustomCharacter(id="dry-bones", name="Dry Bones", handling=4, max_gear=4)) is None
    final = win.session.document
    assert win.roster.table.item(0, 0).text() == "Alexis"
    for index, expected in reversed(states):
        while stack.index() > index:
            win.undo_action.trigger()
        assert win.session.document == expected
    assert not win.isWindowModified()
    assert win.roster.table.item(0, 0).text() == "Alex"
    assert win.race_page(3).cell("Alex", PLACE).text() == ""
    assert win.standings.value("Alex", "Total") == "54"
    assert win.standings.value("Billie", "Max Gear") == "5"
    while stack.canRedo():
        win.redo_action.trigger()
    assert win.session.document == final
    assert win.race_page(3).cell("Alexis", PLACE).text() == "1"
    assert win.standings.value("Billie", "Max Gear") == "6"
    assert win.roster.custom_table.rowCount() == 1


def test_roster_edits_through_the_table(qtbot, win, monkeypatch):
    roster = win.roster
    type_into(qtbot, roster.table, roster.table.item(3, 0), "Dee")
    assert win.session.document.players[3].name == "Dee"
    assert win.race_page(1).cell("Dee", PLACE).text() == "3"
    type_into(qtbot, roster.table, roster.table.item(3, 0), "alex")
    assert "already a player called Alex" in win.messages.text()
    assert roster.table.item(3, 0).text() == "Dee"
    from designer.panes.campaign import roster as roster_module

    monkeypatch.setattr(roster_module, "ask_custom_character",
                        lambda parent, current=None, **_kw: CustomCharacter(id="dry-bones", name="Dry Bones",
                                                                     weight="Lightweight",
                                                                     handling=4, max_gear=5))
    qtbot.mouseClick(roster.custom_add, Qt.MouseButton.LeftButton)
    combo = roster.character_combo("Casey")
    assert combo.findText("Dry Bones") >= 0
    combo.setCurrentIndex(combo.findText("Dry Bones"))
    combo.activated.emit(combo.currentIndex())
    assert win.session.document.player("Casey").character == "dry-bones"
    assert roster.table.item(2, 2).text() == "Lightweight"
    qtbot.mouseClick(roster.add_button, Qt.MouseButton.LeftButton)
    assert "race 1 is not finished yet (no result for Player 5)" in win.messages.text()  # not mid-season
    roster.table.selectRow(0)
    qtbot.mouseClick(roster.remove_button, Qt.MouseButton.LeftButton)
    assert "already has results" in win.messages.text()


def test_save_then_reopen_is_equal(qtbot, win, cup):
    enter_race(qtbot, win, 3, RACE_3)
    win.shop.buy("Alex", "handling")
    assert win.isWindowModified()
    assert win.save()
    assert not win.isWindowModified()
    document, _context = load_campaign(cup)
    assert document == win.session.document


def test_save_as_to_another_folder_keeps_the_tracks(qtbot, win, tmp_path, monkeypatch):
    target = tmp_path / "elsewhere" / "season"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert win.save_as()
    saved = target.with_name("season.campaign.json")
    assert saved.is_file() and win.session.path == saved
    for number in range(1, 5):
        found = win.session.resolve_track(win.session.document.races[number - 1].track)
        assert found is not None and found.is_file()
        assert win.race_page(number).open_button.isEnabled()
    reopened = CampaignSession.open(saved)
    assert all(reopened.resolve_track(r.track).is_file() for r in reopened.document.races)


def test_open_track_emits_the_race_track(qtbot, win, cup):
    page = win.race_page(2)
    with (qtbot.waitSignal(win.windows.open_track_requested) as relayed,
          qtbot.waitSignal(win.open_track_requested) as signal):
        qtbot.mouseClick(page.open_button, Qt.MouseButton.LeftButton)
    expected = (cup.parent / TRACKS[1]).resolve()
    assert Path(signal.args[0]).resolve() == expected
    assert Path(relayed.args[0]).resolve() == expected


def test_a_missing_track_says_so_and_another_can_be_chosen(qtbot, cup, errors, monkeypatch):
    (cup.parent / TRACKS[3]).unlink()
    window = CampaignWindows().open_path(cup)
    qtbot.addWidget(window)
    page = window.race_page(4)
    assert window.tabs.tabText(window.tabs.indexOf(page)) == "Race 4 · track missing"
    assert "missing track" in page.track_label.text()
    assert not page.open_button.isEnabled()
    bonus = cup.parent / "mushroom-cup-bonus-figure-eight.track.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bonus), ""))
    qtbot.mouseClick(page.choose_button, Qt.MouseButton.LeftButton)
    assert window.session.document.races[3].track == bonus.name
    assert page.open_button.isEnabled()
    assert window.tabs.tabText(window.tabs.indexOf(page)) == "Race 4 · Figure Eight"
    close_quietly(window)


def test_the_champion_appears_after_the_last_race(qtbot, win):
    enter_race(qtbot, win, 3, RACE_3)
    assert not win.banner.isVisible()
    enter_race(qtbot, win, 4, RACE_4)
    assert win.banner.isVisible()
    leader = win.standings.table.item(0, 1).text()
    assert leader in win.banner.text() and "Champion" in win.banner.text()
    assert "the Grand Prix is over" in win.shop.status_label.text()
    for _cell in range(3):  # Alex's race 4 place, gates and coins
        win.undo_action.trigger()
    assert not win.banner.isVisible()


def test_closing_with_unsaved_changes_asks(qtbot, win, cup, monkeypatch):
    answers = [Answer.Cancel, Answer.Save]
    asked: list[str] = []

    def fake(parent, name):
        asked.append(name)
        return answers.pop(0)

    monkeypatch.setattr(window_module, "ask_save_changes", fake)
    enter_race(qtbot, win, 3, {"Alex": RACE_3["Alex"]})
    assert not win.close()
    assert win.isVisible() and asked == [SAMPLE]
    assert win.close()
    assert not win.isVisible()
    assert load_campaign(cup)[0] == win.session.document  # "Save" wrote it


def test_print_writes_the_filled_score_sheet_and_upgraded_dashboards(qtbot, win, tmp_path, monkeypatch):
    from pypdf import PdfReader

    from .test_campaign_preview import save_on

    save_on(qtbot, monkeypatch, "letter")  # File ▸ Print…'s preview, Save PDF… pressed once it is laid out
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "cup"), ""))
    win.print_action.trigger()
    pages = PdfReader(tmp_path / "cup.pdf").pages
    assert len(pages) == 5  # the score sheet, then four dashboards one to a page
    sheet = pages[0].extract_text()
    assert "Mushroom Cup — score sheet" in sheet and "Luigi Circuit" in sheet  # races named after their tracks
    assert "4 + 1 upgrade" in pages[2].extract_text()  # Billie's Yoshi bought +1 Max Gear


def test_a_race_series_has_places_grid_coins_and_no_points(qtbot, errors):
    ctx = Context(load_ruleset("pitchkart"))
    players = [("Ana", "Toad"), ("Ben", "Bowser"), ("Cy", "Donkey Kong")]
    session = CampaignSession(edit.new_campaign("Flick Cup", ctx, "race_series", players))
    window = CampaignWindows().show_session(session)
    qtbot.addWidget(window)
    assert window.shop is None and window.standings.chart is None
    assert window.race_pages == []
    assert window.add_race()
    page = window.race_page(1)
    assert page.table.columnCount() == 4  # no Points
    enter_race(qtbot, window, 1, {"Ana": (2, 0, 1), "Ben": (1, 0, 0), "Cy": (3, 0, 2)})
    qtbot.mouseClick(window.roster.add_button, Qt.MouseButton.LeftButton)
    assert window.session.document.player_names()[-1] == "Player 4"
    window.roster.table.selectRow(3)
    qtbot.mouseClick(window.roster.remove_button, Qt.MouseButton.LeftButton)
    assert len(window.session.document.players) == 3
    window.add_race()
    enter_race(qtbot, window, 2, {"Ana": (1, 0, 0), "Ben": (3, 0, 0), "Cy": (2, 0, 0)})
    assert [window.standings.table.item(r, 1).text() for r in range(3)] == ["Ana", "Ben", "Cy"]
    assert "wins" in window.standings.rule_label.text()
    page = window.race_page(2)
    qtbot.mouseClick(page.fill_button, Qt.MouseButton.LeftButton)
    assert [page.grid_table.item(r, 2).text() for r in range(3)] == ["5", "5", "4"]
    page.grid_table.selectRow(0)
    qtbot.mouseClick(page.down_button, Qt.MouseButton.LeftButton)
    assert window.session.document.races[1].grid == ["Ben", "Ana", "Cy"]
    window.undo_action.trigger()
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert len(window.race_pages) == 2
    close_quietly(window)


def test_battle_and_career_modes_get_their_page(qtbot, errors):
    ctx = Context(load_ruleset("mk-gaslands"))
    session = CampaignSession(edit.new_campaign("Arena", ctx, "balloon_battle", [("Ana", "Mario"), ("Ben", "Toad")]))
    window = CampaignWindows().show_session(session)
    qtbot.addWidget(window)
    assert window.page is not None and window.tabs.indexOf(window.page) == 1
    assert window.race_pages == [] and window.standings is None
    close_quietly(window)


def test_the_new_campaign_dialog_offers_what_the_rules_support(qtbot):
    from designer.panes.campaign.dialogs import NewCampaignDialog

    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("pitchkart"))
    modes = [dialog.mode_combo.itemData(i) for i in range(dialog.mode_combo.count())]
    assert modes == ["race_series"]
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("mk-gaslands"))
    dialog.mode_combo.setCurrentIndex(dialog.mode_combo.findData("grand_prix"))
    dialog.name_edit.setText("Star Cup")
    document = dialog.build()
    assert document.name == "Star Cup" and document.mode == "grand_prix" and len(document.races) == 4
    assert [p.name for p in document.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    dialog.players.item(1, 0).setText("player 1")
    assert dialog.build() is None and "appears twice" in dialog.messages.text()


def test_the_main_window_opens_campaigns_and_their_tracks(qtbot, window, cup, monkeypatch):
    titles = [a.text() for a in window.menus["File"].actions()]
    assert "New &Campaign…" in titles and "Open Ca&mpaign…" in titles
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(cup)], ""))
    window.campaign_actions.open_action.trigger()
    [campaign] = window.campaign_windows.windows
    qtbot.addWidget(campaign)
    assert window.campaign_windows.open_path(cup) is campaign  # not opened twice
    assert window.campaign_actions.open_paths([cup]) == [campaign]
    qtbot.mouseClick(campaign.race_page(1).open_button, Qt.MouseButton.LeftButton)
    assert window.current_editor().document.path.resolve() == (cup.parent / TRACKS[0]).resolve()
    close_quietly(campaign)
    qtbot.waitUntil(lambda: not window.campaign_windows.windows)


def test_new_campaign_opens_an_unsaved_window_of_its_own(qtbot, win, monkeypatch):
    from designer.panes.campaign import windows as windows_module

    ctx = Context(load_ruleset("mk-gaslands"))
    document = edit.new_campaign("Star Cup", ctx, "grand_prix", [("Ana", "Mario"), ("Ben", "Toad")])
    monkeypatch.setattr(windows_module, "ask_new_campaign", lambda parent: document)
    win.new_action.trigger()
    fresh = win.windows.windows[-1]
    qtbot.addWidget(fresh)
    assert fresh is not win and fresh.session.document == document and fresh.session.path is None
    assert fresh.windowTitle() == "Star Cup[*] — Campaign — Kartographer" and fresh.isWindowModified()
    assert [fresh.tabs.tabText(i) for i in range(1, 5)] == [f"Race {n} · no track" for n in range(1, 5)]
    close_quietly(fresh)


def test_a_campaign_file_on_the_command_line_opens_its_own_window(qtbot, cup):
    from designer.app import main as app_main

    window = app_main.open_main_window([str(cup)])
    qtbot.addWidget(window)
    opened = window.campaign_windows.windows
    assert [w.session.path.name for w in opened] == [SAMPLE]
    assert window.tabs.count() == 1 and window.current_editor().document.path is None  # the default, unsaved
    for w in opened:
        qtbot.addWidget(w)
