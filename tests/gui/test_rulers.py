"""Rulers: ticks sit where their scene coordinates are drawn, follow scroll and zoom, switch units."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QMouseEvent
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.canvas.rulers import EditorRulers, Ruler, attach_rulers
from designer.commands.document import ChangeProperties
from designer.geometry.units import to_mm


@pytest.fixture
def editor(window: MainWindow):
    return window.current_editor()


def global_view_pos(view, x_mm: float, y_mm: float) -> QPointF:
    """Where a scene point is drawn, in global (screen) pixels — float, from the view's transform."""
    local = view.viewportTransform().map(QPointF(x_mm, y_mm))
    return QPointF(view.viewport().mapToGlobal(QPoint(0, 0))) + local


def global_ruler_pos(ruler: Ruler, pos: float) -> float:
    origin = ruler.mapToGlobal(QPoint(0, 0))
    return origin.x() + pos if ruler.horizontal else origin.y() + pos


def tick_at(ruler: Ruler, label: str):
    marks = [m for m in ruler.tick_marks() if m.label == label]
    assert marks, f"no tick labelled {label!r} in {[m.label for m in ruler.tick_marks() if m.label]}"
    return marks[0]


def assert_ticks_match_the_view(ruler: Ruler, view) -> None:
    majors = [m for m in ruler.tick_marks() if m.tick.major]
    assert len(majors) >= 2
    for mark in majors:
        where = global_view_pos(view, mark.tick.mm, mark.tick.mm)
        expected = where.x() if ruler.horizontal else where.y()
        assert global_ruler_pos(ruler, mark.pos) == pytest.approx(expected, abs=0.01)


def show_inches_at_one_to_one(editor) -> None:
    editor.view.actual_size()
    editor.view.centerOn(254, 254)


def test_every_editor_has_rulers_around_the_view(window: MainWindow, editor, every_kind):
    rulers = editor.rulers
    assert isinstance(rulers, EditorRulers)
    grid = editor.layout_grid
    assert grid.itemAtPosition(0, 1).widget() is rulers.top
    assert grid.itemAtPosition(1, 0).widget() is rulers.left
    assert grid.itemAtPosition(0, 0).widget() is rulers.corner
    assert rulers.corner.text() == "in"
    assert attach_rulers(editor) is rulers  # once only
    other = window.add_editor(every_kind)
    assert isinstance(other.rulers, EditorRulers) and other.rulers is not rulers


def test_a_tick_labelled_10_in_sits_at_254_mm(editor):
    show_inches_at_one_to_one(editor)
    top, left = editor.rulers.top, editor.rulers.left
    ten = tick_at(top, "10")
    assert ten.tick.mm == pytest.approx(254.0)
    assert global_ruler_pos(top, ten.pos) == pytest.approx(global_view_pos(editor.view, 254, 0).x(), abs=0.01)
    # and the integer mapping a user sees agrees to the pixel
    view_x = editor.view.viewport().mapToGlobal(editor.view.mapFromScene(QPointF(254, 0))).x()
    assert abs(global_ruler_pos(top, ten.pos) - view_x) <= 1
    ten = tick_at(left, "10")
    assert global_ruler_pos(left, ten.pos) == pytest.approx(global_view_pos(editor.view, 0, 254).y(), abs=0.01)


def test_ticks_follow_scrolling(editor):
    show_inches_at_one_to_one(editor)
    top = editor.rulers.top
    before = tick_at(top, "10").pos
    bar = editor.view.horizontalScrollBar()
    bar.setValue(bar.value() + 40)
    assert tick_at(top, "10").pos == pytest.approx(before - 40, abs=0.01)
    assert_ticks_match_the_view(top, editor.view)
    bar = editor.view.verticalScrollBar()
    bar.setValue(bar.value() + 25)
    assert_ticks_match_the_view(editor.rulers.left, editor.view)


@pytest.mark.parametrize("zoom", [3.0, 15.0, 60.0, 250.0, 450.0, 700.0, 1000.0, 2200.0, 4000.0])
@pytest.mark.parametrize("units", ["in", "mm"])
def test_ticks_follow_zoom_and_labels_never_crowd(editor, zoom, units):
    editor.document.undo_stack.push(ChangeProperties(editor.document, {"display_units": units}))
    editor.view.set_zoom_percent(zoom)
    for ruler in (editor.rulers.top, editor.rulers.left):
        assert_ticks_match_the_view(ruler, editor.view)
        metrics = QFontMetricsF(ruler.font())
        labelled = [m for m in ruler.tick_marks() if m.label]
        for a, b in itertools.pairwise(labelled):
            assert b.pos - a.pos >= metrics.horizontalAdvance(a.label) + 4
        minor = [m.pos for m in ruler.tick_marks()]
        assert all(b - a >= 4.9 for a, b in itertools.pairwise(minor))


def test_units_follow_the_display_units(editor):
    show_inches_at_one_to_one(editor)
    document = editor.document
    document.undo_stack.push(ChangeProperties(document, {"display_units": "cm"}))
    editor.view.centerOn(100, 100)
    top = editor.rulers.top
    assert top.units == "cm" and editor.rulers.corner.text() == "cm"
    assert top.spacing().units == "cm"
    ten = tick_at(top, "10")
    assert ten.tick.mm == pytest.approx(100.0)
    assert global_ruler_pos(top, ten.pos) == pytest.approx(global_view_pos(editor.view, 100, 0).x(), abs=0.01)
    document.undo_stack.undo()
    assert top.units == "in" and tick_at(top, "2").tick.mm == pytest.approx(to_mm(2, "in"))


def test_the_cursor_marker_follows_the_mouse(editor):
    top, left = editor.rulers.top, editor.rulers.left
    editor.view.cursor_moved.emit(QPointF(100.0, 200.0))
    assert (top.cursor_mm, left.cursor_mm) == (100.0, 200.0)
    center = QPointF(editor.view.viewport().rect().center())
    move = QMouseEvent(QEvent.Type.MouseMove, center, editor.view.viewport().mapToGlobal(center),
                       Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(editor.view.viewport(), move)
    where = editor.view.mapToScene(center.toPoint())
    assert (top.cursor_mm, left.cursor_mm) == (pytest.approx(where.x()), pytest.approx(where.y()))
    marker = round(top.scene_to_ruler(top.cursor_mm))
    image = top.grab().toImage()
    assert image.pixelColor(marker, image.height() - 1) == top.palette().highlight().color()
    QApplication.sendEvent(editor.view.viewport(), QEvent(QEvent.Type.Leave))
    assert top.cursor_mm is None  # the marker goes when the mouse leaves the canvas


def test_choosing_units_from_the_corner_is_undoable(editor):
    from designer.canvas.rulers import change_display_units

    change_display_units(editor.document, "mm")
    assert editor.document.prop("display_units") == "mm"
    assert editor.document.undo_stack.undoText() == "Change display units"
    count = editor.document.undo_stack.count()
    change_display_units(editor.document, "mm")  # no-op: no command
    assert editor.document.undo_stack.count() == count


def test_the_ruler_shades_the_table_extent(editor):
    editor.view.fit_table()
    top = editor.rulers.top
    image = top.grab().toImage()

    def background(start_mm: float, end_mm: float):
        a, b = round(top.scene_to_ruler(start_mm)), round(top.scene_to_ruler(end_mm))
        colors = Counter(image.pixelColor(x, y).name() for x in range(a, b) for y in range(image.height()))
        return colors.most_common(1)[0][0]

    assert background(100, 1100) != background(-40, -5)
