"""Lay Spaces and Insert Space After never put one tile on another (mk-board, pure): on a hand-drawn 9-point
loop that used to get overlapping tiles, on many seeded-random closed loops that pass the track checks, and
after inserting a space anywhere in the lap; the tiles turn with the line, and the clearance between them is
the rule data's (`board.space_pitch_mm`, never below `board.space_min_pitch_mm`), measured tile to tile."""

from __future__ import annotations

import math
import random

import pytest
import shapely

from designer.geometry.checks import run_checks
from designer.geometry.route import crossings, route_of
from designer.geometry.track import track_defect
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.mk_board.board import insert_space_after, lay_spaces
from designer.systems.mk_board.checks import tiles
from designer.systems.mk_board.rule_data import board_rules

from .test_board_layout import apply, by_number

registry.load()
RULES = load_ruleset("mk-board")
SIDE = board_rules(RULES).space_size_mm
#: A loop drawn by hand with nine clicks: two sharp bends and a bay; the old even arc-length spacing put
#: tiles on each other at its corners.
NINE = TrackSurface(centerline=[(150, 120), (420, 90), (640, 160), (700, 330), (560, 420), (430, 330), (300, 430),
                                (130, 380), (90, 240)], closed=True, width_mm=40)


def overlapping(spaces) -> list[tuple[str, str, float]]:
    """Every pair of tiles sharing any area (mm²), checked pair by pair with shapely."""
    squares = tiles(list(spaces), SIDE)
    out = []
    for i in range(len(squares)):
        for j in range(i + 1, len(squares)):
            area = squares[i].intersection(squares[j]).area
            if area > 1e-6:
                out.append((spaces[i].id, spaces[j].id, round(area, 1)))
    return out


def ring_clearances(spaces) -> list[float]:
    """Each tile's distance (mm) to the next one in lap order, edge to edge."""
    squares = tiles(list(spaces), SIDE)
    return [shapely.distance(squares[k], squares[(k + 1) % len(spaces)]) for k in range(len(spaces))]


def accepted(track: TrackSurface) -> bool:
    """The track passes the checks a board's line gets (a usable, wide enough loop) and does not cross itself."""
    if track_defect(track) is not None or crossings(track):
        return False
    document = TrackDocument(name="loop", ruleset="mk-board", table=Table(width_mm=1200, height_mm=900), track=track)
    return not [p for p in run_checks(document, RULES) if p.severity == "error"]


def random_loops(count: int, seed: int = 32) -> list[TrackSurface]:
    """Closed loops as a player clicks them: 5–12 points round a centre at random distances and angles."""
    rng = random.Random(seed)
    out: list[TrackSurface] = []
    while len(out) < count:
        n = rng.randint(5, 12)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
        points = [(round(600 + rng.uniform(120, 420) * math.cos(a), 1),
                   round(450 + rng.uniform(100, 330) * math.sin(a), 1)) for a in angles]
        track = TrackSurface(centerline=points, closed=True, width_mm=rng.choice([32, 40, 60]))
        if accepted(track) and route_of(track).length > 20 * board_rules(RULES).space_pitch_mm:
            out.append(track)
    return out


LOOPS = random_loops(30)


def test_the_hand_drawn_nine_point_loop_gets_no_overlapping_tiles():
    assert accepted(NINE)
    spaces = by_number(lay_spaces(NINE, [], RULES).added)
    assert len(spaces) >= 45
    assert overlapping(spaces) == []


@pytest.mark.parametrize("index", range(len(LOOPS)))
def test_random_loops_the_checks_accept_get_no_overlapping_tiles(index):
    track = LOOPS[index]
    spaces = by_number(lay_spaces(track, [], RULES).added)
    assert overlapping(spaces) == []
    assert [s.number for s in spaces] == list(range(1, len(spaces) + 1))
    # the tiles keep the rule data's pitch as a clearance, tile edge to tile edge, all round the lap
    assert min(ring_clearances(spaces)) >= board_rules(RULES).space_pitch_mm - SIDE - 0.01
    # and as many as the line's length at the full pitch, unless bends took some of the room
    assert len(spaces) <= math.floor(route_of(track).length / board_rules(RULES).space_pitch_mm)


def test_tiles_turn_with_the_line():
    route = route_of(NINE)
    for space in lay_spaces(NINE, [], RULES).added:
        along = route.nearest((space.x_mm, space.y_mm))[0]
        turn = (space.rotation_deg - route.angle(along) + 180) % 360 - 180
        assert abs(turn) < 0.5


def insert_everywhere(track: TrackSurface | None, spaces: list, picks: list[int]) -> int:
    """Insert after each of `picks` (from the same board): the run makes room, or the lap is full and the
    insert is refused with a one-line reason. Returns how many made room."""
    made = 0
    for k in picks:
        here = spaces[k]
        try:
            edit = insert_space_after(spaces, here.id, track, RULES)
        except ValueError as exc:
            assert "no room for one more space" in str(exc)
            continue
        after = by_number(apply(spaces, edit))
        assert len(after) == len(spaces) + 1
        assert [s.number for s in after] == list(range(1, len(after) + 1))
        assert after[k + 1].id == edit.added[0].id and after[k].id == here.id
        assert {s.id: s.field for s in after if s.id != edit.added[0].id} == {s.id: s.field for s in spaces}
        assert overlapping(after) == [], f"after inserting behind space {here.number}"
        assert min(ring_clearances(after)) >= board_rules(RULES).space_min_pitch_mm - SIDE - 0.01
        made += 1
    return made


def test_insert_space_after_makes_room_on_the_nine_point_loop():
    spaces = by_number(lay_spaces(NINE, [], RULES).added)
    assert insert_everywhere(NINE, spaces, [0, 4, 17, len(spaces) - 1]) == 4


def test_insert_space_after_makes_room_on_random_loops():
    made = sum(insert_everywhere(track, by_number(lay_spaces(track, [], RULES).added), [3, 11]) for track in LOOPS[:8])
    assert made == 16


def test_insert_space_after_without_a_line_follows_the_spaces():
    spaces = by_number(lay_spaces(NINE, [], RULES).added)
    assert insert_everywhere(None, spaces, [2, 30]) == 2


def test_insert_space_after_refuses_when_there_is_no_room():
    spaces = by_number(lay_spaces(NINE, [], RULES).added)
    for _ in range(20):
        try:
            edit = insert_space_after(spaces, spaces[5].id, NINE, RULES)
        except ValueError as exc:
            assert str(exc) == "There is no room for one more space along the track: lengthen it or delete a space"
            break
        spaces = by_number(apply(spaces, edit))
        assert overlapping(spaces) == []
    else:
        pytest.fail("a loop of fixed length took 20 more spaces")
