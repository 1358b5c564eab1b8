"""The remaining authoring UI through the real widgets: the Gates dock (listing, reordering by drag and drop),
the dash panel tool, Coin Cluster and the movement-template guides (a view aid, never in the document)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from designer.app.image_export import clean_canvas
from designer.app.window import MainWindow
from designer.canvas.guides import GuideItem
from designer.canvas.tools import SelectTool
from designer.canvas.tools.dash import DashPanelTool

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier


def px(window: MainWindow, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x, y))


def drag(qtbot, window: MainWindow, start, end, steps: int = 6) -> None:
    a, b = px(window, *start), px(window, *end)
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, a + QPoint(5, 5))
    qtbot.mouseMove(viewport, a)
    qtbot.mousePress(viewport, LEFT, NO_MOD, a)
    for i in range(1, steps + 1):
        qtbot.mouseMove(viewport, a + (b - a) * (i / steps))
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, b)


@pytest.fixture
def win(window: MainWindow):
    window.current_editor().view.setFocus()
    return window


def gate_orders(window: MainWindow) -> dict[str, int]:
    return {e.id: e.order for e in window.document.elements if e.kind == "gate"}


# --- the Gates dock -------------------------------------------------------------------------------
def test_gates_dock_lists_start_then_gates_in_order(win):
    pane = win.authoring.gates_pane
    assert pane.ids() == ["sf", "g1", "g2"]
    assert pane.list.item(1).text().startswith("1.")
    # Live: a change of order in the document shows at once.
    document = win.document
    document.replace_elements([document.element("g1").model_copy(update={"order": 3})])
    assert pane.ids() == ["sf", "g2", "g1"]


def test_a_move_of_elements_not_listed_leaves_the_gates_list_alone(win, monkeypatch):
    """A drag of 200 coins would re-list every gate at every step (issue #33): only a listed element's change
    does; a moved gate's row shows its new place at once."""
    from designer.document.operations import move_elements

    pane = win.authoring.gates_pane
    refreshed: list[int] = []
    refresh = pane.refresh
    monkeypatch.setattr(pane, "refresh", lambda *a: refreshed.append(1) or refresh(*a))
    others = [e.id for e in win.document.elements if e.kind not in ("gate", "start_finish")]
    move_elements(win.document, others, 5.0, 5.0)
    assert refreshed == []
    before = pane.list.item(1).text()
    move_elements(win.document, ["g1"], 25.4, 0.0)
    assert refreshed == [1] and pane.list.item(1).text() != before and pane.ids() == ["sf", "g1", "g2"]


def test_reorder_renumbers_gates_as_one_undo_step(win):
    pane = win.authoring.gates_pane
    stack = win.document.undo_stack
    before = stack.count()
    assert pane.reorder(["sf", "g2", "g1"])
    assert gate_orders(win) == {"g2": 1, "g1": 2}
    assert stack.count() == before + 1
    assert pane.ids() == ["sf", "g2", "g1"]
    stack.undo()
    assert gate_orders(win) == {"g1": 1, "g2": 2}
    assert pane.ids() == ["sf", "g1", "g2"]


def test_dropping_a_gate_row_renumbers(qtbot, win):
    pane = win.authoring.gates_pane
    stack = win.document.undo_stack
    before = stack.count()
    # What the list's InternalMove drop does, then the deferred signal.
    lst = pane.list
    item = lst.takeItem(2)
    lst.insertItem(1, item)
    lst.reordered.emit(lst.ids())
    assert gate_orders(win) == {"g2": 1, "g1": 2}
    assert stack.count() == before + 1


def test_selecting_a_row_selects_the_gate(win):
    pane = win.authoring.gates_pane
    pane.list.setCurrentRow(2)
    assert win.current_editor().selected_ids() == ["g2"]
    win.current_editor().select_ids(["g1"])
    assert [i.data(Qt.ItemDataRole.UserRole) for i in pane.list.selectedItems()] == ["g1"]


def test_renumber_button_uses_the_track_action(win):
    win.document.replace_elements([win.document.element("g1").model_copy(update={"order": 5})])
    win.authoring.gates_pane.renumber_button.click()
    assert sorted(gate_orders(win).values()) == [1, 2]


# --- the dash panel tool --------------------------------------------------------------------------
def test_dash_panel_drag_sets_pads_and_rotation(qtbot, win):
    tool = win.authoring.dash_panel()
    assert isinstance(win.current_editor().tools.active, DashPanelTool)
    pad = win.document.ruleset.element_size("dash_panel").length_mm
    stack = win.document.undo_stack
    before = stack.count()
    start = (400.0, 240.0)
    end = (400.0 + 3 * pad * math.cos(math.radians(30)), 240.0 + 3 * pad * math.sin(math.radians(30)))
    drag(qtbot, win, start, end)
    assert stack.count() == before + 1
    ids = win.current_editor().selected_ids()
    assert len(ids) == 1
    panel = win.document.element(ids[0])
    assert panel.kind == "dash_panel" and panel.pads == 3
    assert panel.rotation_deg == pytest.approx(30.0, abs=1.5)
    # The panel starts at the drag's start: its centre is half the panel along the drag.
    half = 3 * pad / 2.0
    assert math.dist((panel.x_mm, panel.y_mm), (start[0] + half * math.cos(math.radians(panel.rotation_deg)),
                                                start[1] + half * math.sin(math.radians(panel.rotation_deg)))) < 2.0
    assert isinstance(win.current_editor().tools.active, SelectTool)
    assert tool._preview is None


def test_dash_panel_lay_pads_from_length(win):
    tool = win.authoring.dash_panel()
    pad = tool.pad_size()[0]
    panel_id = tool.lay((100.0, 100.0), (100.0, 100.0 + 5.2 * pad))
    panel = win.document.element(panel_id)
    assert panel.pads == 5 and panel.rotation_deg == pytest.approx(90.0)


# --- coin clusters --------------------------------------------------------------------------------
def test_coin_cluster_adds_count_coins_in_one_step(win):
    stack = win.document.undo_stack
    before_count, coins_before = stack.count(), sum(e.kind == "coin" for e in win.document.elements)
    ids = win.authoring.coin_cluster(7, (600.0, 450.0))
    assert len(ids) == 7 and len(set(ids)) == 7
    assert sum(e.kind == "coin" for e in win.document.elements) == coins_before + 7
    assert stack.count() == before_count + 1
    assert win.current_editor().selected_ids() == ids
    centre = win.document.element(ids[0])
    assert (centre.x_mm, centre.y_mm) == pytest.approx((600.0, 450.0))
    stack.undo()
    assert sum(e.kind == "coin" for e in win.document.elements) == coins_before


# --- movement template guides ---------------------------------------------------------------------
def test_template_menu_lists_the_rulesets_templates(win):
    names = win.authoring.template_names()
    assert names[:3] == ["Short", "Medium", "Long"] and len(names) > 3
    win.authoring._fill_templates_menu()
    texts = [a.text() for a in win.authoring.templates_menu.actions()]
    assert all(name in texts for name in names)


def test_guide_is_not_part_of_the_document(win):
    editor = win.current_editor()
    snapshot = win.document.snapshot()
    stack_count = win.document.undo_stack.count()
    guide = win.authoring.add_guide("Medium", at=(600.0, 450.0))
    assert isinstance(guide, GuideItem) and guide.scene() is editor.scene
    assert guide in editor.scene.items() and guide not in editor.scene.items_by_id.values()
    assert win.document.snapshot() == snapshot
    assert win.document.undo_stack.count() == stack_count
    assert editor.selected_ids() == []   # a guide is not an element
    with clean_canvas(editor.scene):
        assert not guide.isVisible()
    assert guide.isVisible()


def test_guide_rotates_and_deletes_with_keys(qtbot, win):
    guide = win.authoring.add_guide("Short", at=(600.0, 450.0))
    assert guide.isSelected()
    before = win.document.undo_stack.count()
    view = win.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert guide.rotation() == pytest.approx(15.0)
    qtbot.keyClick(view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert guide.rotation() == pytest.approx(0.0)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert guide.scene() is None and win.authoring.guides() == []
    assert win.document.undo_stack.count() == before
    assert len(win.document) == len(win.document.snapshot().elements)


def test_guide_drags_with_the_select_tool(qtbot, win):
    guide = win.authoring.add_guide("Long", at=(600.0, 450.0))
    guide.setSelected(False)
    start = guide.mapToScene(guide.shape_info.outline.centroid.x, guide.shape_info.outline.centroid.y)
    pos = guide.pos()
    before = win.document.undo_stack.count()
    drag(qtbot, win, (start.x(), start.y()), (start.x() + 100.0, start.y() + 50.0))
    QApplication.processEvents()
    moved = guide.pos() - pos
    assert moved.x() == pytest.approx(100.0, abs=3.0) and moved.y() == pytest.approx(50.0, abs=3.0)
    assert guide.isSelected()
    assert win.document.undo_stack.count() == before


def test_delete_selected_guides(win):
    editor = win.current_editor()
    a = win.authoring.add_guide("Short", at=(300.0, 300.0))
    b = win.authoring.add_guide("Long", at=(600.0, 600.0))
    assert a is not None and b is not None and not a.isSelected() and b.isSelected()
    from designer.canvas.guides import guides_for

    assert guides_for(editor).delete_selected() == 1
    assert win.authoring.guides() == [a]
    win.authoring.clear_guides()
    assert win.authoring.guides() == [] and a.scene() is None


def test_gates_dock_follows_the_current_tab(win):
    from designer.app.untitled import untitled_document

    pane = win.authoring.gates_pane
    first = win.current_editor()
    win.add_editor(untitled_document())
    assert pane.editor is win.current_editor() and pane.ids() == []
    win.tabs.setCurrentWidget(first)
    assert pane.ids() == ["sf", "g1", "g2"]


def test_moving_other_elements_keeps_the_rows(win):
    pane = win.authoring.gates_pane
    row = pane.list.item(1)
    coin = win.document.element("coin1")
    win.document.replace_elements([coin.model_copy(update={"x_mm": coin.x_mm + 10})])
    assert pane.list.item(1) is row   # not rebuilt


def test_moving_a_gate_rewrites_its_row_alone(win, monkeypatch):
    """A drag step re-lists the route: the moved gate's row gets its new place, the other rows stay as they are
    and their texts are not made again (a drag of 200 elements did this for every gate at every step)."""
    from designer.panes.gates import GatesPane

    pane = win.authoring.gates_pane
    rows = [pane.list.item(n) for n in range(pane.list.count())]
    texts = [row.text() for row in rows]
    made: list[str] = []
    row_text = GatesPane._row_text
    monkeypatch.setattr(GatesPane, "_row_text", lambda self, e, units: made.append(e.id) or row_text(self, e, units))
    from designer.document.operations import move_elements

    move_elements(win.document, ["g2"], 25.4, 0.0)
    assert [pane.list.item(n) for n in range(pane.list.count())] == rows  # the same items, none rebuilt
    assert made == ["g2"]
    assert [row.text() for row in rows[:2]] == texts[:2] and rows[2].text() != texts[2]
    assert rows[2].text() == row_text(pane, win.document.element("g2"), win.document.prop("display_units"))
    win.document.undo_stack.undo()
    assert [row.text() for row in rows] == texts


def test_dash_panel_click_lays_one_pad_along_the_track(qtbot, win):
    tool = win.authoring.dash_panel()
    panel = win.document.element(tool.lay((500.0, 670.0), (500.0, 670.0)))
    from designer.geometry.route import project

    # The bottom of the loop is driven right to left; the panel faces the track's direction there.
    heading = project(win.document.track, (500.0, 670.0)).angle_deg
    assert panel.pads == 1 and panel.rotation_deg == pytest.approx(heading, abs=0.005)  # stored to 0.01°
    assert abs(panel.rotation_deg) > 150.0
