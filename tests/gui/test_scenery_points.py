"""Editing scenery outlines through the real widgets: vertex handles of the one selected scenery element,
dragging (one undo step, snapping, refusals), inserting by double click, deleting, Esc, the inspector."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.geometry.polygon_edit import outline_problem, scene_vertices
from designer.geometry.snap import SNAP_SPACING_MM
from tests.gui.test_track_tools import LEFT, NO_MOD, click, close_to, double_click, drag, hover, key, px

# The "rock" of the every-kind document: at (610, 460), not turned.
ROCK = [(-120.0, -60.0), (120.0, -70.0), (140.0, 50.0), (-100.0, 70.0)]


def scene_point(index: int) -> tuple[float, float]:
    x, y = ROCK[index]
    return 610.0 + x, 460.0 + y


@pytest.fixture
def win(window: MainWindow):
    window.current_editor().view.setFocus()
    window.current_editor().select_ids(["rock"])
    return window


def outline(win: MainWindow):
    return win.current_editor().tools.select_tool.outline


def rock(win: MainWindow):
    return win.document.element("rock")


def status(win: MainWindow) -> str:
    return win.statusBar().currentMessage()


def test_handles_show_for_exactly_one_selected_scenery_element(win):
    editor = win.current_editor()
    handles = outline(win).handles
    assert handles.isVisible()
    assert all(close_to(a, b, 1e-6) for a, b in zip(handles.points(), scene_vertices(rock(win)), strict=True))
    editor.select_ids(["rock", "grass"])
    assert not handles.isVisible()
    editor.select_ids(["thwomp"])
    assert not handles.isVisible()
    editor.select_ids(["grass"])
    assert handles.isVisible() and len(handles.points()) == 4
    win.track_controller.draw_track()
    assert not handles.isVisible()  # another tool


def test_dragging_a_vertex_moves_it_in_one_undo_step(qtbot, win):
    document = win.document
    before = rock(win)
    drag(qtbot, win, scene_point(2), (scene_point(2)[0] + 40, scene_point(2)[1] + 25))
    after = rock(win)
    assert close_to(after.polygon[2], (180.0, 75.0), 1.5)
    assert after.polygon[:2] == before.polygon[:2] and after.polygon[3] == before.polygon[3]
    assert (after.x_mm, after.y_mm, after.rotation_deg) == (before.x_mm, before.y_mm, before.rotation_deg)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Move scenery vertex"
    assert win.current_editor().selected_ids() == ["rock"]
    assert outline(win).selected == 2
    assert close_to(outline(win).handles.points()[2], scene_vertices(after)[2], 1e-6)  # handles followed
    # The edited element is live: its picture was painted again and covers the new corner.
    assert win.scene.live_layer.boundingRect().contains(QPointF(*scene_vertices(after)[2]))
    document.undo_stack.undo()
    assert rock(win) == before
    document.undo_stack.redo()
    assert rock(win) == after


def test_a_vertex_drag_snaps_to_the_grid(qtbot, win):
    win.edit_controller.snap_action.setChecked(True)
    step = SNAP_SPACING_MM["in"]  # the every-kind document is in inches
    drag(qtbot, win, scene_point(1), (scene_point(1)[0] + 31, scene_point(1)[1] - 22))
    x, y = scene_vertices(rock(win))[1]
    assert x / step == pytest.approx(round(x / step), abs=1e-6)
    assert y / step == pytest.approx(round(y / step), abs=1e-6)
    assert close_to((x, y), (scene_point(1)[0] + 31, scene_point(1)[1] - 22), step)
    assert win.document.undo_stack.count() == 1


def test_a_vertex_of_a_turned_element_follows_the_pointer(qtbot, win):
    win.current_editor().select_ids(["grass"])
    start = scene_vertices(win.document.element("grass"))[1]
    target = (start[0] + 30, start[1] - 40)
    drag(qtbot, win, start, target)
    grass = win.document.element("grass")
    assert grass.rotation_deg == 5
    assert close_to(scene_vertices(grass)[1], target, 1.5)
    assert win.document.undo_stack.count() == 1


def test_escape_during_a_vertex_drag_puts_it_back(qtbot, win):
    before = rock(win)
    a, b = px(win, *scene_point(0)), px(win, 560, 380)
    viewport = win.view.viewport()
    hover(qtbot, win, a)
    qtbot.mousePress(viewport, LEFT, NO_MOD, a)
    for i in range(1, 5):
        qtbot.mouseMove(viewport, a + (b - a) * (i / 4))
    assert rock(win) != before
    key(qtbot, win, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, b)
    assert rock(win) == before
    assert win.document.undo_stack.count() == 0
    assert win.current_editor().selected_ids() == ["rock"]


def test_a_crossing_outline_is_refused_with_a_status_message(qtbot, win):
    # Vertex 0 dragged far past the right-hand side would make a bow tie.
    drag(qtbot, win, scene_point(0), (820, 420), steps=3)
    assert "cross itself" in status(win)
    assert outline_problem(rock(win).polygon) is None
    assert not close_to(scene_vertices(rock(win))[0], (820, 420), 5.0)
    assert win.document.undo_stack.count() <= 1


def test_double_click_on_an_edge_inserts_a_vertex(qtbot, win):
    document = win.document
    before = rock(win)
    # The middle of the top edge (from vertex 0 to vertex 1), a pixel or two outside it.
    click(qtbot, win, 610, 393.5)
    double_click(qtbot, win, 610, 393.5)
    after = rock(win)
    assert len(after.polygon) == 5
    assert close_to(after.polygon[1], (0.0, -65.0), 1.5)
    assert after.polygon[0] == before.polygon[0] and after.polygon[2:] == before.polygon[1:]
    assert document.undo_stack.count() == 1 and document.undo_stack.text(0) == "Insert scenery vertex"
    assert win.current_editor().selected_ids() == ["rock"]
    assert outline(win).selected == 1
    document.undo_stack.undo()
    assert rock(win) == before
    document.undo_stack.redo()
    assert rock(win) == after


def test_double_click_inside_away_from_the_edges_inserts_nothing(qtbot, win):
    double_click(qtbot, win, 610, 470)
    assert len(rock(win).polygon) == 4
    assert win.document.undo_stack.count() == 0


def test_delete_removes_the_clicked_vertex_but_never_below_three(qtbot, win):
    document = win.document
    before = rock(win)
    click(qtbot, win, *scene_point(3))
    assert outline(win).selected == 3
    key(qtbot, win, Qt.Key.Key_Delete)
    assert rock(win).polygon == before.polygon[:3]
    assert document.undo_stack.count() == 1 and document.undo_stack.text(0) == "Delete scenery vertex"
    assert win.current_editor().selected_ids() == ["rock"]  # the element itself stays
    click(qtbot, win, *scene_point(0))
    key(qtbot, win, Qt.Key.Key_Delete)
    assert len(rock(win).polygon) == 3  # refused
    assert "at least 3" in status(win)
    assert document.element("rock") is not None  # Edit ▸ Delete did not take the key
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert rock(win) == before
    document.undo_stack.redo()
    assert rock(win).polygon == before.polygon[:3]


def test_delete_without_a_vertex_selected_deletes_the_element(qtbot, win):
    key(qtbot, win, Qt.Key.Key_Delete)
    assert win.document.element("rock") is None


def test_escape_lets_go_of_the_vertex_then_of_the_element(qtbot, win):
    click(qtbot, win, *scene_point(1))
    assert outline(win).selected == 1
    key(qtbot, win, Qt.Key.Key_Escape)
    assert outline(win).selected is None
    assert win.current_editor().selected_ids() == ["rock"] and outline(win).handles.isVisible()
    key(qtbot, win, Qt.Key.Key_Escape)
    assert win.current_editor().selected_ids() == []
    assert not outline(win).handles.isVisible()


def test_the_inspector_counts_the_vertices(qtbot, win):
    count = win.panes.inspector.field_editor("polygon")
    assert count is not None and count.box.text() == "4"
    double_click(qtbot, win, 610, 393.5)
    QApplication.processEvents()
    assert count.box.text() == "5"
    win.current_editor().select_ids(["rock", "grass"])
    assert win.panes.inspector.field_editor("polygon").box.text() == "—"  # 5 and 4


def test_the_handles_are_drawn_at_the_vertices(qtbot, win):
    click(qtbot, win, *scene_point(2))
    QApplication.processEvents()
    image = win.view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    corner = px(win, *scene_point(2))
    colour = image.pixelColor(int(corner.x() * ratio), int(corner.y() * ratio))
    assert colour.blue() > 150 and colour.red() < 100  # the selected handle is filled with the accent


def test_arrow_keys_nudge_the_selected_vertex_in_one_step(qtbot, win):
    before = rock(win)
    click(qtbot, win, *scene_point(2))
    for k in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down):
        key(qtbot, win, k)
    after = rock(win)
    assert after.polygon[2] == (143.0, 51.0)
    assert (after.x_mm, after.y_mm) == (before.x_mm, before.y_mm)
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert rock(win) == before


def test_a_double_click_a_few_pixels_outside_an_edge_still_inserts(qtbot, win):
    mm_per_px = 1.0 / win.view.scale_factor()
    y = 395.0 - 5.0 * mm_per_px  # 5 px above the top edge, off the element
    click(qtbot, win, 610, y)  # qtbot's double click is the second press alone: send the first one too
    double_click(qtbot, win, 610, y)
    assert win.current_editor().selected_ids() == ["rock"]  # the first click did not clear the selection
    assert len(rock(win).polygon) == 5
    assert close_to(rock(win).polygon[1], (0.0, -65.0), 2 * mm_per_px)
