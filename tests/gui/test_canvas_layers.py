"""The canvas's two layers: unselected elements in the view's cached background, selected ones live on top.

A drag moves the live layer's picture as a whole; anything else about a live element repaints it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.canvas import layer, style
from designer.document.operations import move_elements, set_placements
from designer.model.edit import placed


def centre_colour(window: MainWindow, element_id: str) -> QColor:
    element = window.document.element(element_id)
    image = window.view.viewport().grab().toImage()
    point = window.view.mapFromScene(QPointF(element.x_mm, element.y_mm))
    return image.pixelColor(point)


def test_selected_items_are_live_and_the_rest_stay_in_the_static_layer(window: MainWindow):
    scene = window.scene
    window.current_editor().select_ids(["coin1", "thwomp"])
    live = [item for item in scene.element_items() if item.live]
    assert {item.element_id for item in live} == {"coin1", "thwomp"}
    assert scene.live_layer.items == sorted(live, key=lambda item: item.zValue())
    assert not any(layer.is_layered(item) for item in live)
    assert all(layer.is_layered(item) for item in scene.element_items() if not item.live)

    window.current_editor().select_ids([])
    assert not any(item.live for item in scene.element_items())
    assert scene.live_layer.items == []


def test_a_selected_element_looks_the_same_on_the_live_layer(window: MainWindow):
    before = centre_colour(window, "thwomp")
    window.current_editor().select_ids(["thwomp"])
    QApplication.processEvents()
    assert centre_colour(window, "thwomp") == before
    window.current_editor().select_ids([])
    QApplication.processEvents()
    assert centre_colour(window, "thwomp") == before


def test_a_drag_moves_the_live_picture_and_undo_puts_everything_back(window: MainWindow):
    document, scene = window.document, window.scene
    ids = ["coin1", "thwomp", "bill", "pipeA"]
    start = {i: (document.element(i).x_mm, document.element(i).y_mm) for i in ids}
    window.current_editor().select_ids(ids)
    for _ in range(3):
        move_elements(document, ids, 2.5, -1.25, merge_key="test-drag")
    assert document.undo_stack.count() == 1  # one merged step
    assert scene.live_layer.pos() == QPointF(7.5, -3.75)  # the picture moved, nothing repainted
    for i in ids:
        assert scene.item_for(i).pos() == QPointF(start[i][0] + 7.5, start[i][1] - 3.75)

    document.undo_stack.undo()
    assert {i: (document.element(i).x_mm, document.element(i).y_mm) for i in ids} == start
    assert scene.live_layer.pos() == QPointF(0.0, 0.0)
    document.undo_stack.redo()
    assert scene.item_for("coin1").pos() == QPointF(start["coin1"][0] + 7.5, start["coin1"][1] - 3.75)


def test_moving_only_part_of_the_live_selection_repaints_it(window: MainWindow):
    scene = window.scene
    window.current_editor().select_ids(["coin1", "thwomp"])
    move_elements(window.document, ["coin1"], 10.0, 0.0)
    assert scene.live_layer.pos() == QPointF(0.0, 0.0)
    assert scene.live_layer.boundingRect().contains(scene.item_for("coin1").sceneBoundingRect())


def test_a_look_change_of_a_live_element_repaints_the_picture(window: MainWindow):
    scene = window.scene
    window.current_editor().select_ids(["thwomp"])
    move_elements(window.document, ["thwomp"], 5.0, 0.0, merge_key="nudge")
    assert scene.live_layer.pos() == QPointF(5.0, 0.0)
    thwomp = window.document.element("thwomp")
    set_placements(window.document, [placed(thwomp, thwomp.x_mm, thwomp.y_mm, 75.0)])
    assert scene.live_layer.pos() == QPointF(0.0, 0.0)
    assert scene.live_layer.boundingRect() == scene.item_for("thwomp").sceneBoundingRect()


def test_a_bill_moved_with_its_launcher_keeps_its_picture(window: MainWindow):
    bill = window.scene.item_for("bill")
    picture = bill.boundingRect()
    move_elements(window.document, ["bill", "pipeA"], 30.0, 20.0)
    assert bill.boundingRect() == picture
    move_elements(window.document, ["bill"], 30.0, 0.0)
    assert bill.boundingRect() != picture  # the link to the launcher stretched


def test_fitting_twice_leaves_the_view_alone(window: MainWindow):
    view = window.view
    view.fit_table()
    transform, scroll = view.transform(), (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    view.fit_table()
    assert view.transform() == transform
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) == scroll
    table = view.mapFromScene(window.scene.table_rect()).boundingRect()
    assert view.viewport().rect().contains(table)


def test_a_minimum_stroke_stays_within_one_device_pixel():
    """Qt's fast hairline stroker takes pens up to one pixel wide; rounding must not push one over."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.setWorldTransform(QTransform.fromScale(0.7, 0.7))
    width = style.stroke(painter, 0.5)
    painter.end()
    assert width * 0.7 <= 1.0
    assert width * 0.7 == pytest.approx(1.0, rel=1e-5)


def test_flat_gradients_take_the_middle_colour():
    stops = ((0.0, QColor(0, 0, 0)), (1.0, QColor(200, 100, 50)))
    brush = style.linear_gradient(QPointF(), QPointF(1, 0), stops, flat=True)
    assert brush.color() == QColor(100, 50, 25)
    three = ((0.0, QColor(0, 0, 0)), (0.25, QColor(100, 100, 100)), (1.0, QColor(250, 250, 250)))
    assert style.radial_gradient(QPointF(), 1.0, three, flat=True).color() == QColor(150, 150, 150)


def test_a_selected_plate_dragged_from_its_launcher_keeps_the_picture_and_moves_its_link(window: MainWindow):
    scene = window.scene
    window.current_editor().select_ids(["bill", "coin1"])
    links = scene.live_layer.links
    before = links.boundingRect()
    assert before.contains(QPointF(80, 80))  # from the plate to the launcher pipe
    move_elements(window.document, ["bill", "coin1"], 40.0, 10.0, merge_key="drag")
    assert scene.live_layer.pos() == QPointF(40.0, 10.0)  # the picture only moved
    assert links.boundingRect() != before and links.boundingRect().contains(QPointF(80, 80))
    window.current_editor().select_ids([])
    assert links.boundingRect().isEmpty()
