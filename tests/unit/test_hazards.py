"""designer.geometry.hazards: Bullet Bill's flight, ramp landing zones, reach discs, boost pushes."""

from __future__ import annotations

import math

import pytest

from designer.geometry.hazards import (
    boost_push,
    bullet_bill_path,
    launcher_of,
    ramp_landing_zones,
    reach_disc,
    thwomp_footprint,
)
from designer.model.track import Table, TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

from .geometry_tracks import STRAIGHT

RULES = load_ruleset("mk-gaslands")  # Short 75, Medium 150, Long 180; kart 75 × 35; ramp 75 × 75
TABLE = Table(width_mm=1400, height_mm=600)


def pipe(x, y, rotation=0.0):
    return new_element(RULES, "warp_pipe", "pipe", x, y, rotation)


def rock(x, y, solid=True, element_id="rock"):
    return new_element(RULES, "scenery", element_id, x, y, polygon=[(-50, -50), (50, -50), (50, 50), (-50, 50)],
                       solid=solid)


def flat(points):
    return [c for p in points for c in p]


# --- Bullet Bill ---------------------------------------------------------------------------------
def test_bill_flies_medium_steps_until_it_leaves_the_straight():
    # The open straight's surface ends in a round cap at x = 1100 + 100; from x = 200 Bill needs 7 moves.
    path = bullet_bill_path(pipe(200, 300), STRAIGHT, [], TABLE, RULES)
    assert path.stopped == "left_track"
    assert len(path.steps) == 7
    assert flat(path.steps) == pytest.approx(flat((200 + 150 * k, 300) for k in range(1, 8)))
    assert path.points[0] == (200, 300)


def test_bill_follows_the_pipe_rotation():
    path = bullet_bill_path(pipe(1000, 300, 180), STRAIGHT, [], TABLE, RULES)
    assert path.stopped == "left_track"
    assert flat(path.steps) == pytest.approx(flat((1000 - 150 * k, 300) for k in range(1, 8)))


def test_a_pipe_beside_the_track_fires_across_it():
    path = bullet_bill_path(pipe(500, 120, 90), STRAIGHT, [], TABLE, RULES)  # the track spans y 200–400
    assert path.stopped == "left_track"
    assert flat(path.steps) == pytest.approx([500, 270, 500, 420])


def test_a_pipe_facing_away_from_the_track_leaves_the_table():
    path = bullet_bill_path(pipe(500, 120, -90), STRAIGHT, [], TABLE, RULES)
    assert path.stopped == "left_table"
    assert flat(path.steps) == pytest.approx([500, -30])


def test_bill_stops_at_solid_scenery():
    elements = [rock(800, 300), rock(500, 300, solid=False, element_id="bush")]
    path = bullet_bill_path(pipe(200, 300), STRAIGHT, elements, TABLE, RULES)
    assert path.stopped == "hit_scenery"
    assert flat(path.steps) == pytest.approx([350, 300, 500, 300, 650, 300, 750, 300])


def test_scenery_under_the_pipe_is_ignored():
    path = bullet_bill_path(pipe(200, 300), STRAIGHT, [rock(200, 300)], TABLE, RULES)
    assert path.stopped == "left_track" and len(path.steps) == 7


def test_without_a_track_bill_flies_to_the_table_edge_or_max_steps():
    path = bullet_bill_path(pipe(100, 300), None, [], TABLE, RULES)
    assert path.stopped == "left_table" and len(path.steps) == 9  # 100 + 9 · 150 = 1450 > 1400
    assert bullet_bill_path(pipe(100, 300), None, [], TABLE, RULES, max_steps=3) == (
        (100, 300), [(250, 300), (400, 300), (550, 300)], "max_steps")


def test_bill_takes_a_document_and_finds_its_launcher():
    document = TrackDocument(name="t", table=TABLE, track=STRAIGHT)
    plate = new_element(RULES, "bullet_bill", "bb", 0, 0, launcher="pipe")
    launcher = launcher_of(plate, [plate, pipe(200, 300)])
    assert launcher is not None and launcher.id == "pipe"
    assert len(bullet_bill_path(launcher, document, [], TABLE, RULES).steps) == 7
    assert launcher_of(plate, [plate]) is None
    trackless = TrackDocument(name="t", table=TABLE)
    assert bullet_bill_path(pipe(100, 300), trackless, [], TABLE, RULES).stopped == "left_table"


# --- ramps ---------------------------------------------------------------------------------------
def test_ramp_landing_zones_beyond_the_back_edge():
    ramp = new_element(RULES, "ramp", "r", 500, 300, 0, hoop=True)  # back edge at x = 537.5
    zones = ramp_landing_zones(ramp, RULES)
    assert zones["medium"].bounds == pytest.approx((537.5 + 150, 262.5, 537.5 + 150 + 75, 337.5))
    assert zones["long"].bounds == pytest.approx((717.5, 262.5, 792.5, 337.5))  # 537.5 + 180, one kart long
    assert zones["wipe_out"].bounds == pytest.approx((537.5 + 75, 262.5, 537.5 + 75 + 75, 337.5))
    hoop = zones["hoop"]
    assert hoop.centroid.x == pytest.approx(537.5 + 75) and hoop.bounds[1::2] == pytest.approx((262.5, 337.5))


def test_ramp_landing_zones_turn_with_the_ramp():
    ramp = new_element(RULES, "ramp", "r", 500, 300, 90)  # facing down the screen: back edge y = 337.5
    zones = ramp_landing_zones(ramp, RULES)
    assert zones["hoop"] is None
    assert zones["medium"].bounds == pytest.approx((462.5, 337.5 + 150, 537.5, 337.5 + 150 + 75))
    assert zones["long"].bounds[1] == pytest.approx(337.5 + 180)


def test_landing_zone_is_at_least_a_kart_wide():
    narrow = RULES.model_copy(update={"element_sizes": {**RULES.element_sizes,
                                                          "ramp": RULES.element_sizes["ramp"].model_copy(
                                                              update={"width_mm": 20.0})}})
    zones = ramp_landing_zones(new_element(RULES, "ramp", "r", 0, 0), narrow)
    assert zones["medium"].bounds[3] - zones["medium"].bounds[1] == pytest.approx(35)
    with pytest.raises(ValueError):
        ramp_landing_zones(new_element(RULES, "thwomp", "t", 0, 0), RULES)


# --- reach, footprints, boosts -------------------------------------------------------------------
def test_reach_discs():
    plant = new_element(RULES, "piranha_plant", "p", 100, 100, range_mm=75)
    chomp = new_element(RULES, "chain_chomp", "c", 0, 0, reach_mm=150)
    goomba = new_element(RULES, "wandering_threat", "g", 0, 0, move="medium")
    assert reach_disc(plant).area == pytest.approx(math.pi * 75 ** 2, rel=1e-3)
    assert reach_disc(plant).centroid.coords[0] == pytest.approx((100, 100))
    assert reach_disc(chomp).bounds == pytest.approx((-150, -150, 150, 150))
    assert reach_disc(goomba, RULES).bounds[2] == pytest.approx(150)
    with pytest.raises(ValueError, match="ruleset"):
        reach_disc(goomba)
    with pytest.raises(ValueError):
        reach_disc(new_element(RULES, "coin", "x", 0, 0))


def test_thwomp_footprint():
    thwomp = new_element(RULES, "thwomp", "t", 200, 200)
    assert thwomp_footprint(thwomp, RULES).bounds == pytest.approx((170, 170, 230, 230))
    with pytest.raises(ValueError):
        thwomp_footprint(new_element(RULES, "coin", "x", 0, 0), RULES)


def test_boost_push_is_a_short_straight_ahead():
    pad = new_element(RULES, "boost_pad", "b", 100, 100)                # 50 × 35: front edge x = 125
    assert boost_push(pad, RULES).bounds == pytest.approx((125, 82.5, 200, 117.5))
    panel = new_element(RULES, "dash_panel", "d", 100, 100, 180, pads=3)  # 150 long, facing −x
    assert boost_push(panel, RULES).bounds == pytest.approx((100 - 75 - 75, 82.5, 25, 117.5))
    with pytest.raises(ValueError):
        boost_push(new_element(RULES, "ramp", "r", 0, 0), RULES)
