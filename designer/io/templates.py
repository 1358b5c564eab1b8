"""The starter documents shipped in `templates/` (the package `designer.templates`), listed and found by name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from designer.i18n import _
from designer.io.errors import DocumentError
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


def starters_for(system_id: str, folder: Path = TEMPLATES_DIR) -> list[StarterTrack]:
    """The starters of one game system: those whose `ruleset` is its id, in `list_starter_tracks` order."""
    return [starter for starter in list_starter_tracks(folder) if starter.document.ruleset == system_id]


def resolve_track_argument(text: str | Path, folder: Path = TEMPLATES_DIR) -> Path:
    """The file a command-line track argument means: the path itself when it exists, else the bundled starter
    of that name as `kartographer templates` lists it (`luigi.track.json` or its slug `luigi`).

    Only a bare name is looked up; a missing bare name raises the usual "no such file" DocumentError with a hint,
    any other missing path is returned as is for the reader to report.
    """
    path = Path(text)
    name = path.name if path.name.endswith(TRACK_SUFFIX) else path.name + TRACK_SUFFIX
    try:
        if path.exists() or len(path.parts) != 1:
            return path
        if (folder / name).is_file():
            return folder / name
    except OSError:  # e.g. a name too long for the file system: the reader reports it
        return path
    raise DocumentError(path, _("no such file, nor a bundled starter (`kartographer templates` lists them)"))
