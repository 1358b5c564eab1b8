"""Track elements: one strict model per kind, joined in a union discriminated on `kind`.

Every element has a unique string `id`, a placement (`x_mm`, `y_mm`, `rotation_deg`) and the
fields of its own kind. Coordinates are millimetres from the table's top-left corner, x to the
right, y down; rotation is degrees clockwise with 0 facing +x (the direction of travel).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from designer.model.base import (
    WHOLE_NUMBER,
    Angle,
    Coord,
    Length,
    Point,
    StrictBool,
    StrictInt,
    StrictModel,
    StrictStr,
)

ElementId = Annotated[StrictStr, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:\-]*$")]

#: All element kinds, in the order the palette shows them.
ELEMENT_KINDS: tuple[str, ...] = (
    "start_finish",
    "gate",
    "item_box",
    "coin",
    "boost_pad",
    "dash_panel",
    "ramp",
    "warp_pipe",
    "bullet_bill",
    "thwomp",
    "piranha_plant",
    "chain_chomp",
    "wandering_threat",
    "scenery",
)

MAX_POLYGON_POINTS = 500


class ElementBase(StrictModel):
    id: ElementId
    kind: StrictStr
    x_mm: Coord
    y_mm: Coord
    rotation_deg: Angle = 0.0


class StartFinish(ElementBase):
    """The chequered start/finish line, drawn across the track."""

    kind: Literal["start_finish"] = "start_finish"
    width_mm: Length = 250.0


class Gate(ElementBase):
    """A gate across the track; karts must pass the gates in `order`."""

    kind: Literal["gate"] = "gate"
    order: Annotated[StrictInt, Field(ge=1, le=999)]
    width_mm: Length = 250.0


class ItemBox(ElementBase):
    kind: Literal["item_box"] = "item_box"
    stack: Annotated[Literal[1, 2], WHOLE_NUMBER] = 1


class Coin(ElementBase):
    kind: Literal["coin"] = "coin"


class BoostPad(ElementBase):
    kind: Literal["boost_pad"] = "boost_pad"


class DashPanel(ElementBase):
    """A straight line of boost pads along the direction of travel."""

    kind: Literal["dash_panel"] = "dash_panel"
    pads: Annotated[StrictInt, Field(ge=1, le=20)] = 3


class Ramp(ElementBase):
    kind: Literal["ramp"] = "ramp"
    hoop: StrictBool = False


class WarpPipe(ElementBase):
    kind: Literal["warp_pipe"] = "warp_pipe"
    pair: ElementId | None = None


class BulletBill(ElementBase):
    """Bullet Bill's pressure plate; `launcher` names the warp pipe Bill fires from."""

    kind: Literal["bullet_bill"] = "bullet_bill"
    launcher: ElementId | None = None


class Thwomp(ElementBase):
    kind: Literal["thwomp"] = "thwomp"


class PiranhaPlant(ElementBase):
    kind: Literal["piranha_plant"] = "piranha_plant"
    range_mm: Length = 75.0


class ChainChomp(ElementBase):
    kind: Literal["chain_chomp"] = "chain_chomp"
    reach_mm: Length = 150.0


class WanderingThreat(ElementBase):
    kind: Literal["wandering_threat"] = "wandering_threat"
    name: Annotated[StrictStr, Field(min_length=1, max_length=40)] = "Goomba"
    move: Literal["short", "medium"] = "short"


class Scenery(ElementBase):
    """A scenery polygon; `polygon` points are relative to (x_mm, y_mm), before rotation."""

    kind: Literal["scenery"] = "scenery"
    polygon: Annotated[list[Point], Field(min_length=3, max_length=MAX_POLYGON_POINTS)]
    solid: StrictBool = True
    label: Annotated[StrictStr, Field(max_length=60)] = ""

    @field_validator("polygon")
    @classmethod
    def _not_degenerate(cls, points: list[Point]) -> list[Point]:
        if len(set(points)) < 3:
            raise ValueError("a polygon needs at least 3 distinct points")
        return points


Element = Annotated[
    StartFinish | Gate | ItemBox | Coin | BoostPad | DashPanel | Ramp | WarpPipe | BulletBill | Thwomp
    | PiranhaPlant | ChainChomp | WanderingThreat | Scenery,
    Field(discriminator="kind"),
]

ELEMENT_CLASSES: dict[str, type[ElementBase]] = {
    cls.model_fields["kind"].default: cls
    for cls in (
        StartFinish, Gate, ItemBox, Coin, BoostPad, DashPanel, Ramp, WarpPipe,
        BulletBill, Thwomp, PiranhaPlant, ChainChomp, WanderingThreat, Scenery,
    )
}
assert tuple(ELEMENT_CLASSES) == ELEMENT_KINDS
