"""Board authoring, the finishing touches, through the real window: shortcut arrows whose stored middle follows
the spaces they join in the same undo step (drag, nudge, rotate, inspector), a placed space's next free number,
the inspector's combo boxes of space ids, the Gates dock's buttons offered by the ruleset, the board's icons."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage

from designer.app.window import MainWindow
from designer.document.operations import add_elements, move_elements, rotate_elements
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.panes.palette import generic_icon, kind_icon
from designer.systems.mk_board.board import new_shortcut

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
LOOP = [(450 + 300 * math.cos(a * math.pi / 6), 330 + 220 * math.sin(a * math.pi / 6)) for a in range(12)]


def board_doc(ruleset: str = "mk-board") -> TrackDocument:
    return TrackDocument(name="Board", ruleset=ruleset, table=Table(width_mm=900, height_mm=660),
                         track=TrackSurface(centerline=LOOP, closed=True, width_mm=40))


def open_window(qtbot, document: TrackDocument) -> MainWindow:
    win = MainWindow(document)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def close_window(win: MainWindow) -> None:
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()


@pytest.fixture
def board(qtbot, errors):
    win = open_window(qtbot, board_doc())
    yield win
    close_window(win)


def spaces(document) -> list:
    return sorted((e for e in document.elements if e.kind == "space"), key=lambda e: e.number)


def laid_with_shortcut(window, first: int = 2, last: int = 8):
    """The loop laid with spaces, and one shortcut from space `first` to space `last` (list positions)."""
    document = window.current_editor().document
    window.menu_actions.qaction("lay_spaces").trigger()
    laid = spaces(document)
    shortcut = new_shortcut(document.elements, laid[first].id, laid[last].id)
    add_elements(document, [shortcut])
    return document, laid, shortcut.id


def middle(document, shortcut_id: str) -> tuple[float, float]:
    shortcut = document.element(shortcut_id)
    a, b = document.element(shortcut.from_space), document.element(shortcut.to_space)
    return (a.x_mm + b.x_mm) / 2.0, (a.y_mm + b.y_mm) / 2.0


# --- 1. a shortcut's stored middle follows its spaces --------------------------------------------
def test_moving_a_space_moves_its_shortcut_in_the_same_undo_step(board):
    document, laid, cut = laid_with_shortcut(board)
    before = document.snapshot()
    old = document.element(cut)
    depth = document.undo_stack.count()
    move_elements(document, [laid[8].id], 0.0, 120.0)
    assert document.undo_stack.count() == depth + 1
    moved = document.element(cut)
    assert (moved.x_mm, moved.y_mm) == pytest.approx(middle(document, cut), abs=0.005)  # stored to 0.01 mm
    assert moved.y_mm == pytest.approx(old.y_mm + 60.0)  # the middle of an end moved 120 mm
    a, b = document.element(moved.from_space), document.element(moved.to_space)
    assert moved.rotation_deg == pytest.approx(math.degrees(math.atan2(b.y_mm - a.y_mm, b.x_mm - a.x_mm)), abs=0.005)
    assert document.undo_stack.undoText() == "Move space"
    document.undo_stack.undo()
    assert document.snapshot() == before
    document.undo_stack.redo()
    assert (document.element(cut).x_mm, document.element(cut).y_mm) == pytest.approx(middle(document, cut),
                                                                                     abs=0.005)


def test_a_drag_and_a_run_of_nudges_of_a_space_are_one_step_each(board, qtbot):
    document, laid, cut = laid_with_shortcut(board)
    editor = board.current_editor()
    space = laid[2]
    depth = document.undo_stack.count()
    view = editor.view
    start = view.mapFromScene(QPointF(space.x_mm, space.y_mm))
    viewport = view.viewport()
    qtbot.mouseMove(viewport, start + QPoint(3, 3))
    qtbot.mouseMove(viewport, start)
    qtbot.mousePress(viewport, LEFT, NO_MOD, start)
    for i in range(1, 7):
        qtbot.mouseMove(viewport, start + QPoint(0, 10 * i))
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, start + QPoint(0, 60))
    assert document.undo_stack.count() == depth + 1
    assert document.element(space.id).y_mm > space.y_mm + 20
    assert (document.element(cut).x_mm, document.element(cut).y_mm) == pytest.approx(middle(document, cut),
                                                                                     abs=0.005)

    editor.select_ids([space.id])
    view.setFocus()
    for _ in range(3):
        qtbot.keyClick(viewport, Qt.Key.Key_Right)
    assert document.undo_stack.count() == depth + 2
    assert (document.element(cut).x_mm, document.element(cut).y_mm) == pytest.approx(middle(document, cut),
                                                                                     abs=0.005)
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.element(space.id) == space
    assert document.element(cut).y_mm == pytest.approx((space.y_mm + laid[8].y_mm) / 2.0, abs=0.005)


def test_rotating_two_spaces_and_the_inspector_move_keep_the_middle(board):
    document, laid, cut = laid_with_shortcut(board)
    depth = document.undo_stack.count()
    rotate_elements(document, [laid[2].id, laid[3].id], 90.0)
    assert document.undo_stack.count() == depth + 1
    assert (document.element(cut).x_mm, document.element(cut).y_mm) == pytest.approx(middle(document, cut),
                                                                                     abs=0.005)

    inspector = board.panes.inspector
    board.current_editor().select_ids([laid[8].id])
    x = inspector.field_editor("x_mm").box
    x.setValue(x.value() + 40.0)
    assert document.element(laid[8].id).x_mm == pytest.approx(laid[8].x_mm + 40.0, abs=0.1)  # shown to 0.1 mm
    assert (document.element(cut).x_mm, document.element(cut).y_mm) == pytest.approx(middle(document, cut),
                                                                                     abs=0.005)
    assert document.undo_stack.count() == depth + 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.element(cut).x_mm == pytest.approx((laid[2].x_mm + laid[8].x_mm) / 2.0, abs=0.005)


def test_a_shortcut_moved_on_its_own_stays_on_its_arrow(board):
    document, _laid, cut = laid_with_shortcut(board)
    depth = document.undo_stack.count()
    move_elements(document, [cut], 50.0, 50.0)
    assert document.undo_stack.count() == depth  # nothing to move: the arrow is where its spaces are
    assert (document.element(cut).x_mm, document.element(cut).y_mm) == pytest.approx(middle(document, cut),
                                                                                     abs=0.005)


# --- 2. a placed space takes the next number -----------------------------------------------------
def test_a_space_placed_from_the_palette_takes_the_next_free_number(board):
    editor = board.current_editor()
    document = editor.document
    tool = editor.tools.place("space")
    first = tool.place(100.0, 100.0)
    assert document.element(first).number == 1 and document.element(first).field == "plain"
    second = tool.place(140.0, 100.0)
    assert document.element(second).number == 2
    assert tool.ghost.element.number == 3  # the ghost shows the number the next click gives
    board.menu_actions.qaction("lay_spaces").trigger()
    count = len(spaces(document))
    third = editor.tools.place("space").place(60.0, 60.0)
    assert document.element(third).number == count + 1
    assert sorted(s.number for s in spaces(document)) == list(range(1, count + 2))
    document.undo_stack.undo()
    assert len(spaces(document)) == count


# --- 3. the inspector's space combos -------------------------------------------------------------
def test_shortcut_ends_are_combos_of_the_spaces_and_a_choice_is_one_undo_step(board):
    document, laid, cut = laid_with_shortcut(board)
    board.current_editor().select_ids([cut])
    inspector = board.panes.inspector
    combo = inspector.field_editor("to_space").box
    assert combo.count() == len(laid)  # every space, no "None": a shortcut must end somewhere
    assert combo.itemText(0) == f"1 — {laid[0].id}"
    assert combo.itemText(11) == f"12 — {laid[11].id}"
    assert [combo.itemData(i) for i in range(combo.count())] == [s.id for s in laid]
    assert combo.currentData() == laid[8].id
    assert inspector.field_editor("from_space").box.currentData() == laid[2].id
    before = document.snapshot()
    depth = document.undo_stack.count()
    index = combo.findData(laid[12].id)
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    shortcut = document.element(cut)
    assert shortcut.to_space == laid[12].id
    assert (shortcut.x_mm, shortcut.y_mm) == pytest.approx(middle(document, cut), abs=0.006)  # stored to 0.01 mm
    assert document.undo_stack.count() == depth + 1
    document.undo_stack.undo()
    assert document.snapshot() == before
    assert combo.currentData() == laid[8].id


# --- 4. the Gates dock offers what the ruleset offers --------------------------------------------
def test_gates_dock_buttons_follow_the_rulesets_kinds(board, qtbot):
    pane = board.authoring.gates_pane
    assert pane.renumber_button.isHidden() and pane.fill_button.isHidden()
    assert pane.summary.text() == "This game system has no gates"
    win = open_window(qtbot, board_doc("mk-gaslands"))
    try:
        pane = win.authoring.gates_pane
        assert not pane.renumber_button.isHidden() and not pane.fill_button.isHidden()
        assert pane.summary.text() == "0 gates — drag to change the order"
    finally:
        close_window(win)


# --- 5. the board's palette icons ----------------------------------------------------------------
def test_board_kinds_have_their_own_icons(board):
    palette = board.edit_controller.palette
    assert {"space", "shortcut"} <= set(palette.kinds())
    generic = generic_icon("S").pixmap(28, 28).toImage()
    for kind in ("space", "shortcut"):
        image = kind_icon(kind).pixmap(28, 28).toImage()
        assert not image.isNull() and image != generic
    red = QImage(kind_icon("shortcut").pixmap(28, 28).toImage())
    assert any(red.pixelColor(x, y).red() > 180 and red.pixelColor(x, y).green() < 80
               for x in range(28) for y in range(28))
    board.resize(1280, 800)
    palette.grab().save("/tmp/board-polish-palette.png")
