"""The campaign modes Mario Kart Gaslands keeps, and the one a new campaign gets."""

from __future__ import annotations

from designer.systems.api import CampaignMode

MODES: tuple[CampaignMode, ...] = (
    CampaignMode("grand_prix", "Grand Prix (points, upgrades)", "races", points=True),
    CampaignMode("race_series", "Race series (places only)", "races"),
    CampaignMode("balloon_battle", "Balloon Battle", "battle"),
)
DEFAULT_MODE = "grand_prix"
