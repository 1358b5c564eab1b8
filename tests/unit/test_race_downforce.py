"""Race day, Mario Kart for Downforce: seeded races through the shared engine — six cars whatever the players,
Lightning by position, the coin faces of the red die, ? blocks taken once a line and re-placed, tokens held on
the driver card, the start boost, undo and replay, and the result filed into a season as six cars."""

from __future__ import annotations

import copy
import re

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.race.campaign import file_race
from designer.race.document import Entrant
from designer.race.engine import Race, RaceError, parse_action, replay
from designer.race.race_io import new_race
from designer.rules import load_ruleset
from designer.systems.mk_downforce.race import coins_for, lightning_moves
from designer.systems.mk_downforce.rule_data import downforce_rules
from designer.systems.mk_downforce.season import season_standings
from designer.systems.mk_downforce.season_edit import set_car

RULES = load_ruleset("mk-downforce")
ORDER = "yellow,red,green,orange,black,blue"


def race(seed: int = 5, ruleset=None) -> Race:
    started = new_race("mk-downforce", [Entrant(name="Ann", character="mario"), Entrant(name="Ben", character="toad")],
                       seed=seed)
    if ruleset is not None:
        started = replay(started.file, started.rules, ruleset)
    return started


def do(r: Race, words: str) -> list[str]:
    return r.act(parse_action(r.rules, words.split()))


def car(r: Race, colour: str):
    return r.state.by_colour(colour)


def test_six_cars_race_whatever_the_players_and_drivers_own_their_colour():
    r = race()
    assert [c.colour for c in r.state.cars] == ["red", "green", "orange", "black", "blue", "yellow"]
    assert {c.colour: c.owner for c in r.state.cars if c.owner} == {"red": "Ann", "blue": "Ben"}
    assert r.state.taken == [0, 0, 0]  # the rule data's three betting lines
    assert [k for k, _label in r.karts()] == ["red", "green", "orange", "black", "blue", "yellow"]


def test_lightning_moves_each_car_by_its_position_on_the_table():
    order = ORDER.split(",")
    assert lightning_moves(RULES, order) == [("red", 2, 1), ("green", 3, 2), ("orange", 4, 3), ("black", 5, 4),
                                             ("blue", 6, 5)]
    # a finished car counts no more: the next car leads and stays put
    assert lightning_moves(RULES, order[1:])[:2] == [("green", 2, 1), ("orange", 3, 2)]
    for seed in range(200):
        r = race(seed)
        do(r, f"order {ORDER}")
        do(r, "block green 1")
        lines = do(r, "items")
        if "Lightning" in lines[0]:
            break
    else:
        pytest.fail("no seed rolled Lightning")
    assert lines[1:6] == ["The red car (Ann), in place 2, moves 1 space ahead.",
                          "The green car, in place 3, moves 2 spaces ahead.",
                          "The orange car, in place 4, moves 3 spaces ahead.",
                          "The black car, in place 5, moves 4 spaces ahead.",
                          "The blue car (Ben), in place 6, moves 5 spaces ahead."]


def test_the_coins_face_rolls_the_red_die_on_the_coin_table():
    assert [coins_for(RULES, face) for face in range(1, 7)] == [1, 1, 1, 2, 2, 3]
    seen = set()
    for seed in range(300):
        r = race(seed)
        do(r, "block black 2")
        lines = do(r, "items")
        if "Coins" in lines[0]:
            face = int(re.match(r"Red die (\d)", lines[1]).group(1))
            assert car(r, "black").coins == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}[face]
            seen.add(face)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_a_block_is_taken_once_a_line_and_every_block_goes_back_after_the_roll():
    r = race()
    do(r, "block red 1")
    with pytest.raises(RaceError, match="took a \\? block at line 1 already"):
        do(r, "block red 1")
    do(r, "block red 2")  # another line is another block
    with pytest.raises(RaceError, match="betting line 4 is not one of 1…3"):
        do(r, "block red 4")
    assert r.state.taken == [1, 1, 0] and car(r, "red").blocks == 2
    lines = do(r, "items")
    assert sum("rolls the item die" in line for line in lines) == 2
    assert lines[-1] == "Every ? block goes back on the track."
    assert r.state.taken == [0, 0, 0] and car(r, "red").blocks == 0
    do(r, "block red 1")  # re-placed: there to take again
    with pytest.raises(RaceError, match="no car holds"):
        do(race(), "items")
    # a line has one block per lane space: with two lanes, the third car finds none
    kit = downforce_rules(RULES).kit.model_copy(update={"lanes": 2})
    narrow = RULES.model_copy(update={"downforce": downforce_rules(RULES).model_copy(update={"kit": kit})})
    n = race(ruleset=narrow)
    do(n, "block red 3")
    do(n, "block blue 3")
    with pytest.raises(RaceError, match="no \\? block is left at line 3"):
        do(n, "block green 3")


def test_the_first_car_over_a_line_calls_the_bets_once():
    r = race()
    assert do(r, "block red 1")[1] == "Betting line 1 is crossed for the first time: everyone bets now."
    assert len(do(r, "block blue 1")) == 1


def test_tokens_wait_on_the_driver_card_until_used():
    for seed in range(200):
        r = race(seed)
        do(r, f"order {ORDER}")
        do(r, "block blue 1")
        lines = do(r, "items")
        if "Green Shell" in lines[0]:
            break
    assert car(r, "blue").tokens == {"Green Shell": 1}
    with pytest.raises(RaceError, match="holds no 'Banana'"):
        do(r, "use blue Banana")
    lines = do(r, "use blue green shell")
    assert "trades places with the black car" in lines[1]
    assert r.state.order == ["yellow", "red", "green", "orange", "blue", "black"]
    assert car(r, "blue").tokens == {"Green Shell": 0}
    with pytest.raises(RaceError):
        do(r, "use blue Green Shell")


def test_the_start_boost_moves_only_the_boost_faces_and_is_rolled_once():
    r = race(9)
    do(r, f"order {ORDER}")
    lines = do(r, "boost")
    assert len(lines) == 7 and lines[0].startswith("Start boost: the yellow car")
    for line in lines[:6]:
        face = int(re.search(r"rolls (\d)", line).group(1))
        assert ("moves 2 spaces ahead" in line) == (face in (1, 2))
    with pytest.raises(RaceError, match="rolled already"):
        do(r, "boost")


def test_undo_gives_back_the_state_and_the_rolls_to_come():
    r = race(21)
    for words in (f"order {ORDER}", "boost", "block red 1", "block blue 1"):
        do(r, words)
    before = copy.deepcopy(r.state)
    first = do(r, "items")
    r.undo()
    assert r.state == before
    assert do(r, "items") == first  # the same dice again
    assert replay(r.file, r.rules, r.ruleset).state == r.state


def test_the_result_files_into_a_season_as_the_six_cars_entered_by_hand():
    ctx = Context(RULES)
    doc = edit.new_campaign("Season", ctx, "season", [("Ann", "mario"), ("Ben", "toad")])
    r = race(4)
    do(r, f"order {ORDER}")
    do(r, "buy green 6 Ann")
    do(r, "buy blue 3 Ben")
    r.state.cars[0].coins = 2  # the red car won two coins
    for colour in ("red", "yellow", "green"):
        do(r, f"finish {colour}")
    filed = file_race(doc, ctx, 1, r)
    by_hand = doc
    for colour, place, owner, paid, coins in (("red", 1, "Ann", 0, 2), ("yellow", 2, None, 0, 0),
                                               ("green", 3, "Ann", 6_000_000, 0), ("orange", 4, None, 0, 0),
                                               ("black", 5, None, 0, 0), ("blue", 6, "Ben", 3_000_000, 0)):
        by_hand = set_car(by_hand, ctx, 1, colour, place, owner, paid, coins)
    assert filed == by_hand
    money = {row.player: row.total for row in season_standings(filed, RULES)}
    assert money == {"Ann": 12_000_000 + 2_000_000 + 6_000_000 - 6_000_000, "Ben": 0 - 3_000_000}
    assert file_race(filed, ctx, 1, r) == filed  # filing again replaces, never doubles


def test_an_owner_and_price_typed_as_one_value_in_the_window_are_read_apart():
    r = race()
    do(r, "buy orange 7 Ann")
    assert (car(r, "orange").owner, car(r, "orange").paid) == ("Ann", 7_000_000)
    from designer.race.document import Action

    r.act(Action(do="buy", kart="orange", what="5 Ben"))
    assert (car(r, "orange").owner, car(r, "orange").paid) == ("Ben", 5_000_000)
    r.act(Action(do="buy", kart="orange", what="-"))
    assert (car(r, "orange").owner, car(r, "orange").paid) == (None, 0)
    with pytest.raises(RaceError, match="'Zed' is not a player"):
        r.act(Action(do="buy", kart="orange", what="3 Zed"))


def test_a_race_series_ranks_the_players_by_their_best_car():
    ctx = Context(RULES)
    doc = edit.new_campaign("Series", ctx, "race_series", [("Ann", "mario"), ("Ben", "toad")])
    r = race()
    do(r, "order yellow,blue,green,red,orange,black")
    do(r, "buy black 0 Ann")
    r.state.by_colour("blue").coins = 3
    filed = file_race(doc, ctx, 1, r)
    by_hand = edit.set_result(edit.set_result(doc, ctx, 1, "Ben", 1, None, 3), ctx, 1, "Ann", 2, None, 0)
    assert filed == by_hand
