"""A Mario Kart for Downforce season from the command line: each race's six cars (place, owner, price paid,
coins) and the players' bets, money read as people write it (one parser for 2M, 2,000,000 …), the prize table,
the refusals (exit 2, one line naming the car by colour, file untouched), the standings by money (text and
--json) of three players owning six cars over three races, and the season score sheet, blank and filled, read
back from the PDF in English and German — with no text out of its box in pseudo-translation."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from designer import i18n
from designer.export.campaign_print import write_campaign_pdf
from designer.io.campaign_io import load_campaign
from designer.rules import load_ruleset
from designer.systems.mk_downforce.cli import parse_money
from designer.systems.mk_downforce.fields import DownforceRace
from designer.systems.mk_downforce.rule_data import kart_colour_name

from . import pdfboxes, pdfscan
from .cli_runner import refused, run
from .test_downforce_core import SEASON
from .test_print_overflow import all_text

MILLION = 1_000_000


@pytest.fixture
def season(tmp_path, capsys) -> Path:
    """Ann (Mario: red), Bob (Luigi: green) and Cy (Toad: blue) start a season."""
    path = tmp_path / "s.campaign.json"
    code, out, err = run(capsys, "campaign", "new", "--ruleset", "mk-downforce", "--player", "Ann:mario", "Bob:luigi",
                         "Cy:toad", "-o", path)
    assert (code, err) == (0, "")
    assert out == f"wrote {path}: S, season, 3 players, 0 races\n"
    return path


def result(capsys, path: Path, *argv: str) -> str:
    code, out, err = run(capsys, "campaign", "result", path, *argv)
    assert (code, err) == (0, ""), err
    return out.strip()


def standings_json(capsys, path: Path) -> list[dict]:
    code, out, _err = run(capsys, "campaign", "standings", path, "--json")
    assert code == 0
    return json.loads(out)


# --- the money parser ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "dollars"), [
    ("2000000", 2 * MILLION), ("2,000,000", 2 * MILLION), ("$2M", 2 * MILLION), ("2M", 2 * MILLION),
    ("1.5M", 1_500_000), ("500k", 500_000), ("$2,000,000", 2 * MILLION), (" 3m ", 3 * MILLION), ("0", 0),
    ("12,500k", 12_500_000), ("0.25M", 250_000), ("1.001k", 1001), ("2 000 000", 2 * MILLION),
    ("2B", 2_000_000_000),
])
def test_money_is_read_as_players_say_it(typed, dollars):
    assert parse_money(typed) == dollars


@pytest.mark.parametrize(("typed", "reason"), [
    ("2.5", "is not a whole number of dollars"), ("1.2345k", "is not a whole number of dollars"),
    ("2,0000", "is not a whole number of dollars"), ("2,00,000", "is not an amount of money"),
    ("2MM", "is not an amount of money"), ("abc", "is not an amount of money"), ("1e6", "is not an amount of money"),
    ("M", "is not an amount of money"), ("$-", "is not an amount of money"), ("-2M", "cannot be negative"),
    ("", "'' is not an amount of money"), ("$", "'\\$' is not an amount of money"), (" ", "is not an amount"),
    ("\u0663M", "'\u0663M' is not an amount of money"),
    ("2000000000001", "more money than a season can hold")])
def test_what_is_not_money_is_refused(typed, reason):
    with pytest.raises(argparse.ArgumentTypeError, match=reason):
        parse_money(typed)


# --- results and money ---------------------------------------------------------------------------------
def test_a_downforce_campaign_starts_a_season(season):
    doc, _ctx = load_campaign(season)
    assert doc.mode == "season" and [p.character for p in doc.players] == ["mario", "luigi", "toad"]


def enter_car(capsys, path: Path, race: int, colour: str, place: int, owner: str | None, paid: int,
              coins: int | None) -> str:
    argv = ["--race", str(race), "--car", colour, "--place", str(place)]
    argv += ["--owner", owner] if owner else []
    argv += [f"--paid=-{paid}"] if paid else []  # money paid, written as people write it on the sheet
    argv += ["--coins", str(coins)] if coins is not None else []
    return result(capsys, path, *argv)


def played_season(capsys, path: Path) -> None:
    """The core tests' season, entered on the command line with Ann, Bob and Cy for Ana, Ben and Cy."""
    rename = {"Ana": "Ann", "Ben": "Bob", "Cy": "Cy"}
    for number, (cars, bets) in enumerate(SEASON, 1):
        for colour, place, owner, paid, coins in cars:
            enter_car(capsys, path, number, colour, place, rename[owner], paid, coins)
        for player, amount in bets.items():
            result(capsys, path, "--race", str(number), "--player", rename[player], "--bets", str(amount))


def test_a_car_line_adds_prize_and_coins_less_the_price_paid(season, capsys):
    line = result(capsys, season, "--race", "1", "--car", "red", "--place", "1", "--owner", "ann", "--paid", "-5M",
                  "--coins", "2")
    assert line == (f"{season}: race 1: the red car 1st, Ann's: prize $12,000,000, 2 coins ($2,000,000), paid "
                    "-$5,000,000 = $9,000,000 (race 1 counts once every car is placed)")
    line = result(capsys, season, "--race", "1", "--car", "Green", "--place", "2", "--owner", "Ann", "--paid", "4M")
    assert line.startswith(f"{season}: race 1: the green car 2nd, Ann's: prize $9,000,000, coins not entered, "
                           "paid -$4,000,000 = $5,000,000")  # "4M" and "-4M" are the same price paid
    line = result(capsys, season, "--race", "1", "--car", "black", "--place", "3")
    assert line == f"{season}: race 1: the black car 3rd, nobody's (race 1 counts once every car is placed)"
    line = result(capsys, season, "--race", "1", "--player", "Bob", "--bets", "3M")
    assert line == f"{season}: race 1: Bob's bet winnings $3,000,000 (race 1 counts once every car is placed)"
    data = json.loads(season.read_text(encoding="utf-8"))
    assert data["schema_version"] == 4
    assert data["races"][0]["cars"] == [
        {"colour": "red", "place": 1, "owner": "Ann", "paid": 5 * MILLION, "coins": 2},
        {"colour": "green", "place": 2, "owner": "Ann", "paid": 4 * MILLION}, {"colour": "black", "place": 3}]
    assert data["races"][0]["bets"] == [{"player": "Bob", "amount": 3 * MILLION}]


def test_three_players_six_cars_three_races_standings_json(season, capsys):
    played_season(capsys, season)
    rows = standings_json(capsys, season)
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        (1, "Bob", 28 * MILLION), (2, "Ann", 27 * MILLION), (2, "Cy", 27 * MILLION)]
    ann = rows[1]
    assert (ann["prize"], ann["coins"], ann["coin_money"], ann["paid"], ann["bets"], ann["races"], ann["wins"]) == (
        33 * MILLION, 5, 5 * MILLION, 16 * MILLION, 5 * MILLION, 3, 1)
    assert ann["by_race"][0]["cars"][0] == {"colour": "red", "place": 1, "paid": 5 * MILLION, "prize": 12 * MILLION,
                                            "coins": 2, "coin_money": 2 * MILLION, "total": 9 * MILLION}
    assert [r["total"] for r in ann["by_race"]] == [15 * MILLION, 7 * MILLION, 5 * MILLION]
    assert all(isinstance(r["total"], int) for r in rows)


def test_standings_table_in_english_and_german(season, capsys):
    played_season(capsys, season)
    code, out, _err = run(capsys, "campaign", "standings", season)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "S — Mario Kart for Downforce: 3 races run"
    assert lines[1].split() == ["Rank", "Player", "Character", "Races", "Wins", "Prize", "Coins", "Coins", "$",
                                "Paid", "Bets", "Total", "R1", "R2", "R3"]
    assert lines[2].split() == ["1", "Bob", "Luigi", "3", "1", "$36,000,000", "4", "$4,000,000", "-$18,000,000",
                                "$6,000,000", "$28,000,000", "$8,000,000", "$7,000,000", "$13,000,000"]
    assert lines[-3].startswith("Ranked by money: prize money for each car's place, plus $1,000,000 for each coin")
    assert lines[-2] == "Prize money per place: the base Downforce game's, as we read it; check it against your box."
    assert lines[-1] == "Leader: Bob"
    code, out, _err = run(capsys, "--lang", "de", "campaign", "standings", season)
    assert code == 0 and out.splitlines()[2].split()[:6] == ["1", "Bob", "Luigi", "3", "1", "36.000.000"]


def test_the_prize_table_is_entered_once_and_kept(season, capsys):
    played_season(capsys, season)
    code, out, err = run(capsys, "campaign", "prizes", season, "10M", "7M", "5M", "3M", "1M")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{season}: prize money: 1st $10,000,000, 2nd $7,000,000, 3rd $5,000,000, 4th $3,000,000, 5th $1,000,000, "
        "6th $0", "Prize money per place: this season's own table."]
    assert json.loads(season.read_text(encoding="utf-8"))["prizes"] == [10 * MILLION, 7 * MILLION, 5 * MILLION,
                                                                        3 * MILLION, 1 * MILLION]
    assert {r["player"]: r["total"] for r in standings_json(capsys, season)}["Ann"] == 20 * MILLION
    line = refused(capsys, season, "campaign", "prizes", season, *["1M"] * 7)
    assert line == f"{season}: prizes: 7 amounts for 6 places"
    assert run(capsys, "campaign", "prizes", season)[0] == 0  # none: the base game's again
    assert "prizes" not in json.loads(season.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("language", "typed"), [("de", None), ("en", "RED"), ("en", " red ")])
def test_a_car_is_its_id_or_its_name_in_the_current_language(season, capsys, language, typed):
    typed = typed or shown_colour(language, "red").upper()
    code, _out, err = run(capsys, "--lang", language, "campaign", "result", season, "--race", "1", "--car", typed,
                          "--place", "1", "--owner", "Bob")
    assert (code, err) == (0, "")
    doc, _ctx = load_campaign(season)
    assert DownforceRace.of(doc.races[0]).car("red").owner == "Bob"


def shown_colour(language: str, colour: str) -> str:
    """A kart colour as the language names it (the rule data's translation, once there is one)."""
    i18n.set_language(language)
    try:
        return kart_colour_name(load_ruleset("mk-downforce"), colour)
    finally:
        i18n.set_language("en")


# --- refusals ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "reason"), [
    (("--car", "red", "--place", "2"), "race 1, the red car: place 2 is already the green car's"),
    (("--car", "purple", "--place", "3"), "race 1: there is no purple car (the cars: red, green, orange, black, "
                                          "blue, yellow)"),
    (("--car", "blue", "--place", "7"), "race 1, the blue car: place 7 is outside 1…6 (6 cars)"),
    (("--car", "blue", "--place", "3", "--owner", "Zed"), "race 1, the blue car: 'Zed' is not a player in this "
                                                          "campaign (players: Ann, Bob, Cy)"),
    (("--car", "blue"), "race 1: give --place P for the car"),
    (("--player", "Ann", "--place", "1"), "race 1: a season records each car's place: give --car COLOUR --place P "
                                          "(and --owner NAME, --paid MONEY), or --player NAME --bets MONEY"),
    (("--bets", "1M"), "race 1: whose bet winnings? give --player NAME"),
    (("--car", "blue", "--place", "3", "--gates", "2"), "race 1: a season counts no gates"),
])
def test_season_refusals_are_one_line_and_leave_the_file_alone(season, capsys, argv, reason):
    result(capsys, season, "--race", "1", "--car", "green", "--place", "2", "--owner", "Bob")
    line = refused(capsys, season, "campaign", "result", season, "--race", "1", *argv)
    assert line == f"{season}: {reason}"


@pytest.mark.parametrize(("argv", "line"), [
    (("--bets=-1",), "kartographer: error: argument --bets: money cannot be negative (-1)"),
    (("--paid", "lots"), "kartographer: error: argument --paid: 'lots' is not an amount of money (write it like "
                         "2000000, $2M, 1.5M or 500k)"),
])
def test_money_is_refused_as_it_is_read(season, capsys, argv, line):
    assert refused(capsys, season, "campaign", "result", season, "--race", "1", "--car", "red", "--place", "1",
                   *argv) == line


@pytest.mark.parametrize(("money", "reason"), [("2.5", "is not a whole number of dollars"),
                                             ("lots", "is not an amount of money"),
                                             ("2,00,000", "is not an amount of money")])
def test_money_that_is_not_money_is_one_line(season, capsys, money, reason):
    line = refused(capsys, season, "campaign", "result", season, "--race", "1", "--player", "Ann", "--bets", money)
    assert f"'{money}' {reason}" in line


@pytest.mark.parametrize("argv", [("--bets", "1M"), ("--car", "red"), ("--paid", "1M")])
def test_a_race_series_keeps_no_money(tmp_path, capsys, argv):
    path = tmp_path / "r.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-downforce", "--mode", "race_series", "--player",
               "Ann:mario", "-o", path)[0] == 0
    line = refused(capsys, path, "campaign", "result", path, "--race", "1", "--player", "Ann", "--place", "1", *argv)
    assert line.startswith(f"{path}: race 1: a ")
    assert line.endswith(" campaign keeps no prize money, bets or cars")


def test_a_race_series_standings_are_unchanged(tmp_path, capsys):
    path = tmp_path / "r.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-downforce", "--mode", "race_series", "--player", "Ann:mario",
        "Bob:luigi", "-o", path)
    result(capsys, path, "--race", "1", "--player", "Ann", "--place", "1")
    result(capsys, path, "--race", "1", "--player", "Bob", "--place", "2")
    code, out, _err = run(capsys, "campaign", "standings", path)
    assert code == 0 and out.splitlines()[1].split() == ["Rank", "Player", "Character", "Races", "1st", "2nd", "R1"]
    assert "Prize" not in out and out.splitlines()[-1] == "Leader: Ann"


# --- the season score sheet ----------------------------------------------------------------------------
def printed(capsys, path: Path, *argv: str) -> bytes:
    out = path.parent / "sheet.pdf"
    code, _out, err = run(capsys, *argv, "-o", out)
    assert (code, err) == (0, ""), err
    return out.read_bytes()


def played(capsys, season: Path, races: int = 3) -> None:
    """The first `races` races of the core tests' season (more races repeat the first)."""
    rename = {"Ana": "Ann", "Ben": "Bob", "Cy": "Cy"}
    for number in range(1, races + 1):
        cars, bets = SEASON[(number - 1) % len(SEASON)]
        for colour, place, owner, paid, coins in cars:
            enter_car(capsys, season, number, colour, place, rename[owner], paid, coins)
        for player, amount in bets.items():
            result(capsys, season, "--race", str(number), "--player", rename[player], "--bets", str(amount))


def test_the_blank_sheet_has_a_row_per_car_a_row_per_player_and_three_races(tmp_path, capsys):
    data = printed(capsys, tmp_path / "x", "export", "--ruleset", "mk-downforce", "--what", "scoresheet")
    reader = pdfscan.reader(data)
    assert len(reader.pages) == 1 and reader.pages[0].mediabox.width > reader.pages[0].mediabox.height
    texts = all_text(data)
    assert "Season score sheet" in texts and "1 coin = $1,000,000" in texts
    assert "Race 3" in texts and "Race 4" not in texts
    assert "Ranked by money" in texts and "Season money" in texts
    assert "1st $12,000,000" in texts and "6th $0" in texts and "check against your box" in texts
    for heading in ("Place", "Owner", "Paid", "Prize", "Coins", "Bets", "Race money"):
        assert heading in texts, heading
    # a colour band in each of the six car rows
    kart_bands = [b for b in pdfboxes.pages(data)[0].shapes if 1.4 < b.w < 1.8]
    assert len(kart_bands) == 6


@pytest.mark.parametrize(("language", "total", "race_label"), [("en", "$28,000,000", "Race 3"),
                                                               ("de", "28.000.000 $", "Rennen 3")])
def test_the_filled_sheet_reads_back_cars_owners_money_and_ranks(season, capsys, language, total, race_label):
    played(capsys, season)
    data = printed(capsys, season, "--lang", language, "campaign", "print", season, "--sections", "scoresheet")
    texts = all_text(data)
    assert len(pdfscan.reader(data).pages) == 1
    for name in ("Ann (Mario)", "Bob (Luigi)", "Cy (Toad)", race_label, total):
        assert name in texts, name
    assert ("-$5,000,000" if language == "en" else "-5.000.000 $") in texts  # the red car's price, race 1
    assert shown_colour(language, "yellow") in texts
    assert "Race 4" not in texts and "Rennen 4" not in texts


def test_the_sheet_reads_back_each_car_and_each_players_money(season, capsys):
    played(capsys, season)
    doc, ctx = load_campaign(season)
    buffer = io.BytesIO()
    write_campaign_pdf(buffer, doc, ctx, "scoresheet")
    reader = pdfscan.reader(buffer.getvalue())
    runs = list(pdfscan.texts(reader.pages[0], reader))
    # the red car's row: race 1 1st Ann paid 5M 12M 2 coins; race 2 2nd Bob 5M 9M; race 3 3rd Cy 7M 6M
    red = runs[runs.index("red") + 1: runs.index("green")]
    assert red == ["1", "Ann", "-$5,000,000", "$12,000,000", "2", "2", "Bob", "-$5,000,000", "$9,000,000",
                   "3", "Cy", "-$7,000,000", "$6,000,000"]
    # each player's bets and race money, then the season's money and rank: Bob 28M first, Ann and Cy 27M second
    bob = runs[runs.index("Bob (Luigi)") + 1: runs.index("Cy (Toad)")]
    assert bob == ["$0", "$8,000,000", "$6,000,000", "$7,000,000", "$0", "$13,000,000", "$28,000,000", "1"]
    assert runs[runs.index("Cy (Toad)") + 1:][6:8] == ["$27,000,000", "2"]


def test_a_long_season_continues_on_more_pages(season, capsys):
    played(capsys, season, races=4)
    data = printed(capsys, season, "campaign", "print", season, "--sections", "scoresheet")
    reader = pdfscan.reader(data)
    assert len(reader.pages) == 2  # 4 races: 2 + 2
    second = " ".join(pdfscan.texts(reader.pages[1], reader))
    assert "Race 3" in second and "Race 4" in second and "Race 2" not in second


def test_a_season_before_its_first_race_prints_one_sheet_to_fill_in(season, capsys):
    data = printed(capsys, season, "campaign", "print", season, "--sections", "scoresheet")
    texts = all_text(data)
    assert len(pdfscan.reader(data).pages) == 1
    assert texts.split("Ann (Mario)", 1)[1].split("Race money =")[0].split() == ["Bob", "(Luigi)", "Cy", "(Toad)"]


def test_a_season_prints_its_sheet_by_default(season, capsys):
    played(capsys, season, races=1)
    data = printed(capsys, season, "campaign", "print", season)
    assert "S — season score sheet" in all_text(data)
    assert len(pdfscan.reader(data).pages) == 1  # no empty per-player sheets: Downforce has kart cards instead


def test_a_season_has_no_per_player_sheets_to_print(season, capsys):
    out = season.with_name("sheets.pdf")
    line = refused(capsys, season, "campaign", "print", season, "--sections", "dashboards", "-o", out)
    assert line == ("kartographer: error: cannot print dashboards: mk-downforce prints no sheet per player "
                    "(choose scoresheet)") and not out.exists()


def test_nothing_runs_out_of_its_box_in_pseudo_translation(season, capsys, monkeypatch):
    played(capsys, season, races=3)
    result(capsys, season, "--race", "2", "--player", "Ann", "--bets", "999,999,999,999")
    result(capsys, season, "--race", "2", "--car", "red", "--place", "2", "--owner", "Bob", "--paid",
           "999,999,999,999", "--coins", "9999")
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    found = []
    for language in ("de", "fr"):
        for argv in (("export", "--ruleset", "mk-downforce", "--what", "scoresheet"),
                     ("campaign", "print", str(season), "--sections", "scoresheet")):
            data = printed(capsys, season, "--lang", language, *argv)
            found += [f"{language} {argv[0]}: {problem}" for problem in pdfboxes.all_overflows(data)]
    assert not found, "\n".join(found[:20])
