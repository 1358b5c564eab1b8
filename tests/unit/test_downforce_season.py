"""A Mario Kart for Downforce season from the command line: money entered (one parser for 2M, 2,000,000 …),
the kart raced, the refusals (exit 2, one line, file untouched), the standings by money (text and --json),
and the season score sheet, blank and filled, read back from the PDF in English and German — with no text
out of its box in pseudo-translation."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from designer import i18n
from designer.cli_args import parse_money
from designer.export.campaign_print import write_campaign_pdf
from designer.io.campaign_io import load_campaign
from designer.rules import load_ruleset
from designer.rules.texts import kart_colour_name

from . import pdfboxes, pdfscan
from .cli_runner import refused, run
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


def test_the_result_line_adds_prize_coins_and_bets(season, capsys):
    line = result(capsys, season, "--race", "1", "--player", "Ann", "--place", "1", "--coins", "2", "--kart", "red",
                  "--prize", "6M", "--bets", "$3M")
    assert line == (f"{season}: race 1: Ann 1st in the red kart: prize $6,000,000, 2 coins ($2,000,000), "
                    "bets $3,000,000 = $11,000,000; season $0 (race 1 counts once every place is in)")
    line = result(capsys, season, "--race", "1", "--player", "Bob", "--place", "2")
    assert line == (f"{season}: race 1: Bob 2nd in the green kart: prize $0, coins not entered, bets $0 = $0; "
                    "season $0 (race 1 counts once every place is in)")
    line = result(capsys, season, "--race", "1", "--player", "Cy", "--place", "3", "--prize", "1M")
    assert line.endswith(" = $1,000,000; season $1,000,000")  # race 1 complete: it counts
    line = result(capsys, season, "--race", "2", "--player", "Ann", "--place", "3", "--coins", "1", "--prize", "500k")
    assert line == (f"{season}: race 2: Ann 3rd in the red kart: prize $500,000, 1 coin ($1,000,000), "
                    "bets $0 = $1,500,000; season $11,000,000 (race 2 counts once every place is in)")
    data = json.loads(season.read_text(encoding="utf-8"))
    assert data["races"][0]["results"][0] == {"player": "Ann", "place": 1, "coins": 2, "kart": "red",
                                              "prize": 6 * MILLION, "bets": 3 * MILLION}
    assert "kart" not in data["races"][1]["results"][0]  # not given: the character's colour, not stored
    assert data["races"][0]["results"][1] == {"player": "Bob", "place": 2}  # no coins given: none stored


def test_money_totals_and_standings_json(season, capsys):
    result(capsys, season, "--race", "1", "--player", "Ann", "--place", "1", "--coins", "2", "--prize", "6M",
           "--bets", "3,000,000")
    result(capsys, season, "--race", "1", "--player", "Bob", "--place", "2", "--coins", "5", "--prize", "4M",
           "--kart", "black")
    result(capsys, season, "--race", "2", "--player", "Bob", "--place", "1", "--prize", "6M", "--bets", "250k")
    rows = standings_json(capsys, season)
    assert all(r["total"] == 0 for r in rows)  # neither race has Cy's place yet: no money counts
    assert rows[1]["by_race"][0]["total"] == 9 * MILLION  # though every result entered is listed
    result(capsys, season, "--race", "1", "--player", "Cy", "--place", "3")
    result(capsys, season, "--race", "2", "--player", "Ann", "--place", "2")
    result(capsys, season, "--race", "2", "--player", "Cy", "--place", "3")
    rows = standings_json(capsys, season)
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        (1, "Bob", 4 * MILLION + 5 * MILLION + 6 * MILLION + 250_000), (2, "Ann", 11 * MILLION), (3, "Cy", 0)]
    bob = rows[0]
    assert (bob["prize"], bob["coins"], bob["coin_money"], bob["bets"], bob["races"], bob["wins"]) == (
        10 * MILLION, 5, 5 * MILLION, 250_000, 2, 1)
    assert bob["by_race"][0] == {"race": 1, "place": 2, "kart": "black", "prize": 4 * MILLION, "coins": 5,
                                 "coin_money": 5 * MILLION, "bets": 0, "total": 9 * MILLION}
    assert bob["by_race"][1]["kart"] == "green"  # Luigi's colour when no kart is given
    assert [m["total"] for m in rows[2]["by_race"]] == [0, 0]
    assert all(isinstance(r["total"], int) for r in rows)


def test_players_level_on_money_share_the_rank(season, capsys):
    result(capsys, season, "--race", "1", "--player", "Ann", "--place", "1", "--prize", "5M")
    result(capsys, season, "--race", "1", "--player", "Bob", "--place", "2", "--prize", "3M", "--coins", "2")
    result(capsys, season, "--race", "1", "--player", "Cy", "--place", "3", "--bets", "1M")
    assert [(r["rank"], r["player"]) for r in standings_json(capsys, season)] == [(1, "Ann"), (1, "Bob"), (3, "Cy")]
    code, out, _err = run(capsys, "campaign", "standings", season)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "S — Mario Kart for Downforce: 1 race run"
    assert lines[1].split() == ["Rank", "Player", "Character", "Races", "Wins", "Prize", "Coins", "Coins", "$",
                                "Bets", "Total", "R1"]
    assert lines[2].split() == ["1", "Ann", "Mario", "1", "1", "$5,000,000", "0", "$0", "$0", "$5,000,000",
                                "$5,000,000"]
    assert lines[3].split()[:2] == ["1", "Bob"] and lines[4].split()[:2] == ["3", "Cy"]
    assert lines[-2] == ("Ranked by money: prize money, plus $1,000,000 for each coin, plus bet winnings; players "
                         "level on money share the rank.")
    assert lines[-1] == "Joint leaders: Ann, Bob"


def test_standings_in_german(season, capsys):
    result(capsys, season, "--race", "1", "--player", "Ann", "--place", "1", "--prize", "12M")
    result(capsys, season, "--race", "1", "--player", "Bob", "--place", "2")
    result(capsys, season, "--race", "1", "--player", "Cy", "--place", "3")
    code, out, _err = run(capsys, "--lang", "de", "campaign", "standings", season)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "S — Mario Kart für Downforce: 1 Rennen gefahren"
    assert lines[2].split()[:6] == ["1", "Ann", "Mario", "1", "1", "12.000.000"]
    assert lines[-1] == "In Führung: Ann"


def shown_colour(language: str, colour: str) -> str:
    """A kart colour as the language names it (the rule data's translation, once there is one)."""
    i18n.set_language(language)
    try:
        return kart_colour_name(load_ruleset("mk-downforce"), colour)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("language", "typed"), [("de", None), ("en", "RED"), ("en", " red ")])
def test_a_kart_is_its_id_or_its_name_in_the_current_language(season, capsys, language, typed):
    typed = typed or shown_colour(language, "red").upper()
    code, _out, err = run(capsys, "--lang", language, "campaign", "result", season, "--race", "1", "--player", "Bob",
                          "--place", "1", "--kart", typed)
    assert (code, err) == (0, "")
    doc, _ctx = load_campaign(season)
    assert doc.races[0].result("Bob").kart == "red"


# --- refusals ------------------------------------------------------------------------------------------
def test_a_kart_colour_races_once_a_race(season, capsys):
    result(capsys, season, "--race", "1", "--player", "Ann", "--place", "1")
    line = refused(capsys, season, "campaign", "result", season, "--race", "1", "--player", "Bob", "--place", "2",
                   "--kart", "Red")
    assert line == f"{season}: race 1, Bob: the red kart is already Ann's in this race; one kart per colour per race"


@pytest.mark.parametrize(("argv", "reason"), [
    (("--kart", "purple"), "there is no purple kart (the karts: red, green, orange, black, blue, yellow)"),
])
def test_season_refusals_leave_the_file_alone(season, capsys, argv, reason):
    line = refused(capsys, season, "campaign", "result", season, "--race", "1", "--player", "Ann", "--place", "1",
                   *argv)
    assert line == f"{season}: race 1, Ann: {reason}"


@pytest.mark.parametrize(("argv", "line"), [
    (("--prize=-2M",), "kartographer: error: argument --prize: money cannot be negative (-2M)"),
    (("--bets=-1",), "kartographer: error: argument --bets: money cannot be negative (-1)"),
])
def test_negative_money_is_refused_as_it_is_read(season, capsys, argv, line):
    assert refused(capsys, season, "campaign", "result", season, "--race", "1", "--player", "Ann", "--place", "1",
                   *argv) == line


@pytest.mark.parametrize(("money", "reason"), [("2.5", "is not a whole number of dollars"),
                                             ("lots", "is not an amount of money"),
                                             ("2,00,000", "is not an amount of money")])
def test_money_that_is_not_money_is_one_line(season, capsys, money, reason):
    line = refused(capsys, season, "campaign", "result", season, "--race", "1", "--player", "Ann", "--place", "1",
                   "--prize", money)
    assert f"'{money}' {reason}" in line


@pytest.mark.parametrize("argv", [("--prize", "2M"), ("--bets", "1M"), ("--kart", "red")])
def test_a_race_series_keeps_no_money(tmp_path, capsys, argv):
    path = tmp_path / "r.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-downforce", "--mode", "race_series", "--player",
               "Ann:mario", "-o", path)[0] == 0
    line = refused(capsys, path, "campaign", "result", path, "--race", "1", "--player", "Ann", "--place", "1", *argv)
    assert line.startswith(f"{path}: race 1, Ann: a ")
    assert line.endswith(" campaign keeps no prize money, bets or karts")


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


def played(capsys, season: Path, races: int = 2) -> None:
    result(capsys, season, "--race", "1", "--player", "Ann", "--place", "1", "--coins", "2", "--prize", "6M",
           "--bets", "3M")
    result(capsys, season, "--race", "1", "--player", "Bob", "--place", "2", "--prize", "12M", "--kart", "yellow")
    result(capsys, season, "--race", "1", "--player", "Cy", "--place", "3")
    for n in range(2, races + 1):  # every place in, so each race counts
        result(capsys, season, "--race", str(n), "--player", "Cy", "--place", "1", "--prize", "1M")
        result(capsys, season, "--race", str(n), "--player", "Ann", "--place", "2")
        result(capsys, season, "--race", str(n), "--player", "Bob", "--place", "3")


def test_the_blank_sheet_has_a_row_per_kart_and_four_races(tmp_path, capsys):
    data = printed(capsys, tmp_path / "x", "export", "--ruleset", "mk-downforce", "--what", "scoresheet")
    reader = pdfscan.reader(data)
    assert len(reader.pages) == 1 and reader.pages[0].mediabox.width > reader.pages[0].mediabox.height
    texts = all_text(data)
    assert "Season score sheet" in texts and "1 coin = $1,000,000" in texts
    assert "Race 4" in texts and "Race 5" not in texts
    assert "Ranked by money" in texts and "Season money" in texts
    # a colour band in each of the six blank rows, one per kart
    kart_bands = [b for b in pdfboxes.pages(data)[0].shapes if 1.4 < b.w < 1.8]
    assert len(kart_bands) == 6


@pytest.mark.parametrize(("language", "total", "race_label"), [("en", "$20,000,000", "Race 2"),
                                                               ("de", "20.000.000 $", "Rennen 2")])
def test_the_filled_sheet_carries_names_money_and_ranks(season, capsys, language, total, race_label):
    played(capsys, season, races=1)
    result(capsys, season, "--race", "2", "--player", "Cy", "--place", "1", "--prize", "1M")
    result(capsys, season, "--race", "2", "--player", "Ann", "--place", "2", "--prize", "9M")
    result(capsys, season, "--race", "2", "--player", "Bob", "--place", "3")
    data = printed(capsys, season, "--lang", language, "campaign", "print", season, "--sections", "scoresheet")
    texts = all_text(data)
    assert len(pdfscan.reader(data).pages) == 1
    for name in ("Ann (Mario)", "Bob (Luigi)", "Cy (Toad)", race_label, total):
        assert name in texts, name
    assert ("$12,000,000" if language == "en" else "12.000.000 $") in texts
    assert shown_colour(language, "yellow") in texts
    assert "Race 3" not in texts and "Rennen 3" not in texts


def test_the_sheet_ranks_as_the_standings_do(season, capsys):
    played(capsys, season)
    doc, ctx = load_campaign(season)
    buffer = io.BytesIO()
    write_campaign_pdf(buffer, doc, ctx, "scoresheet")
    reader = pdfscan.reader(buffer.getvalue())
    runs = [t for t in pdfscan.texts(reader.pages[0], reader)]
    # after each player's season money comes their rank: Bob 12M first, Ann 11M, Cy 1M
    for money, rank in (("$12,000,000", "1"), ("$11,000,000", "2"), ("$1,000,000", "3")):
        at = max(i for i, t in enumerate(runs) if t == money)
        assert runs[at + 1] == rank


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
    assert "Race 4" in texts
    assert texts.split("Ann (Mario)", 1)[1].split("Season money =")[0].split() == ["Bob", "(Luigi)", "Cy", "(Toad)"]


def test_a_season_prints_its_sheet_by_default(season, capsys):
    played(capsys, season)
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
    result(capsys, season, "--race", "2", "--player", "Ann", "--place", "2", "--prize", "999,999,999,999",
           "--bets", "999,999,999,999", "--coins", "9999")
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    found = []
    for language in ("de", "fr"):
        for argv in (("export", "--ruleset", "mk-downforce", "--what", "scoresheet"),
                     ("campaign", "print", str(season), "--sections", "scoresheet")):
            data = printed(capsys, season, "--lang", language, *argv)
            found += [f"{language} {argv[0]}: {problem}" for problem in pdfboxes.all_overflows(data)]
    assert not found, "\n".join(found[:20])
