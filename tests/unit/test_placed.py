"""`geometry.footprint.placed`: one fused turn-and-move that must give exactly what shapely.affinity's rotate
about the origin followed by translate give (footprints, ink extents, hazard zones and barriers all rely on it,
and the tiled print's choice of pages with them)."""

from __future__ import annotations

import random

import pytest
import shapely
from shapely import affinity
from shapely.geometry import LineString, Point, box

from designer.geometry.footprint import footprint, local_footprint, placed
from designer.io.templates import list_starter_tracks
from designer.rules import load_ruleset


def _affinity(shape, rotation: float, x: float, y: float):
    turned = affinity.rotate(shape, rotation, origin=(0, 0), use_radians=False) if rotation else shape
    return affinity.translate(turned, x, y)


@pytest.mark.parametrize("seed", range(4))
def test_placed_is_bit_for_bit_affinitys_rotate_then_translate(seed: int):
    rng = random.Random(seed)
    shapes = [box(-20, -7.5, 20, 7.5), Point(0, 0).buffer(12.5, quad_segs=12), LineString([(0, 0), (40, 3), (70, -9)])]
    for _ in range(500):
        shape = rng.choice(shapes)
        rotation = rng.choice([0.0, 90.0, 180.0, -90.0, 45.0, 360.0, rng.uniform(-720, 720)])
        x, y = rng.uniform(-2000, 2000), rng.uniform(-2000, 2000)
        assert shapely.to_wkb(placed(shape, rotation, x, y)) == shapely.to_wkb(_affinity(shape, rotation, x, y))


def test_every_starter_elements_footprint_is_unchanged():
    count = 0
    for starter in list_starter_tracks():
        document = starter.document
        ruleset = load_ruleset(document.ruleset)
        for e in document.elements:
            expected = _affinity(local_footprint(e, ruleset), e.rotation_deg, e.x_mm, e.y_mm)
            assert shapely.to_wkb(footprint(e, ruleset)) == shapely.to_wkb(expected), (starter.path.name, e.id)
            count += 1
    assert count > 200


def test_an_empty_shape_stays_empty():
    assert placed(shapely.Polygon(), 30.0, 5.0, 5.0).is_empty
