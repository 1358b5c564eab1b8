"""The canvas look in one place: colours, zoom-aware pens and vector text shared by the scene and its items.

Scene units are millimetres. Drawing code asks `pixels(painter)` how many screen pixels one millimetre
covers right now, so strokes can be "this many mm, but never thinner than a pixel" and stay crisp at any zoom.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QTransform
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


def pixels(painter: QPainter) -> float:
    """Screen pixels per scene millimetre for the painter's current world transform (never 0)."""
    return max(QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()), 1e-6)


def stroke(painter: QPainter, mm: float, min_px: float = 1.0) -> float:
    """A stroke width in mm that is `mm` wide but at least `min_px` screen pixels."""
    return max(mm, min_px / pixels(painter))


def pen(color: QColor | str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine,
        cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    p = QPen(QColor(color), width, style, cap, Qt.PenJoinStyle.RoundJoin)
    return p


def cosmetic(color: QColor | str, px: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    p = QPen(QColor(color), px, style)
    p.setCosmetic(True)
    return p


def brush(color: QColor | str) -> QBrush:
    return QBrush(QColor(color))


def with_alpha(color: QColor | str, alpha: int) -> QColor:
    c = QColor(color)
    c.setAlpha(alpha)
    return c


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
    path = text_path(text, height_mm, bold).translated(at)
    painter.save()
    if halo is not None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen(halo, max(height_mm * 0.28, 2.0 / pixels(painter))))
        painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    painter.drawPath(path)
    painter.restore()


def text_box(text: str, at: QPointF, height_mm: float = LABEL_MM, bold: bool = True) -> QRectF:
    """The area `draw_text` may cover when drawn at `at` (halo included)."""
    box = text_path(text, height_mm, bold).boundingRect().translated(at)
    grow = height_mm * 0.2
    return box.adjusted(-grow, -grow, grow, grow)
