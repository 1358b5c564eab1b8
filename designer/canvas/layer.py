"""The static layer: unselected elements and the track surface painted into the view's cached background.

With thousands of elements, letting Qt paint every item on every repaint costs tens of milliseconds even
from per-item caches. Instead the scene paints the surface and every element that is not selected as part
of its background, which each view caches as one picture (`CacheBackground`) and repaints only where the
scene invalidates it. Selected elements are live: the scene's live layer (canvas/live.py) paints them on
top. Element items and the surface always carry `ItemHasNoContents` so Qt never paints them itself; they
keep their shapes, so hit-testing and rubber bands work unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

from designer.canvas.pictures import ItemPictures
from designer.canvas.sprites import Parts, paint_parts

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
_NO_CONTENTS = NO_CONTENTS.value  # plain ints: PySide's flag operators are slow in per-item loops
BACKGROUND = QGraphicsScene.SceneLayer.BackgroundLayer
#: True inside `everything_layered`: exports draw every item afresh, never from a picture.
_exporting = False
#: Item attribute: True while the live layer paints the item instead of the static layer.
LIVE = "live"


def exporting() -> bool:
    """True while an export draws the scene (`everything_layered`): no editing state belongs in it."""
    return _exporting


def is_layered(item: QGraphicsItem) -> bool:
    """True for an item this layer paints: it has no contents for Qt to paint and is not live."""
    return not getattr(item, LIVE, False) and bool(item.flags().value & _NO_CONTENTS)


def invalidate(scene: QGraphicsScene, rect: QRectF) -> None:
    """Repaint `rect` of the layer (pad a little: strokes and halos reach past bounding rects)."""
    if not rect.isEmpty():
        scene.invalidate(rect.adjusted(-2, -2, 2, 2), BACKGROUND)


def invalidate_each(scene: QGraphicsScene, rects: Iterable[QRectF]) -> None:
    """Repaint each of `rects` of the layer: one by one while they are few, so that places far apart stay apart
    (a view paints them in one go, split again by `exposed_pieces`); past `MAX_PIECES`, the box round them."""
    rects = [r for r in rects if not r.isEmpty()]
    if len(rects) > MAX_PIECES:
        area = QRectF()
        for r in rects:
            area = area.united(r)
        rects = [area]
    for r in rects:
        invalidate(scene, r)


def set_layered(scene: QGraphicsScene, items: Iterable[QGraphicsItem], layered: bool) -> None:
    """Move items into the layer, or out of it to be live, repainting the places they occupy."""
    areas = []
    for item in items:
        if is_layered(item) != layered:
            setattr(item, LIVE, not layered)
            areas.append(item.sceneBoundingRect())
    invalidate_each(scene, areas)


def exposed_pieces(painter: QPainter, rect: QRectF) -> Iterator[QRectF]:
    """The parts of `rect` (scene) to paint, the painter clipped to each while it is painted: Qt hands a view's
    background the bounding rect of all it exposed, so two places far apart (a selection passing from one
    element to another, the two strips of a diagonal scroll) would repaint every element between them. Just
    `rect` when what is exposed is one piece, many, or most of their bounding rect anyway."""
    if not painter.hasClipping():
        yield rect
        return
    transform = painter.worldTransform()
    painter.setWorldTransform(_DEVICE)
    region = painter.clipRegion()  # in device pixels, as Qt set it
    painter.setWorldTransform(transform)
    pieces = list(region) if 2 <= region.rectCount() <= MAX_PIECES else []
    whole = region.boundingRect()
    if (not pieces or transform.isRotating() or not transform.isInvertible()
            or sum(p.width() * p.height() for p in pieces) > whole.width() * whole.height() / 2):
        yield rect
        return
    inverse = transform.inverted()[0]
    try:
        for piece in pieces:
            # a pixel over: lines drawn across the piece run on past its clip, not end at it half-covered
            part = inverse.mapRect(QRectF(piece).adjusted(-1, -1, 1, 1)).intersected(rect)
            if part.isEmpty():
                continue
            painter.setWorldTransform(_DEVICE)
            painter.setClipRect(piece)  # within the region: the same as intersecting it
            painter.setWorldTransform(transform)
            yield part
    finally:
        painter.setWorldTransform(_DEVICE)
        painter.setClipRegion(region)
        painter.setWorldTransform(transform)


#: Past this many pieces, what is exposed is painted as one rect (`exposed_pieces`).
MAX_PIECES = 16
_DEVICE = QTransform()


def paint_layer(scene: QGraphicsScene, painter: QPainter, rect: QRectF, pictures: ItemPictures | None = None) -> None:
    """Paint every layered item meeting `rect`, bottom to top, as Qt would have; from `pictures` where they
    hold the item, or the sprites of its look, at this zoom (canvas/pictures.py, canvas/sprites.py)."""
    for _ in paint_layer_steps(scene, painter, rect, pictures):
        pass


def paint_layer_steps(scene: QGraphicsScene, painter: QPainter, rect: QRectF, pictures: ItemPictures | None = None,
                      every: int = 0) -> Iterator[None]:
    """`paint_layer`, pausing after every `every` items (never when 0) so that it can be spread over time
    (canvas/sharpen.py); nothing else may use `painter` until it is done or closed."""
    option = QStyleOptionGraphicsItem()
    order = Qt.SortOrder.AscendingOrder
    in_device = False
    if pictures is not None and (_exporting or not pictures.usable(painter)):
        pictures = None
    if pictures is not None:
        key = pictures.key(scene, getattr(scene, "show_reach", True))
        # Pictures are copied in device pixels: the painter stays there while one follows another.
        scene_transform = painter.worldTransform()
        scale, dx, dy = scene_transform.m11(), scene_transform.dx(), scene_transform.dy()
        device = QTransform()
        hints = painter.testRenderHint(_SMOOTH), painter.testRenderHint(_ANTIALIAS)
        # Sprites turned to an item's heading are smoothed (sprites.paint_parts); their edges are transparent.
        painter.setRenderHint(_SMOOTH, False)
        painter.setRenderHint(_ANTIALIAS, False)
    count = 0
    try:
        for item in scene.items(rect, Qt.ItemSelectionMode.IntersectsItemBoundingRect, order):
            if not (is_layered(item) and item.isVisible()):
                continue
            count += 1
            if count == every:
                count = 0
                if in_device:  # the caller may look at the painter in between
                    painter.setWorldTransform(scene_transform)
                    in_device = False
                yield
            if pictures is not None:
                picture = pictures.picture(item, key) if getattr(item, "cached_picture", False) else None
                if picture is not None:
                    if item.paints_outside:
                        if in_device:
                            painter.setWorldTransform(scene_transform)
                            in_device = False
                        painter.save()
                        painter.setRenderHint(_ANTIALIAS)
                        painter.translate(item.pos())
                        item.paint_outside(painter)
                        painter.restore()
                    if not in_device:
                        painter.setWorldTransform(device)
                        in_device = True
                    pos = item.pos()
                    x, y = round(pos.x() * scale + dx), round(pos.y() * scale + dy)
                    if type(picture) is Parts:
                        paint_parts(painter, picture, x, y, item, scale)
                    else:
                        image, left, top = picture
                        painter.drawImage(x - left, y - top, image)
                    continue
                if in_device:
                    painter.setWorldTransform(scene_transform)
                    in_device = False
            painter.save()
            painter.translate(item.pos())
            option.exposedRect = item.boundingRect()
            item.paint(painter, option, None)
            painter.restore()
    finally:
        if pictures is not None and painter.isActive():
            if in_device:
                painter.setWorldTransform(scene_transform)
            painter.setRenderHint(_SMOOTH, hints[0])
            painter.setRenderHint(_ANTIALIAS, hints[1])

_SMOOTH = QPainter.RenderHint.SmoothPixmapTransform
_ANTIALIAS = QPainter.RenderHint.Antialiasing


@contextmanager
def everything_layered(items: Iterable[QGraphicsItem]) -> Iterator[None]:
    """Paint every item through the layer for a while (exports: one path, one z-order for all)."""
    global _exporting
    live = [item for item in items if getattr(item, LIVE, False)]
    for item in live:
        setattr(item, LIVE, False)
    _exporting, was = True, _exporting
    try:
        yield
    finally:
        _exporting = was
        for item in live:
            setattr(item, LIVE, True)
