"""Every refusal of the campaign core, with what its message says: the pure edits (which must leave the
document they were given untouched) and the consistency check a hand-edited file goes through.
Each message is one line, `place: reason`, so the CLI and the editor can show it as is."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from designer.campaign import edit
from designer.campaign.context import Context, TrackLimit
from designer.campaign.errors import CampaignError
from designer.campaign.validate import check_campaign
from designer.model.campaign import CampaignDocument, CustomCharacter, Player, Race, RaceResult, Upgrade
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit

from .test_campaign_scoring import GASLANDS, RACE_1, grand_prix

AXLES = Context(load_ruleset("axles-alloys-2"))
PITCHKART = Context(load_ruleset("pitchkart"))
#: race 1 on a track of 6 gates × 3 laps; race 2's track could not be read, so it is not bounded
TRACKED = Context(GASLANDS.ruleset, {0: TrackLimit(gates=6, laps=3)})
PLAYERS = "players: Alex, Billie, Casey, Dana"

FRESH = grand_prix()
AFTER_1 = grand_prix(races=[RACE_1])  # Alex 20, Billie 25, Casey 19, Dana 15
RACE_2_STARTED = grand_prix(races=[RACE_1, RACE_1[:1]])  # Alex is 1st in race 2 so far
WARIO_WINS = grand_prix(races=[[("Casey", 1, 30, 0), ("Alex", 2, 0, 0), ("Billie", 3, 0, 0), ("Dana", 4, 0, 0)]])
BILLIE_UPGRADED = edit.buy_upgrade(AFTER_1, GASLANDS, "Billie", "max_gear")
ALL_FOUR = grand_prix(races=[RACE_1] * 4)

REFUSALS: list[tuple[str, CampaignDocument, Callable[[CampaignDocument], CampaignDocument], str]] = [
    # results
    ("duplicate place", RACE_2_STARTED, lambda d: edit.set_result(d, GASLANDS, 2, "Billie", 1),
     "race 2, Billie: place 1 is already Alex's"),
    ("place above the players", FRESH, lambda d: edit.set_result(d, GASLANDS, 1, "Alex", 5),
     "race 1, Alex: place 5 is outside 1…4 (4 players)"),
    ("place zero", FRESH, lambda d: edit.set_result(d, GASLANDS, 1, "Alex", 0),
     "race 1, Alex: place 0 is outside 1…4 (4 players)"),
    ("gates past gates × laps", FRESH, lambda d: edit.set_result(d, TRACKED, 1, "Alex", 1, gates=19),
     "race 1, Alex: 19 gates is more than the track has (6 gates × 3 laps = 18)"),
    ("negative gates", FRESH, lambda d: edit.set_result(d, GASLANDS, 1, "Alex", 1, gates=-1),
     "race 1, Alex: gates cannot be negative (-1)"),
    ("negative coins", FRESH, lambda d: edit.set_result(d, GASLANDS, 1, "Alex", 1, coins=-2),
     "race 1, Alex: coins cannot be negative (-2)"),
    ("player not in the campaign", FRESH, lambda d: edit.set_result(d, GASLANDS, 1, "Zed", 1),
     f"race 1: 'Zed' is not a player in this campaign ({PLAYERS})"),
    ("race 2 before race 1 is complete", grand_prix(races=[RACE_1[:3]]),
     lambda d: edit.set_result(d, GASLANDS, 2, "Alex", 1),
     "race 2: race 1 is not finished yet (no result for Dana)"),
    ("race 5 of 4", AFTER_1, lambda d: edit.set_result(d, GASLANDS, 5, "Alex", 1),
     "races: there is no race 5 (races 1…4)"),
    ("race 0", AFTER_1, lambda d: edit.set_result(d, GASLANDS, 0, "Alex", 1),
     "races: there is no race 0 (races 1…4)"),
    ("a player twice on the grid", FRESH, lambda d: edit.set_grid(d, GASLANDS, 1, ["Alex", "Billie", "alex"]),
     "race 1 grid: Alex is on the grid twice"),
    ("a stranger on the grid", FRESH, lambda d: edit.set_grid(d, GASLANDS, 1, ["Alex", "Zed"]),
     f"race 1 grid: 'Zed' is not a player in this campaign ({PLAYERS})"),
    ("clear a result under a later race", RACE_2_STARTED, lambda d: edit.clear_result(d, GASLANDS, 1, "Dana"),
     "race 1: race 2 already has results; clear those first"),
    ("clear a result that is not there", AFTER_1, lambda d: edit.clear_result(d, GASLANDS, 2, "Dana"),
     "race 2: Dana has no result to clear"),
    # upgrades
    ("upgrade past the Handling cap", AFTER_1, lambda d: edit.buy_upgrade(d, GASLANDS, "Billie", "handling"),
     "upgrades: Billie cannot buy Handling: Handling is at its cap of 4"),
    ("upgrade past the Max Gear cap", WARIO_WINS, lambda d: edit.buy_upgrade(d, GASLANDS, "Casey", "max_gear"),
     "upgrades: Casey cannot buy Max Gear: Max Gear is at its cap of 6"),
    ("upgrade without 20 points", AFTER_1, lambda d: edit.buy_upgrade(d, GASLANDS, "Casey", "handling"),
     "upgrades: Casey cannot buy Handling: needs 20 points, has 19"),
    ("upgrade before any race", FRESH, lambda d: edit.buy_upgrade(d, GASLANDS, "Alex", "handling"),
     "upgrades: upgrades are bought between races: finish a race first"),
    ("upgrade while race 1 is unfinished", grand_prix(races=[RACE_1[:3]]),
     lambda d: edit.buy_upgrade(d, GASLANDS, "Alex", "handling"),
     "upgrades: upgrades are bought between races: finish a race first"),
    ("upgrade once race 2 started", RACE_2_STARTED, lambda d: edit.buy_upgrade(d, GASLANDS, "Billie", "max_gear"),
     "upgrades: race 2 has already started; upgrades are bought before it"),
    ("upgrade after race 1 once race 2 started", RACE_2_STARTED,
     lambda d: edit.buy_upgrade(d, GASLANDS, "Billie", "max_gear", after_race=1),
     "upgrades: race 2 has already started; upgrades are bought before it"),
    ("upgrade after an unfinished race", RACE_2_STARTED,
     lambda d: edit.buy_upgrade(d, GASLANDS, "Billie", "max_gear", after_race=2),
     "upgrade 1: race 2 is not finished yet (no result for Billie, Casey, Dana); upgrades are bought "
     "between races"),
    ("upgrade after the last race", ALL_FOUR, lambda d: edit.buy_upgrade(d, GASLANDS, "Billie", "max_gear"),
     "upgrades: the Grand Prix ends with race 4; nothing can be bought after it"),
    ("upgrade after race 4 named", ALL_FOUR,
     lambda d: edit.buy_upgrade(d, GASLANDS, "Billie", "max_gear", after_race=4),
     "upgrades: the Grand Prix ends with race 4; nothing can be bought after it"),
    ("upgrade after race 0", AFTER_1, lambda d: edit.buy_upgrade(d, GASLANDS, "Alex", "handling", after_race=0),
     "upgrades: there is no race 0 (upgrades are bought after races 1…3)"),
    ("upgrade after a negative race", AFTER_1,
     lambda d: edit.buy_upgrade(d, GASLANDS, "Alex", "handling", after_race=-3),
     "upgrades: there is no race -3 (upgrades are bought after races 1…3)"),
    ("upgrade for a stranger", AFTER_1, lambda d: edit.buy_upgrade(d, GASLANDS, "Zed", "handling"),
     f"upgrades: 'Zed' is not a player in this campaign ({PLAYERS})"),
    ("unknown upgrade", AFTER_1, lambda d: edit.buy_upgrade(d, GASLANDS, "Alex", "speed"),
     "upgrades: unknown upgrade 'speed' (use handling or max_gear)"),
    # roster
    ("unknown character", FRESH, lambda d: edit.add_player(d, GASLANDS, "Eve", "Bowser"),
     "players (Eve): unknown character 'Bowser' (known: Mario, Luigi, Princess Peach, Shy Guy, Yoshi, Toad, "
     "Waluigi, Wario)"),
    ("unknown character for a player", FRESH, lambda d: edit.set_character(d, GASLANDS, "Alex", "Bowser"),
     "players (Alex): unknown character 'Bowser'"),
    ("duplicate player", FRESH, lambda d: edit.add_player(d, GASLANDS, "alex", "Toad"),
     "players: there is already a player called Alex"),
    ("rename onto another player", FRESH, lambda d: edit.rename_player(d, GASLANDS, "Alex", "BILLIE"),
     "players: there is already a player called Billie"),
    ("remove a player with results", AFTER_1, lambda d: edit.remove_player(d, GASLANDS, "Alex"),
     "players: Alex already has results; remove those first"),
    ("clear a result an upgrade was paid from", BILLIE_UPGRADED,
     lambda d: edit.clear_result(d, GASLANDS, 1, "Billie"),
     "upgrade 1: race 1 is not finished yet (no result for Billie); upgrades are bought between races"),
    ("lower a result an upgrade was paid from", BILLIE_UPGRADED,
     lambda d: edit.set_result(d, GASLANDS, 1, "Billie", 2, gates=5, coins=5),
     "upgrades (Billie): Billie has 18 points after race 1 but the upgrades cost 20 (20 each)"),
    ("character change breaks a cap", edit.buy_upgrade(AFTER_1, GASLANDS, "Alex", "handling"),
     lambda d: edit.set_character(d, GASLANDS, "Alex", "Yoshi"),
     "upgrades (Alex): Handling would be 5, above the cap of 4 (Yoshi starts at 4)"),
    # modes
    ("balloon battle on Axles and Alloys", CampaignDocument(name="x"),
     lambda d: edit.new_campaign("Arena", AXLES, "balloon_battle", [("Alex", "Mario"), ("Billie", "Luigi")]),
     "mode: Axles and Alloys II has no balloon_battle campaigns (its modes: race_series, career)"),
    ("grand prix on PitchKart", CampaignDocument(name="x"),
     lambda d: edit.new_campaign("Cup", PITCHKART, "grand_prix", [("Alex", "Toad")]),
     "mode: Super Mario PitchKart has no grand_prix campaigns (its modes: race_series)"),
    ("driver careers on Gaslands", CampaignDocument(name="x"),
     lambda d: edit.new_campaign("Careers", GASLANDS, "career", [("Alex", "Mario")]),
     "mode: Mario Kart Gaslands has no career campaigns (its modes: grand_prix, race_series, balloon_battle)"),
    ("battle in a Grand Prix", FRESH, lambda d: edit.add_battle(d, GASLANDS),
     "battles: a grand_prix campaign has no battles"),
    ("driver in a Grand Prix", FRESH, lambda d: career_edit.add_driver(d, GASLANDS, "Max", "Alex"),
     "drivers: a grand_prix campaign has no drivers"),
]


@pytest.mark.parametrize(("doc", "change", "message"), [case[1:] for case in REFUSALS],
                         ids=[case[0] for case in REFUSALS])
def test_refused_edit_says_why_and_changes_nothing(doc: CampaignDocument,
                                                   change: Callable[[CampaignDocument], CampaignDocument],
                                                   message: str) -> None:
    before = copy.deepcopy(doc)
    dumped = doc.model_dump(mode="json")
    with pytest.raises(CampaignError) as caught:
        change(doc)
    text = str(caught.value)
    assert text.startswith(message)
    assert "\n" not in text
    assert doc == before
    assert doc.model_dump(mode="json") == dumped


def test_gates_up_to_gates_times_laps_are_accepted() -> None:
    doc = edit.set_result(FRESH, TRACKED, 1, "Alex", 1, gates=18)
    assert doc.races[0].result("Alex") == RaceResult(player="Alex", place=1, gates=18)
    # race 2's track is not known, so any count is taken
    done = FRESH
    for player, place, _, _ in RACE_1:
        done = edit.set_result(done, TRACKED, 1, player, place)
    assert edit.set_result(done, TRACKED, 2, "Alex", 1, gates=500).races[1].result("Alex").gates == 500


def test_an_accepted_edit_returns_a_new_document() -> None:
    after = edit.set_result(FRESH, GASLANDS, 1, "Alex", 1, 3, 2)
    assert after is not FRESH
    assert FRESH.races[0].results == []
    assert after.races[0].results == [RaceResult(player="Alex", place=1, gates=3, coins=2)]


def test_replacing_a_result_keeps_the_place_free_for_the_same_player() -> None:
    doc = edit.set_result(FRESH, GASLANDS, 1, "Alex", 1, 3, 2)
    doc = edit.set_result(doc, GASLANDS, 1, "alex", 1, 5, 0)
    assert doc.races[0].results == [RaceResult(player="Alex", place=1, gates=5, coins=0)]


def test_hand_spelt_names_in_a_file_are_matched_when_editing() -> None:
    """A file may spell a player in another case; editing their result replaces it, not duplicates it."""
    doc = CampaignDocument(name="Cup", players=[Player(name="Alex", character="mario"),
                                                Player(name="Billie", character="yoshi")],
                           races=[Race(results=[RaceResult(player="alex", place=1)])])
    check_campaign(doc, GASLANDS)
    replaced = edit.set_result(doc, GASLANDS, 1, "Alex", 1, gates=4)
    assert replaced.races[0].results == [RaceResult(player="Alex", place=1, gates=4)]
    cleared = edit.clear_result(doc, GASLANDS, 1, "ALEX")
    assert cleared.races[0].results == []


# --- the same consistency rules on a hand-edited document -------------------------------------------
def hand_edited(races: list[list[tuple[str, int, int, int]]], upgrades: list[tuple[str, int, str]] = (),
                **fields: object) -> CampaignDocument:
    """A document built without the edits (as a text editor could leave a file)."""
    return CampaignDocument(
        name="Hand-made Cup",
        players=[Player(name=n, character=c) for n, c in (("Alex", "mario"), ("Billie", "yoshi"),
                                                          ("Casey", "wario"), ("Dana", "princess-peach"))],
        races=[Race(results=[RaceResult(player=p, place=pl, gates=g, coins=c) for p, pl, g, c in race])
               for race in races],
        upgrades=[Upgrade(player=p, after_race=a, stat=s) for p, a, s in upgrades], **fields)


FILE_REFUSALS = [
    ("duplicate place", hand_edited([[("Alex", 1, 0, 0), ("Billie", 1, 0, 0)]]), GASLANDS,
     "race 1, Billie: place 1 is already Alex's"),
    ("place past the players", hand_edited([[("Alex", 9, 0, 0)]]), GASLANDS,
     "race 1, Alex: place 9 is outside 1…4 (4 players)"),
    ("two results for one player", hand_edited([[("Alex", 1, 0, 0), ("ALEX", 2, 0, 0)]]), GASLANDS,
     "race 1: Alex has two results"),
    ("stranger's result", hand_edited([[("Zed", 1, 0, 0)]]), GASLANDS,
     f"race 1: 'Zed' is not a player in this campaign ({PLAYERS})"),
    ("too many gates", hand_edited([[("Alex", 1, 19, 0)]]), TRACKED,
     "race 1, Alex: 19 gates is more than the track has (6 gates × 3 laps = 18)"),
    ("a fifth race", hand_edited([RACE_1] * 4 + [[]]), GASLANDS, "race 5: the Grand Prix has 4 races"),
    ("race 2 before race 1 is complete", hand_edited([RACE_1[:3], [("Alex", 1, 0, 0)]]), GASLANDS,
     "race 2: race 1 is not finished yet (no result for Dana)"),
    ("race 2 with race 1 missing", hand_edited([[], [("Alex", 1, 0, 0)]]), GASLANDS,
     "race 2: race 1 is not finished yet (no result for Alex, Billie, Casey, Dana)"),
    ("upgrade after an unfinished race", hand_edited([[("Billie", 1, 30, 0)]], [("Billie", 1, "max_gear")]),
     GASLANDS, "upgrade 1: race 1 is not finished yet (no result for Alex, Casey, Dana); upgrades are bought "
     "between races"),
    ("upgrade over the cap", hand_edited([RACE_1], [("Billie", 1, "handling")]), GASLANDS,
     "upgrades (Billie): Handling would be 5, above the cap of 4 (Yoshi starts at 4)"),
    ("two Max Gear upgrades for Mario", hand_edited([[("Alex", 1, 50, 0), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0),
                                                      ("Dana", 4, 0, 0)]],
                                                    [("Alex", 1, "max_gear"), ("Alex", 1, "max_gear")]),
     GASLANDS, "upgrades (Alex): Max Gear would be 7, above the cap of 6 (Mario starts at 5)"),
    ("upgrade not paid for", hand_edited([RACE_1], [("Casey", 1, "handling")]), GASLANDS,
     "upgrades (Casey): Casey has 19 points after race 1 but the upgrades cost 20 (20 each)"),
    ("upgrade after the last race", hand_edited([RACE_1] * 4, [("Alex", 4, "handling")]), GASLANDS,
     "upgrade 1: the Grand Prix ends with race 4; upgrades are bought between races"),
    ("balloon battle on Axles and Alloys", CampaignDocument(name="x", ruleset="axles-alloys-2",
                                                            mode="balloon_battle"), AXLES,
     "mode: Axles and Alloys II has no balloon_battle campaigns (its modes: race_series, career)"),
    ("grand prix on PitchKart", CampaignDocument(name="x", ruleset="pitchkart"), PITCHKART,
     "mode: Super Mario PitchKart has no grand_prix campaigns (its modes: race_series)"),
    ("races in a battle campaign", hand_edited([[]], mode="balloon_battle"), GASLANDS,
     "races: a balloon_battle campaign has no races"),
]


@pytest.mark.parametrize(("doc", "ctx", "message"), [case[1:] for case in FILE_REFUSALS],
                         ids=[case[0] for case in FILE_REFUSALS])
def test_inconsistent_document_is_refused(doc: CampaignDocument, ctx: Context, message: str) -> None:
    with pytest.raises(CampaignError) as caught:
        check_campaign(doc, ctx)
    assert str(caught.value) == message


def test_duplicate_player_names_are_refused_by_the_schema() -> None:
    with pytest.raises(ValueError, match="player 'alex' appears twice"):
        CampaignDocument(name="x", players=[Player(name="Alex", character="mario"),
                                            Player(name="alex", character="toad")])


def test_removing_a_player_without_results_takes_them_off_the_grid() -> None:
    doc = edit.set_grid(FRESH, GASLANDS, 1, ["Dana", "Alex", "Billie", "Casey"])
    doc = edit.remove_player(doc, GASLANDS, "alex")
    assert doc.player_names() == ["Billie", "Casey", "Dana"]
    assert doc.races[0].grid == ["Dana", "Billie", "Casey"]


def test_campaign_error_is_one_line_whatever_it_was_given() -> None:
    error = CampaignError("first line\nsecond   line", "race 1")
    assert str(error) == "race 1: first line second line"
    assert str(CampaignError("no place")) == "no place"


def test_names_typed_with_spaces_find_the_player() -> None:
    with pytest.raises(CampaignError) as caught:
        edit.add_player(FRESH, GASLANDS, " alex ", "Toad")
    assert str(caught.value) == "players: there is already a player called Alex"
    doc = edit.set_result(FRESH, GASLANDS, 1, "  Dana ", 2)
    assert doc.races[0].results == [RaceResult(player="Dana", place=2)]
    assert edit.add_player(FRESH, GASLANDS, " Eve ", "Toad").player_names()[-1] == "Eve"


def test_rename_reaches_results_grids_and_upgrades() -> None:
    doc = edit.set_grid(BILLIE_UPGRADED, GASLANDS, 2, ["Billie", "Alex"])
    renamed = edit.rename_player(doc, GASLANDS, "billie", "Bea")
    assert renamed.player_names() == ["Alex", "Bea", "Casey", "Dana"]
    assert renamed.races[0].result("Bea") == RaceResult(player="Bea", place=2, gates=12, coins=5)
    assert renamed.races[1].grid == ["Bea", "Alex"]
    assert [(u.player, u.stat) for u in renamed.upgrades] == [("Bea", "max_gear")]
    assert edit.rename_player(doc, GASLANDS, "Billie", "BILLIE").player_names()[1] == "BILLIE"


def test_custom_characters_are_refused_while_in_use_or_named_like_a_ruleset_one() -> None:
    dry_bones = CustomCharacter(id="dry-bones", name="Dry Bones", handling=4, max_gear=4)
    doc = edit.set_custom_character(FRESH, GASLANDS, dry_bones)
    doc = edit.set_character(doc, GASLANDS, "Alex", "dry bones")
    with pytest.raises(CampaignError) as caught:
        edit.remove_custom_character(doc, GASLANDS, "Dry Bones")
    assert str(caught.value) == "custom_characters: Alex still drives Dry Bones"
    with pytest.raises(CampaignError) as caught:
        edit.set_custom_character(doc, GASLANDS, CustomCharacter(id="mario", name="Mario", handling=1))
    assert str(caught.value) == "custom_characters: Mario is already a Mario Kart Gaslands character"


def test_more_tracks_than_races_and_no_such_upgrade() -> None:
    with pytest.raises(CampaignError) as caught:
        edit.new_campaign("Cup", GASLANDS, "grand_prix", tracks=["a", "b", "c", "d", "e"])
    assert str(caught.value) == "tracks: 5 tracks given but the Grand Prix has 4 races"
    with pytest.raises(CampaignError) as caught:
        edit.remove_upgrade(BILLIE_UPGRADED, GASLANDS, 1)
    assert str(caught.value) == "upgrades: there is no upgrade 2"
    assert edit.remove_upgrade(BILLIE_UPGRADED, GASLANDS, 0).upgrades == []
