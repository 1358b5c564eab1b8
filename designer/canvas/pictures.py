"""Pictures of the static layer's items at the current zoom, so a repaint that moved them only copies pixels.

Undoing a move of the whole table, or dragging the view's cached background back after a big change, makes
the static layer (canvas/layer.py) repaint every element where it now stands; the elements look the same,
only their places changed. Each item the layer paints a second time at one zoom is drawn once into a
transparent picture of its own (its look, rotation and zoom), which later repaints copy to wherever the item
stands, to the nearest pixel. A zoom step forgets every picture: a picture that is used once would cost more
than it saves. The first time after it, an item is painted from the sprites of its look (canvas/sprites.py),
or directly when it shares none; its own picture, made the second time, is put together from those sprites
too, so the zoom looks the same from frame to frame. What an item paints outside its picture (a faint reach
ring, a launcher link, which would make it huge) it paints itself, under it (`ElementItem.paint_outside`).
"""

from __future__ import annotations

from PySide6.QtGui import QImage, QPaintEngine, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from designer.canvas import style
from designer.canvas.sprites import LookSprites, Parts, paint_parts, pixel_box
from designer.geometry.detail import is_crowded

#: The pictures of one scene together hold at most this much memory (2,000 elements at fit on a 6'×4' table
#: take ~55 MB); past it, items paint directly.
BUDGET_BYTES = 96 * 1024 * 1024


class ItemPictures:
    """The pictures of one scene's items at one zoom (see the module docstring)."""

    def __init__(self) -> None:
        self._zoom: tuple[float, float] | None = None
        self._pictures: dict[QGraphicsItem, tuple[tuple, QImage, int, int]] = {}
        self._seen: set[QGraphicsItem] = set()
        self._bytes = 0
        self._option = QStyleOptionGraphicsItem()
        #: The pictures shared by every item of one look, at the same zoom.
        self.sprites = LookSprites()

    def clear(self) -> None:
        self._pictures.clear()
        self._seen.clear()
        self._bytes = 0
        self.sprites.clear()

    def usable(self, painter: QPainter) -> bool:
        """True when `painter` paints pixels unturned (a view's background), forgetting pictures of another zoom."""
        t = painter.worldTransform()
        if not (t.type().value <= QTransform.TransformationType.TxScale.value and t.m11() == t.m22() and t.m11() > 0
                and painter.paintEngine().type() == QPaintEngine.Type.Raster):
            return False
        zoom = (t.m11(), painter.device().devicePixelRatioF())
        if zoom != self._zoom:
            self._zoom = zoom
            self.clear()
        return True

    def key(self, scene, show_reach: bool) -> tuple[bool, bool]:
        """What, besides an item's own `look`, its picture depends on in `scene` right now."""
        return show_reach, is_crowded(len(getattr(scene, "items_by_id", ())))

    def picture(self, item, key: tuple[bool, bool]) -> tuple[QImage, int, int] | Parts | None:
        """`item`'s picture at this zoom and where its origin sits in it (pixels), making it the second time it
        is asked for; the first time, the sprites of its look (`sprites.paint_parts`); None: paint the item
        directly. Only after `usable` said yes."""
        assert self._zoom is not None
        full_key = (item.look, *key)
        entry = self._pictures.get(item)
        if entry is None or entry[0] != full_key:
            if entry is not None:
                self._forget(item)
            elif item not in self._seen:
                self._seen.add(item)
                return self.sprites.parts(item, key, *self._zoom)
            entry = self._draw(item, full_key, key, *self._zoom)
            if entry is None:
                return None
        return entry[1], entry[2], entry[3]

    def forget(self, item) -> None:
        """Drop what is kept of `item` (it left the scene)."""
        self._seen.discard(item)
        if item in self._pictures:
            self._forget(item)

    def bytes_held(self) -> int:
        return self._bytes

    def _forget(self, item) -> None:
        _key, picture, _left, _top = self._pictures.pop(item)
        self._bytes -= picture.sizeInBytes()

    def _draw(self, item, key: tuple, scene_key: tuple, scale: float,
              ratio: float) -> tuple[tuple, QImage, int, int] | None:
        rect = item.picture_rect()
        box = pixel_box(rect, scale, ratio, self._bytes, BUDGET_BYTES)
        if box is None:
            return None
        left, top, width, height = box
        parts = self.sprites.parts(item, scene_key, scale, ratio)
        if parts is not None:  # the same pixels the sprites gave the first frame
            picture, painter = style.picture_painter(width, height, ratio, 0, 0, 1.0)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            paint_parts(painter, parts, left, top, item, scale)
            painter.end()
        else:
            picture, painter = style.picture_painter(width, height, ratio, left, top, scale)
            item.picturing = True
            try:
                item.paint(painter, self._option, None)
            finally:
                item.picturing = False
                painter.end()
        entry = (key, picture, left, top)
        self._pictures[item] = entry
        self._bytes += picture.sizeInBytes()
        return entry
