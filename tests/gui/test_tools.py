"""The editing tools driven through the real widgets: palette + place tool, selection, drags, the rotation
handle, rotate keys and nudges. Every test asserts the document (and its undo stack), not only the widgets."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QCursor, QWheelEvent
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.canvas.tools import PlaceTool, SelectTool
from designer.geometry import snap

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


# --- driving helpers ------------------------------------------------------------------------------
def px(window: MainWindow, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x, y))


def scene_at(window: MainWindow, point: QPoint) -> QPointF:
    return window.view.mapToScene(point)


def hover(qtbot, window: MainWindow, point: QPoint) -> None:
    """Move the pointer to `point` (by way of a nearby pixel: Qt drops a move to where it already is)."""
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, point + QPoint(5, 5))
    qtbot.mouseMove(viewport, point)


def click(qtbot, window: MainWindow, point: QPoint, modifier=NO_MOD, button=LEFT) -> None:
    viewport = window.view.viewport()
    hover(qtbot, window, point)
    qtbot.mouseClick(viewport, button, modifier, point)


def drag(qtbot, window: MainWindow, start: QPoint, end: QPoint, modifier=NO_MOD, steps: int = 6) -> None:
    """Press at `start`, move in steps to `end`, release there (with `modifier` on the press and release)."""
    viewport = window.view.viewport()
    hover(qtbot, window, start)
    qtbot.mousePress(viewport, LEFT, modifier, start)
    for i in range(1, steps + 1):
        qtbot.mouseMove(viewport, start + (end - start) * (i / steps))
    qtbot.mouseRelease(viewport, LEFT, modifier, end)


def position(window: MainWindow, element_id: str) -> tuple[float, float]:
    element = window.document.element(element_id)
    return element.x_mm, element.y_mm


def choose_in_palette(qtbot, window: MainWindow, kind: str) -> None:
    palette = window.edit_controller.palette
    item = palette.item_for(kind)
    assert item is not None, f"{kind} missing from the palette"
    palette.list.scrollToItem(item)
    rect = palette.list.visualItemRect(item)
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, rect.center())


@pytest.fixture
def win(window: MainWindow):
    """The shown window with the keyboard on the canvas; closed afterwards even though it was edited, so
    it cannot catch the pointer of the next test (offscreen, nobody answers the save prompt)."""
    window.current_editor().view.setFocus()
    yield window
    for editor in window.editors():
        editor.document.undo_stack.setClean()
    window.close()


# --- palette and place tool -----------------------------------------------------------------------
def test_palette_lists_the_ruleset_kinds_with_icons_and_names(win: MainWindow):
    palette = win.edit_controller.palette
    assert palette.windowTitle() == "Palette"
    assert palette.kinds() == list(win.document.ruleset.element_kinds)
    names = [palette.list.item(row).text() for row in range(palette.list.count())]
    assert "Item box" in names and "Boost pad" in names and "Start/finish line" in names
    for row in range(palette.list.count()):
        item = palette.list.item(row)
        assert not item.icon().isNull()
        assert not item.icon().pixmap(32, 32).isNull()
        assert item.toolTip()


def test_palette_follows_ruleset_changes_and_tabs(win: MainWindow, every_kind):
    from designer.commands.document import ChangeProperties

    palette = win.edit_controller.palette
    document = win.document
    document.undo_stack.push(ChangeProperties(document, {"ruleset": "mk-downforce"}))
    assert palette.kinds() == ["start_finish", "gate", "item_box", "scenery"]
    second = win.add_editor(every_kind)
    assert palette.kinds() == list(second.document.ruleset.element_kinds)
    win.tabs.setCurrentIndex(0)
    assert palette.kinds() == ["start_finish", "gate", "item_box", "scenery"]


def test_place_every_kind_via_palette_and_click(win: MainWindow, qtbot):
    document = win.document
    kinds = win.edit_controller.palette.kinds()
    assert len(kinds) == 14
    for n, kind in enumerate(kinds):
        target = (150.0 + 60.0 * (n % 7), 300.0 + 90.0 * (n // 7))
        point = px(win, *target)
        before_ids, before_count = document.ids(), document.undo_stack.count()
        choose_in_palette(qtbot, win, kind)
        assert win.current_editor().tools.placing_kind() == kind
        click(qtbot, win, point, ALT)  # free placement: on the track a gate would snap onto the centerline
        new_ids = document.ids() - before_ids
        assert len(new_ids) == 1, kind
        new = document.element(new_ids.pop())
        assert new.kind == kind
        assert new.id == f"{kind}-1"
        assert abs(new.x_mm - target[0]) <= 1.0 and abs(new.y_mm - target[1]) <= 1.0
        clicked = scene_at(win, point)
        assert (new.x_mm, new.y_mm) == pytest.approx((clicked.x(), clicked.y()), abs=0.005)  # stored to 0.01 mm
        assert document.index_of(new.id) == len(document) - 1  # on top
        assert win.current_editor().selected_ids() == [new.id]
        assert isinstance(win.current_editor().tools.active, SelectTool)  # no Shift: back to select
        assert win.edit_controller.palette.list.currentItem() is None
        assert document.undo_stack.count() == before_count + 1
        document.undo_stack.undo()
        assert document.element(new.id) is None
        document.undo_stack.redo()


def test_new_gates_take_the_next_order_number(win: MainWindow, qtbot):
    choose_in_palette(qtbot, win, "gate")
    click(qtbot, win, px(win, 600, 150), SHIFT)
    click(qtbot, win, px(win, 700, 150), SHIFT)
    gates = [e for e in win.document.elements if e.kind == "gate"]
    assert [g.order for g in gates] == [1, 2, 3, 4]
    assert [g.id for g in gates[2:]] == ["gate-1", "gate-2"]


def test_shift_click_keeps_the_place_tool_armed_and_esc_returns_to_select(win: MainWindow, qtbot):
    editor = win.current_editor()
    choose_in_palette(qtbot, win, "coin")
    for x in (300, 340, 380):
        click(qtbot, win, px(win, x, 120), SHIFT)
    coins = [e for e in win.document.elements if e.kind == "coin"]
    assert len(coins) == 4
    assert editor.selected_ids() == ["coin-3"]
    assert editor.tools.placing_kind() == "coin"
    assert win.edit_controller.palette.list.currentItem().text() == "Coin"
    ghost = editor.tools.active.ghost
    assert ghost is not None and ghost.scene() is editor.scene and ghost.opacity() < 1
    assert ghost not in editor.scene.items_by_id.values()
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert isinstance(editor.tools.active, SelectTool)
    assert ghost.scene() is None
    assert win.edit_controller.palette.list.currentItem() is None
    assert len(win.document) == 21


def test_ghost_follows_the_pointer_snapped_and_turns_with_r(win: MainWindow, qtbot):
    editor = win.current_editor()
    win.edit_controller.snap_action.setChecked(True)
    choose_in_palette(qtbot, win, "boost_pad")
    hover(qtbot, win, px(win, 503.0, 404.0))
    ghost = editor.tools.active.ghost
    assert ghost.isVisible()
    assert (ghost.element.x_mm, ghost.element.y_mm) == pytest.approx((79 * 6.35, 64 * 6.35))  # ¼ in grid
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    qtbot.keyClick(editor.view, Qt.Key.Key_R, SHIFT)
    assert ghost.element.rotation_deg == pytest.approx(15)
    click(qtbot, win, px(win, 503.0, 404.0))
    placed = win.document.element("boost_pad-1")
    assert (placed.x_mm, placed.y_mm, placed.rotation_deg) == pytest.approx((501.65, 406.4, 15.0))


def test_right_click_disarms_the_place_tool(win: MainWindow, qtbot):
    editor = win.current_editor()
    choose_in_palette(qtbot, win, "thwomp")
    click(qtbot, win, px(win, 500, 400), button=Qt.MouseButton.RightButton)
    assert isinstance(editor.tools.active, SelectTool)
    assert len(win.document) == 18


# --- selection ------------------------------------------------------------------------------------
def test_click_shift_click_ctrl_click_and_empty_click(win: MainWindow, qtbot):
    editor = win.current_editor()
    click(qtbot, win, px(win, 420, 215))                 # coin1
    assert editor.selected_ids() == ["coin1"]
    click(qtbot, win, px(win, 450, 670), SHIFT)          # thwomp joins
    assert editor.selected_ids() == ["coin1", "thwomp"]
    click(qtbot, win, px(win, 420, 215), CTRL)           # coin1 leaves again
    assert editor.selected_ids() == ["thwomp"]
    click(qtbot, win, px(win, 90, 460), CTRL)            # plant joins
    assert editor.selected_ids() == ["thwomp", "plant"]
    click(qtbot, win, px(win, 90, 460))                  # a plain click on a selected one: just that one
    assert editor.selected_ids() == ["plant"]
    click(qtbot, win, px(win, 1100, 60))                 # empty table clears
    assert editor.selected_ids() == []
    assert win.selection_text() == "18 elements"


def test_selection_shows_outline_box_and_handle(win: MainWindow, qtbot):
    editor = win.current_editor()
    overlay = editor.tools.overlay
    assert not overlay.box.isVisible()
    click(qtbot, win, px(win, 450, 670))
    assert editor.scene.item_for("thwomp").isSelected()
    assert overlay.box.isVisible() and overlay.handle.isVisible()
    body = editor.scene.item_for("thwomp").sceneBoundingRect()
    assert overlay.box.rect().intersects(body)
    knob = overlay.knob_view_pos()
    assert knob.y() < editor.view.mapFromScene(overlay.box.rect().topLeft()).y()  # above the box
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert editor.selected_ids() == []
    assert not overlay.box.isVisible() and not overlay.handle.isVisible()


def test_rubber_band_window_crossing_and_additive(win: MainWindow, qtbot):
    editor = win.current_editor()
    # Rightwards: only what lies wholly inside (box1 and box2, not the gate g1 reaching out of the band).
    drag(qtbot, win, px(win, 885, 560), px(win, 1050, 445))
    assert editor.selected_ids() == ["box1", "box2"]
    assert [i for i in editor.scene.items() if type(i).__name__ == "OutlineItem" and i.isVisible()] == []
    # Leftwards: whatever the band touches.
    drag(qtbot, win, px(win, 1050, 560), px(win, 885, 445))
    assert editor.tools.element_at(QPointF(1050, 560)) is None  # the band started on empty table
    assert editor.selected_ids() == ["g1", "box1", "box2"]
    # Shift adds to the selection.
    drag(qtbot, win, px(win, 400, 195), px(win, 440, 235), SHIFT)
    assert editor.selected_ids() == ["g1", "box1", "box2", "coin1"]


# --- moving ---------------------------------------------------------------------------------------
def select(win: MainWindow, *ids: str) -> None:
    win.current_editor().select_ids(list(ids))


def test_drag_moves_three_elements_as_one_undo_step(win: MainWindow, qtbot):
    ids = ("coin1", "thwomp", "plant")
    select(win, *ids)
    before = {i: position(win, i) for i in ids}
    stack = win.document.undo_stack
    start = px(win, 420, 215)
    end = start + QPoint(60, 35)
    drag(qtbot, win, start, end)
    delta = scene_at(win, end) - scene_at(win, start)
    for i in ids:
        assert position(win, i) == pytest.approx((before[i][0] + delta.x(), before[i][1] + delta.y()), abs=0.005)
    assert stack.count() == 1
    assert stack.undoText() == "Move 3 elements"
    assert win.current_editor().selected_ids() == list(ids)
    stack.undo()
    assert {i: position(win, i) for i in ids} == before


def test_drag_with_snapping_puts_the_grabbed_element_on_the_grid(win: MainWindow, qtbot):
    win.edit_controller.snap_action.trigger()
    assert win.current_editor().tools.snap_to_grid
    ids = ("coin1", "thwomp", "plant")
    select(win, *ids)
    before = {i: position(win, i) for i in ids}
    drag(qtbot, win, px(win, 452, 668), px(win, 505, 640))          # grab the thwomp
    x, y = position(win, "thwomp")
    step = 25.4 / 4
    assert x / step == pytest.approx(round(x / step), abs=1e-9)
    assert y / step == pytest.approx(round(y / step), abs=1e-9)
    dx, dy = x - before["thwomp"][0], y - before["thwomp"][1]
    assert (dx, dy) != (0, 0)
    for i in ("coin1", "plant"):
        assert position(win, i) == pytest.approx((before[i][0] + dx, before[i][1] + dy))
    assert win.document.undo_stack.count() == 1


def test_drag_on_an_unselected_element_selects_and_moves_only_it(win: MainWindow, qtbot):
    select(win, "coin1")
    before = position(win, "plant")
    drag(qtbot, win, px(win, 90, 460), px(win, 150, 460))
    assert win.current_editor().selected_ids() == ["plant"]
    assert position(win, "plant")[0] > before[0] + 50
    assert position(win, "coin1") == (420, 215)


def test_tiny_drag_is_a_click(win: MainWindow, qtbot):
    select(win, "coin1", "thwomp")
    start = px(win, 420, 215)
    drag(qtbot, win, start, start + QPoint(2, 1))
    assert position(win, "coin1") == (420, 215)
    assert win.document.undo_stack.count() == 0
    assert win.current_editor().selected_ids() == ["coin1"]


def test_esc_during_a_drag_puts_everything_back(win: MainWindow, qtbot):
    editor = win.current_editor()
    select(win, "coin1", "thwomp")
    viewport = editor.view.viewport()
    start = px(win, 420, 215)
    qtbot.mousePress(viewport, LEFT, NO_MOD, start)
    qtbot.mouseMove(viewport, start + QPoint(40, 40))
    assert position(win, "coin1") != (420, 215)
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, start + QPoint(40, 40))
    assert position(win, "coin1") == (420, 215)
    assert position(win, "thwomp") == (450, 670)
    assert win.document.undo_stack.count() == 0
    assert editor.selected_ids() == ["coin1", "thwomp"]  # Esc ended the drag, not the selection


# --- rotating -------------------------------------------------------------------------------------
def handle_drag_to(win: MainWindow, qtbot, degrees: float, release_modifier=NO_MOD) -> tuple[float, float]:
    """Grab the rotation handle and swing it `degrees` clockwise round the selection's pivot."""
    editor = win.current_editor()
    overlay = editor.tools.overlay
    knob = overlay.knob_view_pos()
    ids = editor.selected_ids()
    pivot = snap.centroid(position(win, i) for i in ids)
    centre = QPointF(editor.view.mapFromScene(QPointF(*pivot)))
    radius = math.hypot(knob.x() - centre.x(), knob.y() - centre.y())
    start_angle = math.atan2(knob.y() - centre.y(), knob.x() - centre.x())
    end_angle = start_angle + math.radians(degrees)
    end = centre + QPointF(math.cos(end_angle), math.sin(end_angle)) * radius
    viewport = editor.view.viewport()
    qtbot.mouseMove(viewport, knob.toPoint())
    qtbot.mousePress(viewport, LEFT, NO_MOD, knob.toPoint())
    for i in range(1, 5):
        a = start_angle + math.radians(degrees) * i / 4
        qtbot.mouseMove(viewport, (centre + QPointF(math.cos(a), math.sin(a)) * radius).toPoint())
    qtbot.mouseRelease(viewport, LEFT, release_modifier, end.toPoint())
    # The angle actually swept, measured as the tool measures it (pixels round the pointer).
    swept = snap.sweep(pivot, (scene_at(win, knob.toPoint()).x(), scene_at(win, knob.toPoint()).y()),
                       (scene_at(win, end.toPoint()).x(), scene_at(win, end.toPoint()).y()), None)
    return pivot, swept


def test_rotation_handle_snaps_to_15_degrees_in_one_undo_step(win: MainWindow, qtbot):
    select(win, "coin1", "thwomp", "plant")
    before = {i: win.document.element(i) for i in ("coin1", "thwomp", "plant")}
    pivot, swept = handle_drag_to(win, qtbot, 38.0)
    assert swept == pytest.approx(38, abs=2)
    for i, e in before.items():
        after = win.document.element(i)
        assert math.remainder(after.rotation_deg - e.rotation_deg - 45.0, 360) == pytest.approx(0, abs=1e-6)
        assert (after.x_mm, after.y_mm) == pytest.approx(snap.rotate_point((e.x_mm, e.y_mm), pivot, 45.0), abs=0.005)
    stack = win.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Rotate 3 elements"
    assert not win.current_editor().tools.overlay._turning
    stack.undo()
    assert {i: win.document.element(i) for i in before} == before


def test_rotation_handle_is_free_with_alt(win: MainWindow, qtbot):
    select(win, "thwomp")
    _pivot, swept = handle_drag_to(win, qtbot, 38.0, ALT)
    thwomp = win.document.element("thwomp")
    assert thwomp.rotation_deg == pytest.approx(30 + swept, abs=0.005)  # stored to 0.01°
    assert swept % 15 != pytest.approx(0, abs=0.5)
    assert (thwomp.x_mm, thwomp.y_mm) == pytest.approx((450, 670))  # a lone element turns in place
    assert win.document.undo_stack.count() == 1


def test_r_and_shift_r_rotate_the_selection_about_its_centre(win: MainWindow, qtbot):
    editor = win.current_editor()
    select(win, "coin1", "thwomp")
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    assert win.document.element("thwomp").rotation_deg == pytest.approx(45)
    assert win.document.element("coin1").rotation_deg == pytest.approx(15)
    centre = snap.centroid([(420, 215), (450, 670)])
    assert position(win, "coin1") == pytest.approx(snap.rotate_point((420, 215), centre, 15), abs=0.005)
    qtbot.keyClick(editor.view, Qt.Key.Key_R, SHIFT)
    qtbot.keyClick(editor.view, Qt.Key.Key_R, SHIFT)
    assert win.document.element("thwomp").rotation_deg == pytest.approx(15)
    assert position(win, "coin1") == pytest.approx(snap.rotate_point((420, 215), centre, -15), abs=0.005)
    assert win.document.undo_stack.count() == 1  # a quick run of R / Shift+R is one undo step


# --- nudging --------------------------------------------------------------------------------------
def test_arrow_keys_nudge_1mm_and_shift_10mm_merging_a_burst(win: MainWindow, qtbot):
    editor = win.current_editor()
    stack = win.document.undo_stack
    select(win, "coin1", "thwomp")
    qtbot.keyClick(editor.view, Qt.Key.Key_Right)
    qtbot.keyClick(editor.view, Qt.Key.Key_Right)
    qtbot.keyClick(editor.view, Qt.Key.Key_Down, SHIFT)
    assert position(win, "coin1") == pytest.approx((422, 225))
    assert position(win, "thwomp") == pytest.approx((452, 680))
    assert stack.count() == 1 and stack.undoText() == "Nudge 2 elements"
    # Another action ends the burst: the next nudge is a step of its own.
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    qtbot.keyClick(editor.view, Qt.Key.Key_Left, SHIFT)
    assert stack.count() == 3
    stack.undo()
    stack.undo()
    stack.undo()
    assert position(win, "coin1") == (420, 215)


def test_nudge_bursts_end_after_a_pause(win: MainWindow, qtbot, monkeypatch):
    from designer.canvas.tools import gestures

    clock = [100.0]
    monkeypatch.setattr(gestures.time, "monotonic", lambda: clock[0])
    editor = win.current_editor()
    select(win, "coin1")
    qtbot.keyClick(editor.view, Qt.Key.Key_Up)
    clock[0] += 0.5
    qtbot.keyClick(editor.view, Qt.Key.Key_Up)
    clock[0] += 1.5
    qtbot.keyClick(editor.view, Qt.Key.Key_Up)
    assert position(win, "coin1") == pytest.approx((420, 212))
    assert win.document.undo_stack.count() == 2


def test_arrows_without_a_selection_leave_the_document_alone(win: MainWindow, qtbot):
    qtbot.keyClick(win.current_editor().view, Qt.Key.Key_Left)
    assert win.document.undo_stack.count() == 0


# --- plumbing -------------------------------------------------------------------------------------
def test_one_tool_manager_per_editor_and_the_view_routes_to_it(win: MainWindow, every_kind):
    first = win.current_editor()
    second = win.add_editor(every_kind)
    assert first.tools is not second.tools
    assert first.view.tool_handler is first.tools and second.view.tool_handler is second.tools
    first.tools.place("coin")
    assert isinstance(first.tools.active, PlaceTool) and isinstance(second.tools.active, SelectTool)


def test_middle_drag_pans_instead_of_using_the_tool(win: MainWindow, qtbot):
    editor = win.current_editor()
    select(win, "coin1")
    viewport = editor.view.viewport()
    start = px(win, 420, 215)
    bar = editor.view.horizontalScrollBar()
    editor.view.zoom_in()
    editor.view.zoom_in()
    start = px(win, 420, 215)
    value = bar.value()
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, NO_MOD, start)
    qtbot.mouseMove(viewport, start + QPoint(-50, 0))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, NO_MOD, start + QPoint(-50, 0))
    assert bar.value() == value + 50
    assert position(win, "coin1") == (420, 215)
    assert editor.selected_ids() == ["coin1"]


def test_scene_grid_shares_the_snap_table():
    from designer.canvas.scene import GRID_SPACING_MM

    assert GRID_SPACING_MM is snap.GRID_SPACING_MM


def test_no_qt_selection_on_double_click(win: MainWindow, qtbot):
    editor = win.current_editor()
    select(win, "coin1", "thwomp")
    qtbot.mouseDClick(editor.view.viewport(), LEFT, SHIFT, px(win, 90, 460))
    QApplication.processEvents()
    assert "coin1" in editor.selected_ids() and "thwomp" in editor.selected_ids()


def test_ctrl_wheel_still_zooms_about_the_pointer(win: MainWindow, qtbot):
    """Tools take the mouse moves, but the view must still learn where the pointer is to zoom about it."""
    view = win.current_editor().view
    point = px(win, 300, 300)
    global_pos = QPointF(view.viewport().mapToGlobal(point))
    QCursor.setPos(global_pos.toPoint())  # Qt reads the pointer from QCursor when it zooms
    hover(qtbot, win, point)
    assert view.underMouse()
    before = scene_at(win, point)
    event = QWheelEvent(QPointF(point), global_pos, QPoint(0, 0), QPoint(0, 240), Qt.MouseButton.NoButton, CTRL,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)
    assert view.zoom_percent() > 20
    after = scene_at(win, point)
    assert abs(after.x() - before.x()) < 3 and abs(after.y() - before.y()) < 3
