"""The main window: opening documents, one item per element, zoom and pan, rendering, error reporting."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsView

from designer.app import main as app_main
from designer.app.untitled import format_readout
from designer.app.window import MainWindow
from designer.canvas import style
from designer.canvas.items import ITEM_CLASSES, BulletBillItem, TrackSurfaceItem, WarpPipeItem
from designer.canvas.scene import TrackScene, warp_pipe_labels
from designer.canvas.tools.handles import PointHandles
from designer.geometry.track import centerline_points
from designer.io.track_io import load_track
from designer.model import ELEMENT_KINDS
from designer.paths import DEFAULT_TRACK


def visible_scene_rect(view: QGraphicsView) -> QRectF:
    return view.mapToScene(view.viewport().rect()).boundingRect()


def assert_one_item_per_element(scene: TrackScene) -> None:
    assert scene.document is not None
    document = scene.document.snapshot()
    assert list(scene.items_by_id) == [e.id for e in document.elements]
    for index, element in enumerate(document.elements):
        item = scene.items_by_id[element.id]
        assert type(item) is ITEM_CLASSES[element.kind]
        assert item.element == element
        assert item.zValue() == index
        assert item.scene() is scene


@pytest.fixture
def default_track(monkeypatch: pytest.MonkeyPatch, every_kind_file):
    """The shipped default track, or (while the templates are being written) a stand-in file."""
    if DEFAULT_TRACK.is_file():
        return DEFAULT_TRACK
    monkeypatch.setattr(app_main, "DEFAULT_TRACK", every_kind_file)
    return every_kind_file


def test_opens_the_default_track_with_one_item_per_element(qtbot, default_track, errors):
    win = app_main.open_main_window([])
    qtbot.addWidget(win)
    qtbot.waitExposed(win)
    expected = load_track(default_track)
    assert win.document.snapshot() == expected
    assert win.windowTitle() == f"{expected.name} (unsaved)[*] — Kartographer"
    assert win.current_editor().document.path is None  # Save must not overwrite the template
    assert not win.isWindowModified()
    assert_one_item_per_element(win.scene)
    assert errors == []


def test_every_kind_gets_its_own_item_class(window: MainWindow):
    kinds = {e.kind for e in window.document.snapshot().elements}
    assert kinds == set(ELEMENT_KINDS)
    assert_one_item_per_element(window.scene)
    assert len(set(ITEM_CLASSES.values())) == len(ELEMENT_KINDS)


def test_surface_exists_and_lies_inside_the_table(window: MainWindow):
    surface = window.scene.surface_item
    assert isinstance(surface, TrackSurfaceItem)
    assert surface.zValue() < min(item.zValue() for item in window.scene.element_items())
    table = window.scene.table_rect()
    assert table == QRectF(0, 0, 1219.2, 914.4)
    assert table.contains(surface.sceneBoundingRect())


def test_items_follow_the_model_placement(window: MainWindow):
    item = window.scene.items_by_id["thwomp"]
    assert item.pos() == QPointF(450, 670)
    assert item.rotation() == 0  # drawn rotated, so Qt can cache the picture
    assert item.element.rotation_deg == pytest.approx(30)
    moved = item.element.model_copy(update={"x_mm": 500.0, "rotation_deg": -45.0})
    window.document.replace_elements([moved])  # what a command does; the scene follows the signal
    assert item.element is moved
    assert item.pos() == QPointF(500, 670)
    body = item.body().boundingRect()
    # the shape turns with the element: a square thwomp at -45° reaches its half-diagonal
    assert item.shape().boundingRect().width() == pytest.approx(body.width() * 2 ** 0.5, rel=1e-3)


def test_pipe_pairs_are_labelled_and_bullet_bill_points_at_its_launcher(window: MainWindow):
    items = window.scene.items_by_id
    assert isinstance(items["pipeA"], WarpPipeItem)
    assert (items["pipeA"].pair_label, items["pipeB"].pair_label) == ("A", "A\u2032")
    bill = items["bill"]
    assert isinstance(bill, BulletBillItem)
    # The link reaches towards the launcher, so the item's bounds stretch to it.
    assert bill.sceneBoundingRect().contains(QPointF(90, 90))


def test_warp_pipe_labels_follow_list_order_and_ignore_bad_links(every_kind):
    pipe = every_kind.elements[9]
    extra = [
        pipe.model_copy(update={"id": "q1", "pair": None}),
        pipe.model_copy(update={"id": "q2", "pair": "q1"}),   # one side naming the other is enough
        pipe.model_copy(update={"id": "q3", "pair": "nope"}),
        pipe.model_copy(update={"id": "q4", "pair": "q4"}),
    ]
    labels = warp_pipe_labels([*extra, *every_kind.elements])
    assert labels == {"q1": "A", "q2": "A\u2032", "pipeA": "B", "pipeB": "B\u2032"}


def test_zoom_in_and_out_change_the_transform(window: MainWindow):
    view = window.view
    zooms: list[float] = []
    view.zoom_changed.connect(zooms.append)
    before = view.transform().m11()
    window.zoom_in_action.trigger()
    assert view.transform().m11() == pytest.approx(before * 1.25)
    window.zoom_out_action.trigger()
    window.zoom_out_action.trigger()
    assert view.transform().m11() == pytest.approx(before / 1.25)
    assert len(zooms) == 3 and zooms[0] > zooms[1] > zooms[2]


def test_fit_table_shows_the_whole_table(window: MainWindow):
    view = window.view
    table = window.scene.table_rect()
    assert visible_scene_rect(view).contains(table)  # fitted on first show
    for _ in range(5):
        view.zoom_in()
    assert not visible_scene_rect(view).contains(table)
    window.fit_table_action.trigger()
    visible = visible_scene_rect(view)
    assert visible.contains(table)
    # Snug: the table fills most of the view in at least one direction.
    assert max(table.width() / visible.width(), table.height() / visible.height()) > 0.85


def test_actual_size_is_one_to_one(window: MainWindow):
    view = window.view
    window.actual_size_action.trigger()
    assert view.zoom_percent() == pytest.approx(100.0)
    dpi = view.screen().physicalDotsPerInch()
    assert view.transform().m11() == pytest.approx(dpi / 25.4)
    assert window._zoom_label.text() == "100 %"


def test_ctrl_wheel_zooms_and_plain_wheel_scrolls(window: MainWindow, qtbot):
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    view = window.view
    view.actual_size()
    centre = QPointF(view.viewport().rect().center())

    def wheel(modifiers: Qt.KeyboardModifier) -> None:
        event = QWheelEvent(centre, view.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 120),
                            Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), event)

    scroll_before = view.verticalScrollBar().value()
    wheel(Qt.KeyboardModifier.ControlModifier)
    assert view.zoom_percent() == pytest.approx(125.0)
    wheel(Qt.KeyboardModifier.NoModifier)
    assert view.zoom_percent() == pytest.approx(125.0)
    assert view.verticalScrollBar().value() != scroll_before


def test_middle_drag_pans(window: MainWindow, qtbot):
    view = window.view
    view.actual_size()
    bar = view.horizontalScrollBar()
    start = bar.value()
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
    qtbot.mouseMove(viewport, QPoint(300, 300))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    assert bar.value() == start + 100
    assert not view.is_panning()


def test_space_and_left_drag_pans(window: MainWindow, qtbot):
    view = window.view
    view.actual_size()
    bar = view.verticalScrollBar()
    start = bar.value()
    viewport = view.viewport()
    view.setFocus()
    qtbot.keyPress(view, Qt.Key.Key_Space)
    assert viewport.cursor().shape() == Qt.CursorShape.OpenHandCursor
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=QPoint(400, 300))
    assert view.is_panning()
    qtbot.mouseMove(viewport, QPoint(400, 240))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=QPoint(400, 240))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert bar.value() == start + 60
    assert viewport.cursor().shape() == Qt.CursorShape.ArrowCursor


def test_status_bar_shows_cursor_in_display_units(window: MainWindow):
    window.view.cursor_moved.emit(QPointF(254.0, 25.4))
    assert window._cursor_label.text() == "x 10.00 in  y 1.00 in"
    assert window.selection_text() == f"{len(window.document.elements)} elements"
    assert format_readout(123.4, "mm") == "123 mm"
    assert format_readout(123.4, "cm") == "12.3 cm"


def render(scene: TrackScene, source: QRectF, scale: float) -> QImage:
    image = QImage(int(source.width() * scale), int(source.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor(255, 0, 255))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), source)
    painter.end()
    return image


def test_rendering_shows_the_track_on_the_table(window: MainWindow):
    scene = window.scene
    margin = 100.0
    source = scene.table_rect().adjusted(-margin, -margin, margin, margin)
    scale = 0.5
    for item in scene.items():  # the editing handles keep a screen size: at a small view's zoom they cover the line
        if isinstance(item, PointHandles):
            item.hide()
    image = render(scene, source, scale)

    def pixel(point: QPointF) -> QColor:
        return image.pixelColor(int((point.x() - source.left()) * scale), int((point.y() - source.top()) * scale))

    assert pixel(QPointF(-50, -50)) == style.OUTSIDE
    # A point on the centerline, clear of every element, is dark tarmac (or the faint centre dash on it).
    covered = [item.sceneBoundingRect() for item in scene.element_items()]
    free = [QPointF(x, y) for x, y in centerline_points(window.document.track)
            if not any(r.adjusted(-10, -10, 10, 10).contains(QPointF(x, y)) for r in covered)]
    assert free
    for point in free[:: max(1, len(free) // 10)]:
        colour = pixel(point)
        assert colour.lightness() < 140, (point, colour.name())
    # And the table itself, well away from the track, shows the table colour (grid lines aside).
    corner = pixel(QPointF(20, 900))
    assert abs(corner.lightness() - style.TABLE.lightness()) < 30


def test_broken_file_on_the_command_line_opens_untitled(qtbot, broken_file, errors, capsys):
    win = app_main.open_main_window([str(broken_file)])
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: len(errors) == 1)
    document = win.document.snapshot()
    assert document.name == "Untitled"
    assert document.table.width_mm == pytest.approx(1828.8)
    assert document.table.height_mm == pytest.approx(1219.2)
    assert document.ruleset == "mk-gaslands"
    assert win.windowTitle() == "Untitled (unsaved)[*] — Kartographer"
    err = capsys.readouterr().err.strip()
    assert err == errors[0][1]
    assert "broken.track.json" in err and "Traceback" not in err


def test_several_files_open_as_tabs(qtbot, every_kind_file, broken_file, errors):
    win = app_main.open_main_window([str(every_kind_file), str(broken_file), str(DEFAULT_TRACK)])
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: len(errors) == 1)
    assert [e.document.path for e in win.editors()] == [every_kind_file, DEFAULT_TRACK]
    assert win.current_editor() is win.editors()[0]
    win.tabs.setCurrentIndex(1)
    assert win.undo_group.activeStack() is win.editors()[1].document.undo_stack
    assert win.windowTitle().startswith(DEFAULT_TRACK.name)


SMALL_SCREEN_SCRIPT = """
import sys
from PySide6.QtWidgets import QApplication
import designer  # pydantic before Qt
from designer.app.settings import Settings, use_settings_folder
from designer.app.window import MainWindow
app = QApplication([])
free = app.primaryScreen().availableGeometry()
use_settings_folder(sys.argv[1])
win = MainWindow()
win.show()
app.processEvents()
first = win.frameGeometry()
win.resize(free.width() * 2, free.height() * 2)  # as saved on a monitor twice the size
win.move(free.width(), free.height())
Settings().save_window(win)
again = MainWindow()
Settings().restore_window(again)
again.show()
app.processEvents()
print(free.contains(first), free.contains(again.frameGeometry()), first.width(), free.width())
"""


def test_the_window_opens_within_the_screen_and_a_bigger_remembered_one_shrinks_to_it(tmp_path):
    """A small screen (Qt's own offscreen one, 800×800): the first window, and one remembered from a larger
    monitor, both fit its free area."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SMALL_SCREEN_SCRIPT, str(tmp_path)], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    first_fits, restored_fits, width, screen = done.stdout.split()
    assert (first_fits, restored_fits) == ("True", "True") and int(width) <= int(screen) == 800
