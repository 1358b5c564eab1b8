"""Axles and Alloys II's own kinds take up the room they show: a barrier's footprint follows its points (so
the tiler keeps every page a long barrier crosses), a counter is a disc."""

from __future__ import annotations

import math

from designer.export.tiles import TrackPrintOptions, plan_tiles
from designer.geometry.footprint import footprint
from designer.model.track import Table, TrackDocument
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.axles_alloys_2.elements import Barrier, Counter

registry.systems()
AXLES = load_ruleset("axles-alloys-2")


def test_a_barriers_footprint_is_a_band_along_its_points():
    barrier = Barrier(id="b", x_mm=100.0, y_mm=100.0, points=[(0.0, 0.0), (600.0, 0.0), (600.0, 300.0)])
    shape = footprint(barrier, AXLES)
    half = AXLES.element_sizes["barrier"].width_mm / 2
    assert shape.bounds == (100.0, 100.0 - half, 700.0 + half, 400.0)
    assert math.isclose(shape.area, (600.0 + 300.0) * 2 * half, rel_tol=0.01)
    assert not shape.contains(footprint(Counter(id="c", x_mm=400.0, y_mm=300.0), AXLES))  # the band, not its box


def test_a_counter_is_a_one_inch_disc():
    disc = footprint(Counter(id="c", x_mm=0.0, y_mm=0.0), AXLES)
    assert math.isclose(disc.area, math.pi * 12.7 ** 2, rel_tol=0.01)


def test_every_page_a_long_barrier_crosses_is_printed():
    barrier = Barrier(id="b", x_mm=50.0, y_mm=300.0, points=[(0.0, 0.0), (1700.0, 0.0)])
    doc = TrackDocument(name="Wall", ruleset="axles-alloys-2", table=Table(width_mm=1800.0, height_mm=600.0),
                        elements=[barrier])
    plan = plan_tiles(doc, AXLES, TrackPrintOptions("a4", 10.0, 10.0, "landscape"))
    crossed = [cell for cell in plan.grid.cells() if (w := plan.grid.window(*cell)).y < 300.0 < w.bottom]
    assert len(crossed) >= 6 and set(crossed) <= set(plan.printed)
