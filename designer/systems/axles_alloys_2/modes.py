"""The campaign modes Axles and Alloys II keeps, and the one a new campaign gets."""

from __future__ import annotations

from designer.i18n import N_
from designer.systems.api import CampaignMode

MODES: tuple[CampaignMode, ...] = (
    CampaignMode("race_series", N_("Race series (places only)"), "races"),
    CampaignMode("career", N_("Driver careers"), "games"),
)
DEFAULT_MODE = "career"
