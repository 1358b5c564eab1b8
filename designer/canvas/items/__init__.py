"""Canvas items: one QGraphicsItem class per element kind, plus the track surface.

`ITEM_CLASSES` maps every element kind to its item class; `create_element_item` builds the right one.
"""

from __future__ import annotations

from designer.canvas.items.base import FALLBACK_METRICS, ElementItem, ItemMetrics
from designer.canvas.items.hazards import (
    BulletBillItem,
    ChainChompItem,
    PiranhaPlantItem,
    ThwompItem,
    WanderingThreatItem,
)
from designer.canvas.items.markers import GateItem, StartFinishItem
from designer.canvas.items.pickups import CoinItem, ItemBoxItem
from designer.canvas.items.scenery import SceneryItem
from designer.canvas.items.surface import TrackSurfaceItem
from designer.canvas.items.terrain import BoostPadItem, DashPanelItem, RampItem, WarpPipeItem
from designer.model.elements import ELEMENT_KINDS, ElementBase

ITEM_CLASSES: dict[str, type[ElementItem]] = {
    cls.kind: cls
    for cls in (
        StartFinishItem, GateItem, ItemBoxItem, CoinItem, BoostPadItem, DashPanelItem, RampItem, WarpPipeItem,
        BulletBillItem, ThwompItem, PiranhaPlantItem, ChainChompItem, WanderingThreatItem, SceneryItem,
    )
}
assert set(ITEM_CLASSES) == set(ELEMENT_KINDS), "every element kind needs an item class"


def create_element_item(element: ElementBase, metrics: ItemMetrics = FALLBACK_METRICS) -> ElementItem:
    return ITEM_CLASSES[element.kind](element, metrics)


__all__ = [
    "FALLBACK_METRICS",
    "ITEM_CLASSES",
    "BoostPadItem",
    "BulletBillItem",
    "ChainChompItem",
    "CoinItem",
    "DashPanelItem",
    "ElementItem",
    "GateItem",
    "ItemBoxItem",
    "ItemMetrics",
    "PiranhaPlantItem",
    "RampItem",
    "SceneryItem",
    "StartFinishItem",
    "ThwompItem",
    "TrackSurfaceItem",
    "WanderingThreatItem",
    "WarpPipeItem",
    "create_element_item",
]
