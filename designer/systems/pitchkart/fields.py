"""PitchKart's own fields on the shared campaign records (`System.campaign_fields`): a custom character's
stats (`PitchKartStats`: top speed, traction and acceleration, 1…9), left out of the file while empty, so a
file without them keeps its bytes. The roster, `campaign custom` and the prints read them by their
`CharacterStat` keys."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from designer.model.base import StrictInt
from designer.model.record_fields import RecordFields

Stat = Annotated[StrictInt, Field(ge=1, le=9)]


class PitchKartStats(RecordFields):
    """On a custom character: its PitchKart stats (None: not given)."""

    OMIT_UNUSED = (("top_speed", None), ("traction", None), ("acceleration", None))

    top_speed: Stat | None = None
    traction: Stat | None = None
    acceleration: Stat | None = None

