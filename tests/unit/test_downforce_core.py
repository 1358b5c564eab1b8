"""Mario Kart for Downforce's core: the season's money and its one-kart-per-colour rule, the kit's rule data,
the system's print options and printing without a track file (`export --ruleset`)."""

from __future__ import annotations

import copy
import json

import pytest
from pydantic import ValidationError

from designer import i18n
from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.season import check_karts, kart_of, money_totals_by_race, season_rule, season_standings
from designer.export.bundle import blank_document, print_settings
from designer.export.options import ExportOptions, PrintJob
from designer.export.paper import LayoutError
from designer.paths import RULESETS_DIR
from designer.rules import Ruleset, load_ruleset
from designer.systems import registry

from .cli_runner import refused, run

DOWNFORCE = load_ruleset("mk-downforce")
CTX = Context(DOWNFORCE)


def season(*players: tuple[str, str]):
    return edit.new_campaign("Season", CTX, "season", list(players or [("Ana", "mario"), ("Ben", "luigi"),
                                                                        ("Cy", "bowser")]))


def test_downforce_kit_defaults_are_the_rule_datas():
    kit = DOWNFORCE.downforce.kit
    assert (kit.token_size_mm, kit.lanes, kit.betting_lines, kit.die_size_mm) == (20, 6, 3, 16)
    assert kit.block_token in DOWNFORCE.downforce.tokens
    assert {t.token for t in kit.item_tokens} == {"Banana", "Coin", "Green Shell", "Blue Shell"}
    assert [k.hex for k in DOWNFORCE.downforce.karts][:2] == ["#d3261e", "#2e9e3f"]


def test_a_kit_token_must_be_one_of_the_tokens():
    data = json.loads((RULESETS_DIR / "mk-downforce.json").read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    broken["downforce"]["kit"]["item_tokens"][0]["token"] = "Red Shell"
    with pytest.raises(ValidationError, match="kit token 'Red Shell' is not one of the tokens"):
        Ruleset.model_validate(broken)
    broken = copy.deepcopy(data)
    broken["downforce"]["karts"][0]["hex"] = "red"
    with pytest.raises(ValidationError):
        Ruleset.model_validate(broken)


def test_colour_of_a_character_is_its_karts():
    rules = DOWNFORCE.downforce
    assert [rules.colour_of(c) for c in ("peach", "donkey-kong", "metal-mario", "bowser")] == [
        "red", "orange", "black", "yellow"]
    assert rules.colour_of("nobody") is None and rules.kart("blue").drivers == ["toad", "rosalina"]


# --- the season's money ----------------------------------------------------------------------------
def test_money_is_prize_plus_coins_at_a_million_plus_bets():
    doc = season()
    doc = edit.set_result(doc, CTX, 1, "Ana", 1, coins=2, prize=6_000_000, bets=2_000_000)
    doc = edit.set_result(doc, CTX, 1, "Ben", 2, coins=5, prize=4_000_000)
    doc = edit.set_result(doc, CTX, 1, "Cy", 3, bets=7_000_000)
    doc = edit.set_result(doc, CTX, 2, "Cy", 1, coins=1, prize=6_000_000)
    # race 2 is waiting for Ana's and Ben's places: it shows no money in the standings yet
    assert {s.player: s.total for s in season_standings(doc, DOWNFORCE)}["Cy"] == 7_000_000
    assert money_totals_by_race(doc, DOWNFORCE)["Cy"] == [7_000_000]
    doc = edit.set_result(doc, CTX, 2, "Ana", 2)
    doc = edit.set_result(doc, CTX, 2, "Ben", 3)
    rows = {s.player: s for s in season_standings(doc, DOWNFORCE)}
    assert rows["Ana"].total == 6_000_000 + 2 * 1_000_000 + 2_000_000 == 10_000_000
    assert (rows["Ben"].prize, rows["Ben"].coin_money, rows["Ben"].bets, rows["Ben"].total) == (
        4_000_000, 5_000_000, 0, 9_000_000)
    assert rows["Cy"].total == 7_000_000 + 6_000_000 + 1_000_000 and rows["Cy"].wins == 1 and rows["Cy"].races == 2
    assert [s.player for s in season_standings(doc, DOWNFORCE)] == ["Cy", "Ana", "Ben"]
    assert money_totals_by_race(doc, DOWNFORCE) == {"Ana": [10_000_000, 10_000_000], "Ben": [9_000_000, 9_000_000],
                                                    "Cy": [7_000_000, 14_000_000]}


def test_equal_money_shares_the_rank():
    doc = season()
    doc = edit.set_result(doc, CTX, 1, "Ana", 1, prize=3_000_000)
    doc = edit.set_result(doc, CTX, 1, "Ben", 2, coins=1, prize=2_000_000)
    doc = edit.set_result(doc, CTX, 1, "Cy", 3)  # the race counts once every place is in
    assert [(s.rank, s.player, s.total) for s in season_standings(doc, DOWNFORCE)] == [
        (1, "Ana", 3_000_000), (1, "Ben", 3_000_000), (3, "Cy", 0)]


def test_the_kart_raced_defaults_to_the_characters_colour():
    doc = edit.set_result(season(), CTX, 1, "Ana", 1)
    doc = edit.set_result(doc, CTX, 1, "Ben", 2, kart="blue")
    ana, ben = doc.races[0].results
    assert (ana.kart, kart_of(doc, DOWNFORCE, ana)) == (None, "red")
    assert kart_of(doc, DOWNFORCE, ben) == "blue"


def test_one_kart_per_colour_per_race():
    doc = edit.set_result(season(), CTX, 1, "Ana", 1)  # the red kart, Mario's
    with pytest.raises(CampaignError, match="the red kart is already Ana's in this race; one kart per colour"):
        edit.set_result(doc, CTX, 1, "Ben", 2, kart="red")
    with pytest.raises(CampaignError, match=r"there is no pink kart \(the karts: red, green"):
        edit.set_result(doc, CTX, 1, "Ben", 2, kart="pink")
    later = edit.set_result(doc, CTX, 2, "Ben", 1, kart="red")  # another race: the red kart is free again
    assert kart_of(later, DOWNFORCE, later.races[1].results[0]) == "red"
    check_karts(later, DOWNFORCE)


def test_money_is_only_kept_by_a_money_season():
    series = edit.new_campaign("Series", CTX, "race_series", [("Ana", "mario"), ("Ben", "luigi")])
    with pytest.raises(CampaignError, match="keeps no prize money, bets or karts"):
        edit.set_result(series, CTX, 1, "Ana", 1, prize=1_000_000)
    with pytest.raises(CampaignError, match="money cannot be negative"):
        edit.set_result(season(), CTX, 1, "Ana", 1, bets=-5)
    gaslands = Context(load_ruleset("mk-gaslands"))
    gp = edit.new_campaign("GP", gaslands, "grand_prix", [("Ana", "Mario")])
    with pytest.raises(CampaignError, match="keeps no prize money"):
        edit.set_result(gp, gaslands, 1, "Ana", 1, kart="red")


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
