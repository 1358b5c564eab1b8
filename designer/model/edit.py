"""Pure helpers that derive new element values: validated field changes, placement, fresh unique ids."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from designer.model.base import COORD_LIMIT_MM, round_deg, round_mm
from designer.model.elements import Element, ElementBase, element_adapter


def validate_element(data: Mapping[str, Any]) -> Element:
    return element_adapter().validate_python(dict(data))


def with_changes(element: Element, changes: Mapping[str, Any]) -> Element:
    """A copy of `element` with `changes` applied and validated (raises pydantic.ValidationError)."""
    return validate_element({**element.model_dump(), **changes})


def normalize_angle(degrees: float) -> float:
    """Fold any angle into (-180, 180], the range the editor writes."""
    folded = math.fmod(degrees, 360.0)
    if folded > 180.0:
        folded -= 360.0
    elif folded <= -180.0:
        folded += 360.0
    return 0.0 if folded == 0 else folded


def _clamp(value: float) -> float:
    return round_mm(max(-COORD_LIMIT_MM, min(COORD_LIMIT_MM, value)))


AnyElement = TypeVar("AnyElement", bound=ElementBase)


def placed(element: AnyElement, x_mm: float, y_mm: float, rotation_deg: float | None = None) -> AnyElement:
    """Placement is one value: position and rotation change together (no re-validation needed)."""
    rotation = element.rotation_deg if rotation_deg is None else normalize_angle(round_deg(rotation_deg))
    return element.model_copy(update={"x_mm": _clamp(x_mm), "y_mm": _clamp(y_mm), "rotation_deg": rotation})


def moved(element: AnyElement, dx_mm: float, dy_mm: float) -> AnyElement:
    return placed(element, element.x_mm + dx_mm, element.y_mm + dy_mm)


_SUFFIX = re.compile(r"^(.*?)-(\d+)$")


def unique_id(prefix: str, taken: Iterable[str] | set[str]) -> str:
    """`prefix-N` with the smallest N ≥ 1 not in `taken` (ids are never reused within a document)."""
    taken = taken if isinstance(taken, set) else set(taken)
    match = _SUFFIX.match(prefix)
    base = match.group(1) if match else prefix
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
