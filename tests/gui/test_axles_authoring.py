"""Axles and Alloys II authoring through the real window: each of its own kinds placed from the palette and
drawn by its own canvas item at its rule-data size; Track ▸ Draw Barrier (clicks, Enter / double-click, Esc,
Backspace) as one undo step, and the selected barrier's points dragged by their handles as one more; Track ▸
Scatter Race Hazards… (one undo step that undo takes back exactly, Re-roll replacing only the scattered
elements); the actions offered only where the ruleset has barriers."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from designer.app.window import MainWindow
from designer.model.edit import validate_element
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules.loader import load_ruleset
from designer.systems.axles_alloys_2 import qt as axles_qt
from designer.systems.axles_alloys_2.elements import SCATTER_PREFIX
from designer.systems.axles_alloys_2.qt.barrier_points import scene_points
from designer.systems.axles_alloys_2.qt.barrier_tool import BarrierTool
from designer.systems.axles_alloys_2.scatter import roll_scatter

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
AXLES = load_ruleset("axles-alloys-2")
OWN_KINDS = ("barrier", "dropped_template", "wreck", "counter", "entry_point")


def axles_doc(elements=(), track: bool = True) -> TrackDocument:
    surface = TrackSurface(centerline=[(300, 300), (1500, 300), (1500, 900), (300, 900)], closed=True,
                           width_mm=254.0) if track else None
    return TrackDocument(name="Axles", ruleset="axles-alloys-2", table=Table(width_mm=1800, height_mm=1200),
                         track=surface, elements=list(elements))


@pytest.fixture
def windows(qtbot, errors):
    opened: list[MainWindow] = []

    def make(document: TrackDocument) -> MainWindow:
        win = MainWindow(document)
        qtbot.addWidget(win)
        win.resize(1100, 900)
        win.show()
        qtbot.waitExposed(win)
        win.current_editor().view.fit_table()
        win.current_editor().view.setFocus()
        opened.append(win)
        return win

    yield make
    for win in opened:
        if win.menu_actions.controller("draw_barrier").dialog is not None:
            win.menu_actions.controller("draw_barrier").dialog.close()
        for editor in win.editors():
            editor.document.undo_stack.setClean()
        win.close()


def px(window, x: float, y: float) -> QPoint:
    return window.current_editor().view.mapFromScene(QPointF(x, y))


def click(qtbot, window, x: float, y: float, double: bool = False) -> None:
    viewport = window.current_editor().view.viewport()
    at = px(window, x, y)
    qtbot.mouseMove(viewport, at + QPoint(3, 3))
    qtbot.mouseMove(viewport, at)
    if double:
        qtbot.mouseDClick(viewport, LEFT, NO_MOD, at)
    else:
        qtbot.mouseClick(viewport, LEFT, NO_MOD, at)


def key(qtbot, window, k) -> None:
    qtbot.keyClick(window.current_editor().view, k)


def near(a, b, tol: float) -> bool:
    return math.dist(a, b) <= tol


# --- the palette and the canvas ------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [k for k in OWN_KINDS if k != "barrier"])
def test_each_kind_places_from_the_palette_and_draws_at_its_size(windows, qtbot, kind):
    win = windows(axles_doc(track=False))
    palette = win.edit_controller.palette
    item = palette.item_for(kind)
    assert item is not None and not item.icon().isNull()
    palette.list.scrollToItem(item)
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, palette.list.visualItemRect(item).center())
    assert win.current_editor().tools.placing_kind() == kind
    document = win.current_editor().document
    before = document.ids()
    click(qtbot, win, 900.0, 600.0)
    (new_id,) = document.ids() - before
    placed = document.element(new_id)
    assert placed.kind == kind and near((placed.x_mm, placed.y_mm), (900.0, 600.0), 3.0)
    assert document.undo_stack.count() == 1
    scene_item = win.current_editor().scene.item_for(new_id)
    assert type(scene_item) is axles_qt.ITEM_CLASSES[kind]
    body = scene_item.body().boundingRect()
    size = AXLES.element_size(kind)
    if kind == "wreck":  # the crumpled car lies within its footprint
        assert body.width() <= size.length_mm + 1e-6 and body.height() <= size.width_mm + 1e-6
        assert body.width() > size.length_mm * 0.95
    else:
        assert body.width() == pytest.approx(size.length_mm, abs=0.01)
        assert body.height() == pytest.approx(size.width_mm, abs=0.01)
    document.undo_stack.undo()
    assert document.element(new_id) is None


def test_the_barrier_entry_arms_draw_barrier(windows, qtbot):
    """A barrier is a polyline: its palette entry arms the barrier tool (as Track ▸ Draw Barrier does), and the
    barrier drawn with it is as thick as the rule data's barrier."""
    win = windows(axles_doc(track=False))
    palette = win.edit_controller.palette
    item = palette.item_for("barrier")
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, palette.list.visualItemRect(item).center())
    tools = win.current_editor().tools
    assert isinstance(tools.active, BarrierTool) and tools.palette_kind() == "barrier"
    assert palette.list.currentItem() is item
    document = win.current_editor().document
    click(qtbot, win, 700.0, 600.0)
    click(qtbot, win, 1000.0, 600.0)
    key(qtbot, win, Qt.Key.Key_Return)
    (barrier,) = [e for e in document.elements if e.kind == "barrier"]
    assert document.undo_stack.count() == 1
    assert [near(got, want, 3.0) for got, want in zip(scene_points(barrier), ((700.0, 600.0), (1000.0, 600.0)),
                                                      strict=True)] == [True, True]
    body = win.current_editor().scene.item_for(barrier.id).body().boundingRect()
    assert body.height() == pytest.approx(12.7, abs=0.01)
    assert palette.list.currentItem() is None  # the tool is put down once the barrier is drawn


def test_the_inspector_edits_a_variant_and_a_role(windows, qtbot):
    from designer.panes.inspector_fields import field_specs

    assert [s.name for s in field_specs("dropped_template")] == ["variant"]
    assert [s.name for s in field_specs("counter")] == ["variant"]
    assert [(s.name, s.kind, s.display_label) for s in field_specs("entry_point")] == [
        ("role", "choice", "Role"), ("speed_mm", "length", "Speed")]  # the speed it enters at, in the units
    assert "closed" in [s.name for s in field_specs("barrier")]


# --- Draw Barrier ------------------------------------------------------------------------------------------
def test_drawing_a_barrier_is_one_undo_step_and_selects_it(windows, qtbot):
    win = windows(axles_doc())
    document = win.current_editor().document
    tool = win.menu_actions.controller("draw_barrier").draw_barrier()
    assert isinstance(tool, BarrierTool) and win.current_editor().tools.active is tool
    for x, y in ((200.0, 150.0), (600.0, 120.0), (700.0, 200.0)):
        click(qtbot, win, x, y)
    key(qtbot, win, Qt.Key.Key_Backspace)  # takes back (700, 200)
    click(qtbot, win, 1000.0, 150.0)
    key(qtbot, win, Qt.Key.Key_Return)
    assert document.undo_stack.count() == 1
    (barrier,) = [e for e in document.elements if e.kind == "barrier"]
    assert not barrier.closed
    drawn = scene_points(barrier)
    assert len(drawn) == 3
    for got, want in zip(drawn, ((200.0, 150.0), (600.0, 120.0), (1000.0, 150.0)), strict=True):
        assert near(got, want, 3.0)  # a pixel or two away at this zoom
    assert win.current_editor().selected_ids() == [barrier.id]
    assert win.current_editor().tools.active is win.current_editor().tools.select_tool
    document.undo_stack.undo()
    assert [e for e in document.elements if e.kind == "barrier"] == []


def test_a_double_click_ends_a_barrier_and_esc_cancels_one(windows, qtbot):
    win = windows(axles_doc())
    document = win.current_editor().document
    win.menu_actions.controller("draw_barrier").draw_barrier()
    click(qtbot, win, 200.0, 1000.0)
    click(qtbot, win, 800.0, 1050.0, double=True)
    assert document.undo_stack.count() == 1
    (barrier,) = [e for e in document.elements if e.kind == "barrier"]
    assert len(barrier.points) == 2
    tool = win.menu_actions.controller("draw_barrier").draw_barrier()
    click(qtbot, win, 200.0, 100.0)
    click(qtbot, win, 600.0, 100.0)
    key(qtbot, win, Qt.Key.Key_Escape)
    assert tool.points == [] and document.undo_stack.count() == 1
    key(qtbot, win, Qt.Key.Key_Escape)  # a second Esc puts the tool down
    assert win.current_editor().tools.active is win.current_editor().tools.select_tool


def test_clicking_the_first_point_closes_the_barrier(windows, qtbot):
    win = windows(axles_doc())
    document = win.current_editor().document
    win.menu_actions.controller("draw_barrier").draw_barrier()
    for x, y in ((700.0, 500.0), (1100.0, 500.0), (1100.0, 700.0), (700.0, 500.0)):
        click(qtbot, win, x, y)
    (barrier,) = [e for e in document.elements if e.kind == "barrier"]
    assert barrier.closed and len(barrier.points) == 3


def test_the_point_handles_follow_their_barrier_and_no_other_change(windows, monkeypatch):
    """Only a change of the barrier being edited moves its handles: a drag of 200 other elements (any system's
    document) asks nothing of them (issue #33); a move of the barrier, and its undo, moves them."""
    from designer.document.operations import move_elements

    fence = validate_element({"id": "fence", "kind": "barrier", "x_mm": 900, "y_mm": 600, "rotation_deg": 90,
                              "points": [(-200, 0), (200, 0)]})
    wreck = validate_element({"id": "wreck-1", "kind": "wreck", "x_mm": 400, "y_mm": 400, "rotation_deg": 0})
    win = windows(axles_doc([fence, wreck]))
    editor = win.current_editor()
    points = editor.barrier_points
    refreshed: list[int] = []
    refresh = points.refresh
    monkeypatch.setattr(points, "refresh", lambda *a: refreshed.append(1) or refresh(*a))
    move_elements(editor.document, ["wreck-1"], 10.0, 0.0)  # nothing selected
    editor.select_ids(["fence"])
    refreshed.clear()
    move_elements(editor.document, ["wreck-1"], 10.0, 0.0)
    assert refreshed == []
    move_elements(editor.document, ["fence"], 100.0, 0.0)
    assert refreshed == [1] and points.handles.points()[0][0] == 1000.0
    editor.document.undo_stack.undo()
    assert points.handles.points()[0][0] == 900.0


def test_dragging_a_selected_barriers_point_is_one_undo_step(windows, qtbot):
    fence = validate_element({"id": "fence", "kind": "barrier", "x_mm": 900, "y_mm": 600, "rotation_deg": 90,
                              "points": [(-200, 0), (200, 0)]})
    win = windows(axles_doc([fence]))
    editor = win.current_editor()
    document = editor.document
    before = document.snapshot()
    editor.select_ids(["fence"])
    handles = editor.barrier_points.handles
    assert handles.isVisible()
    assert [tuple(round(v, 6) for v in p) for p in handles.points()] == [(900.0, 400.0), (900.0, 800.0)]
    viewport = editor.view.viewport()
    start, end = px(win, 900.0, 800.0), px(win, 1100.0, 850.0)
    qtbot.mouseMove(viewport, start)
    qtbot.mousePress(viewport, LEFT, NO_MOD, start)
    for t in (0.3, 0.6, 1.0):
        qtbot.mouseMove(viewport, QPoint(round(start.x() + (end.x() - start.x()) * t),
                                         round(start.y() + (end.y() - start.y()) * t)))
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, end)
    moved = document.element("fence")
    points = scene_points(moved)
    assert near(points[0], (900.0, 400.0), 1e-6)  # the other point stays
    assert near(points[1], (1100.0, 850.0), 3.0)
    assert (moved.x_mm, moved.y_mm, moved.rotation_deg) == (900, 600, 90)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.snapshot() == before


# --- Scatter Race Hazards ---------------------------------------------------------------------------------
def test_scatter_is_one_undo_step_and_undo_restores_exactly(windows, qtbot):
    hand = validate_element({"id": "w-hand", "kind": "wreck", "x_mm": 900, "y_mm": 300})
    win = windows(axles_doc([hand]))
    document = win.current_editor().document
    before = document.snapshot()
    result = win.menu_actions.controller("draw_barrier").scatter_hazards(seed=42)
    expected = roll_scatter(before, AXLES, 42)
    assert result.elements == expected.elements and len(result.elements) >= 4
    scattered = [e for e in document.elements if e.id.startswith(SCATTER_PREFIX)]
    assert scattered == expected.elements
    assert document.element("w-hand") == hand
    assert document.undo_stack.count() == 1
    dialog = win.menu_actions.controller("draw_barrier").dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.label.text()
    faces = result.rolls["dropped_template"]
    assert f"Dropped-weapon templates: 2d6 rolled {faces[0]} + {faces[1]} = {sum(faces)}, " \
           f"{result.placed('dropped_template')} placed" in text
    assert f"Ramps: d6 rolled {sum(result.rolls['ramp'])}, {result.placed('ramp')} placed" in text
    assert "Seed 42" in text
    document.undo_stack.undo()
    assert document.snapshot() == before


def test_re_roll_replaces_only_the_scattered_elements(windows, qtbot):
    hand = validate_element({"id": "t-hand", "kind": "dropped_template", "x_mm": 900, "y_mm": 900,
                             "variant": "spikes"})
    win = windows(axles_doc([hand]))
    document = win.current_editor().document
    first = win.menu_actions.controller("draw_barrier").scatter_hazards(seed=1)
    after_first = document.snapshot()
    qtbot.mouseClick(win.menu_actions.controller("draw_barrier").dialog.reroll_button, LEFT)
    second = win.menu_actions.controller("draw_barrier").last
    assert second is not first and second.seed != 1
    scattered = [e for e in document.elements if e.id.startswith(SCATTER_PREFIX)]
    assert scattered == second.elements
    assert [e for e in document.elements if not e.id.startswith(SCATTER_PREFIX)] == [hand]
    assert f"Seed {second.seed}" in win.menu_actions.controller("draw_barrier").dialog.label.text()
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.snapshot() == after_first
    assert [e for e in document.elements if e.id.startswith(SCATTER_PREFIX)] == first.elements


def test_scatter_without_a_track_says_so_and_changes_nothing(windows, qtbot):
    win = windows(axles_doc(track=False))
    assert win.menu_actions.controller("draw_barrier").scatter_hazards(seed=3) is None
    assert win.current_editor().document.undo_stack.count() == 0
    assert "Draw a track first" in win.statusBar().currentMessage()


def test_the_actions_are_offered_only_where_the_ruleset_has_barriers(windows, qtbot, every_kind):
    win = windows(axles_doc())
    controller = win.menu_actions.controller("draw_barrier")
    barrier, scatter = win.menu_actions.qaction("draw_barrier"), win.menu_actions.qaction("scatter_hazards")
    assert barrier.isEnabled() and scatter.isEnabled()
    win.add_editor(every_kind)  # a Gaslands track: no barriers
    assert not barrier.isEnabled() and not scatter.isEnabled()
    assert not barrier.isVisible() and not scatter.isVisible()
    assert controller.draw_barrier() is None and controller.scatter_hazards(seed=1) is None


def test_only_a_document_offering_barriers_gets_the_point_handles_and_another_once_its_system_changes(
        windows, every_kind):
    from designer.commands.document import ChangeProperties

    win = windows(every_kind)  # a Gaslands track: no handles, no event filter of theirs on its view
    gaslands = win.current_editor()
    assert getattr(gaslands, "barrier_points", None) is None
    win.add_editor(axles_doc())
    assert win.current_editor().barrier_points.handles.scene() is win.current_editor().scene
    assert getattr(gaslands, "barrier_points", None) is None
    win.tabs.setCurrentIndex(0)
    gaslands.document.undo_stack.push(ChangeProperties(gaslands.document, {"ruleset": "axles-alloys-2"}))
    assert gaslands.barrier_points.handles.scene() is gaslands.scene


def test_a_double_click_on_the_band_inserts_a_point_and_delete_removes_a_selected_one(windows, qtbot):
    fence = validate_element({"id": "fence", "kind": "barrier", "x_mm": 900, "y_mm": 600,
                              "points": [(-300, 0), (300, 0)]})
    win = windows(axles_doc([fence]))
    editor = win.current_editor()
    document = editor.document
    before = document.snapshot()
    editor.select_ids(["fence"])
    click(qtbot, win, 1000.0, 603.0, double=True)  # on the band, a little off its middle line
    inserted = document.element("fence")
    assert len(inserted.points) == 3
    assert near(scene_points(inserted)[1], (1000.0, 600.0), 3.0)
    assert document.undo_stack.count() == 1
    assert editor.barrier_points.handles.selected == 1
    key(qtbot, win, Qt.Key.Key_Delete)  # removes the selected point, not the barrier
    after = document.element("fence")
    assert after is not None and after.points == [(-300, 0), (300, 0)]
    assert document.undo_stack.count() == 2
    key(qtbot, win, Qt.Key.Key_Delete)  # no point selected now: Edit ▸ Delete takes the whole barrier
    assert document.element("fence") is None
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.snapshot() == before


def test_esc_during_a_point_drag_puts_the_point_back(windows, qtbot):
    fence = validate_element({"id": "fence", "kind": "barrier", "x_mm": 900, "y_mm": 600,
                              "points": [(-200, 0), (200, 0)]})
    win = windows(axles_doc([fence]))
    editor = win.current_editor()
    document = editor.document
    editor.select_ids(["fence"])
    viewport = editor.view.viewport()
    start = px(win, 1100.0, 600.0)
    qtbot.mouseMove(viewport, start)
    qtbot.mousePress(viewport, LEFT, NO_MOD, start)
    qtbot.mouseMove(viewport, px(win, 1150.0, 700.0))
    assert document.element("fence") != fence
    key(qtbot, win, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, px(win, 1150.0, 700.0))
    assert document.element("fence") == fence
    assert document.undo_stack.count() == 0  # the drag folded away
