"""Load and save `*.vehicle.json` (one Axles and Alloys II car): read defensively, migrate, validate the shape,
write atomically. Whether the build is legal is the builder's question
(`designer.systems.axles_alloys_2.builder.problems`): a file may hold a car that breaks a rule, so the editor
can open it and say what to fix."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from designer.i18n import _
from designer.io.atomic import atomic_write_text
from designer.io.documents import document_from_data
from designer.io.errors import DocumentError
from designer.io.jsonfile import dumps_json, parse_json_text, read_json_file
from designer.rules import RulesetError, load_ruleset
from designer.rules.schema import Ruleset
from designer.systems.axles_alloys_2.rule_data import AxlesRules, axles_rules
from designer.systems.axles_alloys_2.suffix import VEHICLE_SUFFIX  # noqa: F401 - re-exported: read here by the callers
from designer.systems.axles_alloys_2.vehicle import MAX_LABEL, VEHICLE_FORMAT, VehicleDocument


def vehicle_item(key: str, index: int, item: Any) -> str | None:
    """A refusal's name for a component of the file as the editor's rows show it, "component 2 (Oil Slick)" (its
    label, unless that is what is refused), never "components[1]" (`designer.io.validation.ItemNamer`)."""
    if key != "components":
        return None
    shown = next((item[k].strip() for k in ("label",) if isinstance(item, dict)
                  and isinstance(item.get(k), str) and 0 < len(item[k].strip()) <= MAX_LABEL
                  and item[k].isprintable() and not any("\ud800" <= ch <= "\udfff" for ch in item[k])), None)
    return _("component {n} ({name})").format(n=index + 1, name=shown) if shown else \
        _("component {n}").format(n=index + 1)


def vehicle_from_data(data: Any, source: str | Path = "<data>") -> VehicleDocument:
    return document_from_data(VehicleDocument, data, VEHICLE_FORMAT, str(source), vehicle_item)


def load_vehicle(path: str | Path) -> VehicleDocument:
    return vehicle_from_data(read_json_file(path), path)


def vehicle_from_json(text: str, source: str | Path = "<text>") -> VehicleDocument:
    return vehicle_from_data(parse_json_text(text, source), source)


def dumps_vehicle(doc: VehicleDocument) -> str:
    return dumps_json(doc.model_dump(mode="json"))


def save_vehicle(doc: VehicleDocument, path: str | Path, protect: Iterable[str | Path] = ()) -> None:
    """Atomic save; refused when `path` is one of the files in `protect`."""
    atomic_write_text(path, dumps_vehicle(doc), protect)


def vehicle_rules(doc: VehicleDocument, source: str | Path) -> tuple[Ruleset, AxlesRules]:
    """The ruleset a car names and its vehicle rules; a DocumentError (one line) when it has no vehicles to
    build or cannot be read."""
    try:
        ruleset = load_ruleset(doc.ruleset)
    except RulesetError as exc:
        raise DocumentError(source, str(exc), "ruleset") from None
    rules = axles_rules(ruleset)
    if rules is None:
        raise DocumentError(source, _("ruleset '{id}' has no vehicles to build").format(id=ruleset.id), "ruleset")
    return ruleset, rules


def driver_vehicle(campaign_path: str | Path | None, vehicle_file: str) -> VehicleDocument:
    """The car in a driver's vehicle file (stored relative to the campaign, like a track); a DocumentError naming
    the file when it is missing, unreadable or not a vehicle."""
    from designer.io.campaign_io import resolve_track  # the campaign code loads only for a campaign's car

    path = resolve_track(campaign_path, vehicle_file)
    if path is None:
        raise DocumentError("<vehicle>", _("no vehicle file given"))
    try:
        return load_vehicle(path)
    except DocumentError as exc:  # named as the campaign stores it, not by the resolved absolute path
        raise DocumentError(vehicle_file, exc.reason, exc.location) from None
    except OSError as exc:  # e.g. a hand-typed path the system cannot use
        raise DocumentError(vehicle_file, exc.strerror or str(exc)) from None
    except ValueError as exc:
        raise DocumentError(vehicle_file, str(exc)) from None
