"""Axles and Alloys II's own checks ([8/10]) and starters: the race width between barriers (both bounds, in
the document's units), ramps that bring a car down off the track, the bends each weight class cannot take at
its race MAX, the Badlands Ambush entry points, and the three starters (tri-oval, figure-8, deathmatch arena).

Each check fires on a crafted document, with its exact message, and is silent on the starters; the numbers come
from the rule data (`axles.*`). Before [8/10] only the surface's own width was checked, against 8" only: none
of these fired.
"""

from __future__ import annotations

import json
import math

import pytest

from designer.cli import main
from designer.geometry.checks import checks_for, run_checks
from designer.geometry.route import project
from designer.i18n import set_language
from designer.io.templates import starters_for
from designer.io.track_io import dumps_track, load_track, track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.checks import CHECKS
from designer.systems.axles_alloys_2.rule_data import axles_rules

RULES = load_ruleset("axles-alloys-2")
IN = 25.4
STARTERS = ["axles-deathmatch-arena.track.json", "axles-figure-eight.track.json", "axles-tri-oval.track.json"]
OWN = ("axles-track-too-narrow", "axles-track-too-wide", "axles-ramp-landing-off-track", "axles-bend-at-max",
       "axles-ambush-placement", "axles-ambush-speed")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def strip(width_mm: float = 10 * IN, *elements: dict, units: str = "in") -> dict:
    """A 60" drag strip across a 6' × 4' table, from x 100 to 1624 mm along y 600 (open: exact straights)."""
    return {"format": "kartographer-track", "schema_version": 1, "name": "Strip", "ruleset": "axles-alloys-2",
            "table": {"width_mm": 1828.8, "height_mm": 1219.2}, "display_units": units, "laps": 1, "karts": 4,
            "track": {"centerline": [[100, 600], [1624, 600]], "closed": False, "width_mm": width_mm},
            "elements": list(elements)}


def barrier(bid: str, x0: float, x1: float, y: float, **extra) -> dict:
    return {"id": bid, "kind": "barrier", "x_mm": x0, "y_mm": y, "rotation_deg": 0.0,
            "points": [[0.0, 0.0], [x1 - x0, 0.0]], **extra}


def found(data: dict, code: str) -> list:
    document = track_from_data(data)
    return [p for p in run_checks(document, load_ruleset(document.ruleset)) if p.code == code]


def messages(data: dict, code: str) -> list[str]:
    return [p.message for p in found(data, code)]


def test_the_new_codes_run_for_axles_documents_only():
    assert set(OWN) <= set(CHECKS)
    assert set(OWN) <= {c.code for c in checks_for("axles-alloys-2")}
    for system in ("mk-gaslands", "mk-board", "pitchkart", "mk-downforce"):
        assert not set(OWN) & {c.code for c in checks_for(system)}, system


# --- the race width --------------------------------------------------------------------------------------
def test_barriers_6_5_inches_apart_are_too_narrow_in_inches():
    # barriers 3.25" either side of the centerline from x 495 to 905: 395 to 805 mm along the strip
    data = strip(10 * IN, barrier("b-left", 495, 905, 600 - 3.25 * IN), barrier("b-right", 495, 905, 600 + 3.25 * IN))
    (problem,) = found(data, "axles-track-too-narrow")
    assert problem.severity == "error"
    assert problem.message == ("Between the barriers, from 16 in to 31 in along the lap, the track is too narrow: "
                               "it needs at least 8 in, here 6.5 in")
    assert problem.ids == ("b-left", "b-right")
    assert 495 <= problem.at[0] <= 905 and problem.at[1] == pytest.approx(600)
    assert found(data, "axles-track-too-wide") == []
    assert found(strip(), "axles-track-too-narrow") == []   # the surface alone, 10": nothing


def test_a_barrier_on_one_side_meets_the_surface_edge_on_the_other():
    # 2" left of the centerline, nothing on the right: 2" + half of the 10" surface = 7"
    data = strip(10 * IN, barrier("b1", 300, 700, 600 - 2 * IN))
    assert messages(data, "axles-track-too-narrow") == [
        "Between the barriers, from 8 in to 24 in along the lap, the track is too narrow: it needs at least 8 in, "
        "here 7 in"]


def test_barriers_14_inches_apart_are_too_wide_in_a_millimetre_document():
    data = strip(10 * IN, barrier("wide-l", 1000, 1400, 600 - 7 * IN), barrier("wide-r", 1000, 1400, 600 + 7 * IN),
                 units="mm")
    (problem,) = found(data, "axles-track-too-wide")
    assert problem.severity == "warning"
    assert problem.message == ("Between the barriers, from 902 mm to 1295 mm along the lap, the track is too wide: "
                               "it needs at most 304.8 mm, here 355.6 mm")
    assert problem.ids == ("wide-l", "wide-r")


def test_a_surface_wider_than_12_inches_without_barriers_is_too_wide():
    assert messages(strip(13 * IN), "axles-track-too-wide") == [
        "From 0 in to 60 in along the lap, the track is too wide: it needs at most 12 in, here 13 in"]
    assert found(strip(12 * IN), "axles-track-too-wide") == []   # 12" is allowed: both bounds inclusive


def test_a_barrier_running_across_the_track_does_not_bound_it():
    # at a figure-8's crossover the other road's barriers run across this one: 60° to travel, inside the track
    slant = {"id": "across", "kind": "barrier", "x_mm": 800.0, "y_mm": 560.0, "rotation_deg": 60.0,
             "points": [[0.0, 0.0], [80.0, 0.0]]}
    assert found(strip(10 * IN, slant), "axles-track-too-narrow") == []
    along = {**slant, "rotation_deg": 20.0}   # within 45° of travel: it does bound the track
    assert len(found(strip(10 * IN, along), "axles-track-too-narrow")) == 1


def test_stretches_wrap_round_a_closed_lap_and_start_at_the_start_line():
    oval = strip(10 * IN)
    oval["track"] = {"centerline": [[300, 300], [1500, 300], [1500, 900], [300, 900]], "closed": True,
                     "width_mm": 13 * IN}
    oval["elements"] = [{"id": "sf", "kind": "start_finish", "x_mm": 900, "y_mm": 300, "rotation_deg": 0,
                         "width_mm": 13 * IN}]
    (problem,) = found(oval, "axles-track-too-wide")   # the whole lap: one stretch, not two
    assert problem.message.startswith("From 0 in to ")


# --- ramps ----------------------------------------------------------------------------------------------
def ramp(rid: str, x: float, y: float, rotation: float) -> dict:
    return {"id": rid, "kind": "ramp", "x_mm": x, "y_mm": y, "rotation_deg": rotation, "hoop": False}


def test_a_ramp_whose_landing_is_off_the_track_is_a_warning():
    # a 4" ramp lands 4" past its far edge: 6" = 152.4 mm from its centre
    across_track = ramp("r-across", 800, 600, 90)   # lands at y 752.4, the surface ends at 727
    along_track = ramp("r-along", 500, 600, 0)
    (problem,) = found(strip(10 * IN, across_track, along_track), "axles-ramp-landing-off-track")
    assert problem.severity == "warning" and problem.ids == ("r-across",)
    assert problem.message == "Ramp 'r-across' brings a car down off the track: it lands 4 in past the ramp's far edge"
    assert problem.at == pytest.approx((800, 752.4))
    near_edge = ramp("r-edge", 800, 600 - 127 - 152.4 + 1, 90)   # lands 1 mm inside the near edge
    assert found(strip(10 * IN, near_edge), "axles-ramp-landing-off-track") == []


# --- bends against each weight class's TURN -------------------------------------------------------------------
def hairpin_oval(radius: float) -> dict:
    """A closed stadium: two straights joined by end bends of about `radius` (mm)."""
    data = strip(10 * IN)
    top, bottom, left, right = 600 - radius, 600 + radius, 400, 1400
    points = [[left, top], [900, top], [right, top]]
    points += [[right + radius * math.sin(a), 600 - radius * math.cos(a)] for a in (math.pi / 4, math.pi / 2,
                                                                                3 * math.pi / 4)]
    points += [[right, bottom], [900, bottom], [left, bottom]]
    points += [[left - radius * math.sin(a), 600 + radius * math.cos(a)] for a in (math.pi / 4, math.pi / 2,
                                                                               3 * math.pi / 4)]
    data["track"] = {"centerline": points, "closed": True, "width_mm": 10 * IN}
    data["elements"] = [{"id": "sf", "kind": "start_finish", "x_mm": 900, "y_mm": top, "rotation_deg": 0,
                         "width_mm": 10 * IN},
                        {"id": "g1", "kind": "gate", "x_mm": right + radius, "y_mm": 600, "rotation_deg": 90,
                         "order": 1, "width_mm": 10 * IN}]
    return data


def test_tight_hairpins_are_a_note_per_class_per_bend():
    data = hairpin_oval(150)   # 180° in about 19": more than any class pivots in one race move
    problems = found(data, "axles-bend-at-max")
    assert [p.severity for p in problems] == ["info"] * 6
    track = track_from_data(data).track
    far_end = project(track, (1400 + 150, 600)).distance_mm - project(track, (900, 450)).distance_mm
    at = f"{far_end / IN:.0f} in"
    first = [p for p in problems if "bend at " + at in p.message]
    assert [p.message.split(" (")[0] for p in first] == ["Light cars", "Medium cars", "Heavy cars"]
    light, medium, heavy = (p.message for p in first)
    assert light.startswith(f"Light cars (TURN 3, race MAX 22) cannot take the bend at {at} along the lap at full "
                            "speed: it turns ")
    assert light.endswith("° within 22 in") and heavy.endswith("° within 28 in")
    assert medium.startswith("Medium cars (TURN 2, race MAX 25)")
    turned = int(heavy.split("it turns ")[1].split("°")[0])
    assert 175 <= turned <= 190
    assert first[2].ids == ("g1",) and first[2].at == pytest.approx((1550, 600), abs=15)


def test_a_bend_gentle_enough_for_light_cars_only_is_a_note_for_medium_and_heavy():
    # a 300 mm radius turns 107° in a Light car's 22" (TURN 3: 135°), 121° and 136° in 25" and 28" (TURN 2: 90°)
    problems = found(hairpin_oval(300), "axles-bend-at-max")
    assert sorted({p.message.split(" cars")[0] for p in problems}) == ["Heavy", "Medium"]
    assert len(problems) == 4
    assert found(hairpin_oval(480), "axles-bend-at-max") == []   # 85° in 28": every class takes it


# --- Badlands Ambush ---------------------------------------------------------------------------------------
def arena(*entries: dict, units: str = "in") -> dict:
    data = strip(10 * IN, *entries, units=units)
    data["track"] = None
    return data


def entry(eid: str, role: str, distance: float, rotation: float = 0.0) -> dict:
    """An entry point `distance` mm straight right of the 6' × 4' table's centre (914.4, 609.6)."""
    return {"id": eid, "kind": "entry_point", "x_mm": 914.4 + distance, "y_mm": 609.6, "rotation_deg": rotation,
            "role": role}


def car_at(eid: str, role: str, x: float, y: float, rotation: float = 0.0, **extra) -> dict:
    return {"id": eid, "kind": "entry_point", "x_mm": x, "y_mm": y, "rotation_deg": rotation, "role": role, **extra}


def seed_ambush(*more: dict) -> dict:
    """The seed's Badlands Ambush on a 6' × 4' table: the defender in the centre heading up the table, the
    attackers entering within 6" of the two points they nominated, the middle of the top edge ("3' in on a 6'
    long table edge") and the bottom-left corner. Speeds are the entry points' defaults."""
    return arena(car_at("def", "defender", 914.4, 609.6, -90.0),
                 car_at("att-1", "attacker", 914.4, 60.0, 90.0), car_at("att-2", "attacker", 1010.0, 90.0, 120.0),
                 car_at("att-3", "attacker", 90.0, 1130.0, -45.0), *more)


def test_the_seed_s_ambush_set_up_gets_no_warning():
    # before: "Entry point 'def' is 0 in from the table's centre: ... the defender starts 10 in from it", and
    # the three attackers 15 in from it
    data = seed_ambush()
    assert found(data, "axles-ambush-placement") == [] and found(data, "axles-ambush-speed") == []
    speeds = {e.id: e.speed_mm for e in track_from_data(data).elements}
    assert speeds == {"def": pytest.approx(10 * IN), "att-1": pytest.approx(15 * IN),
                      "att-2": pytest.approx(15 * IN), "att-3": pytest.approx(15 * IN)}


def test_ambush_speeds_come_from_the_rule_data():
    ambush = axles_rules(RULES).ambush
    assert (ambush.defender_speed_mm, ambush.attackers_speed_mm) == (pytest.approx(10 * IN), pytest.approx(15 * IN))
    assert ambush.entry_within_mm == pytest.approx(6 * IN) and ambush.entry_points_max == 2


def test_a_new_entry_point_enters_at_the_attackers_speed():
    from designer.systems.axles_alloys_2.defaults import new_defaults

    assert new_defaults([], "entry_point") == {"speed_mm": pytest.approx(15 * IN)}


def test_an_attacker_far_from_every_corner_and_edge_midpoint_is_warned():
    problems = found(seed_ambush(car_at("att-4", "attacker", 914.4 + 8 * IN, 609.6)), "axles-ambush-placement")
    assert [p.ids for p in problems] == [("att-4",)] and problems[0].severity == "warning"
    assert problems[0].message == ("Entry point 'att-4' is 25.3 in from the nearest table corner or edge midpoint: "
                                   "in a Badlands Ambush the attackers enter within 6 in of one of the entry "
                                   "points they nominated")


def test_attackers_at_three_entry_points_are_one_too_many():
    problems = found(seed_ambush(car_at("att-4", "attacker", 1780.0, 600.0, 180.0)), "axles-ambush-placement")
    assert [p.ids for p in problems] == [("att-1", "att-2", "att-3", "att-4")]
    assert problems[0].message == ("The attackers enter at 3 corners or edge midpoints: in a Badlands Ambush they "
                                   "nominate at most 2")


def test_an_off_centre_defender_and_a_car_more_than_half_off_the_table_are_warned():
    data = seed_ambush(car_at("def-2", "defender", 914.4 + 12 * IN, 609.6, -90.0),
                       car_at("att-4", "attacker", -20.0, 1200.0))
    messages_ = {p.ids: p.message for p in found(data, "axles-ambush-placement")}
    assert messages_ == {
        ("def-2",): ("Entry point 'def-2' is 12 in from the table's centre: in a Badlands Ambush the defender starts "
                     "in the centre (give or take 0.5 in)"),
        ("att-4",): "Entry point 'att-4' is more than half off the table: a car that leaves the table is lost"}


def test_defenders_heading_different_ways_are_warned():
    data = seed_ambush(car_at("def-2", "defender", 914.4 + 5, 609.6, 0.0))
    (problem,) = found(data, "axles-ambush-placement")
    assert problem.ids == ("def", "def-2")
    assert problem.message == ("The defender's entry points head different ways: in a Badlands Ambush its cars all "
                               "travel in the one direction it nominated")


def test_an_entry_point_at_another_speed_than_its_side_s_is_warned():
    data = seed_ambush(car_at("att-4", "attacker", 1780.0, 1180.0, speed_mm=10 * IN))
    data["elements"][0]["speed_mm"] = 6 * IN
    problems = found(data, "axles-ambush-speed")
    assert [p.ids for p in problems] == [("def",), ("att-4",)] and {p.severity for p in problems} == {"warning"}
    assert problems[0].message == ("Entry point 'def' enters at 6 in: in a Badlands Ambush the defender travels "
                                   "at 10 in")
    assert problems[1].message == ("Entry point 'att-4' enters at 10 in: in a Badlands Ambush the attackers travel "
                                   "at 15 in")


def test_entry_points_without_a_defender_are_a_deathmatch_not_an_ambush():
    data = arena(entry("a", "attacker", 30 * IN))
    assert found(data, "axles-ambush-placement") == [] and found(data, "axles-ambush-speed") == []


def test_one_message_in_german():
    data = strip(13 * IN, units="mm")
    assert messages(data, "axles-track-too-wide") == [
        "From 0 mm to 1524 mm along the lap, the track is too wide: it needs at most 304.8 mm, here 330.2 mm"]
    set_language("de")
    assert messages(data, "axles-track-too-wide") == [
        "Von 0 mm bis 1524 mm entlang der Runde ist die Strecke zu breit: Erlaubt sind höchstens 304,8 mm, hier sind "
        "es 330,2 mm"]


# --- the starters -----------------------------------------------------------------------------------------
def test_the_three_starters_are_axles_ones_in_inches_and_canonical():
    starters = starters_for("axles-alloys-2")
    assert [s.path.name for s in starters] == STARTERS
    for starter in starters:
        text = starter.path.read_text(encoding="utf-8")
        assert dumps_track(load_track(starter.path)) == text, starter.path.name
        assert starter.document.display_units == "in"
    arena_doc, figure_eight, tri_oval = (s.document for s in starters)
    assert (arena_doc.table.width_mm, arena_doc.table.height_mm) == (1828.8, 1219.2) and arena_doc.track is None
    assert {e.kind for e in arena_doc.elements} >= {"scenery", "counter", "entry_point"}
    assert sum(e.kind == "scenery" and e.solid for e in tri_oval.elements) == 3
    assert tri_oval.track.width_mm == figure_eight.track.width_mm == 10 * IN
    assert sum(e.kind == "barrier" for e in tri_oval.elements) == 2   # outside and inside
    assert sum(e.kind == "ramp" for e in figure_eight.elements) == 2
    for document in (tri_oval, figure_eight):
        assert {"start_finish", "gate", "barrier"} <= {e.kind for e in document.elements}


def test_the_starters_validate_without_errors_or_warnings(capsys):
    paths = [str(TEMPLATES_DIR / name) for name in STARTERS]
    assert main(["validate", "--json", *paths]) == 0
    reports = json.loads(capsys.readouterr().out)
    for report in reports["files"] if isinstance(reports, dict) else reports:
        problems = report["problems"]
        assert [p for p in problems if p["severity"] != "info"] == [], report["file"]
        # a race track on a 4' deep table has ends a Medium or Heavy car must slow for at its race MAX: the only
        # notes, and never for a Light car (TURN 3)
        assert {p["code"] for p in problems} <= {"axles-bend-at-max"}
        assert not any(p["message"].startswith("Light") for p in problems)


def test_the_race_starters_are_measured_10_inches_between_their_barriers():
    from designer.geometry.checks.base import CheckContext
    from designer.systems.axles_alloys_2.track_width import track_widths

    for name in STARTERS[1:]:
        document = load_track(TEMPLATES_DIR / name)
        ctx = CheckContext()
        ctx.update(document, RULES)
        widths = track_widths(ctx)
        assert widths.walled.mean() > 0.85, name   # barriers all round but at the figure-8's crossover
        assert widths.width_mm.min() == pytest.approx(10 * IN, abs=1.0)
        assert widths.width_mm.max() == pytest.approx(10 * IN, abs=1.5)


def test_a_reused_context_measures_again_only_when_a_barrier_moves():
    from designer.geometry.checks.base import CheckContext

    ctx = CheckContext()
    apart = strip(10 * IN, barrier("b-left", 495, 905, 600 - 5 * IN), barrier("b-right", 495, 905, 600 + 5 * IN))
    assert found_with(ctx, apart) == []
    apart["elements"][1]["y_mm"] = 600 + 1.5 * IN   # 6.5" apart now
    assert [p.message.split(", here ")[1] for p in found_with(ctx, apart)] == ["6.5 in"]
    apart["elements"].append(ramp("r-along", 1300, 600, 0))   # an edit elsewhere: the same answer
    assert [p.ids for p in found_with(ctx, apart)] == [("b-left", "b-right")]


def found_with(ctx, data: dict) -> list:
    document = track_from_data(data)
    return [p for p in run_checks(document, RULES, ctx) if p.code == "axles-track-too-narrow"]
