"""Canvas items: one QGraphicsItem class per element kind, plus the track surface.

`ITEM_CLASSES` maps every built-in element kind to its item class (the kinds every system shares, so their
art lives here). A kind a game system defines itself is drawn by the item class its Qt half supplies
(`System.qt_module`, whose `ITEM_CLASSES` maps its own kinds; see `system_item_class`).
`create_element_item` builds the right one, and a generic tile for a kind without art of its own.
"""

from __future__ import annotations

import functools
import importlib
import logging
import operator

from designer.canvas.items.base import FALLBACK_METRICS, ElementItem, ItemMetrics
from designer.canvas.items.generic import GenericItem, generic_item_class
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
from designer.model.elements import ELEMENT_KINDS, ElementBase, kind_of_class
from designer.systems import registry

log = logging.getLogger(__name__)

ITEM_CLASSES: dict[str, type[ElementItem]] = {
    cls.kind: cls
    for cls in (
        StartFinishItem, GateItem, ItemBoxItem, CoinItem, BoostPadItem, DashPanelItem, RampItem, WarpPipeItem,
        BulletBillItem, ThwompItem, PiranhaPlantItem, ChainChompItem, WanderingThreatItem, SceneryItem,
    )
}
assert set(ITEM_CLASSES) == set(ELEMENT_KINDS), "every element kind needs an item class"


@functools.cache  # per System record (frozen): its Qt half is imported once
def system_qt_half(system):
    """`system`'s Qt half (the module `System.qt_module` names), or None without one or when it cannot be
    imported (logged once)."""
    if not system.qt_module:
        return None
    try:
        return importlib.import_module(system.qt_module)
    except ImportError as exc:
        log.warning("game system %r: its Qt half %s cannot be imported (%s)", system.id, system.qt_module, exc)
        return None


def defining_system(kind: str):
    """The registered system whose `element_classes` define `kind`, or None (a shared kind, or unknown). A shared
    kind is no system's (the registry refuses one that defines it), so it loads no system."""
    if kind in ELEMENT_KINDS:
        return None
    for ask in (registry.registered, registry.systems):  # those registered first: a document's own system
        for system in ask():
            if any(kind_of_class(cls) == kind for cls in system.element_classes):
                return system
    return None


@functools.cache  # per System record (frozen): its Qt half is sorted out once, not per element
def system_item_classes(system) -> dict[str, type[ElementItem]]:
    """The item classes `system`'s Qt half supplies for the kinds it defines itself (others are ignored:
    a system never redraws a shared kind). Empty without a Qt half, or when it cannot be imported."""
    module = system_qt_half(system)
    if module is None:
        return {}
    own = {kind_of_class(cls) for cls in system.element_classes}
    supplied = getattr(module, "ITEM_CLASSES", {})
    return {kind: cls for kind, cls in supplied.items()
            if kind in own and isinstance(cls, type) and issubclass(cls, ElementItem)}


def system_item_class(kind: str) -> type[ElementItem] | None:
    """The item class the registered system that defines `kind` supplies for it, if any; remembered per kind
    while the same system records are registered (a scene makes hundreds of items of a few kinds). A kind of a
    system registered so far (a document's own) loads no other."""
    systems = registry.registered()
    held = _SYSTEM_CLASSES.get(kind)
    if held is not None and len(held[0]) == len(systems) and all(map(operator.is_, held[0], systems)):
        return held[1]
    system = defining_system(kind)
    found = system_item_classes(system).get(kind) if system is not None else None
    _SYSTEM_CLASSES[kind] = (registry.registered(), found)  # as they are now: finding it may have loaded more
    return found


#: kind → (the registered systems once it was found, the class found): held, so the records are the same ones.
_SYSTEM_CLASSES: dict[str, tuple[tuple, type[ElementItem] | None]] = {}


def create_element_item(element: ElementBase, metrics: ItemMetrics = FALLBACK_METRICS) -> ElementItem:
    cls = ITEM_CLASSES.get(element.kind) or system_item_class(element.kind) or generic_item_class(element.kind)
    return cls(element, metrics)


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
    "GenericItem",
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
    "defining_system",
    "system_item_class",
    "system_item_classes",
    "system_qt_half",
]
