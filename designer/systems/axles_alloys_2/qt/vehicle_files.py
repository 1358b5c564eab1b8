"""What the vehicle editor's windows share about vehicle files, no widgets: the file dialogs' filter, the
`.vehicle.json` suffix added to a name typed without it, the ruleset a car names (refused on one line when it
has no vehicles to build), a new car's document, and a refusal turned into one line.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from designer.i18n import _
from designer.panes.file_filters import all_files_filter
from designer.systems.axles_alloys_2.documents import VEHICLE_SUFFIX, is_vehicle_file
from designer.systems.axles_alloys_2.rule_data import AxlesRules
from designer.systems.axles_alloys_2.vehicle import VehicleDocument


def vehicle_filter() -> str:
    """"Axles and Alloys vehicles (*.vehicle.json)", in the user's language."""
    return _("Axles and Alloys vehicles ({pattern})").format(pattern=f"*{VEHICLE_SUFFIX}")


def open_vehicle_filters() -> str:
    return f"{vehicle_filter()};;{all_files_filter()}"


def with_vehicle_suffix(path: str | Path) -> Path:
    """"buggy" → "buggy.vehicle.json", "buggy.json" → "buggy.vehicle.json"."""
    path = Path(path)
    name = path.name
    if name.lower().endswith(VEHICLE_SUFFIX):
        return path
    for partial in (".vehicle", ".json"):
        if name.lower().endswith(partial):
            name = name[: -len(partial)]
            break
    return path.with_name(name + VEHICLE_SUFFIX)


def file_stem(path: Path | None, name: str) -> str:
    """A base name for files made from a car: its file's name without `.vehicle.json`, else its name as a slug."""
    if path is not None and is_vehicle_file(path):
        return path.name[: -len(VEHICLE_SUFFIX)]
    return re.sub(r"[^\w]+", "-", name.lower(), flags=re.UNICODE).strip("-") or "vehicle"


def new_vehicle_document(rules: AxlesRules) -> VehicleDocument:
    """A new car: Medium (or the first class the rules have), no components yet."""
    ids = [c.id for c in rules.weight_classes]
    return VehicleDocument(name=_("New vehicle"), weight_class="medium" if "medium" in ids else ids[0])


def same_file_key(path: str | Path) -> str:
    try:
        return str(Path(path).resolve())
    except OSError:
        return str(Path(path).absolute())


def one_line(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error.get("loc", ()))
        return f"{where}: {error['msg']}" if where else str(error["msg"])
    return " ".join(str(exc).split())
