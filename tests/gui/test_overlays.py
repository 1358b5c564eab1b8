"""View ▸ Overlays (ramp zones, boost push, Thwomps, Bullet Bill, warp links) and the figure-8 crossover."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from designer.app import image_export
from designer.app.window import MainWindow
from designer.canvas.overlays import OVERLAY_Z, OverlayItem
from designer.document.operations import move_elements
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.systems.mk_gaslands.overlays import OVERLAYS

#: The Gaslands overlays (the documents here are Gaslands ones), in menu order.
OVERLAY_KINDS = {overlay.name: overlay.title for overlay in OVERLAYS}

FIGURE_EIGHT = TEMPLATES_DIR / "mushroom-cup-bonus-figure-eight.track.json"


def overlay(window: MainWindow) -> OverlayItem:
    return window.current_editor().overlay_item


def toggle(window: MainWindow, kind: str, on: bool = True) -> None:
    action = window.overlay_controller.actions[kind]
    if action.isChecked() != on:
        action.trigger()


def test_the_overlays_submenu_has_one_checkable_toggle_per_kind(window: MainWindow):
    menus = [a.menu() for a in window.menus["View"].actions() if a.menu() is not None]
    submenu = next(m for m in menus if m.title().replace("&", "") == "Overlays")
    reach, *checkable = [a for a in submenu.actions() if a.isCheckable()]
    assert reach.text() == "&Reach Rings" and reach.isChecked()  # the hazards' rings show by default
    assert [a.text() for a in checkable] == list(OVERLAY_KINDS.values())
    assert not any(a.isChecked() for a in checkable)


def test_the_overlay_item_is_an_inert_aid_above_everything(window: MainWindow):
    item = overlay(window)
    assert item.scene() is window.scene
    assert item not in window.scene.items_by_id.values() and item is not window.scene.surface_item
    assert item.zValue() == OVERLAY_Z > max(i.zValue() for i in window.scene.items_by_id.values())
    assert not item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
    assert item.boundingRect().isEmpty()  # nothing is shown until asked
    assert all(item.shapes(kind) == [] for kind in OVERLAY_KINDS)


@pytest.mark.parametrize(("kind", "count"), [("ramps", 3), ("boost", 2), ("thwomps", 1),
                                             ("bullet_bill", 1), ("warp_links", 1)])
def test_each_toggle_adds_its_drawing_and_takes_it_away(window: MainWindow, kind: str, count: int):
    item = overlay(window)
    toggle(window, kind)
    assert len(item.shapes(kind)) == count
    assert not item.boundingRect().isEmpty()
    assert all(item.shapes(other) == [] for other in OVERLAY_KINDS if other != kind)
    toggle(window, kind, False)
    assert item.shapes(kind) == [] and item.boundingRect().isEmpty()


def test_ramp_zones_are_labelled_by_gear_and_the_hoop_shown(window: MainWindow):
    toggle(window, "ramps")
    shapes = {s.role: s for s in overlay(window).shapes("ramps")}
    assert set(shapes) == {"medium", "long", "hoop"}
    assert shapes["medium"].label == "gear 2–3" and shapes["long"].label == "gear 4+"
    # the ramp faces up the table (-90°): the Long zone lies further up than the Medium one, the hoop nearest
    ys = {role: s.path.boundingRect().center().y() for role, s in shapes.items()}
    assert ys["long"] < ys["medium"] < ys["hoop"] < 580


def test_bullet_bill_path_has_steps_and_a_reason_to_stop(window: MainWindow):
    toggle(window, "bullet_bill")
    (flight,) = overlay(window).shapes("bullet_bill")
    assert len(flight.dots) >= 1
    assert flight.label and flight.role in ("left_track", "left_table", "hit_scenery", "max_steps")
    start = flight.path.elementAt(0)
    assert (start.x, start.y) == (80, 80)  # from the launcher pipe, not the plate


def test_overlays_follow_edits_after_a_short_pause(window: MainWindow, qtbot):
    toggle(window, "ramps")
    item = overlay(window)
    before = {s.role: s.path.boundingRect() for s in item.shapes("ramps")}
    bounds = item.boundingRect()
    move_elements(window.document, ["ramp"], 100.0, 0.0)
    qtbot.waitUntil(lambda: item.shapes("ramps")[0].path.boundingRect() != before["medium"], timeout=2000)
    after = {s.role: s.path.boundingRect() for s in item.shapes("ramps")}
    for role, rect in before.items():
        assert after[role].center().x() == pytest.approx(rect.center().x() + 100.0)
        assert after[role].center().y() == pytest.approx(rect.center().y())
    assert item.boundingRect() != bounds
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: item.shapes("ramps")[0].path.boundingRect() == before["medium"], timeout=2000)


def test_toggles_belong_to_the_window_and_reach_new_tabs(window: MainWindow, every_kind):
    toggle(window, "thwomps")
    first = overlay(window)
    editor = window.add_editor(every_kind)
    assert window.current_editor() is editor
    assert overlay(window) is not first and overlay(window).is_enabled("thwomps")
    assert len(overlay(window).shapes("thwomps")) == 1
    toggle(window, "thwomps", False)
    assert not first.is_enabled("thwomps") and not overlay(window).is_enabled("thwomps")
    toggle(window, "boost")
    window.overlay_controller.hide_all_action.trigger()
    assert not any(a.isChecked() for a in window.overlay_controller.actions.values())
    assert overlay(window).enabled() == set()


def test_overlays_are_never_hit_by_the_mouse(window: MainWindow):
    toggle(window, "ramps")
    centre = overlay(window).shapes("ramps")[0].path.boundingRect().center()
    assert overlay(window) not in window.scene.items(QPointF(centre))
    assert overlay(window) not in window.scene.items(QRectF(0, 0, 1300, 1000))


def test_exported_images_leave_the_overlays_out(window: MainWindow):
    plain = image_export.render_image(window.scene, px_per_mm=1.0)
    for kind in OVERLAY_KINDS:
        toggle(window, kind)
    assert overlay(window).isVisible() and not overlay(window).boundingRect().isEmpty()
    with_overlays = image_export.render_image(window.scene, px_per_mm=1.0)
    assert with_overlays == plain
    # …while the canvas itself does paint them
    rect = image_export.export_rect(window.scene)
    canvas = QImage(plain.size(), QImage.Format.Format_ARGB32_Premultiplied)
    canvas.fill(0)
    painter = QPainter(canvas)
    window.scene.render(painter, QRectF(0, 0, canvas.width(), canvas.height()), rect)
    painter.end()
    overlay(window).setVisible(False)
    bare = QImage(canvas.size(), canvas.format())
    bare.fill(0)
    painter = QPainter(bare)
    window.scene.render(painter, QRectF(0, 0, bare.width(), bare.height()), rect)
    painter.end()
    overlay(window).setVisible(True)
    assert canvas != bare
    assert overlay(window).isVisible()  # put back after the export


# --- the figure-8 crossover -----------------------------------------------------------------------
def test_the_figure_eight_template_is_drawn_with_one_crossover(qtbot, errors):
    window = MainWindow(load_track(FIGURE_EIGHT), FIGURE_EIGHT)
    qtbot.addWidget(window)
    surface = window.scene.surface_item
    (crossing,) = surface.crossings()
    table = window.scene.table_rect()
    assert abs(crossing.x_mm - table.center().x()) < 200 and abs(crossing.y_mm - table.center().y()) < 200
    assert crossing.angle_deg > 30
    image = image_export.render_image(window.scene, px_per_mm=0.5)
    assert not image.isNull()
    window.document.undo_stack.setClean()


def test_a_plain_loop_has_no_crossover(window: MainWindow):
    assert window.scene.surface_item.crossings() == []


def test_reach_rings_can_be_switched_off_and_leave_the_export(qtbot, window):
    from designer.app import image_export

    scene = window.current_editor().scene
    controller = window.overlay_controller
    assert controller.reach_action.isChecked() and scene.show_reach
    with_rings = image_export.render_image(scene, 1.0)
    controller.reach_action.trigger()
    assert not scene.show_reach
    without = image_export.render_image(scene, 1.0)
    assert without != with_rings  # the faint rings were in the picture, now they are not
    controller.reach_action.trigger()
    assert image_export.render_image(scene, 1.0) == with_rings
