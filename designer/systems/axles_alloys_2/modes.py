"""The campaign modes Axles and Alloys II keeps, and the one a new campaign gets."""

from __future__ import annotations

from designer.systems.api import CampaignMode

MODES: tuple[CampaignMode, ...] = (
    CampaignMode("race_series", "Race series (places only)", "races"),
    CampaignMode("career", "Driver careers", "games"),
)
DEFAULT_MODE = "career"
