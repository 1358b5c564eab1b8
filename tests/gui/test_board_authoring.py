"""Board authoring in Mario Kart Board Game documents through the real window: Lay Spaces Along Track,
insert and delete with renumbering (one undo step each, undo restoring the document exactly), the shortcut
tool's drag and click, the canvas items of spaces and shortcuts."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from designer.app.window import MainWindow
from designer.geometry.route import lap_length
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.systems.mk_board.board import lay_spaces, slot_count
from designer.systems.mk_board.qt.items import ShortcutItem, SpaceItem

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
LOOP = [(450 + 300 * math.cos(a * math.pi / 6), 330 + 220 * math.sin(a * math.pi / 6)) for a in range(12)]


def board_doc(ruleset: str = "mk-board") -> TrackDocument:
    return TrackDocument(name="Board", ruleset=ruleset, table=Table(width_mm=900, height_mm=660),
                         track=TrackSurface(centerline=LOOP, closed=True, width_mm=40))


@pytest.fixture
def board(qtbot, errors):
    win = MainWindow(board_doc())
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()


def spaces(document) -> list:
    return sorted((e for e in document.elements if e.kind == "space"), key=lambda e: e.number)


def px(window, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x, y))


def drag(qtbot, window, start, end, steps: int = 6) -> None:
    a, b = px(window, *start), px(window, *end)
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, a + QPoint(5, 5))
    qtbot.mouseMove(viewport, a)
    qtbot.mousePress(viewport, LEFT, NO_MOD, a)
    for i in range(1, steps + 1):
        qtbot.mouseMove(viewport, a + (b - a) * (i / steps))
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, b)


def test_lay_spaces_action_fills_the_loop_in_one_undo_step(board):
    document = board.current_editor().document
    assert board.menu_actions.qaction("lay_spaces").isEnabled()
    # as many as keep the pitch's clearance tile to tile: the ellipse's bends take more line than 32 mm a space
    expected = len(lay_spaces(document.track, [], document.ruleset).added)
    assert 0.9 * slot_count(lap_length(document.track), 32.0, True) < expected <= lap_length(document.track) / 32.0
    board.menu_actions.qaction("lay_spaces").trigger()
    laid = spaces(document)
    assert len(laid) == expected
    assert [s.number for s in laid] == list(range(1, expected + 1))
    assert [s.field for s in laid].count("start") == 1 and laid[0].field == "start"
    assert document.undo_stack.count() == 1
    items = [board.current_editor().scene.item_for(s.id) for s in laid]
    assert all(isinstance(item, SpaceItem) for item in items)
    document.undo_stack.undo()
    assert spaces(document) == []


def test_relaying_keeps_fields_and_is_undoable(board):
    document = board.current_editor().document
    controller = board.menu_actions.controller("lay_spaces")
    board.menu_actions.qaction("lay_spaces").trigger()
    editor = board.current_editor()
    fifth = spaces(document)[4]
    editor.select_ids([fifth.id])
    board.menu_actions.qaction("cycle_fields").trigger()  # plain → item
    assert document.element(fifth.id).field == "item"
    assert not controller.lay_spaces()  # nothing moves: refused, nothing pushed
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.element(fifth.id).field == "plain"


def test_insert_and_delete_renumber_in_one_step_and_undo_restores_exactly(board):
    document = board.current_editor().document
    editor = board.current_editor()
    controller = board.menu_actions.controller("lay_spaces")
    board.menu_actions.qaction("lay_spaces").trigger()
    laid = spaces(document)
    n = len(laid)
    before = document.snapshot()
    editor.select_ids([laid[2].id])
    new_id = controller.insert_space()
    after_insert = spaces(document)
    assert len(after_insert) == n + 1
    assert document.element(new_id).number == 4
    assert [s.number for s in after_insert] == list(range(1, n + 2))
    assert document.element(laid[3].id).number == 5
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.snapshot() == before

    # a shortcut from space 3 to space 8, then delete space 3: it goes, later spaces close up
    from designer.document.operations import add_elements, delete_elements
    from designer.systems.mk_board.board import new_shortcut
    shortcut = new_shortcut(document.elements, laid[2].id, laid[7].id)
    add_elements(document, [shortcut], "Add shortcut")
    before = document.snapshot()
    depth = document.undo_stack.count()
    delete_elements(document, [laid[2].id])
    assert document.undo_stack.count() == depth + 1
    assert document.element(shortcut.id) is None
    assert [s.number for s in spaces(document)] == list(range(1, n))
    assert document.element(laid[3].id).number == 3
    document.undo_stack.undo()
    assert document.snapshot() == before
    document.undo_stack.redo()
    assert document.element(shortcut.id) is None


def test_shortcut_tool_drag_makes_a_shortcut_and_click_cycles_a_field(board, qtbot):
    document = board.current_editor().document
    controller = board.menu_actions.controller("lay_spaces")
    board.menu_actions.qaction("lay_spaces").trigger()
    laid = spaces(document)
    tool = controller.shortcut_tool()
    assert tool is not None
    a, b = laid[3], laid[9]
    drag(qtbot, board, (a.x_mm, a.y_mm), (b.x_mm, b.y_mm))
    made = [e for e in document.elements if e.kind == "shortcut"]
    assert len(made) == 1
    assert (made[0].from_space, made[0].to_space) == (a.id, b.id)
    assert made[0].x_mm == pytest.approx((a.x_mm + b.x_mm) / 2)
    item = board.current_editor().scene.item_for(made[0].id)
    assert isinstance(item, ShortcutItem)
    length = item.shape().boundingRect()
    assert max(length.width(), length.height()) > 0.5 * math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm))
    depth = document.undo_stack.count()
    drag(qtbot, board, (a.x_mm, a.y_mm), (a.x_mm, a.y_mm), steps=1)  # a click
    assert document.element(a.id).field == "item"
    assert document.undo_stack.count() == depth + 1
    document.undo_stack.undo()
    assert document.element(a.id).field == "plain"


def test_shortcut_arrow_follows_a_moved_space(board):
    document = board.current_editor().document
    board.menu_actions.qaction("lay_spaces").trigger()
    laid = spaces(document)
    from designer.document.operations import add_elements, move_elements
    from designer.systems.mk_board.board import new_shortcut
    shortcut = new_shortcut(document.elements, laid[1].id, laid[6].id)
    add_elements(document, [shortcut])
    item = board.current_editor().scene.item_for(shortcut.id)
    before = item.sceneBoundingRect()
    move_elements(document, [laid[6].id], 0.0, 150.0)
    after = item.sceneBoundingRect()
    assert after.bottom() > before.bottom() + 100


def test_board_actions_are_disabled_for_other_systems(qtbot, errors):
    win = MainWindow(board_doc("mk-gaslands"))
    qtbot.addWidget(win)
    win.show()
    try:
        assert not win.menu_actions.qaction("lay_spaces").isEnabled()
        assert not win.menu_actions.qaction("shortcut_tool").isEnabled()
        assert win.menu_actions.controller("lay_spaces").lay_spaces() is False
    finally:
        for editor in win.editors():
            editor.document.undo_stack.setClean()
        win.close()


def test_screenshot_of_a_board(board, qtbot):
    document = board.current_editor().document
    board.menu_actions.qaction("lay_spaces").trigger()
    laid = spaces(document)
    from designer.document.operations import add_elements
    from designer.systems.mk_board.board import BoardEdit, new_shortcut
    from designer.systems.mk_board.qt.commands import push
    fields = ["item", "booster", "mushroom", "thwomp"]
    push(document, BoardEdit(changed=tuple(s.model_copy(update={"field": fields[i % 4]})
                                           for i, s in enumerate(laid[2::3]))), "fields")
    add_elements(document, [new_shortcut(document.elements, laid[4].id, laid[12].id)])
    board.resize(1280, 800)
    qtbot.wait(50)
    board.grab().save("/tmp/b1/board.png")
    _zoomed_grab(board, "/tmp/b1/zoom.png")


def _zoomed_grab(board, path: str) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    scene = board.current_editor().scene
    image = QImage(1000, 700, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 1000, 700), QRectF(480, 400, 250, 175))
    painter.end()
    image.save(path)
