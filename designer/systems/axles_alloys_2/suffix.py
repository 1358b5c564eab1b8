"""The ending of Axles and Alloys II's car files, alone in a light module: telling a car's file by its name loads
nothing that reads one, and the car loader (`vehicle_io`) and the document type (`documents`) both take it from
here without importing each other."""

from __future__ import annotations

from pathlib import Path

VEHICLE_SUFFIX = ".vehicle.json"


def is_vehicle_file(path: str | Path) -> bool:
    """Whether a file's name says it is an Axles and Alloys II car (`*.vehicle.json`, any case)."""
    return str(path).lower().endswith(VEHICLE_SUFFIX)
