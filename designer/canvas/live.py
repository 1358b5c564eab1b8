"""The live layer: the selected elements painted as one cached picture on top of the static layer.

Selected elements are the ones being dragged, rotated or edited. Letting Qt paint them one by one costs
it tens of microseconds per item on every frame even from per-item caches, which adds up when a drag
moves a couple of hundred of them. This item paints them all into one picture (`DeviceCoordinateCache`)
instead. A drag moves every selected element by the same offset, so `follow` only moves the picture;
any other change to a live element (its look, its stacking, the selection itself) calls `refresh`,
which paints the picture again from the elements. Like layered items, live elements carry
`ItemHasNoContents` and keep their shapes, so hit-testing is unchanged; this item itself is never hit.

The one part of a live element that can change while it is dragged is a Bullet Bill plate's link to a
launcher left behind. Those links are drawn apart, by `LiveLinks` just under the picture, and redrawn
whole on every step: a few dashed lines cost far less than painting the picture again.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

#: Above every element (their z is their list index), below guides and every overlay.
LIVE_Z = 500_000.0
#: Offsets that agree this closely (mm) count as one: each element's new position is its own sum.
SAME_OFFSET_MM = 1e-6


class LiveLayer(QGraphicsItem):
    """Paints `items` (bottom to top) where they stand relative to where they stood when last painted."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(LIVE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # a true exposedRect
        self._items: list[QGraphicsItem] = []
        self._anchors: list[tuple[float, float]] = []  # each item's position when the picture was painted
        self._bounds = QRectF()
        self._bodies = QRectF()  # the box round the items' bodies, where they stood when painted
        #: The launcher links of the live plates; the scene adds it next to this item.
        self.links = LiveLinks()

    @property
    def items(self) -> list[QGraphicsItem]:
        return list(self._items)

    def set_items(self, items: Iterable[QGraphicsItem]) -> None:
        self._items = sorted(items, key=lambda item: item.zValue())
        self.links.set_plates(item for item in self._items if hasattr(item, "paint_link"))
        self.refresh()

    def refresh(self) -> None:
        """Paint the picture again from the items as they stand now."""
        self.prepareGeometryChange()
        self.setPos(QPointF())
        self._anchors = [(item.x(), item.y()) for item in self._items]
        bounds, bodies = QRectF(), QRectF()
        for item in self._items:
            bounds = bounds.united(item.sceneBoundingRect())
            # Qt never turns an element item (it turns while painting), so its shape needs no mapping.
            bodies = bodies.united(item.shape().boundingRect().translated(item.pos()))
        self._bounds, self._bodies = bounds, bodies
        self.update()
        self.links.refresh()

    def body_bounds(self) -> QRectF:
        """The scene box round the live items' bodies (what the selection box frames)."""
        return self._bodies.translated(self.pos())

    def follow(self) -> None:
        """Catch up with items that moved: the same offset for all moves the picture, else it is repainted."""
        if not self._items:
            return
        (x0, y0), first = self._anchors[0], self._items[0]
        dx, dy = first.x() - x0, first.y() - y0
        for item, (x, y) in zip(self._items, self._anchors, strict=True):
            if abs(item.x() - x - dx) > SAME_OFFSET_MM or abs(item.y() - y - dy) > SAME_OFFSET_MM:
                self.refresh()
                return
        self.setPos(dx, dy)
        self.links.refresh()

    # --- QGraphicsItem --------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # clicks and rubber bands find the elements themselves

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # Qt asks for only the part it lacks when the picture is cut to the viewport (zoomed in, scrolled).
        exposed = option.exposedRect
        item_option = QStyleOptionGraphicsItem()
        for item, (x, y) in zip(self._items, self._anchors, strict=True):
            bounds = item.boundingRect()
            if not exposed.intersects(bounds.translated(x, y)):
                continue
            painter.save()
            painter.translate(x, y)
            item_option.exposedRect = bounds
            item.paint(painter, item_option, widget)
            painter.restore()


class LiveLinks(QGraphicsItem):
    """The links from live Bullet Bill plates to their launchers, painted afresh each time (no cache)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(LIVE_Z - 1)  # under the live picture, as a plate's link lies under the plate
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._plates: list[QGraphicsItem] = []
        self._bounds = QRectF()

    def set_plates(self, plates: Iterable[QGraphicsItem]) -> None:
        """Draw the links of `plates` from the next `refresh` on."""
        self._plates = list(plates)

    def refresh(self) -> None:
        """Follow the plates' links as they stand now."""
        if not self._plates and self._bounds.isNull():
            return
        self.prepareGeometryChange()
        bounds = QRectF()
        for plate in self._plates:
            bounds = bounds.united(plate.link_rect())
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for plate in self._plates:
            plate.paint_link(painter)
