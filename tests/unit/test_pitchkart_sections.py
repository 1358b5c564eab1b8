"""PitchKart's track sections, pure: the piece inventory of the rule data, end connectors of straights and
left/right curves, chains that close exactly (8 × 45°, 4 × 90°, a stadium), open chains and their gap,
outlines that touch without overlapping, the drivable surface, open connectors, numbering along the chain,
and a file round trip of `track_section` elements."""

from __future__ import annotations

import json
import math

import pytest
from pydantic import ValidationError

from designer.io.track_io import dumps_track, load_track, save_track, track_from_data, track_from_json
from designer.model.kind_names import kind_name
from designer.paths import RULESETS_DIR
from designer.rules import load_ruleset
from designer.rules.texts import rule_messages
from designer.systems import registry
from designer.systems.pitchkart.elements import TrackSection
from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece, inventory_note, piece_name, pitchkart_rules
from designer.systems.pitchkart.sections import (
    Connector,
    UnknownPiece,
    chain,
    closure_gap,
    drivable_surface,
    joints,
    lay_chain,
    nearest_open_connector,
    new_defaults,
    numbering,
    open_connectors,
    overlapping_pairs,
    piece_end,
    piece_outline,
    piece_start,
    renumbered,
    section_end,
    section_outline,
    snapped_start,
)

registry.load()
RULES = load_ruleset("pitchkart")
INVENTORY = pitchkart_rules(RULES).inventory
STRAIGHT, CURVE = INVENTORY.piece("straight"), INVENTORY.piece("curve-45")
START = Connector(400.0, 150.0, 0.0)
#: Clockwise on screen (flipped curves turn right): 300 + 2 × 300 mm centre radius → 1070 × 770 mm outside.
STADIUM = ["straight", *[("curve-45", True)] * 4, "straight", *[("curve-45", True)] * 4]


def stadium() -> list[TrackSection]:
    return lay_chain(STADIUM, START, INVENTORY)


def document_data(elements: list[TrackSection]) -> dict:
    return {"format": "kartographer-track", "schema_version": 1, "name": "Stadium", "ruleset": "pitchkart",
            "table": {"width_mm": 1200.0, "height_mm": 900.0}, "laps": 3, "karts": 4,
            "elements": [e.model_dump() for e in elements]}


# --- the rule data -----------------------------------------------------------------------------------
def test_the_inventory_is_in_the_rule_data_and_eight_curves_make_a_circle():
    assert INVENTORY.width_mm == 170 and 150 <= INVENTORY.width_mm <= 200
    pieces = [(p.id, p.kind, p.count) for p in INVENTORY.pieces]
    assert pieces == [("straight", "straight", 6), ("curve-45", "curve", 10)]
    assert (STRAIGHT.length_mm, CURVE.radius_mm, CURVE.angle_deg) == (300, 300, 45)
    assert 8 * CURVE.angle_deg == 360
    assert (INVENTORY.connect_gap_max_mm, INVENTORY.connect_heading_max_deg) == (1.0, 0.5)
    assert "ours" in INVENTORY.notes and "track_section" in RULES.element_kinds
    assert (RULES.element_size("track_section").length_mm, RULES.element_size("track_section").width_mm) == (300, 170)


def test_the_inventorys_texts_are_extracted_and_looked_up_with_their_own_context():
    data = json.loads((RULESETS_DIR / "pitchkart.json").read_text(encoding="utf-8"))
    found = {ctx: english for ctx, english, _path in rule_messages(data)}
    assert found["pitchkart|pitchkart/inventory/pieces/curve-45/name"] == "Curve 45°"
    assert found["pitchkart|pitchkart/inventory/notes"] == INVENTORY.notes
    assert piece_name(RULES, CURVE) == "Curve 45°" and inventory_note(RULES) == INVENTORY.notes
    assert inventory_note(load_ruleset("mk-gaslands")) is None
    assert kind_name("track_section") == "Track section"


@pytest.mark.parametrize(("change", "message"), [
    ({"pieces": [{"id": "c", "name": "C", "kind": "curve", "radius_mm": 80, "angle_deg": 45, "count": 1}]},
     "tighter than half the track width"),
    ({"pieces": [{"id": "s", "name": "S", "kind": "straight", "length_mm": 300, "angle_deg": 45, "count": 1}]},
     "needs length_mm and no radius or angle"),
    ({"pieces": [{"id": "c", "name": "C", "kind": "curve", "radius_mm": 300, "count": 1}]},
     "needs radius_mm and angle_deg"),
    ({"pieces": [{"id": "s", "name": "S", "kind": "straight", "length_mm": 300, "count": 1},
                 {"id": "s", "name": "T", "kind": "straight", "length_mm": 200, "count": 1}]},
     "duplicate track piece id"),
])
def test_a_bad_inventory_is_refused_in_one_sentence(change, message):
    with pytest.raises(ValidationError, match=message):
        PieceInventory.model_validate({"width_mm": 170, **change})


# --- one piece ---------------------------------------------------------------------------------------
def test_a_straight_ends_its_length_ahead():
    end = piece_end(STRAIGHT, Connector(100.0, 200.0, 90.0))  # 90° faces +y (down the table)
    assert (end.x_mm, end.y_mm, end.heading_deg) == (pytest.approx(100.0), pytest.approx(500.0), 90.0)


def test_a_curve_turns_left_and_a_flipped_one_mirrors_it():
    left = piece_end(CURVE, START)
    right = piece_end(CURVE, START, flipped=True)
    # Left of travel (+x) is -y on screen: the centre is 300 mm up, the end 300·sin 45° ahead, 300·(1-cos 45°) up.
    assert (left.x_mm, left.y_mm) == (pytest.approx(400 + 300 * math.sin(math.pi / 4)),
                                      pytest.approx(150 - 300 * (1 - math.cos(math.pi / 4))))
    assert left.heading_deg == pytest.approx(315.0) and right.heading_deg == pytest.approx(45.0)
    assert (right.x_mm, right.y_mm - START.y_mm) == (pytest.approx(left.x_mm), pytest.approx(START.y_mm - left.y_mm))
    # mirrored across the line of travel whatever the heading
    tilted = Connector(250.0, 250.0, 30.0)
    a, b = piece_end(CURVE, tilted), piece_end(CURVE, tilted, flipped=True)
    ux, uy = math.cos(math.radians(30)), math.sin(math.radians(30))
    along = [(p.x_mm - 250) * ux + (p.y_mm - 250) * uy for p in (a, b)]
    across = [-(p.x_mm - 250) * uy + (p.y_mm - 250) * ux for p in (a, b)]
    assert along[0] == pytest.approx(along[1]) and across[0] == pytest.approx(-across[1]) != 0


@pytest.mark.parametrize(("piece", "flipped"), [("straight", False), ("curve-45", False), ("curve-45", True)])
def test_piece_start_undoes_piece_end(piece, flipped):
    shape = INVENTORY.piece(piece)
    end = piece_end(shape, Connector(321.0, 456.0, 123.0), flipped)
    back = piece_start(shape, end, flipped)
    assert (back.x_mm, back.y_mm, back.heading_deg) == (pytest.approx(321.0), pytest.approx(456.0),
                                                        pytest.approx(123.0))


def test_outlines_have_the_pieces_area():
    assert piece_outline(STRAIGHT, START, 170).area == pytest.approx(300 * 170)
    sector = math.pi / 8 * (385 ** 2 - 215 ** 2)  # a 45° slice of the ring between radii 215 and 385 mm
    assert piece_outline(CURVE, START, 170).area == pytest.approx(sector, rel=1e-3)
    assert piece_outline(CURVE, START, 170, flipped=True).area == pytest.approx(sector, rel=1e-3)


# --- chains ------------------------------------------------------------------------------------------
def test_eight_45_degree_curves_close_exactly():
    connectors = chain([(CURVE, False)] * 8, START)
    assert len(connectors) == 9
    last = connectors[-1]
    assert math.hypot(last.x_mm - START.x_mm, last.y_mm - START.y_mm) < 1e-6
    assert min(last.heading_deg, 360 - last.heading_deg) < 1e-6
    halfway = connectors[4]  # the far side of the circle: 2 × 300 mm up, heading back
    assert (halfway.x_mm, halfway.y_mm, halfway.heading_deg) == (pytest.approx(400), pytest.approx(-450),
                                                                 pytest.approx(180))
    gap = closure_gap(lay_chain(["curve-45"] * 8, START, INVENTORY), INVENTORY)
    assert gap.joined and gap.gap_mm < 0.01 and gap.heading_deg < 1e-6  # placements are stored to 0.01 mm


def test_four_90_degree_curves_close_exactly():
    quarter = TrackPiece(id="curve-90", name="Curve 90°", kind="curve", radius_mm=250, angle_deg=90, count=4)
    for flipped in (False, True):
        last = chain([(quarter, flipped)] * 4, START)[-1]
        assert START.distance_to(last) < 1e-6 and min(last.heading_deg, 360 - last.heading_deg) < 1e-6


def test_a_stadium_of_two_straights_and_two_half_circles_closes():
    sections = stadium()
    assert [s.number for s in sections] == list(range(1, 11))
    assert all(j.joined for j in joints(sections, INVENTORY))
    gap = closure_gap(sections, INVENTORY)
    assert (gap.from_id, gap.to_id) == ("ts10", "ts1") and gap.gap_mm < 0.01 and gap.heading_deg < 1e-6
    far = sections[5]  # the second straight starts across the stadium, heading back
    assert (far.x_mm, far.y_mm, far.rotation_deg) == (pytest.approx(700), pytest.approx(750), pytest.approx(180))


def test_an_open_chain_reports_its_gap_and_where():
    sections = lay_chain(["curve-45"] * 5, START, INVENTORY)
    gap = closure_gap(sections, INVENTORY)
    # 3 curves are missing: the chord of 135° on a 300 mm radius, and 135° still to turn
    assert not gap.joined and gap.gap_mm == pytest.approx(600 * math.sin(math.radians(67.5)))
    assert gap.heading_deg == pytest.approx(135.0) and gap.at == section_end(sections[-1], INVENTORY)
    assert (gap.from_id, gap.to_id) == ("ts5", "ts1")
    assert closure_gap([], INVENTORY) is None


def test_a_joint_off_by_a_millimetre_is_open():
    sections = stadium()
    nudged = sections[3].model_copy(update={"x_mm": sections[3].x_mm + 1.0})
    broken = [*sections[:3], nudged, *sections[4:]]
    open_joints = [(j.from_id, j.to_id, round(j.gap_mm, 2)) for j in joints(broken, INVENTORY) if not j.joined]
    assert open_joints == [("ts3", "ts4", 1.0), ("ts4", "ts5", 1.0)]


# --- outlines and the surface ------------------------------------------------------------------------
def test_consecutive_outlines_touch_but_do_not_overlap():
    sections = stadium()
    outlines = [section_outline(s, INVENTORY) for s in sections]
    for a, b in zip(outlines, outlines[1:] + outlines[:1], strict=True):
        # placements are stored to 0.01 mm: a joint may overlap by a sliver of that width across the track
        assert a.distance(b) < 0.01 and a.intersection(b).area < 0.01 * 200
    assert overlapping_pairs(sections, INVENTORY) == []


def test_the_surface_of_a_closed_loop_is_one_polygon_around_the_infield():
    sections = stadium()
    surface = drivable_surface(sections, INVENTORY)
    assert surface.geom_type == "Polygon" and len(surface.interiors) == 1
    assert surface.area == pytest.approx(sum(section_outline(s, INVENTORY).area for s in sections), abs=0.01 * 200 * 12)
    assert surface.bounds == pytest.approx((400 - 385, 450 - 385, 700 + 385, 450 + 385))
    ring = drivable_surface(lay_chain(["curve-45"] * 8, START, INVENTORY), INVENTORY)
    assert ring.geom_type == "Polygon" and len(ring.interiors) == 1
    assert ring.area == pytest.approx(math.pi * (385 ** 2 - 215 ** 2), rel=1e-3)
    assert drivable_surface([], INVENTORY).is_empty


def test_an_open_chain_has_no_infield_and_a_section_on_another_overlaps():
    assert len(drivable_surface(lay_chain(["curve-45"] * 5, START, INVENTORY), INVENTORY).interiors) == 0
    ring = lay_chain(["curve-45"] * 9, START, INVENTORY)  # the ninth lies on the first
    pairs = overlapping_pairs(ring, INVENTORY)
    assert [(a, b) for a, b, _area in pairs] == [("ts1", "ts9")]
    assert pairs[0][2] == pytest.approx(section_outline(ring[0], INVENTORY).area, rel=1e-3)


# --- snapping ----------------------------------------------------------------------------------------
def test_open_connectors_and_the_nearest_one():
    assert open_connectors(stadium(), INVENTORY) == []
    sections = lay_chain(["straight", "curve-45"], START, INVENTORY)
    found = open_connectors(sections, INVENTORY)
    assert [(o.section_id, o.side) for o in found] == [("ts1", "start"), ("ts2", "end")]
    near_end = nearest_open_connector(sections, INVENTORY, 900.0, 0.0)
    assert (near_end.section_id, near_end.side) == ("ts2", "end")
    assert nearest_open_connector(sections, INVENTORY, 380.0, 160.0).side == "start"
    assert nearest_open_connector(sections, INVENTORY, 380.0, 160.0, max_distance_mm=10.0) is None
    assert nearest_open_connector([], INVENTORY, 0.0, 0.0) is None


def test_a_piece_snapped_before_the_first_section_ends_on_its_start():
    sections = lay_chain(["straight"], START, INVENTORY)
    before = nearest_open_connector(sections, INVENTORY, 390.0, 150.0)
    start = snapped_start(CURVE, before, flipped=True)
    end = piece_end(CURVE, start, flipped=True)
    assert START.distance_to(end) < 1e-9 and abs(end.heading_deg - START.heading_deg) % 360 < 1e-9
    after = nearest_open_connector(sections, INVENTORY, 700.0, 150.0)
    assert snapped_start(CURVE, after) == section_end(sections[0], INVENTORY)


# --- numbering ---------------------------------------------------------------------------------------
def test_numbering_follows_the_chain_from_the_start_section():
    sections = stadium()
    scrambled = [s.model_copy(update={"number": n}) for s, n in zip(sections, [3, 9, 1, 10, 2, 8, 4, 7, 5, 6],
                                                                        strict=True)]
    numbers = numbering(scrambled, INVENTORY, start_id="ts1")
    assert [numbers[f"ts{i}"] for i in range(1, 11)] == list(range(1, 11))
    from_lowest = numbering(scrambled, INVENTORY)  # ts3 holds 1: the chain is counted from it round to ts2
    assert [from_lowest[f"ts{i}"] for i in range(1, 11)] == [9, 10, 1, 2, 3, 4, 5, 6, 7, 8]
    changed = renumbered(scrambled, INVENTORY, start_id="ts1")
    assert len(changed) == 10 - sum(s.number == i for i, s in enumerate(scrambled, 1))
    assert renumbered(sections, INVENTORY, start_id="ts1") == []


def test_a_section_off_the_chain_is_numbered_last():
    sections = lay_chain(["straight", "curve-45", "curve-45"], START, INVENTORY)
    stray = TrackSection(id="stray", x_mm=50.0, y_mm=800.0, piece="straight", number=2)
    numbers = numbering([*sections, stray], INVENTORY, start_id="ts1")
    assert numbers == {"ts1": 1, "ts2": 2, "ts3": 3, "stray": 4}
    with pytest.raises(ValueError, match="there is no track section 'nope'"):
        numbering(sections, INVENTORY, start_id="nope")
    assert numbering([], INVENTORY) == {}


def test_a_section_placed_from_the_palette_takes_the_first_piece_and_the_next_number():
    assert new_defaults(stadium(), "track_section") == {"piece": "straight", "number": 11}
    assert new_defaults([], "coin") == {}
    assert registry.get("pitchkart").new_defaults is new_defaults


def test_an_unknown_piece_is_one_sentence():
    odd = TrackSection(id="t1", x_mm=10.0, y_mm=10.0, piece="hairpin")
    with pytest.raises(UnknownPiece) as caught:
        section_end(odd, INVENTORY)
    assert str(caught.value) == "track section 't1' names the piece 'hairpin', which the set does not hold"
    with pytest.raises(UnknownPiece, match="the set holds no piece 'hairpin'"):
        lay_chain(["hairpin"], START, INVENTORY)
    assert drivable_surface([odd], INVENTORY).is_empty and open_connectors([odd], INVENTORY) == []


# --- files -------------------------------------------------------------------------------------------
def test_a_document_of_sections_round_trips_through_a_file(tmp_path):
    document = track_from_data(document_data(stadium()))
    assert document.track is None and [e.kind for e in document.elements] == ["track_section"] * 10
    path = tmp_path / "stadium.track.json"
    save_track(document, path)
    loaded = load_track(path)
    assert loaded == document and dumps_track(loaded) == path.read_text(encoding="utf-8")
    assert [(e.piece, e.number, e.flipped) for e in loaded.elements][:2] == [("straight", 1, False),
                                                                              ("curve-45", 2, True)]
    assert closure_gap(loaded.elements, INVENTORY).joined  # floats are kept exactly: still closed


def test_a_bad_section_in_a_file_is_refused():
    data = document_data(stadium())
    data["elements"][0]["piece"] = "Not A Slug"
    with pytest.raises(Exception, match="piece") as caught:
        track_from_json(json.dumps(data))
    assert "\n" not in str(caught.value).strip() and "Traceback" not in str(caught.value)


def test_sections_are_the_surface_not_pieces_on_it_so_they_never_overlap_each_other_or_a_coin(tmp_path):
    from designer.geometry.checks import run_checks

    data = document_data(stadium())
    data["elements"].append({"id": "c1", "kind": "coin", "x_mm": data["elements"][0]["x_mm"] + 40,
                             "y_mm": data["elements"][0]["y_mm"]})
    document = track_from_data(data)
    codes = [p.code for p in run_checks(document, load_ruleset("pitchkart"))]
    assert "elements-overlap" not in codes, codes
