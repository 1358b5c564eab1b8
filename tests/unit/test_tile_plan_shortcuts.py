"""The tile plan's shortcuts (tile_plan.sort_cells) choose exactly the plan that measuring every window's ink
exactly chooses: a window holding a whole element, or plenty of ink by a rectangle clip with some in its
core, is kept without an intersection; everything else is measured as before. Checked on every starter
(their own systems' plans) and on crowded tables, and where GEOS's rectangle clip refuses a shape."""

from __future__ import annotations

import pytest
import shapely

from designer.export import ExportOptions, TrackPrintOptions, plan_tiles, tile_plan
from designer.export.options import PrintJob
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from tests.benchmarks.workload import crowded_document

STARTERS = sorted(p.name for p in TEMPLATES_DIR.glob("*.track.json"))


def _plan(document, ruleset, options=None):
    if ruleset.id == "pitchkart":
        from designer.systems.pitchkart.piece_sheets import track_plan
        return track_plan(document, PrintJob(document, ruleset, ExportOptions()))
    return plan_tiles(document, ruleset, options or TrackPrintOptions())


def _exact(monkeypatch) -> None:
    """Every window measured by intersecting it with the ink, as before the shortcuts."""
    monkeypatch.setattr(tile_plan, "SURE_MM2", float("inf"))


@pytest.mark.parametrize("name", STARTERS)
def test_a_starters_plan_is_the_exact_one(monkeypatch, name):
    document = load_track(TEMPLATES_DIR / name)
    ruleset = load_ruleset(document.ruleset)
    fast = _plan(document, ruleset)
    _exact(monkeypatch)
    assert _plan(document, ruleset) == fast


@pytest.mark.parametrize(("count", "options"), [(400, TrackPrintOptions()), (120, TrackPrintOptions(paper="a3")),
                                                (2000, TrackPrintOptions(reach_rings=True, paper="letter"))])
def test_a_crowded_tables_plan_is_the_exact_one(monkeypatch, count, options):
    document, ruleset = crowded_document(count, seed=5), load_ruleset("mk-gaslands")
    fast = _plan(document, ruleset, options)
    assert fast.printed and len(fast.printed) < fast.grid.page_count + 1
    _exact(monkeypatch)
    assert _plan(document, ruleset, options) == fast


def test_a_shape_the_rectangle_clip_refuses_is_measured_exactly(monkeypatch):
    document = load_track(TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json")
    ruleset = load_ruleset(document.ruleset)
    expected = _plan(document, ruleset)

    def refuse(*args, **kwargs):
        raise shapely.errors.GEOSException("IllegalArgumentException: Invalid number of points in LinearRing")

    monkeypatch.setattr(tile_plan.shapely, "clip_by_rect", refuse)
    assert _plan(document, ruleset) == expected


def _both(document, ruleset, options):
    """The plan from the ink's shapes (what the export does) and from their union (one shape)."""
    from designer.export.draw_track import ink_index

    index = ink_index(document, ruleset, options.reach_rings)
    table = document.table
    args = (options.paper, options.margin_mm, options.overlap_mm, options.orientation, options.keep_empty)
    return (tile_plan.choose_plan(table.width_mm, table.height_mm, index.shapes, *args),
            tile_plan.choose_plan(table.width_mm, table.height_mm, index.geometry, *args))


@pytest.mark.parametrize("name", STARTERS)
def test_a_starters_plan_from_its_shapes_is_the_plan_from_their_union(name):
    document = load_track(TEMPLATES_DIR / name)
    ruleset = load_ruleset(document.ruleset)
    if ruleset.id == "pitchkart":
        pytest.skip("PitchKart plans its sections' outlines (test_a_starters_plan_is_the_exact_one)")
    shapes, union = _both(document, ruleset, TrackPrintOptions())
    assert shapes == union and shapes.printed


@pytest.mark.parametrize(("count", "options"), [(400, TrackPrintOptions()), (120, TrackPrintOptions(paper="a3")),
                                                (2000, TrackPrintOptions(reach_rings=True, paper="letter")),
                                                (30, TrackPrintOptions(paper="a3", orientation="landscape"))])
def test_a_crowded_tables_plan_from_its_shapes_is_the_plan_from_their_union(count, options):
    """Never merging the ink (tile_plan.Ink) chooses the plan that one merged shape chooses, pages left out
    as empty and as covered alike."""
    shapes, union = _both(crowded_document(count, seed=5), load_ruleset("mk-gaslands"), options)
    assert shapes == union and shapes.printed
    assert count > 100 or shapes.skipped


def test_ink_bounds_are_those_of_the_ink_on_the_table():
    from shapely.geometry import box

    ink = tile_plan.Ink([box(-50, 10, 30, 20), box(100, 200, 400, 260), box(500, 500, 600, 600)], 300.0, 250.0)
    assert ink.bounds == (0.0, 10.0, 300.0, 250.0)
    assert tile_plan.Ink([box(500, 500, 600, 600)], 300.0, 250.0).bounds == (0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize("name", ["crowded", *STARTERS[:4]])
def test_which_rectangles_hold_or_touch_ink_is_what_each_shape_says(name):
    """`Ink.holds_whole` asks a tree of the solid shapes' bounds which rectangles cover them, `Ink.touches_edges`
    each shape once about every rectangle it reaches (a tree of the rectangles): the same answers as asking
    every shape about every rectangle, rectangles off, across and on the table's edge, and without width."""
    import numpy as np

    from designer.export.draw_track import ink_index

    if name == "crowded":
        document, ruleset = crowded_document(400, seed=5), load_ruleset("mk-gaslands")
    else:
        document = load_track(TEMPLATES_DIR / name)
        ruleset = load_ruleset(document.ruleset)
    table = document.table
    ink = tile_plan.Ink(ink_index(document, ruleset).shapes, table.width_mm, table.height_mm)
    rng = np.random.default_rng(3)
    x, y = rng.uniform(-100, table.width_mm, 400), rng.uniform(-100, table.height_mm, 400)
    w, h = rng.uniform(0, 250, 400), rng.uniform(0, 250, 400)
    edges = np.stack([x, y, x + w, y + h], axis=1)
    edges[:5] = [[0, 0, 0, 0], [-50, -50, -1, -1], [0, 0, table.width_mm, table.height_mm], [10, 10, 10, 90],
                 [table.width_mm, 0, table.width_mm + 50, 60]]
    solid = [s.bounds for s in ink.shapes if s.area >= tile_plan.SURE_MM2]

    def holds(r) -> bool:
        return any(r[0] <= b[0] and r[1] <= b[1] and b[2] <= r[2] and b[3] <= r[3] for b in solid)

    wholes = [holds(r) for r in edges]
    assert ink.holds_whole(edges).tolist() == wholes and 0 < sum(wholes) < len(wholes)
    clipped = np.clip(edges, 0, [table.width_mm, table.height_mm] * 2)
    expected = [holds(r) or bool(r[2] > r[0] and r[3] > r[1] and any(s.intersects(shapely.box(*r)) for s in ink.shapes))
                for r in clipped]
    assert ink.touches_edges(edges).tolist() == expected and 0 < sum(expected) < len(expected)
