"""Axles and Alloys II careers (rules digest, section 5): named drivers earn rerolls — Deathmatch: survive
+1, destroy a vehicle +1; Race: finish still rolling +1, win +1 — spend no more than they have, and die
on 4–6 when their vehicle is destroyed or with it whole (Driver component, radiation, Deathshead); a dead
driver is replaced by a new one for the same player."""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pytest
from pydantic import ValidationError

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.model.campaign import CampaignDocument, Driver, GameEntry, Player
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.careers import DriverRecord, careers, death_faces, rerolls_earned
from designer.systems.axles_alloys_2.rule_data import axles_rules

AXLES = Context(load_ruleset("axles-alloys-2"))
GASLANDS = Context(load_ruleset("mk-gaslands"))


def wasteland() -> CampaignDocument:
    """Two players, a driver each."""
    doc = edit.new_campaign("Wasteland", AXLES, "career", [("Alex", "Interceptor"), ("Billie", "War Rig")])
    doc = career_edit.add_driver(doc, AXLES, "Max", "Alex", "Medium")
    return career_edit.add_driver(doc, AXLES, "Furiosa", "billie", "Heavy")


def played(doc: CampaignDocument, *games: tuple[str, Sequence[GameEntry]]) -> CampaignDocument:
    for scenario, entries in games:
        doc = career_edit.add_game(doc, AXLES, scenario, entries=entries)
    return doc


def record(doc: CampaignDocument, driver: str) -> DriverRecord:
    return next(r for r in careers(doc, AXLES) if r.name == driver)


def earned(scenario: str, **entry: object) -> int:
    return sum(n for _, n in rerolls_earned(GameEntry(driver="Max", **entry), scenario, axles_rules(AXLES.ruleset)))


# --- awards ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("entry", "rerolls"), [
    ({}, 1),                                   # survived
    ({"kills": 1}, 2),                         # survived and destroyed a vehicle
    ({"kills": 3}, 2),                         # destroying more vehicles earns no more
    ({"destroyed": True, "kills": 1}, 1),      # destroyed a vehicle, did not survive
    ({"destroyed": True}, 0),
])
def test_deathmatch_rerolls(entry: dict[str, object], rerolls: int) -> None:
    assert earned("deathmatch", **entry) == rerolls


@pytest.mark.parametrize(("entry", "rerolls"), [
    ({"finished": True}, 1),                   # finished still rolling
    ({"finished": True, "won": True}, 2),      # and won
    ({}, 0),                                   # still running when the race ended
    ({"destroyed": True}, 0),
    ({"kills": 2}, 0),                         # kills earn nothing in a race
])
def test_race_rerolls(entry: dict[str, object], rerolls: int) -> None:
    assert earned("race", **entry) == rerolls


def test_awards_are_named_from_the_rule_data() -> None:
    doc = played(wasteland(), ("deathmatch", [GameEntry(driver="Max", kills=1),
                                              GameEntry(driver="Furiosa", destroyed=True)]),
                 ("race", [GameEntry(driver="Max", finished=True, won=True), GameEntry(driver="Furiosa")]))
    max_ = record(doc, "Max")
    assert max_.awards == ["game 1: Survive +1", "game 1: Destroy at least one vehicle +1",
                           "game 2: Finish with a working vehicle +1", "game 2: Win +1"]
    assert (max_.games, max_.kills, max_.wins, max_.earned, max_.used, max_.rerolls) == (2, 1, 1, 4, 0, 4)
    furiosa = record(doc, "Furiosa")
    assert (furiosa.games, furiosa.earned, furiosa.alive, furiosa.awards) == (2, 0, True, [])
    assert (furiosa.player, furiosa.vehicle) == ("Billie", "Heavy")


def test_the_rulebook_example() -> None:
    """Survives a deathmatch without a kill (1), then wins a race (+2): three rerolls for game three."""
    doc = played(wasteland(), ("deathmatch", [GameEntry(driver="Max"), GameEntry(driver="Furiosa")]),
                 ("race", [GameEntry(driver="Max", finished=True, won=True), GameEntry(driver="Furiosa")]))
    assert record(doc, "Max").rerolls == 3
    doc = played(doc, ("deathmatch", [GameEntry(driver="Max", destroyed=True, died=True, rerolls_used=3)]))
    assert (record(doc, "Max").rerolls, record(doc, "Max").died_in) == (0, 3)
    fresh = record(career_edit.add_driver(doc, AXLES, "Alex Again", "Alex"), "Alex Again")
    assert (fresh.rerolls, fresh.games, fresh.alive) == (0, 0, True)


def test_a_driver_dies_on_four_to_six() -> None:
    assert death_faces(AXLES) == [4, 5, 6]


# --- death and replacement -------------------------------------------------------------------------
def test_a_driver_can_die_without_the_vehicle_destroyed() -> None:
    """The Driver component lost at a threshold, radiation or a Deathshead; a dead driver finishes no race."""
    assert GameEntry(driver="Max", died=True).died
    assert GameEntry(driver="Max", destroyed=True, died=True).died
    with pytest.raises(ValidationError, match="a driver who died cannot finish the race"):
        GameEntry(driver="Max", died=True, finished=True)


def test_a_winner_finished_and_a_destroyed_car_did_not() -> None:
    with pytest.raises(ValidationError, match="a winner must have finished"):
        GameEntry(driver="Max", won=True)
    with pytest.raises(ValidationError, match="a destroyed vehicle cannot finish the race"):
        GameEntry(driver="Max", destroyed=True, finished=True)


DEAD_MAX = played(wasteland(), ("deathmatch", [GameEntry(driver="Max", destroyed=True, died=True),
                                                GameEntry(driver="Furiosa", kills=1)]))


def test_a_dead_driver_cannot_enter_a_later_game() -> None:
    assert (record(DEAD_MAX, "Max").alive, record(DEAD_MAX, "Max").died_in) == (False, 1)
    before = copy.deepcopy(DEAD_MAX)
    with pytest.raises(CampaignError) as caught:
        played(DEAD_MAX, ("race", [GameEntry(driver="Max", finished=True)]))
    assert str(caught.value) == "game 2: Max died in game 1"
    assert before == DEAD_MAX


def test_a_new_driver_for_the_same_player() -> None:
    doc = career_edit.add_driver(DEAD_MAX, AXLES, "Max Junior", "Alex")
    doc = played(doc, ("race", [GameEntry(driver="Max Junior", finished=True, won=True),
                                GameEntry(driver="Furiosa", finished=True, rerolls_used=2)]))
    junior = record(doc, "Max Junior")
    assert (junior.player, junior.alive, junior.earned, junior.games) == ("Alex", True, 2, 1)
    assert record(doc, "Max").games == 1  # the old career stays on the record
    furiosa = record(doc, "Furiosa")  # survived + destroyed in game 1, finished in game 2, used 2
    assert (furiosa.earned, furiosa.used, furiosa.rerolls) == (3, 2, 1)


def test_a_driver_that_survives_the_roll_keeps_racing() -> None:
    doc = played(wasteland(), ("deathmatch", [GameEntry(driver="Max", destroyed=True)]),
                 ("race", [GameEntry(driver="Max", finished=True)]))
    assert (record(doc, "Max").alive, record(doc, "Max").earned) == (True, 1)


# --- spending rerolls ------------------------------------------------------------------------------
def test_rerolls_used_cannot_exceed_the_balance() -> None:
    doc = played(wasteland(), ("deathmatch", [GameEntry(driver="Max")]))  # Max has 1
    with pytest.raises(CampaignError) as caught:
        played(doc, ("race", [GameEntry(driver="Max", rerolls_used=2)]))
    assert str(caught.value) == "game 2, Max: Max has 1 rerolls, not 2"
    spent = played(doc, ("race", [GameEntry(driver="Max", rerolls_used=1)]))
    assert (record(spent, "Max").used, record(spent, "Max").rerolls) == (1, 0)


def test_rerolls_earned_in_a_game_cannot_be_used_in_it() -> None:
    with pytest.raises(CampaignError, match="game 1, Max: Max has 0 rerolls, not 1"):
        played(wasteland(), ("deathmatch", [GameEntry(driver="Max", kills=1, rerolls_used=1)]))


def test_changing_an_entry_replays_the_later_games() -> None:
    doc = played(wasteland(), ("deathmatch", [GameEntry(driver="Max", kills=1)]),
                 ("race", [GameEntry(driver="Max", rerolls_used=2)]))
    with pytest.raises(CampaignError, match="game 2, Max: Max has 1 rerolls, not 2"):
        career_edit.set_game_entry(doc, AXLES, 1, GameEntry(driver="max", kills=0))
    changed = career_edit.set_game_entry(doc, AXLES, 1, GameEntry(driver="max", kills=2))
    assert changed.games[0].entries == [GameEntry(driver="max", kills=2)]
    assert record(changed, "Max").rerolls == 0  # 2 earned, 2 used
    with pytest.raises(CampaignError, match="game 2: Max died in game 1"):
        career_edit.set_game_entry(doc, AXLES, 1, GameEntry(driver="Max", destroyed=True, died=True))


def test_withdrawing_a_driver_from_a_game_replays_the_rest() -> None:
    doc = played(wasteland(), ("deathmatch", [GameEntry(driver="Max", kills=1), GameEntry(driver="Furiosa")]))
    assert record(doc, "Max").earned == 2
    withdrawn = career_edit.remove_game_entry(doc, AXLES, 1, "max")
    assert [e.driver for e in withdrawn.games[0].entries] == ["Furiosa"]
    assert record(withdrawn, "Max").earned == 0 and record(withdrawn, "Max").games == 0
    with pytest.raises(CampaignError, match=r"^game 1: Max did not take part$"):
        career_edit.remove_game_entry(withdrawn, AXLES, 1, "Max")
    with pytest.raises(CampaignError, match=r"^games: there is no game 2$"):
        career_edit.remove_game_entry(doc, AXLES, 2, "Max")


# --- refusals --------------------------------------------------------------------------------------
CAREER_REFUSALS = [
    ("two race winners", lambda d: played(d, ("race", [GameEntry(driver="Max", finished=True, won=True),
                                                       GameEntry(driver="Furiosa", finished=True, won=True)])),
     "game 1, Furiosa: a race has one winner"),
    ("finish line in a deathmatch", lambda d: played(d, ("deathmatch", [GameEntry(driver="Max", finished=True)])),
     "game 1, Max: a deathmatch has no finish line; record survival and kills"),
    ("unknown driver", lambda d: played(d, ("race", [GameEntry(driver="Nobody")])),
     "game 1: 'Nobody' is not a driver in this campaign"),
    ("a driver twice in a game", lambda d: played(d, ("race", [GameEntry(driver="Max"), GameEntry(driver="MAX")])),
     "game 1: Max has two entries"),
    ("driver for a stranger", lambda d: career_edit.add_driver(d, AXLES, "Toecutter", "Zed"),
     "drivers: 'Zed' is not a player in this campaign (players: Alex, Billie)"),
    ("same driver name", lambda d: career_edit.add_driver(d, AXLES, " max ", "Billie"),
     "drivers: there is already a driver called max"),
    ("unknown scenario", lambda d: career_edit.add_game(d, AXLES, "banger race"),
     "games: unknown scenario 'banger race' (use deathmatch or race)"),
    ("no such game", lambda d: career_edit.set_game_entry(d, AXLES, 1, GameEntry(driver="Max")),
     "games: there is no game 1"),
    ("remove a player with a driver", lambda d: edit.remove_player(d, AXLES, "Alex"),
     "players: Alex already has results; remove those first"),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CAREER_REFUSALS], ids=[c[0] for c in CAREER_REFUSALS])
def test_refused_career_edit(change, message: str) -> None:
    doc = wasteland()
    before = copy.deepcopy(doc)
    with pytest.raises(CampaignError) as caught:
        change(doc)
    assert str(caught.value) == message
    assert doc == before


def test_careers_need_a_ruleset_with_them() -> None:
    doc = CampaignDocument(name="x", mode="career", players=[Player(name="Alex", character="mario")],
                           drivers=[Driver(name="Max", player="Alex")])
    with pytest.raises(CampaignError) as caught:
        careers(doc, GASLANDS)
    assert str(caught.value) == "ruleset: Mario Kart Gaslands has no driver careers"
    with pytest.raises(CampaignError, match="drivers: a grand_prix campaign has no drivers"):
        career_edit.add_driver(edit.new_campaign("Cup", GASLANDS, "grand_prix"), GASLANDS, "Max", "Alex")
