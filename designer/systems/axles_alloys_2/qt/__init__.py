"""The Qt half of Axles and Alloys II (`System.qt_module`): how its own kinds look on the canvas
(`ITEM_CLASSES`, in `items`), the barrier tool its barrier's palette entry arms (`PALETTE_TOOLS`,
`barrier_tool`) and its Track menu actions (`ACTIONS`, in `actions`: Draw Barrier, Scatter Race Hazards…).
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

__all__ = ["ACTIONS", "ITEM_CLASSES", "PALETTE_TOOLS"]
