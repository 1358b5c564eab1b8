"""PitchKart's generator (issue 32): every distinct closed loop of the bundled set is found once, ranked, and
laid clean; 200 seeds validate with no error or warning and differ; the stickers and spare coins follow the
rule data; the search stops at its bounds."""

from __future__ import annotations

import time

import pytest

from designer.geometry.checks import run_checks
from designer.rules import load_ruleset
from designer.systems.pitchkart.generate import spare_coins
from designer.systems.pitchkart.loops import _canonical, _search, closed_loops, fastest_top_speed
from designer.systems.pitchkart.rule_data import PieceInventory, pitchkart_rules
from designer.systems.pitchkart.sections import track_sections
from tests.unit.gen_helpers import generate, seeds_clean, settings_of

SYSTEM = "pitchkart"


def test_bundled_set_makes_13_distinct_loops_ranked():
    ruleset = load_ruleset(SYSTEM)
    search = closed_loops(ruleset)
    assert search.complete
    assert len(search.loops) == 13
    assert len({_canonical(lp.moves) for lp in search.loops}) == 13
    assert [lp.sections for lp in search.loops] == sorted((lp.sections for lp in search.loops), reverse=True)
    assert search.loops[0].sections == 16 and search.loops[-1].sections == 8   # all pieces … the plain circle
    speed = fastest_top_speed(ruleset)
    assert speed == 4
    keys = [(-lp.sections, -lp.bends, abs(lp.longest_straight - speed)) for lp in search.loops]
    assert keys == sorted(keys)
    inventory = pitchkart_rules(ruleset).inventory
    for lp in search.loops:
        used = {p.id: sum(1 for m in lp.moves if m[0] == p.id) for p in inventory.pieces}
        assert all(used[p.id] <= p.count for p in inventory.pieces)


@pytest.mark.parametrize("rank", range(1, 14))
def test_every_ranked_loop_generates_clean(rank):
    ruleset = load_ruleset(SYSTEM)
    doc = generate(SYSTEM, 1, settings_of(SYSTEM, rank=rank))
    assert [p for p in run_checks(doc, ruleset) if p.severity != "info"] == []
    sections = track_sections(doc.elements)
    assert [s.number for s in sections] == list(range(1, len(sections) + 1))
    assert len(sections) == closed_loops(ruleset).loops[rank - 1].sections


def test_200_seeds_validate_clean_and_differ():
    texts, per_track = seeds_clean(SYSTEM, range(200))
    assert len(texts) == 200
    assert per_track < 1.0


@pytest.mark.parametrize("karts", [2, 4, 6, 7, 8])
def test_spare_coins_and_stickers(karts):
    ruleset = load_ruleset(SYSTEM)
    rules = pitchkart_rules(ruleset)
    expected = 0 if karts >= rules.spare_coins_below_players else sum(rules.starting_coins_by_slot[karts:])
    assert spare_coins(ruleset, karts) == expected
    seeds_clean(SYSTEM, range(5), settings_of(SYSTEM, karts=karts))
    doc = generate(SYSTEM, 2, settings_of(SYSTEM, karts=karts, boosters=4, item_squares=2))
    kinds = [e.kind for e in doc.elements]
    assert kinds.count("coin") == expected
    assert kinds.count("boost_pad") == 4 and kinds.count("item_box") == 2 and kinds.count("start_finish") == 1
    assert doc.karts == karts
    assert "pk-boost-span" not in {p.code for p in run_checks(doc, ruleset)}   # the arrows spread over sections


def test_search_stops_at_its_bounds():
    big = PieceInventory.model_validate({
        "width_mm": 170, "pieces": [
            {"id": "straight", "name": "Straight", "kind": "straight", "length_mm": 300, "count": 40},
            {"id": "curve-45", "name": "Curve", "kind": "curve", "radius_mm": 300, "angle_deg": 45, "count": 40}]})
    started = time.perf_counter()
    _loops, complete = _search(big, budget=20_000)
    assert not complete
    assert time.perf_counter() - started < 5.0


def test_refusals_are_one_line():
    with pytest.raises(ValueError, match="only 13 distinct loops"):
        generate(SYSTEM, 1, settings_of(SYSTEM, rank=14))
    with pytest.raises(ValueError, match="fits this table") as info:
        generate(SYSTEM, 1, table=(400.0, 400.0))
    assert "\n" not in str(info.value)
