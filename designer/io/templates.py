"""The starter documents shipped in `templates/`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from designer.io.track_io import TRACK_SUFFIX, load_track
from designer.model.track import TrackDocument
from designer.paths import TEMPLATES_DIR


@dataclass(frozen=True)
class StarterTrack:
    path: Path
    document: TrackDocument

    @property
    def slug(self) -> str:
        return self.path.name.removesuffix(TRACK_SUFFIX)


def list_starter_tracks(folder: Path = TEMPLATES_DIR) -> list[StarterTrack]:
    return [StarterTrack(p, load_track(p)) for p in sorted(folder.glob(f"*{TRACK_SUFFIX}"))]
