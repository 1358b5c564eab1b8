"""designer.geometry.measure: distances in units and straights, movement-template outlines."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Point

from designer.geometry.measure import (
    format_distance,
    measure,
    place_template,
    template_shapes,
    turn_shape,
)
from designer.rules import load_ruleset

GASLANDS = load_ruleset("mk-gaslands")


def test_300_mm_in_straights():
    m = measure((100, 100), (400, 100), GASLANDS)
    assert m.distance_mm == 300
    assert m.in_straights == pytest.approx({"short": 4, "medium": 2, "long": 5 / 3})
    assert m.text == "300 mm"
    assert m.angle_deg == 0
    assert m.summary() == "300 mm · 4 S · 2 M · 1.67 L"


@pytest.mark.parametrize("units, text", [("mm", "300 mm"), ("cm", "30 cm"), ("in", "11.81 in")])
def test_display_units(units, text):
    assert measure((0, 0), (180, 240), GASLANDS, units).text == text


def test_format_distance():
    assert format_distance(12.5, "mm") == "12.5 mm"
    assert format_distance(0, "cm") == "0 cm"
    assert format_distance(152.4, "in") == "6 in"
    with pytest.raises(ValueError, match="units"):
        format_distance(1, "ft")


@pytest.mark.parametrize("b, angle", [((0, 100), 90), ((-100, 0), 180), ((0, -100), -90), ((100, 100), 45)])
def test_direction_is_clockwise_from_plus_x(b, angle):
    assert measure((0, 0), b, GASLANDS).angle_deg == pytest.approx(angle)


def test_zero_length():
    m = measure((5, 5), (5, 5), GASLANDS)
    assert (m.distance_mm, m.angle_deg, m.in_straights["long"]) == (0, 0, 0)


@given(st.floats(-1000, 1000), st.floats(-1000, 1000))
def test_straights_multiply_back_to_the_distance(dx, dy):
    m = measure((0, 0), (dx, dy), GASLANDS)
    assert m.distance_mm == pytest.approx(math.hypot(dx, dy))
    for name, count in m.in_straights.items():
        assert count * GASLANDS.movement.distance_mm(name) == pytest.approx(m.distance_mm)


# --- templates -----------------------------------------------------------------------------------
def test_gaslands_templates():
    shapes = template_shapes(GASLANDS)
    assert [(s.name, s.kind) for s in shapes] == [
        ("Short", "straight"), ("Medium", "straight"), ("Long", "straight"),
        ("Gentle", "turn"), ("Turn", "turn"), ("Hairpin", "turn"),
    ]
    assert shapes[1].outline.bounds == pytest.approx((0, -12.5, 150, 12.5))
    assert shapes[1].end == (150, 0, 0)
    assert all(s.outline.is_valid and not s.outline.is_empty for s in shapes)


def test_template_width_is_a_parameter():
    (short, *_) = template_shapes(GASLANDS, width_mm=40)
    assert short.outline.area == pytest.approx(75 * 40)


@pytest.mark.parametrize("ruleset_id", ["axles-alloys-2", "mk-board", "mk-downforce"])
def test_systems_without_templates(ruleset_id):
    assert template_shapes(load_ruleset(ruleset_id)) == []


def test_turn_band_geometry():
    turn = turn_shape("Turn", 75, 90, width_mm=25)
    assert turn.end == pytest.approx((75, 75, 90))  # a quarter circle to the right (y down)
    assert turn.length_mm == pytest.approx(75 * math.pi / 2)
    assert turn.outline.area == pytest.approx(75 * math.pi / 2 * 25, rel=0.005)  # middle arc × width
    assert turn.outline.contains(Point(75 * math.sin(math.pi / 4), 75 - 75 * math.cos(math.pi / 4)))
    assert not turn.outline.contains(Point(0, 75))  # the turn's centre lies outside the band
    left = turn_shape("Turn", 75, 90, width_mm=25, left=True)
    assert left.end == pytest.approx((75, -75, -90))
    assert left.outline.bounds == pytest.approx((0, -75, 87.5, 12.5), abs=0.01)  # end cap at y = −r


def test_turn_wider_than_its_diameter_is_a_sector():
    sector = turn_shape("Tight", 10, 90, width_mm=40)
    assert sector.outline.area == pytest.approx(math.pi * 30 ** 2 / 4, rel=0.005)
    with pytest.raises(ValueError):
        turn_shape("Bad", 10, 0)


def test_pitchkart_sections():
    shapes = template_shapes(load_ruleset("pitchkart"))
    assert [(s.name, s.kind) for s in shapes] == [("Straight section", "straight"), ("Curve section", "turn")]
    assert shapes[1].end[2] == pytest.approx(45)


def test_place_template_on_the_table():
    medium = template_shapes(GASLANDS)[1]
    assert place_template(medium, 100, 100, 90).bounds == pytest.approx((87.5, 100, 112.5, 250))
    assert place_template(medium, 100, 100, 0).bounds == pytest.approx((100, 87.5, 250, 112.5))
