"""The file-name endings of our document formats, in a module of their own: telling a campaign or a vehicle
file by its name must not load the code that reads one (the editor's start-up only asks the name)."""

from pathlib import Path

TRACK_SUFFIX = ".track.json"
CAMPAIGN_SUFFIX = ".campaign.json"
VEHICLE_SUFFIX = ".vehicle.json"


def is_campaign_file(path: str | Path) -> bool:
    """Whether a file's name says it is a campaign (`*.campaign.json`, any case)."""
    return str(path).lower().endswith(CAMPAIGN_SUFFIX)


def is_vehicle_file(path: str | Path) -> bool:
    """Whether a file's name says it is an Axles and Alloys II car (`*.vehicle.json`, any case)."""
    return str(path).lower().endswith(VEHICLE_SUFFIX)
