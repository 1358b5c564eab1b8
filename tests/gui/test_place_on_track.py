"""Placing from the palette onto the track, through the real widgets: a start/finish line snaps across the
track with its width like Place Gate (G), every directional kind faces the direction of travel where it is
dropped, Alt places freely, the ghost shows the pose a click gives, and Enter places from the keyboard (at
the last pointer position on the canvas, or the view centre). Every test asserts the document, the checks
and the undo stack."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.canvas.tools import GateTool, PlaceTool, SelectTool
from designer.geometry.checks import run_checks
from designer.geometry.route import point_at, project
from designer.model.edit import normalize_angle

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier

#: Distances along the every-kind loop (clockwise: right along the top, down the right, left along the
#: bottom, up the left) and the rough heading there.
TOP, RIGHT, BOTTOM, LEFT_SIDE = 350.0, 1000.0, 1670.0, 2200.0


# --- driving helpers ------------------------------------------------------------------------------
def px(window: MainWindow, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x, y))


def hover(qtbot, window: MainWindow, point: QPoint, modifier=NO_MOD) -> None:
    """Move the pointer to `point` (by way of a nearby pixel), holding `modifier` (QTest's moves cannot)."""
    viewport = window.view.viewport()
    for at in (point + QPoint(5, 5), point):
        event = QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(viewport.mapToGlobal(at)),
                            Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, modifier)
        QApplication.sendEvent(viewport, event)
    qtbot.wait(1)


def click(qtbot, window: MainWindow, x: float, y: float, modifier=NO_MOD) -> None:
    point = px(window, x, y)
    hover(qtbot, window, point, modifier)
    qtbot.mouseClick(window.view.viewport(), LEFT, modifier, point)


def choose_in_palette(qtbot, window: MainWindow, kind: str) -> None:
    palette = window.edit_controller.palette
    item = palette.item_for(kind)
    assert item is not None, f"{kind} missing from the palette"
    palette.list.scrollToItem(item)
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, palette.list.visualItemRect(item).center())


def beside(window: MainWindow, distance_mm: float, right_mm: float) -> tuple[float, float]:
    """The table point `right_mm` right of travel of the centerline point `distance_mm` along the track."""
    x, y, angle = point_at(window.document.track, distance_mm)
    return x - right_mm * math.sin(math.radians(angle)), y + right_mm * math.cos(math.radians(angle))


def new_elements(window: MainWindow, before: set[str]):
    return [window.document.element(i) for i in sorted(window.document.ids() - before)]


def problems_of(window: MainWindow, element_id: str) -> set[str]:
    document = window.document
    return {p.code for p in run_checks(document.snapshot(), document.ruleset) if element_id in p.ids}


def same_angle(a: float, b: float) -> bool:
    """Equal to the model's rounding of angles (0.01°)."""
    return abs(normalize_angle(a - b)) <= 0.005 + 1e-9


@pytest.fixture
def win(window: MainWindow):
    window.current_editor().view.setFocus()
    return window


@pytest.fixture
def no_start(win: MainWindow):
    """The window without its start/finish line (not undoable: a fresh stack)."""
    win.document.remove_elements(["sf"])
    win.document.undo_stack.clear()
    return win


# --- 1. the start/finish line ---------------------------------------------------------------------
def test_start_finish_from_the_palette_snaps_across_the_track(qtbot, no_start):
    win = no_start
    track = win.document.track
    before = win.document.ids()
    drop = beside(win, RIGHT, 70.0)      # well off the centerline of the downward stretch
    choose_in_palette(qtbot, win, "start_finish")
    click(qtbot, win, *drop)
    [line] = new_elements(win, before)
    assert line.kind == "start_finish"
    at = project(track, (line.x_mm, line.y_mm))
    assert abs(at.lateral_mm) < 0.5
    assert math.dist((line.x_mm, line.y_mm), point_at(track, project(track, drop).distance_mm)[:2]) < 1.0
    assert same_angle(line.rotation_deg, at.angle_deg)
    assert abs(normalize_angle(line.rotation_deg - 90.0)) < 20.0
    assert line.width_mm == track.width_mm
    assert problems_of(win, line.id) == set()          # not "does not reach across the track"
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert win.document.ids() == before


# --- 2. directional kinds face the direction of travel --------------------------------------------
@pytest.mark.parametrize("kind", ["ramp", "boost_pad", "dash_panel", "start_finish", "gate"])
@pytest.mark.parametrize("distance", [BOTTOM, LEFT_SIDE])
def test_directional_kinds_face_the_travel_where_dropped(qtbot, no_start, kind, distance):
    win = no_start
    track = win.document.track
    before = win.document.ids()
    drop = beside(win, distance, -40.0)
    choose_in_palette(qtbot, win, kind)
    click(qtbot, win, *drop)
    [new] = new_elements(win, before)
    travel = project(track, (new.x_mm, new.y_mm)).angle_deg
    assert same_angle(new.rotation_deg, travel), (kind, new.rotation_deg, travel)
    assert abs(new.rotation_deg) > 60.0       # not the 0° it used to land at
    if kind in ("start_finish", "gate"):
        assert abs(project(track, (new.x_mm, new.y_mm)).lateral_mm) < 0.5
        assert new.width_mm == track.width_mm
    else:
        clicked = win.view.mapToScene(px(win, *drop))
        assert (new.x_mm, new.y_mm) == pytest.approx((clicked.x(), clicked.y()), abs=0.005)


def test_a_ramp_on_a_downward_stretch_faces_down_and_lands_on_the_table(qtbot, win):
    before = win.document.ids()
    choose_in_palette(qtbot, win, "ramp")
    click(qtbot, win, *beside(win, RIGHT - 100.0, 0.0))
    [ramp] = new_elements(win, before)
    assert abs(normalize_angle(ramp.rotation_deg - 90.0)) < 20.0
    assert "ramp-landing-off-table" not in problems_of(win, ramp.id)
    # The same ramp at 0° (where it used to land) jumps off the right of the table.
    sideways = ramp.model_copy(update={"rotation_deg": 0.0})
    win.document.replace_elements([sideways])
    assert "ramp-landing-off-table" in problems_of(win, ramp.id)


def test_r_turns_a_ramp_relative_to_the_travel(qtbot, win):
    before = win.document.ids()
    choose_in_palette(qtbot, win, "boost_pad")
    drop = beside(win, BOTTOM, 20.0)
    hover(qtbot, win, px(win, *drop))
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    ghost = win.current_editor().tools.active.ghost
    clicked = win.view.mapToScene(px(win, *drop))
    travel = project(win.document.track, (clicked.x(), clicked.y())).angle_deg
    assert same_angle(ghost.element.rotation_deg, travel + 15.0)
    click(qtbot, win, *drop)
    [pad] = new_elements(win, before)
    assert same_angle(pad.rotation_deg, travel + 15.0)


def test_alt_places_freely(qtbot, no_start):
    win = no_start
    win.edit_controller.snap_action.setChecked(True)
    before = win.document.ids()
    drop = beside(win, LEFT_SIDE, 50.3)
    choose_in_palette(qtbot, win, "start_finish")
    click(qtbot, win, *drop, ALT)
    [line] = new_elements(win, before)
    clicked = win.view.mapToScene(px(win, *drop))
    assert (line.x_mm, line.y_mm) == pytest.approx((clicked.x(), clicked.y()), abs=0.005)   # no grid, no track snap
    assert line.rotation_deg == 0.0
    assert line.width_mm == win.document.ruleset.element_defaults.track_width_mm


def test_the_ghost_shows_the_snapped_pose_and_the_free_one_with_alt(qtbot, no_start):
    win = no_start
    track = win.document.track
    choose_in_palette(qtbot, win, "start_finish")
    tool = win.current_editor().tools.active
    drop = beside(win, LEFT_SIDE, 60.0)
    hover(qtbot, win, px(win, *drop))
    ghost = tool.ghost.element
    assert tool.ghost.isVisible()
    clicked = win.view.mapToScene(px(win, *drop))
    assert abs(project(track, (ghost.x_mm, ghost.y_mm)).lateral_mm) < 0.5
    assert same_angle(ghost.rotation_deg, project(track, (clicked.x(), clicked.y())).angle_deg)
    assert ghost.width_mm == track.width_mm
    hover(qtbot, win, px(win, *drop), ALT)
    ghost = tool.ghost.element
    assert (ghost.x_mm, ghost.y_mm) == pytest.approx((clicked.x(), clicked.y()), abs=0.005)
    assert ghost.rotation_deg == 0.0
    assert ghost.width_mm == win.document.ruleset.element_defaults.track_width_mm


def test_off_the_track_a_directional_kind_goes_down_as_dropped(qtbot, win):
    before = win.document.ids()
    choose_in_palette(qtbot, win, "ramp")
    click(qtbot, win, 610.0, 560.0)   # the infield
    [ramp] = new_elements(win, before)
    assert ramp.rotation_deg == 0.0
    clicked = win.view.mapToScene(px(win, 610.0, 560.0))
    assert (ramp.x_mm, ramp.y_mm) == pytest.approx((clicked.x(), clicked.y()), abs=0.005)


# --- 3. keyboard-only placement -------------------------------------------------------------------
def test_enter_places_at_the_view_centre_when_the_pointer_never_was_on_the_canvas(qtbot, win):
    editor = win.current_editor()
    before = win.document.ids()
    choose_in_palette(qtbot, win, "item_box")
    assert isinstance(editor.tools.active, PlaceTool)
    assert editor.view.hasFocus()
    ghost = editor.tools.active.ghost
    assert ghost.isVisible()                      # showing where Enter puts it
    shown = (ghost.element.x_mm, ghost.element.y_mm)
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    [box] = new_elements(win, before)
    assert (box.x_mm, box.y_mm) == shown
    centre = editor.view.mapToScene(editor.view.viewport().rect().center())
    assert (box.x_mm, box.y_mm) == pytest.approx((centre.x(), centre.y()), abs=1.0)
    assert isinstance(editor.tools.active, SelectTool)
    assert editor.selected_ids() == [box.id]
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert win.document.ids() == before


def test_enter_places_at_the_last_pointer_point_on_the_canvas(qtbot, no_start):
    win = no_start
    editor = win.current_editor()
    track = win.document.track
    drop = beside(win, TOP, 30.0)
    hover(qtbot, win, px(win, *drop))            # the pointer was here …
    before = win.document.ids()
    choose_in_palette(qtbot, win, "start_finish")  # … and now it is on the palette
    qtbot.keyClick(editor.view, Qt.Key.Key_Enter, SHIFT)   # Shift: keep the tool for another
    [line] = new_elements(win, before)
    assert abs(project(track, (line.x_mm, line.y_mm)).lateral_mm) < 0.5
    assert math.dist((line.x_mm, line.y_mm), drop) < 35.0
    assert same_angle(line.rotation_deg, project(track, (line.x_mm, line.y_mm)).angle_deg)
    assert line.width_mm == track.width_mm
    assert editor.tools.placing_kind() == "start_finish"
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert isinstance(editor.tools.active, SelectTool)


def test_enter_with_place_gate_puts_a_gate_across_the_track_and_nothing_off_it(qtbot, win):
    editor = win.current_editor()
    track = win.document.track
    hover(qtbot, win, px(win, 610.0, 560.0))      # the infield
    qtbot.keyClick(editor.view, Qt.Key.Key_G)
    assert isinstance(editor.tools.active, GateTool)
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    assert win.document.undo_stack.count() == 0   # off the track a gate is refused, by key as by click
    before = win.document.ids()
    hover(qtbot, win, px(win, *beside(win, BOTTOM, 50.0)))
    qtbot.keyClick(editor.view, Qt.Key.Key_Return)
    [gate] = new_elements(win, before)
    assert gate.kind == "gate" and gate.order == 3
    assert abs(project(track, (gate.x_mm, gate.y_mm)).lateral_mm) < 0.5
    assert gate.width_mm == track.width_mm
    assert isinstance(editor.tools.active, SelectTool)
