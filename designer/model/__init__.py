"""Pydantic document models (tracks, elements, campaigns): no Qt, no I/O.

The names below are read from their modules when first asked for, so importing a light module of this
package (`designer.model.stats`, `kind_names`) builds no element or track model: a card deck never reads a
track."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designer.model.elements import (
        ELEMENT_CLASSES,
        ELEMENT_KINDS,
        Element,
        ElementBase,
        element_kinds,
        kind_classes,
    )
    from designer.model.track import (
        FORMAT_NAME,
        MM_PER_UNIT,
        SCHEMA_VERSION,
        Table,
        TrackDocument,
        TrackSurface,
    )

_HOMES = {**dict.fromkeys(("ELEMENT_CLASSES", "ELEMENT_KINDS", "Element", "ElementBase", "element_kinds",
                           "kind_classes"), "designer.model.elements"),
          **dict.fromkeys(("FORMAT_NAME", "MM_PER_UNIT", "SCHEMA_VERSION", "Table", "TrackDocument", "TrackSurface"),
                          "designer.model.track")}

__all__ = [
    "ELEMENT_CLASSES",
    "ELEMENT_KINDS",
    "FORMAT_NAME",
    "MM_PER_UNIT",
    "SCHEMA_VERSION",
    "Element",
    "ElementBase",
    "Table",
    "TrackDocument",
    "TrackSurface",
    "element_kinds",
    "kind_classes",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value
