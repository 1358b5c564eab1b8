"""The board game's own element kinds: the numbered `space` a pawn stands on, and the `shortcut` arrow from one
space to another. Pure pydantic models (no Qt); the registry puts them in the model's kind table, so track
files load and save them like any built-in kind.

A space's `x_mm`/`y_mm` is its centre and `rotation_deg` the direction of travel through it; its tile's side
comes from the rule data (`board.space_size_mm`). A shortcut's own position is the middle of its arrow, kept
up to date by the edits that move its ends; what counts is `from_space` and `to_space`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from designer.i18n import N_
from designer.model.elements import ElementBase, ElementId
from designer.systems.api import RefTo

SPACE = "space"
SHORTCUT = "shortcut"
#: The highest number a space can have.
MAX_NUMBER = 9999

#: The fields a space can be, in the order a click cycles through them.
Field_ = Literal["plain", "item", "booster", "mushroom", "thwomp", "start"]
FIELDS: tuple[str, ...] = ("plain", "item", "booster", "mushroom", "thwomp", "start")
#: How the fields are named on screen and in the printed legend (translate where shown).
FIELD_NAMES: dict[str, str] = {
    "plain": N_("Plain space"),
    "item": N_("Item space (?)"),
    "booster": N_("Booster"),
    "mushroom": N_("Mushroom space"),
    "thwomp": N_("Thwomp space"),
    "start": N_("Start/finish"),
}


class Space(ElementBase):
    """One space of the board: its place in the lap (`number`, 1 at the start) and what landing on it does."""

    kind: Literal["space"] = "space"
    number: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)] = 1
    field: Field_ = "plain"


class Shortcut(ElementBase):
    """A red arrow from one space to a later one: one pip to cross, cannot be stopped on, needs a Feather."""

    kind: Literal["shortcut"] = "shortcut"
    from_space: Annotated[ElementId, RefTo("space", "number")]
    to_space: Annotated[ElementId, RefTo("space", "number")]


ELEMENT_CLASSES = (Space, Shortcut)
KIND_NAMES = {SPACE: (N_("Space"), N_("space")), SHORTCUT: (N_("Shortcut"), N_("shortcut"))}
#: A space as the player sees it: by the number printed on it.
ELEMENT_LABELS = {SPACE: (N_("Space {number}"), N_("space {number}"))}


def next_field(field: str) -> str:
    """The field a click on a space of `field` turns it into (plain → item → … → start → plain)."""
    return FIELDS[(FIELDS.index(field) + 1) % len(FIELDS)]
