"""Pydantic document models (tracks, elements, campaigns): no Qt, no I/O."""

from designer.model.elements import ELEMENT_CLASSES, ELEMENT_KINDS, Element, ElementBase, element_kinds, kind_classes
from designer.model.track import (
    FORMAT_NAME,
    MM_PER_UNIT,
    SCHEMA_VERSION,
    Table,
    TrackDocument,
    TrackSurface,
)

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
