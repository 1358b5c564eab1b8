"""A race counts in the standings only once every player's place is in: the Grand Prix's points, a race
series' place counts and a Downforce season's money, and the chart totals beside each. Expected numbers are
worked out by hand (Gaslands: 1st 10, 2nd 8, 3rd 6, 4th 4; +1 a gate, +1 a coin)."""

from __future__ import annotations

from designer.campaign.context import Context
from designer.campaign.grand_prix import counted_races, standings, totals_by_race
from designer.campaign.series import series_standings
from designer.model.campaign import CampaignDocument, Player, Race, RaceResult
from designer.model.record_fields import with_fields
from designer.rules import load_ruleset
from designer.systems.mk_downforce.fields import CarResult, DownforceRace
from designer.systems.mk_downforce.season import money_totals_by_race, season_standings

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


def test_a_race_series_counts_only_complete_races():
    doc = doc_with([RACE_1, HALF_RACE_2], mode="race_series")
    assert series_standings(doc) == series_standings(doc, complete_only=True)  # the rule by default, everywhere
    rows = {s.player: s for s in series_standings(doc)}
    assert (rows["Billie"].races, rows["Billie"].place_counts, rows["Billie"].rank) == (1, (0, 1), 2)
    assert rows["Billie"].places == (2, 1)  # every place entered is still shown
    assert rows["Alex"].rank == 1
    assert series_standings(doc, complete_only=False)[0].player == "Billie"  # the opt-out counts every result


def season_doc(*races: list[tuple[str, int, str | None]]) -> CampaignDocument:
    """A season of Ana (Mario) and Ben (Luigi); each race lists its cars placed: (colour, place, owner)."""
    return CampaignDocument(
        name="Season", ruleset="mk-downforce", mode="season",
        players=[Player(name="Ana", character="mario"), Player(name="Ben", character="luigi")],
        races=[with_fields(Race(), DownforceRace(cars=[CarResult(colour=c, place=p, owner=o) for c, p, o in race]))
               for race in races])


FULL_RACE = [("red", 1, "Ana"), ("green", 2, "Ben"), ("orange", 3, None), ("black", 4, None), ("blue", 5, None),
             ("yellow", 6, None)]


def test_a_season_counts_complete_races_in_the_table_and_the_chart():
    doc = season_doc(FULL_RACE, [("green", 1, "Ben")])  # race 2: five cars still to place
    rows = {s.player: s for s in season_standings(doc, DOWNFORCE, complete_only=True)}
    assert (rows["Ana"].total, rows["Ben"].total, rows["Ben"].races, rows["Ben"].wins) == (12_000_000, 9_000_000,
                                                                                          1, 0)
    assert rows["Ben"].by_race[1] is not None and rows["Ben"].by_race[1].total == 12_000_000
    assert money_totals_by_race(doc, DOWNFORCE, complete_only=True) == {"Ana": [12_000_000], "Ben": [9_000_000]}


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


def sheet_runs(doc: CampaignDocument, ctx: Context) -> list[str]:
    import io

    from designer.export.campaign_print import write_campaign_pdf

    from . import pdfscan

    buffer = io.BytesIO()
    write_campaign_pdf(buffer, doc, ctx, "scoresheet")
    reader = pdfscan.reader(buffer.getvalue())
    return [t for page in reader.pages for t in pdfscan.texts(page, reader)]


def test_the_printed_grand_prix_sheet_shows_a_half_entered_race_without_points():
    runs = sheet_runs(doc_with([RACE_1, HALF_RACE_2]), GASLANDS)
    assert "17" in runs and "13" in runs  # race 1 counts: points and running totals
    assert "6" in runs and "3" in runs  # Billie's race 2 gates and coins are printed as entered
    assert "19" not in runs and "32" not in runs  # but no points and no total until Alex's place is in
    complete = sheet_runs(doc_with([RACE_1, [*HALF_RACE_2, ("Alex", 2, 6, 0)]]), GASLANDS)
    assert "19" in complete and "32" in complete and "31" in complete


def test_the_printed_season_sheet_counts_no_money_before_the_race_is_complete():
    def ana_row(runs: list[str]) -> list[str]:
        return runs[runs.index("Ana (Mario)") + 1: runs.index("Ben (Luigi)")]

    # bets and the race's money as entered; no season money and no rank while five cars are unplaced
    assert ana_row(sheet_runs(season_doc([("red", 1, "Ana")]), Context(DOWNFORCE))) == ["$0", "$12,000,000"]
    full = sheet_runs(season_doc(FULL_RACE), Context(DOWNFORCE))
    assert ana_row(full) == ["$0", "$12,000,000", "$12,000,000", "1"]


def test_the_cli_says_which_races_wait_for_places(tmp_path, capsys):
    from designer.io.campaign_io import save_campaign

    from .cli_runner import run

    path = tmp_path / "p.campaign.json"
    save_campaign(doc_with([RACE_1, HALF_RACE_2, []]), path)
    code, out, _err = run(capsys, "campaign", "standings", path)
    assert code == 0 and "race 2 is waiting for 1 place; it counts once every place is in" in out.splitlines()
    assert "race 3" not in out  # a race not started is not waiting
