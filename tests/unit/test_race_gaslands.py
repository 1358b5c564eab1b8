"""Race day, Mario Kart Gaslands: seeded races through the shared engine, each rule pinned by a number a wrong
rule would change (the last-place redraw, the hand limit, triple uses, the coin cap, Wipe Out, the deck rebuilt
from the discards, gates in order, the Thwomps), the undo/replay invariant, the file round trip and refusals,
and the result filed into a Grand Prix."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import race_points
from designer.io.errors import DocumentError
from designer.race.campaign import file_result
from designer.race.document import Entrant
from designer.race.engine import Race, RaceError, parse_action, replay
from designer.race.race_io import load_race, new_race, save_race
from designer.rules import load_ruleset

RULES = load_ruleset("mk-gaslands")
NAMES = ("Ann", "Ben", "Cid", "Dee")


def race(seed: int = 11, mode: str | None = None, setup: dict[str, int] | None = None) -> Race:
    started = new_race("mk-gaslands", [Entrant(name=n) for n in NAMES], seed=seed, mode=mode)
    if setup:
        started = replay(started.file.model_copy(update={"setup": setup}), started.rules, started.ruleset)
    return started


def do(r: Race, words: str) -> list[str]:
    return r.act(parse_action(r.rules, words.split()))


def kart(r: Race, name: str):
    return r.state.kart(name)


def test_a_new_race_shuffles_the_whole_deck_from_the_rule_data():
    r = race()
    assert len(r.state.deck) == RULES.card_count() == 66
    assert sorted(r.state.deck.pile) == sorted(c.id for c in RULES.deck for _n in range(c.count))
    assert race(11).state.deck.pile == r.state.deck.pile  # the seed decides the order
    assert race(12).state.deck.pile != r.state.deck.pile


def test_a_last_place_card_drawn_by_a_kart_not_last_is_discarded_and_redrawn():
    r = race()
    r.state.deck.pile[-2:] = ["banana", "blue-shell"]  # the top card is the last
    lines = do(r, "box Ann")
    assert [h.card for h in kart(r, "Ann").items] == ["banana"]
    assert r.state.deck.discards == ["blue-shell"]
    assert "Blue Shell" in lines[0] and lines[1] == "Ann drew Banana."
    r.state.deck.pile[-1:] = ["lightning"]
    do(r, "box Dee")  # Dee is last: keeps it
    assert [h.card for h in kart(r, "Dee").items] == ["lightning"]
    assert r.state.deck.discards == ["blue-shell"]


def test_the_race_order_decides_who_is_last():
    r = race()
    do(r, "order Dee,Cid,Ben,Ann")
    r.state.deck.pile[-1:] = ["blue-shell"]
    do(r, "box Ann")
    assert [h.card for h in kart(r, "Ann").items] == ["blue-shell"]


def test_a_kart_holds_at_most_two_items_and_a_double_box_draws_two():
    r = race()
    before = len(r.state.deck)
    do(r, "box Ben 2")
    assert len(kart(r, "Ben").items) == RULES.deck_rules.hand_limit == 2
    assert len(r.state.deck) + len(r.state.deck.discards) == before - 2
    lines = do(r, "box Ben")
    assert len(kart(r, "Ben").items) == 2 and len(r.state.deck) + len(r.state.deck.discards) == before - 2
    assert lines == ["Ben holds 2 items already and draws nothing."]


def test_items_are_used_oldest_first_and_a_triple_item_three_times_once_a_phase():
    r = race()
    r.state.deck.pile[-2:] = ["banana", "triple-red-shell"]
    do(r, "box Cid 2")
    assert [h.card for h in kart(r, "Cid").items] == ["triple-red-shell", "banana"]
    assert do(r, "use Cid") == ["Cid used Triple Red Shell (2 uses left)."]
    with pytest.raises(RaceError, match="in this gear phase already"):
        do(r, "use Cid")
    do(r, "next")
    do(r, "use Cid")
    do(r, "next")
    assert do(r, "use Cid") == ["Cid used Triple Red Shell."]
    assert [h.card for h in kart(r, "Cid").items] == ["banana"]
    assert r.state.deck.discards == ["triple-red-shell"]


def test_coins_stop_at_the_cap_and_are_spent_at_the_table_s_costs():
    r = race()
    do(r, "coin Ann 7")
    lines = do(r, "coin Ann 7")
    assert kart(r, "Ann").coins == RULES.coins.max_carried == 10
    assert "4 coins past the limit of 10" in lines[1]
    with pytest.raises(RaceError, match="5 or 10"):
        do(r, "spend Ann 7")
    assert "Short straight" in do(r, "spend Ann 5")[0]
    assert kart(r, "Ann").coins == 5
    with pytest.raises(RaceError, match="has 5 coins, not 10"):
        do(r, "spend Ann 10")
    assert kart(r, "Ann").coins == 5  # a refusal changes nothing


def test_a_wipe_out_empties_items_and_coins_and_pops_a_balloon_in_a_battle():
    r = race(mode="balloon_battle")
    do(r, "box Ann 2")
    do(r, "coin Ann 3")
    do(r, "hazard Ann 4")
    do(r, "gear Ann 3")
    held = [h.card for h in kart(r, "Ann").items]
    assert do(r, "wipeout Ann")[:2] == ["Ann Wiped Out: lost 2 items and 3 coins.", "Ann has 4 balloons left."]
    ann = kart(r, "Ann")
    assert (ann.items, ann.coins, ann.hazards, ann.gear, ann.balloons) == ([], 0, 0, 1, 4)
    assert r.state.deck.discards[-2:] == held
    for _n in range(4):
        do(r, "wipeout Ann")
    assert kart(r, "Ann").out and r.state.standing()[-1].name == "Ann"
    with pytest.raises(RaceError, match="out of the race"):
        do(r, "box Ann")


def test_an_empty_deck_is_rebuilt_from_the_discards():
    r = race()
    r.state.deck.pile = ["banana"]
    r.state.deck.discards = ["mushroom", "star", "boo"]
    lines = do(r, "box Ben 2")
    assert lines[1] == "The deck is empty: the discards are shuffled into a new deck."
    assert kart(r, "Ben").items[0].card == "banana"
    assert kart(r, "Ben").items[1].card in {"mushroom", "star", "boo"}
    assert len(r.state.deck) == 2 and r.state.deck.discards == [] and r.state.deck.reshuffles == 1


def test_gates_are_cleared_in_order_before_the_lap_counts():
    r = race(setup={"gate": 2, "laps": 2})
    with pytest.raises(RaceError, match="not cleared gate 1"):
        do(r, "lap Ann")
    with pytest.raises(RaceError, match="gate 2 is out of order"):
        do(r, "gate Ann 2")
    for words in ("gate Ann 1", "gate Ann 2", "lap Ann", "gate Ann", "gate Ann"):
        do(r, words)
    assert do(r, "lap Ann") == ["Ann finishes in place 1."]
    assert r.result()[0].player == "Ann" and r.result()[0].gates == 4


def test_gear_phases_activate_the_karts_in_gear_and_gears_stop_at_max_gear():
    r = new_race("mk-gaslands", [Entrant(name="Ann", character="mario"), Entrant(name="Ben")], seed=3)
    with pytest.raises(RaceError, match="1 to 5"):
        do(r, "gear Ann 6")
    do(r, "gear Ann 3")
    do(r, "gear Ben 2")
    assert [k.name for k in r.state.activating()] == ["Ann", "Ben"]
    assert do(r, "next")[-1] == "Round 1, gear phase 2; activating: Ann, Ben."
    assert do(r, "next")[-1] == "Round 1, gear phase 3; activating: Ann."
    for _n in range(4):
        do(r, "next")
    assert (r.state.round, r.state.phase) == (2, 1)  # 6 phases: the rule data's highest Max Gear


def test_the_end_of_a_phase_reminds_what_the_track_s_elements_do():
    r = race(setup={"item_box": 4, "thwomp": 2, "bullet_bill": 1})
    lines = do(r, "next")
    assert "Every item box taken returns to the track." in lines
    assert "Every coin picked up returns to the track." not in lines  # this track has no coins
    thwomps = [line for line in lines if line.startswith("Thwomp")]
    assert len(thwomps) == 2
    assert any("Bullet Bill moves a Medium straight" in line for line in lines)


def _play(r: Race) -> None:
    for words in ("box Ann 2", "box Dee", "coin Ben 4", "use Ann", "next", "gear Cid 2", "hazard Cid 2",
                  "box Cid", "next", "roll d6", "wipeout Ann", "use Dee", "next"):
        do(r, words)


def test_undo_gives_back_exactly_the_race_before_the_action():
    r = race(setup={"thwomp": 1, "item_box": 3})
    _play(r)
    for words in ("box Ben 2", "next", "roll d3", "wipeout Dee", "coin Ann 2"):
        before = (copy.deepcopy(r.state), r.rng.getstate(), list(r.log), r.file)
        do(r, words)
        assert r.state != before[0] or words.startswith("roll")
        assert r.undo().words() == words
        assert (r.state, r.rng.getstate(), r.log, r.file) == before
    again = replay(r.file, r.rules, r.ruleset)
    assert again.state == r.state and again.log == r.log


def test_a_refused_action_leaves_the_race_as_it_was():
    r = race()
    before = (copy.deepcopy(r.state), r.rng.getstate(), len(r.file.actions))
    with pytest.raises(RaceError, match="no kart 'Zed'"):
        do(r, "box Zed")
    assert (r.state, r.rng.getstate(), len(r.file.actions)) == before


def test_save_and_load_give_the_same_race(tmp_path: Path):
    r = race(setup={"thwomp": 2})
    _play(r)
    path = tmp_path / "heat.race.json"
    save_race(r, path)
    loaded = load_race(path)
    assert loaded.file == r.file and loaded.state == r.state and loaded.log == r.log
    data = json.loads(path.read_text())
    assert data["seed"] == 11 and data["format"] == "kartographer-race" and len(data["actions"]) == 13


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.update(seed=-1), "seed: "),
    (lambda d: d.update(format="kartographer-track"), "not a kartographer-race file"),
    (lambda d: d["actions"].append({"do": "fly", "kart": "Ann"}), "actions: action 14 (fly Ann): unknown action"),
    (lambda d: d["actions"].append({"do": "box", "kart": "Zed"}), "action 14 (box Zed): no kart 'Zed'"),
    (lambda d: d["actions"].append({"do": "use", "kart": "Cid", "extra": 1}), "extra"),
    (lambda d: d.update(ruleset="mk-nowhere"), "unknown ruleset"),
])
def test_a_bad_race_file_is_refused_on_one_line(tmp_path: Path, change, expected):
    r = race()
    _play(r)
    path = tmp_path / "bad.race.json"
    save_race(r, path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(DocumentError) as refused:
        load_race(path)
    message = str(refused.value)
    assert expected in message and "\n" not in message and message.startswith(str(path))


def test_the_result_files_into_a_grand_prix_as_a_hand_entered_one_would():
    ctx = Context(RULES)
    doc = edit.new_campaign("Cup", ctx, "grand_prix", [(n, "mario") for n in NAMES])
    r = race(setup={"gate": 1, "laps": 1})
    for words in ("coin Cid 3", "gate Cid", "lap Cid", "gate Ann", "lap Ann", "gate Dee"):
        do(r, words)
    filed = file_result(doc, ctx, 1, r.result())
    results = {res.player: res for res in filed.races[0].results}
    assert [(p, results[p].place, results[p].gates, results[p].coins) for p in ("Cid", "Ann", "Dee", "Ben")] == [
        ("Cid", 1, 1, 3), ("Ann", 2, 1, 0), ("Dee", 3, 1, 0), ("Ben", 4, 0, 0)]
    assert race_points(results["Cid"], RULES.grand_prix).total == 10 + 1 + 3
    by_hand = doc
    for p in r.result():
        by_hand = edit.set_result(by_hand, ctx, 1, p.player, p.place, p.gates, p.coins)
    assert by_hand == filed
    with pytest.raises(CampaignError):
        file_result(edit.remove_player(doc, ctx, "Ben"), ctx, 1, r.result())


def test_the_race_file_bounds_its_players_as_a_campaign_does():
    from designer.model import campaign
    from designer.race import document

    assert document.MAX_PLAYERS == campaign.MAX_PLAYERS


def test_a_four_kart_three_lap_race_played_through_scores_in_the_grand_prix():
    from designer.campaign.grand_prix import standings

    ctx = Context(RULES)
    doc = edit.new_campaign("Cup", ctx, "grand_prix", [(n, "mario") for n in NAMES])
    r = race(seed=2024, setup={"gate": 2, "laps": 3, "item_box": 6, "coin": 8, "thwomp": 1})
    finish_order = ["Cid", "Ann", "Dee", "Ben"]
    for lap in range(3):
        for name in finish_order:
            do(r, f"gear {name} {2 + lap}")
            do(r, f"box {name} 2")
            do(r, f"gate {name}")
            do(r, f"coin {name} {finish_order.index(name) + 1}")
            do(r, f"gate {name}")
            do(r, f"lap {name}")
        do(r, "next")
        assert all(len(k.items) == 2 for k in r.state.karts)  # full hands draw nothing more
    assert [k.place for k in (kart(r, n) for n in finish_order)] == [1, 2, 3, 4]
    assert [p.player for p in r.result()] == finish_order
    coins = {k.name: k.coins for k in r.state.karts}
    assert coins == {"Cid": 3, "Ann": 6, "Dee": 9, "Ben": 10}  # Ben's 4th coin each lap past the cap of 10
    with pytest.raises(RaceError, match="Cid is out of the race"):
        do(r, "gate Cid")
    filed = file_result(doc, ctx, 1, r.result())
    totals = {row.player: row.earned for row in standings(filed, ctx)}
    # places 10/8/6/4, one point a gate (6 each), one a coin
    assert totals == {"Cid": 10 + 6 + 3, "Ann": 8 + 6 + 6, "Dee": 6 + 6 + 9, "Ben": 4 + 6 + 10}
    assert replay(r.file, r.rules, r.ruleset).state == r.state


def test_cards_that_change_the_numbers_do_so_when_used():
    r = race()
    do(r, "order Ben,Ann,Cid,Dee")
    do(r, "coin Ben 4")
    r.state.deck.pile[-3:] = ["star", "mushroom", "blue-shell"]  # the last is the top card
    do(r, "box Dee")  # last: keeps the Blue Shell
    do(r, "box Ann 2")
    do(r, "gear Ann 5")
    do(r, "hazard Ann 3")
    assert do(r, "use Ann")[1] == "Ann shifts up to gear 6 with no hazard token."
    assert (kart(r, "Ann").gear, kart(r, "Ann").hazards) == (6, 3)
    assert do(r, "use Dee")[1] == "The kart in first place Wipes Out when this gear phase ends."
    assert kart(r, "Ben").coins == 4  # not before the phase ends
    lines = do(r, "next")
    assert lines[1:3] == ["Blue Shell hits Ben, in first place.", "Ben Wiped Out: lost 0 items and 4 coins."]
    assert kart(r, "Ben").coins == 0 and r.state.blue_shells == 0
    assert not any("Blue Shell hits" in line for line in do(r, "next"))  # one shell, one Wipe Out
    do(r, "use Ann")
    assert kart(r, "Ann").hazards == 0
