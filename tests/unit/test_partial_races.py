"""A race counts in the standings only once every player's place is in: the Grand Prix's points, a race
series' place counts and a Downforce season's money, and the chart totals beside each. Expected numbers are
worked out by hand (Gaslands: 1st 10, 2nd 8, 3rd 6, 4th 4; +1 a gate, +1 a coin)."""

from __future__ import annotations

from designer.campaign.context import Context
from designer.campaign.grand_prix import counted_races, standings, totals_by_race
from designer.campaign.season import money_totals_by_race, season_standings
from designer.campaign.series import series_standings
from designer.model.campaign import CampaignDocument, Player, Race, RaceResult
from designer.rules import load_ruleset

GASLANDS = Context(load_ruleset("mk-gaslands"))
DOWNFORCE = load_ruleset("mk-downforce")


def doc_with(races: list[list[tuple[str, int, int, int]]], mode: str = "grand_prix",
             players: tuple[tuple[str, str], ...] = (("Alex", "mario"), ("Billie", "yoshi"))) -> CampaignDocument:
    return CampaignDocument(
        name="Partial", mode=mode, players=[Player(name=n, character=c) for n, c in players],
        races=[Race(results=[RaceResult(player=p, place=pl, gates=g, coins=c) for p, pl, g, c in race])
               for race in races])


RACE_1 = [("Alex", 1, 5, 2), ("Billie", 2, 4, 1)]  # Alex 10+5+2 = 17, Billie 8+4+1 = 13
HALF_RACE_2 = [("Billie", 1, 6, 3)]  # Billie would have 19 more; Alex has no place yet


def test_only_races_with_every_place_count():
    doc = doc_with([RACE_1, HALF_RACE_2])
    assert counted_races(doc) == (True, False)
    assert counted_races(doc_with([[]])) == (False,)


def test_a_grand_prix_race_half_entered_leaves_table_and_chart_as_they_were():
    doc = doc_with([RACE_1, HALF_RACE_2])
    rows = {s.player: s for s in standings(doc, GASLANDS)}
    assert [s.player for s in standings(doc, GASLANDS)] == ["Alex", "Billie"]  # not Billie 32, Alex 17
    assert (rows["Alex"].total, rows["Billie"].total) == (17, 13)
    assert (rows["Billie"].earned, rows["Billie"].wins, rows["Billie"].coins, rows["Billie"].gates) == (13, 0, 1, 4)
    assert rows["Billie"].lines[1].result is not None  # the entered result is still shown in its race column
    assert totals_by_race(doc, GASLANDS) == {"Alex": [17], "Billie": [13]}
    complete = doc_with([RACE_1, [*HALF_RACE_2, ("Alex", 2, 6, 0)]])  # Alex 8+6 = 14 → 31; Billie 13+19 = 32
    assert [(s.player, s.total) for s in standings(complete, GASLANDS)] == [("Billie", 32), ("Alex", 31)]
    assert totals_by_race(complete, GASLANDS) == {"Alex": [17, 31], "Billie": [13, 32]}


def test_the_chart_ends_on_the_standings_total():
    doc = doc_with([RACE_1, HALF_RACE_2, [("Alex", 2, 0, 0), ("Billie", 1, 0, 0)]])
    totals = totals_by_race(doc, GASLANDS)
    for s in standings(doc, GASLANDS):
        assert totals[s.player][-1] == s.total
    assert totals == {"Alex": [17, 17, 25], "Billie": [13, 13, 23]}  # race 2 adds nothing yet


def test_a_race_series_counts_complete_races_when_asked():
    doc = doc_with([RACE_1, HALF_RACE_2], mode="race_series")
    rows = {s.player: s for s in series_standings(doc, complete_only=True)}
    assert (rows["Billie"].races, rows["Billie"].place_counts, rows["Billie"].rank) == (1, (0, 1), 2)
    assert rows["Billie"].places == (2, 1)  # every place entered is still shown
    assert rows["Alex"].rank == 1
    assert series_standings(doc)[0].player == "Billie"  # without the window's rule, every result counts


def test_a_season_counts_complete_races_in_the_table_and_the_chart():
    doc = CampaignDocument(
        name="Season", ruleset="mk-downforce", mode="season",
        players=[Player(name="Ana", character="mario"), Player(name="Ben", character="luigi")],
        races=[Race(results=[RaceResult(player="Ana", place=1, prize=6_000_000),
                             RaceResult(player="Ben", place=2, prize=4_000_000)]),
               Race(results=[RaceResult(player="Ben", place=1, prize=9_000_000)])])
    rows = {s.player: s for s in season_standings(doc, DOWNFORCE, complete_only=True)}
    assert (rows["Ana"].total, rows["Ben"].total, rows["Ben"].races, rows["Ben"].wins) == (6_000_000, 4_000_000,
                                                                                          1, 0)
    assert rows["Ben"].by_race[1] is not None
    assert money_totals_by_race(doc, DOWNFORCE, complete_only=True) == {"Ana": [6_000_000], "Ben": [4_000_000]}


def test_the_windows_player_colours_are_the_printed_dashboards():
    from designer.export import dashboards, tokens
    from designer.export.campaign_print import campaign_karts
    from designer.panes.campaign import player_colours as colours

    assert colours.NAMED_COLOURS == dashboards.NAMED_COLOURS and colours.KART_COLOURS == tokens.KART_COLOURS
    doc = doc_with([], players=(("Alex", "mario"), ("Billie", "yoshi"), ("Casey", "wario"), ("Dana", "luigi")))
    shown = [c.name() for c in colours.player_colours(doc, GASLANDS.ruleset)]
    printed = [dashboards.kart_colour(kart).hexval().replace("0x", "#") for kart in campaign_karts(doc, GASLANDS)]
    assert shown == printed
    assert len(set(shown)) == 4
