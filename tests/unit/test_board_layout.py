"""Laying and renumbering a board of spaces (mk-board), pure: counts for a known lap and pitch, numbering
from the start, fields kept when laying again, insert/delete renumbering, shortcuts on deleted spaces."""

from __future__ import annotations

import itertools
import math

import pytest
import shapely

from designer.geometry.route import lap_length
from designer.model.track import TrackSurface
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.mk_board.board import (
    cycled,
    delete_cascade,
    insert_space_after,
    lay_spaces,
    new_shortcut,
    slot_count,
)
from designer.systems.mk_board.checks import tiles
from designer.systems.mk_board.elements import Space
from designer.systems.mk_board.rule_data import board_rules

registry.load()
RULES = load_ruleset("mk-board")
#: An open straight 1000 mm long: 1000 / 32 = 31.25 → 31 steps, 32 spaces, 1000 / 31 mm apart.
STRAIGHT = TrackSurface(centerline=[(100.0, 200.0), (1100.0, 200.0)], closed=False, width_mm=40)
LOOP = TrackSurface(centerline=[(500 + 300 * math.cos(a * math.pi / 6), 400 + 300 * math.sin(a * math.pi / 6))
                                for a in range(12)], closed=True, width_mm=40)


def apply(elements: list, edit) -> list:
    changed = {e.id: e for e in edit.changed}
    kept = [changed.get(e.id, e) for e in elements if e.id not in set(edit.removed)]
    return kept + list(edit.added)


def by_number(elements) -> list:
    return sorted((e for e in elements if e.kind == "space"), key=lambda e: e.number)


def test_the_pitch_comes_from_the_rule_data():
    assert board_rules(RULES).space_pitch_mm == 32


def test_counts_on_an_open_straight_of_known_length():
    assert lap_length(STRAIGHT) == pytest.approx(1000.0)
    edit = lay_spaces(STRAIGHT, [], RULES)
    spaces = by_number(edit.added)
    assert len(spaces) == 32
    assert (spaces[0].x_mm, spaces[-1].x_mm) == (pytest.approx(100.0), pytest.approx(1100.0))
    assert spaces[1].x_mm - spaces[0].x_mm == pytest.approx(1000.0 / 31, abs=0.01)  # stored to 0.01 mm
    assert [s.number for s in spaces] == list(range(1, 33))
    assert spaces[0].field == "start" and {s.field for s in spaces[1:]} == {"plain"}


def test_counts_on_a_loop_and_the_pitch_is_never_undercut():
    length = lap_length(LOOP)
    edit = lay_spaces(LOOP, [], RULES)
    # a loop through 12 points on a circle of radius 300 mm: tiles of 28 mm turned with it keep the pitch's
    # 4 mm between their inner corners only about 33.6 mm apart along it, so 56 spaces, not 58 (length / 32 mm)
    assert slot_count(length, 32, True) == 58 and len(edit.added) == 56
    spaces = by_number(edit.added)
    squares = tiles(spaces, board_rules(RULES).space_size_mm)
    clearances = [shapely.distance(a, b) for a, b in zip(squares, [*squares[1:], squares[0]], strict=True)]
    assert min(clearances) >= 4.0 - 0.01 and max(clearances) - min(clearances) < 0.05


def test_numbering_runs_from_the_start_space():
    first = apply([], lay_spaces(LOOP, [], RULES))
    spaces = by_number(first)
    old_start, new_start = spaces[0], spaces[10]
    moved = [s.model_copy(update={"field": "plain"}) if s.id == old_start.id else
             s.model_copy(update={"field": "start"}) if s.id == new_start.id else s for s in first]
    again = apply(moved, lay_spaces(LOOP, moved, RULES))
    relaid = {e.id: e for e in again}
    assert relaid[new_start.id].number == 1
    assert relaid[spaces[11].id].number == 2
    assert relaid[old_start.id].number == len(spaces) - 10 + 1


def test_laying_again_keeps_fields_and_ids_of_spaces_that_stay():
    first = apply([], lay_spaces(LOOP, [], RULES))
    spaces = by_number(first)
    marked = {spaces[5].id: "thwomp", spaces[20].id: "item"}
    elements = [s.model_copy(update={"field": marked[s.id]}) if s.id in marked else s for s in first]
    assert not lay_spaces(LOOP, elements, RULES)  # already laid: nothing to do
    # nudge one a little off its place: it is pulled back and keeps its field
    elements = [s.model_copy(update={"x_mm": s.x_mm + 6}) if s.id == spaces[5].id else s for s in elements]
    edit = lay_spaces(LOOP, elements, RULES)
    assert edit.removed == () and edit.added == () and [e.id for e in edit.changed] == [spaces[5].id]
    assert edit.changed[0].field == "thwomp"
    # a longer track: more spaces, the ones near a new place keep their fields, the others go
    wider = TrackSurface(centerline=[(x * 1.15, y * 1.1) for x, y in LOOP.centerline], closed=True, width_mm=40)
    edit = lay_spaces(wider, elements, RULES)
    after = apply(elements, edit)
    assert len(by_number(after)) == len(lay_spaces(wider, [], RULES).added) > 56
    assert [s.field for s in after].count("start") == 1
    for element in after:
        if element.id in marked:
            assert element.field == marked[element.id]


def test_laying_removes_the_shortcuts_of_spaces_that_go():
    first = apply([], lay_spaces(LOOP, [], RULES))
    spaces = by_number(first)
    stray = Space(id="stray", x_mm=900.0, y_mm=900.0, number=99)
    shortcut = new_shortcut([*first, stray], spaces[2].id, "stray")
    edit = lay_spaces(LOOP, [*first, stray, shortcut], RULES)
    assert set(edit.removed) == {"stray", shortcut.id}


def test_without_a_track_or_on_a_too_short_one_one_line_errors():
    with pytest.raises(ValueError, match="Draw a track first"):
        lay_spaces(None, [], RULES)
    tiny = TrackSurface(centerline=[(0.0, 0.0), (40.0, 0.0)], closed=False, width_mm=40)
    assert len(lay_spaces(tiny, [], RULES).added) == 2
    tinier = TrackSurface(centerline=[(0.0, 0.0), (20.0, 0.0)], closed=False, width_mm=40)
    with pytest.raises(ValueError, match="too short"):
        lay_spaces(tinier, [], RULES)


def test_insert_renumbers_the_later_spaces():
    spaces = by_number(apply([], lay_spaces(STRAIGHT, [], RULES)))
    edit = insert_space_after(spaces, spaces[4].id)
    after = by_number(apply(spaces, edit))
    assert len(after) == 33
    assert [s.number for s in after] == list(range(1, 34))
    new = edit.added[0]
    assert new.number == 6 and new.field == "plain"
    assert new.x_mm == pytest.approx((spaces[4].x_mm + spaces[5].x_mm) / 2)  # no rule data: half way
    assert len(edit.changed) == 32 - 5
    # with the rule data the run makes room along the line: 33 spaces 1000 / 32 mm apart, in order
    edit = insert_space_after(spaces, spaces[4].id, STRAIGHT, RULES)
    after = by_number(apply(spaces, edit))
    assert [s.number for s in after] == list(range(1, 34)) and after[5].id == edit.added[0].id
    assert [round(b.x_mm - a.x_mm, 2) for a, b in itertools.pairwise(after)] == [round(1000 / 32, 2)] * 32


def test_delete_takes_the_shortcuts_and_closes_up_the_numbers():
    spaces = by_number(apply([], lay_spaces(STRAIGHT, [], RULES)))
    a = new_shortcut(spaces, spaces[2].id, spaces[8].id)
    b = new_shortcut([*spaces, a], spaces[10].id, spaces[14].id)
    extra, renumbered = delete_cascade([*spaces, a, b], [spaces[8].id, spaces[12].id])
    assert extra == [a.id]
    numbers = {e.id: e.number for e in renumbered}
    assert numbers[spaces[9].id] == 9 and numbers[spaces[13].id] == 12 and numbers[spaces[31].id] == 30
    assert spaces[2].id not in numbers
    assert delete_cascade([*spaces, a], [a.id]) == ([], [])


def test_fields_cycle_through_every_kind_and_back():
    space = Space(id="s", x_mm=0.0, y_mm=0.0)
    seen = []
    for _ in range(6):
        space = cycled([space])[0]
        seen.append(space.field)
    assert seen == ["item", "booster", "mushroom", "thwomp", "start", "plain"]


def test_a_shortcut_needs_two_different_spaces():
    spaces = by_number(apply([], lay_spaces(STRAIGHT, [], RULES)))
    with pytest.raises(ValueError):
        new_shortcut(spaces, spaces[1].id, spaces[1].id)
    with pytest.raises(ValueError):
        new_shortcut(spaces, spaces[1].id, "nowhere")
    made = new_shortcut(spaces, spaces[1].id, spaces[5].id)
    assert (made.x_mm, made.rotation_deg) == (pytest.approx((spaces[1].x_mm + spaces[5].x_mm) / 2, abs=0.005), 0.0)
    with pytest.raises(ValueError, match="already"):
        new_shortcut([*spaces, made], spaces[1].id, spaces[5].id)
