"""Reading a document of one of the file formats from parsed JSON: migrated to the format's current schema
version (`designer.io.migrations`), then validated as its model; a shape error becomes one DocumentError naming
the file and the place in it (`designer.io.validation`)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from designer.io.errors import DocumentError
from designer.io.migrations import migrate
from designer.io.validation import ItemNamer, describe_validation_error

M = TypeVar("M", bound=BaseModel)


def document_from_data(model: type[M], data: Any, format_name: str, source: str,
                       name_item: ItemNamer | None = None) -> M:
    """Already-parsed JSON of a file format, migrated to its current schema version and validated as `model`;
    a DocumentError naming `source` and the place in the file when it is not one."""
    data = migrate(data, format_name, source)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        location, reason = describe_validation_error(exc, data, name_item)
        raise DocumentError(source, reason, location) from None
