"""The file-name endings of the shared document formats, in a module of their own: telling a campaign file by
its name must not load the code that reads one (the editor's start-up only asks the name). A game system's own
formats bring their suffixes with them (`System.documents`, its Qt half's `DOCUMENT_TYPES`)."""

from pathlib import Path

TRACK_SUFFIX = ".track.json"
CAMPAIGN_SUFFIX = ".campaign.json"


def is_track_file(path: str | Path) -> bool:
    """Whether a file's name says it is a track (`*.track.json`, any case): no game system's own document."""
    return str(path).lower().endswith(TRACK_SUFFIX)


def is_campaign_file(path: str | Path) -> bool:
    """Whether a file's name says it is a campaign (`*.campaign.json`, any case)."""
    return str(path).lower().endswith(CAMPAIGN_SUFFIX)
