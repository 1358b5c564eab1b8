"""Strict pydantic base and the strict, bounded scalar types shared by every document model.

Scalars are taken as the file spells them (pydantic strict mode), so a mistake is refused rather than
guessed at: a float field wants a number (a whole number will do: `"x_mm": 12`), not `"12"` or `true`; an
int field a whole number, not `3.0`, `true` or `"3"`; a bool field `true` or `false`, not `1`; a str field a
string. Lists and tuples stay lax (a point is a JSON array of two numbers). Every scalar field of a
document model is one of `StrictFloat`, `StrictInt`, `StrictBool`, `StrictStr` (bounds added with
`Field`), a Literal of strings, or a Literal of whole numbers marked `WHOLE_NUMBER` (Strict cannot be put
on a Literal, which would otherwise take `1.0` and `true` for `1`).

Lengths and coordinates are rounded to 0.01 mm and angles to 0.01° as they are validated (`ROUND_MM`,
`ROUND_DEG`), so a file never holds `1219.1999999999998` and save → load gives back an equal document.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    model_serializer,
)
from pydantic_core import PydanticCustomError

__all__ = [
    "COORD_LIMIT_MM",
    "DECIMALS",
    "ROUND_DEG",
    "ROUND_MM",
    "WHOLE_NUMBER",
    "Angle",
    "Coord",
    "Length",
    "OmitUnused",
    "Point",
    "StrictBool",
    "StrictFloat",
    "StrictInt",
    "StrictModel",
    "StrictStr",
    "round_deg",
    "round_mm",
]

#: Coordinates may lie off the table (a user drags something aside) but not absurdly far.
COORD_LIMIT_MM = 100_000.0


def _whole_number(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


#: On a Literal of whole numbers: refuses `1.0` and `true` where `1` is meant (as StrictInt does).
WHOLE_NUMBER = BeforeValidator(_whole_number)

#: Places kept of a length in millimetres and of an angle in degrees.
DECIMALS = 2


def round_mm(value: float) -> float:
    """`value` to 0.01 mm; never `-0.0`. Idempotent, so a loaded file validates to the same numbers."""
    return round(value, DECIMALS) + 0.0


round_deg = round_mm  # the same 0.01 step, in degrees


def _round_length(value: float) -> float:
    return max(round_mm(value), 10.0 ** -DECIMALS)  # a positive length stays positive


ROUND_MM = AfterValidator(round_mm)
ROUND_DEG = AfterValidator(round_deg)

Coord = Annotated[StrictFloat, Field(ge=-COORD_LIMIT_MM, le=COORD_LIMIT_MM), ROUND_MM]
Length = Annotated[StrictFloat, Field(gt=0, le=COORD_LIMIT_MM), AfterValidator(_round_length)]
Angle = Annotated[StrictFloat, Field(ge=-360.0, le=360.0), ROUND_DEG]
Point = tuple[Coord, Coord]


class StrictModel(BaseModel):
    """Refuses unknown fields, NaN and infinity; immutable so commands can swap whole values."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, frozen=True, validate_default=True)


class OmitUnused(StrictModel):
    """A model whose fields named in `OMIT_UNUSED` (field → its unused value) are left out of the file while
    unused: fields added by a later schema version, so files that do not use them keep their bytes."""

    OMIT_UNUSED: ClassVar[tuple[tuple[str, Any], ...]] = ()

    @model_serializer(mode="wrap")
    def _leave_out_unused(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        return self._omit_unused(handler(self))

    def _omit_unused(self, data: dict[str, Any]) -> dict[str, Any]:
        for key, unused in self.OMIT_UNUSED:
            if key in data and data[key] == unused:
                del data[key]
        return data
