"""The board game's pure hooks for moves and new spaces: `follow_moves` re-places the shortcuts ending on a
changed space (all of them, moved or not, so a drag's steps merge) and `new_defaults` numbers a new space."""

from __future__ import annotations

import pytest

from designer.systems import registry
from designer.systems.mk_board.board import follow_moves, new_defaults
from designer.systems.mk_board.elements import MAX_NUMBER, Shortcut, Space


def board() -> list:
    spaces = [Space(id=f"space-{n}", x_mm=40.0 * n, y_mm=0.0, number=n) for n in range(1, 6)]
    return [*spaces, Shortcut(id="shortcut-1", x_mm=100.0, y_mm=0.0, from_space="space-1", to_space="space-4"),
            Shortcut(id="shortcut-2", x_mm=160.0, y_mm=0.0, from_space="space-3", to_space="space-5")]


def test_a_moved_space_re_places_only_the_shortcuts_ending_on_it():
    elements = board()
    moved = elements[3].model_copy(update={"y_mm": 80.0})  # space-4
    followers = follow_moves(elements, [moved])
    assert [e.id for e in followers] == ["shortcut-1"]
    assert (followers[0].x_mm, followers[0].y_mm) == pytest.approx((100.0, 40.0))
    assert followers[0].rotation_deg == pytest.approx(33.69, abs=0.01)  # atan2(80, 120)


def test_an_unmoved_follower_is_still_returned_and_a_shortcut_snaps_back_to_its_middle():
    elements = board()
    assert follow_moves(elements, [elements[2]]) == [elements[6]]  # space-3 as it is: shortcut-2 unchanged
    dragged = elements[5].model_copy(update={"x_mm": 500.0})
    assert [(e.id, e.x_mm) for e in follow_moves(elements, [dragged])] == [("shortcut-1", 100.0)]
    assert follow_moves(elements, [elements[0].model_copy(update={"field": "item"})])[0] == elements[5]


def test_a_new_space_takes_one_more_than_the_highest_number():
    elements = board()
    assert new_defaults(elements, "space") == {"number": 6}
    assert new_defaults([], "space") == {"number": 1}
    assert new_defaults(elements, "shortcut") == {} and new_defaults(elements, "coin") == {}
    assert new_defaults([Space(id="s", x_mm=0, y_mm=0, number=MAX_NUMBER)], "space") == {"number": MAX_NUMBER}


def test_the_system_declares_both_hooks():
    system = registry.get("mk-board")
    assert system.follow_moves is follow_moves and system.new_defaults is new_defaults
    assert {s.id for s in registry.systems() if s.follow_moves is not None} == {"mk-board", "pitchkart"}
