"""The editing tools' maths without Qt: grid and angle snapping, rotation about a pivot, nudges, drags, bands."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.geometry import snap

coords = st.floats(min_value=-5_000, max_value=5_000, allow_nan=False)
angles = st.floats(min_value=-720, max_value=720, allow_nan=False)


@pytest.mark.parametrize(("units", "spacing"), [("mm", 10.0), ("cm", 10.0), ("in", 6.35)])
def test_snap_spacing_per_display_unit(units, spacing):
    assert snap.snap_spacing(units) == pytest.approx(spacing)


def test_grid_spacing_per_display_unit():
    assert snap.grid_spacing("mm") == (10.0, 100.0)
    assert snap.grid_spacing("in") == pytest.approx((25.4, 152.4))
    assert snap.grid_spacing("furlong") == snap.grid_spacing("mm")


@pytest.mark.parametrize(("value", "spacing", "expected"), [
    (14.9, 10, 10), (15.0, 10, 20), (-15.0, 10, -20), (-4.9, 10, 0), (3.2, 6.35, 6.35), (12.7, 6.35, 12.7),
    (7.0, 0, 7.0),
])
def test_snap_value(value, spacing, expected):
    assert snap.snap_value(value, spacing) == pytest.approx(expected)


@given(coords, coords, st.sampled_from([10.0, 6.35, 2.5]))
def test_snapped_points_lie_on_the_grid_and_near(x, y, spacing):
    sx, sy = snap.snap_point((x, y), spacing)
    for value, snapped in ((x, sx), (y, sy)):
        assert abs(snapped - value) <= spacing / 2 + 1e-9
        assert snapped / spacing == pytest.approx(round(snapped / spacing), abs=1e-9)


def test_snap_point_off_is_identity():
    assert snap.snap_point((1.23, 4.56), None) == (1.23, 4.56)


def test_drag_delta_follows_the_pointer_and_snaps_the_anchor():
    anchor, press = (103.0, 47.0), (110.0, 50.0)
    assert snap.drag_delta(anchor, press, (131.5, 42.0)) == pytest.approx((21.5, -8.0))
    dx, dy = snap.drag_delta(anchor, press, (131.5, 42.0), 10.0)
    assert (anchor[0] + dx, anchor[1] + dy) == pytest.approx((120.0, 40.0))  # 124.5, 39 → grid


def test_is_drag_threshold():
    assert not snap.is_drag((10, 10), (12, 12))
    assert snap.is_drag((10, 10), (14, 10))
    assert snap.is_drag((10, 10), (10, 30), threshold=20)


@pytest.mark.parametrize(("degrees", "expected"), [(7.4, 0), (7.5, 15), (22, 15), (-8, -15), (181, 180), (44, 45)])
def test_snap_angle(degrees, expected):
    assert snap.snap_angle(degrees) == pytest.approx(expected)


def test_angle_to_is_clockwise_in_a_y_down_scene():
    assert snap.angle_to((0, 0), (10, 0)) == pytest.approx(0)
    assert snap.angle_to((0, 0), (0, 10)) == pytest.approx(90)  # below = a quarter turn clockwise
    assert snap.angle_to((0, 0), (-10, 0)) == pytest.approx(180)


def test_sweep_snaps_unless_step_is_none():
    pivot, start = (0.0, 0.0), (0.0, -50.0)  # handle straight above the pivot
    pointer = (50 * math.sin(math.radians(40)), -50 * math.cos(math.radians(40)))  # 40° clockwise round
    assert snap.sweep(pivot, start, pointer) == pytest.approx(45)
    assert snap.sweep(pivot, start, pointer, None) == pytest.approx(40)
    assert snap.sweep(pivot, start, (-50.0, 1.0)) == pytest.approx(-90)


def test_rotate_point_quarter_turn_clockwise():
    assert snap.rotate_point((10, 0), (0, 0), 90) == pytest.approx((0, 10))
    assert snap.rotate_point((15, 5), (5, 5), -90) == pytest.approx((5, -5))


def test_rotate_placements_turns_positions_and_headings():
    placements = [(100.0, 0.0, 170.0), (-100.0, 0.0, 0.0)]
    turned = snap.rotate_placements(placements, (0.0, 0.0), 30.0)
    assert turned[0][:2] == pytest.approx((100 * math.cos(math.radians(30)), 100 * math.sin(math.radians(30))))
    assert turned[0][2] == pytest.approx(-160.0)  # 200° folded into (-180, 180]
    assert turned[1][2] == pytest.approx(30.0)


@given(st.lists(st.tuples(coords, coords, angles.map(lambda a: ((a + 180) % 360) - 180)), min_size=1, max_size=6),
       angles)
def test_rotation_about_the_centroid_keeps_the_centroid_and_distances(placements, degrees):
    pivot = snap.centroid((x, y) for x, y, _ in placements)
    turned = snap.rotate_placements(placements, pivot, degrees)
    assert snap.centroid((x, y) for x, y, _ in turned) == pytest.approx(pivot, abs=1e-6)
    for (x0, y0, r0), (x1, y1, r1) in zip(placements, turned, strict=True):
        assert math.dist((x0, y0), pivot) == pytest.approx(math.dist((x1, y1), pivot), abs=1e-6)
        assert -180 < r1 <= 180
        assert math.remainder(r1 - r0 - degrees, 360) == pytest.approx(0, abs=1e-6)


def test_centroid_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        snap.centroid([])


@pytest.mark.parametrize(("direction", "large", "expected"), [
    ("left", False, (-1, 0)), ("right", True, (10, 0)), ("up", False, (0, -1)), ("down", True, (0, 10)),
])
def test_nudge_delta(direction, large, expected):
    assert snap.nudge_delta(direction, large) == expected


def test_band_mode_and_rect():
    assert snap.band_mode((10, 10), (50, 0)) == "window"
    assert snap.band_mode((10, 10), (5, 50)) == "crossing"
    assert snap.band_rect((50, 10), (20, 40)) == (20, 10, 30, 30)
