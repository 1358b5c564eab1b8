"""Recent campaigns: opened and saved campaigns join File ▸ Open Recent (after the tracks) in the main
window and in every campaign window's File menu, open in their campaign windows from there, persist in
the settings, and a vanished file is dropped from the list with one line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from designer.app.settings import Settings
from designer.app.window import MainWindow
from designer.io.track_io import dumps_track
from designer.paths import TEMPLATES_DIR

SAMPLE = "mushroom-cup.campaign.json"


@pytest.fixture
def cups(tmp_path: Path) -> list[Path]:
    """Two copies of the sample campaign (no tracks needed: gates are then simply not bounded)."""
    paths = []
    for name in ("spring", "autumn"):
        folder = tmp_path / name
        folder.mkdir()
        paths.append(shutil.copy(TEMPLATES_DIR / SAMPLE, folder / f"{name}.campaign.json"))
    return [Path(p) for p in paths]


@pytest.fixture
def track(tmp_path: Path, every_kind) -> Path:
    path = tmp_path / "oval.track.json"
    path.write_text(dumps_track(every_kind), encoding="utf-8")
    return path


def entries(menu) -> list[tuple[str, str]]:
    """(text, path) of the menu's entries, and "---" for a separator."""
    menu.aboutToShow.emit()
    return [("---", "") if a.isSeparator() else (a.text(), a.data() or "") for a in menu.actions()]


def entry(menu, path: Path):
    menu.aboutToShow.emit()
    return next(a for a in menu.actions() if a.data() == str(path))


def test_opened_campaigns_follow_the_tracks_in_open_recent(window: MainWindow, cups, track, qtbot):
    window.file_actions.open_paths([track])
    for cup in cups:
        qtbot.addWidget(window.campaign_actions.open_paths([cup])[0])
    assert Settings().recent_files("campaign") == list(reversed(cups))
    assert Settings().recent_files() == [track]  # the track list is its own
    assert entries(window.file_actions.recent_menu) == [
        ("&1 oval.track.json", str(track)), ("---", ""),
        ("&2 autumn.campaign.json", str(cups[1])), ("&3 spring.campaign.json", str(cups[0])),
        ("---", ""), ("&Clear Recent", "")]


def test_a_recent_campaign_opens_in_its_window(window: MainWindow, cups, qtbot):
    first = window.campaign_actions.open_paths([cups[0]])[0]
    qtbot.addWidget(first)
    first.close()
    qtbot.waitUntil(lambda: not window.campaign_windows.windows)
    entry(window.file_actions.recent_menu, cups[0]).trigger()
    [opened] = window.campaign_windows.windows
    qtbot.addWidget(opened)
    assert opened.session.path == cups[0] and opened.isVisible()
    entry(window.file_actions.recent_menu, cups[0]).trigger()
    assert window.campaign_windows.windows == [opened]  # not twice


def test_campaign_windows_have_the_same_open_recent(window: MainWindow, cups, track, qtbot):
    window.file_actions.open_paths([track])
    window.file_actions.close_current()
    campaign = window.campaign_actions.open_paths([cups[0]])[0]
    qtbot.addWidget(campaign)
    menu = campaign.recent_menu
    file_actions = campaign.file_menu.actions()
    assert file_actions[file_actions.index(campaign.open_action) + 1].menu() is menu  # right after Open…
    assert entries(menu) == entries(window.file_actions.recent_menu)
    entry(menu, track).trigger()  # a track opens as a tab of the main window
    assert window.document.path == track
    entry(menu, cups[0]).trigger()  # already open: nothing new
    assert window.campaign_windows.windows == [campaign]
    window.campaign_windows.remember(cups[1])  # e.g. opened in another window meanwhile
    entry(menu, cups[1]).trigger()
    assert [w.session.path for w in window.campaign_windows.windows] == cups
    qtbot.addWidget(window.campaign_windows.windows[1])


def test_saving_a_campaign_puts_it_first(window: MainWindow, cups, tmp_path, qtbot, monkeypatch):
    for cup in cups:
        qtbot.addWidget(window.campaign_actions.open_paths([cup])[0])
    spring = window.campaign_windows.find(cups[0])
    assert spring.save()
    assert Settings().recent_files("campaign") == cups
    copy = tmp_path / "copy.campaign.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(copy), ""))
    assert spring.save_as()
    assert Settings().recent_files("campaign") == [copy, *cups]


def test_recent_campaigns_persist_and_clear_with_the_tracks(window: MainWindow, cups, track, qtbot):
    window.file_actions.open_paths([track])
    qtbot.addWidget(window.campaign_actions.open_paths([cups[0]])[0])
    second = MainWindow()
    qtbot.addWidget(second)
    assert [a.data() for a in second.file_actions.recent_actions()] == [str(track), str(cups[0])]
    clear = next(a for a in second.file_actions.recent_menu.actions() if a.text() == "&Clear Recent")
    clear.trigger()
    assert Settings().recent_files() == [] and Settings().recent_files("campaign") == []
    assert entries(window.file_actions.recent_menu) == [("No Recent Files", ""), ("---", ""),
                                                        ("&Clear Recent", "")]
    for editor in second.editors():
        editor.document.undo_stack.setClean()
    second.close()


def test_a_vanished_campaign_is_dropped_from_the_list(window: MainWindow, cups, errors, qtbot):
    for cup in cups:
        opened = window.campaign_actions.open_paths([cup])[0]
        qtbot.addWidget(opened)
        opened.close()
    cups[0].unlink()
    entry(window.file_actions.recent_menu, cups[0]).trigger()
    assert errors == [("Cannot Open Campaign", f"{cups[0]}: the file no longer exists; removed from Open Recent")]
    assert Settings().recent_files("campaign") == [cups[1]]
    assert [a.data() for a in window.file_actions.recent_actions()] == [str(cups[1])]


def test_opened_vehicles_join_open_recent_and_open_in_their_editor(window: MainWindow, track, tmp_path, qtbot):
    """A vehicle opened in its editor joins Open Recent after the tracks (and campaigns); choosing it again after
    its editor closed opens it in a vehicle editor."""
    car = Path(shutil.copy(TEMPLATES_DIR / "axles-light-buggy.vehicle.json", tmp_path / "buggy.vehicle.json"))
    window.file_actions.open_paths([track])
    editor = window.document_windows["vehicle"].open_path(car, window)
    assert editor is not None
    qtbot.addWidget(editor)
    assert Settings().recent_files("vehicle") == [car]
    assert entries(window.file_actions.recent_menu) == [
        ("&1 oval.track.json", str(track)), ("---", ""), ("&2 buggy.vehicle.json", str(car)),
        ("---", ""), ("&Clear Recent", "")]
    editor.close()
    qtbot.waitUntil(lambda: window.document_windows["vehicle"].find(car) is None)
    entry(window.file_actions.recent_menu, car).trigger()
    again = window.document_windows["vehicle"].find(car)
    assert again is not None and again.isVisible()
    qtbot.addWidget(again)
