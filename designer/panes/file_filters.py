"""The file dialogs' filters every window shares: track files and "All files (*)", in the user's language.

The track editor's File menu (`designer.app.file_actions`) and the campaign windows (`designer.panes.campaign`)
ask for tracks with the same words, so a language says them once. Pure strings; no widgets.
"""

from __future__ import annotations

from designer.i18n import _
from designer.io.track_io import TRACK_SUFFIX


def track_filter() -> str:
    """The file dialogs' filter for track files, in the user's language: "Kartographer tracks (*.track.json)"."""
    return _("Kartographer tracks ({pattern})").format(pattern=f"*{TRACK_SUFFIX}")


def all_files_filter() -> str:
    return _("All files (*)")


def open_track_filters() -> str:
    """What a dialog that opens a track offers: track files, then every file."""
    return f"{track_filter()};;{all_files_filter()}"
