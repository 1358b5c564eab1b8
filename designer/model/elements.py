"""Track elements: one strict model per kind, joined in a union discriminated on `kind`, and the kind table.

Every element has a unique string `id`, a placement (`x_mm`, `y_mm`, `rotation_deg`) and the
fields of its own kind. Coordinates are millimetres from the table's top-left corner, x to the
right, y down; rotation is degrees clockwise with 0 facing +x (the direction of travel).

The kind table (`kind_classes()`) holds the built-in kinds (`ELEMENT_CLASSES`, defined here) plus the kinds
the game systems in use define themselves (`set_extra_kinds`, called by `designer.systems.registry`); the
document model validates elements against it, and the checks engine derives its per-kind arrays from it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, ClassVar, Literal, Union, get_args

from pydantic import Field, GetCoreSchemaHandler, TypeAdapter, field_validator
from pydantic_core import CoreSchema

from designer.i18n import _
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
from designer.model.kind_names import ELEMENT_KINDS as ELEMENT_KINDS  # the palette order, re-exported

ElementId = Annotated[StrictStr, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:\-]*$")]


MAX_POLYGON_POINTS = 500


class ElementBase(StrictModel):
    #: The kind is part of the driving surface (PitchKart's track sections), not a piece placed on it: the
    #: overlap check never compares it.
    SURFACE: ClassVar[bool] = False
    #: The footprint is a disc whose diameter is the ruleset's length (coins, counters …).
    ROUND: ClassVar[bool] = False
    #: The footprint follows the element's own `points` (an open or `closed` polyline relative to x/y, e.g.
    #: Axles and Alloys' barriers), as a band as wide as the ruleset's width.
    POLYLINE: ClassVar[bool] = False

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
            raise ValueError(_("a polygon needs at least 3 distinct points"))
        return points


Element = Annotated[
    StartFinish | Gate | ItemBox | Coin | BoostPad | DashPanel | Ramp | WarpPipe | BulletBill | Thwomp
    | PiranhaPlant | ChainChomp | WanderingThreat | Scenery,
    Field(discriminator="kind"),
]

#: The built-in kinds' classes, in ELEMENT_KINDS order.
ELEMENT_CLASSES: dict[str, type[ElementBase]] = {
    cls.model_fields["kind"].default: cls
    for cls in (
        StartFinish, Gate, ItemBox, Coin, BoostPad, DashPanel, Ramp, WarpPipe,
        BulletBill, Thwomp, PiranhaPlant, ChainChomp, WanderingThreat, Scenery,
    )
}
assert tuple(ELEMENT_CLASSES) == ELEMENT_KINDS


# --- the kind table: the built-in kinds plus those the game systems in use define ----------------------
class KindError(ValueError):
    """A class that cannot be an element kind, or a kind name already taken (said in one line)."""


_extra: dict[str, type[ElementBase]] = {}
_table: dict[str, type[ElementBase]] = dict(ELEMENT_CLASSES)
_version = 0
_listeners: list[Callable[[], None]] = []
_adapter: tuple[int, TypeAdapter[Any]] | None = None


def kind_of_class(cls: type[ElementBase]) -> str:
    """The kind a class stands for: the default of its `kind: Literal["..."]` field."""
    if not (isinstance(cls, type) and issubclass(cls, ElementBase)):
        raise KindError(f"{cls!r} is not a designer.model.elements.ElementBase subclass")
    field = cls.model_fields["kind"]
    kind = field.default
    if get_args(field.annotation) != (kind,) or not isinstance(kind, str):
        raise KindError(f"{cls.__name__}: its kind field must be Literal['<kind>'] with that default")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", kind):
        raise KindError(f"{cls.__name__}: kind {kind!r} must be lower_case_with_underscores")
    return kind


def set_extra_kinds(classes: Iterable[type[ElementBase]]) -> None:
    """Make the kind table the built-in kinds plus `classes` (the kinds of the game systems in use, replacing
    any set before); documents then validate and save elements of those kinds."""
    global _extra, _table, _version
    extra: dict[str, type[ElementBase]] = {}
    for cls in classes:
        kind = kind_of_class(cls)
        if kind in ELEMENT_CLASSES or (kind in extra and extra[kind] is not cls):
            raise KindError(f"element kind {kind!r} is defined twice")
        extra[kind] = cls
    if extra == _extra:
        return
    _extra, _table = extra, {**ELEMENT_CLASSES, **extra}
    _version += 1
    for listener in _listeners:
        listener()


def kind_classes() -> Mapping[str, type[ElementBase]]:
    """{kind: its class}: the built-in kinds in palette order, then the game systems' own."""
    return _table


def element_kinds() -> tuple[str, ...]:
    """Every kind in the kind table, in the order of `kind_classes`."""
    return tuple(_table)


def kinds_version() -> int:
    """Grows whenever the kind table changes (callers cache what they derive from it per version)."""
    return _version


def on_kinds_changed(listener: Callable[[], None]) -> None:
    """Call `listener()` after each change of the kind table (the document model rebuilds its union)."""
    _listeners.append(listener)


def element_union() -> Any:
    """The union of every kind's class, discriminated on `kind`: what a document's `elements` hold."""
    if not _extra:
        return Element
    return Annotated[Union[tuple(_table.values())], Field(discriminator="kind")]  # noqa: UP007  (built at run time)


def element_adapter() -> TypeAdapter[Any]:
    """A TypeAdapter validating one element of any kind in the table (rebuilt when the table changes)."""
    global _adapter
    if _adapter is None or _adapter[0] != _version:
        _adapter = (_version, TypeAdapter(element_union()))
    return _adapter[1]


class ElementsField:
    """Marks a `list[Element]` field whose schema is rebuilt from the kind table (pydantic calls this when
    the model is built or rebuilt). With only the built-in kinds it is exactly `list[Element]`'s schema."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return handler.generate_schema(list[element_union()])  # type: ignore[misc]
