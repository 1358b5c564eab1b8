"""The along-track pose of the place tool (`designer.geometry.track_pose`): lines across the track snap onto
the centerline with the track's width, ramps and pads turn to the direction of travel where dropped, and
anything off the surface, without a track or of an undirected kind is placed as dropped."""

from __future__ import annotations

import math

import pytest

from designer.geometry.route import point_at, project
from designer.geometry.track_pose import pose_on_track
from designer.model import TrackDocument
from designer.model.edit import normalize_angle
from designer.model.track import TrackSurface

# Clockwise on screen (y down): right along the top, down the right side, left along the bottom, up the left.
LOOP = TrackSurface.model_validate({"centerline": [[260, 240], [960, 240], [960, 670], [260, 670]],
                                    "closed": True, "width_mm": 260})


@pytest.mark.parametrize("kind", ["start_finish", "gate"])
def test_a_line_across_snaps_onto_the_centerline_with_the_track_width(kind):
    drop = beside(950.0, -70.0)                          # well off the centerline of the right-hand side
    at = project(LOOP, drop)
    assert abs(at.lateral_mm) > 20.0
    pose = pose_on_track(LOOP, kind, drop)
    assert pose is not None
    assert (pose.x_mm, pose.y_mm) == pytest.approx(at.point)
    assert normalize_angle(pose.rotation_deg - at.angle_deg) == pytest.approx(0.0, abs=1e-6)
    assert abs(normalize_angle(pose.rotation_deg - 90.0)) < 20.0  # travelling down the screen
    assert pose.width_mm == 260.0
    assert abs(project(LOOP, (pose.x_mm, pose.y_mm)).lateral_mm) < 1e-6


def beside(distance_mm: float, right_mm: float) -> tuple[float, float]:
    """The point `right_mm` to the right of travel of the centerline point `distance_mm` along the loop."""
    x, y, angle = point_at(LOOP, distance_mm)
    return x - right_mm * math.sin(math.radians(angle)), y + right_mm * math.cos(math.radians(angle))


@pytest.mark.parametrize(("distance", "heading"), [(350.0, 0.0), (1000.0, 90.0), (1670.0, 180.0), (2200.0, -90.0)])
@pytest.mark.parametrize("kind", ["ramp", "boost_pad", "dash_panel"])
def test_ramps_and_pads_stay_where_dropped_and_face_the_travel(kind, distance, heading):
    point = beside(distance, 60.0)
    pose = pose_on_track(LOOP, kind, point)
    assert pose is not None
    assert (pose.x_mm, pose.y_mm) == point
    assert normalize_angle(pose.rotation_deg - project(LOOP, point).angle_deg) == pytest.approx(0.0, abs=1e-6)
    assert abs(normalize_angle(pose.rotation_deg - heading)) < 20.0
    assert pose.width_mm is None


def test_a_turn_is_relative_to_the_travel_but_never_turns_a_line_across():
    drop = beside(1000.0, 30.0)
    heading = project(LOOP, drop).angle_deg
    turned = pose_on_track(LOOP, "ramp", drop, turn_deg=180.0).rotation_deg
    assert normalize_angle(turned - heading - 180.0) == pytest.approx(0.0, abs=1e-6)
    assert pose_on_track(LOOP, "gate", drop, turn_deg=45.0).rotation_deg == pytest.approx(heading)


def test_on_a_curve_the_heading_is_the_tangent_of_the_nearest_point():
    arc = TrackSurface.model_validate({"centerline": [[0, 0], [400, 0], [400, 400]], "closed": False,
                                       "width_mm": 200})
    at = project(arc, (330.0, 60.0))
    pose = pose_on_track(arc, "boost_pad", (330.0, 60.0))
    assert pose is not None
    assert normalize_angle(pose.rotation_deg - at.angle_deg) == pytest.approx(0.0, abs=1e-6)


@pytest.mark.parametrize("kind", ["ramp", "gate", "start_finish"])
def test_off_the_surface_there_is_no_pose(kind):
    assert pose_on_track(LOOP, kind, (610.0, 460.0)) is None        # the infield
    for side in (-1.0, 1.0):   # the inner and the outer edge of the top
        assert pose_on_track(LOOP, kind, beside(350.0, side * 129.5)) is not None
        assert pose_on_track(LOOP, kind, beside(350.0, side * 130.5)) is None


def test_undirected_kinds_and_documents_without_a_track_are_placed_as_dropped():
    assert pose_on_track(LOOP, "coin", (600.0, 240.0)) is None
    assert pose_on_track(LOOP, "item_box", (600.0, 240.0)) is None
    assert pose_on_track(None, "ramp", (600.0, 240.0)) is None
    blank = TrackDocument.model_validate({"name": "Blank", "ruleset": "mk-gaslands",
                                          "table": {"width_mm": 1219.2, "height_mm": 914.4}})
    assert blank.track is None
    assert pose_on_track(blank, "start_finish", (600.0, 240.0)) is None


def test_a_document_gives_the_pose_of_its_track():
    document = TrackDocument.model_validate({"name": "Loop", "ruleset": "mk-gaslands",
                                             "table": {"width_mm": 1219.2, "height_mm": 914.4},
                                             "track": LOOP.model_dump()})
    assert pose_on_track(document, "start_finish", beside(350.0, 50.0)) == pose_on_track(LOOP, "start_finish",
                                                                                    beside(350.0, 50.0))
    assert math.isclose(pose_on_track(document, "start_finish", beside(350.0, 50.0)).width_mm, 260.0)
