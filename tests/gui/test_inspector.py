"""The Inspector and Undo History docks: edits go to the model as undoable steps; the pane follows the model."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget

from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties
from designer.document.operations import add_elements, delete_elements, move_elements
from designer.model.elements import WarpPipe

INCH = 25.4


@pytest.fixture
def editor(window: MainWindow):
    return window.current_editor()


@pytest.fixture
def inspector(window: MainWindow):
    return window.panes.inspector


def box(inspector, field: str):
    editor = inspector.field_editor(field)
    assert editor is not None, f"{field} is not shown"
    return editor.box


def click(qtbot, check_box) -> None:
    qtbot.mouseClick(check_box, Qt.MouseButton.LeftButton, pos=QPoint(8, check_box.height() // 2))


def choose(combo, data) -> None:
    """Pick an entry as the user would (activated is only emitted for user choices)."""
    index = combo.findData(data)
    assert index >= 0, f"{data!r} not offered"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_docks_are_named_and_toggled_from_the_window_menu(window: MainWindow):
    docks = {dock.objectName(): dock for dock in window.findChildren(QDockWidget)}
    assert docks["InspectorDock"].windowTitle() == "Inspector"
    assert docks["UndoHistoryDock"].windowTitle() == "Undo History"
    for dock in (docks["InspectorDock"], docks["UndoHistoryDock"]):
        assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
        assert dock.toggleViewAction() in window.menus["Window"].actions()


def test_no_selection_shows_the_document_summary(editor, inspector):
    editor.select_ids([])
    assert inspector.showing_summary()
    assert inspector.heading()[0] == "No selection"
    summary = inspector.summary()
    assert summary["name"] == "Every Kind"
    assert summary["ruleset"] == "Mario Kart Gaslands"
    assert summary["table"] == "48 × 36 in"
    assert summary["elements"] == "18"


def test_x_in_inches_moves_the_element_by_the_right_millimetres(editor, inspector):
    editor.select_ids(["thwomp"])
    assert inspector.heading() == ("Thwomp", "thwomp")
    x = box(inspector, "x_mm")
    assert x.suffix() == " in" and x.decimals() == 3 and x.text() == "17.717 in"
    assert x.value() == pytest.approx(450 / INCH, abs=1e-3)
    x.setValue(20.0)
    thwomp = editor.document.element("thwomp")
    assert thwomp.x_mm == pytest.approx(20 * INCH)
    assert (thwomp.y_mm, thwomp.rotation_deg) == (670, 30)


def test_typing_a_value_applies_it_on_enter(qtbot, editor, inspector):
    editor.select_ids(["coin1"])
    y = box(inspector, "y_mm")
    y.selectAll()
    qtbot.keyClicks(y, "12.5")
    assert editor.document.element("coin1").y_mm == 215  # keyboard tracking is off: nothing until Enter
    qtbot.keyClick(y, Qt.Key.Key_Return)
    assert editor.document.element("coin1").y_mm == pytest.approx(12.5 * INCH)


def test_a_scrub_is_one_undo_step_and_a_later_edit_another(editor, inspector):
    editor.select_ids(["thwomp"])
    stack = editor.document.undo_stack
    start = stack.count()
    x = box(inspector, "x_mm")
    shown = x.value()
    for _ in range(5):
        x.stepUp()
    assert stack.count() == start + 1
    assert editor.document.element("thwomp").x_mm == pytest.approx((shown + 5 * 0.125) * INCH, abs=0.005)
    x.editingFinished.emit()
    x.stepUp()
    assert stack.count() == start + 2
    stack.undo()
    assert x.value() == pytest.approx(shown + 0.625)
    stack.undo()
    assert editor.document.element("thwomp").x_mm == 450  # the exact value, not the rounded display
    assert x.value() == pytest.approx(shown)
    stack.redo()
    assert x.value() == pytest.approx(shown + 0.625)
    assert editor.document.element("thwomp").x_mm == pytest.approx((shown + 0.625) * INCH, abs=0.005)


def test_rotation_wraps_around(editor, inspector):
    editor.select_ids(["thwomp"])
    rotation = box(inspector, "rotation_deg")
    rotation.setValue(179)
    rotation.stepBy(3)
    assert editor.document.element("thwomp").rotation_deg == pytest.approx(-178)
    assert rotation.value() == pytest.approx(-178)


def test_multi_selection_blanks_disagreeing_fields_and_sets_all(editor, inspector):
    editor.select_ids(["g1", "g2"])
    assert inspector.heading() == ("2 elements", "Gate ×2")
    x, y = box(inspector, "x_mm"), box(inspector, "y_mm")
    assert x.text() == "—" and x.is_mixed()
    assert y.text() == "17.913 in"
    assert box(inspector, "order").text() == "—"
    stack = editor.document.undo_stack
    start = stack.count()
    x.setValue(10.0)
    assert [editor.document.element(i).x_mm for i in ("g1", "g2")] == pytest.approx([254.0, 254.0])
    assert stack.count() == start + 1
    assert x.text() == "10 in"
    stack.undo()
    assert [editor.document.element(i).x_mm for i in ("g1", "g2")] == [960, 260]
    assert x.text() == "—"


def test_stepping_a_mixed_field_starts_from_the_first_element(editor, inspector):
    editor.select_ids(["g1", "g2"])
    order = box(inspector, "order")
    order.stepUp()
    assert [editor.document.element(i).order for i in ("g1", "g2")] == [2, 2]


def test_typing_the_minimum_into_a_mixed_field_applies_it(qtbot, editor, inspector):
    editor.select_ids(["g1", "g2"])
    order = box(inspector, "order")
    order.selectAll()
    qtbot.keyClicks(order, "1")
    qtbot.keyClick(order, Qt.Key.Key_Return)
    assert [editor.document.element(i).order for i in ("g1", "g2")] == [1, 1]


def test_kind_fields_appear_only_when_every_selected_element_has_them(editor, inspector):
    editor.select_ids(["sf", "g1"])
    assert inspector.field_editor("width_mm") is not None
    assert inspector.field_editor("order") is None
    editor.select_ids(["g1", "ramp"])
    assert inspector.field_editor("order") is None and inspector.field_editor("hoop") is None
    assert inspector.field_editor("x_mm") is not None
    editor.select_ids(["pipeA", "pipeB"])
    assert inspector.field_editor("pair") is None  # a one-to-one link is set one pipe at a time


def test_bounds_come_from_the_model(editor, inspector):
    editor.select_ids(["dash"])
    pads = box(inspector, "pads")
    assert (pads.minimum(), pads.maximum()) == (1, 20)
    editor.select_ids(["g1"])
    assert (box(inspector, "order").minimum(), box(inspector, "order").maximum()) == (1, 999)
    width = box(inspector, "width_mm")
    assert width.minimum() > 0 and width.suffix() == " in"


def test_dash_panel_pads_and_undo_refreshes(editor, inspector):
    editor.select_ids(["dash"])
    pads = box(inspector, "pads")
    pads.setValue(7)
    assert editor.document.element("dash").pads == 7
    pads.setValue(25)  # past the bound: clamped, never invalid
    assert editor.document.element("dash").pads == 20
    editor.document.undo_stack.undo()  # both edits were one scrub
    assert editor.document.element("dash").pads == 3
    assert pads.value() == 3


def test_ramp_hoop_and_item_box_stack_check_boxes(qtbot, editor, inspector):
    editor.select_ids(["ramp"])
    click(qtbot, box(inspector, "hoop"))
    assert editor.document.element("ramp").hoop is False
    editor.select_ids(["box1", "box2"])
    stack = box(inspector, "stack")
    assert stack.text() == "Double stack" and stack.checkState() == Qt.CheckState.PartiallyChecked
    click(qtbot, stack)
    assert [editor.document.element(i).stack for i in ("box1", "box2")] == [2, 2]
    assert stack.checkState() == Qt.CheckState.Checked


def test_warp_pipe_pair_is_linked_both_ways(editor, inspector):
    document = editor.document
    add_elements(document, [WarpPipe(id="pipeC", x_mm=600, y_mm=80)])
    editor.select_ids(["pipeA"])
    pair = box(inspector, "pair")
    offered = [pair.itemData(i) for i in range(pair.count())]
    assert offered == [None, "pipeB", "pipeC"]  # never itself
    assert pair.currentData() == "pipeB"
    start = document.undo_stack.count()
    choose(pair, "pipeC")
    assert [document.element(i).pair for i in ("pipeA", "pipeB", "pipeC")] == ["pipeC", None, "pipeA"]
    assert document.undo_stack.count() == start + 1
    choose(pair, None)
    assert [document.element(i).pair for i in ("pipeA", "pipeB", "pipeC")] == [None, None, None]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert [document.element(i).pair for i in ("pipeA", "pipeB", "pipeC")] == ["pipeB", "pipeA", None]
    assert pair.currentData() == "pipeB"


def test_bullet_bill_launcher_combo(editor, inspector):
    editor.select_ids(["bill"])
    launcher = box(inspector, "launcher")
    assert launcher.currentData() == "pipeA"
    choose(launcher, "pipeB")
    assert editor.document.element("bill").launcher == "pipeB"
    choose(launcher, None)
    assert editor.document.element("bill").launcher is None


def test_wandering_threat_name_and_move(qtbot, window, editor, inspector):
    editor.select_ids(["goomba"])
    name = box(inspector, "name")
    name.selectAll()
    qtbot.keyClicks(name, "Koopa")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert editor.document.element("goomba").name == "Koopa"
    choose(box(inspector, "move"), "medium")
    assert editor.document.element("goomba").move == "medium"

    start = editor.document.undo_stack.count()
    name.selectAll()
    qtbot.keyClick(name, Qt.Key.Key_Backspace)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert editor.document.element("goomba").name == "Koopa"  # refused, not a traceback
    assert editor.document.undo_stack.count() == start
    assert "Name cannot be empty" in window.statusBar().currentMessage()
    assert name.text() == "Koopa"


def test_scenery_solid_label_and_lengths(qtbot, editor, inspector):
    editor.select_ids(["rock"])
    click(qtbot, box(inspector, "solid"))
    assert editor.document.element("rock").solid is False
    editor.select_ids(["plant"])
    box(inspector, "range_mm").setValue(4.0)
    assert editor.document.element("plant").range_mm == pytest.approx(4 * INCH)
    editor.select_ids(["chomp"])
    box(inspector, "reach_mm").setValue(5.0)
    assert editor.document.element("chomp").reach_mm == pytest.approx(5 * INCH)


def test_live_updates_from_other_edits(editor, inspector):
    editor.select_ids(["thwomp"])
    x = box(inspector, "x_mm")
    move_elements(editor.document, ["thwomp"], INCH, 0)  # a drag or a nudge
    assert x.value() == pytest.approx((450 + INCH) / INCH, abs=1e-3)


def test_deleting_the_selection_shows_the_summary(editor, inspector):
    editor.select_ids(["thwomp", "coin1"])
    delete_elements(editor.document, ["thwomp"])
    assert inspector.heading() == ("Coin", "coin1")
    delete_elements(editor.document, ["coin1"])
    assert inspector.showing_summary() and inspector.summary()["elements"] == "16"
    editor.document.undo_stack.undo()
    assert inspector.summary()["elements"] == "17"


def test_display_units_change_rebuilds_the_fields(editor, inspector):
    editor.select_ids(["thwomp"])
    editor.document.undo_stack.push(ChangeProperties(editor.document, {"display_units": "cm"}))
    x = box(inspector, "x_mm")
    assert x.suffix() == " cm" and x.value() == pytest.approx(45.0)
    x.setValue(50.0)
    assert editor.document.element("thwomp").x_mm == pytest.approx(500.0)


def test_the_inspector_follows_the_current_tab(window, editor, inspector, every_kind):
    editor.select_ids(["thwomp"])
    other = window.add_editor(every_kind)
    assert inspector.editor() is other and inspector.showing_summary()
    other.select_ids(["coin1"])
    box(inspector, "x_mm").setValue(1.0)
    assert other.document.element("coin1").x_mm == pytest.approx(INCH)
    assert editor.document.element("coin1").x_mm == 420
    window.tabs.setCurrentWidget(editor)
    assert inspector.editor() is editor and inspector.heading()[0] == "Thwomp"
    third = window.add_editor(every_kind)
    assert window.close_editor(third)  # unmodified: closes without asking
    assert inspector.editor() is window.current_editor()
    window.current_editor().select_ids(["dash"])
    assert inspector.heading() == ("Dash Panel", "dash")


def test_history_shows_the_current_stack(window, editor, inspector, every_kind):
    history = window.panes.history
    assert history.row_texts() == ["<empty>"]
    editor.select_ids(["dash"])
    box(inspector, "pads").setValue(5)
    assert history.row_texts() == ["<empty>", "Set pads of dash panel"]
    window.add_editor(every_kind)
    assert history.row_texts() == ["<empty>"]
    window.tabs.setCurrentWidget(editor)
    assert history.row_texts()[-1] == "Set pads of dash panel"


def test_track_width_is_edited_in_the_inspector_as_one_scrub(window):
    editor = window.current_editor()
    editor.select_ids([])
    box = window.panes.inspector.track_box
    assert box.isVisibleTo(window.panes.inspector)
    document = editor.document
    before = document.track.width_mm
    stack = document.undo_stack
    count = stack.count()
    for _ in range(4):
        box.width_spin.stepUp()  # arrow clicks while scrubbing
    box.width_spin.editingFinished.emit()
    assert document.track.width_mm > before
    assert stack.count() == count + 1
    stack.undo()
    assert document.track.width_mm == before
    assert box.width_spin.value() == pytest.approx(before / 25.4, abs=0.01)
