"""Lengths are stored to 0.01 mm and angles to 0.01°, and what the app says about a length speaks the
document's display units (an inch document says "8 in", not "203.2 mm")."""

from __future__ import annotations

import json
import re

import pytest

from designer.io.templates import list_starter_tracks
from designer.io.track_io import dumps_track, track_from_data, track_from_json
from designer.model.edit import placed
from designer.model.track import Table
from tests.unit.factories import minimal_track_data

# a float that is not its own 2-decimal rounding, as repr writes it: 1219.1999999999998, -45.80000000000001
LONG_FLOAT = re.compile(r"-?\d+\.\d{3,}")


def test_table_size_computed_in_inches_is_stored_to_the_hundredth() -> None:
    table = Table(width_mm=6 * 12 * 25.4, height_mm=48 * 25.4)
    assert (table.width_mm, table.height_mm) == (1828.8, 1219.2)
    assert json.dumps(table.model_dump(mode="json")) == '{"width_mm": 1828.8, "height_mm": 1219.2}'


def test_coordinates_lengths_and_angles_are_rounded_on_validation() -> None:
    data = minimal_track_data()
    data["track"]["width_mm"] = 203.20000000000002
    data["track"]["centerline"][0] = [200.004, 199.996]
    data["elements"][0] |= {"x_mm": 450.123456, "rotation_deg": -45.80000000000001, "width_mm": 250.005}
    document = track_from_data(data)
    start = document.elements[0]
    assert (start.x_mm, start.rotation_deg) == (450.12, -45.8)
    assert start.width_mm in (250.0, 250.01)  # either neighbour of the binary 250.005
    assert document.track is not None
    assert document.track.width_mm == 203.2
    assert document.track.centerline[0] == (200.0, 200.0)
    assert not LONG_FLOAT.search(dumps_track(document))


def test_a_tiny_positive_length_stays_positive_and_minus_zero_is_zero() -> None:
    data = minimal_track_data()
    data["elements"][0] |= {"width_mm": 0.001, "y_mm": -0.001}
    start = track_from_data(data).elements[0]
    assert start.width_mm == 0.01
    assert str(start.y_mm) == "0.0"


def test_placement_by_drag_or_rotation_is_rounded_too() -> None:
    start = track_from_data(minimal_track_data()).elements[0]
    moved = placed(start, 0.1 + 0.2, 1219.1999999999998, -45.80000000000001)
    assert (moved.x_mm, moved.y_mm, moved.rotation_deg) == (0.3, 1219.2, -45.8)


def test_save_load_is_equal_and_saves_the_same_bytes() -> None:
    data = minimal_track_data()
    data["elements"][1] |= {"x_mm": 1 / 3, "rotation_deg": 2 / 3}
    document = track_from_data(data)
    text = dumps_track(document)
    again = track_from_json(text)
    assert again == document
    assert dumps_track(again) == text


@pytest.mark.parametrize("starter", list_starter_tracks(), ids=lambda s: s.slug)
def test_starters_are_canonical(starter) -> None:  # type: ignore[no-untyped-def]
    assert starter.path.read_text(encoding="utf-8") == dumps_track(starter.document)


# --- messages, report and prints in the document's units ----------------------------------------------------
def _problems(units: str, **overrides: object) -> dict[str, list[str]]:
    from designer.geometry.checks import run_checks
    from designer.rules import load_ruleset

    document = track_from_data(minimal_track_data(display_units=units, **overrides))
    found: dict[str, list[str]] = {}
    for problem in run_checks(document, load_ruleset(document.ruleset)):
        found.setdefault(problem.code, []).append(problem.message)
    return found


def _narrow(units: str) -> dict[str, list[str]]:
    data = minimal_track_data()
    return _problems(units, ruleset="axles-alloys-2", elements=[], track=data["track"] | {"width_mm": 150})


def test_an_inch_document_says_the_minimum_width_in_inches() -> None:
    assert _narrow("in")["track-too-narrow"] == ["The track is 5.9 in wide; Axles and Alloys II needs at least 8 in"]
    assert _narrow("cm")["track-too-narrow"] == [
        "The track is 15 cm wide; Axles and Alloys II needs at least 20.32 cm"]


def test_a_mm_document_keeps_its_wording() -> None:
    assert _narrow("mm")["track-too-narrow"] == [
        "The track is 150 mm wide; Axles and Alloys II needs at least 203.2 mm"]


def _tight(units: str) -> dict[str, list[str]]:
    data = minimal_track_data()
    track = data["track"] | {"width_mm": 100, "centerline": [[200, 200], [700, 200], [700, 260], [200, 260]]}
    scenery = data["elements"][-1] | {"polygon": [[0, 0], [50, 50], [50, 0], [0, 50]]}
    return _problems(units, track=track, elements=[scenery])


def test_corner_and_outline_messages_follow_the_units() -> None:
    inches, mm = _tight("in"), _tight("mm")
    assert inches["scenery-self-crossing"] == [
        "The outline of scenery 'sc' crosses itself near (18.7, 18.7) in: move its points so that no edges meet"]
    assert mm["scenery-self-crossing"] == [
        "The outline of scenery 'sc' crosses itself near (475, 475) mm: move its points so that no edges meet"]
    corner = inches["tight-corner"][0]
    assert corner.startswith("The corner at (27.8, 8.2) in, 20.5 in along the route, has a radius of 1.6 in: ")
    assert corner.endswith("tighter than even the Hairpin (1.6 in)") and "mm" not in corner
    assert mm["tight-corner"][0].startswith("The corner at (706, 209) mm, 520 mm along the route, has a radius of ")
    assert mm["tight-corner"][0].endswith(" mm: tighter than even the Hairpin (40 mm)")


def test_no_message_of_an_inch_document_names_millimetres() -> None:
    for code, messages in (_tight("in") | _narrow("in")).items():
        assert all(" mm" not in m for m in messages), code


def test_length_helpers_in_each_unit() -> None:
    from designer.geometry.checks.lengths import area_text, length_text, number_in, point_text

    assert [length_text(203.2, u) for u in ("mm", "cm", "in")] == ["203.2 mm", "20.32 cm", "8 in"]
    assert [length_text(254.4, u, ".0f") for u in ("mm", "cm", "in")] == ["254 mm", "25.4 cm", "10 in"]
    assert point_text(450, 200.4, "mm") == "(450, 200) mm" and point_text(254, 25.4, "in") == "(10, 1) in"
    assert area_text(645.16, "in") == "1 in²" and area_text(120.4, "mm") == "120 mm²"
    assert length_text(5.08, "in") == "0.2 in" and length_text(5.08, "cm") == "0.51 cm"
    assert number_in(25.4, "in", ".0f") == "1" and number_in(40, "mm", ".0f") == "40"


def test_the_assembly_map_gives_the_table_in_the_documents_units() -> None:
    import io

    from designer.export import write_track_pdf
    from tests.unit import pdfscan

    def caption(units: str) -> str:
        data = minimal_track_data(display_units=units, table={"width_mm": 1828.8, "height_mm": 1219.2})
        buffer = io.BytesIO()
        write_track_pdf(buffer, track_from_data(data))
        return pdfscan.reader(buffer.getvalue()).pages[0].extract_text()

    inches = caption("in")
    assert "table 72 × 48 in" in inches and "1828.8" not in inches
    assert "table 1828.8 × 1219.2 mm" in caption("mm")
