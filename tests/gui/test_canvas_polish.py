"""Canvas polish driven through the real widgets: a run of R presses is one undo step, the right-click menus
(element, selection, empty canvas, track surface and control points), View ▸ Zoom to Selection and the
element tooltips."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QContextMenuEvent, QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from designer import i18n
from designer.app.canvas_tooltips import element_tooltip
from designer.app.window import MainWindow
from designer.canvas.tools import SelectTool

from .test_tools import SHIFT, choose_in_palette, hover, px

RIGHT = Qt.MouseButton.RightButton
NO_MOD = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def win(window: MainWindow):
    """The shown window with the keyboard on the canvas; marked saved so it closes afterwards."""
    window.current_editor().view.setFocus()
    yield window
    for editor in window.editors():
        editor.document.undo_stack.setClean()
    window.close()


def select(window: MainWindow, *ids: str) -> None:
    window.current_editor().select_ids(list(ids))


def right_click(qtbot, window: MainWindow, point: QPoint):
    """A right click as the platform delivers it: the press to the tools, then the context-menu event."""
    viewport = window.view.viewport()
    hover(qtbot, window, point)
    qtbot.mousePress(viewport, RIGHT, NO_MOD, point)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    qtbot.mouseRelease(viewport, RIGHT, NO_MOD, point)
    return window.canvas_menus.menu


def entries(menu) -> list[str]:
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def entry(menu, text: str):
    found = [a for a in menu.actions() if a.text().replace("&", "") == text]
    assert found, f"{text!r} not in {entries(menu)}"
    return found[0]


def choose(menu, text: str) -> None:
    action = entry(menu, text)
    assert action.isEnabled(), f"{text!r} is disabled"
    menu.close()
    action.trigger()


# --- R / Shift+R merge ------------------------------------------------------------------------------
def test_a_run_of_rotations_is_one_undo_step_that_restores_exactly(win: MainWindow, qtbot):
    editor = win.current_editor()
    stack = win.document.undo_stack
    before = [win.document.element(i) for i in ("coin1", "thwomp")]
    select(win, "coin1", "thwomp")
    for modifier in (NO_MOD, NO_MOD, NO_MOD, SHIFT):
        qtbot.keyClick(editor.view, Qt.Key.Key_R, modifier)
    assert win.document.element("thwomp").rotation_deg == pytest.approx(60)
    assert stack.count() == 1
    stack.undo()
    assert [win.document.element(i) for i in ("coin1", "thwomp")] == before


def test_rotations_after_another_edit_or_of_another_selection_are_new_steps(win: MainWindow, qtbot):
    editor = win.current_editor()
    stack = win.document.undo_stack
    select(win, "thwomp")
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    qtbot.keyClick(editor.view, Qt.Key.Key_Right)   # a nudge ends the run
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    assert stack.count() == 3
    select(win, "coin1")
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    win.edit_controller.rotate_cw_action.trigger()   # the menu action joins the same run
    assert stack.count() == 4
    assert win.document.element("coin1").rotation_deg == pytest.approx(30)


# --- context menus ----------------------------------------------------------------------------------
ELEMENT_ENTRIES = ["Cut", "Copy", "Paste Here", "Duplicate", "Delete", "Rotate 15° Clockwise",
                   "Rotate 15° Counterclockwise", "Bring to Front", "Send to Back", "Select All of This Kind",
                   "Properties"]


def test_right_click_on_an_element_selects_it_and_offers_the_edit_actions(win: MainWindow, qtbot):
    select(win, "thwomp")
    menu = right_click(qtbot, win, px(win, 420, 215))
    assert entries(menu) == ELEMENT_ENTRIES
    assert win.current_editor().selected_ids() == ["coin1"]
    assert menu.isVisible()
    count = len(win.document)
    choose(menu, "Duplicate")
    assert len(win.document) == count + 1
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert len(win.document) == count


def test_right_click_inside_the_selection_keeps_it_and_acts_on_all_of_it(win: MainWindow, qtbot):
    select(win, "coin1", "thwomp")
    menu = right_click(qtbot, win, px(win, 450, 670))
    assert win.current_editor().selected_ids() == ["coin1", "thwomp"]
    choose(menu, "Rotate 15° Counterclockwise")
    assert win.document.element("thwomp").rotation_deg == pytest.approx(15)
    assert win.document.element("coin1").rotation_deg == pytest.approx(-15)
    thwomp = win.document.element("thwomp")   # it turned about the pair's centre
    menu = right_click(qtbot, win, px(win, thwomp.x_mm, thwomp.y_mm))
    choose(menu, "Delete")
    assert win.document.element("coin1") is None and win.document.element("thwomp") is None


@pytest.mark.focus
def test_select_all_of_this_kind_and_properties(win: MainWindow, qtbot):
    win.activateWindow()  # focus is asserted below: a window left by an earlier test in this process may hold it
    qtbot.waitUntil(win.isActiveWindow, timeout=3000)
    menu = right_click(qtbot, win, px(win, 920, 510))
    choose(menu, "Select All of This Kind")
    assert win.current_editor().selected_ids() == ["box1", "box2"]
    win.panes.inspector_dock.hide()
    menu = right_click(qtbot, win, px(win, 920, 510))
    choose(menu, "Properties")
    inspector = win.panes.inspector
    assert win.panes.inspector_dock.isVisible()
    field = inspector.field_editor("x_mm").widget  # the first field of the form: X of the placement group

    def on_first_field() -> bool:
        focused = win.focusWidget()
        return focused is not None and (focused is field or field.isAncestorOf(focused))

    qtbot.waitUntil(on_first_field, timeout=3000)  # focus moves once the dock is shown: slower on a busy machine


def test_paste_here_lands_on_the_clicked_point(win: MainWindow, qtbot):
    select(win, "coin1")
    win.edit_controller.copy()
    menu = right_click(qtbot, win, px(win, 430, 420))
    assert entries(menu) == ["Paste Here", "Select All"]
    target = win.view.mapToScene(px(win, 430, 420))
    hover(qtbot, win, px(win, 700, 600))   # the pointer is elsewhere by the time the entry is chosen
    choose(menu, "Paste Here")
    (pasted,) = win.current_editor().selected_ids()
    assert pasted != "coin1"
    element = win.document.element(pasted)
    assert (element.x_mm, element.y_mm) == pytest.approx((target.x(), target.y()), abs=0.01)  # model rounding


def test_empty_canvas_menu_select_all_and_disabled_paste(win: MainWindow, qtbot):
    QApplication.clipboard().clear()
    menu = right_click(qtbot, win, px(win, 430, 420))
    assert not entry(menu, "Paste Here").isEnabled()
    choose(menu, "Select All")
    assert len(win.current_editor().selected_ids()) == len(win.document)


def test_insert_and_delete_a_track_point_from_the_menu(win: MainWindow, qtbot):
    stack = win.document.undo_stack
    menu = right_click(qtbot, win, px(win, 700, 200))   # on the surface (the curve bulges out to y 167 here)
    assert entries(menu) == ["Paste Here", "Select All", "Insert Point Here"]
    choose(menu, "Insert Point Here")
    assert len(win.document.track.centerline) == 5
    menu = right_click(qtbot, win, px(win, 260, 240))
    assert "Delete Point" in entries(menu) and "Insert Point Here" not in entries(menu)
    choose(menu, "Delete Point")
    centerline = [tuple(p) for p in win.document.track.centerline]
    assert len(centerline) == 4 and (260, 240) not in centerline
    assert stack.count() == 2
    stack.undo()
    stack.undo()
    assert [tuple(p) for p in win.document.track.centerline] == [(260, 240), (960, 240), (960, 670), (260, 670)]


def test_a_right_click_that_disarms_the_place_tool_opens_no_menu(win: MainWindow, qtbot):
    editor = win.current_editor()
    choose_in_palette(qtbot, win, "coin")
    assert right_click(qtbot, win, px(win, 430, 420)) is None
    assert isinstance(editor.tools.active, SelectTool)
    menu = right_click(qtbot, win, px(win, 430, 420))   # the next one does
    assert menu is not None and menu.isVisible()
    menu.close()


# --- zoom to selection ------------------------------------------------------------------------------
def _viewport_rect_in_scene(window: MainWindow) -> QRectF:
    return window.view.mapToScene(window.view.viewport().rect()).boundingRect()


def test_zoom_to_selection_fits_the_selected_elements(win: MainWindow, qtbot):
    action = win.zoom_selection_action
    assert action in win.menus["View"].actions()
    assert not action.isEnabled()
    fitted = win.view.zoom_percent()
    select(win, "rock", "plant")
    assert action.isEnabled()
    action.trigger()
    rect = QRectF()
    for element_id in ("rock", "plant"):
        rect = rect.united(win.scene.item_for(element_id).sceneBoundingRect())
    shown = _viewport_rect_in_scene(win)
    assert shown.contains(rect)
    assert win.view.zoom_percent() > fitted * 1.5
    # It fills the view in one direction (a 4 % margin each side, plus rounding).
    assert max(rect.width() / shown.width(), rect.height() / shown.height()) > 0.85
    assert shown.center().x() == pytest.approx(rect.center().x(), abs=2)
    assert shown.center().y() == pytest.approx(rect.center().y(), abs=2)


def test_zoom_to_a_lone_coin_is_bounded(win: MainWindow, qtbot):
    select(win, "coin1")
    win.zoom_selection_action.trigger()
    shown = _viewport_rect_in_scene(win)
    assert shown.contains(QPointF(420, 215))
    assert min(shown.width(), shown.height()) >= 150.0   # not blown up to fill the window with one coin


# --- tooltips ---------------------------------------------------------------------------------------
def _tooltip_at(qtbot, window: MainWindow, point: QPoint) -> str:
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=3000)  # Qt hides it after a short fade
    viewport = window.view.viewport()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    return QToolTip.text() if QToolTip.isVisible() else ""


def test_hovering_an_element_shows_its_kind_id_and_key_fields(win: MainWindow, qtbot):
    text = _tooltip_at(qtbot, win, px(win, 960, 455))
    assert "<b>Gate</b> · g1" in text
    assert "Order: 1" in text and "Width: 10.236 in" in text
    assert "Position: 37.795 in, 17.913 in" in text and "Rotation: 90°" in text
    pipe = _tooltip_at(qtbot, win, px(win, 80, 80))
    assert "Warp Pipe" in pipe and "Paired with: pipeB" in pipe
    assert _tooltip_at(qtbot, win, px(win, 430, 420)) == ""
    QToolTip.hideText()


def test_tooltip_escapes_ids_and_speaks_the_language(every_kind):
    goomba = next(e for e in every_kind.elements if e.id == "goomba")
    threat = goomba.model_copy(update={"id": "<b>x</b>", "name": "A & B"})
    text = element_tooltip(threat, "mm")
    assert "&lt;b&gt;x&lt;/b&gt;" in text and "A &amp; B" in text
    try:
        i18n.set_language("de")
        assert element_tooltip(every_kind.elements[1], "cm").startswith("<b>Tor</b> · g1")
    finally:
        i18n.set_language("en")
