"""designer.geometry.authoring: item-box lines, coins, dash panels, warp-pipe pairing, link clean-up."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point

from designer.geometry.authoring import (
    auto_pair,
    coin_cluster,
    coin_trail,
    dash_panel_from_drag,
    fill_item_boxes,
    gate_box_ids,
    max_boxes_across,
    pair_label,
    pipe_labels,
    unpair_on_delete,
)
from designer.geometry.footprint import footprint
from designer.model.track import TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

from .factories import minimal_track_data

RULES = load_ruleset("mk-gaslands")  # item boxes 30 × 30 mm


def flat(points):
    return [c for p in points for c in p]


def gate(rotation=0.0, width=250.0, gate_id="g1"):
    return new_element(RULES, "gate", gate_id, 500, 300, rotation, order=1, width_mm=width)


# --- item boxes ----------------------------------------------------------------------------------
def test_fill_four_boxes_across_a_gate():
    boxes, removed = fill_item_boxes(gate(), 4, RULES, [])
    assert removed == []
    assert [b.id for b in boxes] == ["g1-box-1", "g1-box-2", "g1-box-3", "g1-box-4"]
    assert [b.stack for b in boxes] == [1, 1, 2, 1]  # karts // 2 = index 2: just right of the middle
    # 30 mm box + 15 mm past the gate; spread over 250 − 30 − 2·10 = 200 mm, left of travel first
    expected = [(545, 200), (545, 800 / 3), (545, 1000 / 3), (545, 400)]
    assert flat((b.x_mm, b.y_mm) for b in boxes) == pytest.approx(flat(expected), abs=0.005)  # stored to 0.01 mm
    assert all(b.kind == "item_box" and b.rotation_deg == 0 for b in boxes)


def test_boxes_stay_inside_the_gate_clear_of_its_ends():
    g = gate(rotation=37, width=300)
    boxes, _ = fill_item_boxes(g, 5, RULES, [])
    span = footprint(g, RULES).buffer(0.01)  # positions are stored to 0.01 mm
    for b in boxes:
        # slide the box back onto the gate line: it must fall inside the gate, half a box + 10 mm from the ends
        back = Point(b.x_mm - 45 * math.cos(math.radians(37)), b.y_mm - 45 * math.sin(math.radians(37)))
        assert span.contains(back)
        assert math.dist((back.x, back.y), (g.x_mm, g.y_mm)) <= 150 - 15 - 10 + 0.01
    gaps = [math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)) for a, b in itertools.pairwise(boxes)]
    assert gaps == pytest.approx([gaps[0]] * 4, abs=0.02)  # evenly spaced
    assert [b.stack for b in boxes] == [1, 1, 2, 1, 1]
    assert all(b.rotation_deg == pytest.approx(37) for b in boxes)


def test_boxes_after_a_gate_facing_down_the_screen():
    boxes, _ = fill_item_boxes(gate(rotation=90), 4, RULES, [])
    # heading +y: "after" is +y; the driver's left is +x
    assert (boxes[0].x_mm, boxes[0].y_mm) == pytest.approx((600, 345))
    assert (boxes[-1].x_mm, boxes[-1].y_mm) == pytest.approx((400, 345))


@pytest.mark.parametrize("karts, stacked", [(1, 0), (2, 1), (3, 1), (6, 3), (7, 3)])
def test_the_middle_box_is_double_stacked(karts, stacked):
    boxes, _ = fill_item_boxes(gate(width=400), karts, RULES, [])
    assert len(boxes) == karts
    assert [i for i, b in enumerate(boxes) if b.stack == 2] == [stacked]
    if karts == 1:
        assert (boxes[0].x_mm, boxes[0].y_mm) == pytest.approx((545, 300))


def test_rerun_replaces_the_old_line():
    g = gate()
    first, _ = fill_item_boxes(g, 4, RULES, [])
    others = [new_element(RULES, "item_box", "g10-box-1", 0, 0), new_element(RULES, "coin", "g1-box-x", 0, 0),
              new_element(RULES, "item_box", "loose", 0, 0), g]
    second, removed = fill_item_boxes(g, 3, RULES, [*others, *first])
    assert removed == ["g1-box-1", "g1-box-2", "g1-box-3", "g1-box-4"]
    assert [b.id for b in second] == ["g1-box-1", "g1-box-2", "g1-box-3"]
    assert gate_box_ids("g1", [*others, *second]) == ["g1-box-1", "g1-box-2", "g1-box-3"]


def test_fill_refusals():
    with pytest.raises(ValueError, match="do not fit"):
        fill_item_boxes(gate(width=100), 4, RULES, [])
    assert max_boxes_across(100, RULES) == 2 and max_boxes_across(40, RULES) == 0
    with pytest.raises(ValueError, match="already used"):
        fill_item_boxes(gate(), 2, RULES, [new_element(RULES, "coin", "g1-box-2", 0, 0)])
    with pytest.raises(ValueError, match="not a ramp"):
        fill_item_boxes(new_element(RULES, "ramp", "r", 0, 0), 2, RULES, [])
    with pytest.raises(ValueError):
        fill_item_boxes(gate(), 0, RULES, [])


def test_custom_prefix_and_distance():
    boxes, _ = fill_item_boxes(gate(), 2, RULES, [], id_prefix="line-a", after_mm=100)
    assert [b.id for b in boxes] == ["line-a-1", "line-a-2"]
    assert boxes[0].x_mm == pytest.approx(600)


# --- coins ---------------------------------------------------------------------------------------
def test_coin_trail_on_a_straight_drag():
    assert flat(coin_trail([(0, 0), (200, 0)])) == pytest.approx(flat([(0, 0), (50, 0), (100, 0), (150, 0), (200, 0)]))
    offset = coin_trail([(0, 0), (200, 0)], 50, start_offset=25)
    assert flat(offset) == pytest.approx(flat([(25, 0), (75, 0), (125, 0), (175, 0)]))
    assert flat(coin_trail([(0, 0), (190, 0)], 50)) == pytest.approx(flat([(0, 0), (50, 0), (100, 0), (150, 0)]))


def test_coin_trail_follows_corners_along_the_path():
    coins = coin_trail([(0, 0), (100, 0), (100, 0), (100, 100)], spacing=50)
    assert flat(coins) == pytest.approx(flat([(0, 0), (50, 0), (100, 0), (100, 50), (100, 100)]))


def test_coin_trail_click_and_bad_spacing():
    assert coin_trail([(5, 5)]) == [(5, 5)]
    assert coin_trail([]) == []
    with pytest.raises(ValueError):
        coin_trail([(0, 0), (10, 0)], spacing=0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-500, 500), st.integers(-500, 500)), min_size=2, max_size=6, unique=True),
       st.floats(min_value=10, max_value=120), st.floats(min_value=0, max_value=60))
def test_coin_trail_spacing_property(points, spacing, offset):
    line = LineString(points)
    coins = coin_trail(points, spacing, offset)
    expected = 0 if offset > line.length + 1e-6 else math.floor((line.length - offset) / spacing + 1e-9) + 1
    assert abs(len(coins) - expected) <= 1  # a coin within rounding of the end may or may not count
    for coin in coins:
        assert line.distance(Point(coin)) < 1e-6
    for a, b in itertools.pairwise(coins):
        assert math.dist(a, b) <= spacing + 1e-6  # straight-line gap never longer than the path gap


def test_coin_cluster_small_rings():
    assert coin_cluster((10, 20), 1) == [(10, 20)]
    assert coin_cluster((10, 20), 0) == []
    triangle = coin_cluster((0, 0), 3, spacing=30)
    assert [math.dist(a, b) for a, b in itertools.combinations(triangle, 2)] == pytest.approx([30, 30, 30])
    assert triangle[0] == pytest.approx((0, -30 / math.sqrt(3)))  # first coin straight up


def test_coin_cluster_hexagons():
    seven = coin_cluster((0, 0), 7, spacing=30)
    assert seven[0] == (0, 0)
    assert [math.dist((0, 0), p) for p in seven[1:]] == pytest.approx([30] * 6)
    nineteen = coin_cluster((0, 0), 19, spacing=30)
    radii = sorted(round(math.dist((0, 0), p), 6) for p in nineteen)
    assert radii == pytest.approx([0] + [30] * 6 + [30 * math.sqrt(3)] * 6 + [60] * 6)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.floats(min_value=5, max_value=80))
def test_coin_cluster_never_overlaps(count, spacing):
    coins = coin_cluster((100, 100), count, spacing)
    assert len(coins) == count
    if count > 1:
        closest = min(math.dist(a, b) for a, b in itertools.combinations(coins, 2))
        assert closest == pytest.approx(spacing, rel=1e-6) or closest > spacing


# --- dash panels ---------------------------------------------------------------------------------
@pytest.mark.parametrize("end, pads", [((150, 0), 3), ((10, 0), 1), ((124, 0), 2), ((125, 0), 3), ((5000, 0), 20)])
def test_dash_panel_pad_count(end, pads):
    x, y, rotation, count = dash_panel_from_drag((0, 0), end, 50)
    assert count == pads
    assert (x, y, rotation) == pytest.approx((25 * pads, 0, 0))


def test_dash_panel_direction_and_click():
    assert dash_panel_from_drag((100, 100), (100, -60), 50) == pytest.approx((100, 25, -90, 3))
    assert dash_panel_from_drag((100, 100), (100, 100), 50, default_rotation=180) == pytest.approx((75, 100, 180, 1))
    with pytest.raises(ValueError):
        dash_panel_from_drag((0, 0), (10, 0), 0)


# --- warp pipes ----------------------------------------------------------------------------------
def test_pair_labels():
    assert [pair_label(i) for i in range(6)] == ["A", "A\u2032", "B", "B\u2032", "C", "C\u2032"]
    assert pair_label(51) == "Z\u2032" and pair_label(52) == "AA" and pair_label(53) == "AA\u2032"
    with pytest.raises(ValueError):
        pair_label(-1)


def place_pipe(pipes, pipe_id):
    """What the warp-pipe tool does: auto-pair the new pipe and link both ends."""
    partner = auto_pair(pipe_id, pipes)
    pipes = [p.model_copy(update={"pair": pipe_id}) if p.id == partner else p for p in pipes]
    return [*pipes, new_element(RULES, "warp_pipe", pipe_id, 0, 0, pair=partner)], partner


def test_auto_pairing_sequence_a_a_b_b():
    pipes = []
    partners = []
    for pipe_id in ("p1", "p2", "p3", "p4", "p5"):
        pipes, partner = place_pipe(pipes, pipe_id)
        partners.append(partner)
    assert partners == [None, "p1", None, "p3", None]
    assert pipe_labels(pipes) == {"p1": "A", "p2": "A\u2032", "p3": "B", "p4": "B\u2032", "p5": None}


def test_auto_pair_reuses_an_orphan_after_a_delete():
    pipes = []
    for pipe_id in ("p1", "p2", "p3", "p4"):
        pipes, _ = place_pipe(pipes, pipe_id)
    survivors = [p for p in pipes if p.id != "p2"]
    changed = {c.id: c for c in unpair_on_delete(pipes, ["p2"])}
    survivors = [changed.get(p.id, p) for p in survivors]
    assert changed["p1"].pair is None
    assert pipe_labels(survivors) == {"p1": None, "p3": "A", "p4": "A\u2032"}
    assert auto_pair("p5", survivors) == "p1"
    # a pipe pointing at a pipe that no longer exists also counts as unpaired
    dangling = [new_element(RULES, "warp_pipe", "q1", 0, 0, pair="gone")]
    assert auto_pair("q2", dangling) == "q1"


def test_unpair_on_delete_clears_pipe_and_launcher_links():
    document = TrackDocument.model_validate(minimal_track_data())
    changed = unpair_on_delete(document.elements, ["p1", "th"])
    assert [(e.id, e.kind) for e in changed] == [("p2", "warp_pipe"), ("bb", "bullet_bill")]
    assert changed[0].pair is None and changed[1].launcher is None
    assert unpair_on_delete(document.elements, ["c1"]) == []
    # the deleted pipes themselves are not reported, even when both ends go
    assert [e.id for e in unpair_on_delete(document.elements, ["p1", "p2"])] == ["bb"]


def test_link_pipes_keeps_pairs_mutual():
    from designer.geometry.authoring import link_pipes
    from designer.model.edit import validate_element

    pipes = [validate_element({"id": i, "kind": "warp_pipe", "x_mm": 0, "y_mm": 0, "pair": p})
             for i, p in (("a", "b"), ("b", "a"), ("c", None))]
    changed = {e.id: e.pair for e in link_pipes(pipes, "a", "c")}
    assert changed == {"a": "c", "c": "a", "b": None}
    assert {e.id: e.pair for e in link_pipes(pipes, "a", None)} == {"a": None, "b": None}
    assert link_pipes(pipes, "a", "b") == []  # already paired: nothing changes
