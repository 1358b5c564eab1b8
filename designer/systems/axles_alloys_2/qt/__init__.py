"""The Qt half of Axles and Alloys II (`System.qt_module`): how its own kinds look on the canvas
(`ITEM_CLASSES`, in `items`), the barrier tool its barrier's palette entry arms (`PALETTE_TOOLS`,
`barrier_tool`), its Track menu actions (`ACTIONS`, in `actions`: Draw Barrier, Scatter Race Hazards…) and the
campaign window's careers page (`CAMPAIGN_PAGES`, in `careers`, loaded when a campaign window asks) and its cars,
a document type of their own (`DOCUMENT_TYPES`, in `documents`: the vehicle editor).
"""

from __future__ import annotations

from typing import Any

from designer.systems.axles_alloys_2.elements import BARRIER
from designer.systems.axles_alloys_2.qt.actions import ACTIONS
from designer.systems.axles_alloys_2.qt.items import ITEM_CLASSES


def _barrier_tool(manager: Any) -> Any:
    from designer.systems.axles_alloys_2.qt.barrier_tool import BarrierTool

    active = manager.active
    return active if isinstance(active, BarrierTool) else BarrierTool(manager)


#: A barrier is a polyline: its palette entry arms the barrier tool (click its points), as Track ▸ Draw Barrier.
PALETTE_TOOLS = {BARRIER: _barrier_tool}

__all__ = ["ACTIONS", "CAMPAIGN_PAGES", "DOCUMENT_TYPES", "ITEM_CLASSES", "PALETTE_TOOLS"]


def __getattr__(name: str) -> Any:
    if name == "DOCUMENT_TYPES":
        from designer.systems.axles_alloys_2.qt.documents import DOCUMENT_TYPES

        return DOCUMENT_TYPES
    if name == "CAMPAIGN_PAGES":
        from designer.i18n import N_
        from designer.panes.campaign.system_pages import ModePages
        from designer.systems.axles_alloys_2.qt.careers import CareersPage

        return {"career": ModePages(page=CareersPage, page_title=N_("Careers"))}
    raise AttributeError(name)
