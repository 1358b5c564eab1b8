"""The checks in the editor: Problems dock, canvas markers, status counts, Track Report, racing line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from designer.app.checks_setup import DEBOUNCE_MS, EditorChecks, ProblemMarker
from designer.app.image_export import clean_canvas
from designer.app.report_dialog import RacingLineItem, length_text, show_track_report
from designer.app.window import MainWindow
from designer.document.operations import add_elements, delete_elements, move_elements
from designer.geometry.checks import CheckContext
from designer.geometry.figures import track_figures
from designer.io.track_io import load_track
from designer.model.elements import Coin, WarpPipe
from designer.panes.problems import counts_text
from designer.paths import DEFAULT_TRACK


def problem_ids(window: MainWindow) -> list[tuple[str, tuple[str, ...]]]:
    return [(p.code, p.ids) for p in window.checks.pane.rows(visible_only=False)]


def markers(window: MainWindow) -> dict[str, ProblemMarker]:
    return {m.element_id_with_problem: m for m in window.scene.items() if isinstance(m, ProblemMarker)}


@pytest.fixture
def checked(qtbot, window: MainWindow) -> MainWindow:
    """The window once its first debounced check run has been shown."""
    qtbot.waitUntil(lambda: window.current_editor().checks.has_run)
    return window


def test_each_editor_keeps_one_check_context(checked: MainWindow):
    editor = checked.current_editor()
    assert isinstance(editor.checks, EditorChecks)
    assert isinstance(editor.check_context, CheckContext)
    context = editor.check_context
    add_elements(editor.document, [Coin(id="c9", x_mm=600, y_mm=240)])
    editor.checks.run()
    assert editor.check_context is context
    assert context.changed_ids == {"c9"}   # incremental: only the new coin was new to the context


def test_problem_shows_after_the_debounce_and_goes_when_fixed(qtbot, checked: MainWindow):
    document = checked.document
    assert ("pipe-pair-missing", ("pipeC",)) not in problem_ids(checked)
    add_elements(document, [WarpPipe(id="pipeC", x_mm=600, y_mm=80, pair="nowhere")])
    assert ("pipe-pair-missing", ("pipeC",)) not in problem_ids(checked)  # debounced, not yet
    qtbot.waitUntil(lambda: ("pipe-pair-missing", ("pipeC",)) in problem_ids(checked), timeout=DEBOUNCE_MS * 8)
    assert "pipeC" in markers(checked)
    assert markers(checked)["pipeC"].severity == "error"
    delete_elements(document, ["pipeC"])
    qtbot.waitUntil(lambda: ("pipe-pair-missing", ("pipeC",)) not in problem_ids(checked), timeout=DEBOUNCE_MS * 8)
    assert "pipeC" not in markers(checked)


def test_edits_in_a_burst_run_the_checks_once(qtbot, checked: MainWindow):
    checks = checked.current_editor().checks
    runs = []
    checks.updated.connect(lambda _c: runs.append(1))
    for i in range(5):
        add_elements(checked.document, [Coin(id=f"burst{i}", x_mm=600 + 10 * i, y_mm=240)])
    qtbot.waitUntil(lambda: len(runs) == 1, timeout=DEBOUNCE_MS * 8)
    qtbot.wait(DEBOUNCE_MS * 2)
    assert len(runs) == 1


def test_clicking_a_row_selects_its_elements_and_centres_them(qtbot, checked: MainWindow):
    pane = checked.checks.pane
    rows = pane.rows(visible_only=False)
    index = next(i for i, p in enumerate(rows) if p.ids == ("g1",))
    checked.current_editor().select_ids([])
    rect = pane.tree.visualRect(pane.row_index(index))
    qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert checked.current_editor().selected_ids() == ["g1"]
    view = checked.view
    centre = view.mapToScene(view.viewport().rect().center())
    g1 = checked.scene.item_for("g1").sceneBoundingRect()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(g1.center())
    assert abs(centre.x() - g1.center().x()) < visible.width() / 2


def test_counts_label_and_filters(qtbot, checked: MainWindow):
    problems = checked.current_editor().checks.problems
    assert checked.checks.counts_text() == counts_text(problems)
    errors = sum(p.severity == "error" for p in problems)
    assert checked.checks.counts_text().startswith(f"{errors} error")
    pane = checked.checks.pane
    assert pane.filters["error"].text() == f"Errors ({errors})"
    pane.filters["error"].setChecked(False)
    assert all(p.severity != "error" for p in pane.rows())
    assert len(pane.rows(visible_only=False)) == len(problems)
    pane.filters["error"].setChecked(True)
    assert len(pane.rows()) == len(problems)
    checked.checks.dock.hide()
    checked.checks.status_button.click()
    assert checked.checks.dock.isVisible()


def test_counts_text_wording():
    assert counts_text([]) == "0 errors · 0 warnings · 0 info"


def test_markers_toggle_and_stay_out_of_exports(qtbot, checked: MainWindow):
    found = markers(checked)
    assert found and all(m.isVisible() for m in found.values())
    assert all(m.zValue() > max(i.zValue() for i in checked.scene.items_by_id.values()) for m in found.values())
    assert not any(m.flags() & m.GraphicsItemFlag.ItemIsSelectable for m in found.values())
    with clean_canvas(checked.scene):
        assert not any(m.isVisible() for m in found.values())
    assert all(m.isVisible() for m in found.values())
    checked.checks.markers_action.trigger()
    assert not checked.checks.markers_action.isChecked()
    assert not any(m.isVisible() for m in markers(checked).values())
    checked.checks.markers_action.trigger()
    assert all(m.isVisible() for m in markers(checked).values())


def test_background_overlays_paint_in_the_view_never_in_an_export(qtbot, checked: MainWindow):
    """The static rings are painted with the view's background; an export draws the scene without them."""
    from designer.app.image_export import render_image

    calls: list[str] = []
    checked.scene.background_overlays.append(lambda painter, rect: calls.append("painted"))
    checked.scene.invalidate()
    checked.view.viewport().grab()
    assert calls
    calls.clear()
    image = render_image(checked.scene, px_per_mm=0.5)
    assert not image.isNull() and calls == []
    assert checked.current_editor().checks.static_rings in checked.scene.background_overlays


def test_racing_line_toggle_adds_and_removes_an_overlay(qtbot, checked: MainWindow):
    def lines() -> list[RacingLineItem]:
        return [i for i in checked.scene.items() if isinstance(i, RacingLineItem)]

    assert lines() == []
    checked.checks.racing_line_action.trigger()
    assert len(lines()) == 1
    line = lines()[0]
    assert len(line.points) > 10
    first = list(line.points)
    document = checked.document
    track = document.track
    move_elements(document, ["g1"], 0.0, 40.0)
    qtbot.waitUntil(lambda: lines() and lines()[0].points != first, timeout=DEBOUNCE_MS * 12)
    assert document.track is track
    checked.checks.racing_line_action.trigger()
    assert lines() == []


def test_report_dialog_shows_the_default_tracks_lap_length(qtbot, errors):
    win = MainWindow(load_track(DEFAULT_TRACK))
    qtbot.addWidget(win)
    dialog = show_track_report(win)
    assert dialog is not None
    figures = track_figures(win.document.snapshot(), win.document.ruleset)
    units = win.document.prop("display_units")
    assert figures["lap_length_mm"] is not None
    assert dialog.values["lap_length"].startswith(length_text(figures["lap_length_mm"], units))
    assert "Long straights" in dialog.values["lap_length"]
    assert dialog.gears.columnCount() == len(figures["activations_per_lap"])
    assert dialog.values["estimate_note"] == figures["estimate_note"]
    assert dialog.counts.rowCount() == len(figures["element_counts"])
    dialog.close()
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()
    assert errors == []


def test_markers_follow_a_moved_element_at_once(qtbot, checked: MainWindow):
    marker = markers(checked)["g1"]
    before = marker.pos()
    move_elements(checked.document, ["g1"], 25.0, 0.0)
    assert marker.pos().x() == pytest.approx(before.x() + 25.0)


def _tooltip_over(qtbot, window: MainWindow, marker: ProblemMarker) -> str:
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=3000)
    viewport = window.view.viewport()
    # on the ring (radius 11 px on screen), off the element's own centre
    point = window.view.mapFromScene(marker.scenePos()) + QPoint(11, 0)
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    return QToolTip.text() if QToolTip.isVisible() else ""


def test_a_markers_tooltip_is_built_when_hovered_and_follows_its_problems(qtbot, checked: MainWindow):
    from PySide6.QtWidgets import QToolTip

    editor = checked.current_editor()
    add_elements(checked.document, [WarpPipe(id="pipeC", x_mm=600, y_mm=80, pair="nowhere")])
    editor.checks.run()
    marker = markers(checked)["pipeC"]
    assert marker.toolTip() == ""  # not built by the run
    text = _tooltip_over(qtbot, checked, marker)
    assert text.startswith("error: ") and "nowhere" in text and marker.toolTip() == text
    delete_elements(checked.document, ["pipeC"])
    add_elements(checked.document, [WarpPipe(id="pipeC", x_mm=600, y_mm=80, pair="elsewhere")])
    editor.checks.run()
    marker = markers(checked)["pipeC"]
    again = _tooltip_over(qtbot, checked, marker)
    assert "elsewhere" in again and "nowhere" not in again
    marker.set_problems([p._replace(message="changed") for p in marker.problems])
    assert marker.toolTip() == "" and "changed" in _tooltip_over(qtbot, checked, marker)
    QToolTip.hideText()


def _ring_pixels(window: MainWindow, scene_x: float, scene_y: float, colour) -> int:
    """How many pixels of the severity's colour the canvas shows on a marker's ring centred there."""
    from designer.app.problem_markers import MARKER_RADIUS_PX

    image = window.view.viewport().grab().toImage()
    centre = window.view.mapFromScene(scene_x, scene_y)
    r = round(MARKER_RADIUS_PX)
    found = 0
    for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r)):
        pixel = image.pixelColor(centre.x() + dx, centre.y() + dy)
        found += abs(pixel.red() - colour.red()) + abs(pixel.green() - colour.green()) \
            + abs(pixel.blue() - colour.blue()) < 60
    return found


def test_a_drag_moves_the_live_rings_as_one_picture(qtbot, checked: MainWindow, monkeypatch):
    """Selected elements' rings are one picture that a drag moves whole (Qt painted each ring item at every
    step before); a move of only some of them paints it again; a zoom step keeps whole rings; the markers'
    tooltips are found where their elements stand."""
    from designer.panes.problems import SEVERITY_COLORS

    editor = checked.current_editor()
    add_elements(checked.document, [WarpPipe(id="pipeC", x_mm=600, y_mm=300, pair="nowhere"),
                                    WarpPipe(id="pipeD", x_mm=700, y_mm=300, pair="nowhere")])
    editor.checks.run()
    checked.view.set_zoom_percent(100 * 0.6 / checked.view.pixels_per_mm())
    checked.view.centerOn(700, 330)
    checked.view.settle()
    red = SEVERITY_COLORS["error"]
    live = editor.checks.live_markers
    editor.select_ids(["pipeC", "pipeD"])
    assert _ring_pixels(checked, 600, 300, red) == 4 and _ring_pixels(checked, 700, 300, red) == 4
    painted: list[object] = []
    monkeypatch.setattr(ProblemMarker, "paint", lambda self, *args: painted.append(self))
    refreshed: list[int] = []
    refresh = type(live).refresh
    monkeypatch.setattr(type(live), "refresh", lambda self: (refreshed.append(1), refresh(self)))
    move_elements(checked.document, ["pipeC", "pipeD"], 40.0, 20.0)
    assert markers(checked)["pipeC"].pos().x() == pytest.approx(640.0)  # the marker itself at once
    assert (live.pos().x(), live.pos().y()) == pytest.approx((40.0, 20.0)) and not refreshed
    assert _ring_pixels(checked, 640, 320, red) == 4 and _ring_pixels(checked, 740, 320, red) == 4
    assert _ring_pixels(checked, 600, 300, red) == 0
    move_elements(checked.document, ["pipeD"], 0.0, 50.0)  # not one offset for all: painted again
    assert refreshed and (live.pos().x(), live.pos().y()) == (0.0, 0.0)
    assert _ring_pixels(checked, 640, 320, red) == 4 and _ring_pixels(checked, 740, 370, red) == 4
    checked.view.set_zoom_percent(100 * 0.3 / checked.view.pixels_per_mm())  # a ring reaches further
    checked.view.centerOn(700, 330)
    checked.view.settle()
    assert _ring_pixels(checked, 640, 320, red) == 4 and _ring_pixels(checked, 740, 370, red) == 4
    assert painted == []  # Qt never painted a marker item
    assert _tooltip_over(qtbot, checked, markers(checked)["pipeD"]).startswith("error: ")


def test_markers_are_painted_together_or_live_with_their_element(qtbot, checked: MainWindow):
    """An unselected element's ring is painted into the view's cached background over every element there; a
    selected one's by the live rings' item above everything, which moves with it; Qt never paints a marker
    as an item; either way the ring shows where the element is."""
    from designer.canvas import layer

    def painted_together(marker: ProblemMarker) -> bool:
        assert marker.flags() & layer.NO_CONTENTS
        return marker.layered
    from designer.panes.problems import SEVERITY_COLORS

    editor = checked.current_editor()
    add_elements(checked.document, [WarpPipe(id="pipeC", x_mm=600, y_mm=300, pair="nowhere")])
    editor.checks.run()
    # zoomed out so far that a ring reaches past its element's own repainted box
    checked.view.set_zoom_percent(100 * 0.3 / checked.view.pixels_per_mm())
    checked.view.centerOn(630, 330)
    checked.view.settle()  # the zoom's sharp frame (canvas/sharpen.py): the rings are in it
    marker = markers(checked)["pipeC"]
    red = SEVERITY_COLORS["error"]
    assert painted_together(marker) and marker.isVisible()
    assert editor.checks.static_rings in checked.scene.background_overlays
    assert editor.checks.live_markers.zValue() > checked.scene.live_layer.zValue()
    assert _ring_pixels(checked, 600, 300, red) >= 3
    move_elements(checked.document, ["pipeC"], 60.0, 0.0)  # unselected: the layer repaints both places
    assert _ring_pixels(checked, 660, 300, red) >= 3 and _ring_pixels(checked, 600, 300, red) == 0
    editor.select_ids(["pipeC"])
    assert not painted_together(marker)
    assert _ring_pixels(checked, 660, 300, red) >= 3
    move_elements(checked.document, ["pipeC"], 0.0, 60.0)
    assert _ring_pixels(checked, 660, 360, red) >= 3 and _ring_pixels(checked, 660, 300, red) == 0
    editor.select_ids([])
    assert painted_together(marker)
    assert _ring_pixels(checked, 660, 360, red) >= 3
    editor.checks.set_markers_visible(False)
    assert _ring_pixels(checked, 660, 360, red) == 0
    editor.checks.set_markers_visible(True)
    assert _ring_pixels(checked, 660, 360, red) >= 3
