"""Axles and Alloys II's Scatter Race Hazards, pure: the dice (2d6 templates, d6 ramps, d6 wrecks from the rule
data), the same elements for the same seed, every piece wholly on the track surface, heading along it and
clear of the others, of solid scenery, barriers and hand-placed pieces; a small track gets fewer and says
so. Also a new barrier's default (a 12" straight), and the kinds' art on the printed 1:1 track, read back
from the PDF that `kartographer export` writes."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import box

from designer.geometry.footprint import footprint
from designer.geometry.track import surface
from designer.io.track_io import load_track, save_track
from designer.model.edit import validate_element
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules.loader import load_ruleset
from designer.systems import registry
from designer.systems.axles_alloys_2.defaults import new_defaults
from designer.systems.axles_alloys_2.elements import SCATTER_PREFIX
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.scatter import (
    CLEARANCE_MM,
    RAMP,
    barrier_line,
    roll_scatter,
    scatter,
    without_scattered,
)

from . import pdfscan
from .cli_runner import run

AXLES = load_ruleset("axles-alloys-2")
KINDS = ("dropped_template", "ramp", "wreck")


def oval(elements=(), width_mm: float = 254.0) -> TrackDocument:
    """A big closed oval: room for everything the dice can ask for."""
    return TrackDocument(name="Oval", ruleset="axles-alloys-2", table=Table(width_mm=2400, height_mm=1600),
                         track=TrackSurface(centerline=[(300, 300), (2100, 300), (2100, 1300), (300, 1300)],
                                            closed=True, width_mm=width_mm), elements=list(elements))


def element(**data):
    return validate_element(data)


def test_the_same_seed_gives_the_same_elements_and_another_seed_others():
    doc = oval()
    first, again = scatter(doc, AXLES, 1234), scatter(doc, AXLES, 1234)
    assert first == again and len(first) > 0
    assert scatter(doc, AXLES, 1235) != first
    assert all(e.id.startswith(SCATTER_PREFIX) for e in first)
    assert len({e.id for e in first}) == len(first)


@pytest.mark.parametrize("seed", range(8))
def test_counts_follow_the_dice_and_every_piece_lies_on_the_surface_apart(seed):
    result = roll_scatter(oval(), AXLES, seed)
    assert [len(result.rolls[k]) for k in KINDS] == [2, 1, 1]  # the rule data's 2d6, d6, d6
    assert all(1 <= face <= 6 for faces in result.rolls.values() for face in faces)
    assert 2 <= result.rolled("dropped_template") <= 12
    assert 1 <= result.rolled("ramp") <= 6 and 1 <= result.rolled("wreck") <= 6
    assert result.missing == 0
    for kind in KINDS:
        assert result.placed(kind) == result.rolled(kind)
    area = surface(oval().track)
    shapes = [footprint(e, AXLES) for e in result.elements]
    assert all(area.contains(s) for s in shapes)
    for i, a in enumerate(shapes):
        for b in shapes[i + 1:]:
            assert a.distance(b) >= CLEARANCE_MM - 1e-6
    variants = set(axles_rules(AXLES).scatter.variants)
    assert {e.variant for e in result.elements if e.kind == "dropped_template"} <= variants


def test_pieces_head_along_the_track():
    straight = oval().model_copy(update={"track": TrackSurface(centerline=[(100, 400), (2300, 400)], closed=False,
                                                               width_mm=304.8)})
    result = roll_scatter(straight, AXLES, 99)
    assert len(result.elements) > 5
    for e in result.elements:
        off = min(e.rotation_deg % 180.0, 180.0 - e.rotation_deg % 180.0)  # either way along the straight
        if e.kind == "wreck":
            assert off <= 35.0 + 1e-6, e  # a wreck lies askew, up to 35°
        else:
            assert off < 0.01, e


def test_pieces_keep_clear_of_solid_scenery_barriers_and_hand_placed_pieces():
    block = element(id="rock", kind="scenery", x_mm=1200, y_mm=300, polygon=[(-300, -120), (300, -120), (300, 120),
                                                                                (-300, 120)], solid=True)
    fence = element(id="fence", kind="barrier", x_mm=1200, y_mm=1300, points=[(-500, 0), (500, 0)])
    mine = element(id="mine", kind="wreck", x_mm=2100, y_mm=800, rotation_deg=90)
    decor = element(id="grass", kind="scenery", x_mm=300, y_mm=800, polygon=[(-120, -200), (120, -200), (120, 200),
                                                                              (-120, 200)], solid=False)
    doc = oval([block, fence, mine, decor])
    fence_band = barrier_line(fence).buffer(AXLES.element_size("barrier").width_mm / 2)
    placed_on_grass = 0
    for seed in range(6):
        result = roll_scatter(doc, AXLES, seed)
        for e in result.elements:
            shape = footprint(e, AXLES)
            assert not shape.intersects(footprint(block, AXLES))
            assert not shape.intersects(fence_band)
            assert not shape.intersects(footprint(mine, AXLES))
            placed_on_grass += shape.intersects(footprint(decor, AXLES))
    assert placed_on_grass > 0  # decorative scenery is no obstacle


def test_a_small_track_gets_fewer_pieces_and_says_how_many_are_missing():
    tiny = TrackDocument(name="Tiny", ruleset="axles-alloys-2", table=Table(width_mm=600, height_mm=400),
                         track=TrackSurface(centerline=[(150, 200), (450, 200)], closed=False, width_mm=203.2),
                         elements=[])
    result = roll_scatter(tiny, AXLES, 3)
    assert 0 < len(result.elements) < sum(result.rolled(k) for k in KINDS)
    assert result.missing == sum(result.rolled(k) for k in KINDS) - len(result.elements)
    area = surface(tiny.track)
    assert all(area.contains(footprint(e, AXLES)) for e in result.elements)


def test_without_a_track_nothing_is_rolled():
    doc = oval().model_copy(update={"track": None})
    result = roll_scatter(doc, AXLES, 5)
    assert result.rolls == {} and result.elements == [] and result.missing == 0


def test_a_re_roll_keeps_what_was_placed_by_hand_and_never_avoids_the_old_scatter():
    hand = element(id="t-hand", kind="dropped_template", x_mm=1200, y_mm=300, variant="spikes")
    doc = oval([hand])
    first = scatter(doc, AXLES, 10)
    doc = doc.model_copy(update={"elements": [hand, *first]})
    kept = without_scattered(doc.elements)
    assert kept == [hand]
    assert scatter(doc, AXLES, 10) == first  # the old scatter is replaced, so it takes no room


def test_a_ruleset_without_ramps_rolls_none():
    rules = AXLES.model_copy(update={"element_kinds": [k for k in AXLES.element_kinds if k != RAMP]})
    result = roll_scatter(oval(), rules, 4)
    assert RAMP not in result.rolls and result.placed(RAMP) == 0


def test_a_new_barrier_is_a_twelve_inch_straight():
    values = new_defaults([], "barrier")
    (x0, y0), (x1, y1) = values["points"]
    assert math.dist((x0, y0), (x1, y1)) == pytest.approx(304.8) and y0 == y1 == 0.0 and x0 == -x1
    assert new_defaults([], "wreck") == {}
    assert registry.get("axles-alloys-2").new_defaults is new_defaults


# --- on paper -------------------------------------------------------------------------------------------
NAPALM_RGB = (0xE4, 0x47, 0x1B)


def axles_track(tmp_path):
    elements = [
        element(id="b1", kind="barrier", x_mm=400, y_mm=60, points=[(-150, 0), (150, 0)]),
        element(id="t1", kind="dropped_template", x_mm=200, y_mm=200, variant="napalm"),
        element(id="t2", kind="dropped_template", x_mm=400, y_mm=200, variant="oil"),
        element(id="t3", kind="dropped_template", x_mm=600, y_mm=200, variant="spikes"),
        element(id="w1", kind="wreck", x_mm=200, y_mm=330),
        element(id="c1", kind="counter", x_mm=400, y_mm=330, variant="deathshead"),
        element(id="e1", kind="entry_point", x_mm=600, y_mm=330, role="defender"),
    ]
    doc = TrackDocument(name="Paper", ruleset="axles-alloys-2", table=Table(width_mm=800, height_mm=400),
                        track=None, elements=elements)
    path = tmp_path / "paper.track.json"
    save_track(doc, path)
    return path


def has_box(boxes, w, h, tol=0.3) -> bool:
    return any(abs(bw - w) <= tol and abs(bh - h) <= tol for bw, bh in boxes)


def test_an_axles_track_prints_its_own_kinds_at_1_to_1(tmp_path, capsys):
    path = axles_track(tmp_path)
    out = tmp_path / "track.pdf"
    code, _out, err = run(capsys, "export", path, "-o", out)
    assert code == 0, err
    boxes = [b for page in pdfscan.path_boxes(out.read_bytes()) for b in page]
    assert has_box(boxes, 76.2, 38.1)  # a template, 3" × 1.5"
    assert has_box(boxes, 25.4, 25.4)  # a counter, 1" across
    assert has_box(boxes, 300.0, 0.0) or has_box(boxes, 300.0, 12.7)  # the barrier's line, 300 mm long
    pdf = pdfscan.reader(out.read_bytes())
    colours = {tuple(round(float(v), 3) for v in op.operands) for page in pdf.pages
               for op in pdfscan.ops(page, pdf, into_forms=True) if op.name == b"rg"}
    assert tuple(round(c / 255, 3) for c in NAPALM_RGB) in colours  # napalm's orange-red
    assert (round(0x12 / 255, 3), round(0x13 / 255, 3), round(0x16 / 255, 3)) in colours  # the oil slick
    assert (round(0x1F / 255, 3), round(0x5F / 255, 3), round(0xBF / 255, 3)) in colours  # a defender's blue
    assert load_track(path).elements[0].kind == "barrier"


def test_the_ink_saver_print_of_an_axles_track_has_no_fills_of_its_colours(tmp_path, capsys):
    path = axles_track(tmp_path)
    out = tmp_path / "saver.pdf"
    code, _out, err = run(capsys, "export", path, "-o", out, "--ink-saver")
    assert code == 0, err
    pdf = pdfscan.reader(out.read_bytes())
    fills = {tuple(round(float(v), 3) for v in op.operands) for page in pdf.pages
             for op in pdfscan.ops(page, pdf, into_forms=True) if op.name == b"rg"}
    assert tuple(round(c / 255, 3) for c in NAPALM_RGB) not in fills


def test_scattered_pieces_stay_on_the_table_where_the_track_runs_off_it():
    doc = oval().model_copy(update={"track": TrackSurface(centerline=[(60, 100), (2340, 100), (2340, 1500),
                                                                      (60, 1500)], closed=True, width_mm=254.0)})
    table = box(0, 0, doc.table.width_mm, doc.table.height_mm)
    assert not table.contains(surface(doc.track))  # the surface overshoots the table's edges
    for seed in range(5):
        assert all(table.contains(footprint(e, AXLES)) for e in scatter(doc, AXLES, seed))
