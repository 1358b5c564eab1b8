"""The static layer: unselected elements and the track surface painted into the view's cached background.

With thousands of elements, letting Qt paint every item on every repaint costs tens of milliseconds even
from per-item caches. Instead the scene paints the surface and every element that is not selected as part
of its background, which each view caches as one picture (`CacheBackground`) and repaints only where the
scene invalidates it. Selected items (the ones being dragged, rotated or edited) are painted live on top
by Qt as usual. Layered items keep their shapes, so hit-testing and rubber bands work unchanged; they
only carry `ItemHasNoContents` so Qt does not paint them a second time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
BACKGROUND = QGraphicsScene.SceneLayer.BackgroundLayer


def is_layered(item: QGraphicsItem) -> bool:
    return bool(item.flags() & NO_CONTENTS)


def invalidate(scene: QGraphicsScene, rect: QRectF) -> None:
    """Repaint `rect` of the layer (pad a little: strokes and halos reach past bounding rects)."""
    if not rect.isEmpty():
        scene.invalidate(rect.adjusted(-2, -2, 2, 2), BACKGROUND)


def set_layered(scene: QGraphicsScene, items: Iterable[QGraphicsItem], layered: bool) -> None:
    """Move items into (or out of) the layer, repainting the places they occupy."""
    area = QRectF()
    for item in items:
        if is_layered(item) != layered:
            item.setFlag(NO_CONTENTS, layered)
            item.update()
            area = area.united(item.sceneBoundingRect())
    invalidate(scene, area)


def paint_layer(scene: QGraphicsScene, painter: QPainter, rect: QRectF) -> None:
    """Paint every layered item meeting `rect`, bottom to top, as Qt would have."""
    option = QStyleOptionGraphicsItem()
    order = Qt.SortOrder.AscendingOrder
    for item in scene.items(rect, Qt.ItemSelectionMode.IntersectsItemBoundingRect, order):
        if is_layered(item) and item.isVisible():
            painter.save()
            painter.translate(item.pos())
            option.exposedRect = item.boundingRect()
            item.paint(painter, option, None)
            painter.restore()


@contextmanager
def everything_layered(items: Iterable[QGraphicsItem]) -> Iterator[None]:
    """Paint every item through the layer for a while (exports: one path, one z-order for all)."""
    live = [item for item in items if not is_layered(item)]
    for item in live:
        item.setFlag(NO_CONTENTS, True)
    try:
        yield
    finally:
        for item in live:
            item.setFlag(NO_CONTENTS, False)
