"""Progressive zoom (canvas/sharpen.py): a zoom step shows the frame before it scaled at once, then the sharp frame
painted between events, which is exactly what painting directly gives, whatever happens in between."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage

from designer.app.window import MainWindow
from designer.canvas import sharpen, sprites
from designer.document.operations import move_elements

from .test_canvas_detail import grid_document


def _fitted(qtbot, progressive: bool) -> MainWindow:
    """More than 500 elements turned every which way, fitted in a 1960×1200 window and drawn."""
    window = MainWindow(grid_document(), install_features=False)
    qtbot.addWidget(window)
    window.resize(1960, 1200)
    window.show()
    qtbot.waitExposed(window)
    window.view.sharpener.enabled = progressive
    window.view.fit_table()
    window.view.viewport().grab()
    return window


@pytest.fixture
def crowded(qtbot):
    """The window zoomed progressively, and its twin, which paints every zoom step directly."""
    window, twin = _fitted(qtbot, True), _fitted(qtbot, False)
    yield window, twin
    for each in (window, twin):
        each.document.undo_stack.setClean()


@pytest.fixture
def one_step_a_slice(monkeypatch):
    """Each slice paints one step of the sharp frame (the table, then a few elements), whatever the clock says."""
    monkeypatch.setattr(sharpen, "SLICE_S", 0.0)


def grab(window: MainWindow) -> QImage:
    return window.view.viewport().grab().toImage()


@pytest.fixture
def sprites_at_once(monkeypatch):
    """Every element of a shared look paints from its sprite, the first one too (canvas/sprites.py paints the
    first directly). Which element of a look comes first depends on what was painted before, so frames painted
    in another order would differ on those elements' rims; like this, any order gives the same pixels."""
    draw = sprites.LookSprites._draw

    def at_once(self, key, item, part, quarter, scale, ratio):
        if key not in self._sprites:
            self._sprites[key] = draw(self, item, part, quarter, scale, ratio)
        return self._sprites[key]

    monkeypatch.setattr(sprites.LookSprites, "_sprite", at_once)


def changed(a: QImage, b: QImage) -> int:
    """How many pixels of `a` and `b` differ by more than 32 levels in a channel."""
    assert a.size() == b.size()
    if a == b:
        return 0
    pixels = [np.frombuffer(image.convertToFormat(QImage.Format.Format_RGB32).constBits(), np.uint8)
              .reshape(image.height(), -1, 4)[:, :image.width(), :3].astype(np.int16) for image in (a, b)]
    return int((np.abs(pixels[0] - pixels[1]).max(axis=2) > 32).sum())


def test_a_zoom_step_shows_the_frame_before_scaled_then_the_sharp_one(crowded, qtbot):
    window, twin = crowded
    view = window.view
    for _ in range(2):
        for each in crowded:
            each.view.zoom_by(1.25)
        first = grab(window)
        assert view.sharpener.busy()  # the scaled frame is on screen, the sharp one on its way
        direct = grab(twin)
        assert not twin.view.sharpener.busy()
        assert changed(first, direct) > 10_000  # blurred, and shifted where pixels fell between two
        qtbot.waitUntil(lambda: not view.sharpener.busy())
        assert grab(window) == direct  # painted in the same order: exactly the same


def test_a_new_zoom_step_mid_way_drops_the_stale_frame(crowded, one_step_a_slice):
    window, twin = crowded
    view = window.view
    view.zoom_by(1.25)
    grab(window)
    for _ in range(3):
        view.sharpener.step()
    stale = view.sharpener._job
    assert stale is not None and stale.painter.isActive()
    view.zoom_by(1.25)
    assert not stale.painter.isActive() and view.sharpener._job is None
    grab(window)  # the new step's scaled frame
    view.settle()
    for _ in range(2):
        twin.view.zoom_by(1.25)
    assert grab(window) == grab(twin)


@pytest.mark.parametrize("repainted_first", [True, False])
def test_an_edit_mid_way_is_not_lost(crowded, one_step_a_slice, sprites_at_once, repainted_first, qtbot):
    """An element the sharp frame has already painted moves: whether Qt repaints the edit before the sharp frame
    lands or after, it shows."""
    window, twin = crowded
    view = window.view
    moved = window.document.elements[3 * 28 + 5]  # a warp pipe in the view's top left
    for each in crowded:
        each.view.zoom_by(1.25)
        grab(each)
    item, pictures = window.scene.item_for(moved.id), window.scene.pictures
    view.sharpener.step()  # the table
    view.sharpener.step()  # the first elements, at the new zoom
    assert pictures._zoom[0] == view.transform().m11()
    while item not in pictures._seen:  # the sharp frame has the pipe where it stood
        view.sharpener.step()
    assert view.sharpener._job is not None
    for each in crowded:
        move_elements(each.document, [moved.id], 90.0, 45.0)
    if repainted_first:
        qtbot.waitUntil(lambda: not view.sharpener._job.kept.isEmpty())  # Qt repainted the edit's places
    view.settle()
    assert grab(window) == grab(twin)
    assert changed(grab(window), _without_the_edit(twin, moved.id)) > 1000


def _without_the_edit(window: MainWindow, element_id: str) -> QImage:
    move_elements(window.document, [element_id], -90.0, -45.0)
    return grab(window)


def test_scrolling_mid_way_moves_the_sharp_frame_with_the_view(crowded, one_step_a_slice, sprites_at_once):
    window, twin = crowded
    for each in crowded:
        for _ in range(2):
            each.view.zoom_by(1.25)
        grab(each)
    window.view.sharpener.step()
    for each in crowded:
        each.view.horizontalScrollBar().setValue(each.view.horizontalScrollBar().value() + 37)
        each.view.verticalScrollBar().setValue(each.view.verticalScrollBar().value() - 23)
        grab(each)
    window.view.settle()
    # Qt paints the strips scrolled into view itself. The twin had painted the elements across their edges
    # before, so it copies them from their own pictures (canvas/pictures.py), which round a pixel here and there.
    assert changed(grab(window), grab(twin)) <= 10


def test_settling_before_the_first_paint_paints_sharp_at_once(crowded):
    window, twin = crowded
    for each in crowded:
        each.view.zoom_by(1.25)
    window.view.settle()
    assert not window.view.sharpener.busy()
    assert grab(window) == grab(twin)
    assert not window.view.sharpener.busy()


def test_a_jump_far_in_or_out_is_painted_sharp_at_once(crowded):
    view = crowded[0].view
    view.zoom_by(sharpen.MAX_SCALED * 1.5)
    grab(crowded[0])
    assert not view.sharpener.busy()
    view.zoom_by(1.0 / (sharpen.MAX_SCALED * 1.5))
    grab(crowded[0])
    assert not view.sharpener.busy()


def test_switched_off_every_step_is_sharp_at_once(crowded):
    view = crowded[1].view
    view.zoom_by(1.25)
    grab(crowded[1])
    assert not view.sharpener.busy()


def _zoomed_part_way(crowded, slices: int):
    """Both windows a step in (each frame grabbed), the progressive one `slices` slices into its sharp frame."""
    for each in crowded:
        each.view.zoom_by(1.25)
        grab(each)
    view = crowded[0].view
    for _ in range(slices):
        view.sharpener.step()
    return view


@pytest.mark.parametrize("repainted_first", [True, False])
def test_elements_deleted_mid_way_are_gone_from_the_sharp_frame(crowded, one_step_a_slice, sprites_at_once,
                                                                 repainted_first, qtbot):
    """Elements the sharp frame has already painted, and some it has not reached, are deleted: the frame that
    lands shows neither (the job still holds their items; painting them must neither fail nor show)."""
    from designer.document.operations import delete_elements

    window, twin = crowded
    view = _zoomed_part_way(crowded, 6)
    assert view.sharpener._job is not None
    gone = [e.id for e in window.document.elements[::7]]
    for each in crowded:
        delete_elements(each.document, gone)
    if repainted_first:
        qtbot.waitUntil(lambda: view.sharpener._job is None or not view.sharpener._job.kept.isEmpty())
    while view.sharpener.busy():
        view.sharpener.step() if view.sharpener._job is not None else view.settle()
    assert grab(window) == grab(twin)


def test_a_game_system_change_mid_way_rebuilds_every_item_and_lands_sharp(crowded, one_step_a_slice, qtbot):
    """Changing the document's ruleset makes every item afresh while the job holds the old ones."""
    from designer.document.operations import change_properties

    window, twin = crowded
    view = _zoomed_part_way(crowded, 4)
    for each in crowded:
        change_properties(each.document, {"ruleset": "mk-board"}, "Game system")
    view.settle()
    qtbot.wait(10)
    assert changed(grab(window), grab(twin)) == 0
