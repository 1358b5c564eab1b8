"""Schema migrations: ordered dict → dict steps run before validation, one chain per file format.

To add schema version N+1 of a format: bump its current version, write `migrate_N_to_N1(data) -> data`,
register it in that format's chain, and add a golden file of version N to `tests/data/`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from designer.io.errors import DocumentError

Migration = Callable[[dict[str, Any]], dict[str, Any]]

#: format name → (current schema version, {from_version: step to from_version + 1})
CHAINS: dict[str, tuple[int, dict[int, Migration]]] = {
    "kartographer-track": (1, {}),
    "kartographer-campaign": (1, {}),
}


def migrate(data: Any, format_name: str, source: str) -> dict[str, Any]:
    """Check `format` and `schema_version`, then upgrade `data` step by step to the current version."""
    if not isinstance(data, dict):
        raise DocumentError(source, f"the top level must be a JSON object, not {_json_type(data)}")
    current, steps = CHAINS[format_name]
    found = data.get("format")
    if found != format_name:
        if found is None:
            raise DocumentError(source, f"not a {format_name} file (no 'format' field)", "format")
        raise DocumentError(source, f"not a {format_name} file (format is {found!r})", "format")
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise DocumentError(source, "must be a whole number", "schema_version")
    if version > current:
        raise DocumentError(
            source,
            f"written by a newer Kartographer (schema_version {version}; this version reads up to {current})",
            "schema_version",
        )
    if version < 1:
        raise DocumentError(source, f"must be at least 1, not {version}", "schema_version")
    while version < current:
        data = steps[version](dict(data))
        version += 1
        data["schema_version"] = version
    return data


def _json_type(value: Any) -> str:
    return {list: "a list", str: "a string", int: "a number", float: "a number", bool: "a boolean"}.get(
        type(value), "null"
    )
