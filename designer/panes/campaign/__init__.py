"""The campaign manager: a window per campaign (roster, races, standings, chart, upgrade shop)."""

from designer.panes.campaign.window import CampaignWindow
from designer.panes.campaign.windows import CampaignWindows, is_campaign_file

CampaignWindows.window_class = CampaignWindow

__all__ = ["CampaignWindow", "CampaignWindows", "is_campaign_file"]
