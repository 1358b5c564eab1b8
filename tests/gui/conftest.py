"""GUI test set-up: Qt offscreen before it loads, a document with every element kind, a shown main window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from designer.io.track_io import dumps_track
from designer.model import TrackDocument


def every_kind_data() -> dict[str, Any]:
    """A 4′×3′ loop holding every element kind, some rotated, with a linked pair of pipes."""
    return {
        "name": "Every Kind",
        "ruleset": "mk-gaslands",
        "table": {"width_mm": 1219.2, "height_mm": 914.4},
        "display_units": "in",
        "track": {"centerline": [[260, 240], [960, 240], [960, 670], [260, 670]], "closed": True, "width_mm": 260},
        "elements": [
            {"id": "sf", "kind": "start_finish", "x_mm": 600, "y_mm": 240, "width_mm": 260},
            {"id": "g1", "kind": "gate", "x_mm": 960, "y_mm": 455, "rotation_deg": 90, "order": 1, "width_mm": 260},
            {"id": "g2", "kind": "gate", "x_mm": 260, "y_mm": 455, "rotation_deg": -90, "order": 2, "width_mm": 260},
            {"id": "box1", "kind": "item_box", "x_mm": 920, "y_mm": 510, "rotation_deg": 90},
            {"id": "box2", "kind": "item_box", "x_mm": 1000, "y_mm": 510, "rotation_deg": 90, "stack": 2},
            {"id": "coin1", "kind": "coin", "x_mm": 420, "y_mm": 215},
            {"id": "boost", "kind": "boost_pad", "x_mm": 800, "y_mm": 255, "rotation_deg": 10},
            {"id": "dash", "kind": "dash_panel", "x_mm": 620, "y_mm": 670, "rotation_deg": 180, "pads": 3},
            {"id": "ramp", "kind": "ramp", "x_mm": 260, "y_mm": 580, "rotation_deg": -90, "hoop": True},
            {"id": "pipeA", "kind": "warp_pipe", "x_mm": 80, "y_mm": 80, "pair": "pipeB"},
            {"id": "pipeB", "kind": "warp_pipe", "x_mm": 1140, "y_mm": 840, "pair": "pipeA"},
            {"id": "bill", "kind": "bullet_bill", "x_mm": 480, "y_mm": 265, "launcher": "pipeA"},
            {"id": "thwomp", "kind": "thwomp", "x_mm": 450, "y_mm": 670, "rotation_deg": 30},
            {"id": "plant", "kind": "piranha_plant", "x_mm": 90, "y_mm": 460, "range_mm": 75},
            {"id": "chomp", "kind": "chain_chomp", "x_mm": 1120, "y_mm": 300, "reach_mm": 150},
            {"id": "goomba", "kind": "wandering_threat", "x_mm": 780, "y_mm": 640, "name": "Goomba"},
            {"id": "rock", "kind": "scenery", "x_mm": 610, "y_mm": 460,
             "polygon": [[-120, -60], [120, -70], [140, 50], [-100, 70]], "solid": True, "label": "Rock"},
            {"id": "grass", "kind": "scenery", "x_mm": 600, "y_mm": 860, "rotation_deg": 5,
             "polygon": [[-200, -30], [200, -30], [200, 30], [-200, 30]], "solid": False, "label": "Grass"},
        ],
    }


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path, tmp_path_factory, monkeypatch):
    """No GUI test reads or writes the real user's settings or recovery folder: both live in the
    test's own `tmp_path` (`settings/`, `recovery/`)."""
    from PySide6.QtCore import QSettings

    from designer.app.settings import use_settings_folder

    use_settings_folder(tmp_path / "settings")
    monkeypatch.setenv("KARTOGRAPHER_RECOVERY_DIR", str(tmp_path / "recovery"))
    yield
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path_factory.getbasetemp() / "settings-after-tests"))


@pytest.fixture(autouse=True)
def _empty_clipboard_afterwards():
    yield
    # The offscreen platform crashes on exit if the clipboard still holds our QMimeData (any test may cut).
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is not None:  # a test that made no widget has no application
        QGuiApplication.clipboard().clear()


@pytest.fixture
def qt_language_reset(monkeypatch):
    """For tests that install a language the way start-up does (ours and Qt's): no locale variable of the
    machine leaks in, and English, Qt's translators included, is back afterwards."""
    from designer import i18n
    from designer.app.main import application, install_language

    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    yield
    install_language(application(), "en")


@pytest.fixture
def every_kind() -> TrackDocument:
    return TrackDocument.model_validate(every_kind_data())


@pytest.fixture
def every_kind_file(tmp_path: Path, every_kind: TrackDocument) -> Path:
    path = tmp_path / "every-kind.track.json"
    path.write_text(dumps_track(every_kind), encoding="utf-8")
    return path


@pytest.fixture
def broken_file(tmp_path: Path) -> Path:
    path = tmp_path / "broken.track.json"
    path.write_text('{"format": "kartographer-track", "schema_version": 1, "name": ', encoding="utf-8")
    return path


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Message boxes are captured here instead of blocking the test."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[tuple[str, str]] = []

    def fake_warning(parent, title, text, *args, **kwargs):
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", fake_warning)
    return shown


@pytest.fixture
def new_window(qtbot) -> Any:
    """Makes main windows, `new_window(document)` (not shown): each is closed at the end with its edits marked
    saved (headless, the save prompt cannot be answered, and the window would not really close)."""
    from designer.app.window import MainWindow

    windows: list[MainWindow] = []

    def make(document: TrackDocument) -> MainWindow:
        win = MainWindow(document)
        qtbot.addWidget(win)
        windows.append(win)
        return win

    yield make
    for win in windows:
        for editor in win.editors():
            editor.document.undo_stack.setClean()
        win.close()


@pytest.fixture
def window(qtbot, every_kind: TrackDocument, errors, new_window):
    win = new_window(every_kind)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: win.view.zoom_percent() < 99.0)  # fitted on first show
    return win


@pytest.fixture(autouse=True)
def _no_window_left_shown():
    """Each test starts with no window of an earlier one still shown (hidden, not closed: closing could ask to
    save): a leftover window, menu or dialog would take the focus that focus tests assert."""
    yield
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is not None:
        for widget in app.topLevelWidgets():
            if widget.isVisible():
                widget.hide()
