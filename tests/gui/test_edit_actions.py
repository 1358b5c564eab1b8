"""The Edit menu on the real window: undo/redo per tab, clipboard between tabs, duplicate, delete, select all,
z-order, rotate, Snap to Grid, and actions enabled from the selection and the clipboard."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication

from designer.app.untitled import untitled_document
from designer.app.window import MainWindow
from designer.io.clipboard import MIME_TYPE, elements_from_json
from designer.model.edit import moved

KEY = QKeySequence.StandardKey
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def win(window: MainWindow):
    window.current_editor().view.setFocus()
    set_clipboard_text("")
    yield window
    for editor in window.editors():
        editor.document.undo_stack.setClean()
    window.close()


@pytest.fixture
def actions(win: MainWindow):
    return win.edit_controller


def ids_of(window_or_editor) -> list[str]:
    document = window_or_editor.document
    return [e.id for e in document.elements]


def set_clipboard_text(text: str) -> None:
    data = QMimeData()
    data.setText(text)
    QGuiApplication.clipboard().setMimeData(data)


def pointer_leaves(editor) -> None:
    """What happens when the user goes to the menu bar: the pointer leaves the canvas."""
    QApplication.sendEvent(editor.view.viewport(), QEvent(QEvent.Type.Leave))


# --- the menu -------------------------------------------------------------------------------------
def test_edit_menu_holds_the_actions_with_standard_shortcuts(win: MainWindow, actions):
    texts = [a.text() for a in win.menus["Edit"].actions() if not a.isSeparator()]
    for expected in ("Undo", "Redo", "Cut", "Copy", "Paste", "Duplicate", "Delete", "Select All",
                     "Bring to Front", "Send to Back"):
        assert any(expected in t.replace("&", "") for t in texts), expected
    assert actions.undo_action.shortcuts() == QKeySequence.keyBindings(KEY.Undo)
    assert actions.redo_action.shortcuts() == QKeySequence.keyBindings(KEY.Redo)
    assert actions.copy_action.shortcuts() == QKeySequence.keyBindings(KEY.Copy)
    assert actions.select_all_action.shortcuts() == QKeySequence.keyBindings(KEY.SelectAll)
    assert [s.toString() for s in actions.delete_action.shortcuts()] == ["Del", "Backspace"]
    assert actions.duplicate_action.shortcut().toString() == "Ctrl+D"
    assert actions.bring_front_action.shortcut().toString() == "Ctrl+Shift+]"
    assert actions.send_back_action.shortcut().toString() == "Ctrl+Shift+["
    assert actions.snap_action.isCheckable() and actions.snap_action in win.menus["View"].actions()
    assert win.dockWidgetArea(actions.palette) == Qt.DockWidgetArea.LeftDockWidgetArea


def test_actions_follow_the_selection_and_the_clipboard(win: MainWindow, actions, qtbot):
    editor = win.current_editor()
    selection_actions = (actions.cut_action, actions.copy_action, actions.duplicate_action, actions.delete_action,
                         actions.bring_front_action, actions.send_back_action, actions.rotate_cw_action)
    assert not any(a.isEnabled() for a in selection_actions)
    assert not actions.paste_action.isEnabled()
    editor.select_ids(["coin1"])
    assert all(a.isEnabled() for a in selection_actions)
    actions.copy_action.trigger()
    assert actions.paste_action.isEnabled()
    second = win.add_editor(untitled_document())
    assert not actions.copy_action.isEnabled()      # the new tab has no selection
    assert not actions.select_all_action.isEnabled()  # … and no elements
    assert actions.paste_action.isEnabled()
    win.tabs.setCurrentIndex(0)
    assert actions.copy_action.isEnabled()
    set_clipboard_text("just some words")
    assert not actions.paste_action.isEnabled()
    second.tools.place("coin")
    win.tabs.setCurrentWidget(second)
    assert actions.rotate_cw_action.isEnabled()  # R turns the element being placed


# --- undo / redo ----------------------------------------------------------------------------------
def test_undo_and_redo_follow_the_current_tab(win: MainWindow, actions, every_kind, qtbot):
    first = win.current_editor()
    first.select_ids(["coin1"])
    qtbot.keyClick(first.view, Qt.Key.Key_Right)
    second = win.add_editor(every_kind)
    assert not actions.undo_action.isEnabled()
    actions.undo_action.trigger()
    assert first.document.element("coin1").x_mm == 421
    win.tabs.setCurrentWidget(first)
    assert actions.undo_action.isEnabled()
    assert "Nudge" in actions.undo_action.text()
    qtbot.keyClick(first.view, Qt.Key.Key_Z, CTRL)
    assert first.document.element("coin1").x_mm == 420
    assert actions.redo_action.isEnabled()
    actions.redo_action.trigger()
    assert first.document.element("coin1").x_mm == 421
    assert second.document.undo_stack.count() == 0


# --- delete, duplicate, select all ----------------------------------------------------------------
@pytest.mark.parametrize("key", [Qt.Key.Key_Delete, Qt.Key.Key_Backspace])
def test_delete_and_undo_restore_ids_and_order(win: MainWindow, key, qtbot):
    editor = win.current_editor()
    before = win.document.elements
    editor.select_ids(["g1", "coin1", "pipeB", "grass"])
    qtbot.keyClick(editor.view, key)
    assert ids_of(win) == [e.id for e in before if e.id not in {"g1", "coin1", "pipeB", "grass"}]
    assert editor.selected_ids() == []
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert win.document.elements == before
    items = editor.scene.element_items()
    assert [i.element_id for i in items] == [e.id for e in before]
    assert [i.zValue() for i in items] == list(range(len(before)))


def test_duplicate_offsets_copies_and_selects_them(win: MainWindow, qtbot):
    editor = win.current_editor()
    editor.select_ids(["pipeA", "pipeB", "coin1"])
    qtbot.keyClick(editor.view, Qt.Key.Key_D, CTRL)
    new_ids = editor.selected_ids()
    assert len(new_ids) == 3 and not set(new_ids) & {"pipeA", "pipeB", "coin1"}
    copies = {win.document.element(i).kind: win.document.element(i) for i in new_ids}
    assert (copies["coin"].x_mm, copies["coin"].y_mm) == (430, 225)
    pipes = [win.document.element(i) for i in new_ids if i.startswith("pipe")]
    assert {p.pair for p in pipes} == {p.id for p in pipes}  # the copied pair links to itself
    assert win.document.undo_stack.count() == 1
    assert win.document.undo_stack.undoText() == "Duplicate 3 elements"
    win.document.undo_stack.undo()
    assert len(win.document) == 18


def test_select_all(win: MainWindow, qtbot):
    editor = win.current_editor()
    qtbot.keyClick(editor.view, Qt.Key.Key_A, CTRL)
    assert editor.selected_ids() == ids_of(win)
    assert win.selection_text() == "18 of 18 elements selected"
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert editor.selected_ids() == []


def test_select_all_leaves_the_place_tool(win: MainWindow, actions):
    editor = win.current_editor()
    editor.tools.place("coin")
    actions.select_all_action.trigger()
    assert editor.tools.placing_kind() is None
    assert len(editor.selected_ids()) == 18


# --- clipboard ------------------------------------------------------------------------------------
def test_copy_sets_our_mime_type_and_plain_text(win: MainWindow, actions):
    win.current_editor().select_ids(["box2", "coin1"])
    actions.copy_action.trigger()
    data = QGuiApplication.clipboard().mimeData()
    assert data.hasFormat(MIME_TYPE) and data.hasText()
    assert [e.id for e in elements_from_json(data.text())] == ["box2", "coin1"]
    assert json.loads(bytes(data.data(MIME_TYPE)).decode()) == json.loads(data.text())
    assert win.document.undo_stack.count() == 0


def test_copy_and_paste_into_another_tab_offset_from_the_originals(win: MainWindow, actions, every_kind):
    first = win.current_editor()
    first.select_ids(["pipeA", "pipeB", "bill"])
    actions.copy_action.trigger()
    second = win.add_editor(every_kind)
    pointer_leaves(second)
    actions.paste_action.trigger()
    pasted = second.selected_ids()
    assert len(pasted) == 3 and second.document.undo_stack.count() == 1
    elements = {i: second.document.element(i) for i in pasted}
    originals = {e.kind: e for e in (first.document.element(i) for i in ("pipeA", "bill"))}
    copies = {e.kind: e for e in elements.values()}
    assert (copies["bullet_bill"].x_mm, copies["bullet_bill"].y_mm) == (originals["bullet_bill"].x_mm + 10,
                                                                        originals["bullet_bill"].y_mm + 10)
    assert copies["bullet_bill"].launcher in pasted  # links follow the copies
    # A second paste lands a step further, not on top of the first.
    actions.paste_action.trigger()
    again = {second.document.element(i).kind: second.document.element(i) for i in second.selected_ids()}
    assert again["bullet_bill"].x_mm == originals["bullet_bill"].x_mm + 20
    assert len(first.document) == 18 and first.document.undo_stack.count() == 0


def test_cut_then_paste_at_the_pointer_in_another_tab(win: MainWindow, actions, qtbot):
    first = win.current_editor()
    first.select_ids(["coin1", "thwomp"])
    qtbot.keyClick(first.view, Qt.Key.Key_X, CTRL)
    assert first.document.element("coin1") is None and first.document.element("thwomp") is None
    assert first.document.undo_stack.count() == 1 and first.document.undo_stack.undoText().startswith("Cut")
    second = win.add_editor(untitled_document())
    qtbot.waitUntil(lambda: second.view.zoom_percent() < 99)  # fitted once the tab is laid out
    second.layout().activate()  # rulers, if any, take their place before we aim at the canvas
    QApplication.processEvents()
    second.view.setFocus()
    point = second.view.mapFromScene(QPointF(800, 500))
    # Two moves: Qt drops a move to where the pointer already is (it may be there from an earlier test).
    qtbot.mouseMove(second.view.viewport(), point + QPoint(7, 7))
    qtbot.mouseMove(second.view.viewport(), point)
    qtbot.keyClick(second.view, Qt.Key.Key_V, CTRL)
    assert second.selected_ids() == ["coin1", "thwomp"]  # no clash in the new document: ids kept
    coin, thwomp = (second.document.element(i) for i in ("coin1", "thwomp"))
    at = second.view.mapToScene(point)
    centre = ((coin.x_mm + thwomp.x_mm) / 2, (coin.y_mm + thwomp.y_mm) / 2)
    assert centre == pytest.approx((at.x(), at.y()), abs=0.01)  # positions are stored to 0.01 mm
    assert thwomp.x_mm - coin.x_mm == pytest.approx(30) and thwomp.rotation_deg == 30
    first.document.undo_stack.undo()
    assert len(first.document) == 18


def test_paste_reads_plain_text_and_snaps_with_snapping_on(win: MainWindow, actions, qtbot):
    editor = win.current_editor()
    coin = win.document.element("coin1")
    set_clipboard_text(json.dumps({"format": "kartographer-elements",
                                   "elements": [moved(coin, 3.3, 1.1).model_dump(mode="json")]}))
    assert actions.paste_action.isEnabled()
    actions.snap_action.setChecked(True)
    qtbot.mouseMove(editor.view.viewport(), editor.view.mapFromScene(QPointF(290, 290)))
    qtbot.mouseMove(editor.view.viewport(), editor.view.mapFromScene(QPointF(302, 299)))
    actions.paste_action.trigger()
    (new_id,) = editor.selected_ids()
    assert new_id != "coin1"
    new = win.document.element(new_id)
    assert (new.x_mm, new.y_mm) == pytest.approx((47 * 6.35, 47 * 6.35))


def test_bad_clipboard_content_is_reported_in_the_status_bar(win: MainWindow, actions):
    set_clipboard_text('{"format": "kartographer-elements", "elements": [{"kind": "banana"}]}')
    assert actions.paste_action.isEnabled()
    actions.paste_action.trigger()
    assert win.statusBar().currentMessage().startswith("Cannot paste")
    assert len(win.document) == 18 and win.document.undo_stack.count() == 0
    set_clipboard_text('{"format": "kartographer-elements", "elements": [')
    actions.paste()
    assert win.statusBar().currentMessage().startswith("Cannot paste")


# --- z-order and rotation -------------------------------------------------------------------------
def test_bring_to_front_and_send_to_back(win: MainWindow, actions, qtbot):
    editor = win.current_editor()
    before = ids_of(win)
    editor.select_ids(["sf", "box1"])
    actions.bring_front_action.trigger()
    assert ids_of(win)[-2:] == ["sf", "box1"]
    assert editor.scene.item_for("box1").zValue() == 17
    editor.select_ids(["grass", "chomp"])
    actions.send_back_action.trigger()
    assert ids_of(win)[:2] == ["chomp", "grass"]
    assert editor.scene.item_for("chomp").zValue() == 0
    win.document.undo_stack.undo()
    win.document.undo_stack.undo()
    assert ids_of(win) == before


def test_rotate_actions_turn_the_selection(win: MainWindow, actions):
    win.current_editor().select_ids(["ramp"])
    actions.rotate_cw_action.trigger()
    assert win.document.element("ramp").rotation_deg == pytest.approx(-75)
    actions.rotate_ccw_action.trigger()
    actions.rotate_ccw_action.trigger()
    assert win.document.element("ramp").rotation_deg == pytest.approx(-105)
    assert (win.document.element("ramp").x_mm, win.document.element("ramp").y_mm) == pytest.approx((260, 580))


def test_snap_to_grid_applies_to_every_tab(win: MainWindow, actions, every_kind):
    first = win.current_editor()
    assert not actions.snap_action.isChecked() and not first.tools.snap_to_grid
    actions.snap_action.trigger()
    assert first.tools.snap_to_grid
    second = win.add_editor(every_kind)
    assert second.tools.snap_to_grid
    actions.snap_action.trigger()
    assert not first.tools.snap_to_grid and not second.tools.snap_to_grid


def test_show_grid_hides_the_grid_lines_in_every_tab_and_is_remembered(win: MainWindow, actions, every_kind):
    from PySide6.QtGui import QImage, QPainter

    from designer.app.settings import SHOW_GRID, Settings

    def table_image(editor) -> QImage:
        image = QImage(400, 400, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        editor.scene.render(painter, QRectF(0, 0, 400, 400), QRectF(5, 5, 30, 30))  # a bare corner of the table
        painter.end()
        return image

    first = win.current_editor()
    with_grid = table_image(first)
    assert actions.grid_action.isChecked() and len({with_grid.pixel(x, 200) for x in range(400)}) > 1
    actions.grid_action.trigger()
    plain = table_image(first)
    assert len({plain.pixel(x, y) for x in range(0, 400, 7) for y in range(0, 400, 7)}) == 1  # table colour only
    second = win.add_editor(every_kind)
    assert not second.scene.show_grid
    assert Settings().get(SHOW_GRID, True) is False
    actions.grid_action.trigger()
    assert first.scene.show_grid and second.scene.show_grid
