"""The Qt half of Mario Kart for Downforce (`System.qt_module`): the campaign window's pages of a season
(`CAMPAIGN_PAGES`, in `campaign_pages`: each race's cars, owners, prices and bets, and the standings by money).

Loaded when a campaign window asks: the main window imports this package at start-up to build its menus.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CAMPAIGN_PAGES"]


def __getattr__(name: str) -> Any:
    if name == "CAMPAIGN_PAGES":
        from designer.systems.mk_downforce.qt.campaign_pages import CAMPAIGN_PAGES

        return CAMPAIGN_PAGES
    raise AttributeError(name)
