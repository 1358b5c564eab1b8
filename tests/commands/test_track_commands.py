"""SetTrack with a merge key (a point drag is one undo step) and the delete path clearing links."""

from __future__ import annotations

from designer.commands.document import SetTrack
from designer.document.document import Document
from designer.document.operations import delete_elements
from designer.geometry.layout import move_point
from designer.model.track import TrackSurface
from designer.rules.defaults import new_element


def _track(document: Document) -> TrackSurface:
    track = TrackSurface(centerline=[(0, 0), (300, 0), (300, 300)], closed=True, width_mm=150)
    document.undo_stack.push(SetTrack(document, track))
    return track


def test_set_tracks_with_one_key_merge_into_one_step(document):
    start = _track(document)
    key = object()
    for step in range(1, 6):
        document.undo_stack.push(SetTrack(document, move_point(start, 1, (300 + step, step)), "Move", key))
    assert document.undo_stack.count() == 2
    assert document.track.centerline[1] == (305, 5)
    document.undo_stack.undo()
    assert document.track == start
    document.undo_stack.redo()
    assert document.track.centerline[1] == (305, 5)


def test_set_track_back_to_the_start_is_obsolete(document):
    start = _track(document)
    key = object()
    document.undo_stack.push(SetTrack(document, move_point(start, 0, (10, 10)), "Move", key))
    document.undo_stack.push(SetTrack(document, start, "Move", key))
    assert document.undo_stack.count() == 1
    assert document.track == start


def test_set_tracks_without_or_with_other_keys_stay_apart(document):
    start = _track(document)
    document.undo_stack.push(SetTrack(document, move_point(start, 0, (10, 10))))
    document.undo_stack.push(SetTrack(document, move_point(start, 0, (20, 20))))
    document.undo_stack.push(SetTrack(document, move_point(start, 0, (30, 30)), "Move", object()))
    document.undo_stack.push(SetTrack(document, move_point(start, 0, (40, 40)), "Move", object()))
    assert document.undo_stack.count() == 5


def test_deleting_a_pipe_unpairs_its_partner_in_one_step(document):
    ruleset = document.ruleset
    a = new_element(ruleset, "warp_pipe", "pa", 10, 10, pair="pb")
    b = new_element(ruleset, "warp_pipe", "pb", 90, 90, pair="pa")
    document.insert_elements([(len(document), a), (len(document) + 1, b)])
    start = document.snapshot()
    delete_elements(document, ["pa"])
    assert document.element("pa") is None and document.element("pb").pair is None
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.snapshot() == start
