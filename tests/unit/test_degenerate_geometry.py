"""Degenerate geometry never raises: centerlines of one point (however spelled), 1e-12 apart, back and
forth, two points; scenery outlines with no area or a doubled point. The checks report each as an
error (`degenerate-track`, `degenerate-scenery`), every consumer of the centerline copes (figures,
route, hazards, the print shop), `kartographer validate` reports it and `kartographer export` refuses
it on one line. Warnings are errors here: no numpy RuntimeWarning may slip through either."""

from __future__ import annotations

import io
import json
import math
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from designer import cli
from designer.export import ExportOptions, export_pdf
from designer.export.draw_track import ink_index
from designer.geometry.checks import run_checks
from designer.geometry.checks.course import corner_radii, narrowest_width
from designer.geometry.figures import racing_line, track_figures
from designer.geometry.footprint import footprint
from designer.geometry.hazards import bullet_bill_path
from designer.geometry.polygon_edit import OutlineError, move_vertex
from designer.geometry.route import (
    crossings,
    gate_across,
    insert_point,
    lap_length,
    point_at,
    project,
    reverse_track,
    route_of,
)
from designer.geometry.track import centerline, edge_rings, surface, track_flaw
from designer.io.track_io import track_from_data
from designer.model.track import TrackDocument, TrackSurface
from designer.rules import load_ruleset
from tests.unit.factories import minimal_track_data

GASLANDS = load_ruleset("mk-gaslands")
P = (300.0, 300.0)
TINY = 1e-12

DEGENERATE = {
    "identical points, closed": ([P] * 4, True),
    "identical points, open": ([P] * 4, False),
    "two identical points, open": ([P, P], False),
    "1e-12 apart, closed": ([P, (P[0] + TINY, P[1]), (P[0], P[1] + TINY)], True),
    "1e-12 apart, open": ([P, (P[0] + TINY, P[1])], False),
    # 0.01 mm, the finest step a stored coordinate takes (closer points are one point)
    "0.01 mm apart, closed": ([P, (P[0] + 0.01, P[1]), (P[0], P[1] + 0.01)], True),
    "closed with first == last only": ([P, (600.0, 300.0), P], True),
    "closed back and forth": ([P, (600.0, 300.0), P, (600.0, 300.0)], True),
    "closed, all on one line": ([P, (400.0, 300.0), (500.0, 300.0)], True),
}
#: Odd but drivable: no degenerate-track, and still nothing raises.
ODD = {
    "two points, open": ([P, (600.0, 300.0)], False),
    "back and forth, open": ([P, (600.0, 300.0), P, (600.0, 300.0)], False),
    "a doubled point, closed": ([(200.0, 200.0), (700.0, 200.0), (700.0, 200.0), (700.0, 700.0)], True),
}


@pytest.fixture(autouse=True)
def _warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def document(points, closed: bool, **changes) -> TrackDocument:
    data = minimal_track_data(**changes)
    data["track"] = {"centerline": [list(p) for p in points], "closed": closed, "width_mm": 250}
    return track_from_data(data, "test")


def codes(doc: TrackDocument) -> dict[str, str]:
    return {p.code: p.severity for p in run_checks(doc, GASLANDS)}


def every_consumer(doc: TrackDocument) -> None:
    """Everything that turns the centerline into numbers or shapes, in the checks, figures, tools and print."""
    track = doc.track
    run_checks(doc, GASLANDS)
    track_figures(doc, GASLANDS)
    racing_line(doc, GASLANDS)  # the editor's racing-line overlay calls it on any track
    route = route_of(track)
    assert route.length >= 0 and math.isfinite(route.length)
    for distance in (0.0, 10.0, -5.0, 1e9):
        assert all(math.isfinite(v) for v in point_at(track, distance))
    assert math.isfinite(project(track, (310.0, 320.0), heading_deg=90.0).lateral_mm)
    gate_across(track, (300.0, 300.0))
    insert_point(track, (305.0, 300.0))
    crossings(track)
    reverse_track(track)
    corner_radii(route)
    narrowest_width(track)
    lap_length(track)
    assert surface(track).is_valid
    edge_rings(track)
    centerline(track)
    pipe = next(e for e in doc.elements if e.id == "p1")
    bullet_bill_path(pipe, doc, doc.elements, doc.table, GASLANDS)
    ink_index(doc, GASLANDS)
    for what in ("track", "all"):
        assert export_pdf(io.BytesIO(), doc, what, ExportOptions(ink_saver=what == "all"), GASLANDS) > 0


@pytest.mark.parametrize("name", DEGENERATE)
def test_a_degenerate_track_is_an_error_and_nothing_raises(name):
    doc = document(*DEGENERATE[name])
    assert track_flaw(doc.track) is not None
    found = run_checks(doc, GASLANDS)
    track_problems = [p for p in found if p.code == "degenerate-track"]
    assert len(track_problems) == 1 and track_problems[0].severity == "error"
    assert track_problems[0].message.startswith("The track ")
    # the checks along the track are skipped: they would only repeat the one problem in many words
    assert not {p.code for p in found} & {"gate-off-surface", "pickup-off-surface", "tight-corner", "track-too-narrow"}
    figures = track_figures(doc, GASLANDS)
    assert figures["lap_length_mm"] is None and figures["racing_line"] is None
    assert figures["elements"] == len(doc.elements)
    every_consumer(doc)


@pytest.mark.parametrize("name", ODD)
def test_odd_but_drivable_tracks_are_not_degenerate(name):
    doc = document(*ODD[name])
    assert track_flaw(doc.track) is None
    assert "degenerate-track" not in codes(doc)
    assert track_figures(doc, GASLANDS)["lap_length_mm"] > 0
    every_consumer(doc)


def test_the_messages_say_what_is_wrong():
    assert track_flaw(document([P] * 3, True).track) == "has all its centerline points in one place"
    first_is_last = document(*DEGENERATE["closed with first == last only"]).track
    assert "only 2 distinct centerline points" in track_flaw(first_is_last)
    assert "all lie on one line" in track_flaw(document(*DEGENERATE["closed, all on one line"]).track)
    assert track_flaw(document(*DEGENERATE["0.01 mm apart, closed"]).track).startswith("has a centerline only ")


def test_a_single_point_track_has_a_disc_for_a_surface():
    track = document([P] * 4, False).track
    area = surface(track)
    assert area.area == pytest.approx(math.pi * 125**2, rel=0.01)
    assert area.centroid.distance(area.centroid.__class__(P)) < 1e-6
    assert len(edge_rings(track)) == 1
    assert route_of(track).length == 0.0


coordinate = st.sampled_from([300.0, 300.0 + TINY, 300.0 + 1e-7, 600.0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(points=st.lists(st.tuples(coordinate, coordinate), min_size=2, max_size=6), closed=st.booleans())
def test_any_centerline_of_nearly_coincident_points(points, closed):
    if closed and len(points) < 3:
        points = [*points, points[0]]
    doc = document(points, closed)
    found = codes(doc)
    assert ("degenerate-track" in found) == (track_flaw(doc.track) is not None)
    every_consumer(doc)


# --- what the model refuses -----------------------------------------------------------------------
@pytest.mark.parametrize(("track", "needle"), [
    ({"centerline": [[0, 0], [1, 1]], "closed": False, "width_mm": 0}, "track.width_mm: must be ≥ 10"),
    ({"centerline": [[0, 0], [1, 1]], "closed": False, "width_mm": -5}, "track.width_mm: must be ≥ 10"),
    ({"centerline": [[0, 0]], "closed": False, "width_mm": 100}, "track.centerline: list should have at least 2"),
    ({"centerline": [[0, 0], [5, 5]], "closed": True, "width_mm": 100}, "a closed track needs at least 3"),
])
def test_the_model_refuses_what_cannot_be_a_track(track, needle):
    data = minimal_track_data(track=track)
    with pytest.raises(Exception) as caught:
        track_from_data(data, "x.track.json")
    assert needle in str(caught.value)


def test_nan_is_impossible():
    with pytest.raises(ValidationError):
        TrackSurface(centerline=[(0.0, 0.0), (math.nan, 1.0)], closed=False, width_mm=100)
    text = '{"centerline": [[0, 0], [NaN, 1]], "closed": false, "width_mm": 100}'
    data = minimal_track_data(track=json.loads(text))
    with pytest.raises(Exception, match="must be a finite number"):
        track_from_data(data, "x.track.json")


# --- degenerate scenery ------------------------------------------------------------------------------
def with_outline(polygon) -> TrackDocument:
    data = minimal_track_data()
    data["elements"][-1]["polygon"] = polygon
    return track_from_data(data, "test")


@pytest.mark.parametrize(("polygon", "needle"), [
    ([[0, 0], [10, 0], [20, 0]], "encloses no area"),
    ([[0, 0], [0.01, 0], [0, 0.01]], "encloses no area"),
    ([[0, 0], [0, 0], [0, 0], [1, 1], [2, 2]], "encloses no area"),
    ([[-50, -50], [50, -50], [50, -50], [50, 50], [-50, 50]], "points 2 and 3"),
])
def test_degenerate_scenery_is_an_error(polygon, needle):
    doc = with_outline(polygon)
    found = [p for p in run_checks(doc, GASLANDS) if p.code == "degenerate-scenery"]
    assert len(found) == 1 and found[0].severity == "error" and found[0].ids == ("sc",)
    assert needle in found[0].message
    every_consumer(doc)


def test_an_outline_with_no_area_covers_nothing_and_is_not_off_the_table():
    doc = with_outline([[0, 0], [10, 0], [20, 0]])
    assert footprint(doc.elements[-1], GASLANDS).is_empty
    found = run_checks(doc, GASLANDS)
    assert not [p for p in found if "sc" in p.ids and p.code != "degenerate-scenery"]


def test_an_explicitly_closed_outline_is_fine():
    doc = with_outline([[-50, -50], [50, -50], [50, 50], [-50, 50], [-50, -50]])
    assert not {"degenerate-scenery", "scenery-self-crossing"} & set(codes(doc))


def test_the_editor_does_not_make_a_doubled_point_but_repairs_one():
    square = with_outline([[-50, -50], [50, -50], [50, 50], [-50, 50]]).elements[-1]
    with pytest.raises(OutlineError, match="same place"):
        move_vertex(square, 1, (500.0, 500.0))  # onto vertex 2, at (450 + 50, 450 + 50)
    doubled = with_outline([[-50, -50], [50, -50], [50, -50], [50, 50], [-50, 50]]).elements[-1]
    moved = move_vertex(doubled, 2, (500.0, 450.0))  # allowed: it was doubled already, and now it is not
    assert moved.polygon[2] == (50.0, 0.0)


# --- the command line -----------------------------------------------------------------------------
@pytest.fixture
def degenerate_file(tmp_path):
    data = minimal_track_data()
    data["track"] = {"centerline": [list(P)] * 4, "closed": True, "width_mm": 250}
    path = tmp_path / "dot.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_validate_reports_a_degenerate_track(degenerate_file, capsys):
    assert cli.main(["validate", str(degenerate_file)]) == 1
    out, err = capsys.readouterr()
    assert f"{degenerate_file}: error degenerate-track: The track has all its centerline points in one place" in out
    assert "Traceback" not in out + err and err == ""
    assert cli.main(["validate", "--json", str(degenerate_file)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert "degenerate-track" in [p["code"] for p in report["problems"]]
    assert report["figures"]["lap_length_mm"] is None


def test_export_refuses_a_degenerate_track_on_one_line(degenerate_file, tmp_path, capsys):
    out_pdf = tmp_path / "out.pdf"
    assert cli.main(["export", str(degenerate_file), "-o", str(out_pdf)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{degenerate_file}: cannot print it: the track has all its centerline points in one place\n"
    assert not out_pdf.exists()


def test_export_refuses_degenerate_scenery(tmp_path, capsys):
    data = minimal_track_data()
    data["elements"][-1]["polygon"] = [[0, 0], [10, 0], [20, 0]]
    path = tmp_path / "flat.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["export", str(path), "-o", str(tmp_path / "out.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot print it: scenery 'sc' encloses no area" in err


def test_the_cheap_degenerate_test_agrees_with_the_reasons(tmp_path):
    """`geometry.track.is_degenerate` (what the export asks before anything else, without the checks engine)
    says yes exactly when `degenerate_reasons` finds one: the track, a flat or doubled scenery outline."""
    from designer.geometry.checks.shapes import degenerate_reasons
    from designer.geometry.track import is_degenerate
    from designer.io.track_io import load_track

    cases = {"fine": None, "flat": [[0, 0], [10, 0], [20, 0]], "doubled": [[0, 0], [10, 0], [10, 0], [0, 10]]}
    for name, polygon in cases.items():
        data = minimal_track_data()
        if polygon is not None:
            data["elements"][-1]["polygon"] = polygon
        path = tmp_path / f"{name}.track.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        document = load_track(path)
        assert is_degenerate(document) == bool(degenerate_reasons(document)) == (polygon is not None), name
        one_place = document.model_copy(update={"track": document.track.model_copy(
            update={"centerline": [(5.0, 5.0)] * 4})})
        assert is_degenerate(one_place) and degenerate_reasons(one_place), name
