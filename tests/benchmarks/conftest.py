"""Benchmark fixtures: a 6'×4' table crowded with 2,000 elements of every kind (run with `make bench`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.io.track_io import save_track
from designer.model.track import TrackDocument

from .workload import crowded_document


@pytest.fixture(scope="session")
def crowded() -> TrackDocument:
    return crowded_document()


@pytest.fixture(scope="session")
def crowded_file(tmp_path_factory, crowded) -> Path:
    path = tmp_path_factory.mktemp("bench") / "crowded.track.json"
    save_track(crowded, path)
    return path


@pytest.fixture
def checked_window(qtbot, crowded, tmp_path, monkeypatch):
    """The crowded table in a full editor window (1960×1200, fitted), its checks run once: ~2,000 markers."""
    from designer.app.settings import use_settings_folder
    from designer.app.window import MainWindow

    use_settings_folder(tmp_path / "settings")
    monkeypatch.setenv("KARTOGRAPHER_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = MainWindow(crowded)
    qtbot.addWidget(window)
    window.resize(1960, 1200)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_table()
    window.current_editor().checks.run()
    return window
