"""Mario Kart for Downforce's core: the season's six cars a race and their money (prize table, price paid,
coins, bets), the kit's rule data,
the system's print options and printing without a track file (`export --ruleset`)."""

from __future__ import annotations

import copy
import json
import re

import pytest
from pydantic import ValidationError

from designer import i18n
from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.export.bundle import blank_document, print_settings
from designer.export.options import ExportOptions, PrintJob
from designer.export.paper import LayoutError
from designer.paths import RULESETS_DIR
from designer.rules import load_ruleset
from designer.rules.loader import validate_ruleset
from designer.systems import registry
from designer.systems.mk_downforce import season_edit
from designer.systems.mk_downforce.fields import DownforcePrizes
from designer.systems.mk_downforce.rule_data import downforce_rules
from designer.systems.mk_downforce.season import (
    money_totals_by_race,
    prize_table,
    prizes_assumed,
    race_complete,
    races_waiting,
    season_rule,
    season_standings,
)

from .cli_runner import refused, run

DOWNFORCE = load_ruleset("mk-downforce")
CTX = Context(DOWNFORCE)


def season(*players: tuple[str, str]):
    return edit.new_campaign("Season", CTX, "season", list(players or [("Ana", "mario"), ("Ben", "luigi"),
                                                                        ("Cy", "bowser")]))


def test_downforce_kit_defaults_are_the_rule_datas():
    kit = downforce_rules(DOWNFORCE).kit
    assert (kit.token_size_mm, kit.lanes, kit.betting_lines, kit.die_size_mm) == (20, 6, 3, 16)
    assert kit.block_token in downforce_rules(DOWNFORCE).tokens
    assert {t.token for t in kit.item_tokens} == {"Banana", "Coin", "Green Shell", "Blue Shell"}
    assert [k.hex for k in downforce_rules(DOWNFORCE).karts][:2] == ["#d3261e", "#2e9e3f"]


def test_a_kit_token_must_be_one_of_the_tokens():
    data = json.loads((RULESETS_DIR / "mk-downforce.json").read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    broken["downforce"]["kit"]["item_tokens"][0]["token"] = "Red Shell"
    with pytest.raises(ValidationError, match="kit token 'Red Shell' is not one of the tokens"):
        validate_ruleset(broken)
    broken = copy.deepcopy(data)
    broken["downforce"]["karts"][0]["hex"] = "red"
    with pytest.raises(ValidationError):
        validate_ruleset(broken)


def test_colour_of_a_character_is_its_karts():
    rules = downforce_rules(DOWNFORCE)
    assert [rules.colour_of(c) for c in ("peach", "donkey-kong", "metal-mario", "bowser")] == [
        "red", "orange", "black", "yellow"]
    assert rules.colour_of("nobody") is None and rules.kart("blue").drivers == ["toad", "rosalina"]


# --- the season's money ----------------------------------------------------------------------------
M = 1_000_000
#: Three races of Ana, Ben and Cy, each owning two of the six cars: (colour, place, owner, paid, coins), bets.
SEASON = (
    ([("red", 1, "Ana", 5 * M, 2), ("green", 2, "Ben", 4 * M, 0), ("orange", 3, "Cy", 3 * M, 1),
      ("black", 4, "Ana", 1 * M, None), ("blue", 5, "Ben", 2 * M, 3), ("yellow", 6, "Cy", 0, None)],
     {"Ana": 3 * M, "Cy": 9 * M}),
    ([("yellow", 1, "Cy", 6 * M, 1), ("red", 2, "Ben", 5 * M, None), ("blue", 3, "Ana", 2 * M, 2),
      ("green", 4, "Cy", 3 * M, None), ("orange", 5, "Ana", 1 * M, None), ("black", 6, "Ben", 4 * M, 1)],
     {"Ben": 6 * M}),
    ([("black", 1, "Ben", 2 * M, None), ("orange", 2, "Ana", 6 * M, 1), ("red", 3, "Cy", 7 * M, None),
      ("green", 4, "Ben", 1 * M, None), ("yellow", 5, "Cy", 0, 2), ("blue", 6, "Ana", 1 * M, None)],
     {"Ana": 2 * M, "Cy": 3 * M}),
)


def played(doc=None, races=SEASON):
    doc = doc or season()
    for number, (cars, bets) in enumerate(races, 1):
        for colour, place, owner, paid, coins in cars:
            doc = season_edit.set_car(doc, CTX, number, colour, place, owner, paid, coins)
        for player, amount in bets.items():
            doc = season_edit.set_bets(doc, CTX, number, player, amount)
    return doc


def test_three_players_owning_six_cars_over_three_races_end_with_exact_money():
    """Prize for the place (the base game's 12/9/6/4/2/0 million) + coins at $1M − price paid, per car owned,
    plus bets: Ana 15 + 7 + 5, Ben 8 + 7 + 13, Cy 13 + 8 + 6 million."""
    doc = played()
    assert prize_table(doc, DOWNFORCE) == (12 * M, 9 * M, 6 * M, 4 * M, 2 * M, 0)
    assert prizes_assumed(doc, DOWNFORCE)
    rows = season_standings(doc, DOWNFORCE)
    assert [(s.rank, s.player, s.total) for s in rows] == [(1, "Ben", 28 * M), (2, "Ana", 27 * M),
                                                           (2, "Cy", 27 * M)]
    ana = rows[1]
    assert (ana.prize, ana.coins, ana.coin_money, ana.paid, ana.bets, ana.races, ana.wins) == (
        33 * M, 5, 5 * M, 16 * M, 5 * M, 3, 1)
    assert [m.total for m in ana.by_race] == [15 * M, 7 * M, 5 * M]
    assert [(c.colour, c.place, c.total) for c in ana.by_race[0].cars] == [("red", 1, 9 * M), ("black", 4, 3 * M)]
    assert money_totals_by_race(doc, DOWNFORCE) == {"Ana": [15 * M, 22 * M, 27 * M], "Ben": [8 * M, 15 * M, 28 * M],
                                                    "Cy": [13 * M, 21 * M, 27 * M]}


def test_a_car_nobody_owns_takes_its_place_and_a_race_counts_once_all_six_are_placed():
    doc = season()
    doc = season_edit.set_car(doc, CTX, 1, "red", 1, "Ana", 5 * M, 2)
    doc = season_edit.set_car(doc, CTX, 1, "green", 2, "Ana", 2 * M)  # a player may own several cars
    doc = season_edit.set_car(doc, CTX, 1, "orange", 3, "Ben")
    assert not race_complete(DOWNFORCE, doc.races[0])
    assert {s.player: s.total for s in season_standings(doc, DOWNFORCE)}["Ana"] == 0  # waiting for 3 cars
    assert races_waiting(doc, DOWNFORCE) == ["race 1 is waiting for 3 cars' places; it counts once every car is "
                                             "placed"]
    assert season_standings(doc, DOWNFORCE, complete_only=False)[0].total == 9 * M + 7 * M
    for colour, place in (("black", 4), ("blue", 5), ("yellow", 6)):  # nobody's cars
        doc = season_edit.set_car(doc, CTX, 1, colour, place)
    assert race_complete(DOWNFORCE, doc.races[0]) and races_waiting(doc, DOWNFORCE) == []
    rows = {s.player: s for s in season_standings(doc, DOWNFORCE)}
    assert (rows["Ana"].total, rows["Ben"].total, rows["Cy"].total) == (16 * M, 6 * M, 0)
    assert rows["Cy"].by_race == (None,) and rows["Cy"].races == 0


def test_the_seasons_own_prize_table_pays_every_race():
    doc = season_edit.set_prizes(played(), CTX, [10 * M, 7 * M, 5 * M, 3 * M, 1 * M])
    assert prize_table(doc, DOWNFORCE) == (10 * M, 7 * M, 5 * M, 3 * M, 1 * M, 0)  # unpaid places: $0
    assert not prizes_assumed(doc, DOWNFORCE)
    # Ana's cars finished 1, 4 | 3, 5 | 2, 6: (12+4+6+2+9+0) − (10+3+5+1+7+0) = 33 − 26 = 7 million less
    assert {s.player: s.total for s in season_standings(doc, DOWNFORCE)}["Ana"] == 20 * M
    assert DownforcePrizes.of(season_edit.set_prizes(doc, CTX, [])).prizes == []  # back to the rule data's
    with pytest.raises(CampaignError, match="the prize table pays 7 places but a race has 6 cars"):
        season_edit.set_prizes(doc, CTX, [M] * 7)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: season_edit.set_car(d, CTX, 1, "red", 2, "Ben"), "race 1, the red car: place 2 is already the "
                                                                 "green car's"),
    (lambda d: season_edit.set_car(d, CTX, 1, "pink", 3), r"race 1: there is no pink car \(the cars: red, green"),
    (lambda d: season_edit.set_car(d, CTX, 1, "blue", 7), r"race 1, the blue car: place 7 is outside 1…6 \(6 cars\)"),
    (lambda d: season_edit.set_car(d, CTX, 1, "blue", 3, "Zed"), "race 1, the blue car: 'Zed' is not a player"),
    (lambda d: season_edit.set_car(d, CTX, 1, "blue", 3, "Ana", -1), "money cannot be negative"),
    (lambda d: season_edit.set_bets(d, CTX, 1, "Zed", M), "race 1: 'Zed' is not a player"),
])
def test_refusals_name_the_race_and_the_car_by_colour(change, message):
    doc = season_edit.set_car(season(), CTX, 1, "red", 1, "Ana")
    doc = season_edit.set_car(doc, CTX, 1, "green", 2, "Ben")
    with pytest.raises(CampaignError) as caught:
        change(doc)
    assert re.search(message, f"{caught.value.location}: {caught.value.reason}"), str(caught.value)
    assert "[" not in f"{caught.value.location}"  # never an index such as cars[1]


def test_cars_and_bets_are_only_kept_by_a_money_season():
    series = edit.new_campaign("Series", CTX, "race_series", [("Ana", "mario"), ("Ben", "luigi")])
    with pytest.raises(CampaignError, match="keeps no prize money, bets or cars"):
        season_edit.set_car(series, CTX, 1, "red", 1, "Ana")
    with pytest.raises(CampaignError, match="keeps no prize money, bets or cars"):
        season_edit.set_bets(series, CTX, 1, "Ana", M)
    with pytest.raises(CampaignError, match="a season records each car's place, not each player's"):
        edit.set_result(season(), CTX, 1, "Ana", 1)


def test_season_rule_names_the_coins_worth_in_the_language():
    assert "$1,000,000 for each coin" in season_rule(DOWNFORCE)
    try:
        i18n.set_language("de")
        assert "1.000.000" in season_rule(DOWNFORCE) and "$" in season_rule(DOWNFORCE)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("language", "text"), [("en", "$12,000,000"), ("de", "12.000.000\u00a0$"),
                                                ("fr", "12\u202f000\u202f000\u00a0$"), ("es", "12.000.000\u00a0$")])
def test_dollars_are_written_as_the_language_writes_money(language, text):
    assert i18n.format_dollars(12_000_000, language) == text
    assert i18n.format_dollars(0, language).startswith(("$0", "0"))


# --- print options and printing without a track ----------------------------------------------------
def test_print_settings_are_checked_against_the_systems_options():
    system = registry.get("mk-downforce")
    assert print_settings(system, ["lanes=5", "die_size=18.5"]) == (("lanes", 5.0), ("die_size", 18.5))
    with pytest.raises(LayoutError, match=r"lanes must be a whole number from 1 to 12, not '4.5'"):
        print_settings(system, ["lanes=4.5"])
    with pytest.raises(LayoutError, match=r"die_size must be a number from 10\.0 to 40\.0, not 'big'"):
        print_settings(system, ["die_size=big"])
    with pytest.raises(LayoutError, match=r"has no print option 'lane=5' \(its options: lanes \(1–12\)"):
        print_settings(system, ["lane=5"])
    with pytest.raises(LayoutError, match=r"mk-gaslands has no print option 'lanes=5' \(its options: none\)"):
        print_settings(registry.get("mk-gaslands"), ["lanes=5"])


def test_a_print_job_reads_an_option_as_set_else_from_the_rule_data():
    job = PrintJob(blank_document(DOWNFORCE), DOWNFORCE)
    assert (job.setting("lanes"), job.setting("betting_lines"), job.setting("token_size")) == (6, 3, 20.0)
    job = PrintJob(job.document, DOWNFORCE, ExportOptions(settings=(("lanes", 4.0),)))
    assert job.setting("lanes") == 4.0 and job.setting("die_size") == 16.0


def test_export_without_a_track_needs_a_ruleset_and_not_both(capsys, tmp_path):
    out = tmp_path / "kit.pdf"
    assert refused(capsys, out, "export", "-o", out) == "kartographer: error: export needs a track file or " \
                                                        "--ruleset ID (not both)"
    line = refused(capsys, out, "export", "--ruleset", "mk-downforce", "--what", "track", "-o", out)
    assert line == ("kartographer: error: mk-downforce: mk-downforce's track is printed from a track file; without "
                    "one it prints tokens, die, quick-rules, karts, scoresheet, reference (or all)")
    line = refused(capsys, out, "export", "--ruleset", "mk-downforce", "--set", "lanes=0", "-o", out)
    assert line == "kartographer: error: mk-downforce: lanes must be a whole number from 1 to 12, not '0'"
    line = refused(capsys, out, "export", "--ruleset", "no-such-game", "-o", out)
    assert "no-such-game" in line and "\n" not in line


def test_gaslands_prints_its_deck_without_a_track(capsys, tmp_path):
    out = tmp_path / "deck.pdf"
    code, stdout, _err = run(capsys, "export", "--ruleset", "mk-gaslands", "--what", "cards", "-o", out)
    assert code == 0 and out.exists() and stdout.startswith(f"wrote {out}")
    line = refused(capsys, tmp_path / "t.pdf", "export", "--ruleset", "mk-gaslands", "--what", "track", "-o",
                   tmp_path / "t.pdf")
    assert ("mk-gaslands's track is printed from a track file; without one it prints cards, dashboards, "
            "templates, reference") in line
