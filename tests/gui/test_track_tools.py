"""Track authoring through the real widgets: drawing a track, editing its control points, whole-layout
transforms, the gate tool, renumbering gates and filling item boxes. Every test asserts the document and
its undo stack."""

from __future__ import annotations

import itertools
import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from designer.app.window import MainWindow
from designer.canvas.tools import SelectTool
from designer.canvas.tools.coins import CoinTrailTool
from designer.canvas.tools.gate import GateTool
from designer.canvas.tools.measure import MeasureTool
from designer.canvas.tools.track import TrackTool
from designer.geometry.route import point_at, project
from designer.model.edit import normalize_angle

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier


# --- driving helpers ------------------------------------------------------------------------------
def px(window: MainWindow, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x, y))


def hover(qtbot, window: MainWindow, point: QPoint) -> None:
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, point + QPoint(5, 5))
    qtbot.mouseMove(viewport, point)


def click(qtbot, window: MainWindow, x: float, y: float, modifier=NO_MOD) -> None:
    point = px(window, x, y)
    hover(qtbot, window, point)
    qtbot.mouseClick(window.view.viewport(), LEFT, modifier, point)


def double_click(qtbot, window: MainWindow, x: float, y: float) -> None:
    point = px(window, x, y)
    hover(qtbot, window, point)
    qtbot.mouseDClick(window.view.viewport(), LEFT, NO_MOD, point)


def drag(qtbot, window: MainWindow, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    a, b = px(window, *start), px(window, *end)
    viewport = window.view.viewport()
    hover(qtbot, window, a)
    qtbot.mousePress(viewport, LEFT, NO_MOD, a)
    for i in range(1, steps + 1):
        qtbot.mouseMove(viewport, a + (b - a) * (i / steps))
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, b)


def key(qtbot, window: MainWindow, k: Qt.Key) -> None:
    qtbot.keyClick(window.view, k)


def close_to(a, b, tol: float = 1.5) -> bool:
    return math.dist(a, b) <= tol


@pytest.fixture
def win(window: MainWindow):
    window.current_editor().view.setFocus()
    return window


@pytest.fixture
def bare(win: MainWindow):
    """The window with the track and every element taken away (not undoable: a fresh stack)."""
    document = win.document
    document.set_track(None)
    document.remove_elements([e.id for e in document.elements])
    document.undo_stack.clear()
    return win


SQUARE = [(300.0, 250.0), (900.0, 250.0), (900.0, 650.0), (300.0, 650.0)]


# --- 1. drawing a track ---------------------------------------------------------------------------
def test_draw_closed_track_is_one_undo_step(qtbot, bare):
    tool = bare.track_controller.draw_track()
    assert isinstance(bare.current_editor().tools.active, TrackTool)
    for x, y in SQUARE:
        click(qtbot, bare, x, y)
    assert tool.points and len(tool.points) == 4
    click(qtbot, bare, *SQUARE[0])
    track = bare.document.track
    assert track is not None and track.closed
    assert len(track.centerline) == 4
    assert all(close_to(p, q) for p, q in zip(track.centerline, SQUARE, strict=True))
    assert track.width_mm == bare.document.ruleset.element_defaults.track_width_mm
    stack = bare.document.undo_stack
    assert stack.count() == 1
    assert isinstance(bare.current_editor().tools.active, SelectTool)
    stack.undo()
    assert bare.document.track is None


def test_enter_finishes_an_open_track_keeping_the_width(qtbot, win):
    win.track_controller.draw_track()
    for x, y in SQUARE[:3]:
        click(qtbot, win, x, y)
    key(qtbot, win, Qt.Key.Key_Return)
    track = win.document.track
    assert not track.closed and len(track.centerline) == 3
    assert track.width_mm == 260  # the existing track's
    assert win.document.undo_stack.count() == 1


def test_double_click_finishes_an_open_track(qtbot, bare):
    bare.track_controller.draw_track()
    click(qtbot, bare, 300, 300)
    double_click(qtbot, bare, 800, 300)
    track = bare.document.track
    assert track is not None and not track.closed
    assert len(track.centerline) == 2


def test_escape_cancels_drawing(qtbot, bare):
    tool = bare.track_controller.draw_track()
    for x, y in SQUARE[:3]:
        click(qtbot, bare, x, y)
    key(qtbot, bare, Qt.Key.Key_Escape)
    assert tool.points == []
    key(qtbot, bare, Qt.Key.Key_Return)
    assert bare.document.track is None
    assert bare.document.undo_stack.count() == 0
    key(qtbot, bare, Qt.Key.Key_Escape)
    assert isinstance(bare.current_editor().tools.active, SelectTool)


def test_backspace_and_right_click_take_back_the_last_point(qtbot, bare):
    tool = bare.track_controller.draw_track()
    for x, y in SQUARE[:3]:
        click(qtbot, bare, x, y)
    key(qtbot, bare, Qt.Key.Key_Backspace)
    assert len(tool.points) == 2
    point = px(bare, 700, 700)
    hover(qtbot, bare, point)
    qtbot.mouseClick(bare.view.viewport(), Qt.MouseButton.RightButton, NO_MOD, point)
    assert len(tool.points) == 1
    assert bare.document.undo_stack.count() == 0


def test_draw_track_shortcut(qtbot, win):
    key(qtbot, win, Qt.Key.Key_T)
    assert isinstance(win.current_editor().tools.active, TrackTool)


# --- 2. whole-layout transforms -------------------------------------------------------------------
@pytest.mark.parametrize("name, run", [
    ("reverse", lambda c: c.reverse()),
    ("mirror-h", lambda c: c.mirror("horizontal")),
    ("mirror-v", lambda c: c.mirror("vertical")),
    ("rotate-cw", lambda c: c.rotate(90.0)),
    ("rotate-ccw", lambda c: c.rotate(-90.0)),
])
def test_layout_transform_is_one_step_and_twice_is_identity(win, name, run):
    document = win.document
    before = document.snapshot()
    assert run(win.track_controller)
    assert document.undo_stack.count() == 1
    assert document.track != before.track
    changed = document.snapshot()
    document.undo_stack.undo()
    assert document.snapshot() == before
    document.undo_stack.redo()
    assert document.snapshot() == changed
    if name.startswith("rotate"):
        for _ in range(3):
            run(win.track_controller)
    else:
        run(win.track_controller)
    after = document.snapshot()
    flat_before = [c for p in before.track.centerline for c in p]
    assert [c for p in after.track.centerline for c in p] == pytest.approx(flat_before)
    assert after.track.closed == before.track.closed
    for old, new in zip(before.elements, after.elements, strict=True):
        assert (new.x_mm, new.y_mm) == pytest.approx((old.x_mm, old.y_mm))
        assert normalize_angle(new.rotation_deg - old.rotation_deg) == pytest.approx(0.0, abs=1e-9)


def test_reverse_flips_gates_and_direction(win):
    win.track_controller.reverse()
    document = win.document
    assert document.element("g1").order == 2 and document.element("g2").order == 1
    assert normalize_angle(document.element("g1").rotation_deg) == pytest.approx(-90.0)


# --- 3. gates -------------------------------------------------------------------------------------
def test_gate_tool_snaps_across_the_track(qtbot, win):
    key(qtbot, win, Qt.Key.Key_G)
    assert isinstance(win.current_editor().tools.active, GateTool)
    before = set(win.document.ids())
    x, y, angle = point_at(win.document.track, 900.0)
    # 20 mm to the right of travel: the gate still lands on the centerline.
    click(qtbot, win, x - 20 * math.sin(math.radians(angle)), y + 20 * math.cos(math.radians(angle)))
    new = [win.document.element(i) for i in win.document.ids() - before]
    assert len(new) == 1
    gate = new[0]
    assert gate.kind == "gate"
    assert gate.width_mm == win.document.track.width_mm
    assert gate.order == 3
    at = project(win.document.track, (gate.x_mm, gate.y_mm))
    assert close_to((gate.x_mm, gate.y_mm), (x, y), 2.0)
    assert abs(at.lateral_mm) < 0.5
    assert normalize_angle(gate.rotation_deg - at.angle_deg) == pytest.approx(0.0, abs=0.005)  # stored to 0.01°
    assert win.document.undo_stack.count() == 1
    assert win.current_editor().selected_ids() == [gate.id]


def test_gate_tool_ignores_clicks_off_the_track(qtbot, win):
    win.track_controller.gate_tool()
    click(qtbot, win, 610, 460)   # the infield
    assert win.document.undo_stack.count() == 0


def test_renumber_gates_after_placing_out_of_order(qtbot, win):
    document = win.document
    tool = win.track_controller.gate_tool()
    # Along the loop from the start line at the top: g1 (right side), then the bottom, then g2 (left side).
    click(qtbot, win, 610, 670, Qt.KeyboardModifier.ShiftModifier)    # bottom straight → order 3
    click(qtbot, win, 940, 300, Qt.KeyboardModifier.ShiftModifier)    # right side, before g1 → order 4
    assert isinstance(win.current_editor().tools.active, GateTool) and tool is not None
    by_order = {e.order: e for e in document.elements if e.kind == "gate"}
    bottom, early = by_order[3], by_order[4]
    count = document.undo_stack.count()
    assert win.track_controller.renumber_gates()
    assert document.undo_stack.count() == count + 1
    orders = {e.id: e.order for e in document.elements if e.kind == "gate"}
    assert orders == {early.id: 1, "g1": 2, bottom.id: 3, "g2": 4}
    document.undo_stack.undo()
    assert document.element(early.id).order == 4 and document.element("g1").order == 1


def test_fill_item_boxes(win):
    document = win.document
    karts = document.prop("karts")
    win.current_editor().select_ids(["g1"])
    ids = win.track_controller.fill_item_boxes()
    assert len(ids) == karts
    boxes = [document.element(i) for i in ids]
    assert [b.stack for b in boxes].count(2) == 1
    assert boxes[karts // 2].stack == 2
    assert document.undo_stack.count() == 1
    # Nudge one box aside, then re-run: the line is rebuilt in place of the old one.
    first = boxes[0]
    document.replace_elements([first.model_copy(update={"x_mm": first.x_mm + 100})])
    moved = document.element(first.id)
    again = win.track_controller.fill_item_boxes()
    assert len(again) == karts
    assert document.element(first.id) != moved
    assert len([e for e in document.elements if e.kind == "item_box" and e.id.startswith("g1-box")]) == karts
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert not [i for i in document.ids() if i.startswith("g1-box")]


def test_fill_item_boxes_without_selection_fills_every_gate(win):
    document = win.document
    win.current_editor().select_ids([])
    ids = win.track_controller.fill_item_boxes()
    assert len(ids) == 2 * document.prop("karts")
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert not (set(ids) & document.ids())


# --- 2. editing control points --------------------------------------------------------------------
def test_dragging_a_point_handle_moves_that_point_in_one_undo_step(qtbot, win):
    document = win.document
    original = list(document.track.centerline)
    assert win.current_editor().tools.select_tool.points.handles.isVisible()
    drag(qtbot, win, (960, 240), (1010, 200))
    moved = document.track.centerline
    assert close_to(moved[1], (1010, 200), 3.0)
    assert moved[0] == original[0] and moved[2:] == original[2:]
    assert document.undo_stack.count() == 1
    assert all(document.element(e.id) == e for e in win.document.elements)  # no element moved
    dragged = document.track
    document.undo_stack.undo()
    assert document.track.centerline == original
    document.undo_stack.redo()
    assert document.track == dragged


def test_escape_during_a_point_drag_puts_it_back(qtbot, win):
    document = win.document
    original = document.track
    a, b = px(win, 960, 240), px(win, 1010, 200)
    viewport = win.view.viewport()
    hover(qtbot, win, a)
    qtbot.mousePress(viewport, LEFT, NO_MOD, a)
    for i in range(1, 5):
        qtbot.mouseMove(viewport, a + (b - a) * (i / 4))
    assert document.track != original
    key(qtbot, win, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, b)
    assert document.track == original


def test_double_click_on_the_track_inserts_a_point(qtbot, win):
    document = win.document
    track = document.track
    x, y, angle = point_at(track, 1400.0)  # along the right-hand side, between points 2 and 3
    win.current_editor().select_ids([])
    off = math.radians(angle + 90)
    double_click(qtbot, win, x + 30 * math.cos(off), y + 30 * math.sin(off))
    assert len(document.track.centerline) == 5
    assert any(close_to(p, (x, y), 3.0) for p in document.track.centerline)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.track == track


def test_double_click_off_the_track_inserts_nothing(qtbot, win):
    win.current_editor().select_ids([])
    double_click(qtbot, win, 610, 560)   # the infield, off the rock
    assert len(win.document.track.centerline) == 4
    assert win.document.undo_stack.count() == 0


def test_delete_removes_the_clicked_point_but_never_below_the_minimum(qtbot, win):
    document = win.document
    original = document.track
    click(qtbot, win, 260, 670)  # the fourth control point's handle
    assert win.current_editor().selected_ids() == []
    key(qtbot, win, Qt.Key.Key_Delete)
    assert document.track.centerline == original.centerline[:3]
    assert document.undo_stack.count() == 1
    click(qtbot, win, 960, 670)
    key(qtbot, win, Qt.Key.Key_Delete)
    assert len(document.track.centerline) == 3  # refused: a closed track needs 3
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.track == original


# --- 4. coins, warp pipes, measuring --------------------------------------------------------------
def test_coin_trail_lays_a_coin_every_50_mm_in_one_step(qtbot, bare):
    key(qtbot, bare, Qt.Key.Key_C)
    assert isinstance(bare.current_editor().tools.active, CoinTrailTool)
    drag(qtbot, bare, (300, 300), (600, 300), steps=10)
    coins = [e for e in bare.document.elements if e.kind == "coin"]
    assert len(coins) in (6, 7)  # 300 mm of drag, give or take a pixel
    xs = sorted(c.x_mm for c in coins)
    assert all(b - a == pytest.approx(50.0, abs=0.5) for a, b in itertools.pairwise(xs))
    assert bare.document.undo_stack.count() == 1
    assert sorted(bare.current_editor().selected_ids()) == sorted(c.id for c in coins)
    bare.document.undo_stack.undo()
    assert len(bare.document) == 0


def test_new_warp_pipes_pair_up_in_one_step_and_deleting_unpairs(qtbot, bare):
    tools = bare.current_editor().tools
    first = tools.place("warp_pipe").place(100, 100)
    second = tools.place("warp_pipe").place(1000, 800)
    document = bare.document
    assert document.element(first).pair == second and document.element(second).pair == first
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.element(first).pair is None and document.element(second) is None
    document.undo_stack.redo()
    tools.use_select()
    bare.current_editor().select_ids([second])
    bare.edit_controller.delete()
    assert document.element(second) is None and document.element(first).pair is None
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert document.element(first).pair == second and document.element(second).pair == first


def test_deleting_a_launcher_clears_bills_link(win):
    document = win.document
    win.current_editor().select_ids(["pipeA"])
    win.edit_controller.delete()
    assert document.element("bill").launcher is None
    assert document.element("pipeB").pair is None
    assert document.undo_stack.count() == 1


def test_measure_tool_shows_the_distance(qtbot, win):
    key(qtbot, win, Qt.Key.Key_M)
    tool = win.current_editor().tools.active
    assert isinstance(tool, MeasureTool)
    drag(qtbot, win, (200, 300), (500, 700))
    assert tool.last is not None and tool.last.distance_mm == pytest.approx(500.0, abs=3.0)
    assert win.statusBar().currentMessage() == tool.last.summary()
    assert win.document.undo_stack.count() == 0


def _alt_drag(qtbot, editor, start, end):
    from PySide6.QtCore import QPointF, Qt

    view = editor.view
    viewport = view.viewport()
    a = view.mapFromScene(QPointF(*start))
    b = view.mapFromScene(QPointF(*end))
    alt = Qt.KeyboardModifier.AltModifier
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, alt, a)
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, alt, b)


def test_alt_drag_links_pipes_and_bill_launchers(qtbot, window):
    from designer.document.operations import add_elements
    from designer.rules import load_ruleset
    from designer.rules.defaults import new_element

    editor = window.current_editor()
    document = editor.document
    ruleset = load_ruleset("mk-gaslands")
    add_elements(document, [new_element(ruleset, "warp_pipe", "pipeC", 600, 800)])
    count = document.undo_stack.count()
    # pipeA is paired with pipeB: dragging pipeA onto pipeC re-pairs A↔C and leaves B alone
    a = document.element("pipeA")
    _alt_drag(qtbot, editor, (a.x_mm, a.y_mm), (600, 800))
    assert document.element("pipeA").pair == "pipeC" and document.element("pipeC").pair == "pipeA"
    assert document.element("pipeB").pair is None
    assert document.undo_stack.count() == count + 1
    bill = document.element("bill")
    _alt_drag(qtbot, editor, (bill.x_mm, bill.y_mm), (600, 800))
    assert document.element("bill").launcher == "pipeC"
    # dropping on empty table changes nothing
    _alt_drag(qtbot, editor, (bill.x_mm, bill.y_mm), (700, 600))
    assert document.element("bill").launcher == "pipeC" and document.undo_stack.count() == count + 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.element("pipeA").pair == "pipeB" and document.element("bill").launcher == "pipeA"
