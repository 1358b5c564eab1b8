"""Axles and Alloys II's own element kinds: barriers a race runs between, dropped-weapon templates, wrecks,
the 1" Sword / Shield / Deathshead counters and entry points. Pure pydantic models (no Qt); the registry
puts them in the model's kind table, so track files load and save them like any built-in kind.

Sizes come from the rule data: a template is `axles.dropped_template_mm` (3" × 1.5"), a wreck a car's
footprint (`kart_footprint`, 3" × 1.5"), a counter `axles.counter_diameter_mm` (1"). A `barrier` is a line
or polyline whose `points` are relative to its x/y, before rotation; it is part of the track's edge, not a
piece placed on it, so the overlap check never compares it. An entry point's rotation is the direction a
car enters in, its `speed_mm` the speed it enters at; its `role` is the Badlands Ambush side it belongs to.

Elements put down by Track ▸ Scatter have ids starting with `SCATTER_PREFIX`, so a re-roll replaces them
and only them.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from designer.i18n import N_, _
from designer.model.base import Point, StrictBool, StrictFloat
from designer.model.elements import MAX_POLYGON_POINTS, ElementBase
from designer.systems.axles_alloys_2.variants import TemplateVariant

BARRIER = "barrier"
TEMPLATE = "dropped_template"
WRECK = "wreck"
COUNTER = "counter"
ENTRY = "entry_point"

SCATTER_PREFIX = "scatter-"
#: The fastest an entry point may say a car travels (100", far beyond any class's MAX).
MAX_SPEED_MM = 2540.0

CounterVariant = Literal["sword", "shield", "deathshead"]
COUNTER_VARIANTS: tuple[str, ...] = ("sword", "shield", "deathshead")
EntryRole = Literal["defender", "attacker"]
ENTRY_ROLES: tuple[str, ...] = ("defender", "attacker")

#: How the variants and roles are named on screen and on paper (translate where shown).
VARIANT_NAMES: dict[str, str] = {
    "napalm": N_("Napalm"), "oil": N_("Oil slick"), "spikes": N_("Spikes"),
    "sword": N_("Sword"), "shield": N_("Shield"), "deathshead": N_("Deathshead"),
    "defender": N_("Defender"), "attacker": N_("Attacker"),
}


class Barrier(ElementBase):
    """A barrier along the track's edge: a line or polyline, `points` relative to x/y before rotation."""

    SURFACE: ClassVar[bool] = True  # the track's edge, not a piece on it
    POLYLINE: ClassVar[bool] = True  # its footprint follows its points

    kind: Literal["barrier"] = "barrier"
    points: Annotated[list[Point], Field(min_length=2, max_length=MAX_POLYGON_POINTS)]
    closed: StrictBool = False

    @field_validator("points")
    @classmethod
    def _not_degenerate(cls, points: list[Point]) -> list[Point]:
        if len(set(points)) < 2:
            raise ValueError(_("a barrier needs at least 2 distinct points"))
        return points


class DroppedTemplate(ElementBase):
    """A 3" × 1.5" dropped-weapon template lying on the track: napalm, an oil slick or spikes."""

    kind: Literal["dropped_template"] = "dropped_template"
    variant: TemplateVariant = "oil"


class Wreck(ElementBase):
    """A wrecked car, a car's footprint: a solid obstacle."""

    kind: Literal["wreck"] = "wreck"


class Counter(ElementBase):
    """A 1" counter: Sword, Shield or Deathshead."""

    ROUND: ClassVar[bool] = True

    kind: Literal["counter"] = "counter"
    variant: CounterVariant = "sword"


class EntryPoint(ElementBase):
    """Where a car enters the table; rotation is its heading, `speed_mm` how far it travels a turn (inches per
    turn, in millimetres). Badlands Ambush: the defender starts in the table's centre at 10", the attackers
    near the corners or edge midpoints they nominated at 15" (the rule data's `axles.ambush`, which also gives
    an entry point with no speed of its own its side's)."""

    kind: Literal["entry_point"] = "entry_point"
    role: EntryRole = "attacker"
    speed_mm: Annotated[StrictFloat, Field(ge=0, le=MAX_SPEED_MM)]

    @model_validator(mode="before")
    @classmethod
    def _side_speed(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("speed_mm") is None:
            from designer.systems.axles_alloys_2.entry_speed import entry_speed_mm  # the rule data's, read lazily

            data = {**data, "speed_mm": entry_speed_mm(data.get("role", "attacker"))}
        return data


#: The inspector labels these fields from their names and translates the labels: here for the catalogues.
FIELD_LABELS = (N_("Role"), N_("Speed"))

ELEMENT_CLASSES = (Barrier, DroppedTemplate, Wreck, Counter, EntryPoint)
KIND_NAMES = {
    BARRIER: (N_("Barrier"), N_("barrier")),
    TEMPLATE: (N_("Dropped-weapon template"), N_("dropped-weapon template")),
    WRECK: (N_("Wreck"), N_("wreck")),
    COUNTER: (N_("Counter"), N_("counter")),
    ENTRY: (N_("Entry point"), N_("entry point")),
}
