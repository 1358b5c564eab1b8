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
