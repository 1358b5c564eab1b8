"""designer.geometry.layout: control-point edits and whole-layout transforms (reverse, mirror, rotate)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point

from designer.geometry.footprint import footprint
from designer.geometry.layout import (
    delete_point,
    min_points,
    mirror_elements,
    mirror_layout,
    move_point,
    reverse_elements,
    reverse_layout,
    reverse_track,
    reversed_rotation,
    rotate_layout,
    rotate_point,
    with_point_inserted,
)
from designer.geometry.route import lap_length, point_at, project
from designer.model.edit import normalize_angle
from designer.model.track import MAX_CENTERLINE_POINTS, TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

from .factories import minimal_track_data
from .geometry_tracks import RECT, RECT_POINTS, STRAIGHT

RULES = load_ruleset("mk-gaslands")
DOC = TrackDocument.model_validate(minimal_track_data())


def angle_gap(a, b):
    return abs((a - b + 180.0) % 360.0 - 180.0)


def same_shape(a, b, tolerance=1e-6):
    return a.symmetric_difference(b).area < tolerance * max(1.0, a.area)


def assert_same_elements(left, right):
    assert [e.id for e in left] == [e.id for e in right]
    for a, b in zip(left, right, strict=True):
        da, db = a.model_dump(), b.model_dump()
        for key in ("x_mm", "y_mm"):
            assert da.pop(key) == pytest.approx(db.pop(key), abs=1e-9)
        assert angle_gap(da.pop("rotation_deg"), db.pop("rotation_deg")) < 1e-9
        if "polygon" in da:
            assert da.pop("polygon") == [pytest.approx(p, abs=1e-9) for p in db.pop("polygon")]
        assert da == db


def assert_same_track(a, b):
    assert a.closed == b.closed and a.width_mm == b.width_mm
    assert [pytest.approx(p, abs=1e-9) for p in a.centerline] == b.centerline


# --- control points ------------------------------------------------------------------------------
def test_delete_point_and_its_minimum():
    assert min_points(RECT) == 3 and min_points(STRAIGHT) == 2
    smaller = delete_point(RECT, 2)
    assert smaller.centerline == [p for i, p in enumerate(RECT.centerline) if i != 2]
    assert delete_point(RECT, -1).centerline == RECT.centerline[:-1]
    triangle = RECT.model_copy(update={"centerline": RECT.centerline[:3]})
    with pytest.raises(ValueError, match="closed track needs at least 3"):
        delete_point(triangle, 0)
    with pytest.raises(ValueError, match="open track needs at least 2"):
        delete_point(STRAIGHT, 0)
    with pytest.raises(IndexError):
        delete_point(RECT, len(RECT_POINTS))


def test_move_point_changes_one_point_only():
    moved = move_point(RECT, 1, (400, 80))
    assert moved.centerline[1] == (400, 80)
    assert moved.centerline[:1] == RECT.centerline[:1] and moved.centerline[2:] == RECT.centerline[2:]
    assert RECT.centerline[1] == (400, 100)  # the original is untouched
    with pytest.raises(ValueError):
        move_point(RECT, 1, (1e9, 0))  # outside the model's coordinate bounds


def test_insert_point_at_an_index_and_the_limit():
    bigger = with_point_inserted(STRAIGHT, 1, (600, 300))
    assert bigger.centerline == [(100, 300), (600, 300), (1100, 300)]
    full = STRAIGHT.model_copy(update={"centerline": [(float(i), 0.0) for i in range(MAX_CENTERLINE_POINTS)]})
    with pytest.raises(ValueError, match="at most"):
        with_point_inserted(full, 0, (-1, 0))
    with pytest.raises(IndexError):
        with_point_inserted(STRAIGHT, 5, (0, 0))


# --- reverse -------------------------------------------------------------------------------------
def test_reverse_track_keeps_the_start_of_a_closed_loop():
    back = reverse_track(RECT)
    assert back.centerline[0] == RECT.centerline[0]
    assert back.centerline[1:] == RECT.centerline[:0:-1]
    assert reverse_track(STRAIGHT).centerline == [(1100, 300), (100, 300)]
    assert reverse_track(back) == RECT


@pytest.mark.parametrize("d", [100.0, 401.5, 1500.0, 2500.0])
def test_reversed_distances_and_headings(d):
    lap = lap_length(RECT)
    back = reverse_track(RECT)
    assert lap_length(back) == pytest.approx(lap, rel=1e-4)
    x, y, angle = point_at(RECT, d)
    p = project(back, (x, y))
    assert p.distance_mm == pytest.approx(lap - d, abs=0.5)
    assert angle_gap(p.angle_deg, angle + 180) < 1.0


def test_reverse_elements_turns_travel_kinds_and_flips_gate_orders():
    gates = [new_element(RULES, "gate", f"g{o}", 100 * o, 0, 10, order=o) for o in (1, 2, 5)]
    pipe = new_element(RULES, "warp_pipe", "pipe", 0, 0, 30)
    box = new_element(RULES, "item_box", "box", 0, 0, -170)
    out = reverse_elements([*gates, pipe, box])
    assert [g.order for g in out[:3]] == [5, 2, 1]
    assert all(g.rotation_deg == pytest.approx(-170) for g in out[:3])
    assert out[3].rotation_deg == 30  # a pipe's rotation is where Bill flies, not the direction of travel
    assert out[4].rotation_deg == pytest.approx(10)
    assert reversed_rotation(90) == -90 and reversed_rotation(-90) == 90


def test_reverse_layout_twice_is_the_identity():
    track, elements = reverse_layout(*reverse_layout(DOC.track, DOC.elements))
    assert_same_track(track, DOC.track)
    assert_same_elements(elements, DOC.elements)
    assert reverse_layout(None, [])[0] is None


# --- mirror --------------------------------------------------------------------------------------
def test_mirror_positions_and_rotations():
    coin = new_element(RULES, "boost_pad", "b", 100, 200, 30)
    (h,) = mirror_elements([coin], "horizontal", DOC.table)
    (v,) = mirror_elements([coin], "vertical", DOC.table)
    assert (h.x_mm, h.y_mm, h.rotation_deg) == pytest.approx((914.4 - 100, 200, 150))
    assert (v.x_mm, v.y_mm, v.rotation_deg) == pytest.approx((100, 914.4 - 200, -30))
    with pytest.raises(ValueError, match="axis"):
        mirror_elements([coin], "diagonal", DOC.table)


@pytest.mark.parametrize("axis, scale", [("horizontal", (-1, 1)), ("vertical", (1, -1))])
def test_mirrored_footprints_are_mirror_images(axis, scale):
    centre = (DOC.table.width_mm / 2, DOC.table.height_mm / 2)
    rock = new_element(RULES, "scenery", "rock", 300, 200, 25, polygon=[(0, 0), (80, 10), (30, 60)])
    elements = [*DOC.elements, rock]
    track, mirrored = mirror_layout(DOC.track, elements, axis, DOC.table)
    for before, after in zip(elements, mirrored, strict=True):
        expected = affinity.scale(footprint(before, RULES), *scale, origin=centre)
        # placements are stored to 0.01 mm and 0.01°: the outlines may differ by a sliver that thin
        assert footprint(after, RULES).symmetric_difference(expected).area < 0.02 * expected.length, before.id
    flipped = [affinity.scale(Point(p), *scale, origin=centre).coords[0] for p in DOC.track.centerline]
    assert track.centerline == [pytest.approx(p) for p in flipped]


def test_mirror_keeps_the_direction_of_travel_along_the_track():
    track, _ = mirror_layout(RECT, [], "horizontal", DOC.table.model_copy(update={"width_mm": 1200}))
    p = project(track, (1200 - 600, 100))
    assert angle_gap(p.angle_deg, 180) < 1e-6  # the top ran +x, its mirror runs -x


@pytest.mark.parametrize("axis", ["horizontal", "vertical"])
def test_mirror_twice_is_the_identity(axis):
    track, elements = mirror_layout(*mirror_layout(DOC.track, DOC.elements, axis, DOC.table), axis, DOC.table)
    assert_same_track(track, DOC.track)
    assert_same_elements(elements, DOC.elements)


# --- rotate --------------------------------------------------------------------------------------
def test_rotate_quarter_turn_is_clockwise_on_screen_and_exact():
    assert rotate_point((100, 0), 90, (0, 0)) == (0, 100)
    assert rotate_point((100, 0), -90, (0, 0)) == (0, -100)
    assert rotate_point((150, 50), 180, (100, 50)) == (50, 50)
    pad = new_element(RULES, "boost_pad", "b", 200, 100, 170)
    track, (turned,) = rotate_layout(STRAIGHT, [pad], 90, (0, 0))
    assert track.centerline == [(-300, 100), (-300, 1100)]
    assert (turned.x_mm, turned.y_mm, turned.rotation_deg) == (-100, 200, -100)


def test_rotated_footprints_are_rotated_images():
    about = (457.2, 457.2)
    _, turned = rotate_layout(DOC.track, DOC.elements, 33, about)
    for before, after in zip(DOC.elements, turned, strict=True):
        expected = affinity.rotate(footprint(before, RULES), 33, origin=about)
        # placements are stored to 0.01 mm and 0.01°: the outlines may differ by a sliver that thin
        assert footprint(after, RULES).symmetric_difference(expected).area < 0.02 * expected.length, before.id


def test_rotate_half_turn_twice_is_the_identity():
    track, elements = rotate_layout(*rotate_layout(DOC.track, DOC.elements, 180, (400, 300)), 180, (400, 300))
    assert_same_track(track, DOC.track)
    assert_same_elements(elements, DOC.elements)


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=-360, max_value=360, allow_nan=False),
       st.tuples(st.floats(-500, 1500), st.floats(-500, 1500)))
def test_rotate_there_and_back_is_the_identity(degrees, about):
    track, elements = rotate_layout(*rotate_layout(DOC.track, DOC.elements, degrees, about), -degrees, about)
    # each turn stores its result to 0.01 mm and 0.01°
    assert [pytest.approx(p, abs=0.02) for p in track.centerline] == DOC.track.centerline
    for a, b in zip(elements, DOC.elements, strict=True):
        assert (a.x_mm, a.y_mm) == pytest.approx((b.x_mm, b.y_mm), abs=0.02)
        assert angle_gap(a.rotation_deg, b.rotation_deg) < 0.011
        assert -180 < a.rotation_deg <= 180 and a.rotation_deg == normalize_angle(a.rotation_deg)
    assert math.isfinite(track.width_mm)
