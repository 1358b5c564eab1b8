"""The rules reference sheet (`--what reference`) of the board game, PitchKart, Downforce and Axles and Alloys II.

Each prints from the CLI without a document, fits one page in all four languages with no text under 6 pt,
nothing cut short and nothing overflowing, prints the rule data's numbers (read back from the PDF), and follows
a changed copy of the rule data: every field the sheet reads is mutated here and the new value is found on the
page (the old one gone where it was unique).
"""

from __future__ import annotations

import io

import pytest

from designer.cli import main
from designer.export.bundle import blank_document, export_pdf
from designer.export.options import ExportOptions
from designer.i18n import set_language
from designer.rules import load_ruleset
from designer.rules.schema import Ruleset

from . import pdfboxes
from .rule_mutations import mutated
from .test_gaslands_kit_prints import sized_runs

SYSTEMS = ("mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")
LANGUAGES = ("en", "de", "es", "fr")


def make_pdf(ruleset: Ruleset, language: str = "en", paper: str = "a4") -> bytes:
    set_language(language)
    try:
        out = io.BytesIO()
        export_pdf(out, blank_document(ruleset), "reference", ExportOptions(paper=paper), ruleset, blank=True)
        return out.getvalue()
    finally:
        set_language("en")


def text_of(data: bytes) -> str:
    """The sheet's words in reading order, each wrapped line joined to the next by a space."""
    return " ".join(t for page in sized_runs(data) for t, _s in page)


@pytest.fixture(scope="module")
def sheets() -> dict[tuple[str, str], bytes]:
    return {(s, lang): make_pdf(load_ruleset(s), lang) for s in SYSTEMS for lang in LANGUAGES}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_cli_prints_the_sheet_without_a_track(tmp_path, capsys, system):
    out = tmp_path / "reference.pdf"
    assert main(["export", "--ruleset", system, "--what", "reference", "-o", str(out)]) == 0
    assert "1 page" in capsys.readouterr().out
    assert len(sized_runs(out.read_bytes())) == 1


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_one_page_legible_and_whole_in_every_language(sheets, system, language):
    data = sheets[(system, language)]
    pages = sized_runs(data)
    assert len(pages) == 1
    runs = pages[0]
    assert len(runs) > 40
    assert min(size for _t, size in runs) >= 6.0 - 1e-3
    assert not any("…" in t for t, _s in runs)
    assert pdfboxes.all_overflows(data) == []


def test_letter_paper_fits_too():
    for system in SYSTEMS:
        assert len(sized_runs(make_pdf(load_ruleset(system), "de", "letter"))) == 1, system


# --- the rule data's numbers on the page -------------------------------------------------------------
NUMBERS = {
    "mk-board": ("2 to 7 players race 3 laps", "The bank holds 20 coins", "Rolled a 6? The bank pays you a coin",
                 "There is no capturing", "any number of pawns may stand on one space", "A 6 earns no extra roll",
                 "1 coin → 1 space further; 3 coins → 4 spaces further; 5 coins → 7 spaces further; "
                 "10 coins → 15 spaces further", "costs every pawn there 1 coin", "sits out 1 turn instead",
                 "5–6: no harm done; 3–4: miss 1 turn; 1–2: miss 2 turns", "Only a pawn holding a Feather",
                 "uses up 1 pip of the roll", "No pawn may stop on it", "roll divided by 2, rounded down",
                 "starting places 5–7 begin with 1 coin", "give back half your coins, rounded up",
                 "The deck has 35 cards", "at most 1 item", "5 banana chips", "Banana ×10", "Blank ×3",
                 "Before the start every player rolls the die", "(Your roll × 2)",
                 "(Rivals' next rolls ÷ 2, round down)", "(Hit: miss 1 turn)", "(Hit: no turn missed)"),
    "pitchkart": ("1st–2nd: 5 coins; 3rd–4th: 4 coins; 5th–6th: 3 coins; 7th–8th: 2 coins", "fewer than 7 players",
                  "at most 2 sections, 30–40 mm", "give 1 coin to the supply", "A spin-out costs 2 coins",
                  "Green Shell: spin out and lose 4 coins", "lose 2 coins instead of 1 coin",
                  "you lose 1 turn, then pay 2 coins", "at most 20 mm behind your disc", "up to 3 times",
                  "for 4 rounds every rival crosses at most 1 section per flick", "next 4 turns, +1 section",
                  "take 2 coins from the supply", "Toad and Koopa Troopa never overheat", "Flooded engine",
                  "Top Speed: Most sections one flick may cross"),
    "mk-downforce": ("Red die 1–2: move 2 spaces ahead", "Red die 1–3 → 1 coin; Red die 4–5 → 2 coins; "
                     "Red die 6 → 3 coins", "2nd: 1 space; 3rd: 2 spaces; 4th: 3 spaces; 5th: 4 spaces; "
                     "6th: 5 spaces", "6 × 3 = 18 tokens", "rolled after those already waiting",
                     "$1,000,000", "exactly 1 space ahead", "up to 3 spaces ahead", "black kart: Shy Guy, Metal Mario",
                     "Item die: Coins × 2"),
    "axles-alloys-2": ("multiply every inch figure by 2", "enters the table at speed 6\"", "at 0–8\": no damage",
                       "at 9–16\": d6 damage", "at 17\" or more: d6+2 damage", "head-on, at 90°, destroys the car",
                       "one-lap truce", "A race lasts 3 laps", "8\"–12\" wide", "on 4–6 the driver dies",
                       "Line 1 crossed out: roll a d6 for every component (the driver too); on 6 it is lost",
                       "on 5–6 it is lost", "Line 3 crossed out: the vehicle is destroyed",
                       "Never on a vehicle: Heavy Weapon", "At most 1 turret per vehicle",
                       "Light: MAX 24, ACC 6, DEC 6, TURN 3; in a race 22/6/6/3. 12 hit points (3 lines of 4), "
                       "capacity 3", "roll a d6 for each of MAX, ACC, DEC", "1 → −2", "6 → +2",
                       "speed 10\"", "within 6\"", "speed 15\"", "Survive +1", "up to 2d6 dropped-weapon templates",
                       "templates 3\" × 1.5\"", "counters 1\" across",
                       "Engine damaged (its first loss): MAX ÷ 2, rounded down", "TURN − 1; steering lost: TURN 0"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_sheet_prints_the_rule_data(sheets, system):
    text = text_of(sheets[(system, "en")])
    for words in NUMBERS[system]:
        assert words in text, words


def test_game_terms_follow_the_seeds(sheets):
    german = text_of(sheets[("mk-board", "de")])
    assert "Wummp" in german and "Niete" in german and "Beschleuniger" in german
    spanish = text_of(sheets[("pitchkart", "es")])
    assert "Seta" in spanish and "Relámpago" in spanish and "Piel de Plátano" in spanish
    french = text_of(sheets[("mk-downforce", "fr")])
    assert "Peau de banane" in french and "Boost de départ" in french


# --- a changed copy of the rule data prints its new numbers ------------------------------------------
CHANGES = [
    ("mk-board", {"karts__min": 3, "karts__max": 6, "board__laps": 2,
                  "board__starting_coin_places": [4, 5, 6]},
     ["3 to 6 players race 2 laps", "starting places 4–6"], ["2 to 7 players", "3 laps"]),
    ("mk-board", {"board__bank_coins": 30, "board__coin_on_roll": 5, "board__banana_chips": 4},
     ["holds 30 coins", "Rolled a 5?", "4 banana chips"], ["holds 20 coins", "Rolled a 6?"]),
    ("mk-board", {"board__capturing": True, "board__extra_roll_on_six": True},
     ["Capturing is on", "A 6 lets you roll again"], ["no capturing", "no extra roll"]),
    ("mk-board", {"board__collision": {"coins_paid": 2, "skip_turns_if_broke": 2}},
     ["costs every pawn there 2 coins", "sits out 2 turns instead"], ["sits out 1 turn"]),
    ("mk-board", {"board__coin_spending": [{"coins": 2, "extra_spaces": 3}],
                  "coins__spend": [{"cost": 2, "effect": "Move 3 extra spaces.", "spaces": 3}]},
     ["pay the bank: 2 coins → 3 spaces further."], ["10 coins → 15 spaces"]),
    ("mk-board", {"board__spaces__4__pips": 2, "board__spaces__4__can_stop_on": True,
                  "board__spaces__4__requires_item": None, "board__spaces__2__move_divisor": 3},
     ["uses up 2 pips", "Any pawn may take it", "divided by 3"], ["No pawn may stop on it", "holding a Feather"]),
    ("mk-board", {"board__spaces__3__roll_table": [{"rolls": [4, 5, 6], "skip_turns": 0},
                                                  {"rolls": [1, 2, 3], "skip_turns": 3}]},
     ["4–6: no harm done; 1–3: miss 3 turns"], ["5–6: no harm done"]),
    ("mk-board", {"deck__1__roll_multiplier": 3, "deck__6__rivals_move_divisor": 4, "deck__0__hit_turns": 2,
                  "deck__5__hit_turns": 0},
     ["(Your roll × 3)", "(Rivals' next rolls ÷ 4, round down)", "(Hit: miss 2 turns)"],
     ["× 2)", "÷ 2,", "(Hit: miss 1 turn)"]),
    ("pitchkart", {"pitchkart__penalties": {"hit_coin_loss": 3, "spin_out_coin_loss": 5, "green_shell_coin_loss": 6,
                                            "mushroom_hit_coin_loss": 7, "void_turns_lost": 2, "void_coin_cost": 9}},
     ["give 3 coins to the supply", "A spin-out costs 5 coins", "lose 6 coins", "lose 7 coins instead of 3 coins",
      "you lose 2 turns, then pay 9 coins"], ["A spin-out costs 2 coins", "lose 4 coins"]),
    ("pitchkart", {"pitchkart__spare_coins_below_players": 6, "pitchkart__drop_distance_max_mm": 25,
                   "pitchkart__red_shell_max_flicks": 4, "pitchkart__coin_card_coins": 3,
                   "pitchkart__starting_coins_by_slot": [6, 4], "coins__starting_coins_by_slot": [6, 4]},
     ["fewer than 6 players", "at most 25 mm behind", "up to 4 times", "take 3 coins from the supply",
      "1st: 6 coins; 2nd: 4 coins"], ["20 mm", "up to 3 times", "fewer than 7"]),
    ("pitchkart", {"pitchkart__lightning_rounds": 5, "pitchkart__lightning_max_sections": 2,
                   "pitchkart__star_turns": 3, "pitchkart__star_extra_sections": 2,
                   "pitchkart__overheat_stop_characters": ["bowser"]},
     ["for 5 rounds every rival crosses at most 2 sections", "next 3 turns, +2 sections", "Bowser never overheat"],
     ["Toad and Koopa Troopa never", "for 4 rounds"]),
    ("mk-downforce", {"downforce__start_boost": {"rolls": [1], "advance_spaces": 3},
                      "downforce__coin_table": [{"rolls": [1, 2], "coins": 2}, {"rolls": [3, 4, 5, 6], "coins": 4}],
                      "downforce__lightning_table": [{"place": 3, "spaces": 2}, {"place": 4, "spaces": 4}],
                      "downforce__kit__lanes": 4, "downforce__kit__betting_lines": 2},
     ["Red die 1: move 3 spaces ahead", "Red die 1–2 → 2 coins; Red die 3–6 → 4 coins", "3rd: 2 spaces; 4th: 4 spaces.",
      "4 × 2 = 8 tokens"], ["Red die 1–2: move", "6 × 3", "2nd: 1 space"]),
    ("axles-alloys-2", {"axles__driver_dies_on": [5, 6], "axles__cm_scale_factor": 3,
                        "axles__deathmatch_entry_speed_mm": 203.2, "axles__race_laps": 4,
                        "axles__one_lap_truce": False, "axles__head_on_barrier_destroys": False,
                        "axles__heavy_weapons_allowed": True, "axles__random_variant_stats": ["max"]},
     ["on 5–6 the driver dies", "by 3.", "at speed 8\"", "A race lasts 4 laps", "House rule: Heavy Weapon",
      "for each of MAX and add"], ["on 4–6 the driver", "one-lap truce", "head-on", "Never on a vehicle"]),
    ("axles-alloys-2", {"axles__barrier_bands": [{"min_speed_in": 0, "max_speed_in": 10, "damage": "none"},
                                                 {"min_speed_in": 11, "max_speed_in": None, "damage": "d6"}],
                        "axles__thresholds": [{"line": 1, "component_lost_on": [5, 6]},
                                              {"line": 2, "destroys_vehicle": True}],
                        "axles__turrets_per_vehicle": 2},
     ["at 0–10\": no damage; at 11\" or more: d6 damage.", "Line 1 crossed out: roll a d6 for every component "
      "(the driver too); on 5–6", "Line 2 crossed out: the vehicle is destroyed", "At most 2 turrets"],
     ["d6+2", "Line 3"]),
    ("axles-alloys-2", {"axles__engine_damaged_max_divisor": 3, "axles__steering_damaged_turn_loss": 2},
     ["MAX ÷ 3, rounded down", "TURN − 2;"], ["MAX ÷ 2", "TURN − 1"]),
]


@pytest.mark.parametrize(("system", "changes", "present", "absent"), CHANGES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CHANGES)])
def test_a_changed_rule_changes_the_sheet(system, changes, present, absent):
    text = text_of(make_pdf(mutated(system, **changes)))
    for words in present:
        assert words in text, words
    for words in absent:
        assert words not in text, words
