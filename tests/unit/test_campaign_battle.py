"""Balloon Battles (rules digest, section 1): 5 balloons a kart from the rule data, one popped per Wipe Out,
a kart out when its last one pops, the elimination order and the winner, and every refused log entry."""

from __future__ import annotations

import copy

import pytest

from designer.campaign import edit
from designer.campaign.battle import battle_state
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.validate import check_campaign
from designer.model.campaign import Battle, CampaignDocument, Player, WipeOut
from designer.rules import load_ruleset
from designer.rules.schema import BalloonBattle

GASLANDS = Context(load_ruleset("mk-gaslands"))
ROSTER = [("Alex", "mario"), ("Billie", "yoshi"), ("Casey", "wario")]


def arena(ctx: Context = GASLANDS) -> CampaignDocument:
    return edit.new_campaign("Block Fort", ctx, "balloon_battle", ROSTER, ["block-fort.track.json"])


def pops(doc: CampaignDocument, *log: tuple[str, str | None], ctx: Context = GASLANDS) -> CampaignDocument:
    """Log each (popped kart, popped by) in battle 1 through the edit."""
    for player, by in log:
        doc = edit.wipe_out(doc, ctx, 0, player, by)
    return doc


def knocked_out(doc: CampaignDocument, player: str, by: str | None = None) -> CampaignDocument:
    return pops(doc, *[(player, by)] * 5)


def test_every_kart_starts_with_five_balloons() -> None:
    doc = arena()
    assert GASLANDS.balloons() == 5
    state = battle_state(doc, GASLANDS, 0)
    assert state.karts == ["Alex", "Billie", "Casey"]
    assert state.balloons == {"Alex": 5, "Billie": 5, "Casey": 5}
    assert (state.out, state.winner, state.over, state.finishing_order()) == ([], None, False, [])
    assert doc.battles == [Battle(track="block-fort.track.json")]


def test_the_balloon_count_comes_from_the_rule_data() -> None:
    ruleset = GASLANDS.ruleset.model_copy(update={"balloon_battle": BalloonBattle(balloons_per_kart=2)})
    two = Context(ruleset)
    doc = pops(edit.new_campaign("Short", two, "balloon_battle", ROSTER), ("Alex", None), ("Alex", None), ctx=two)
    assert battle_state(doc, two, 0).out == ["Alex"]


def test_each_wipe_out_pops_one_balloon_and_credits_the_hitter() -> None:
    doc = pops(arena(), ("Alex", "Billie"), ("Alex", "Billie"), ("Billie", "Casey"), ("Casey", None))
    # a kart named as its own popper: no edit logs one any more, but a file written before still reads
    log = [*doc.battles[0].wipe_outs, WipeOut(player="Casey", by="Casey")]
    doc = doc.model_copy(update={"battles": [doc.battles[0].model_copy(update={"wipe_outs": log})]})
    state = battle_state(doc, GASLANDS, 0)
    assert state.balloons == {"Alex": 3, "Billie": 4, "Casey": 3}
    assert state.pops == {"Alex": 0, "Billie": 2, "Casey": 1}  # Casey's own spin does not count
    assert doc.battles[0].wipe_outs[0] == WipeOut(player="Alex", by="Billie")


def test_names_are_stored_as_the_roster_spells_them() -> None:
    doc = pops(arena(), ("alex", "BILLIE"))
    assert doc.battles[0].wipe_outs == [WipeOut(player="Alex", by="Billie")]


def test_elimination_order_and_winner() -> None:
    doc = knocked_out(arena(), "Casey", "Alex")
    state = battle_state(doc, GASLANDS, 0)
    assert (state.out, state.alive, state.winner, state.over) == (["Casey"], ["Alex", "Billie"], None, False)
    doc = pops(doc, ("Billie", "Alex"))
    doc = knocked_out(doc, "Alex", "Billie")
    state = battle_state(doc, GASLANDS, 0)
    assert state.out == ["Casey", "Alex"]
    assert state.balloons == {"Alex": 0, "Billie": 4, "Casey": 0}
    assert (state.winner, state.over) == ("Billie", True)
    assert state.finishing_order() == ["Billie", "Alex", "Casey"]
    assert state.pops == {"Alex": 6, "Billie": 5, "Casey": 0}


def test_a_battle_of_chosen_karts() -> None:
    doc = edit.add_battle(arena(), GASLANDS, karts=["casey", "Alex"])
    assert doc.battles[1].karts == ["Casey", "Alex"]
    state = battle_state(doc, GASLANDS, 1)
    assert state.balloons == {"Casey": 5, "Alex": 5}
    for _ in range(5):
        doc = edit.wipe_out(doc, GASLANDS, 1, "Alex", "Casey")
    assert battle_state(doc, GASLANDS, 1).winner == "Casey"
    assert battle_state(doc, GASLANDS, 0).balloons == {"Alex": 5, "Billie": 5, "Casey": 5}


FINISHED = knocked_out(knocked_out(arena(), "Casey"), "Alex")  # Billie won
CASEY_OUT = knocked_out(arena(), "Casey")

BATTLE_REFUSALS = [
    ("pop an eliminated kart", CASEY_OUT, lambda d: edit.wipe_out(d, GASLANDS, 0, "Casey", "Alex"),
     "battle 1: Casey is already out"),
    ("pop after the battle is over", FINISHED, lambda d: edit.wipe_out(d, GASLANDS, 0, "Billie"),
     "battle 1: the battle is over (Billie won)"),
    ("unknown kart", arena(), lambda d: edit.wipe_out(d, GASLANDS, 0, "Zed"),
     "battle 1: 'Zed' is not a kart in this battle (karts: Alex, Billie, Casey)"),
    ("unknown hitter", arena(), lambda d: edit.wipe_out(d, GASLANDS, 0, "Alex", "Zed"),
     "battle 1: 'Zed' is not a kart in this battle (karts: Alex, Billie, Casey)"),
    ("popped by itself", arena(), lambda d: edit.wipe_out(d, GASLANDS, 0, "Alex", "alex"),
     "battle 1: Alex cannot pop its own balloon; log the Wipe Out without who popped it"),
    ("popped by an eliminated kart", CASEY_OUT, lambda d: edit.wipe_out(d, GASLANDS, 0, "Alex", "Casey"),
     "battle 1: Casey is out and cannot pop balloons"),
    ("a kart outside this battle", edit.add_battle(arena(), GASLANDS, karts=["Alex", "Billie"]),
     lambda d: edit.wipe_out(d, GASLANDS, 1, "Casey"),
     "battle 2: 'Casey' is not a kart in this battle (karts: Alex, Billie)"),
    ("no such battle", arena(), lambda d: edit.wipe_out(d, GASLANDS, 1, "Alex"), "battles: there is no battle 2"),
    ("one-kart battle", arena(), lambda d: edit.add_battle(d, GASLANDS, karts=["Alex"]),
     "battle 2: a battle needs at least two karts"),
    ("a kart twice", arena(), lambda d: edit.add_battle(d, GASLANDS, karts=["Alex", "alex"]),
     "battle 2: Alex is in the battle twice"),
    ("change karts once started", CASEY_OUT, lambda d: edit.set_battle(d, GASLANDS, 0, None, ["Alex", "Billie"]),
     "battle 1: the battle has started; its karts cannot change"),
    ("remove a player who was popped", CASEY_OUT, lambda d: edit.remove_player(d, GASLANDS, "Casey"),
     "players: Casey already has results; remove those first"),
    ("remove a player who popped", pops(arena(), ("Alex", "Billie")),
     lambda d: edit.remove_player(d, GASLANDS, "Billie"), "players: Billie already has results; remove those first"),
]


@pytest.mark.parametrize(("doc", "change", "message"), [c[1:] for c in BATTLE_REFUSALS],
                         ids=[c[0] for c in BATTLE_REFUSALS])
def test_refused_battle_edit(doc: CampaignDocument, change, message: str) -> None:
    before = copy.deepcopy(doc)
    with pytest.raises(CampaignError) as caught:
        change(doc)
    assert str(caught.value) == message
    assert doc == before


def test_impossible_log_in_a_file_is_refused_at_the_entry() -> None:
    log = [WipeOut(player="Casey")] * 6
    doc = CampaignDocument(name="x", mode="balloon_battle",
                           players=[Player(name=n, character=c) for n, c in ROSTER], battles=[Battle(wipe_outs=log)])
    with pytest.raises(CampaignError) as caught:
        check_campaign(doc, GASLANDS)
    assert str(caught.value) == "battle 1, wipe-out 6: Casey is already out"


def test_a_log_past_the_winner_in_a_file_is_refused() -> None:
    log = [WipeOut(player="Casey")] * 5 + [WipeOut(player="Alex")] * 5 + [WipeOut(player="Billie", by="Alex")]
    doc = CampaignDocument(name="x", mode="balloon_battle",
                           players=[Player(name=n, character=c) for n, c in ROSTER], battles=[Battle(wipe_outs=log)])
    with pytest.raises(CampaignError) as caught:
        check_campaign(doc, GASLANDS)
    assert str(caught.value) == "battle 1, wipe-out 11: the battle is over (Billie won)"


def test_a_late_player_does_not_join_a_battle_that_has_started() -> None:
    doc = edit.add_player(FINISHED, GASLANDS, "Dana", "Toad")
    assert doc.battles[0].karts == ["Alex", "Billie", "Casey"]
    state = battle_state(doc, GASLANDS, 0)
    assert (state.winner, state.finishing_order()) == ("Billie", ["Billie", "Alex", "Casey"])
    fresh = edit.add_player(arena(), GASLANDS, "Dana", "Toad")
    assert fresh.battles[0].karts == []
    assert battle_state(fresh, GASLANDS, 0).balloons == {"Alex": 5, "Billie": 5, "Casey": 5, "Dana": 5}


def test_the_winner_of_a_finished_battle_cannot_be_removed() -> None:
    with pytest.raises(CampaignError, match="Billie already has results"):
        edit.remove_player(FINISHED, GASLANDS, "Billie")  # never popped, but the battle's winner
    assert edit.remove_player(arena(), GASLANDS, "Billie").player_names() == ["Alex", "Casey"]
