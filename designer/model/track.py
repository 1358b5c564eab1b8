"""The track document: table, race settings, the track surface and the flat list of elements."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field, model_validator

from designer.i18n import _
from designer.model.base import (
    ROUND_MM,
    WHOLE_NUMBER,
    Point,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictModel,
    StrictStr,
)
from designer.model.elements import Element, ElementsField, on_kinds_changed

FORMAT_NAME: Final = "kartographer-track"
SCHEMA_VERSION: Final = 1
MAX_ELEMENTS = 20_000
MAX_CENTERLINE_POINTS = 2_000

TableSize = Annotated[StrictFloat, Field(ge=100.0, le=10_000.0), ROUND_MM]


class Table(StrictModel):
    width_mm: TableSize
    height_mm: TableSize


class TrackSurface(StrictModel):
    """The drivable surface: a smooth curve through `centerline`, buffered by half of `width_mm`."""

    centerline: Annotated[list[Point], Field(min_length=2, max_length=MAX_CENTERLINE_POINTS)]
    closed: StrictBool = True
    width_mm: Annotated[StrictFloat, Field(ge=10.0, le=2_000.0), ROUND_MM]

    @model_validator(mode="after")
    def _enough_points(self) -> TrackSurface:
        if self.closed and len(self.centerline) < 3:
            raise ValueError(_("a closed track needs at least 3 centerline points"))
        return self


def default_ruleset() -> str:
    """The game system a document takes when it names none (the registry's default, read when first asked)."""
    from designer.systems import registry  # the registry builds on the model: asked at run time only

    return registry.default_id()


class TrackDocument(StrictModel):
    format: Literal["kartographer-track"] = FORMAT_NAME
    schema_version: Annotated[Literal[1], WHOLE_NUMBER] = SCHEMA_VERSION
    name: Annotated[StrictStr, Field(min_length=1, max_length=120)]
    ruleset: Annotated[StrictStr, Field(min_length=1, max_length=64)] = Field(default_factory=default_ruleset)
    table: Table
    display_units: Literal["mm", "cm", "in"] = "mm"
    laps: Annotated[StrictInt, Field(ge=1, le=99)] = 3
    karts: Annotated[StrictInt, Field(ge=1, le=16)] = 4
    track: TrackSurface | None = None
    elements: Annotated[list[Element], ElementsField(), Field(max_length=MAX_ELEMENTS)] = []

    @model_validator(mode="after")
    def _unique_ids(self) -> TrackDocument:
        seen: set[str] = set()
        for index, element in enumerate(self.elements):
            if element.id in seen:
                # the location first, untranslated: `describe_validation_error` splits it off
                raise ValueError(f"elements[{index}] ({element.kind}): "
                                 + _("id '{id}' is used twice").format(id=element.id))
            seen.add(element.id)
        return self

    def element(self, element_id: str) -> Element | None:
        for element in self.elements:
            if element.id == element_id:
                return element
        return None


def _rebuild_documents() -> None:
    TrackDocument.model_rebuild(force=True)


on_kinds_changed(_rebuild_documents)  # a game system's own kinds join `elements`

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}
