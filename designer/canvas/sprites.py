"""Sprites: one picture per LOOK at the view's zoom, shared by every item that looks the same.

A zoom step makes the static layer (canvas/layer.py) paint every element afresh, and on a crowded table
most elements look like many others: coins are coins, whatever their place and heading. So each look is
drawn once per zoom and copied to every item showing it, turned to the item's heading. A look has two
parts (`ElementItem.sprite_keys`): the TURNING part (all that turns with the element), drawn unturned and
copied through a turned transform, and the UPRIGHT part (faces, numbers, labels), drawn once and copied
unturned, on top. A heading of a whole quarter turn gets a turning sprite drawn at that turn, so it is
exactly what painting the item there gives; other headings resample the unturned sprite.

What an item paints outside its picture (reach rings, launcher links) it still paints itself
(`ElementItem.paint_outside`). Past a memory budget, or for an item of a look of its own making (scenery
polygons), the caller paints directly.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from designer.canvas import style
from designer.canvas.items.base import TURNING, UPRIGHT

#: The sprites of one scene together hold at most this much memory; past it, items paint directly.
BUDGET_BYTES = 32 * 1024 * 1024
#: Looks larger than this on screen (either side, pixels) are painted directly: few show at such a zoom.
MAX_SIDE_PX = 700


def pixel_box(rect: QRectF, scale: float, ratio: float, held: int, budget: int) -> tuple[int, int, int, int] | None:
    """Where the origin sits in a picture of `rect` (item coordinates) at `scale`, and the picture's width and
    height, with a pixel to spare on every side; None when a side would pass `MAX_SIDE_PX` or the picture would
    take the `held` bytes past `budget`."""
    left, top = math.ceil(-rect.left() * scale) + 1, math.ceil(-rect.top() * scale) + 1
    width, height = left + math.ceil(rect.right() * scale) + 2, top + math.ceil(rect.bottom() * scale) + 2
    if width > MAX_SIDE_PX or height > MAX_SIDE_PX or width <= 0 or height <= 0:
        return None
    if held + width * height * 4 * ratio * ratio > budget:
        return None
    return left, top, width, height


class Sprite(NamedTuple):
    """A picture and where the element's origin sits in it (device pixels)."""

    image: QImage
    left: int
    top: int


#: A part that paints nothing (a Goomba is upright all over; a coin box has no upright part at a far zoom).
NOTHING = Sprite(QImage(), 0, 0)
#: An upright part painted by the item itself (the first of its look at this zoom).
DIRECT = Sprite(QImage(), 0, 0)


class Parts(NamedTuple):
    """How to paint one item from sprites: `turning` (at `quarter` quarter turns, or unturned and turned by
    the item's own heading when `quarter` is None) under `upright`."""

    turning: Sprite
    quarter: int | None
    upright: Sprite


def quarter_of(rotation_deg: float) -> int | None:
    """0–3 for a heading of whole quarter turns, else None."""
    turns = rotation_deg / 90.0
    whole = round(turns)
    return whole % 4 if turns == whole else None


class LookSprites:
    """The sprites of one scene's looks at one zoom (the owner clears them when the zoom changes)."""

    def __init__(self) -> None:
        self._sprites: dict[tuple, Sprite | None] = {}
        self._asked: set[tuple] = set()
        self._bytes = 0
        self._option = QStyleOptionGraphicsItem()
        self._generation = object()  # items hold their parts for one generation of sprites

    def clear(self) -> None:
        self._sprites.clear()
        self._asked.clear()
        self._bytes = 0
        self._generation = object()

    def bytes_held(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return sum(1 for sprite in self._sprites.values() if sprite is not None and sprite is not NOTHING)

    def parts(self, item, scene_key: tuple, scale: float, ratio: float) -> Parts | None:
        """`item`'s parts at this zoom (`scale` pixels per mm), drawing the sprites of a look the second time
        it is asked for (a look of one item would cost more as a sprite); None: paint it directly (it shares no
        look, is the first of its look, too large, or the budget is spent)."""
        held = item.held_parts
        if held is not None and held[0] is self._generation and held[1] == scene_key:
            return held[2]
        keys = item.sprite_keys()
        if keys is None:
            return None
        quarter = quarter_of(item.element.rotation_deg)
        turning = self._sprite((keys[0], scene_key, quarter or 0), item, TURNING, quarter or 0, scale, ratio)
        if turning is None:
            return None
        upright = self._sprite((keys[1], scene_key), item, UPRIGHT, 0, scale, ratio)
        if upright is None:
            upright = DIRECT
        parts = Parts(turning, quarter, upright)
        if upright is not DIRECT:
            item.held_parts = (self._generation, scene_key, parts)
        return parts

    def _sprite(self, key: tuple, item, part: str, quarter: int, scale: float, ratio: float) -> Sprite | None:
        sprite = self._sprites.get(key, False)
        if sprite is False:
            if key not in self._asked:
                self._asked.add(key)
                return None
            sprite = self._sprites[key] = self._draw(item, part, quarter, scale, ratio)
        return sprite  # type: ignore[return-value]

    def _draw(self, item, part: str, quarter: int, scale: float, ratio: float) -> Sprite | None:
        if part == UPRIGHT:  # upright at the origin, the same at any turn
            reach = item.upright_reach()
            rect = QRectF(-reach, -reach, 2 * reach, 2 * reach)
        else:
            rect = QTransform().rotate(90.0 * quarter).mapRect(item.local_picture_rect())
        box = pixel_box(rect, scale, ratio, self._bytes, BUDGET_BYTES)
        if box is None:
            return None
        left, top, width, height = box
        image, painter = style.picture_painter(width, height, ratio, left, top, scale)
        try:
            if part == UPRIGHT:
                if not item.paint_upright(painter):
                    return NOTHING
            else:
                item.picturing, item.turning_only = True, True
                with item.turned_to(90.0 * quarter):
                    item.paint(painter, self._option, None)
        finally:
            item.picturing = item.turning_only = False
            painter.end()
        sprite = _trimmed(image, left, top)  # copying a transparent pixel costs as much as any other
        if sprite is not NOTHING:
            self._bytes += sprite.image.sizeInBytes()
        return sprite


def _trimmed(image: QImage, left: int, top: int) -> Sprite:
    """The sprite of `image` (its origin at `left`, `top`) cut to the pixels that are not transparent; kept
    whole when its logical and device pixels differ."""
    data = image.constBits().tobytes()
    line = image.bytesPerLine()
    rows = [data[n * line:(n + 1) * line] for n in range(image.height())]
    used = [n for n, row in enumerate(rows) if row.strip(b"\0")]
    if not used:
        return NOTHING
    if image.devicePixelRatio() != 1.0:
        return Sprite(image, left, top)
    first = min(len(rows[n]) - len(rows[n].lstrip(b"\0")) for n in used) // 4
    last = (max(len(rows[n].rstrip(b"\0")) for n in used) + 3) // 4
    cut = image.copy(first, used[0], last - first, used[-1] + 1 - used[0])
    return Sprite(cut, left - first, top - used[0])


def paint_parts(painter: QPainter, parts: Parts, x: int, y: int, item, scale: float) -> None:
    """Paint `item` from its `parts` with its origin at device pixel (`x`, `y`) at `scale` pixels per mm,
    `painter` drawing in device pixels (an identity world transform, which it keeps) without smoothing."""
    turning = parts.turning
    if turning is not NOTHING:
        if parts.quarter is not None:
            painter.drawImage(x - turning.left, y - turning.top, turning.image)
        else:
            c, s = item.cos_sin
            painter.setWorldTransform(QTransform(c, s, -s, c, x, y))
            # Smooth only here: with the hint set, Qt copies even unturned images the slow way.
            painter.setRenderHint(_SMOOTH)
            painter.drawImage(QPointF(-turning.left, -turning.top), turning.image)
            painter.setRenderHint(_SMOOTH, False)
            painter.setWorldTransform(_IDENTITY)
    upright = parts.upright
    if upright is DIRECT:
        painter.save()
        painter.setWorldTransform(QTransform(scale, 0.0, 0.0, scale, x, y))
        item.paint_upright(painter)
        painter.restore()
    elif upright is not NOTHING:
        painter.drawImage(x - upright.left, y - upright.top, upright.image)


_IDENTITY = QTransform()
_SMOOTH = QPainter.RenderHint.SmoothPixmapTransform
