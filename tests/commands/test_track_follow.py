"""Elements on the track keep their place along it when the centerline is reshaped (issue #32): moving,
inserting or deleting a control point, or changing the width, carries the gates (still across the track, as
wide as it), item boxes, coins and pads (still on it) along in the SAME undo step; elements placed off the
surface stay where they are; undo puts back the track and every element exactly.
"""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from designer.document.document import Document
from designer.document.operations import TrackOrigin, reshape_track, restore_track
from designer.geometry.layout import (
    delete_point,
    mirror_layout,
    move_point,
    reverse_layout,
    rotate_layout,
    with_point_inserted,
)
from designer.geometry.route import project, route_of
from designer.geometry.track import surface
from designer.geometry.track_follow import follow_track
from designer.io.track_io import track_from_data
from designer.model.edit import normalize_angle
from designer.model.track import TrackSurface
from tests.unit.geometry_tracks import RECT, TABLE

ON_TRACK = ("sf", "g1", "g2", "box", "coin", "pad")


def data() -> dict:
    elements = [
        {"id": "sf", "kind": "start_finish", "x_mm": 500, "y_mm": 100, "rotation_deg": 0, "width_mm": 200},
        {"id": "g1", "kind": "gate", "x_mm": 1100, "y_mm": 400, "rotation_deg": 90, "order": 1, "width_mm": 200},
        {"id": "g2", "kind": "gate", "x_mm": 600, "y_mm": 700, "rotation_deg": 180, "order": 2, "width_mm": 200},
        {"id": "box", "kind": "item_box", "x_mm": 1060, "y_mm": 470, "rotation_deg": 90},
        {"id": "coin", "kind": "coin", "x_mm": 1130, "y_mm": 560},
        {"id": "pad", "kind": "boost_pad", "x_mm": 1100, "y_mm": 300, "rotation_deg": 90},
        {"id": "free", "kind": "coin", "x_mm": 600, "y_mm": 400},   # in the infield: placed freely
        {"id": "rock", "kind": "scenery", "x_mm": 400, "y_mm": 400, "polygon": [[-50, -50], [50, -50], [50, 50]],
         "solid": True},
    ]
    return {"format": "kartographer-track", "schema_version": 1, "name": "Follow", "ruleset": "mk-gaslands",
            "table": TABLE.model_dump(), "karts": 4, "track": RECT.model_dump(), "elements": elements}


@pytest.fixture
def doc() -> Document:
    return Document(track_from_data(data()))


def assert_across(track: TrackSurface, gate) -> None:
    """A gate stands on the centerline, square to the travel, as wide as the track."""
    where = project(track, (gate.x_mm, gate.y_mm))
    assert abs(where.lateral_mm) < 0.5
    assert abs(normalize_angle(gate.rotation_deg - where.angle_deg)) < 0.5
    assert gate.width_mm == pytest.approx(track.width_mm, abs=0.01)


def assert_on(track: TrackSurface, element) -> None:
    assert surface(track).buffer(0.01).covers(Point(element.x_mm, element.y_mm)), element.id


# RECT's right-hand side runs down x=1100 through control points (1100, 200), (1100, 400), (1100, 600):
# pushing (1100, 400) out to the right bends that side; old code left g1, the box, the coin and the pad in place,
# which is now up to 150 mm off the centerline.
BENT = move_point(RECT, 6, (1250, 400))


def test_moving_a_point_carries_the_pieces_on_the_track_in_one_undo_step(doc):
    before = doc.snapshot()
    steps = doc.undo_stack.count()
    reshape_track(doc, BENT, "Move track point")
    assert doc.undo_stack.count() == steps + 1
    track = doc.track
    assert_across(track, doc.element("g1"))
    assert doc.element("g1").x_mm == pytest.approx(1250, abs=1.0)   # still at the point it stood on
    for element_id in ON_TRACK:
        assert_on(track, doc.element(element_id))
    for element_id in ("sf", "g2"):  # far from the moved point: exactly where they were
        assert doc.element(element_id) == track_from_data(data()).elements[ON_TRACK.index(element_id)]
    assert doc.element("free").x_mm == 600 and doc.element("free").y_mm == 400
    assert doc.element("rock") == before.elements[-1]
    # the box and the coin keep their side of the track and their share of its width
    old, new = project(RECT, (1060, 470)), project(track, (doc.element("box").x_mm, doc.element("box").y_mm))
    assert new.lateral_mm == pytest.approx(old.lateral_mm, abs=1.0)
    doc.undo_stack.undo()
    assert doc.snapshot() == before
    doc.undo_stack.redo()
    assert doc.track == BENT and doc.element("g1").x_mm == pytest.approx(1250, abs=1.0)


def test_a_drag_is_one_step_measured_from_its_start_and_a_cancel_folds_it_away(doc):
    before = doc.snapshot()
    steps = doc.undo_stack.count()
    origin, key = TrackOrigin(doc), object()
    for step in range(1, 30):   # out and nearly back again
        x = 1100 + 5 * (step if step <= 15 else 30 - step)
        reshape_track(doc, move_point(RECT, 6, (x, 400)), "Move track point", key, origin)
    assert doc.undo_stack.count() == steps + 1
    reshape_track(doc, RECT, "Move track point", key, origin)   # back at the start: no drift, no step left
    assert doc.snapshot() == before and doc.undo_stack.count() == steps
    key = object()
    reshape_track(doc, BENT, "Move track point", key, origin)
    assert doc.element("g1").x_mm == pytest.approx(1250, abs=1.0)
    restore_track(doc, origin, "Move track point", key)
    assert doc.snapshot() == before and doc.undo_stack.count() == steps


@pytest.mark.parametrize("edit", ["insert", "delete"])
def test_inserting_or_deleting_a_point_keeps_the_pieces_on_the_track(doc, edit):
    track = (with_point_inserted(RECT, 6, (1180, 300)) if edit == "insert" else delete_point(RECT, 6))
    reshape_track(doc, track, "Edit")
    for element_id in ON_TRACK:
        assert_on(track, doc.element(element_id))
    assert_across(track, doc.element("g1"))
    assert doc.element("free").x_mm == 600


def test_a_narrower_track_takes_its_gates_and_pieces_with_it(doc):
    narrow = RECT.model_copy(update={"width_mm": 80.0})
    reshape_track(doc, narrow, "Change track width")
    for element_id in ("sf", "g1", "g2"):
        assert_across(narrow, doc.element(element_id))
    for element_id in ON_TRACK:
        assert_on(narrow, doc.element(element_id))
    doc.undo_stack.undo()
    assert doc.element("g1").width_mm == 200 and doc.element("box").x_mm == 1060


@pytest.mark.parametrize("transform", [
    lambda t, es: reverse_layout(t, es),
    lambda t, es: mirror_layout(t, es, "horizontal", TABLE),
    lambda t, es: rotate_layout(t, es, 90, (600, 400)),
])
def test_reversed_mirrored_or_rotated_pieces_stay_on_the_track(transform):
    document = track_from_data(data())
    document = document.model_copy(update={"track": BENT})
    elements = follow_track(RECT, BENT, document.elements)
    placed = {e.id: e for e in [*document.elements]}
    placed.update({e.id: e for e in elements})
    track, after = transform(BENT, list(placed.values()))
    by_id = {e.id: e for e in after}
    for element_id in ON_TRACK:
        assert_on(track, by_id[element_id])
    assert_across(track, by_id["g1"])


def test_a_track_drawn_afresh_maps_by_the_share_of_the_lap():
    # no control point in common: a piece a quarter of the way round stays a quarter of the way round
    moved = RECT.model_copy(update={"centerline": [(x + 30, y + 20) for x, y in RECT.centerline]})
    gate = track_from_data(data()).elements[1]
    [after] = follow_track(RECT, moved, [gate])
    old, new = route_of(RECT), route_of(moved)
    share_old = project(RECT, (gate.x_mm, gate.y_mm)).distance_mm / old.length
    share_new = project(moved, (after.x_mm, after.y_mm)).distance_mm / new.length
    assert share_new == pytest.approx(share_old, abs=1e-3)
    assert (after.x_mm, after.y_mm) == pytest.approx((gate.x_mm + 30, gate.y_mm + 20), abs=0.5)
