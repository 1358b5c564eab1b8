"""Dragging a track control point with the select tool carries the pieces standing on the track along, in one
undo step, and leaves the pieces placed off it where they are (issue #32)."""

from __future__ import annotations

import pytest

from designer.app.window import MainWindow
from designer.geometry.route import project
from designer.io.track_io import track_from_data
from tests.commands.test_track_follow import data
from tests.gui.test_authoring_ui import drag


@pytest.fixture
def win(qtbot, errors):
    window = MainWindow(track_from_data(data()))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.current_editor().view.setFocus()
    yield window
    for editor in window.editors():
        editor.document.undo_stack.setClean()
    window.close()


def test_dragging_a_track_point_carries_the_gate_and_pieces_in_one_undo_step(qtbot, win):
    document = win.document
    before, steps = document.snapshot(), document.undo_stack.count()
    drag(qtbot, win, (1100, 400), (1250, 400), steps=8)
    assert document.track.centerline[6][0] == pytest.approx(1250, abs=8)   # snapped to the pointer
    assert document.undo_stack.count() == steps + 1
    gate = document.element("g1")
    where = project(document.track, (gate.x_mm, gate.y_mm))
    assert abs(where.lateral_mm) < 1.0 and gate.x_mm > 1200   # old: left behind at x = 1100, off the line
    assert (document.element("free").x_mm, document.element("free").y_mm) == (600, 400)
    document.undo_stack.undo()
    assert document.snapshot() == before
