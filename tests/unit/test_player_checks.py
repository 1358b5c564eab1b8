"""Checks a player expects (issue #32): a hazard whose reach touches no track, a board space left off the
drawn line, and an empty document that is not "ok". Each is pinned by the edit that triggers it and by the
starter tracks staying clean of it.
"""

from __future__ import annotations

import math

import pytest

from designer.cli import main
from designer.geometry.checks import run_checks
from designer.i18n import set_language
from designer.io.templates import list_starter_tracks
from designer.io.track_io import track_from_data
from designer.model import TrackDocument
from designer.rules import load_ruleset

from .geometry_tracks import RECT, TABLE

GASLANDS = load_ruleset("mk-gaslands")
BOARD = load_ruleset("mk-board")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def gaslands(*elements: dict, track=RECT) -> TrackDocument:
    return TrackDocument.model_validate({"name": "T", "table": TABLE.model_dump(), "karts": 4,
                                         "track": None if track is None else track.model_dump(),
                                         "elements": list(elements)})


def hits(document: TrackDocument, code: str, ruleset=GASLANDS) -> list:
    return [p for p in run_checks(document, ruleset) if p.code == code]


# RECT's surface runs along y=100 (x 100…1100), 200 mm wide; (600, 400) is the infield, 200 mm off it.
@pytest.mark.parametrize(("hazard", "near_y", "far_y"), [
    ({"kind": "piranha_plant", "range_mm": 75}, 250, 330),        # disc edge 175 vs 255 from the line
    ({"kind": "chain_chomp", "reach_mm": 100}, 290, 360),
    ({"kind": "thwomp"}, 220, 400),
    ({"kind": "wandering_threat", "move": "short"}, 260, 300),   # a Short: 75 mm
])
def test_a_hazard_whose_reach_touches_no_track_is_a_warning(hazard, near_y, far_y):
    near = gaslands({"id": "h", "x_mm": 600, "y_mm": near_y, **hazard})
    far = gaslands({"id": "h", "x_mm": 600, "y_mm": far_y, **hazard})
    assert hits(near, "hazard-reach-off-track") == []
    [problem] = hits(far, "hazard-reach-off-track")
    assert problem.severity == "warning" and problem.ids == ("h",)
    assert "reaches no part of the track" in problem.message
    assert hits(gaslands({"id": "h", "x_mm": 600, "y_mm": far_y, **hazard}, track=None),
                "hazard-reach-off-track") == []   # an arena has no track to reach


def board_ring(n: int = 40, radius: float = 250.0) -> tuple[list[dict], dict]:
    spaces = []
    for k in range(n):
        a = 2 * math.pi * k / n
        spaces.append({"id": f"s{k + 1}", "kind": "space", "number": k + 1, "field": "start" if k == 0 else "plain",
                       "x_mm": round(600 + radius * math.cos(a), 3), "y_mm": round(500 + radius * math.sin(a), 3),
                       "rotation_deg": round((math.degrees(a) + 90) % 360, 3)})
    corners = [2 * math.pi * k / 16 for k in range(16)]
    line = {"centerline": [[600 + radius * math.cos(a), 500 + radius * math.sin(a)] for a in corners],
            "closed": True, "width_mm": 40.0}
    return spaces, line


def board(spaces: list[dict], line: dict | None) -> TrackDocument:
    return track_from_data({"format": "kartographer-track", "schema_version": 1, "name": "B", "ruleset": "mk-board",
                            "table": {"width_mm": 1200.0, "height_mm": 1000.0}, "laps": 3, "karts": 4,
                            "track": line, "elements": spaces})


def test_a_board_space_off_the_drawn_line_is_a_warning():
    spaces, line = board_ring()
    assert hits(board(spaces, line), "board-space-off-line", BOARD) == []
    spaces[6] = {**spaces[6], "x_mm": 600.0, "y_mm": 500.0}   # dragged into the infield
    [problem] = hits(board(spaces, line), "board-space-off-line", BOARD)
    assert problem.severity == "warning" and problem.ids == ("s7",) and "off the drawn line" in problem.message
    assert hits(board(spaces, None), "board-space-off-line", BOARD) == []   # no line drawn: spaces go anywhere


def test_an_empty_document_is_not_ok(tmp_path, capsys):
    empty = gaslands(track=None)
    [problem] = run_checks(empty, GASLANDS)
    assert problem.code == "empty-document" and problem.severity == "info"
    assert "Nothing on the table yet" in problem.message
    assert hits(gaslands(track=RECT), "empty-document") == []
    assert hits(gaslands({"id": "c", "kind": "coin", "x_mm": 50, "y_mm": 50}, track=None), "empty-document") == []
    path = tmp_path / "empty.track.json"
    path.write_text(empty.model_dump_json(), encoding="utf-8")
    main(["validate", str(path)])
    assert ": ok" not in capsys.readouterr().out


def test_the_starter_tracks_stay_clean_of_the_new_checks():
    new = {"hazard-reach-off-track", "board-space-off-line", "empty-document"}
    for entry in list_starter_tracks():
        from designer.io.track_io import load_track
        document = load_track(entry.path)
        found = [p for p in run_checks(document, load_ruleset(document.ruleset)) if p.code in new]
        assert found == [], entry.path
