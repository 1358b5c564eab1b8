"""The canvas look in one place: colours, zoom-aware pens and vector text shared by the scene and its items.

Scene units are millimetres. Drawing code asks `pixels(painter)` how many screen pixels one millimetre
covers right now, so strokes can be "this many mm, but never thinner than a pixel" and stay crisp at any zoom.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QLinearGradient,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QStyleOptionGraphicsItem

# --- palette -------------------------------------------------------------------------------------
OUTSIDE = QColor("#6b7079")          # the room around the table
TABLE = QColor("#e9e5da")            # a calm warm-grey cutting mat
TABLE_EDGE = QColor("#3a3d42")
TABLE_SHADOW = QColor(0, 0, 0, 60)
GRID_MINOR = QColor(120, 110, 90, 45)
GRID_MAJOR = QColor(110, 95, 70, 95)

TARMAC = QColor("#45484e")
KERB_WHITE = QColor("#f4f4f2")
KERB_RED = QColor("#d0312d")
CENTERLINE = QColor(255, 255, 255, 90)

INK = QColor("#1d1f23")              # outlines of element bodies
HALO = QColor(255, 255, 255, 235)    # the light rim behind text so it reads on tarmac and felt
LABEL = QColor("#1d1f23")

#: Default text height for element labels, in mm (readable on a printed table and on screen).
LABEL_MM = 12.0


#: Scales a minimum stroke width to just below it (see `stroke`).
HAIR_UNDER = 1.0 - 1e-6


def pixels(painter: QPainter) -> float:
    """Screen pixels per scene millimetre for the painter's current world transform (never 0)."""
    return max(QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()), 1e-6)


def stroke(painter: QPainter, mm: float, min_px: float = 1.0) -> float:
    """A stroke width in mm that is `mm` wide but at least `min_px` screen pixels."""
    px = pixels(painter)
    if mm * px > min_px:
        return mm
    # A hair under the minimum: Qt draws pens up to one device pixel wide with its fast hairline
    # stroker, and rounding can push an exact pixel just over it onto a path ten times slower.
    return min_px / px * HAIR_UNDER


_ROUND_JOIN = Qt.PenJoinStyle.RoundJoin  # looked up once: items ask for thousands of pens per paint


def pen(color: QColor | str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine,
        cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    return QPen(color if type(color) is QColor else QColor(color), width, style, cap, _ROUND_JOIN)


def outlined_rect(painter: QPainter, rect: QRectF, colour: QColor, width: float, fill: QBrush | QColor,
                  radius: float = 0.0) -> None:
    """`rect` (corners rounded by `radius` mm) filled with `fill` and outlined `width` mm wide in opaque
    `colour`, as `drawRoundedRect` with that pen. Leaves that pen and brush set.

    An antialiased pen wider than a pixel costs Qt several times a fill (it builds the stroke's outline on every
    call); the outline is painted as the shape grown by half the width in `colour` with the shape shrunk by
    half the width filled on top, which covers the same pixels. Hairlines keep Qt's own quick stroke."""
    colour = colour if type(colour) is QColor else QColor(colour)
    outline = pen(colour, width)
    if width * pixels(painter) <= 1.0 or colour.alpha() < 255:
        painter.setPen(outline)
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, radius, radius) if radius > 0 else painter.drawRect(rect)
    else:
        half = width / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        outer = rect.adjusted(-half, -half, half, half)
        painter.drawRoundedRect(outer, radius + half, radius + half) if radius > 0 else painter.drawRect(outer)
        painter.setBrush(fill)
        inner = rect.adjusted(half, half, -half, -half)
        if radius > half:
            painter.drawRoundedRect(inner, radius - half, radius - half)
        else:
            painter.drawRect(inner)
        painter.setPen(outline)


def outlined_ellipse(painter: QPainter, centre: QPointF, rx: float, ry: float, colour: QColor, width: float,
                     fill: QBrush | QColor) -> None:
    """An ellipse filled with `fill` and outlined `width` mm wide in opaque `colour`: `outlined_rect`'s way."""
    colour = colour if type(colour) is QColor else QColor(colour)
    outline = pen(colour, width)
    if width * pixels(painter) <= 1.0 or colour.alpha() < 255 or min(rx, ry) <= width / 2:
        painter.setPen(outline)
        painter.setBrush(fill)
        painter.drawEllipse(centre, rx, ry)
    else:
        half = width / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(centre, rx + half, ry + half)
        painter.setBrush(fill)
        painter.drawEllipse(centre, rx - half, ry - half)
        painter.setPen(outline)


def outline_over(painter: QPainter, shape: str, rect: QRectF, colour: QColor, width: float, under: QBrush | QColor,
                 radius: float = 0.0) -> None:
    """Outline `rect` ("rect", corners rounded by `radius`) or the ellipse in it ("ellipse") `width` mm wide in
    `colour`, translucent or not, where nothing but the opaque `under` has been painted inside it yet.

    Wider than a pixel, as `outlined_rect`: the grown shape in `colour`, then the shrunk one in `under`
    again, which leaves the same pixels as a pen would."""
    half = width / 2
    ellipse = shape == "ellipse"
    if width * pixels(painter) <= 1.0 or min(rect.width(), rect.height()) <= width or (0 < radius <= half):
        painter.setPen(pen(colour, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        _fill_shape(painter, rect, ellipse, radius)
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    _fill_shape(painter, rect.adjusted(-half, -half, half, half), ellipse, radius + half if radius else 0.0)
    painter.setBrush(under)
    _fill_shape(painter, rect.adjusted(half, half, -half, -half), ellipse, radius - half if radius else 0.0)
    painter.setPen(pen(colour, width))
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _fill_shape(painter: QPainter, rect: QRectF, ellipse: bool, radius: float) -> None:
    if ellipse:
        painter.drawEllipse(rect)
    elif radius > 0:
        painter.drawRoundedRect(rect, radius, radius)
    else:
        painter.drawRect(rect)


def cosmetic(color: QColor | str, px: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    p = QPen(QColor(color), px, style)
    p.setCosmetic(True)
    return p


def brush(color: QColor | str) -> QBrush:
    return QBrush(QColor(color))


def over(top: QColor, under: QColor) -> QColor:
    """The opaque colour of translucent `top` painted over opaque `under`: filling with it is several times
    quicker than blending, and gives the same pixels."""
    a = top.alphaF()
    return QColor(round(top.red() * a + under.red() * (1 - a)), round(top.green() * a + under.green() * (1 - a)),
                  round(top.blue() * a + under.blue() * (1 - a)))


def with_alpha(color: QColor | str, alpha: int) -> QColor:
    c = QColor(color)
    c.setAlpha(alpha)
    return c


# --- gradients -----------------------------------------------------------------------------------
# Qt builds a colour table for every new gradient it fills with (~0.1 ms, more than the fill itself for
# an item-sized shape), but reuses it while the brush is the same. Items of one kind share their
# gradients' geometry, so the brushes are shared too. Callers must not modify them.
# With `flat`, the brush is the gradient's middle colour: filling a gradient costs several times a flat
# fill, and on a shape a few dozen pixels across it barely shows.
Stops = tuple[tuple[float, QColor | Qt.GlobalColor], ...]


def linear_gradient(start: QPointF, end: QPointF, stops: Stops, flat: bool = False) -> QBrush:
    """A shared brush of a linear gradient from `start` to `end` through `(position, colour)` stops."""
    if flat:
        return _middle(_stop_key(stops))
    return _linear(start.x(), start.y(), end.x(), end.y(), _stop_key(stops))


def radial_gradient(centre: QPointF, radius: float, stops: Stops, flat: bool = False) -> QBrush:
    """A shared brush of a radial gradient around `centre` through `(position, colour)` stops."""
    if flat:
        return _middle(_stop_key(stops))
    return _radial(centre.x(), centre.y(), radius, _stop_key(stops))


def _stop_key(stops: Stops) -> tuple[tuple[float, int], ...]:
    return tuple((position, QColor(colour).rgba()) for position, colour in stops)


@lru_cache(maxsize=256)
def _middle(stops: tuple[tuple[float, int], ...]) -> QBrush:
    """A flat brush of the colour halfway along `stops`."""
    (p0, c0), (p1, c1) = stops[0], stops[-1]
    for (a, ca), (b, cb) in itertools.pairwise(stops):
        if a <= 0.5 <= b:
            (p0, c0), (p1, c1) = (a, ca), (b, cb)
            break
    t = 0.0 if p1 <= p0 else min(max((0.5 - p0) / (p1 - p0), 0.0), 1.0)
    first, second = QColor.fromRgba(c0), QColor.fromRgba(c1)
    mix = [round(u + (v - u) * t) for u, v in zip(first.getRgb(), second.getRgb(), strict=True)]
    return QBrush(QColor(*mix))


@lru_cache(maxsize=256)
def _linear(x1: float, y1: float, x2: float, y2: float, stops: tuple[tuple[float, int], ...]) -> QBrush:
    gradient = QLinearGradient(x1, y1, x2, y2)
    for position, rgba in stops:
        gradient.setColorAt(position, QColor.fromRgba(rgba))
    return QBrush(gradient)


@lru_cache(maxsize=256)
def _radial(x: float, y: float, radius: float, stops: tuple[tuple[float, int], ...]) -> QBrush:
    gradient = QRadialGradient(x, y, radius)
    for position, rgba in stops:
        gradient.setColorAt(position, QColor.fromRgba(rgba))
    return QBrush(gradient)


# --- text ----------------------------------------------------------------------------------------
_REFERENCE_PX = 100  # outlines are taken from a large font and scaled down, so they are unhinted and exact


@lru_cache(maxsize=512)
def text_path(text: str, height_mm: float, bold: bool = True) -> QPainterPath:
    """The outline of `text`, capital height ≈ `height_mm`, centred on the origin. Cached; do not mutate."""
    font = QFont()
    font.setPixelSize(_REFERENCE_PX)
    font.setBold(bold)
    raw = QPainterPath()
    raw.addText(0.0, 0.0, font, text)
    # Centre on the box of a capital so "a", "A" and "g" share one baseline-independent middle.
    cap = QPainterPath()
    cap.addText(0.0, 0.0, font, "H")
    cap_box = cap.boundingRect()
    box = raw.boundingRect()
    scale = height_mm / max(cap_box.height(), 1e-6)
    transform = QTransform()
    transform.scale(scale, scale)
    transform.translate(-box.center().x(), -cap_box.center().y())
    return transform.map(raw)


def text_radius(text: str, height_mm: float, bold: bool = True) -> float:
    """Half the diagonal of the text's box plus its halo: a bound that holds at any rotation."""
    box = text_path(text, height_mm, bold).boundingRect()
    return 0.5 * (box.width() ** 2 + box.height() ** 2) ** 0.5 + height_mm * 0.25


def draw_text(painter: QPainter, text: str, at: QPointF, height_mm: float = LABEL_MM,
              color: QColor | str = LABEL, halo: QColor | str | None = HALO, bold: bool = True) -> None:
    """Draw `text` centred on `at` in the painter's current axes, with a halo so it reads anywhere."""
    if not text:
        return
    if halo is not None and _upright_on_screen(painter):
        # Stroking a halo round every glyph is the dear part of a label; labels repeat (every Goomba's
        # name), so each text, look and zoom is drawn once into a picture that is copied where it shows.
        px = round(pixels(painter), 5)
        picture, origin_x, origin_y = _text_picture(text, height_mm, QColor(color).rgba(), QColor(halo).rgba(),
                                                    bold, px, painter.device().devicePixelRatioF())
        where = painter.worldTransform().map(at)
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawImage(QPointF(round(where.x()) - origin_x, round(where.y()) - origin_y), picture)
        painter.restore()
        return
    _draw_text_path(painter, text_path(text, height_mm, bold).translated(at), height_mm, color, halo)


def _draw_text_path(painter: QPainter, path: QPainterPath, height_mm: float, color: QColor | str,
                    halo: QColor | str | None) -> None:
    painter.save()
    if halo is not None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen(halo, max(height_mm * 0.28, 2.0 / pixels(painter))))
        painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    painter.drawPath(path)
    painter.restore()


def _upright_on_screen(painter: QPainter) -> bool:
    """True when the painter draws unturned, unmirrored, into pixels (not an SVG file)."""
    t = painter.worldTransform()
    return (t.type().value <= QTransform.TransformationType.TxScale.value and t.m11() == t.m22() and t.m11() > 0
            and painter.paintEngine().type() == QPaintEngine.Type.Raster)


def picture_painter(width_px: int, height_px: int, ratio: float, origin_x: float, origin_y: float,
                    px: float) -> tuple[QImage, QPainter]:
    """A transparent picture of `width_px` × `height_px` logical pixels (device pixel ratio `ratio`) and an
    antialiased painter on it drawing in millimetres (`px` pixels per mm) from (`origin_x`, `origin_y`). The
    caller ends the painter."""
    picture = QImage(math.ceil(width_px * ratio), math.ceil(height_px * ratio),
                     QImage.Format.Format_ARGB32_Premultiplied)
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(origin_x, origin_y)
    painter.scale(px, px)
    return picture, painter


@lru_cache(maxsize=128)
def _text_picture(text: str, height_mm: float, color: int, halo: int, bold: bool, px: float,
                  ratio: float) -> tuple[QImage, int, int]:
    """`text` with its halo drawn at `px` pixels per mm, and where its centre sits in the picture (pixels)."""
    box = text_path(text, height_mm, bold).boundingRect()
    grow = max(height_mm * 0.28, 2.0 / px) / 2 * px + 2
    origin_x, origin_y = math.ceil(-box.left() * px + grow), math.ceil(-box.top() * px + grow)
    width, height = math.ceil(origin_x + box.right() * px + grow), math.ceil(origin_y + box.bottom() * px + grow)
    picture, painter = picture_painter(width, height, ratio, origin_x, origin_y, px)
    _draw_text_path(painter, text_path(text, height_mm, bold), height_mm, QColor.fromRgba(color),
                    QColor.fromRgba(halo))
    painter.end()
    return picture, origin_x, origin_y


def text_box(text: str, at: QPointF, height_mm: float = LABEL_MM, bold: bool = True) -> QRectF:
    """The area `draw_text` may cover when drawn at `at` (halo included)."""
    box = text_path(text, height_mm, bold).boundingRect().translated(at)
    grow = height_mm * 0.2
    return box.adjusted(-grow, -grow, grow, grow)
