"""A file the editor would never write still opens, so the user can fix it: a track of one point (or of
points 1e-12 apart, or a closed one folded back on itself), scenery with no area or crossing itself.
The window shows it, draws it, and lists the problem; nothing raises (pytest-qt fails a test on an
exception in any Qt callback)."""

from __future__ import annotations

import json
import math
import warnings

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from designer.app import main as app_main
from designer.canvas.items import TrackSurfaceItem
from tests.gui.conftest import every_kind_data

P = [300.0, 300.0]


def star(points: int = 499, step: int = 199, radius: float = 60.0) -> list[list[float]]:
    return [[radius * math.cos(2 * math.pi * i * step / points), radius * math.sin(2 * math.pi * i * step / points)]
            for i in range(points)]


def _with_track(centerline, closed):
    def change(data):
        data["track"] = {"centerline": centerline, "closed": closed, "width_mm": 260}
    return change


def _with_rock(polygon):
    def change(data):
        next(e for e in data["elements"] if e["id"] == "rock")["polygon"] = polygon
    return change


CASES = {
    "one point, closed": (_with_track([P] * 4, True), "degenerate-track"),
    "one point, open": (_with_track([P, P], False), "degenerate-track"),
    "1e-12 apart": (_with_track([P, [P[0] + 1e-12, P[1]], [P[0], P[1] + 1e-12]], True), "degenerate-track"),
    "closed, first == last only": (_with_track([P, [700.0, 300.0], P], True), "degenerate-track"),
    "scenery on one line": (_with_rock([[0, 0], [50, 0], [100, 0]]), "degenerate-scenery"),
    "scenery crossing itself": (_with_rock(star()), "scenery-self-crossing"),
}


@pytest.mark.parametrize("name", CASES)
def test_a_degenerate_file_opens_and_shows_its_problem(qtbot, tmp_path, errors, name):
    change, code = CASES[name]
    data = {"format": "kartographer-track", "schema_version": 1, **every_kind_data()}
    change(data)
    path = tmp_path / "odd.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        win = app_main.open_main_window([str(path)])
        qtbot.addWidget(win)
        qtbot.waitExposed(win)
        editor = win.current_editor()
        assert editor.document.path is not None and str(editor.document.path) == str(path)
        qtbot.waitUntil(lambda: editor.checks.has_run, timeout=10_000)
        shown = [(p.code, p.severity) for p in win.checks.pane.rows(visible_only=False)]
        assert (code, "error") in shown
        surfaces = [i for i in win.scene.items() if isinstance(i, TrackSurfaceItem)]
        assert len(surfaces) == 1
        image = QImage(400, 300, QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        win.scene.render(painter, QRectF(0, 0, 400, 300), QRectF(0, 0, 1219.2, 914.4))
        painter.end()
    assert errors == []
