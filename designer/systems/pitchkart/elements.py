"""PitchKart's own element kind: the `track_section`, one piece of the set laid on the table. Pure pydantic
model (no Qt); the registry puts it in the model's kind table, so track files load and save it like any
built-in kind.

A section's `x_mm`/`y_mm` is its START connector (the middle of the edge a disc drives in over) and
`rotation_deg` the heading there; `piece` names a piece of the rule data's inventory
(`pitchkart.inventory.pieces`), whose shape gives the end connector (`designer.systems.pitchkart.sections`).
`number` is its place along the route, 1 at the start; `flipped` makes a curve turn right instead of left.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from designer.i18n import N_
from designer.model.base import StrictBool, StrictInt
from designer.model.elements import ElementBase, ElementId

TRACK_SECTION = "track_section"


class TrackSection(ElementBase):
    """One straight or curved piece of the track, numbered along the route."""

    SURFACE: ClassVar[bool] = True  # the sections are the track: coins and "?" squares lie on them

    kind: Literal["track_section"] = "track_section"
    piece: ElementId  # a piece id of the inventory (a slug); an id it lacks is the checks' to report
    number: Annotated[StrictInt, Field(ge=1, le=9999)] = 1
    flipped: StrictBool = False


ELEMENT_CLASSES = (TrackSection,)
KIND_NAMES = {TRACK_SECTION: (N_("Track section"), N_("track section"))}
#: A section as the player sees it: by the number stuck on it.
ELEMENT_LABELS = {TRACK_SECTION: (N_("Track section {number}"), N_("track section {number}"))}
