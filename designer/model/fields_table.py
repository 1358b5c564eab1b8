"""The table of systems' own campaign fields as the registry sets it: plain data, no pydantic.

`designer.systems.registry` fills it when systems register (`set_campaign_fields`) and names what registers the
systems in use (`set_fields_loader`); `designer.model.record_fields` resolves it into model classes when a
campaign record is first read. Kept apart so registering a system (every command does) builds no campaign
model: a card deck or an export never reads a campaign.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any, Final


class FieldsError(ValueError):
    """A system's fields that cannot join a record (said in one line)."""


#: The shared records a system may add fields to, by the class name a system gives (`designer.model.campaign`).
RECORDS: Final = ("CampaignDocument", "Race", "RaceResult", "CustomCharacter", "Driver")
#: (owning system id, record class name, model class or "package.module:Class"), as the registry set them.
Entry = tuple[str, str, str | type[Any]]

_entries: tuple[Entry, ...] = ()
_generation = 0  # bumped whenever the entries change: the resolved table is made again when next asked
_loader: Callable[[], None] | None = None


def set_fields_loader(loader: Callable[[], None]) -> None:
    """`loader()` registers the systems in use (their fields join the table) before a record is read."""
    global _loader
    _loader = loader


def set_campaign_fields(entries: Iterable[Entry], check_only: bool = False) -> None:
    """Make the table `entries` — (owning system id, shared record's class name, its model) — replacing any set
    before. A model given as "package.module:Class" is imported only when a campaign record is first read, so
    registering a system loads no campaign code. Refuses a record not in `RECORDS` and a model that is neither
    at once; with `check_only` (registering) and a model given as a class (the campaign model is then loaded
    anyway) also what resolving refuses: a model that is not a `RecordFields` with defaults, and a field name
    the record (or another model on it) already has."""
    global _entries, _generation
    entries = tuple(entries)
    for owner, record, model in entries:
        if record not in RECORDS:
            raise FieldsError(f"{owner}: {record!r} is not a shared campaign record ({', '.join(RECORDS)})")
        if not isinstance(model, type) and not (isinstance(model, str) and ":" in model):
            raise FieldsError(f"{owner}: {model!r} is neither a RecordFields class nor 'package.module:Class'")
    if check_only:
        if any(isinstance(model, type) for _owner, _record, model in entries):
            importlib.import_module("designer.model.record_fields").resolve(entries)
        return
    _entries, _generation = entries, _generation + 1


def current() -> tuple[tuple[Entry, ...], int]:
    """The systems in use registered (through the loader), then the entries and their generation."""
    if _loader is not None:
        _loader()
    return _entries, _generation
