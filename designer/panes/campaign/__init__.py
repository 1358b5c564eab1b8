"""The campaign manager: a window per campaign (roster, races, standings, chart, upgrade shop).

`CampaignWindow` and its pages load when the first campaign window opens (or when asked for by name),
not with the editor's main window, which only needs `CampaignWindows` for its File menu.
"""

from designer.io.suffixes import is_campaign_file
from designer.panes.campaign.windows import CampaignWindows


def _campaign_window(session, windows):
    from designer.panes.campaign.window import CampaignWindow

    return CampaignWindow(session, windows)


CampaignWindows.window_class = staticmethod(_campaign_window)


def __getattr__(name: str):
    if name == "CampaignWindow":
        from designer.panes.campaign.window import CampaignWindow

        return CampaignWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CampaignWindow", "CampaignWindows", "is_campaign_file"]
