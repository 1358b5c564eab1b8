"""Scenery outline editing without Qt: frames, moving, inserting and deleting vertices, and refusals."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.geometry.polygon_edit import (
    MIN_VERTICES,
    OutlineError,
    delete_vertex,
    insert_vertex,
    move_vertex,
    nearest_edge,
    outline_problem,
    scene_vertices,
    to_local,
    to_scene,
)
from designer.model.elements import MAX_POLYGON_POINTS, Scenery

SQUARE = [(-50.0, -50.0), (50.0, -50.0), (50.0, 50.0), (-50.0, 50.0)]


def rock(rotation: float = 0.0, polygon=SQUARE, x: float = 400.0, y: float = 300.0) -> Scenery:
    return Scenery(id="rock", x_mm=x, y_mm=y, rotation_deg=rotation, polygon=list(polygon))


def close(a, b, tol: float = 1e-6) -> bool:
    return math.dist(a, b) <= tol


# --- frames ---------------------------------------------------------------------------------------
def test_scene_vertices_follow_position_and_clockwise_rotation():
    assert scene_vertices(rock()) == [(350.0, 250.0), (450.0, 250.0), (450.0, 350.0), (350.0, 350.0)]
    turned = scene_vertices(rock(90.0))
    # +x of the element points down the table (y down) after a clockwise quarter turn.
    assert close(turned[1], (450.0, 350.0)) and close(turned[2], (350.0, 350.0))


@given(st.floats(-360, 360), st.floats(-500, 500), st.floats(-500, 500))
def test_to_local_undoes_to_scene(rotation, px, py):
    element = rock(rotation)
    assert close(to_local(element, to_scene(element, (px, py))), (px, py), 1e-5)


# --- moving ---------------------------------------------------------------------------------------
def test_move_vertex_takes_a_table_point_into_the_element_frame():
    moved = move_vertex(rock(), 2, (470.0, 380.0))
    assert moved.polygon[2] == (70.0, 80.0)
    assert moved.polygon[:2] == rock().polygon[:2] and moved.polygon[3] == rock().polygon[3]
    assert (moved.x_mm, moved.y_mm, moved.rotation_deg) == (400.0, 300.0, 0.0)


def test_move_vertex_of_a_rotated_element_lands_where_the_pointer_is():
    element = rock(30.0)
    target = (375.0, 222.0)  # up and left of vertex 0, which stands near (381.7, 231.7)
    moved = move_vertex(element, 0, target)
    assert close(scene_vertices(moved)[0], target, 0.01)  # the outline is stored to 0.01 mm
    assert moved.rotation_deg == 30.0


def test_move_refuses_a_crossing_outline():
    with pytest.raises(OutlineError, match="cross itself"):
        move_vertex(rock(), 0, (470.0, 300.0))  # past the opposite side: the square becomes a bow tie


def test_move_refuses_a_flat_outline():
    triangle = rock(polygon=[(0.0, 0.0), (100.0, 0.0), (50.0, 50.0)])
    with pytest.raises(OutlineError, match="no area"):
        move_vertex(triangle, 2, (450.0, 300.0))  # onto the line through the other two


def test_an_invalid_outline_may_still_be_repaired():
    bow_tie = rock(polygon=[(-50.0, -50.0), (50.0, 50.0), (50.0, -50.0), (-50.0, 50.0)])
    assert outline_problem(bow_tie.polygon) == "the outline would cross itself"
    still_crossed = move_vertex(bow_tie, 1, (455.0, 355.0))  # allowed: it was crossed already
    repaired = move_vertex(still_crossed, 1, (400.0, 220.0))  # above the top side: no edges cross
    assert outline_problem(repaired.polygon) is None


def test_move_of_a_missing_vertex_is_an_index_error():
    with pytest.raises(IndexError):
        move_vertex(rock(), 4, (0.0, 0.0))


# --- inserting ------------------------------------------------------------------------------------
def test_nearest_edge_projects_onto_the_closest_side():
    at = nearest_edge(SQUARE, (55.0, 10.0))
    assert at.index == 2 and at.point == (50.0, 10.0) and at.distance_mm == pytest.approx(5.0)
    closing = nearest_edge(SQUARE, (-52.0, 0.0))  # the edge from the last vertex back to the first
    assert closing.index == 4 and closing.point == (-50.0, 0.0)


def test_nearest_edge_respects_distance_and_vertices():
    assert nearest_edge(SQUARE, (80.0, 0.0), max_distance_mm=10.0) is None
    assert nearest_edge(SQUARE, (50.3, -49.8)) is None  # on top of a vertex: nothing to insert


def test_insert_vertex_on_a_rotated_element():
    element = rock(90.0)
    # The element's right-hand edge (local x = 50) runs along the table's bottom side after the turn.
    inserted, index = insert_vertex(element, (400.0, 352.0), max_distance_mm=5.0)
    assert index == 2
    assert len(inserted.polygon) == 5
    assert close(inserted.polygon[2], (50.0, 0.0), 1e-5)
    assert insert_vertex(element, (400.0, 300.0), max_distance_mm=5.0) is None  # the middle, far from edges


def test_insert_refuses_a_full_outline():
    ring = [(1000 * math.cos(a), 1000 * math.sin(a))
            for a in (2 * math.pi * i / MAX_POLYGON_POINTS for i in range(MAX_POLYGON_POINTS))]
    full = rock(polygon=ring)
    with pytest.raises(OutlineError, match="at most"):
        insert_vertex(full, to_scene(full, (1000.0, 6.0)))


# --- deleting -------------------------------------------------------------------------------------
def test_delete_vertex_keeps_the_order_of_the_rest():
    assert delete_vertex(rock(), 1).polygon == [SQUARE[0], SQUARE[2], SQUARE[3]]


def test_delete_never_goes_below_three():
    triangle = delete_vertex(rock(), 0)
    assert len(triangle.polygon) == MIN_VERTICES
    with pytest.raises(OutlineError, match="at least 3"):
        delete_vertex(triangle, 0)


def test_delete_refuses_a_crossing_result():
    arrow = rock(polygon=[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (60.0, 20.0), (0.0, 100.0)])
    with pytest.raises(OutlineError, match="cross itself"):
        delete_vertex(arrow, 0)  # (0,100) → (100,0) cuts through the notch at (60,20)… and its sides
