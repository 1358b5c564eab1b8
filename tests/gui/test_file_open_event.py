"""macOS hands documents opened from the Finder to the running app as QFileOpenEvent: each opens by its kind."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from designer.app import file_open
from designer.app import main as app_main
from designer.app.window import MainWindow
from designer.paths import TEMPLATES_DIR


def test_a_file_open_event_opens_a_track_tab_and_a_vehicle_editor(window: MainWindow, qtbot, monkeypatch):
    app = QApplication.instance()
    handler = file_open.install(app, window)
    try:
        tabs = window.tabs.count()
        track = TEMPLATES_DIR / "pitchkart-stadium.track.json"
        assert QApplication.sendEvent(app, QFileOpenEvent(str(track)))  # taken by the filter
        assert window.tabs.count() == tabs + 1
        assert window.document.path == track
        opened: list[list[str]] = []
        monkeypatch.setattr(window.document_windows["vehicle"], "open_path",
                            lambda path, parent=None: opened.append([path]))
        vehicle = str(TEMPLATES_DIR / "axles-light-buggy.vehicle.json")
        QApplication.sendEvent(app, QFileOpenEvent(vehicle))
        assert opened == [[vehicle]] and window.tabs.count() == tabs + 1  # a vehicle is no track tab
    finally:
        app.removeEventFilter(handler)


@pytest.mark.parametrize(("platform", "installed"), [("darwin", 1), ("linux", 0), ("win32", 0)])
def test_the_start_up_follows_file_open_events_only_on_macos(window: MainWindow, monkeypatch, platform, installed):
    """Elsewhere the files come on the command line, and a filter on the application sees every event."""
    monkeypatch.setattr(sys, "platform", platform)
    app_main.follow_file_open_events(QApplication.instance(), window)
    assert len(window.findChildren(file_open.FileOpenFilter)) == installed
