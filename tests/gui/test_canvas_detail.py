"""Level of detail by zoom (designer/geometry/detail.py) and the static layer's pictures (canvas/pictures.py).

A crowded table drawn small shows silhouettes in each kind's colour where the elements stand; repaints at one
zoom copy each element's picture instead of painting it again, and give the same image.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.canvas.items import base
from designer.document.operations import change_elements, move_elements
from designer.geometry import detail
from designer.geometry.detail import Detail, detail_level
from designer.model.track import Table, TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

KINDS = ("coin", "item_box", "wandering_threat", "thwomp", "boost_pad", "warp_pipe")
SPACING_MM = 64.0


def grid_document() -> TrackDocument:
    """More elements than `detail.CROWDED`, in a grid with room between them, turned every which way."""
    ruleset = load_ruleset("mk-gaslands")
    elements = []
    columns, rows = 28, 18
    assert columns * rows > detail.CROWDED
    for n in range(columns * rows):
        x, y = 40 + (n % columns) * SPACING_MM, 40 + (n // columns) * SPACING_MM
        kind = KINDS[n % len(KINDS)]
        elements.append(new_element(ruleset, kind, f"{kind}-{n}", x, y, (n * 37) % 360))
    return TrackDocument(name="Grid", table=Table(width_mm=1828.8, height_mm=1219.2), elements=elements)


@pytest.fixture
def grid_window(qtbot):
    window = MainWindow(grid_document(), install_features=False)
    qtbot.addWidget(window)
    window.resize(1960, 1200)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_table()
    yield window
    window.document.undo_stack.setClean()


def test_the_level_switches_at_its_thresholds():
    crowded_simple = detail.SIMPLE_BELOW_PX_CROWDED
    assert detail_level(crowded_simple - 0.01, 10.0, True) is Detail.SIMPLE
    assert detail_level(crowded_simple + 0.01, 10.0, True) is Detail.FLAT
    assert detail_level(200.0, detail.FLAT_BELOW_PX_CROWDED - 0.01, True) is Detail.FLAT
    assert detail_level(200.0, detail.FLAT_BELOW_PX_CROWDED + 0.01, True) is Detail.FULL
    # A sparse table keeps every detail down to small silhouettes, and never flattens.
    assert detail_level(detail.SIMPLE_BELOW_PX - 0.01, 10.0, False) is Detail.SIMPLE
    assert detail_level(detail.SIMPLE_BELOW_PX + 0.01, 10.0, False) is Detail.FULL
    assert detail.shows_hairline(0.5, 1.0) and not detail.shows_hairline(0.5, 0.99)


def test_an_item_on_the_canvas_switches_where_the_rule_says(grid_window: MainWindow):
    item = grid_window.scene.item_for("thwomp-3")
    side = item.body().boundingRect().width()  # 60 mm, unturned body
    image = QImage(8, 8, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    try:
        for px_across, expected in ((detail.SIMPLE_BELOW_PX_CROWDED - 0.5, Detail.SIMPLE),
                                    (detail.SIMPLE_BELOW_PX_CROWDED + 0.5, Detail.FLAT),
                                    (detail.FLAT_BELOW_PX_CROWDED + 0.5, Detail.FULL)):
            painter.resetTransform()
            painter.scale(px_across / side, px_across / side)
            assert item.detail(painter) is expected
    finally:
        painter.end()


def _mean_colour(image: QImage, centre: QPointF, half: int = 2) -> tuple[float, float, float]:
    x0, y0 = round(centre.x()), round(centre.y())
    colours = [image.pixelColor(x, y) for x in range(x0 - half, x0 + half + 1) for y in range(y0 - half, y0 + half + 1)]
    return tuple(sum(getattr(c, part)() for c in colours) / len(colours) for part in ("red", "green", "blue"))


def test_the_simplified_picture_keeps_each_elements_colour_where_it_was(grid_window: MainWindow, monkeypatch):
    """At fit some kinds are silhouettes; each shows its kind's colour at its centre, near what the full
    drawing shows there."""
    window, scene = grid_window, grid_window.scene
    px = window.view.scale_factor()
    simplified = window.view.viewport().grab().toImage()
    monkeypatch.setattr(base, "detail_level", lambda *_args: Detail.FULL)
    scene.invalidate(scene.sceneRect())
    full = window.view.viewport().grab().toImage()

    silhouettes = 0
    for item in scene.element_items():
        size = item.body().boundingRect()
        long_px = max(size.width(), size.height()) * px
        at = window.view.mapFromScene(item.pos()).toPointF()
        lod, drawn = _mean_colour(simplified, at), _mean_colour(full, at)
        if long_px < detail.SIMPLE_BELOW_PX_CROWDED:
            silhouettes += 1
            want = item.simple_colour
            assert max(abs(a - b) for a, b in zip(lod, (want.red(), want.green(), want.blue()), strict=True)) < 8, \
                item.element_id
        # Whatever the level, the element reads as the same colour where it stands.
        assert sum(abs(a - b) for a, b in zip(lod, drawn, strict=True)) < 200, (item.element_id, lod, drawn)
    assert silhouettes > 100  # coins, boxes and Goombas are silhouettes at fit


def test_repaints_at_one_zoom_copy_pictures_and_look_the_same(grid_window: MainWindow):
    window, scene = grid_window, grid_window.scene
    document = window.document
    viewport = window.view.viewport()
    first = viewport.grab().toImage()  # painted directly
    every = [e.id for e in document.elements]
    move_elements(document, every, 10.0, 0.0)
    QApplication.processEvents()
    viewport.grab()  # the second paint at this zoom draws each element's picture
    assert len(scene.pictures._pictures) == len(every)
    assert 0 < scene.pictures.bytes_held() < 64 * 1024 * 1024
    document.undo_stack.undo()
    QApplication.processEvents()
    again = viewport.grab().toImage()  # from the pictures
    # Pictures are copied to the nearest whole pixel: antialiased edges may shift by up to half a pixel
    # (a crowded grid's edges are ~4 % of the view); the insides of the elements are the same.
    assert _differing(first, again) < 0.07
    for item in scene.element_items():
        at = window.view.mapFromScene(item.pos()).toPointF()
        was, now = _mean_colour(first, at), _mean_colour(again, at)
        assert sum(abs(a - b) for a, b in zip(was, now, strict=True)) < 45, item.element_id

    # A look change redraws that element's picture: it reads as a fresh window would paint it.
    thwomp = document.element("thwomp-3")
    change_elements(document, [thwomp.model_copy(update={"rotation_deg": thwomp.rotation_deg + 45})], "turn")
    QApplication.processEvents()
    turned = viewport.grab().toImage()
    assert scene.pictures._pictures[scene.item_for("thwomp-3")][0][0] == scene.item_for("thwomp-3").look
    scene.pictures.clear()
    scene.invalidate(scene.sceneRect())
    fresh = viewport.grab().toImage()  # every element painted afresh
    assert not scene.pictures._pictures
    assert _differing(fresh, turned) < 0.07


def test_a_deleted_element_leaves_no_picture_behind(grid_window: MainWindow):
    from designer.document.operations import delete_elements

    scene = grid_window.scene
    for _ in range(2):
        scene.invalidate(scene.sceneRect())
        grid_window.view.viewport().grab()
    item = scene.item_for("coin-0")
    assert item in scene.pictures._pictures
    delete_elements(grid_window.document, ["coin-0"])
    assert item not in scene.pictures._pictures and item not in scene.pictures._seen


def test_dragging_a_big_selection_leaves_the_static_layer_alone(grid_window: MainWindow, monkeypatch):
    """More elements than the bulk threshold, all selected: they are live, the cached layer is not repainted."""
    from designer.canvas import scene as scene_module

    window, scene = grid_window, grid_window.scene
    ids = [e.id for e in window.document.elements[: scene_module.BULK + 50]]
    window.current_editor().select_ids(ids)
    QApplication.processEvents()
    repainted = []
    monkeypatch.setattr(scene_module.layer, "invalidate", lambda _scene, rect: repainted.append(rect))
    move_elements(window.document, ids, 2.0, 1.0, merge_key="drag")
    assert all(rect.isEmpty() for rect in repainted)
    assert scene.live_layer.pos() == QPointF(2.0, 1.0)
    # Moving as many unselected elements repaints the whole layer at once.
    window.current_editor().select_ids([])
    QApplication.processEvents()
    repainted.clear()
    move_elements(window.document, ids, 2.0, 1.0)
    areas = [rect for rect in repainted if not rect.isEmpty()]
    assert len(areas) == 1 and areas[0].contains(scene.table_rect())


def _differing(a: QImage, b: QImage) -> float:
    """Share of pixels whose colour differs by more than a little."""
    assert a.size() == b.size()
    step, differ, total = 3, 0, 0
    for y in range(0, a.height(), step):
        for x in range(0, a.width(), step):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            total += 1
            if abs(p.red() - q.red()) + abs(p.green() - q.green()) + abs(p.blue() - q.blue()) > 60:
                differ += 1
    return differ / total


def test_a_zoom_step_paints_directly_and_makes_no_pictures(grid_window: MainWindow):
    scene, view = grid_window.scene, grid_window.view
    view.viewport().grab()
    view.zoom_by(1.25)
    view.viewport().grab()  # the frame before, scaled (canvas/sharpen.py)
    view.settle()  # the sharp frame, painted once
    view.viewport().grab()
    assert scene.pictures._zoom[0] == view.transform().m11()
    assert not scene.pictures._pictures  # a picture used once would cost more than it saves


def test_exports_never_use_pictures(grid_window: MainWindow):
    from designer.canvas import layer

    scene = grid_window.scene
    for _ in range(2):
        scene.invalidate(scene.sceneRect())
        grid_window.view.viewport().grab()
    assert scene.pictures._pictures
    image = QImage(400, 300, QImage.Format.Format_ARGB32_Premultiplied)
    drawn = []
    original = scene.pictures.picture

    def spy(*args):
        drawn.append(args)
        return original(*args)

    scene.pictures.picture = spy
    painter = QPainter(image)
    with layer.everything_layered(scene.items_by_id.values()):
        scene.render(painter)
    painter.end()
    assert drawn == []
    assert QColor(image.pixel(200, 150)).isValid()
