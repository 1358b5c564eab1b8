"""Autosave and crash recovery of campaigns: a modified campaign gets a copy beside the tracks' copies,
the next start after a crash offers it and reopens it modified in a campaign window — still tied to its
original file, so its race tracks resolve and Save writes that file — and a save or a clean close
deletes the copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from designer.app import main as app_main
from designer.app.window import MainWindow
from designer.campaign import edit
from designer.commands.document import ChangeProperties
from designer.io.campaign_io import load_campaign
from designer.panes.campaign import window as campaign_window_module
from designer.paths import TEMPLATES_DIR
from tests.gui.recovery_helpers import accept_all

Answer = QMessageBox.StandardButton
SAMPLE = "mushroom-cup.campaign.json"
TRACKS = [f"mushroom-cup-{i}.track.json" for i in ("1-luigi-circuit", "2-moo-moo-meadows", "3-thwomp-ruins",
                                                    "4-bowser-castle")]


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """The sample campaign and its tracks (relative paths in the file) in a folder of the test's own."""
    folder = tmp_path / "cup"
    folder.mkdir()
    for name in [SAMPLE, *TRACKS]:
        shutil.copy(TEMPLATES_DIR / name, folder / name)
    return folder / SAMPLE


@pytest.fixture
def recovery(tmp_path: Path) -> Path:
    return tmp_path / "recovery"


def campaign_copies(root: Path) -> list[Path]:
    return sorted(root.glob("*/*.campaign.json")) if root.is_dir() else []


def open_cup(window: MainWindow, cup: Path, qtbot):
    [campaign] = window.campaign_actions.open_paths([cup])
    qtbot.addWidget(campaign)
    return campaign


def enter_race_3(campaign) -> None:
    assert campaign.session.apply("Result", edit.set_result, 3, "Alex", 1, 16, 3) is None
    assert campaign.session.apply("Result", edit.set_result, 3, "Billie", 2, 15, 2) is None


def test_a_modified_campaign_is_copied_beside_the_tracks(window: MainWindow, cup, recovery, qtbot):
    campaign = open_cup(window, cup, qtbot)
    assert window.autosaver.autosave_now() == 0 and not recovery.exists()  # unmodified: nothing to keep
    enter_race_3(campaign)
    window.document.undo_stack.push(ChangeProperties(window.document, {"name": "Track too"}))
    assert window.autosaver.autosave_now() == 2
    (copy,) = campaign_copies(recovery)
    assert copy.name == f"{campaign.recovery_key}.campaign.json"
    assert copy.parent == recovery / window.autosaver.session  # the same session folder as the track's
    assert len(list(copy.parent.glob("*.track.json"))) == 1
    meta = json.loads(copy.with_name(f"{campaign.recovery_key}.meta.json").read_text(encoding="utf-8"))
    assert meta["kind"] == "campaign" and meta["original_path"] == str(cup) and meta["name"] == "Mushroom Cup"
    assert window.autosaver.autosave_now() == 0  # nothing changed since
    campaign.session.undo_stack.undo()
    assert window.autosaver.autosave_now() == 1
    campaign.session.undo_stack.setIndex(0)  # back at the saved state: the file on disk is the copy
    window.autosaver.autosave_now()
    assert campaign_copies(recovery) == []


def test_after_a_crash_the_campaign_comes_back_modified_and_tied_to_its_file(window: MainWindow, cup, recovery,
                                                                             monkeypatch, qtbot):
    campaign = open_cup(window, cup, qtbot)
    enter_race_3(campaign)
    dirty = campaign.session.document
    window.autosaver.autosave_now()
    window.autosaver.abandon()  # the process "dies": its lock goes, its copies stay
    offered = accept_all(monkeypatch)

    started = app_main.open_main_window([], restore_session=True)
    qtbot.addWidget(started)
    [[entry]] = offered
    assert (entry.kind, entry.name, entry.original_path) == ("campaign", "Mushroom Cup", cup)
    [restored] = started.campaign_windows.windows
    qtbot.addWidget(restored)
    assert restored.session.document == dirty
    assert restored.is_modified() and restored.isWindowModified()
    assert restored.session.path == cup
    # the race tracks resolve against the campaign's own folder, not the recovery folder
    first_track = restored.session.resolve_track(dirty.races[0].track)
    assert first_track.resolve() == (cup.parent / TRACKS[0]).resolve() and first_track.is_file()
    assert restored.session.context.track_limits == campaign.session.context.track_limits != {}
    assert "18 gates" in restored.race_page(1).limit_label.text()
    refusal = restored.session.apply("Result", edit.set_result, 3, "Casey", 3, 999, 0)
    assert refusal is not None and "more than the track has" in refusal
    # the copy moved into the new session, where it stays until the campaign is saved or closed
    (copy,) = campaign_copies(recovery)
    assert copy.parent.name == started.autosaver.session and copy.name.startswith(restored.recovery_key)

    assert load_campaign(cup)[0] != dirty  # nothing written behind the user's back
    assert restored.save() is True
    assert load_campaign(cup)[0] == dirty
    assert not restored.is_modified() and campaign_copies(recovery) == []


def test_the_recovered_campaign_replaces_its_unmodified_window(window: MainWindow, cup, recovery, monkeypatch,
                                                               qtbot):
    campaign = open_cup(window, cup, qtbot)
    enter_race_3(campaign)
    window.autosaver.autosave_now()
    window.autosaver.abandon()
    accept_all(monkeypatch)
    started = app_main.open_main_window([str(cup)], restore_session=True)  # the file as it is on disk
    qtbot.addWidget(started)
    qtbot.waitUntil(lambda: len(started.campaign_windows.windows) == 1)
    [restored] = started.campaign_windows.windows
    qtbot.addWidget(restored)
    assert restored.is_modified() and restored.session.document == campaign.session.document


def test_save_and_clean_close_delete_the_copy(window: MainWindow, cup, recovery, qtbot):
    campaign = open_cup(window, cup, qtbot)
    enter_race_3(campaign)
    window.autosaver.autosave_now()
    assert len(campaign_copies(recovery)) == 1
    assert campaign.save()
    assert campaign_copies(recovery) == []
    campaign.session.apply("Result", edit.set_result, 3, "Casey", 3, 15, 1)
    window.autosaver.autosave_now()
    assert len(campaign_copies(recovery)) == 1
    assert campaign.close()  # headless, the close prompt discards
    assert campaign_copies(recovery) == []
    assert window.close()  # the session folder and its lock go too
    assert list(recovery.iterdir()) == []


def test_a_campaign_that_will_not_close_keeps_the_main_window_and_the_copy(window: MainWindow, cup, recovery,
                                                                           monkeypatch, qtbot):
    campaign = open_cup(window, cup, qtbot)
    enter_race_3(campaign)
    window.autosaver.autosave_now()
    monkeypatch.setattr(campaign_window_module, "ask_save_changes", lambda parent, name: Answer.Cancel)
    assert not window.close()
    assert window.isVisible() and campaign.isVisible() and len(campaign_copies(recovery)) == 1
    assert window.autosaver.timer.isActive()  # still guarding the campaign
    monkeypatch.setattr(campaign_window_module, "ask_save_changes", lambda parent, name: Answer.Discard)


def test_the_recovery_dialog_marks_campaigns(window: MainWindow, cup, recovery, qtbot):
    from designer.app.recovery_dialog import RecoveryDialog

    campaign = open_cup(window, cup, qtbot)
    enter_race_3(campaign)
    window.autosaver.autosave_now()
    dialog = RecoveryDialog(window.autosaver.store.pending())
    qtbot.addWidget(dialog)
    item = dialog.tree.topLevelItem(0)
    assert (item.text(0), item.text(1)) == ("Mushroom Cup (campaign)", str(cup))
