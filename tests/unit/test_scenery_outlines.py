"""Scenery outlines that cross themselves: the `scenery-self-crossing` error, and a valid area for every
consumer of the footprint (solid-scenery containment, ramp landings, Bill's flight, the print), found in
bounded time however often the outline crosses itself. Valid outlines keep exactly the area they had."""

from __future__ import annotations

import itertools
import math
import time
import warnings

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, Polygon

from designer.geometry.checks import run_checks
from designer.geometry.footprint import footprint
from designer.geometry.labels import label_point
from designer.geometry.outline import REPAIR_CROSSINGS_LIMIT, crossings_over, outline_area, outline_crossing
from designer.io.track_io import load_track, track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from tests.unit.factories import minimal_track_data

GASLANDS = load_ruleset("mk-gaslands")


@pytest.fixture(autouse=True)
def _warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def star(points: int, step: int, radius: float = 40.0) -> list[list[float]]:
    """The {points/step} star polygon: every `step`-th point of a circle, joined in order."""
    return [[radius * math.cos(2 * math.pi * i * step / points), radius * math.sin(2 * math.pi * i * step / points)]
            for i in range(points)]


def with_outline(polygon, **scenery) -> dict:
    data = minimal_track_data(display_units="mm")  # messages give table points in the document's units
    data["elements"][-1].update(polygon=polygon, **scenery)
    return data


def problems_of(data, code):
    return [p for p in run_checks(track_from_data(data, "test"), GASLANDS) if p.code == code]


def test_a_small_star_is_reported_as_crossing_itself():
    found = problems_of(with_outline(star(5, 2)), "scenery-self-crossing")
    assert len(found) == 1
    assert found[0].severity == "error" and found[0].ids == ("sc",)
    # the pentagram's first crossing, placed on the table (the rock stands at (450, 450))
    assert found[0].message.startswith("The outline of scenery 'sc' crosses itself near (")
    assert found[0].message.endswith(" mm: move its points so that no edges meet")
    x, y = (float(v) for v in found[0].message.split("near (")[1].split(")")[0].split(", "))
    assert math.hypot(x - 450, y - 450) < 40


def test_an_outline_touching_itself_is_reported_too():
    touching = [[0, 0], [40, 0], [20, 20], [40, 40], [0, 40], [20, 20]]
    found = problems_of(with_outline(touching), "scenery-self-crossing")
    assert len(found) == 1 and "touches itself near (470, 470) mm" in found[0].message


def test_the_location_is_on_the_table_for_a_rotated_element():
    bow_tie = [[0, 0], [40, 40], [40, 0], [0, 40]]  # crosses at (20, 20) of its own frame
    found = problems_of(with_outline(bow_tie, rotation_deg=90), "scenery-self-crossing")
    assert "near (430, 470) mm" in found[0].message  # (450, 450) + R(90°)·(20, 20) = (450 - 20, 450 + 20)


def test_valid_outlines_are_not_reported_and_keep_their_exact_area():
    for path in sorted(TEMPLATES_DIR.glob("*.track.json")):
        document = load_track(path)
        assert not {p.code for p in run_checks(document, GASLANDS)} & {"scenery-self-crossing", "degenerate-scenery"}
        for element in document.elements:
            if element.kind == "scenery":
                assert outline_area(element.polygon).equals_exact(Polygon(element.polygon).buffer(0), 0.0)


def test_a_bow_tie_keeps_both_lobes():
    area = outline_area([[0, 0], [40, 40], [40, 0], [0, 40]])
    assert area.is_valid and area.area == pytest.approx(800.0)  # buffer(0) kept one lobe: 400


def test_a_thwomp_in_the_lobe_buffer0_dropped_stands_in_solid_scenery():
    data = with_outline([[0, 0], [80, 80], [80, 0], [0, 80]])
    data["elements"] = [e for e in data["elements"] if e["id"] != "th"]
    data["elements"].append({"id": "th2", "kind": "thwomp", "x_mm": 455, "y_mm": 490})  # in the left lobe
    data["elements"].append({"id": "th3", "kind": "thwomp", "x_mm": 525, "y_mm": 490})  # in the right lobe
    hit = {p.ids[0] for p in problems_of(data, "element-in-solid-scenery")}
    assert {"th2", "th3"} <= hit


def test_every_footprint_consumer_gets_a_valid_shape():
    data = with_outline(star(499, 199))
    document = track_from_data(data, "test")
    rock = document.elements[-1]
    shape = footprint(rock, GASLANDS)
    assert shape.is_valid and not shape.is_empty
    problems = run_checks(document, GASLANDS)  # containment, landings, the union of solids: nothing raises
    assert "scenery-self-crossing" in {p.code for p in problems}
    x, y = label_point(rock.polygon)
    assert math.hypot(x, y) < 40


def test_a_star_crossing_itself_thousands_of_times_costs_milliseconds():
    outline = star(499, 199)  # every edge crosses ~400 others
    start = time.perf_counter()
    area = outline_area(outline)
    elapsed = time.perf_counter() - start
    assert area.is_valid
    assert area.equals(shapely.convex_hull(Polygon(outline)))  # past the limit: the hull stands in
    assert elapsed < 0.5  # make_valid took ~80 s on this star, buffer(0) ~1.2 s


def test_a_few_crossings_are_repaired_exactly():
    outline = star(7, 3)  # a heptagram: 14 crossings
    assert not crossings_over(np.array(outline), REPAIR_CROSSINGS_LIMIT)
    area = outline_area(outline)
    assert area.equals(shapely.make_valid(Polygon(outline), method="structure"))
    assert outline_crossing(outline).kind == "crosses"


def brute_force_crossings(xy: np.ndarray) -> int:
    n = len(xy)
    edges = [LineString([xy[i], xy[(i + 1) % n]]) for i in range(n)]
    return sum(1 for i, j in itertools.combinations(range(n), 2)
               if j > i + 1 and not (i == 0 and j == n - 1) and edges[i].crosses(edges[j]))


@pytest.mark.parametrize("seed", range(12))
def test_the_crossing_count_agrees_with_shapely(seed):
    rng = np.random.default_rng(seed)
    xy = rng.uniform(0, 100, (int(rng.integers(4, 25)), 2))
    count = brute_force_crossings(xy)
    assert crossings_over(xy, count) is False
    if count:
        assert crossings_over(xy, count - 1) is True
