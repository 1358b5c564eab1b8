"""Race day reads its numbers from the rule data: the same race run on rule data with one number changed plays
differently, by exactly that number (a hand limit, a coin cap, a double box, a Thwomp's faces, the board game's
bank, Mushroom, Lightning and banana turns, Downforce's Lightning table, the Axles thresholds and death roll,
PitchKart's penalties). A number hard-coded in a race module would leave these races unchanged."""

from __future__ import annotations

import random
from typing import Any

from designer.race.document import Entrant
from designer.race.engine import Race, Start, parse_action, replay
from designer.race.race_io import new_race
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import race as axles_race
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.mk_board import race as board
from designer.systems.mk_downforce.race import lightning_moves
from designer.systems.mk_downforce.rule_data import downforce_rules
from designer.systems.mk_gaslands.rule_data import gaslands_rules
from designer.systems.pitchkart.rule_data import pitchkart_rules


def changed(rules: Any, section: str, **update: Any) -> Any:
    """`rules` with fields of one section changed (not validated: the race must read what it is given)."""
    return rules.model_copy(update={section: getattr(rules, section).model_copy(update=update)})


def with_card(rules: Any, card_id: str, **update: Any) -> Any:
    deck = [c.model_copy(update=update) if c.id == card_id else c for c in rules.deck]
    return rules.model_copy(update={"deck": deck})


def on(r: Race, ruleset: Any) -> Race:
    """The race `r` replayed on other rule data."""
    return replay(r.file, r.rules, ruleset)


def do(r: Race, words: str) -> list[str]:
    return r.act(parse_action(r.rules, words.split()))


class Dice(random.Random):
    """Die rolls are the faces given, in order; a shuffle leaves the pile as it is."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        return self.faces.pop(0) - 1

    def shuffle(self, x: Any, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        pass


# --- Mario Kart Gaslands -----------------------------------------------------------------------------------

GASLANDS = load_ruleset("mk-gaslands")


def gaslands(ruleset: Any = GASLANDS, setup: dict[str, int] | None = None) -> Race:
    r = new_race("mk-gaslands", [Entrant(name=n) for n in ("Ann", "Ben", "Cid", "Dee")], seed=11, setup=setup)
    return on(r, ruleset)


def test_the_hand_limit_is_the_rule_data_s():
    for limit in (2, 3):
        r = gaslands(changed(GASLANDS, "deck_rules", hand_limit=limit))
        r.state.deck.pile += ["banana"] * 5  # no last-place card on top
        for _n in range(4):
            do(r, "box Ann")
        assert len(r.state.kart("Ann").items) == limit


def test_the_coin_cap_and_the_double_box_are_the_rule_data_s():
    r = gaslands(changed(GASLANDS, "coins", max_carried=7))
    assert "3 coins past the limit of 7" in do(r, "coin Ann 10")[1] and r.state.kart("Ann").coins == 7
    r = gaslands(changed(changed(GASLANDS, "gaslands", double_stack_draw=3), "deck_rules", hand_limit=5))
    r.state.deck.pile += ["banana"] * 5
    do(r, "box Ben 2")
    assert len(r.state.kart("Ben").items) == 3


def test_a_thwomp_turns_on_the_rule_data_s_faces():
    for faces in ([1, 2, 3, 4, 5, 6], [1], [6]):
        thwomp = gaslands_rules(GASLANDS).thwomp.model_copy(update={"rolls": faces})
        ruleset = changed(GASLANDS, "gaslands", thwomp=thwomp)
        r = gaslands(ruleset, setup={"thwomp": 1, "laps": 3})
        thwomp = next(line for line in do(r, "next") if line.startswith("Thwomp 1 rolls"))
        face = int(thwomp.split()[3].rstrip(":"))
        assert r.state.thwomps_up == [face in faces]
        assert ("stays" in thwomp) is (face not in faces)


# --- the board game ----------------------------------------------------------------------------------------

BOARD = load_ruleset("mk-board")
SETUP = {"spaces": 40}


def pawns(ruleset: Any) -> Any:
    race, _lines = board.start(Start(ruleset, tuple(Entrant(name=n) for n in ("Ann", "Ben", "Cid")), None, SETUP),
                               Dice(6, 5, 4))
    for index, pawn in enumerate(race.pawns):
        pawn.progress = 10 * index
    return race


def act(ruleset: Any, race: Any, words: str, *faces: int) -> list[str]:
    return board.act(ruleset, race, parse_action(board.RACE, words.split()), Dice(*faces))


def test_the_bank_and_the_coin_face_are_the_rule_data_s():
    ruleset = changed(BOARD, "board", bank_coins=1, coin_on_roll=5)
    race = pawns(ruleset)
    act(ruleset, race, "roll Ann", 5)
    act(ruleset, race, "roll Ben", 5)
    assert [p.coins for p in race.pawns] == [1, 0, 0] and race.bank == 0


def test_the_mushroom_multiplies_the_roll_by_the_card_s_number():
    for times in (2, 3):
        ruleset = with_card(BOARD, "mushroom", roll_multiplier=times)
        race = pawns(ruleset)
        race.pawns[0].item = "mushroom"
        act(ruleset, race, "use Ann")
        act(ruleset, race, "roll Ann", 5)
        assert race.pawns[0].progress == 5 * times


def test_lightning_divides_the_rivals_roll_by_the_card_s_number():
    for divisor in (2, 3):
        ruleset = with_card(BOARD, "lightning", rivals_move_divisor=divisor)
        race = pawns(ruleset)
        race.pawns[0].item = "lightning"
        act(ruleset, race, "use Ann")
        act(ruleset, race, "roll Ann", 1)
        act(ruleset, race, "roll Ben", 5)
        assert race.pawns[1].progress == 10 + 5 // divisor


def test_a_banana_and_a_blue_shell_cost_the_card_s_turns():
    for turns in (1, 2):
        ruleset = with_card(with_card(BOARD, "banana", hit_turns=turns), "blue-shell", hit_turns=turns + 1)
        race = pawns(ruleset)
        race.bananas = [3]
        act(ruleset, race, "roll Ann", 2)
        assert race.pawns[0].skip == turns
        race.pawns[1].item = "blue-shell"
        act(ruleset, race, "use Ben")
        assert race.pawns[2].skip == turns + 1


# --- Mario Kart for Downforce --------------------------------------------------------------------------------

DOWNFORCE = load_ruleset("mk-downforce")


def test_lightning_moves_each_car_by_the_rule_data_s_table():
    order = ["yellow", "red", "green", "orange", "black", "blue"]
    table = [row.model_copy(update={"spaces": row.spaces * 2}) for row in downforce_rules(DOWNFORCE).lightning_table]
    doubled = changed(DOWNFORCE, "downforce", lightning_table=table)
    assert [m[2] for m in lightning_moves(doubled, order)] == [2 * m[2] for m in lightning_moves(DOWNFORCE, order)]


# --- Axles and Alloys II -------------------------------------------------------------------------------------

AXLES = load_ruleset("axles-alloys-2")


def axles(ruleset: Any) -> Race:
    r = new_race("axles-alloys-2", [Entrant(name="Ann", character="medium"), Entrant(name="Ben", character="heavy")],
                 seed=7)
    return on(r, ruleset)


def test_the_driver_dies_on_the_rule_data_s_faces():
    for faces, dies in (([4, 5, 6], False), ([3], True)):
        ruleset = changed(AXLES, "axles", driver_dies_on=faces)
        r = axles(ruleset)
        axles_race.act(ruleset, r.state, parse_action(r.rules, ["headon", "Ann"]), Dice(3))
        assert r.state.car("Ann").dead is dies


def test_a_threshold_loses_components_on_the_rule_data_s_faces():
    thresholds = [t.model_copy(update={"component_lost_on": [1]}) if t.line == 1 else t
                  for t in axles_rules(AXLES).thresholds]
    for ruleset, lost in ((AXLES, []), (changed(AXLES, "axles", thresholds=thresholds), ["brakes"])):
        r = axles(ruleset)
        boxes = r.state.car("Ann").boxes
        # line 1: engine 2, steering 3, brakes 1, fuel 4, driver 5
        axles_race.act(ruleset, r.state, parse_action(r.rules, ["damage", "Ann", str(boxes)]), Dice(2, 3, 1, 4, 5))
        assert [p.key for p in r.state.car("Ann").parts if p.losses] == lost


# --- PitchKart -----------------------------------------------------------------------------------------------

PITCHKART = load_ruleset("pitchkart")


def test_a_spin_costs_the_rule_data_s_coins():
    penalties = pitchkart_rules(PITCHKART).penalties
    for loss in (penalties.spin_out_coin_loss, penalties.spin_out_coin_loss + 1):
        ruleset = changed(PITCHKART, "pitchkart", penalties=penalties.model_copy(update={"spin_out_coin_loss": loss}))
        r = new_race("pitchkart", [Entrant(name="Ann", character="mario"), Entrant(name="Ben", character="toad")],
                     seed=3)
        r = on(r, ruleset)
        before = r.state.kart("Ben").coins
        do(r, "spin Ben")
        assert r.state.kart("Ben").coins == before - loss


def test_a_damaged_engine_and_steering_cost_the_rule_data_s_numbers():
    for divisor, loss in ((2, 1), (4, 2)):
        ruleset = changed(AXLES, "axles", engine_damaged_max_divisor=divisor, steering_damaged_turn_loss=loss)
        r = axles(ruleset)
        ann = r.state.car("Ann")
        top, turn = ann.max, ann.turn
        # line 1 (lost on 6): engine 6 and steering 6 (both damaged), brakes, fuel and driver hold
        axles_race.act(ruleset, r.state, parse_action(r.rules, ["damage", "Ann", str(ann.boxes)]), Dice(6, 6, 1, 1, 1))
        assert axles_race._now(ruleset, ann)[0] == top // divisor
        assert axles_race._now(ruleset, ann)[2] == max(turn - loss, 0)
