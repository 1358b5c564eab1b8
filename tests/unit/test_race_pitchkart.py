"""Race day, Super Mario PitchKart: seeded races through the shared engine — coins by grid slot and the spare
coins, the item deck (one item held, used cards shuffled back), hits and spins with the rule data's penalties,
off the track and the void, Lightning and Star rounds, flooded engines and overheating, undo and replay, and the
result filed into a race series as a hand-entered one."""

from __future__ import annotations

import copy

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.race.campaign import file_race
from designer.race.document import Entrant
from designer.race.engine import Race, RaceError, parse_action, replay
from designer.race.race_io import new_race
from designer.rules import load_ruleset

RULES = load_ruleset("pitchkart")
PLAYERS = (("Ann", "mario"), ("Ben", "toad"), ("Cid", "bowser"))


def race(seed: int = 3, players=PLAYERS) -> Race:
    return new_race("pitchkart", [Entrant(name=n, character=c) for n, c in players], seed=seed)


def do(r: Race, words: str) -> list[str]:
    return r.act(parse_action(r.rules, words.split()))


def kart(r: Race, name: str):
    return r.state.kart(name)


def give(r: Race, name: str, card: str) -> None:
    r.state.deck.pile.remove(card)
    r.state.deck.pile.append(card)  # on top
    do(r, f"box {name}")
    assert kart(r, name).item == card


def test_coins_by_grid_slot_and_the_spare_coins_on_the_track():
    r = race()
    assert [k.coins for k in r.state.karts] == [5, 5, 4]
    assert r.log[3].text == "14 spare coins go on the track, in up to 2 sections, 30–40 mm apart."
    eight = race(players=[(f"P{i}", None) for i in range(8)])
    assert [k.coins for k in eight.state.karts] == [5, 5, 4, 4, 3, 3, 2, 2]
    assert not any("spare" in line.text for line in eight.log)
    with pytest.raises(Exception, match="8 slots"):
        race(players=[(f"P{i}", None) for i in range(9)])


def test_one_item_at_a_time_and_a_used_card_goes_back_into_the_deck():
    r = race()
    assert len(r.state.deck) == RULES.card_count() == 8
    do(r, "box Ann")
    held = kart(r, "Ann").item
    assert do(r, "box Ann")[0].endswith("draws nothing.") and len(r.state.deck) == 7
    do(r, "use Ann")
    assert kart(r, "Ann").item is None and len(r.state.deck) == 8 and held in r.state.deck.pile
    with pytest.raises(RaceError, match="holds no item"):
        do(r, "use Ann")


def test_the_coin_card_gives_its_coins():
    r = race()
    give(r, "Cid", "coin")
    do(r, "use Cid")
    assert kart(r, "Cid").coins == 4 + 2


def test_hits_and_spins_cost_the_penalties_of_the_rule_data():
    r = race()
    do(r, "hit Ann")
    assert kart(r, "Ann").coins == 5 - 1 and not kart(r, "Ann").stalled
    do(r, "hit Ann mushroom")
    assert kart(r, "Ann").coins == 4 - 2 and kart(r, "Ann").accelerate
    do(r, "spin Ben")
    assert kart(r, "Ben").coins == 5 - 2 and kart(r, "Ben").stalled
    assert do(r, "turn Ben") == ["Ben spun: no movement this turn."]
    assert do(r, "turn Ben")[0] == "Ben's turn: at most 2 sections a flick on a straight."  # Toad's top speed
    do(r, "spin Cid green-shell")
    assert kart(r, "Cid").coins == 0  # 4 coins, all lost to the green shell
    lines = do(r, "hit Cid")  # no coins left: a hit spins the kart
    assert lines[0] == "Cid is hit with no coins left." and kart(r, "Cid").spins == 2 and kart(r, "Cid").coins == 0


def test_off_the_track_and_the_void_variant():
    r = race()
    do(r, "off Ann")
    assert kart(r, "Ann").coins == 5
    lines = do(r, "turn Ann")
    assert lines[1] == "Ann comes back in the middle of the section it left."
    assert lines[-1] == "First flick: at most 2 sections (acceleration)."
    do(r, "void Ben")
    assert kart(r, "Ben").coins == 5 - 2 and kart(r, "Ben").turns_lost == 1
    assert do(r, "turn Ben") == ["Ben misses this turn."]
    assert do(r, "turn Ben")[1] == "Ben comes back in the middle of the section it left."


def test_a_star_lasts_four_turns_and_makes_its_kart_spin_proof():
    r = race()
    give(r, "Ann", "star")
    do(r, "use Ann")
    for left in (3, 2, 1, 0):
        lines = do(r, "turn Ann")
        assert lines[0] == "Ann's turn: at most 4 sections a flick on a straight."  # 3 + 1 with the Star
        assert f"({left} turn" in lines[1]
        assert do(r, "spin Ann")[0] == "Ann has a Star and does not spin."
    assert do(r, "turn Ann")[0] == "Ann's turn: at most 3 sections a flick on a straight."
    do(r, "spin Ann")
    assert kart(r, "Ann").coins == 3


def test_a_star_kart_that_hits_spins_its_victim():
    r = race()
    do(r, "hit Ben star")
    assert kart(r, "Ben").coins == 5 - 2 and kart(r, "Ben").stalled


def test_lightning_holds_every_rival_to_one_section_for_four_rounds():
    r = race()
    give(r, "Cid", "lightning")
    do(r, "use Cid")
    for _round in range(4):
        assert do(r, "turn Ann")[0] == "Ann's turn: at most 1 section a flick on a straight."
        assert do(r, "turn Cid")[0] == "Cid's turn: at most 4 sections a flick on a straight."  # its user
        do(r, "next")
    assert r.log[-1].text == "Lightning is over."
    assert do(r, "turn Ann")[0] == "Ann's turn: at most 3 sections a flick on a straight."
    do(r, "hit Ben lightning")
    assert kart(r, "Ben").coins == 5 and kart(r, "Ben").turns_lost == 1  # flattened: no coins, a turn


def test_a_flooded_engine_or_an_overheat_loses_the_next_turn_except_for_those_who_stop():
    r = race()
    do(r, "flood Ann")
    assert kart(r, "Ann").turns_lost == 1
    do(r, "overheat Cid")
    assert kart(r, "Cid").turns_lost == 1
    assert do(r, "overheat Ben")[0].startswith("Ben never overheats") and kart(r, "Ben").turns_lost == 0


def test_undo_and_replay_give_the_same_race():
    r = race(8)
    for words in ("turn Ann", "box Ann", "box Ben", "hit Cid", "next"):
        do(r, words)
    before = copy.deepcopy(r.state)
    first = do(r, "box Cid")
    r.undo()
    assert r.state == before
    assert do(r, "box Cid") == first
    assert replay(r.file, r.rules, r.ruleset).state == r.state


def test_the_result_files_into_a_race_series_as_a_hand_entered_one():
    ctx = Context(RULES)
    doc = edit.new_campaign("Series", ctx, "race_series", list(PLAYERS))
    r = race()
    r.file = r.file.model_copy(update={"setup": {"laps": 1}})
    r = replay(r.file, r.rules, r.ruleset)
    do(r, "coin Ben 3")
    do(r, "spin Cid")
    do(r, "lap Ben")
    do(r, "lap Cid")
    do(r, "lap Ann")
    with pytest.raises(RaceError, match="out of the race"):
        do(r, "coin Ben")
    filed = file_race(doc, ctx, 1, r)
    by_hand = doc
    for player, place, coins in (("Ben", 1, 8), ("Cid", 2, 2), ("Ann", 3, 5)):
        by_hand = edit.set_result(by_hand, ctx, 1, player, place, None, coins)
    assert filed == by_hand
