"""Playability checks (`designer.geometry.checks`) and track figures (`designer.geometry.figures`).

Each check has a document that triggers it and one that does not; the clean base is a race round the
RECT loop of `geometry_tracks` (straight sides, 200 mm wide) with a start line, three gates in order and
a line of four item boxes after gate 1.
"""

from __future__ import annotations

import math

import pytest

from designer.geometry.checks import CheckContext, Problem, check_codes, registered_checks, run_checks
from designer.geometry.checks.course import narrowest_width
from designer.geometry.figures import track_figures
from designer.io.templates import list_starter_tracks
from designer.model import TrackDocument
from designer.rules import load_ruleset
from designer.rules.schema import GearLimit

from .factories import minimal_track_data
from .geometry_tracks import RECT, TABLE

GASLANDS = load_ruleset("mk-gaslands")


def base_data(**overrides) -> dict:
    elements = [
        {"id": "sf", "kind": "start_finish", "x_mm": 500, "y_mm": 100, "rotation_deg": 0, "width_mm": 200},
        {"id": "g1", "kind": "gate", "x_mm": 1100, "y_mm": 400, "rotation_deg": 90, "order": 1, "width_mm": 200},
        {"id": "g2", "kind": "gate", "x_mm": 600, "y_mm": 700, "rotation_deg": 180, "order": 2, "width_mm": 200},
        {"id": "g3", "kind": "gate", "x_mm": 100, "y_mm": 400, "rotation_deg": -90, "order": 3, "width_mm": 200},
        *({"id": f"g1-box-{n}", "kind": "item_box", "x_mm": 1100 + dx, "y_mm": 450, "rotation_deg": 90,
           "stack": 2 if n == 3 else 1} for n, dx in zip(range(1, 5), (60, 20, -20, -60), strict=True)),
        {"id": "c1", "kind": "coin", "x_mm": 300, "y_mm": 100},
        {"id": "bp", "kind": "boost_pad", "x_mm": 700, "y_mm": 100, "rotation_deg": 0},
        {"id": "pa", "kind": "warp_pipe", "x_mm": 600, "y_mm": 300, "pair": "pb"},
        {"id": "pb", "kind": "warp_pipe", "x_mm": 600, "y_mm": 500, "pair": "pa"},
        {"id": "bb", "kind": "bullet_bill", "x_mm": 400, "y_mm": 100, "launcher": "pa"},
        {"id": "pp", "kind": "piranha_plant", "x_mm": 300, "y_mm": 250, "range_mm": 75},
        {"id": "ramp", "kind": "ramp", "x_mm": 800, "y_mm": 700, "rotation_deg": 180},
        {"id": "rock", "kind": "scenery", "x_mm": 400, "y_mm": 400,
         "polygon": [[-50, -50], [50, -50], [50, 50], [-50, 50]], "solid": True},
    ]
    data = {"name": "Base", "table": TABLE.model_dump(), "karts": 4,
            "track": RECT.model_dump(), "elements": elements}
    data.update(overrides)
    return data


def doc(data: dict) -> TrackDocument:
    return TrackDocument.model_validate(data)


def with_element(element_id: str, **changes) -> TrackDocument:
    data = base_data()
    data["elements"] = [{**e, **changes} if e["id"] == element_id else e for e in data["elements"]]
    return doc(data)


def adding(*elements: dict, **overrides) -> TrackDocument:
    data = base_data(**overrides)
    data["elements"] = [*data["elements"], *elements]
    return doc(data)


def without(*ids: str, **overrides) -> TrackDocument:
    data = base_data(**overrides)
    data["elements"] = [e for e in data["elements"] if e["id"] not in ids]
    return doc(data)


def codes(document: TrackDocument, ruleset=GASLANDS) -> set[str]:
    return {p.code for p in run_checks(document, ruleset)}


def found(document: TrackDocument, code: str) -> list[Problem]:
    return [p for p in run_checks(document, GASLANDS) if p.code == code]


BASE = doc(base_data())


def test_the_base_document_is_clean():
    problems = run_checks(BASE, GASLANDS)
    assert [p for p in problems if p.severity != "info"] == []


def test_problem_shape_and_sorting():
    document = adding({"id": "lost", "kind": "coin", "x_mm": 10, "y_mm": -50}, karts=2)
    problems = run_checks(document, GASLANDS)
    ranks = [("error", "warning", "info").index(p.severity) for p in problems]
    assert ranks == sorted(ranks)
    for severity in ("error", "warning", "info"):
        group = [p.code for p in problems if p.severity == severity]
        assert group == sorted(group)
    p = problems[0]
    assert isinstance(p.ids, tuple) and p.severity == "error"
    with pytest.raises(AttributeError):
        p.code = "x"  # a NamedTuple: read-only fields


def test_codes_are_unique_and_complete():
    expected = {
        "element-off-table", "element-in-solid-scenery", "gate-off-surface", "gate-number-duplicate",
        "gate-number-missing", "pipe-paired-with-itself", "pipe-pair-missing", "pipe-pair-not-pipe",
        "pipe-pair-not-mutual", "bill-launcher-missing", "bill-launcher-not-pipe", "ramp-landing-off-table",
        "ramp-landing-in-scenery", "track-too-narrow", "gates-out-of-order", "no-start-finish", "box-line-count",
        "pipe-unpaired", "boost-against-travel", "reach-blocks-track", "elements-overlap", "pickup-off-surface",
        "few-karts", "box-line-no-double", "tight-corner", "hazard-reach-off-track", "empty-document",
        "degenerate-track", "degenerate-scenery", "scenery-self-crossing",
        "kind-not-in-ruleset", "too-few-karts", "too-many-karts", "track-off-table",  # every system's ([3/10])
        # the board game's own ([5/10], designer/systems/mk_board/checks.py)
        "board-start-count", "board-numbering", "board-space-overlap", "board-shortcut-end",
        "board-shortcut-backward", "board-shortcut-short", "board-shortcut-shared", "board-shortcut-start",
        "board-lap-short", "board-lap-within-blue-shell", "board-space-off-line",
        # PitchKart's own ([6/10], designer/systems/pitchkart/checks.py)
        "pk-unknown-piece", "pk-loop-open", "pk-section-overlap", "pk-numbering", "pk-numbering-route",
        "pk-inventory-exceeded", "pk-boost-span", "pk-coin-spacing", "pk-coin-sections", "pk-off-track",
        # Axles and Alloys II's own ([8/10], designer/systems/axles_alloys_2/track_width.py, track_checks.py)
        "axles-track-too-narrow", "axles-track-too-wide", "axles-ramp-landing-off-track", "axles-bend-at-max",
        "axles-ambush-placement", "axles-ambush-speed",
    }
    # the designer's own checks (a game system's test module may register one of its own beside them)
    own = [c for c in registered_checks() if c.fn.__module__.startswith("designer.")]
    assert {c.code for c in own} == expected and expected <= set(check_codes())
    assert len(own) == len(expected)


# --- errors ---------------------------------------------------------------------------------------
def test_element_off_table():
    assert "element-off-table" not in codes(BASE)
    hit = found(with_element("c1", x_mm=5, y_mm=5), "element-off-table")
    assert hit and hit[0].ids == ("c1",) and "edge of the table" in hit[0].message
    gone = found(with_element("c1", x_mm=3000, y_mm=5), "element-off-table")
    assert "entirely off the table" in gone[0].message


def test_element_in_solid_scenery():
    assert "element-in-solid-scenery" not in codes(BASE)
    hit = found(adding({"id": "th", "kind": "thwomp", "x_mm": 420, "y_mm": 400}), "element-in-solid-scenery")
    assert hit[0].ids == ("th", "rock") and "solid scenery 'rock'" in hit[0].message
    # not solid, or a warp pipe set into it: fine
    assert "element-in-solid-scenery" not in codes(with_element("rock", solid=False, x_mm=600, y_mm=300))
    assert "element-in-solid-scenery" not in codes(with_element("rock", x_mm=600, y_mm=300))


def test_gate_off_surface():
    assert "gate-off-surface" not in codes(BASE)
    short = found(with_element("g2", width_mm=120), "gate-off-surface")
    assert short[0].ids == ("g2",) and short[0].message == "Gate 2 does not reach across the track"
    away = found(with_element("g2", x_mm=600, y_mm=400), "gate-off-surface")
    assert away[0].message == "Gate 2 is not on the track"
    along = found(with_element("g2", rotation_deg=90), "gate-off-surface")  # lying along the track
    assert along and along[0].ids == ("g2",)
    assert "gate-off-surface" not in codes(with_element("g2", width_mm=260))  # wider than the track: fine


def test_gate_number_duplicate_and_missing():
    assert not codes(BASE) & {"gate-number-duplicate", "gate-number-missing"}
    dup = found(with_element("g3", order=2), "gate-number-duplicate")
    assert dup[0].ids == ("g2", "g3") and "numbered 2" in dup[0].message
    gap = found(with_element("g3", order=5), "gate-number-missing")
    assert gap[0].message.startswith("Gate numbers 3, 4 missing")


def test_pipe_pairs():
    assert not codes(BASE) & {"pipe-paired-with-itself", "pipe-pair-missing", "pipe-pair-not-pipe",
                              "pipe-pair-not-mutual", "pipe-unpaired"}
    assert found(with_element("pa", pair="pa"), "pipe-paired-with-itself")[0].ids == ("pa",)
    missing = found(with_element("pa", pair="x"), "pipe-pair-missing")
    assert missing[0].message == "Warp pipe 'pa' is paired with 'x', which is not on the table"
    assert found(with_element("pa", pair="c1"), "pipe-pair-not-pipe")[0].ids == ("pa", "c1")
    one_way = adding({"id": "pc", "kind": "warp_pipe", "x_mm": 700, "y_mm": 300, "pair": "pa"})
    assert found(one_way, "pipe-pair-not-mutual")[0].ids == ("pc", "pa")
    unpaired = found(adding({"id": "pc", "kind": "warp_pipe", "x_mm": 700, "y_mm": 300}), "pipe-unpaired")
    assert unpaired[0].ids == ("pc",) and unpaired[0].severity == "warning"


def test_bill_launcher():
    assert not codes(BASE) & {"bill-launcher-missing", "bill-launcher-not-pipe"}
    assert found(with_element("bb", launcher=None), "bill-launcher-missing")[0].ids == ("bb",)
    assert "not on the table" in found(with_element("bb", launcher="nope"), "bill-launcher-missing")[0].message
    assert found(with_element("bb", launcher="c1"), "bill-launcher-not-pipe")[0].ids == ("bb", "c1")


def test_ramp_landings():
    assert not codes(BASE) & {"ramp-landing-off-table", "ramp-landing-in-scenery"}
    # Facing left from x = 280 the back edge is at 242.5: a Medium jump lands on 17.5…92.5, on the table;
    # a Long one (180 mm) on -12.5…62.5, partly off it.
    edge = found(with_element("ramp", x_mm=280, rotation_deg=180), "ramp-landing-off-table")
    assert edge[0].ids == ("ramp",) and edge[0].message.endswith(": a Long jump lands off the table")
    # From x = 300 the Long jump lands on 7.5…82.5: on the table (it would not with a 225 mm Long)
    assert "ramp-landing-off-table" not in codes(with_element("ramp", x_mm=300, rotation_deg=180))
    towards_rock = with_element("ramp", x_mm=400, y_mm=700, rotation_deg=-90)
    assert found(towards_rock, "ramp-landing-in-scenery")[0].ids == ("ramp",)


def test_track_too_narrow():
    assert "track-too-narrow" not in codes(BASE)
    narrow = doc(base_data(track={**RECT.model_dump(), "width_mm": 50}, elements=[]))
    assert "50 mm wide" in found(narrow, "track-too-narrow")[0].message
    # the drawn surface is measured too; a buffered centerline is nowhere narrower than its width
    assert narrowest_width(RECT) == pytest.approx(200, abs=0.5)


def test_bulk_landing_zones_match_the_hazard_geometry():
    from designer.geometry.checks.base import CheckContext as Ctx
    from designer.geometry.checks.placement import landing_zones
    from designer.geometry.hazards import ramp_landing_zones

    ramp = with_element("ramp", rotation_deg=33, x_mm=640).element("ramp")
    document = with_element("ramp", rotation_deg=33, x_mm=640)
    ctx = Ctx()
    ctx.update(document, GASLANDS)
    ours = landing_zones(ctx, [ramp])["ramp"]
    theirs = ramp_landing_zones(ramp, GASLANDS)
    for name in ("medium", "long"):
        assert ours[name].symmetric_difference(theirs[name]).area < 1e-6


# --- warnings -------------------------------------------------------------------------------------
def test_gates_out_of_order():
    assert "gates-out-of-order" not in codes(BASE)
    data = base_data()
    for e in data["elements"]:
        if e["id"] in ("g1", "g2"):
            e["order"] = 3 - e["order"]
    hit = found(doc(data), "gates-out-of-order")
    assert set(hit[0].ids) == {"g1", "g2"} and hit[0].severity == "warning"


def test_no_start_finish_and_few_karts():
    assert not codes(BASE) & {"no-start-finish", "few-karts"}
    assert "no-start-finish" in codes(without("sf"))
    assert "few-karts" in codes(doc(base_data(karts=3)))
    arena = doc(base_data(track=None, karts=2, elements=[]))
    assert not codes(arena) & {"no-start-finish", "few-karts"}


def test_box_line_count_and_double():
    assert not codes(BASE) & {"box-line-count", "box-line-no-double"}
    three = found(without("g1-box-4"), "box-line-count")
    assert three[0].ids == ("g1",) and three[0].message == "Gate 1 has a line of 3 item boxes for 4 karts"
    assert "box-line-count" in codes(doc(base_data(karts=6)))
    single = found(with_element("g1-box-3", stack=1), "box-line-no-double")
    assert single[0].ids == ("g1",) and single[0].severity == "info"
    # boxes far (along the route) from every gate belong to none
    far = with_element("g1-box-4", x_mm=700, y_mm=130)
    assert "Gate 1 has a line of 3" in found(far, "box-line-count")[0].message


def test_boost_against_travel():
    assert "boost-against-travel" not in codes(BASE)
    assert found(with_element("bp", rotation_deg=180), "boost-against-travel")[0].ids == ("bp",)
    assert "boost-against-travel" not in codes(with_element("bp", rotation_deg=80))
    off_track = with_element("bp", y_mm=400, rotation_deg=180)
    assert "boost-against-travel" not in codes(off_track)


def test_reach_blocks_track():
    assert "reach-blocks-track" not in codes(BASE)
    chomp = {"id": "cc", "kind": "chain_chomp", "x_mm": 600, "y_mm": 100, "reach_mm": 150}
    assert found(adding(chomp), "reach-blocks-track")[0].ids == ("cc",)
    assert "reach-blocks-track" not in codes(adding({**chomp, "reach_mm": 90}))


def test_elements_overlap():
    assert "elements-overlap" not in codes(BASE)
    pile = adding({"id": "th", "kind": "thwomp", "x_mm": 705, "y_mm": 100})
    hit = found(pile, "elements-overlap")
    assert hit[0].ids == ("bp", "th") and "overlap" in hit[0].message
    touching = adding({"id": "c2", "kind": "coin", "x_mm": 320, "y_mm": 100})  # coins 20 mm: just touch
    assert "elements-overlap" not in codes(touching)
    # the item boxes sit across the start/finish line's footprint, a box on a gate line: not reported
    assert "elements-overlap" not in codes(with_element("g1-box-1", y_mm=400))


def test_pickup_off_surface():
    assert "pickup-off-surface" not in codes(BASE)
    assert found(with_element("c1", y_mm=400), "pickup-off-surface")[0].ids == ("c1",)
    arena = doc(base_data(track=None))
    assert "pickup-off-surface" not in codes(arena)


# --- info ----------------------------------------------------------------------------------------
def test_tight_corner():
    ring = {"centerline": [[600 + 300 * math.cos(k * math.pi / 6), 400 + 300 * math.sin(k * math.pi / 6)]
                           for k in range(12)], "closed": True, "width_mm": 200}
    assert "tight-corner" not in codes(doc(base_data(track=ring, elements=[])))
    square = {"centerline": [[200, 200], [700, 200], [700, 600], [200, 600]], "closed": True, "width_mm": 200}
    hits = found(doc(base_data(track=square, elements=[])), "tight-corner")
    assert len(hits) == 4 and all(p.severity == "info" for p in hits)
    assert "the Turn (75 mm) is the gentlest template that fits" in hits[0].message
    hairpin = {"centerline": [[100, 100], [700, 100], [700, 130], [100, 130]], "closed": False, "width_mm": 60}
    tight = found(doc(base_data(track=hairpin, elements=[])), "tight-corner")
    assert tight and "tighter than even the Hairpin" in tight[0].message


def test_tight_corner_names_the_fastest_gear():
    geared = GASLANDS.model_copy(update={"gears": [GearLimit(gear=1, max_template="Hairpin"),
                                                   GearLimit(gear=2, max_template="Turn"),
                                                   GearLimit(gear=3, max_template="Gentle")]})
    square = {"centerline": [[200, 200], [700, 200], [700, 600], [200, 600]], "closed": True, "width_mm": 200}
    hits = [p for p in run_checks(doc(base_data(track=square, elements=[])), geared) if p.code == "tight-corner"]
    assert hits and "gear 2 (up to the Turn) is the fastest" in hits[0].message


# --- arenas, contexts, starter documents ----------------------------------------------------------
def test_arena_skips_track_checks():
    arena = doc(base_data(track=None))
    track_codes = {c.code for c in registered_checks() if c.needs_track}
    assert not codes(arena) & track_codes


def test_context_reuse_matches_a_fresh_run():
    ctx = CheckContext()
    data = base_data()
    data["elements"].append({"id": "th", "kind": "thwomp", "x_mm": 705, "y_mm": 100})
    first = doc(data)
    assert run_checks(first, GASLANDS, ctx) == run_checks(first, GASLANDS)
    for move in ({"x_mm": 900}, {"x_mm": 400, "y_mm": 400}, {"x_mm": 705}):
        data["elements"] = [{**e, **move} if e["id"] == "th" else e for e in data["elements"]]
        moved = doc(data)
        assert run_checks(moved, GASLANDS, ctx) == run_checks(moved, GASLANDS)
    # a track edit invalidates the per-element results too
    narrow = doc({**data, "track": {**RECT.model_dump(), "width_mm": 120}})
    assert run_checks(narrow, GASLANDS, ctx) == run_checks(narrow, GASLANDS)
    fewer = doc({**data, "elements": data["elements"][:-1]})
    assert run_checks(fewer, GASLANDS, ctx) == run_checks(fewer, GASLANDS)


def test_context_reuse_after_adding_removing_and_reordering():
    ctx = CheckContext()
    data = base_data()
    data["elements"].append({"id": "th", "kind": "thwomp", "x_mm": 705, "y_mm": 100})
    steps = [
        lambda els: [*els, {"id": "th2", "kind": "thwomp", "x_mm": 690, "y_mm": 110}],  # a new overlap
        lambda els: [els[-1], *els[:-1]],  # th2 now comes first: it is named first in its pairs
        lambda els: [{**e, "x_mm": 320} if e["id"] == "th2" else e for e in els],
        lambda els: [e for e in els if e["id"] != "bp"],
        lambda els: els,  # nothing changed
    ]
    assert run_checks(doc(data), GASLANDS, ctx) == run_checks(doc(data), GASLANDS)
    for step in steps:
        data["elements"] = step(data["elements"])
        assert run_checks(doc(data), GASLANDS, ctx) == run_checks(doc(data), GASLANDS)


def test_bulk_geometry_matches_the_one_element_functions():
    import random

    import numpy as np
    import shapely

    from designer.geometry.checks.bulk import discs, project_many, sceneries
    from designer.geometry.footprint import footprint
    from designer.geometry.route import route_of
    from designer.model.edit import validate_element

    rng = random.Random(3)
    rows = np.array([(rng.uniform(0, 1800), rng.uniform(0, 1200), r) for r in (10.0, 12.5, 25.0) for _ in range(20)])
    buffered = shapely.buffer(shapely.points(rows[:, :2]), rows[:, 2], quad_segs=12)
    assert shapely.equals_exact(discs(rows), buffered, tolerance=0.0).all()
    rocks = [validate_element({"id": f"s{n}", "kind": "scenery", "x_mm": rng.uniform(0, 1800), "y_mm": 300,
                               "rotation_deg": rotation, "solid": True,
                               "polygon": [[-50, -40], [50, -40], [60, 30], [-40, 45], [0, -60]]})
             for n, rotation in enumerate((0, 90, -180, 33.3, rng.uniform(-180, 180)))]
    alone = np.array([footprint(rock, GASLANDS) for rock in rocks], dtype=object)
    assert shapely.equals_exact(sceneries(rocks), alone, tolerance=0.0).all()
    route = route_of(RECT)
    points = [(rng.uniform(-100, 1300), rng.uniform(-100, 900)) for _ in range(200)]
    headings = [rng.uniform(-180, 180) for _ in points]
    for heading in (None, headings):
        for k, where in enumerate(project_many(route, points, heading)):
            along, foot, _ = route.nearest(points[k], None if heading is None else heading[k])
            assert where.distance_mm == pytest.approx(along, abs=1e-9)
            assert where.point == pytest.approx(foot, abs=1e-9)


def test_problems_are_light_tuples_with_named_fields():
    import pickle

    from designer.geometry.checks.report import problem, problems

    p = Problem("elements-overlap", "warning", "Coin 'a' and coin 'b' overlap", ("a", "b"))
    same = Problem(code="elements-overlap", severity="warning", message="Coin 'a' and coin 'b' overlap", ids=("a", "b"))
    assert p == same and hash(p) == hash(same) and len({p, same}) == 1
    assert (p.code, p.severity, p.ids) == ("elements-overlap", "warning", ("a", "b"))
    assert p.as_dict() == {"severity": "warning", "code": "elements-overlap",
                           "message": "Coin 'a' and coin 'b' overlap", "ids": ["a", "b"]}
    assert Problem("few-karts", "warning", "m").ids == ()
    back = pickle.loads(pickle.dumps(p))
    assert back == p and type(back) is Problem
    with pytest.raises(AttributeError):
        p.message = "x"  # immutable
    built = problems("elements-overlap", [p.message], [p.ids])
    assert built == [p] == [problem("elements-overlap", p.message, ["a", "b"])] and type(built[0]) is Problem
    with pytest.raises(KeyError):
        problem("no-such-check", "m")


def test_bulk_labels_match_label():
    import numpy as np

    from designer.geometry.checks.bulk import kind_codes
    from designer.geometry.checks.report import label, labels, lowered

    elements = doc(base_data()).elements
    ids, codes_ = [e.id for e in elements], kind_codes(elements)
    rows = list(range(len(elements)))[::-1]
    assert labels(elements, ids, codes_, rows) == [label(elements[i]) for i in rows]
    assert labels(elements, ids, codes_, rows, True, " x") == [lowered(label(elements[i])) + " x" for i in rows]
    assert labels(elements, ids, np.asarray(codes_), []) == []


def test_box_overlap_test_is_the_four_axis_test_to_the_last_bit():
    import random

    import numpy as np

    from designer.geometry.checks.overlaps import _boxes_apart

    def four_axes(A, B):  # each box's reach along each of the four axes, the general formula
        x, y = B[0] - A[0], B[1] - A[1]
        apart = np.zeros(A.shape[1], dtype=bool)
        for ux, uy in ((A[2], A[3]), (-A[3], A[2]), (B[2], B[3]), (-B[3], B[2])):
            reach_a = A[4] * np.abs(A[2] * ux + A[3] * uy) + A[5] * np.abs(-A[3] * ux + A[2] * uy)
            reach_b = B[4] * np.abs(B[2] * ux + B[3] * uy) + B[5] * np.abs(-B[3] * ux + B[2] * uy)
            apart |= np.abs(x * ux + y * uy) >= reach_a + reach_b
        return apart

    def columns(rows):  # as shape_params lays them out
        x, y, degrees, half_length, half_width = np.array(rows, dtype=float).T
        c = np.array([math.cos(math.radians(d)) for d in degrees])
        s = np.array([math.sin(math.radians(d)) for d in degrees])
        norm = c * c + s * s
        return np.stack([x, y, c, s, half_length, half_width, np.zeros_like(x), -s,
                         half_length * norm, half_width * norm])

    rng = random.Random(5)
    angles = [0, 90, 180, -90, 270, 45, -45, 30, 60, 360, 1e-9]
    a, b = [], []
    for _ in range(20000):  # many exactly touching (side by side on a grid) or barely apart
        size = rng.choice([(9.0, 9.0), (14.0, 14.0), (24.0, 16.5), (4.0, 124.0)])
        gap = 2 * size[0] + rng.choice([0.0, 0.0, 1e-12, -1e-12, 5e-14, rng.uniform(-3, 3)])
        x, y = rng.uniform(0, 1800), rng.uniform(0, 1200)
        a.append((x, y, rng.choice(angles) if rng.random() < 0.7 else rng.uniform(-180, 180), *size))
        b.append((x + gap, y + rng.choice([0.0, rng.uniform(-20, 20)]), rng.choice(angles), *size))
    A, B = columns(a), columns(b)
    assert np.array_equal(_boxes_apart(A, B), four_axes(A, B))
    assert np.array_equal(_boxes_apart(B, A), four_axes(A, B))
    assert 0 < four_axes(A, B).sum() < len(a)


def test_groups_of_compared_kinds_are_never_compared_across():
    import numpy as np

    from designer.geometry.checks.overlaps import GROUPS, IGNORED

    lines, others = GROUPS
    assert not (lines & others).any()
    assert IGNORED[np.ix_(lines, others)].all() and IGNORED[np.ix_(~(lines | others), np.ones_like(lines))].all()


def test_landing_zone_depth_in_scenery_matches_the_union():
    import random

    import numpy as np
    import shapely

    from designer.geometry.checks.base import CheckContext as Ctx
    from designer.geometry.checks.placement import OVERLAP_TOLERANCE_MM2, _deep_in_solids

    square = [[-50, -50], [50, -50], [50, 50], [-50, 50]]
    rocks = [{"id": f"rock{n}", "kind": "scenery", "x_mm": x, "y_mm": y, "polygon": square, "solid": True}
             for n, (x, y) in enumerate([(400, 400), (500, 400), (520, 470), (900, 300)])]
    ctx = Ctx()
    ctx.update(doc(base_data(elements=rocks)), GASLANDS)
    # straddling two rocks: 2.5 mm² in each, 5 in all (an overlap) or 1.5 in each (not)
    zones = [shapely.box(449.0, 420.0, 451.0, 422.5), shapely.box(449.0, 420.0, 451.0, 421.5)]
    rng = random.Random(9)
    for _ in range(400):
        x, y, w, h = rng.uniform(300, 1000), rng.uniform(250, 550), rng.uniform(0.5, 40), rng.uniform(0.5, 40)
        zones.append(shapely.box(x, y, x + w, y + h))
    zones = np.array(zones, dtype=object)
    union = ctx.solid_union
    expected = shapely.intersects(union, zones)
    expected[expected] = shapely.area(shapely.intersection(zones[expected], union)) > OVERLAP_TOLERANCE_MM2
    found = _deep_in_solids(ctx, zones)
    assert np.array_equal(found, expected)
    assert found[0] and not found[1]


def test_quick_width_test_settles_only_what_the_measure_would():
    import shapely

    from designer.geometry.checks.course import _nowhere_narrower, track_too_narrow

    ctx = CheckContext()
    ctx.update(BASE, GASLANDS)
    measured = narrowest_width(RECT)
    assert _nowhere_narrower(ctx, 150) and _nowhere_narrower(ctx, 199)
    assert not _nowhere_narrower(ctx, 200.5)  # within rounding of the width: measured instead
    for minimum in (60, 150, 199, 199.9, 200, 200.5, 260):
        assert not _nowhere_narrower(ctx, minimum) or measured >= minimum - 1e-9
    # a notch bitten out of the top straight (centerline y = 100, edges at 0 and 200): the quick test
    # declines, and the measure finds the 130 mm left there
    notched = shapely.difference(ctx.surface, shapely.box(580.0, 130.0, 620.0, 260.0))
    shapely.prepare(notched)
    ctx._track_cache = {"surface": notched}
    wide = GASLANDS.model_copy(update={"min_track_width_mm": 150.0})
    assert not _nowhere_narrower(ctx, 150)
    ctx.ruleset = wide
    assert "narrows to 130 mm" in track_too_narrow(ctx)[0].message


def test_other_rulesets_run():
    for ruleset_id in ("mk-board", "pitchkart", "mk-downforce", "axles-alloys-2"):
        rules = load_ruleset(ruleset_id)
        problems = run_checks(doc(minimal_track_data()), rules)
        assert all(isinstance(p, Problem) for p in problems)
    axles = load_ruleset("axles-alloys-2")  # A&A races are 8–12" wide: 200 mm is too narrow
    assert "track-too-narrow" in codes(BASE, axles)


@pytest.mark.parametrize("starter", list_starter_tracks(), ids=lambda s: s.path.name)
def test_starter_documents_have_no_errors(starter):
    document = starter.document
    problems = run_checks(document, load_ruleset(document.ruleset))
    assert [p for p in problems if p.severity == "error"] == []


# --- figures --------------------------------------------------------------------------------------
def test_track_figures():
    figures = track_figures(BASE, GASLANDS)
    assert figures["lap_length_mm"] == pytest.approx(2 * 800 + 2 * 400 + 4 * math.hypot(100, 100), rel=0.02)
    assert figures["racing_line_mm"] < figures["lap_length_mm"]
    assert figures["racing_line_on_surface"] is True
    assert figures["racing_line_long_straights"] == pytest.approx(figures["racing_line_mm"] / 180, abs=0.01)
    assert figures["min_width_mm"] == pytest.approx(200, abs=1)
    assert figures["tightest_corner_radius_mm"] > 100
    per_gear = figures["activations_per_lap"]
    assert per_gear["1"] == math.ceil(figures["racing_line_mm"] / 75)
    assert per_gear["3"] == per_gear["6"] == math.ceil(figures["racing_line_mm"] / 180)
    assert "Estimate" in figures["estimate_note"]
    assert figures["element_counts"]["item_box"] == 4
    arena = track_figures(doc(base_data(track=None)), GASLANDS)
    assert arena["lap_length_mm"] is None and arena["element_counts"]["coin"] == 1


def test_racing_line_cuts_corners_but_stays_on_the_track():
    figures = track_figures(BASE, GASLANDS)
    xs = [p[0] for p in figures["racing_line"]]
    assert min(xs) > 100 - 100 + 17 and max(xs) < 1100 + 100 - 17
