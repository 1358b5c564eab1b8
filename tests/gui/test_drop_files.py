"""Drag and drop of files onto the main window (its canvas too) and onto campaign windows: tracks open
as tabs, campaigns in their windows, anything else is refused with one line in the status bar. Real
QDragEnterEvent / QDragMoveEvent / QDropEvent carrying file URLs are sent to the widgets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from designer.app.window import MainWindow
from designer.io.track_io import dumps_track
from designer.paths import TEMPLATES_DIR

ACTIONS = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction


@pytest.fixture
def files(tmp_path: Path, every_kind) -> dict[str, Path]:
    track = tmp_path / "oval.track.json"
    track.write_text(dumps_track(every_kind.model_copy(update={"name": "Oval"})), encoding="utf-8")
    cup = Path(shutil.copy(TEMPLATES_DIR / "mushroom-cup.campaign.json", tmp_path / "cup.campaign.json"))
    notes = tmp_path / "notes.txt"
    notes.write_text("not a track", encoding="utf-8")
    picture = tmp_path / "table.png"
    picture.write_bytes(b"\x89PNG")
    return {"track": track, "campaign": cup, "notes": notes, "picture": picture}


def file_urls(*paths: Path) -> QMimeData:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return data


def drag_and_drop(widget: QWidget, data: QMimeData) -> tuple[bool, QDropEvent | None]:
    """Drag `data` into the middle of `widget` and drop it there, as a file manager would.

    Returns whether the drag was accepted as it entered, and the drop event (None when refused)."""
    middle = QPoint(widget.width() // 2, widget.height() // 2)
    enter = QDragEnterEvent(middle, ACTIONS, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False, None
    move = QDragMoveEvent(middle, ACTIONS, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, move)
    assert move.isAccepted()
    drop = QDropEvent(QPointF(middle), ACTIONS, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, drop)
    QApplication.processEvents()  # the files open once the drop has returned
    return True, drop


def close_campaigns(window: MainWindow) -> None:
    for campaign in list(window.campaign_windows.windows):
        campaign.session.undo_stack.setClean()
        campaign.close()


def test_a_dropped_track_opens_as_a_tab(window: MainWindow, files):
    accepted, drop = drag_and_drop(window, file_urls(files["track"]))
    assert accepted and drop.isAccepted()
    assert drop.dropAction() == Qt.DropAction.CopyAction  # never Move: the file manager keeps its file
    assert len(window.editors()) == 2 and window.document.path == files["track"]
    drag_and_drop(window, file_urls(files["track"]))  # dropped again: switches to its tab
    assert len(window.editors()) == 2


def test_a_track_dropped_on_the_canvas_opens_too(window: MainWindow, files):
    # The canvas takes drags itself; a file dragged onto it must still reach the window.
    accepted, drop = drag_and_drop(window.view.viewport(), file_urls(files["track"]))
    assert accepted and drop.isAccepted() and window.document.path == files["track"]
    accepted, drop = drag_and_drop(window.view.viewport(), file_urls(files["notes"]))
    assert not accepted and "notes.txt" in window.statusBar().currentMessage()


def test_a_dropped_campaign_opens_its_window(window: MainWindow, files, qtbot):
    accepted, drop = drag_and_drop(window, file_urls(files["campaign"]))
    assert accepted and drop.isAccepted()
    [campaign] = window.campaign_windows.windows
    qtbot.addWidget(campaign)
    assert campaign.session.path == files["campaign"] and campaign.isVisible()
    assert len(window.editors()) == 1
    close_campaigns(window)


def test_other_files_are_refused_with_one_line(window: MainWindow, files):
    accepted, _drop = drag_and_drop(window, file_urls(files["notes"], files["picture"]))
    assert not accepted and len(window.editors()) == 1
    message = window.statusBar().currentMessage()
    assert message == ("Cannot open notes.txt, table.png: only tracks (*.track.json), campaigns "
                       "(*.campaign.json) and cars (*.vehicle.json) can be dropped here")
    window.statusBar().clearMessage()
    text = QMimeData()  # not files: e.g. a gate row dragged out of its list
    text.setText("just some text")
    assert drag_and_drop(window, text) == (False, None)
    assert window.statusBar().currentMessage() == ""


def test_a_mixed_drop_opens_what_it_can_and_names_the_rest(window: MainWindow, files, qtbot):
    accepted, drop = drag_and_drop(window, file_urls(files["notes"], files["track"], files["campaign"]))
    assert accepted and drop.isAccepted()
    assert window.document.path == files["track"]
    [campaign] = window.campaign_windows.windows
    qtbot.addWidget(campaign)
    message = window.statusBar().currentMessage()
    assert message.startswith("Cannot open notes.txt:") and "\n" not in message
    close_campaigns(window)


def test_an_unreadable_track_is_reported_like_open(window: MainWindow, broken_file, errors):
    accepted, drop = drag_and_drop(window, file_urls(broken_file))
    assert accepted and drop.isAccepted()
    assert len(window.editors()) == 1
    assert len(errors) == 1 and errors[0][0] == "Cannot Open Track" and "broken.track.json" in errors[0][1]


def test_campaign_windows_take_drops_too(window: MainWindow, files, tmp_path, qtbot):
    [campaign] = window.campaign_actions.open_paths([files["campaign"]])
    qtbot.addWidget(campaign)
    other = Path(shutil.copy(files["campaign"], tmp_path / "other.campaign.json"))
    accepted, drop = drag_and_drop(campaign, file_urls(other))
    assert accepted and drop.isAccepted()
    assert [w.session.path for w in window.campaign_windows.windows] == [files["campaign"], other]
    qtbot.addWidget(window.campaign_windows.windows[1])
    # a track dropped on a campaign window opens where tracks live: a tab of the main window
    accepted, drop = drag_and_drop(campaign, file_urls(files["track"]))
    assert accepted and drop.isAccepted() and window.document.path == files["track"]
    accepted, _drop = drag_and_drop(campaign, file_urls(files["picture"]))
    assert not accepted and campaign.statusBar().currentMessage().startswith("Cannot open table.png:")
    close_campaigns(window)


def test_opening_a_track_with_a_broken_element_names_it_as_the_player_sees_it(window: MainWindow, tmp_path, errors):
    """Issue #30: File ▸ Open's error names "element 2 (Thwomp)", not "elements[1] (thwomp)"."""
    path = tmp_path / "bad.track.json"
    path.write_text(json.dumps({
        "format": "kartographer-track", "schema_version": 1, "name": "Bad", "ruleset": "mk-gaslands",
        "table": {"width_mm": 1200.0, "height_mm": 1000.0},
        "elements": [{"id": "sf", "kind": "start_finish", "x_mm": 100.0, "y_mm": 100.0},
                     {"id": "t", "kind": "thwomp", "x_mm": "left", "y_mm": 100.0}]}), encoding="utf-8")
    assert window.file_actions.open_paths([path]) == []
    assert errors == [("Cannot Open Track", f"{path}: element 2 (Thwomp): x_mm: must be a number")]
