"""Track ▸ Barriers Along Track through the real window (issue #32): one undo step lays a barrier along both
edges of an Axles track, again replaces only those, undo puts the document back exactly."""

from __future__ import annotations

from designer.model.edit import validate_element
from tests.gui.test_axles_authoring import axles_doc, windows  # noqa: F401  (the fixture)


def test_barriers_along_track_is_one_undo_step_and_replaces_its_own(windows, qtbot):  # noqa: F811
    hand = validate_element({"id": "fence", "kind": "barrier", "x_mm": 900, "y_mm": 600,
                             "points": [(-100, 0), (100, 0)]})
    win = windows(axles_doc([hand]))
    document = win.current_editor().document
    before = document.snapshot()
    action = win.menu_actions.qaction("barriers_along_track")
    assert action.isEnabled() and action.text().replace("&", "") == "Barriers Along Track"
    action.trigger()   # old: no such action, ~40 clicks of barrier points
    laid = [e for e in document.elements if e.id.startswith("edge-barrier-")]
    assert len(laid) == 2 and document.undo_stack.count() == 1
    assert document.element("fence") == hand
    assert "Lay 2 barriers along the track" in win.statusBar().currentMessage()
    assert win.menu_actions.controller("barriers_along_track").barriers_along_track() == 2
    assert len([e for e in document.elements if e.kind == "barrier"]) == 3 and document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.snapshot() == before


def test_without_a_track_it_says_so_and_changes_nothing(windows, qtbot):  # noqa: F811
    win = windows(axles_doc(track=False))
    assert win.menu_actions.controller("barriers_along_track").barriers_along_track() == 0
    assert win.current_editor().document.undo_stack.count() == 0
    assert "Draw a track first" in win.statusBar().currentMessage()
