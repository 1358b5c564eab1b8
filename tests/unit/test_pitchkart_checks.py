"""PitchKart's own checks (designer/systems/pitchkart/checks.py) and its Track Report figures.

The stadium of tests/unit/test_pitchkart_sections.py (two straights and two half circles of four 45° curves,
closed exactly) is clean; each check is pinned by the one edit that breaks it, with its message, ids and
numbers, and one through `kartographer validate` (exit code and printed line). Every number the checks use
comes from the rule data (`pitchkart.*`), so a test that changes a number changes the ruleset, not the code.
"""

from __future__ import annotations

import json
import math

import pytest

from designer.cli import main
from designer.geometry.checks import checks_for, run_checks
from designer.geometry.figures import track_figures
from designer.i18n import set_language
from designer.io.track_io import track_from_data
from designer.rules import load_ruleset
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import lay_chain
from tests.unit.test_pitchkart_sections import INVENTORY, START, document_data, stadium

RULES = load_ruleset("pitchkart")
PK_CODES = {"pk-unknown-piece", "pk-loop-open", "pk-section-overlap", "pk-numbering", "pk-numbering-route",
            "pk-inventory-exceeded", "pk-boost-span", "pk-coin-spacing", "pk-coin-sections", "pk-off-track"}
#: The checks of the Gaslands ribbon: a section-built document has no ribbon, so they cannot apply.
RIBBON_CODES = {"pickup-off-surface", "gate-off-surface", "gates-out-of-order", "no-start-finish",
                "track-too-narrow", "tight-corner"}
R = ("curve-45", True)  # a right-hand curve: the stadium runs clockwise on screen


def elements(extra: list[dict] | None = None, sections=None) -> list[dict]:
    return [*[s.model_dump() for s in (stadium() if sections is None else sections)], *(extra or [])]


def document(items: list[dict], **changes) -> dict:
    data = document_data([])
    data["elements"] = items
    data.update(changes)
    return data


def found(items: list[dict], ruleset=RULES, **changes) -> list:
    return run_checks(track_from_data(document(items, **changes)), ruleset)


def by_code(items: list[dict], code: str, ruleset=RULES) -> list:
    return [p for p in found(items, ruleset) if p.code == code]


def coin(cid: str, x: float, y: float) -> dict:
    return {"id": cid, "kind": "coin", "x_mm": x, "y_mm": y}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_the_clean_stadium_has_no_problems_and_the_ribbon_checks_do_not_run():
    assert found(elements()) == []
    codes = {c.code for c in checks_for("pitchkart")}
    assert codes >= PK_CODES
    assert not codes & RIBBON_CODES  # old: listed for PitchKart, about a ribbon its documents do not have
    assert [p.code for p in found([])] == ["empty-document"]  # no sections yet: none of the section checks


def test_a_section_of_a_piece_the_set_lacks():
    items = elements()
    items[3]["piece"] = "loop-the-loop"
    problems = by_code(items, "pk-unknown-piece")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", "Track section 4 names the piece 'loop-the-loop', which the set does not hold", ("ts4",))]


# --- the loop -----------------------------------------------------------------------------------------------
def test_a_missing_section_leaves_the_loop_open_and_says_where():
    items = elements()[:-1]  # ts10, the last curve, is gone
    problems = by_code(items, "pk-loop-open")
    # ts9 ends 3 × 45° round the centre (400, 450): 300 mm up-left of it, 45° short of ts1's heading
    x, y = 400 - 300 * math.sqrt(0.5), 450 - 300 * math.sqrt(0.5)  # 187.87, 237.87
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", "The track is open after track section 9, at x 188, y 238 mm: its end is 229.6 mm and 45.0° "
                  "off the start of track section 1", ("ts9", "ts1"))]
    assert problems[0].at == pytest.approx((x, y))


def test_a_single_straight_is_open_at_both_ends():
    single = lay_chain(["straight"], START, INVENTORY)
    problems = by_code(elements(sections=single), "pk-loop-open")
    assert [p.message for p in problems] == [
        "The track is open after track section 1, at x 700, y 150 mm",
        "The track is open before track section 1, at x 400, y 150 mm"]
    assert [p.at for p in problems] == [(700.0, 150.0), (400.0, 150.0)]


def test_the_loop_closes_within_the_rule_datas_tolerance():
    assert INVENTORY.connect_gap_max_mm == 1.0
    items = elements()
    items[0]["y_mm"] += 0.9  # ts1 slid sideways: both its joints 0.9 mm off, within 1 mm
    assert found(items) == []
    items[0]["y_mm"] += 0.6  # 1.5 mm: both joints open
    problems = by_code(items, "pk-loop-open")
    assert [p.ids for p in problems] == [("ts1", "ts2"), ("ts10", "ts1")]
    assert "its end is 1.5 mm and 0.0° off the start of track section 2" in problems[0].message
    looser = RULES.model_copy(update={"pitchkart": pitchkart_rules(RULES).model_copy(update={
        "inventory": INVENTORY.model_copy(update={"connect_gap_max_mm": 2.0})})})
    assert by_code(items, "pk-loop-open", looser) == []


# --- overlaps ---------------------------------------------------------------------------------------------
def test_two_sections_on_one_place_overlap_by_their_whole_area():
    twin = {**stadium()[0].model_dump(), "id": "twin", "number": 11}
    problems = by_code(elements([twin]), "pk-section-overlap")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", "Track section 1 and track section 11 overlap by 51000 mm²", ("ts1", "twin"))]  # 300 × 170


# --- the inventory ----------------------------------------------------------------------------------------
def test_more_straights_than_a_set_holds_is_info_with_the_count_missing():
    layout = [*["straight"] * 4, *[R] * 4, *["straight"] * 4, *[R] * 4]
    long = lay_chain(layout, START, INVENTORY)
    problems = by_code(elements(sections=long), "pk-inventory-exceeded")
    assert [(p.severity, p.message) for p in problems] == [
        ("info", "The track uses 8 × Straight but a set holds 6: 2 more to make or borrow")]
    assert problems[0].ids == ("ts1", "ts2", "ts3", "ts4", "ts9", "ts10", "ts11", "ts12")
    pieces = [p.model_copy(update={"count": 8}) if p.id == "straight" else p for p in INVENTORY.pieces]
    bigger = RULES.model_copy(update={"pitchkart": pitchkart_rules(RULES).model_copy(update={
        "inventory": INVENTORY.model_copy(update={"pieces": pieces})})})
    assert by_code(elements(sections=long), "pk-inventory-exceeded", bigger) == []


# --- numbering --------------------------------------------------------------------------------------------
def test_a_gap_and_a_duplicate_in_the_numbers():
    items = elements()
    items[4]["number"] = 4  # ts5 numbered 4: 4 doubled, 5 missing
    items[9]["number"] = 12  # ts10 numbered 12: 10 and 11 missing
    assert [(p.severity, p.message, p.ids) for p in by_code(items, "pk-numbering")] == [
        ("error", "2 sections are numbered 4: 'ts4', 'ts5'", ("ts4", "ts5")),
        ("error", "Section numbers 5, 10, 11 are missing: the sections should run 1 to 12 without a gap", ())]
    assert by_code(items, "pk-numbering-route") == []  # the numbers themselves are wrong: one report


def test_numbers_that_do_not_follow_the_chain():
    items = elements()
    items[2]["number"], items[3]["number"] = 4, 3  # ts3 and ts4 swapped
    problems = by_code(items, "pk-numbering-route")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("warning", "Track section 3 is section 4 along the track from section 1", ("ts4",)),
        ("warning", "Track section 4 is section 3 along the track from section 1", ("ts3",))]
    assert by_code(items, "pk-numbering") == []


# --- stickers and coins -------------------------------------------------------------------------------------
def pad(pid: str, x: float, y: float) -> dict:
    return {"id": pid, "kind": "boost_pad", "x_mm": x, "y_mm": y}


def test_booster_arrows_are_advised_to_be_spread_over_two_sections():
    """The seed: "Se recomienda pegarlas repartidas en 2 o más secciones de pista" — the arrows spread over two
    or more sections, not each arrow across two. All on one section: one note; on two: nothing."""
    one_section = by_code(elements([pad("b1", 520, 150), pad("b2", 580, 150)]), "pk-boost-span")  # both in ts1
    assert [(p.severity, p.message, p.ids) for p in one_section] == [
        ("info", "All 2 booster arrows lie on track section 1: the rules advise spreading them over 2 or more "
                 "sections", ("b1", "b2"))]
    alone = by_code(elements([pad("b1", 550, 150)]), "pk-boost-span")
    assert [(p.severity, p.ids) for p in alone] == [("info", ("b1",))]
    assert by_code(elements([pad("b1", 550, 150), pad("b2", 850, 150)]), "pk-boost-span") == []  # ts1 and ts2
    assert by_code(elements([pad("b1", 700, 150)]), "pk-boost-span") == []  # on the joint of ts1 and ts2
    assert by_code(elements(), "pk-boost-span") == []


def test_spare_coins_lie_30_to_40_mm_apart():
    pk = pitchkart_rules(RULES)
    assert (pk.spare_coin_spacing_min_mm, pk.spare_coin_spacing_max_mm) == (30, 40)
    assert by_code(elements([coin("c1", 500, 150), coin("c2", 535, 150), coin("c3", 570, 150)]),
                   "pk-coin-spacing") == []
    close = by_code(elements([coin("c1", 500, 150), coin("c2", 520, 150)]), "pk-coin-spacing")
    assert [(p.severity, p.message, p.ids) for p in close] == [
        ("warning", "Coin 'c1' is 20.0 mm from coin 'c2': spare coins lie 30 to 40 mm apart", ("c1", "c2")),
        ("warning", "Coin 'c2' is 20.0 mm from coin 'c1': spare coins lie 30 to 40 mm apart", ("c2", "c1"))]
    far = by_code(elements([coin("c1", 500, 150), coin("c2", 535, 150), coin("c3", 600, 150)]), "pk-coin-spacing")
    assert [p.message for p in far] == [
        "Coin 'c3' is 65.0 mm from the nearest coin, coin 'c2': spare coins lie 30 to 40 mm apart"]


def test_spare_coins_go_on_at_most_two_sections():
    assert pitchkart_rules(RULES).spare_coin_sections_max == 2
    pairs = [coin("a1", 500, 150), coin("a2", 500, 185), coin("b1", 500, 750), coin("b2", 535, 750)]
    assert by_code(elements(pairs), "pk-coin-sections") == []
    third = [coin("c1", 814.8, 172.8), coin("c2", 814.8, 207.8)]  # on ts2, 22.5° into the first bend
    problems = by_code(elements([*pairs, *third]), "pk-coin-sections")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("warning", "Coins lie on 3 sections (1, 2, 6): the spare coins go on at most 2", ("ts1", "ts2", "ts6"))]


def test_pickups_off_the_sections():
    infield = {"id": "q", "kind": "item_box", "x_mm": 550.0, "y_mm": 450.0}
    problems = by_code(elements([infield, coin("c1", 550, 150)]), "pk-off-track")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("warning", "Item box 'q' is not on the track sections", ("q",))]


def test_at_most_eight_karts():
    assert RULES.karts.max == 8
    assert [p.message for p in found(elements(), karts=9)] == [
        "Super Mario PitchKart takes at most 8 karts; this document is set for 9"]
    assert found(elements(), karts=8) == []


# --- figures ----------------------------------------------------------------------------------------------
def test_figures_count_sections_straight_runs_and_bends_against_the_characters():
    figures = track_figures(track_from_data(document(elements())), RULES)["pitchkart"]
    assert (figures["sections_per_lap"], figures["closed"], figures["straights"], figures["curves"]) == (10, True, 2, 8)
    assert (figures["longest_straight_sections"], figures["bends"], figures["longest_bend_sections"]) == (1, 2, 4)
    # three straights along the top (two at the start, one at the end: one run round the finish)
    layout = [*["straight"] * 2, *[R] * 4, *["straight"] * 3, *[R] * 4, "straight"]
    long = track_from_data(document(elements(sections=lay_chain(layout, START, INVENTORY))))
    figures = track_figures(long, RULES)["pitchkart"]
    assert figures["closed"] and figures["longest_straight_sections"] == 3 and figures["bends"] == 2
    chars = figures["characters"]
    assert chars["bowser"] == {"top_speed": 4, "straight_flicks": 1, "traction": 2}
    assert chars["toad"] == {"top_speed": 2, "straight_flicks": 2, "traction": 3}
    assert chars["peach"] == {"top_speed": 3, "straight_flicks": 1, "traction": 1}
    assert "Top Speed" in figures["characters_note"]
    open_one = track_from_data(document(elements()[:-1]))
    assert track_figures(open_one, RULES)["pitchkart"]["closed"] is False
    assert track_figures(track_from_data(document([], ruleset="mk-board")), load_ruleset("mk-board"))["pitchkart"] \
        is None


# --- through the command line -------------------------------------------------------------------------------
def test_validate_reports_an_open_loop_and_exits_1(capsys, tmp_path):
    path = tmp_path / "s.track.json"
    path.write_text(json.dumps(document(elements())), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{path}: ok (10 elements)", "0 errors, 0 warnings, 0 info"]
    path.write_text(json.dumps(document(elements()[:-1])), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert (f"{path}: error pk-loop-open: The track is open after track section 9, at x 188, y 238 mm: its end "
            "is 229.6 mm and 45.0° off the start of track section 1 [ts9, ts1]") in lines
    assert main(["validate", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["figures"]["pitchkart"]["sections_per_lap"] == 9
    assert [p["code"] for p in report["problems"]] == ["pk-loop-open"]


def test_messages_go_through_the_catalogue(monkeypatch):
    items = [*elements()[:-1], coin("c1", 500, 150), coin("c2", 520, 150)]
    english = {p.code: p.message for p in found(items)}
    assert set(english) == {"pk-loop-open", "pk-coin-spacing"}
    monkeypatch.setenv("KARTOGRAPHER_PSEUDO", "1")
    set_language("en")
    pseudo = {p.code: p.message for p in found(items)}
    assert set(pseudo) == set(english) and all(pseudo[code] != english[code] for code in english)
    monkeypatch.delenv("KARTOGRAPHER_PSEUDO")
