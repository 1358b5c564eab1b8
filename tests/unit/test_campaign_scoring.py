"""Grand Prix scoring against the rules digest (section 1): race points, the points ledger, standings and
their tie rule, the champion, the chart totals, capped stats and the upgrade shop.

Every expected number is worked out by hand from the rules (1st 10, 2nd 8, 3rd 6, 4th 4, 5th and lower 2;
+1 a gate, +1 a coin; 20 points an upgrade; Handling never above 4, Max Gear never above 6), never by
calling the scoring code a second time.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import (
    TIE_RULE,
    champions,
    effective_stat,
    ledger,
    race_points,
    shop,
    shop_closed_reason,
    shop_window,
    standings,
    totals_by_race,
)
from designer.campaign.validate import check_campaign
from designer.model.campaign import CampaignDocument, CustomCharacter, Player, Race, RaceResult, Upgrade
from designer.rules import load_ruleset
from designer.rules.base import slugify

GASLANDS = Context(load_ruleset("mk-gaslands"))
FOUR = (("Alex", "Mario"), ("Billie", "Yoshi"), ("Casey", "Wario"), ("Dana", "Princess Peach"))

#: one race's results: (player, place, gates, coins)
Results = Sequence[tuple[str, int, int, int]]


def grand_prix(races: Sequence[Results] = (), upgrades: Sequence[tuple[str, int, str]] = (),
               players: Sequence[tuple[str, str]] = FOUR,
               custom: Sequence[CustomCharacter] = ()) -> CampaignDocument:
    """A checked four-race Grand Prix on Mario Kart Gaslands with the results and upgrades given."""
    doc = CampaignDocument(
        name="Test Cup",
        players=[Player(name=n, character=slugify(c)) for n, c in players],
        custom_characters=list(custom),
        races=[Race(results=[RaceResult(player=p, place=pl, gates=g, coins=c) for p, pl, g, c in race])
               for race in races] + [Race() for _ in range(4 - len(races))],
        upgrades=[Upgrade(player=p, after_race=a, stat=s) for p, a, s in upgrades],
    )
    check_campaign(doc, GASLANDS)
    return doc


def by_player(doc: CampaignDocument) -> dict[str, tuple[int, int]]:
    """player → (rank, total)."""
    return {s.player: (s.rank, s.total) for s in standings(doc, GASLANDS)}


# --- race points -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("place", "points"), [(1, 10), (2, 8), (3, 6), (4, 4), (5, 2), (6, 2), (8, 2), (16, 2)])
def test_place_points_follow_the_rules(place: int, points: int) -> None:
    scored = race_points(RaceResult(player="Alex", place=place), GASLANDS.grand_prix())
    assert (scored.place, scored.gates, scored.coins, scored.total) == (points, 0, 0, points)


def test_each_gate_and_each_coin_is_one_point() -> None:
    scored = race_points(RaceResult(player="Alex", place=3, gates=7, coins=4), GASLANDS.grand_prix())
    assert (scored.place, scored.gates, scored.coins) == (6, 7, 4)
    assert scored.total == 17  # 6 + 7 + 4


def test_fifth_place_with_gates_and_coins() -> None:
    scored = race_points(RaceResult(player="Alex", place=5, gates=12, coins=10), GASLANDS.grand_prix())
    assert scored.total == 24  # 2 + 12 + 10


# --- ledger ----------------------------------------------------------------------------------------
def test_ledger_earned_spent_and_running_total_per_race() -> None:
    doc = grand_prix(
        races=[[("Alex", 1, 12, 3), ("Billie", 2, 10, 0), ("Casey", 3, 9, 1), ("Dana", 4, 8, 2)],
               [("Alex", 2, 10, 1), ("Billie", 1, 11, 2), ("Casey", 4, 5, 0), ("Dana", 3, 9, 9)]],
        upgrades=[("Alex", 1, "handling")])
    lines = ledger(doc, GASLANDS.grand_prix(), "Alex")
    got = [(line.race, line.earned, line.spent, line.total, line.bought) for line in lines]
    assert got == [
        (1, 25, 20, 5, ("handling",)),  # 10 + 12 + 3 = 25, then 20 spent
        (2, 19, 0, 24, ()),             # 8 + 10 + 1 = 19
        (3, 0, 0, 24, ()),              # not run yet
        (4, 0, 0, 24, ()),
    ]
    assert [line.total for line in ledger(doc, GASLANDS.grand_prix(), "Dana")] == [14, 38, 38, 38]  # 4+8+2; 6+9+9


def test_ledger_names_are_case_insensitive() -> None:
    doc = grand_prix(races=[[("Alex", 1, 0, 0), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)]])
    assert ledger(doc, GASLANDS.grand_prix(), "alex")[0].earned == 10


# --- standings and ties ----------------------------------------------------------------------------
def test_standings_are_ordered_by_total() -> None:
    doc = grand_prix(races=[[("Alex", 4, 0, 0), ("Billie", 3, 0, 0), ("Casey", 2, 0, 0), ("Dana", 1, 0, 0)]])
    rows = standings(doc, GASLANDS)
    assert [(s.rank, s.player, s.total) for s in rows] == [
        (1, "Dana", 10), (2, "Casey", 8), (3, "Billie", 6), (4, "Alex", 4)]


def test_spent_points_count_against_the_standing() -> None:
    # Alex 10 + 15 = 25 but spends 20 → 5; Billie 8 + 0 = 8 overtakes.
    doc = grand_prix(races=[[("Alex", 1, 15, 0), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)]],
                     upgrades=[("Alex", 1, "max_gear")])
    rows = standings(doc, GASLANDS)
    assert [(s.player, s.earned, s.spent, s.total) for s in rows] == [
        ("Billie", 8, 0, 8), ("Casey", 6, 0, 6), ("Alex", 25, 20, 5), ("Dana", 4, 0, 4)]


def test_equal_totals_split_by_wins_before_gates() -> None:
    # Alex: 1st, no gates = 10; Billie: 2nd + 2 gates = 10. Alex has the win, Billie more gates.
    doc = grand_prix(races=[[("Alex", 1, 0, 0), ("Billie", 2, 2, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)]])
    assert by_player(doc) == {"Alex": (1, 10), "Billie": (2, 10), "Casey": (3, 6), "Dana": (4, 4)}


def test_equal_totals_and_wins_split_by_coins_before_gates() -> None:
    # Alex 10 + 8 + 3 coins = 21, Billie 8 + 10 + 3 gates = 21; one win each; Alex has the coins.
    doc = grand_prix(races=[
        [("Alex", 1, 0, 3), ("Billie", 2, 3, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)],
        [("Billie", 1, 0, 0), ("Alex", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)]])
    rows = standings(doc, GASLANDS)
    assert [(s.rank, s.player, s.total, s.wins, s.coins, s.gates) for s in rows[:2]] == [
        (1, "Alex", 21, 1, 3, 0), (2, "Billie", 21, 1, 0, 3)]


def test_equal_totals_wins_and_coins_split_by_gates() -> None:
    # Alex 8 + 8 = 16 with no gates; Billie 6 + 6 + 4 gates = 16; no wins, no coins: gates decide.
    doc = grand_prix(races=[
        [("Casey", 1, 0, 0), ("Alex", 2, 0, 0), ("Billie", 3, 4, 0), ("Dana", 4, 0, 0)],
        [("Dana", 1, 0, 0), ("Alex", 2, 0, 0), ("Billie", 3, 0, 0), ("Casey", 4, 0, 0)]])
    rows = standings(doc, GASLANDS)
    assert [(s.player, s.total, s.wins, s.coins, s.gates) for s in rows[:2]] == [
        ("Billie", 16, 0, 0, 4), ("Alex", 16, 0, 0, 0)]
    assert [s.rank for s in rows] == [1, 2, 3, 3]  # Casey 10 + 4 = 14, Dana 4 + 10 = 14, level


PERFECT_TIE = [
    [("Alex", 1, 0, 0), ("Billie", 2, 1, 1), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)],
    [("Billie", 1, 0, 0), ("Alex", 2, 1, 1), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)],
    [("Alex", 1, 0, 0), ("Billie", 2, 1, 1), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)],
    [("Billie", 1, 0, 0), ("Alex", 2, 1, 1), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)],
]


def test_players_level_on_everything_share_the_rank() -> None:
    # Alex and Billie after two races: 10 + (8 + 1 + 1) = 20, one win, one coin, one gate each.
    doc = grand_prix(races=PERFECT_TIE[:2])
    assert by_player(doc) == {"Alex": (1, 20), "Billie": (1, 20), "Casey": (3, 12), "Dana": (4, 8)}
    assert "wins" in TIE_RULE and "coins" in TIE_RULE and "gates" in TIE_RULE


def test_level_champions_after_the_last_race() -> None:
    doc = grand_prix(races=PERFECT_TIE)
    assert by_player(doc)["Alex"] == (1, 40)
    assert champions(doc, GASLANDS) == ["Alex", "Billie"]


# --- champion and chart ----------------------------------------------------------------------------
SEASON = [
    [("Alex", 1, 10, 2), ("Billie", 2, 9, 1), ("Casey", 3, 8, 0), ("Dana", 4, 7, 5)],  # 22 18 14 16
    [("Alex", 4, 6, 0), ("Billie", 1, 9, 3), ("Casey", 2, 8, 1), ("Dana", 3, 7, 0)],   # 10 22 17 13
    [("Alex", 2, 9, 0), ("Billie", 3, 9, 0), ("Casey", 1, 9, 0), ("Dana", 4, 9, 0)],   # 17 15 19 13
    [("Alex", 3, 5, 1), ("Billie", 4, 5, 1), ("Casey", 1, 5, 1), ("Dana", 2, 5, 1)],   # 12 10 16 14
]


def test_no_champion_before_the_fourth_race_is_complete() -> None:
    assert champions(grand_prix(races=SEASON[:3]), GASLANDS) == []
    unfinished = grand_prix(races=[*SEASON[:3], SEASON[3][:3]])  # Dana has no race 4 result yet
    assert champions(unfinished, GASLANDS) == []


def test_champion_after_the_fourth_race() -> None:
    doc = grand_prix(races=SEASON)
    # Alex 22+10+17+12 = 61, Billie 18+22+15+10 = 65, Casey 14+17+19+16 = 66, Dana 16+13+13+14 = 56
    assert by_player(doc) == {"Casey": (1, 66), "Billie": (2, 65), "Alex": (3, 61), "Dana": (4, 56)}
    assert champions(doc, GASLANDS) == ["Casey"]


def test_totals_by_race_are_running_totals_of_complete_races() -> None:
    doc = grand_prix(races=[*SEASON[:2], SEASON[2][:2]], upgrades=[("Billie", 2, "max_gear")])
    assert totals_by_race(doc, GASLANDS) == {
        "Alex": [22, 32], "Billie": [18, 20], "Casey": [14, 31], "Dana": [16, 29]}  # Billie 18+22-20


def test_totals_by_race_is_empty_before_a_race_is_complete() -> None:
    doc = grand_prix(races=[SEASON[0][:3]])
    assert totals_by_race(doc, GASLANDS) == {"Alex": [], "Billie": [], "Casey": [], "Dana": []}


# --- effective stats -------------------------------------------------------------------------------
def test_base_stats_from_the_character_table() -> None:
    doc = grand_prix()
    got = {p: (effective_stat(doc, GASLANDS, p, "handling"), effective_stat(doc, GASLANDS, p, "max_gear"))
           for p in ("Alex", "Billie", "Casey", "Dana")}
    assert got == {"Alex": (3, 5), "Billie": (4, 4), "Casey": (2, 6), "Dana": (3, 5)}


def test_upgrades_raise_stats_from_the_race_they_were_bought_after() -> None:
    doc = grand_prix(races=[[("Alex", 1, 20, 10), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)],
                            [("Alex", 1, 20, 10), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)]],
                     upgrades=[("Alex", 1, "handling"), ("Alex", 2, "max_gear")])
    assert effective_stat(doc, GASLANDS, "Alex", "handling", through_race=0) == 3
    assert effective_stat(doc, GASLANDS, "Alex", "handling", through_race=1) == 4
    assert effective_stat(doc, GASLANDS, "Alex", "max_gear", through_race=1) == 5
    assert effective_stat(doc, GASLANDS, "Alex", "max_gear") == 6
    row = next(s for s in standings(doc, GASLANDS) if s.player == "Alex")
    assert (row.handling, row.max_gear, row.total) == (4, 6, 40)  # 40 + 40 − 2 × 20


def test_custom_character_above_the_cap_keeps_its_stat_and_cannot_buy() -> None:
    hotrod = CustomCharacter(id="hot-rod", name="Hot Rod", handling=5, max_gear=3)
    doc = grand_prix(players=[("Alex", "Hot Rod"), ("Billie", "Yoshi")], custom=[hotrod],
                     races=[[("Alex", 1, 30, 0), ("Billie", 2, 0, 0)]])
    assert effective_stat(doc, GASLANDS, "Alex", "handling") == 5
    offers = {o.stat: o.reason for o in shop(doc, GASLANDS) if o.player == "Alex"}
    assert offers == {"handling": "Handling is at its cap of 4", "max_gear": ""}


def test_custom_character_without_a_stat() -> None:
    doc = grand_prix(players=[("Alex", "Ghost"), ("Billie", "Yoshi")],
                     custom=[CustomCharacter(id="ghost", name="Ghost")],
                     races=[[("Alex", 1, 30, 0), ("Billie", 2, 0, 0)]])
    assert effective_stat(doc, GASLANDS, "Alex", "handling") is None
    reasons = {o.stat: o.reason for o in shop(doc, GASLANDS) if o.player == "Alex"}
    assert reasons == {"handling": "Ghost has no Handling", "max_gear": "Ghost has no Max Gear"}


# --- the shop --------------------------------------------------------------------------------------
RACE_1 = [("Alex", 1, 10, 0), ("Billie", 2, 12, 5), ("Casey", 3, 11, 2), ("Dana", 4, 10, 1)]  # 20 25 19 15


def test_shop_offers_and_reasons_after_race_1() -> None:
    doc = grand_prix(races=[RACE_1])
    assert shop_window(doc, GASLANDS) == 1
    got = {(o.player, o.stat): (o.value, o.cap, o.cost, o.points, o.reason) for o in shop(doc, GASLANDS)}
    assert got == {
        ("Alex", "handling"): (3, 4, 20, 20, ""),
        ("Alex", "max_gear"): (5, 6, 20, 20, ""),
        ("Billie", "handling"): (4, 4, 20, 25, "Handling is at its cap of 4"),  # Yoshi
        ("Billie", "max_gear"): (4, 6, 20, 25, ""),
        ("Casey", "handling"): (2, 4, 20, 19, "needs 20 points, has 19"),
        ("Casey", "max_gear"): (6, 6, 20, 19, "Max Gear is at its cap of 6"),  # Wario
        ("Dana", "handling"): (3, 4, 20, 15, "needs 20 points, has 15"),
        ("Dana", "max_gear"): (5, 6, 20, 15, "needs 20 points, has 15"),
    }
    assert all(o.allowed == (o.reason == "") for o in shop(doc, GASLANDS))


def test_yoshi_cannot_buy_handling_and_wario_cannot_buy_max_gear() -> None:
    doc = grand_prix(races=[[("Billie", 1, 30, 0), ("Casey", 2, 30, 0), ("Alex", 3, 0, 0), ("Dana", 4, 0, 0)]])
    with pytest.raises(CampaignError, match="Billie cannot buy Handling: Handling is at its cap of 4"):
        edit.buy_upgrade(doc, GASLANDS, "Billie", "handling")
    with pytest.raises(CampaignError, match="Casey cannot buy Max Gear: Max Gear is at its cap of 6"):
        edit.buy_upgrade(doc, GASLANDS, "Casey", "max_gear")
    bought = edit.buy_upgrade(edit.buy_upgrade(doc, GASLANDS, "Billie", "max_gear"), GASLANDS, "Casey", "handling")
    assert effective_stat(bought, GASLANDS, "Billie", "max_gear") == 5
    assert effective_stat(bought, GASLANDS, "Casey", "handling") == 3


def test_second_upgrade_is_paid_from_what_is_left() -> None:
    # Alex 10 + 30 + 5 = 45: two upgrades leave 5. Dana 4 + 20 + 11 = 35: one upgrade leaves 15.
    doc = grand_prix(races=[[("Alex", 1, 30, 5), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 20, 11)]])
    doc = edit.buy_upgrade(doc, GASLANDS, "Alex", "handling")
    doc = edit.buy_upgrade(doc, GASLANDS, "Alex", "max_gear")
    doc = edit.buy_upgrade(doc, GASLANDS, "Dana", "handling")
    assert [(u.player, u.after_race, u.stat) for u in doc.upgrades] == [
        ("Alex", 1, "handling"), ("Alex", 1, "max_gear"), ("Dana", 1, "handling")]
    assert ledger(doc, GASLANDS.grand_prix(), "Alex")[0].total == 5
    assert ledger(doc, GASLANDS.grand_prix(), "Dana")[0].total == 15
    with pytest.raises(CampaignError, match="Dana cannot buy Max Gear: needs 20 points, has 15"):
        edit.buy_upgrade(doc, GASLANDS, "Dana", "max_gear")


def test_handling_stops_at_four_after_one_upgrade() -> None:
    doc = grand_prix(races=[[("Alex", 1, 40, 10), ("Billie", 2, 0, 0), ("Casey", 3, 0, 0), ("Dana", 4, 0, 0)]])
    doc = edit.buy_upgrade(doc, GASLANDS, "Alex", "handling")  # Mario 3 → 4, 60 − 20 = 40 left
    with pytest.raises(CampaignError, match="Handling is at its cap of 4"):
        edit.buy_upgrade(doc, GASLANDS, "Alex", "handling")


def test_shop_window_opens_only_between_races() -> None:
    assert shop_window(grand_prix(), GASLANDS) is None
    assert shop_window(grand_prix(races=[RACE_1[:3]]), GASLANDS) is None  # race 1 not finished
    assert shop_window(grand_prix(races=[RACE_1]), GASLANDS) == 1
    assert shop_window(grand_prix(races=[RACE_1, RACE_1[:1]]), GASLANDS) is None  # race 2 under way
    assert shop_window(grand_prix(races=[RACE_1, RACE_1]), GASLANDS) == 2
    assert shop_window(grand_prix(races=[RACE_1] * 3), GASLANDS) == 3
    assert shop_window(grand_prix(races=[RACE_1] * 4), GASLANDS) is None  # the Grand Prix is over


def test_closed_shop_says_why() -> None:
    assert shop_closed_reason(grand_prix(races=[RACE_1]), GASLANDS) == ""
    assert shop_closed_reason(grand_prix(), GASLANDS) == "upgrades are bought between races: finish a race first"
    assert shop_closed_reason(grand_prix(races=[RACE_1, RACE_1[:1]]), GASLANDS) == (
        "race 2 has already started; upgrades are bought before it")
    assert shop_closed_reason(grand_prix(races=[RACE_1] * 4), GASLANDS) == (
        "the Grand Prix ends with race 4; nothing can be bought after it")
    offers = shop(grand_prix(races=[RACE_1, RACE_1[:1]]), GASLANDS)
    assert {o.reason for o in offers} == {"race 2 has already started; upgrades are bought before it"}
    assert {o.points for o in offers} == {0}
