"""Race day, Mario Kart Board Game: each rule pinned by dice the test chooses (a wrong rule would move a pawn,
a coin or a turn elsewhere) — the turn order rolled, the coin bank running out, a 6 earning a coin only while
the bank has any, coins spent before the roll, the shortcut needing a Feather and a roll long enough, the
Thwomp (Wummp) roll table, half the coins (rounded up) on a hit, turns to miss, laps to finish and the result;
then seeded races through the shared engine: undo and replay give the same race, the file round trip, and the
result filed into a race series as a hand-entered one would be."""

from __future__ import annotations

import copy
import math
import random
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.race.campaign import file_result
from designer.race.document import Action, Entrant
from designer.race.engine import Race, RaceError, Start, parse_action, replay
from designer.race.race_io import load_race, new_race, save_race
from designer.rules import load_ruleset
from designer.systems.mk_board import race as board
from designer.systems.mk_board.rule_data import board_rules

RULES = load_ruleset("mk-board")
BOARD = board_rules(RULES)
NAMES = ("Ann", "Ben", "Cid")
#: A small board: 20 spaces, a ? on 3, a booster on 4, a mushroom space on 6, a Thwomp on 8, a shortcut 5 → 12.
SETUP = {"spaces": 20, "field_3": 1, "field_4": 2, "field_6": 3, "field_8": 4, "shortcut_5": 12}


class Dice(random.Random):
    """A generator whose die rolls are the faces given, in order (a shuffle leaves the deck as it is)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        return self.faces.pop(0) - 1

    def shuffle(self, x, *args, **kwargs) -> None:  # type: ignore[override]
        pass


def state(*names: str, setup: dict[str, int] | None = None, order: tuple[int, ...] | None = None):
    """A race at the green light with the turn order as `names` (rolled 6, 5, 4 …)."""
    names = names or NAMES
    faces = order or tuple(range(6, 6 - len(names), -1))
    race, _lines = board.start(Start(RULES, tuple(Entrant(name=n) for n in names), None, dict(setup or SETUP)),
                               Dice(*faces))
    return race


def act(race, words: str, *faces: int) -> list[str]:
    return board.act(RULES, race, parse_action(board.RACE, words.split()), Dice(*faces))


def test_the_rule_data_numbers_the_race_reads():
    assert (BOARD.bank_coins, BOARD.banana_chips, BOARD.laps, BOARD.coin_on_roll, RULES.card_count()) == (
        20, 5, 3, 6, 35)
    assert [(c.coins, c.extra_spaces) for c in BOARD.coin_spending] == [(1, 1), (3, 4), (5, 7), (10, 15)]


def test_the_turn_order_is_rolled_and_ties_roll_again():
    race, lines = board.start(Start(RULES, tuple(Entrant(name=n) for n in NAMES), None, SETUP), Dice(2, 5, 5, 2, 3))
    assert [p.name for p in race.pawns] == ["Cid", "Ben", "Ann"] and race.current.name == "Cid"
    assert lines[:3] == ["Rolled for the turn order: Ann 2, Ben 5, Cid 5.", "Rolled for the turn order: Ben 2, Cid 3.",
                         "Turn order: Cid, Ben, Ann."]
    assert race.bank == BOARD.bank_coins and len(race.deck) == 35


def test_places_five_to_seven_start_with_a_coin_from_the_bank():
    race = state("A", "B", "C", "D", "E", "F")
    assert [p.coins for p in race.pawns] == [0, 0, 0, 0, 1, 1]
    assert race.bank == BOARD.bank_coins - 2


def plain():
    """Three pawns 10 spaces apart on a plain board of 40 spaces: no field, no shared space."""
    race = state(setup={"spaces": 40})
    for index, pawn in enumerate(race.pawns):
        pawn.progress = 10 * index
    return race


def test_a_six_earns_a_coin_only_while_the_bank_has_any():
    race = plain()
    act(race, "roll Ann", 5)
    assert race.pawns[0].coins == 0 and race.bank == 20  # a 5 earns nothing
    race.bank = 1
    lines = act(race, "roll Ben", 6)
    assert race.pawns[1].coins == 1 and race.bank == 0
    assert "takes a coin from the bank (0 left in the bank)" in lines[1]
    lines = act(race, "roll Cid", 6)
    assert race.pawns[2].coins == 0 and race.bank == 0
    assert lines[1] == "The bank is empty: no coin for the 6."


def test_the_bank_runs_out_and_fills_again_with_coins_paid_in():
    race = plain()
    race.bank = 2
    for name in ("Ann", "Ben", "Cid"):  # three sixes, two coins: the third roller gets none
        act(race, f"roll {name}", 6)
    assert [p.coins for p in race.pawns] == [1, 1, 0] and race.bank == 0
    act(race, "spend Ann 1")
    assert race.bank == 1 and race.pawns[0].coins == 0  # spent coins go back to the bank
    act(race, "roll Ann", 1)
    act(race, "roll Ben", 6)
    assert race.pawns[1].coins == 2 and race.bank == 0


def test_coins_are_spent_on_the_table_s_rows_before_the_roll():
    race = state()
    race.pawns[0].coins = 4
    with pytest.raises(RaceError, match="coins are spent 1 or 3 or 5 or 10 at a time, not 2"):
        act(race, "spend Ann 2")
    with pytest.raises(RaceError, match="Ann has 4 coins, not 5"):
        act(race, "spend Ann 5")
    with pytest.raises(RaceError, match="it is Ann's turn, not Ben's"):
        act(race, "spend Ben 1")
    act(race, "spend Ann 3")
    assert race.pawns[0].coins == 1 and race.bank == 23
    act(race, "roll Ann", 2)
    assert race.space(race.pawns[0]) == 1 + 2 + 4  # the roll and the 4 spaces three coins buy
    assert race.current.name == "Ben"
    with pytest.raises(RaceError, match="it is Ben's turn, not Ann's"):  # after the roll: no spending
        act(race, "spend Ann 1")
    race.pawns[1].item = "feather"
    race.pawns[1].coins = 1
    act(race, "roll Ben", 5)  # reaches the shortcut: waits for the choice
    with pytest.raises(RaceError, match="Ben has rolled"):
        act(race, "spend Ben 1")
    assert race.pawns[1].coins == 1


def test_the_shortcut_needs_the_feather_and_a_roll_that_crosses_it():
    race = state()
    act(race, "roll Ann", 6)  # no Feather: along the track past space 5
    assert race.space(race.pawns[0]) == 7 and race.pending is None
    ben = race.pawns[1]
    ben.item = "feather"
    act(race, "roll Ben", 4)  # reaches space 5 but cannot cross: 4 pips to it, 1 to cross
    assert race.space(ben) == 5 and ben.item == "feather" and race.pending is None
    cid = race.pawns[2]
    cid.item = "feather"
    lines = act(race, "roll Cid", 6)
    assert race.pending == 6 and lines[-1].startswith("Cid may take a shortcut")
    with pytest.raises(RaceError, match="Cid has rolled"):
        act(race, "use Cid")
    act(race, "shortcut Cid")
    assert race.space(cid) == 13 and cid.progress == 12  # 4 pips to 5, 1 to cross to 12, 1 more
    assert cid.item is None and race.deck.pile[0] == "feather"  # handed in, under the pile
    race.turn = 2
    with pytest.raises(RaceError, match="Cid holds no Feather"):
        act(race, "shortcut Cid")


def test_a_shortcut_may_be_passed_by():
    race = state()
    ann = race.pawns[0]
    ann.item = "feather"
    act(race, "roll Ann", 5)
    with pytest.raises(RaceError, match="it is Ann's turn, not Ben's"):
        act(race, "move Ben")
    act(race, "move Ann")
    assert race.space(ann) == 6 and ann.item == "feather" and race.current.name == "Ben"
    with pytest.raises(RaceError, match="Ben has not rolled yet"):
        race.pawns[1].item = "feather"
        act(race, "shortcut Ben")


@pytest.mark.parametrize(("face", "turns"), [(1, 2), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)])
def test_a_thwomp_space_rolls_on_its_table(face, turns):
    race = state()
    race.pawns[0].progress = 3  # space 4 is a booster: a 4 from space 4 stops on the Thwomp (space 8)
    lines = act(race, "roll Ann", 4, face)
    assert race.space(race.pawns[0]) == 8 and race.pawns[0].skip == turns
    table = next(s for s in BOARD.spaces if s.kind == "thwomp").roll_table
    assert next(o.skip_turns for o in table if face in o.rolls) == turns
    assert lines[2].startswith(f"Thwomp space: Ann rolls {face}: ")


def test_turns_to_miss_are_missed_in_the_turn_order():
    race = plain()
    race.pawns[0].skip = 2
    race.turn = 2
    order = []
    for _n in range(5):
        pawn = race.current
        order.append(pawn.name)
        act(race, f"roll {pawn.name}", 1)
    assert order == ["Cid", "Ben", "Cid", "Ben", "Cid"] and race.pawns[0].skip == 0
    assert race.current.name == "Ann"


@pytest.mark.parametrize("coins", [0, 1, 5, 6, 9])
def test_a_banana_costs_a_turn_and_half_the_coins_rounded_up(coins):
    race = state()
    race.bananas = [3]
    ann = race.pawns[0]
    ann.coins = coins
    lines = act(race, "roll Ann", 2)  # lands on the banana on space 3 (a ? space: draws too)
    lost = math.ceil(coins / 2)
    assert ann.coins == coins - lost and race.bank == 20 + lost and ann.skip == 1 and race.bananas == []
    assert f"Ann loses {lost} coin" in " ".join(lines)


def test_shells_reach_from_the_rule_data_and_hit_for_half_the_coins():
    race = state()
    ann, ben, cid = race.pawns
    ben.progress, cid.progress, cid.coins = 10, 5, 7  # Ben 10 spaces ahead of Ann, Cid 5 ahead
    ann.item = "green-shell"
    with pytest.raises(RaceError, match="1 to 4 spaces ahead; Cid is 5"):
        act(race, "use Ann Cid")
    ann.item = "red-shell"
    act(race, "use Ann Cid")
    assert cid.progress == 0 and cid.coins == 3 and race.bank == 24 and cid.skip == 0  # behind Ann: space 1
    assert ann.item is None and race.deck.pile[0] == "red-shell"
    ann.item, ben.coins = "blue-shell", 3
    act(race, "use Ann")
    assert ben.skip == 1 and ben.coins == 1 and ben.progress == 10


def test_bananas_on_the_board_are_the_data_s_five_chips():
    race = state()
    ann = race.pawns[0]
    for space in range(10, 16):
        ann.item = "banana"
        act(race, f"use Ann {space}")
    assert race.bananas == [11, 12, 13, 14, 15] and len(race.bananas) == BOARD.banana_chips
    ann.item = "banana"
    with pytest.raises(RaceError, match="space 12 has a banana already"):
        act(race, "use Ann 12")


def test_a_question_space_draws_one_item_and_a_blank_goes_back_under_the_pile():
    race = state()
    race.deck.pile[-2:] = ["mushroom", "blank"]
    act(race, "roll Ann", 2)
    assert race.pawns[0].item is None and race.deck.pile[0] == "blank"
    race.turn = 0
    race.pawns[0].progress = 0
    act(race, "roll Ann", 2)
    assert race.pawns[0].item == "mushroom"
    race.turn, race.pawns[0].progress = 0, 0
    lines = act(race, "roll Ann", 2)
    assert race.pawns[0].item == "mushroom" and "draws nothing" in lines[-2]


def test_a_booster_keeps_the_turn_and_a_mushroom_space_halves_the_next_roll():
    race = state()
    act(race, "roll Ann", 3)
    assert race.space(race.pawns[0]) == 4 and race.current.name == "Ann"
    act(race, "roll Ann", 2)
    assert race.space(race.pawns[0]) == 6 and race.pawns[0].divisor == BOARD.spaces[2].move_divisor == 2
    race.turn = 0
    act(race, "roll Ann", 5, 6)
    assert race.space(race.pawns[0]) == 8  # 5 // 2 = 2 spaces (and a Thwomp roll of 6: nothing)


def test_a_mushroom_card_doubles_the_roll():
    race = state()
    race.pawns[0].item = "mushroom"
    act(race, "use Ann")
    act(race, "roll Ann", 5)
    assert race.space(race.pawns[0]) == 11


def test_three_laps_finish_and_the_result_is_the_order_over_the_line():
    race = state()
    ann, ben, cid = race.pawns
    ann.progress, ben.progress, cid.progress = 54, 58, 30
    act(race, "roll Ann", 5)
    assert ann.place is None and race.lap(ann) == 3 and race.space(ann) == 20  # one space short
    act(race, "roll Ben", 2)
    assert ben.place == 1
    act(race, "roll Cid", 1)
    act(race, "roll Ann", 1)
    assert ann.place == 2 and race.current.name == "Cid"
    assert [(p.player, p.place) for p in board.result(RULES, race)] == [("Ben", 1), ("Ann", 2), ("Cid", 3)]
    assert board.current(RULES, race) == "Cid"
    cid.progress = 59
    act(race, "roll Cid", 3)
    assert race.over and board.current(RULES, race) is None
    with pytest.raises(RaceError, match="Cid has finished"):
        act(race, "roll Cid", 3)


def test_sharing_a_space_costs_a_coin_or_a_turn():
    race = state()
    race.pawns[1].progress, race.pawns[1].coins = 9, 2  # Ben on space 10
    race.pawns[0].progress = 5
    act(race, "roll Ann", 4)
    assert race.space(race.pawns[0]) == 10
    assert race.pawns[1].coins == 1 and race.pawns[0].skip == BOARD.collision.skip_turns_if_broke


# --- through the shared engine: seeded, replayed, undone, saved, filed -------------------------------------

def seeded(seed: int = 7, names: tuple[str, ...] = NAMES) -> Race:
    return new_race("mk-board", [Entrant(name=n) for n in names], seed=seed,
                    track_document=load_track(TEMPLATES_DIR / "board-coin-cove-loop.track.json"))


def play(r: Race, turns: int) -> None:
    for _n in range(turns):
        name = r.current()
        if name is None:
            return
        r.act(Action(do="move" if r.state.pending is not None else "roll", kart=name))


def test_the_board_s_spaces_fields_and_shortcuts_are_read_from_the_track():
    setup = board.from_track(load_track(TEMPLATES_DIR / "board-coin-cove-loop.track.json"))
    assert setup["spaces"] == 63 and setup["shortcut_7"] == 26 and setup["shortcut_39"] == 58
    fields = [board.FIELD_CODES[v - 1] for k, v in setup.items() if k.startswith("field_")]
    assert (fields.count("item"), fields.count("booster"), fields.count("thwomp"), fields.count("mushroom")) == (
        8, 4, 3, 3)


def test_a_board_with_more_special_spaces_than_a_race_file_holds_says_so():
    from types import SimpleNamespace

    from designer.race.document import RaceFile

    spaces = [SimpleNamespace(kind="space", id=f"s{n}", number=n, field="item") for n in range(1, 81)]
    setup = board.from_track(SimpleNamespace(elements=spaces))
    assert len(setup) == board.SETUP_KEYS and setup["fields_left_out"] == 80 - 62
    RaceFile(ruleset="mk-board", seed=1, players=[Entrant(name="Ann")], setup=setup)  # a race file holds it
    _race, lines = board.start(Start(RULES, (Entrant(name="Ann"), Entrant(name="Ben")), None, setup), Dice(6, 5))
    assert lines[0] == "18 special spaces of this board did not fit the race file: the table plays them."


def test_undo_gives_back_exactly_the_race_before_the_action_and_replay_the_same_race():
    r = seeded()
    play(r, 20)
    for _n in range(6):
        before = (copy.deepcopy(r.state), r.rng.getstate(), list(r.log), r.file)
        name = r.current()
        r.act(Action(do="move" if r.state.pending is not None else "roll", kart=name))
        assert r.state != before[0]
        r.undo()
        assert (r.state, r.rng.getstate(), r.log, r.file) == before
        play(r, 1)
    again = replay(r.file, r.rules, r.ruleset)
    assert again.state == r.state and again.log == r.log
    assert seeded(8).state.pawns != r.state.pawns or seeded(8).state.deck != seeded().state.deck


def test_a_refused_action_leaves_the_race_as_it_was_and_the_file_round_trips(tmp_path: Path):
    r = seeded()
    play(r, 12)
    before = (copy.deepcopy(r.state), r.rng.getstate(), len(r.file.actions))
    waiting = next(p.name for p in r.state.pawns if p.name != r.current())
    with pytest.raises(RaceError, match="turn, not"):
        r.act(Action(do="roll", kart=waiting))
    assert (r.state, r.rng.getstate(), len(r.file.actions)) == before
    path = tmp_path / "night.race.json"
    save_race(r, path)
    loaded = load_race(path)
    assert loaded.file == r.file and loaded.state == r.state and loaded.log == r.log


def test_a_race_without_a_board_is_refused_on_one_line():
    with pytest.raises(DocumentError, match="needs a board") as refused:
        new_race("mk-board", [Entrant(name=n) for n in NAMES], seed=1)
    assert "\n" not in str(refused.value)
    with pytest.raises(DocumentError, match="for 2 to 7 players, not 1"):
        new_race("mk-board", [Entrant(name="Solo")], seed=1, track_document=load_track(
            TEMPLATES_DIR / "board-coin-cove-loop.track.json"))


def test_a_whole_race_played_through_files_its_places_into_a_race_series():
    r = seeded(3)
    play(r, 2000)
    assert r.state.over and r.current() is None
    order = [p.name for p in sorted(r.state.pawns, key=lambda p: p.place)]
    ctx = Context(RULES)
    doc = edit.new_campaign("Board Night", ctx, "race_series", [(n, "Mario") for n in NAMES])
    filed = file_result(doc, ctx, 1, r.result())
    results = {res.player: res for res in filed.races[0].results}
    assert [results[n].place for n in order] == [1, 2, 3]
    assert all(results[n].gates is None and results[n].coins is None for n in NAMES)
    by_hand = doc
    for name, place in zip(order, (1, 2, 3), strict=True):
        by_hand = edit.set_result(by_hand, ctx, 1, name, place)
    assert by_hand == filed
