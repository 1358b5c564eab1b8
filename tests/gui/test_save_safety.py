"""The editor's saves go through the same atomic writer as the CLI: through a symlink the real file is
updated and the link kept; over a FIFO the save is refused with one line and the document stays modified."""

from __future__ import annotations

import os
import stat

from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties
from designer.document.campaign import CampaignSession
from designer.io.campaign_io import load_campaign
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR


def test_saving_a_track_opened_through_a_symlink_keeps_the_link(window: MainWindow, tmp_path):
    target = tmp_path / "real" / "loop.track.json"
    target.parent.mkdir()
    link = tmp_path / "loop.track.json"
    link.symlink_to(target)
    window.current_editor().document.set_path(link)
    window.document.undo_stack.push(ChangeProperties(window.document, {"name": "Through The Link"}))
    window.file_actions.save_action.trigger()
    assert link.is_symlink() and load_track(target).name == "Through The Link"
    assert not window.current_editor().is_modified


def test_saving_over_a_fifo_is_refused_and_the_document_stays_modified(window: MainWindow, tmp_path, monkeypatch):
    fifo = tmp_path / "pipe.track.json"
    os.mkfifo(fifo)
    shown: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda message, title="": shown.append(message))
    window.current_editor().document.set_path(fifo)
    window.document.undo_stack.push(ChangeProperties(window.document, {"name": "Never Written"}))
    window.file_actions.save_action.trigger()
    assert shown == [f"{fifo}: is a named pipe (FIFO), not a regular file; nothing was written"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and window.current_editor().is_modified


def test_a_campaign_saved_through_a_symlink_keeps_the_link(qtbot, tmp_path):
    target = tmp_path / "real" / "cup.campaign.json"
    target.parent.mkdir()
    target.write_bytes((TEMPLATES_DIR / "mushroom-cup.campaign.json").read_bytes())
    link = tmp_path / "cup.campaign.json"
    link.symlink_to(target)
    session = CampaignSession.open(link)
    renamed = session.document.model_copy(update={"name": "Linked Cup"})
    session.replace(renamed)
    session.save()
    assert link.is_symlink() and load_campaign(target)[0].name == "Linked Cup"
