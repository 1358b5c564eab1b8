"""A game system's own fields on a shared campaign record: the contribution point `System.campaign_fields`.

The shared records (`designer.model.campaign`: the document, a race, a race result, a custom character, a
driver) are `Extensible`. A system declares the fields it keeps on one of them as a `RecordFields` model (every
field with a default) and the registry puts it in the table (`fields_table.set_campaign_fields`, called by
`designer.systems.registry` as `set_extra_kinds` is for element kinds), with the id of the system that owns it;
a model named as "package.module:Class" is imported when a campaign record is first read, not at registration.

- Loading: the keys of a record that are fields of a registered model are validated by that model; the rest
  by the shared record, still strict (an unknown key is refused as before). The model's instance is kept
  with the record (only when it differs from the defaults, so equal content compares equal).
- Reading: `Model.of(record)` — the instance kept, or the defaults. Editing: `with_fields(record, Model(...))`.
  Shared code that reads a field by a name it was given (a system's `CharacterStat.key`) uses `field_value`.
- Saving: each registered model's fields are written after the record's own, in registration order, with the
  model's own omission rules (`OmitUnused`), so a file keeps its bytes.
- JSON Schema: the record's schema lists the registered models' properties too.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar

from pydantic import (
    GetJsonSchemaHandler,
    PrivateAttr,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    ValidationError,
    ValidatorFunctionWrapHandler,
    model_serializer,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from designer.model import fields_table
from designer.model.base import OmitUnused, StrictModel
from designer.model.fields_table import Entry, FieldsError, set_campaign_fields, set_fields_loader

__all__ = [
    "Extensible",
    "FieldsError",
    "RecordFields",
    "extended_records",
    "field_value",
    "fields_of_record",
    "fields_owner",
    "kept_fields",
    "moved_paths",
    "registered_fields",
    "set_campaign_fields",
    "set_fields_loader",
    "with_fields",
]

F = TypeVar("F", bound="RecordFields")
R = TypeVar("R", bound="Extensible")


class RecordFields(OmitUnused):
    """A system's own fields on one shared record. Every field has a default (what a record without them
    means); fields in `OMIT_UNUSED` are left out of the file while unused. `PATHS`: the fields holding a file
    path relative to the campaign file (rebased when the campaign is saved elsewhere)."""

    PATHS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def of(cls: type[F], record: Extensible) -> F:
        """This model's fields of `record`: those it was given, or the defaults."""
        kept = record._fields.get(cls)
        return kept if isinstance(kept, cls) else _defaults(cls)

    @classmethod
    def item_name(cls, key: str, index: int, item: Any) -> str | None:
        """How a refusal names item `index` (0-based) of this model's list field `key` in the file's JSON (`item`),
        e.g. "car 2"; None: not one of its lists (or by its index)."""
        return None


# --- the table: {record class: [its registered models]}, and who owns each model -------------------------
_resolved = 0  # the generation of `fields_table`'s entries the table below was made from
_table: dict[type[Extensible], tuple[type[RecordFields], ...]] = {}
_owners: dict[type[RecordFields], str] = {}
_defaults_of: dict[type[RecordFields], RecordFields] = {}


def _defaults(cls: type[F]) -> F:
    found = _defaults_of.get(cls)
    if found is None:
        try:
            found = _defaults_of[cls] = cls()
        except ValidationError:
            raise FieldsError(f"{cls.__name__}: every field of a record's fields needs a default") from None
    assert isinstance(found, cls)
    return found


def resolve(entries: Iterable[Entry]) -> tuple[dict[type[Extensible], tuple[type[RecordFields], ...]],
                                                dict[type[RecordFields], str]]:
    campaign = importlib.import_module("designer.model.campaign")
    table: dict[type[Extensible], list[type[RecordFields]]] = {}
    owners: dict[type[RecordFields], str] = {}
    for owner, name, source in entries:
        record = getattr(campaign, name)
        model: object = source
        if isinstance(source, str):
            module, _sep, attr = source.partition(":")
            model = getattr(importlib.import_module(module), attr, None)
        if not (isinstance(model, type) and issubclass(model, RecordFields)):
            raise FieldsError(f"{owner}: {source!r} is not a designer.model.record_fields.RecordFields")
        _defaults(model)
        models = table.setdefault(record, [])
        taken = set(record.model_fields).union(*(m.model_fields for m in models))
        clash = sorted(taken & set(model.model_fields))
        if model in owners or clash:
            what = repr(clash[0]) if clash else model.__name__
            raise FieldsError(f"{owner}: {name} already has the field {what}")
        models.append(model)
        owners[model] = owner
    return {record: tuple(models) for record, models in table.items()}, owners


def _ensure() -> None:
    """The systems in use registered and their models imported."""
    global _table, _owners, _resolved
    entries, generation = fields_table.current()
    if generation != _resolved:
        _table, _owners = resolve(entries)
        _resolved = generation


def fields_of_record(record: type[Extensible]) -> tuple[type[RecordFields], ...]:
    """The models registered on `record` (a shared record class), in registration order."""
    _ensure()
    return tuple(model for cls in record.__mro__ for model in _table.get(cls, ()))


def registered_fields() -> tuple[type[RecordFields], ...]:
    """Every registered model, in registration order."""
    _ensure()
    return tuple(_owners)


def fields_owner(model: type[RecordFields]) -> str | None:
    """The id of the system whose fields `model` holds (None: not registered)."""
    _ensure()
    return _owners.get(model)


class Extensible(OmitUnused):
    """A shared campaign record systems may add their own fields to (see the module docstring)."""

    _fields: Mapping[type[RecordFields], RecordFields] = PrivateAttr(default_factory=dict)

    @model_validator(mode="wrap")
    @classmethod
    def _split_system_fields(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        if not isinstance(data, Mapping):
            return handler(data)
        rest = dict(data)
        kept: dict[type[RecordFields], RecordFields] = {}
        errors: ValidationError | None = None
        for model in fields_of_record(cls):
            mine = {key: rest.pop(key) for key in list(rest) if key in model.model_fields}
            if not mine:
                continue
            try:
                kept[model] = model.model_validate(mine)
            except ValidationError as exc:
                errors = exc if errors is None else _merged(errors, exc)
        try:
            record = handler(rest)
        except ValidationError as exc:
            raise _merged(exc, errors) from None
        if errors is not None:
            raise errors
        if isinstance(record, Extensible):
            record._fields = _normalised(kept)
        return record

    @model_serializer(mode="wrap")
    def _leave_out_unused(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        data = self._omit_unused(handler(self))
        models = fields_of_record(type(self))
        for model in (*models, *(m for m in self._fields if m not in models)):
            data.update(model.of(self).model_dump(mode=info.mode, round_trip=info.round_trip, by_alias=info.by_alias,
                                                  exclude_none=info.exclude_none,
                                                  exclude_defaults=info.exclude_defaults))
        return data

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        json_schema = handler(schema)
        target = handler.resolve_ref_schema(json_schema)
        properties = target.setdefault("properties", {})
        for model in fields_of_record(cls):
            extra = handler.resolve_ref_schema(handler(model.__pydantic_core_schema__))
            properties.update(extra.get("properties", {}))
        return json_schema


def _merged(first: ValidationError, more: ValidationError | None) -> ValidationError:
    """The record's own errors, then its system fields' (so a refusal counts them all)."""
    if more is None:
        return first
    try:
        details: list[Any] = [{key: e[key] for key in ("type", "loc", "input", "ctx") if key in e}
                              for e in (*first.errors(), *more.errors())]
        return ValidationError.from_exception_data(first.title, details)
    except (TypeError, ValueError, KeyError):  # an error type that cannot be rebuilt: the record's own suffice
        return first


def _normalised(kept: Mapping[type[RecordFields], RecordFields]) -> dict[type[RecordFields], RecordFields]:
    """Only the models whose values differ from their defaults: a record compares equal to one without them."""
    return {model: value for model, value in kept.items() if value != _defaults(model)}


def with_fields(record: R, *values: RecordFields) -> R:
    """A copy of `record` with these models' fields replaced (the shared fields and other models' kept)."""
    allowed = fields_of_record(type(record))
    for value in values:
        if type(value) not in allowed:
            raise FieldsError(f"{type(value).__name__} is not registered on {type(record).__name__}")
    return _replaced(record, values)


def _replaced(record: R, values: Iterable[RecordFields]) -> R:
    copy = record.model_copy()
    copy._fields = _normalised({**record._fields, **{type(value): value for value in values}})
    return copy


def moved_paths(value: Any, move: Callable[[str | None], str | None]) -> Any:
    """`value` (a model, or a list of them) with every system field that holds a file path (`RecordFields.PATHS`)
    of its records passed through `move` (the campaign saved elsewhere)."""
    if isinstance(value, list):
        items = [moved_paths(item, move) for item in value]
        return items if any(new is not old for new, old in zip(items, value, strict=True)) else value
    if not isinstance(value, StrictModel):
        return value
    updates = {name: new for name in type(value).model_fields
               if (new := moved_paths(old := getattr(value, name), move)) is not old}
    result = value.model_copy(update=updates) if updates else value
    if isinstance(result, Extensible):
        moved = [kept.model_copy(update={path: move(getattr(kept, path)) for path in kept.PATHS})
                 for kept in result._fields.values() if kept.PATHS]
        result = _replaced(result, moved) if moved else result
    return result


def kept_fields(record: Extensible) -> Mapping[type[RecordFields], RecordFields]:
    """The models `record` holds values of that differ from the defaults."""
    return dict(record._fields)


def field_value(record: Extensible, key: str) -> Any:
    """The field `key` of `record`, its own or a registered model's (None: no such field). For shared code
    reading a field by a name a system gave it, e.g. a `CharacterStat.key`."""
    if key in type(record).model_fields:
        return getattr(record, key)
    for model in fields_of_record(type(record)):
        if key in model.model_fields:
            return getattr(model.of(record), key)
    return None


Where = tuple[str | int, ...]


def extended_records(value: Any, where: Where = ()) -> Iterator[tuple[Where, Extensible]]:
    """Every `Extensible` record in `value` (a model, or lists of them), with its place as keys and indices."""
    if isinstance(value, Extensible):
        yield where, value
    if isinstance(value, StrictModel):
        for name in type(value).model_fields:
            yield from extended_records(getattr(value, name), (*where, name))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from extended_records(item, (*where, index))
