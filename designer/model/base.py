"""Strict pydantic base and the bounded number types shared by every document model."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

#: Coordinates may lie off the table (a user drags something aside) but not absurdly far.
COORD_LIMIT_MM = 100_000.0

Coord = Annotated[float, Field(ge=-COORD_LIMIT_MM, le=COORD_LIMIT_MM)]
Length = Annotated[float, Field(gt=0, le=COORD_LIMIT_MM)]
Angle = Annotated[float, Field(ge=-360.0, le=360.0)]
Point = tuple[Coord, Coord]


class StrictModel(BaseModel):
    """Refuses unknown fields, NaN and infinity; immutable so commands can swap whole values."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, frozen=True, validate_default=True)
