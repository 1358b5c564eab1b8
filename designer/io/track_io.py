"""Load and save `*.track.json` documents: read defensively, migrate, validate, write atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from designer.i18n import _
from designer.io.element_names import element_item
from designer.io.errors import DocumentError
from designer.io.jsonfile import dumps_json, parse_json_text, read_json_file
from designer.io.migrations import migrate
from designer.io.suffixes import TRACK_SUFFIX  # noqa: F401 - re-exported: read here by the callers
from designer.io.validation import describe_validation_error
from designer.model.track import FORMAT_NAME, TrackDocument
from designer.rules import ruleset_ids
from designer.systems import registry


def track_from_data(data: Any, source: str | Path = "<data>") -> TrackDocument:
    """Validate already-parsed JSON (any schema version we know) into a TrackDocument."""
    source = str(source)
    data = migrate(data, FORMAT_NAME, source)
    _load_systems(data)  # the element kinds of the game systems join the document model first
    try:
        document = TrackDocument.model_validate(data)
    except ValidationError as exc:
        location, reason = describe_validation_error(exc, data, element_item)
        raise DocumentError(source, reason, location) from None
    if registry.find(document.ruleset) is None:
        known = ruleset_ids()
        raise DocumentError(source, _("unknown ruleset '{id}' (known: {known})").format(
            id=document.ruleset, known=", ".join(known)), "ruleset")
    return document


def _load_systems(data: Any) -> None:
    """Register the game system the track names (alone, when its elements are of the built-in kinds or that
    system's own: a validate or an export imports no other system), else every one."""
    system_id = data.get("ruleset") if isinstance(data, dict) else None
    elements = data.get("elements", []) if isinstance(data, dict) else None
    if isinstance(system_id, str) and isinstance(elements, list):
        registry.load_only(system_id, (e.get("kind") if isinstance(e, dict) else None for e in elements))
    else:
        registry.load()


def load_track(path: str | Path) -> TrackDocument:
    return track_from_data(read_json_file(path), path)


def track_from_json(text: str, source: str | Path = "<text>") -> TrackDocument:
    return track_from_data(parse_json_text(text, source), source)


def track_to_data(document: TrackDocument) -> dict[str, Any]:
    return document.model_dump(mode="json")


def dumps_track(document: TrackDocument) -> str:
    """The canonical text of a document: save → load → save gives identical bytes."""
    return dumps_json(track_to_data(document))


def save_track(document: TrackDocument, path: str | Path) -> None:
    from designer.io.atomic import atomic_write_text  # (tempfile: not for a command that only reads)

    atomic_write_text(path, dumps_track(document))
