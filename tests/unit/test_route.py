"""designer.geometry.route: distances, projection, gates, renumbering, point insertion, crossings."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from designer.geometry import route
from designer.geometry.route import (
    apply_gate_orders,
    crossings,
    gate_across,
    insert_point,
    lap_length,
    point_at,
    project,
    renumber_gates,
)
from designer.model.track import TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

from .geometry_tracks import FIGURE8, RECT, RECT_POINTS, STRAIGHT, TABLE, figure8

RULES = load_ruleset("mk-gaslands")


def gate(gate_id, x, y, rotation=0.0, order=1):
    return new_element(RULES, "gate", gate_id, x, y, rotation, order=order)


def angle_gap(a, b):
    return abs((a - b + 180.0) % 360.0 - 180.0)


# --- lengths and positions -----------------------------------------------------------------------
def test_lap_length_of_straight_and_rectangle():
    assert lap_length(STRAIGHT) == pytest.approx(1000.0)
    polygon = 2 * 800 + 2 * 400 + 4 * math.hypot(100, 100)  # the cut rectangle through the control points
    assert polygon < lap_length(RECT) < polygon * 1.02


def test_accepts_a_document():
    document = TrackDocument(name="t", table=TABLE, track=RECT)
    assert lap_length(document) == lap_length(RECT)
    with pytest.raises(ValueError, match="no track"):
        lap_length(TrackDocument(name="t", table=TABLE))


def test_point_at_on_the_straight_and_clamped_ends():
    assert point_at(STRAIGHT, 250) == pytest.approx((350, 300, 0))
    assert point_at(STRAIGHT, -50) == pytest.approx((100, 300, 0))
    assert point_at(STRAIGHT, 5000) == pytest.approx((1100, 300, 0))


def test_point_at_wraps_on_a_closed_track():
    lap = lap_length(RECT)
    assert point_at(RECT, 0)[:2] == pytest.approx((200, 100))
    assert point_at(RECT, lap)[:2] == pytest.approx((200, 100))
    assert point_at(RECT, lap + 123) == pytest.approx(point_at(RECT, 123))
    assert point_at(RECT, -100) == pytest.approx(point_at(RECT, lap - 100))


def test_project_on_the_straight():
    p = project(STRAIGHT, (600, 350))
    assert (p.distance_mm, *p.point, p.angle_deg, p.lateral_mm) == pytest.approx((500, 600, 300, 0, 50))
    # left of travel is negative; past the end the foot is the end point
    assert project(STRAIGHT, (600, 260)).lateral_mm == pytest.approx(-40)
    beyond = project(STRAIGHT, (1200, 310))
    assert beyond.distance_mm == pytest.approx(1000) and beyond.point == pytest.approx((1100, 300))
    assert beyond.lateral_mm == pytest.approx(10)


@pytest.mark.parametrize("click, foot, angle", [
    ((600, 120), (600, 100), 0),      # top: along +x
    ((1080, 400), (1100, 400), 90),   # right side: down the screen
    ((600, 690), (600, 700), 180),    # bottom: along -x
    ((130, 400), (100, 400), -90),    # left side: up
])
def test_project_tangents_round_the_rectangle(click, foot, angle):
    p = project(RECT, click)
    assert p.point == pytest.approx(foot)
    assert angle_gap(p.angle_deg, angle) < 1e-6
    assert p.lateral_mm == pytest.approx(math.dist(click, foot))  # the loop's inside is on the right
    assert 0 <= p.distance_mm < lap_length(RECT)


@settings(max_examples=80, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_project_inverts_point_at_on_a_closed_track(fraction):
    lap = lap_length(RECT)
    d = fraction * lap
    x, y, angle = point_at(RECT, d)
    p = project(RECT, (x, y))
    gap = abs(p.distance_mm - d)
    assert min(gap, lap - gap) < 1e-6
    assert angle_gap(p.angle_deg, angle) < 1e-6
    assert abs(p.lateral_mm) < 1e-6


@settings(max_examples=80, deadline=None)
@given(st.floats(min_value=0, max_value=1000, allow_nan=False),
       st.floats(min_value=-99, max_value=99, allow_nan=False))
def test_project_inverts_point_at_on_the_straight_with_offset(d, offset):
    x, y, _ = point_at(STRAIGHT, d)
    p = project(STRAIGHT, (x, y + offset))
    assert p.distance_mm == pytest.approx(d, abs=1e-6)
    assert p.lateral_mm == pytest.approx(offset, abs=1e-6)


# --- gates ---------------------------------------------------------------------------------------
def test_gate_across_is_perpendicular_to_the_centerline():
    assert gate_across(RECT, (600, 130)) == pytest.approx((600, 100, 0, 200))
    x, y, rotation, width = gate_across(RECT, (1050, 400))
    assert (x, y, width) == pytest.approx((1100, 400, 200)) and rotation == pytest.approx(90)
    assert gate_across(STRAIGHT, (700, 250)) == pytest.approx((700, 300, 0, 200))


def test_gate_across_refuses_clicks_off_the_surface():
    assert gate_across(RECT, (600, 300)) is None          # the infield
    assert gate_across(STRAIGHT, (700, 400)) is not None  # exactly on the edge
    assert gate_across(STRAIGHT, (700, 400.5)) is None


def test_renumber_from_the_route_start():
    gates = [gate("left", 100, 400), gate("bottom", 350, 700), gate("top", 600, 100), gate("right", 1100, 400)]
    assert list(renumber_gates(RECT, gates).items()) == [("top", 1), ("right", 2), ("bottom", 3), ("left", 4)]


def test_renumber_from_a_start_line_mid_lap_wraps_round():
    start = new_element(RULES, "start_finish", "sf", 600, 700, 180)
    gates = [gate("top", 600, 100), gate("right", 1100, 400), gate("bottom", 350, 700), gate("left", 100, 400),
             gate("just-before-start", 700, 700)]
    orders = renumber_gates(RECT, gates, start)
    assert orders == {"bottom": 1, "left": 2, "top": 3, "right": 4, "just-before-start": 5}
    assert list(orders) == ["bottom", "left", "top", "right", "just-before-start"]


def test_a_gate_on_the_start_line_comes_first():
    start = new_element(RULES, "start_finish", "sf", 600, 700, 180)
    orders = renumber_gates(RECT, [gate("top", 600, 100), gate("on-line", 600, 700)], start)
    assert orders == {"on-line": 1, "top": 2}


def test_renumber_on_an_open_track_ignores_the_start_line():
    start = new_element(RULES, "start_finish", "sf", 800, 300)
    gates = [gate("c", 900, 300), gate("a", 200, 300), gate("b", 500, 300)]
    assert renumber_gates(STRAIGHT, gates, start) == {"a": 1, "b": 2, "c": 3}


def test_gates_on_a_figure8_crossover_use_their_heading():
    (crossing,) = crossings(FIGURE8)
    d1, d2 = crossing.distances_mm
    at = (crossing.x_mm, crossing.y_mm)
    second = gate("second-pass", *at, rotation=point_at(FIGURE8, d2)[2])
    first = gate("first-pass", *at, rotation=point_at(FIGURE8, d1)[2])
    middle = gate("between", *point_at(FIGURE8, (d1 + d2) / 2)[:2])
    assert renumber_gates(FIGURE8, [second, middle, first]) == {"first-pass": 1, "between": 2, "second-pass": 3}


def test_apply_gate_orders_returns_only_changed_gates():
    gates = [gate("a", 600, 100, order=1), gate("b", 1100, 400, order=1)]
    changed = apply_gate_orders(gates, {"a": 1, "b": 2})
    assert [(g.id, g.order) for g in changed] == [("b", 2)]


# --- editing control points ----------------------------------------------------------------------
def test_insert_point_falls_between_the_right_control_points():
    three = STRAIGHT.model_copy(update={"centerline": [(100, 300), (600, 300), (1100, 300)]})
    assert insert_point(three, (800, 320)) == (2, pytest.approx((800, 300)))
    assert insert_point(three, (300, 290)) == (1, pytest.approx((300, 300)))
    assert insert_point(RECT, (700, 110)) == (3, pytest.approx((700, 100)))


def test_insert_point_on_the_closing_span_of_a_closed_track():
    index, (x, y) = insert_point(RECT, (140, 140))
    assert index == len(RECT_POINTS)  # between the last control point and the first
    assert 100 < x < 200 and 100 < y < 200


def test_insert_point_refusals():
    assert insert_point(RECT, (600, 300), max_distance_mm=50) is None  # too far from the curve
    assert insert_point(RECT, (600, 101)) is None                      # on an existing control point


def test_inserting_the_point_keeps_the_route_through_it():
    index, point = insert_point(RECT, (700, 130))
    bigger = route.with_point_inserted(RECT, index, point)
    assert bigger.centerline[index] == pytest.approx(point)
    assert project(bigger, point).distance_mm == pytest.approx(project(RECT, point).distance_mm, abs=1e-6)


# --- crossings -----------------------------------------------------------------------------------
def test_a_simple_loop_and_a_straight_do_not_cross():
    assert crossings(RECT) == []
    assert crossings(STRAIGHT) == []


@pytest.mark.parametrize("phase", [0.5, 0.0, 0.25])  # 0.0 puts control points on the crossing
def test_a_figure8_crosses_exactly_once(phase):
    track = figure8(phase)
    (crossing,) = crossings(track)
    # the spline through the control points, not the lemniscate itself: near its crossing
    assert (crossing.x_mm, crossing.y_mm) == pytest.approx((500, 300), abs=5.0)
    assert 70 < crossing.angle_deg <= 90  # the lemniscate crosses square, the smooth curve nearly so
    d1, d2 = crossing.distances_mm
    assert d1 < d2
    assert d2 - d1 == pytest.approx(lap_length(track) / 2, rel=0.05)
    assert point_at(track, d1)[:2] == pytest.approx((crossing.x_mm, crossing.y_mm), abs=1e-6)
    assert point_at(track, d2)[:2] == pytest.approx((crossing.x_mm, crossing.y_mm), abs=1e-6)


def test_two_crossings_are_reported_in_route_order():
    # A loop that crosses the straight back twice: a "pretzel" with two crossovers.
    points = [(100, 400), (900, 400), (1000, 300), (900, 200), (700, 500), (500, 600), (300, 500), (100, 200)]
    track = STRAIGHT.model_copy(update={"centerline": points})
    found = crossings(track)
    assert len(found) == 2
    assert found[0].distances_mm[0] < found[1].distances_mm[0]
    assert all(c.angle_deg > 20 for c in found)
