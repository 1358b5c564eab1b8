"""Barriers Along Track's geometry (designer/systems/axles_alloys_2/barriers.py, issue #32): barriers along
both edges of a drawn track, measured back — on the surface's edge, the rule data's race width apart (the
Axles width checks pass), round a figure-8's crossover, an open course's ends left open — and laying them
again replaces only the ones it laid."""

from __future__ import annotations

import math

import pytest
import shapely
from shapely.geometry import Point

from designer.geometry.checks import run_checks
from designer.geometry.track import surface
from designer.io.templates import starters_for
from designer.model.edit import validate_element
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.barriers import BARRIER_TOLERANCE_MM, barriers_along, edge_barriers

AXLES = load_ruleset("axles-alloys-2")
OVAL = TrackSurface(centerline=[(300, 300), (1500, 300), (1500, 900), (300, 900)], closed=True, width_mm=254.0)
WIDTH_CODES = {"axles-track-too-narrow", "axles-track-too-wide"}


def absolute(barrier) -> list[tuple[float, float]]:
    return [(barrier.x_mm + x, barrier.y_mm + y) for x, y in barrier.points]


def document(track: TrackSurface, elements=()) -> TrackDocument:
    return TrackDocument(name="Axles", ruleset="axles-alloys-2", table=Table(width_mm=1800, height_mm=1200),
                         track=track, elements=list(elements))


def test_an_oval_gets_a_barrier_along_each_edge_on_the_surface_s_edge():
    barriers = edge_barriers(OVAL)
    assert [b.id for b in barriers] == ["edge-barrier-1", "edge-barrier-2"]   # the outer ring and the inner one
    edge = surface(OVAL).boundary
    points = [p for b in barriers for p in absolute(b)]
    assert max(edge.distance(Point(p)) for p in points) < BARRIER_TOLERANCE_MM + 0.02
    # the two barriers are the track's width apart: the Axles width checks measure 10" between them
    problems = run_checks(document(OVAL, barriers), AXLES)
    assert not [p for p in problems if p.code in WIDTH_CODES]
    narrow = OVAL.model_copy(update={"width_mm": 150.0})   # laid along a 6" track: too narrow, measured so
    assert "axles-track-too-narrow" in {p.code for p in run_checks(document(narrow, edge_barriers(narrow)), AXLES)}


def test_a_figure_eight_gets_barriers_round_the_crossover():
    figure8 = next(s.document for s in starters_for("axles-alloys-2") if s.document.track is not None
                   and len(s.document.track.centerline) >= 8 and "figure" in s.path.name)
    barriers = edge_barriers(figure8.track)
    assert len(barriers) >= 3   # the outer edge and each lobe's inner edge
    road = surface(figure8.track)
    for barrier in barriers:   # no barrier crosses the drivable surface: each road stays open at the crossing
        line = shapely.LineString(absolute(barrier))
        assert line.intersection(road.buffer(-1.0)).length == pytest.approx(0.0, abs=0.5)


def test_an_open_course_has_its_ends_left_open():
    course = TrackSurface(centerline=[(200, 600), (800, 400), (1500, 600)], closed=False, width_mm=254.0)
    barriers = edge_barriers(course)
    assert len(barriers) == 2
    for end in (course.centerline[0], course.centerline[-1]):   # nothing across the start or the finish
        gap = min(math.dist(end, p) for b in barriers for p in absolute(b))
        assert gap == pytest.approx(course.width_mm / 2.0, abs=1.0)


def test_laying_them_again_replaces_only_the_barriers_it_laid():
    hand = validate_element({"id": "barrier-1", "kind": "barrier", "x_mm": 900, "y_mm": 600,
                             "points": [(-100, 0), (100, 0)]})
    first_old, first = barriers_along(OVAL, [hand])
    assert first_old == [] and [b.id for b in first] == ["edge-barrier-1", "edge-barrier-2"]
    old, again = barriers_along(OVAL.model_copy(update={"width_mm": 280.0}), [hand, *first])
    assert old == ["edge-barrier-1", "edge-barrier-2"] and len(again) == 2
    assert hand.id not in old


def test_the_generator_still_lays_its_barriers_with_its_own_ids():
    from tests.unit.gen_helpers import generate

    doc = generate("axles-alloys-2", 7)
    assert [e.id for e in doc.elements if e.kind == "barrier"][:2] == ["barrier-1", "barrier-2"]
