"""Fake Rally's own document type: pace notes (`*.notes.json`), the co-driver's calls for a stage. Pure: the
model (`PaceNotes`), its load and atomic save, its JSON Schema and the `DocumentFormat` the CLI lists."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from designer.i18n import N_
from designer.io.atomic import atomic_write_text
from designer.io.jsonfile import dumps_json
from designer.systems.api import DocumentFormat

NOTES_KIND = "pace-notes"
NOTES_SUFFIX = ".notes.json"


class NotesError(ValueError):
    """A pace-notes file that cannot be read, said in one line."""


class PaceNotes(BaseModel):
    """A stage's pace notes: one call per line, in driving order."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["fake-rally-notes"] = "fake-rally-notes"
    schema_version: Literal[1] = 1
    stage: str = Field("New stage", min_length=1)
    calls: list[str] = Field(default_factory=list)


def load_notes(path: str | Path) -> PaceNotes:
    try:
        return PaceNotes.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as exc:
        reason = str(exc).splitlines()[0]
        raise NotesError(f"{path}: not pace notes ({reason})") from None


def dumps_notes(notes: PaceNotes) -> str:
    return dumps_json(notes.model_dump(mode="json"))


def save_notes(notes: PaceNotes, path: str | Path) -> None:
    atomic_write_text(path, dumps_notes(notes))


def with_notes_suffix(path: str | Path) -> Path:
    path = Path(path)
    if path.name.lower().endswith(NOTES_SUFFIX):
        return path
    return path.with_name(path.name.removesuffix(".json") + NOTES_SUFFIX)


NOTES_MIME_TYPE = "application/x-fake-rally-notes+json"
DOCUMENTS = (DocumentFormat(NOTES_KIND, NOTES_SUFFIX, PaceNotes.model_json_schema, mime_type=NOTES_MIME_TYPE,
                            comment=N_("Fake Rally pace notes")),)
