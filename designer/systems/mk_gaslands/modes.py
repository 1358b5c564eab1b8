"""The campaign modes Mario Kart Gaslands keeps, and the one a new campaign gets."""

from __future__ import annotations

from designer.i18n import N_
from designer.systems.api import CampaignMode

MODES: tuple[CampaignMode, ...] = (
    CampaignMode("grand_prix", N_("Grand Prix (points, upgrades)"), "races", points=True),
    CampaignMode("race_series", N_("Race series (places only)"), "races"),
    CampaignMode("balloon_battle", N_("Balloon Battle"), "battle"),
)
DEFAULT_MODE = "grand_prix"
